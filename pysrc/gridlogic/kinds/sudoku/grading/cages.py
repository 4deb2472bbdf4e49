"""The killer grader's board: the sudoku grader's candidate board (board.py) with the cages, each holding
distinct digits that add up to its sum.

The arithmetic is gridlogic/fits.py's. The board follows gridlogic/ladder.py's board protocol (is_full, has_contradiction, copy, apply, options,
assume, rule_out), so the killer grader climbs the ladder the binary and futoshiki graders climb.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.fits import options
from gridlogic.kinds.sudoku.grading.board import Board, digits_of, geometry, popcount
from gridlogic.ladder import Found, Told


@dataclass(frozen=True)
class Cage:
    """A cage: its cells (row-major indices), its sum, its clue key in the kind's formula and its name."""

    cells: tuple[int, ...]
    total: int
    key: tuple
    name: str


class KillerBoard(Board):
    """A sudoku board with cages: placing a digit also takes it from the cage's other cells."""

    __slots__ = ("cages", "cage_of", "telling", "budget")

    def __init__(self, geo, values, cand, cages: tuple[Cage, ...], cage_of: dict[int, int]) -> None:
        super().__init__(geo, values, cand)
        self.cages, self.cage_of = cages, cage_of
        self.telling = True
        self.budget = None

    @classmethod
    def start(cls, puzzle, entries=()) -> KillerBoard:
        n = puzzle.size
        geo = geometry(n, puzzle.box, puzzle.regions, tuple(puzzle.rules))
        cages = tuple(Cage(tuple(r * n + c for r, c in con.cells), con.value, ("constraint", k),
                           f"the {con.value} cage at r{con.cells[0][0] + 1}c{con.cells[0][1] + 1}")
                      for k, con in enumerate(puzzle.constraints))
        cage_of = {i: k for k, cage in enumerate(cages) for i in cage.cells}
        board = cls(geo, [0] * (n * n), [geo.all_digits] * (n * n), cages, cage_of)
        values = list(puzzle.givens)
        for r, c, d in entries:
            values[r * n + c] = d
        for i, d in enumerate(values):
            if d:
                board.place(i, d)
        return board

    def copy(self) -> KillerBoard:
        return KillerBoard(self.geo, self.values[:], self.cand[:], self.cages, self.cage_of)

    def place(self, i: int, d: int) -> None:
        super().place(i, d)
        k = self.cage_of.get(i)
        if k is not None:
            keep = ~(1 << (d - 1))
            for j in self.cages[k].cells:
                self.cand[j] &= keep

    def fact(self, i: int, d: int | None = None) -> tuple[int, int, int]:
        return (*divmod(i, self.geo.size), self.values[i] if d is None else d)

    def cell(self, i: int) -> tuple[int, int]:
        return divmod(i, self.geo.size)

    def lacking(self, cage: Cage) -> tuple[list[int], int, int]:
        """A cage's open cells, what they add up to, and the digits its placed cells hold (a mask)."""
        open_cells, total, placed = [], cage.total, 0
        for i in cage.cells:
            if self.values[i]:
                total -= self.values[i]
                placed |= 1 << (self.values[i] - 1)
            else:
                open_cells.append(i)
        return open_cells, total, placed

    def is_full(self) -> bool:
        return all(self.values)

    def is_broken(self) -> bool:
        """A quick look for a contradiction: an open cell without candidates."""
        return any(not v and not m for v, m in zip(self.values, self.cand))

    def has_contradiction(self) -> bool:
        """A sudoku contradiction (board.py), or a cage its digits cannot fill."""
        if Board.has_contradiction(self):
            return True
        for cage in self.cages:
            open_cells, total, _ = self.lacking(cage)
            if open_cells and not any(options([self.cand[i] for i in open_cells], total)):
                return True
            if not open_cells and total != 0:
                return True
            seen = [self.values[i] for i in cage.cells if self.values[i]]
            if len(set(seen)) != len(seen):
                return True
        return False

    def apply(self, found: Found) -> None:
        n = self.geo.size
        for r, c, d in found.eliminated:
            self.cand[r * n + c] &= ~(1 << (d - 1))
        for r, c, d in found.placed:
            if not self.values[r * n + c]:
                self.place(r * n + c, d)

    def assume(self, r: int, c: int, d: int) -> None:
        self.place(r * self.geo.size + c, d)

    def options(self) -> list[tuple[int, int, int]]:
        """Every candidate of the open cells, cells with fewest candidates first."""
        cells = sorted((i for i, v in enumerate(self.values) if not v), key=lambda i: (popcount(self.cand[i]), i))
        return [(*self.cell(i), d) for i in cells for d in digits_of(self.cand[i])]

    def rule_out(self, r: int, c: int, d: int, technique: str, score: float) -> Found:
        return Found(technique, score, (), ((r, c, d),), Told(technique, (), ((r, c),)))
