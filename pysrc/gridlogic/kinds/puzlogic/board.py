"""The grader's board of a puzlogic: each empty cell's candidates (a bit per piece value, bit v-1 for v), the
values placed, the pieces left, the rows and columns (their empty cells) and the sums (their empty cells and
what those must add up to), for the techniques of grading.py (gridlogic/ladder.py's board protocol).

No number twice in a line and no piece placed more often than it is a piece are kept as the board changes:
placing v takes v from the other cells of its row and column, and from every cell once its pieces are all
placed, as the game's keypad shows.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from gridlogic.fits import options
from gridlogic.kinds.puzlogic.grid import AXES
from gridlogic.ladder import Found, Told
from gridlogic.lineboard import LineBoard, values


@dataclass(frozen=True)
class Line:
    """A row or column on the board: its empty cells (indices of `Board.cells`), its name, its given values (a
    mask) and their clue keys (those of values some piece has), and its sum when it has one: what its empty
    cells add up to (the target, less the given numbers for an `all` sum) and the sum's clue key; with no
    sum, `goal` is None. A line with both sums is two Lines."""

    cells: tuple[int, ...]
    name: str
    given: int
    givens: tuple
    goal: int | None = None
    key: tuple = ()


class Board(LineBoard):
    """A puzlogic being solved: `cells` the empty cells (r, c), `cand` and `values` per cell (0 open),
    `left` the pieces not yet placed (value -> how many), `lines` the rows and columns, `sums` the lines
    with a sum, `through` per cell its row's and column's index in `lines`, `trials` how many steps of trial
    were applied (grading.py scores the next by it)."""

    def __init__(self, cells, cand, values, left, lines, sums, through) -> None:
        super().__init__(cells, cand, values, lines, through)
        self.left, self.sums = left, sums
        self.trials = 0

    @classmethod
    def start(cls, puzzle, entries=()) -> Board:
        cells = puzzle.empty_cells()
        index = {cell: i for i, cell in enumerate(cells)}
        pieces = Counter(puzzle.pieces)
        every = sum(1 << (v - 1) for v in pieces)
        lines, through = [], [[0, 0] for _ in cells]

        def read(axis: int, at: int, name: str, **sum_of) -> Line:
            line = puzzle.line(axis, at)
            given = sum(1 << (v - 1) for _, _, v in line if v in pieces)
            return Line(tuple(index[(r, c)] for r, c, v in line if v == 0), name, given,
                        tuple(("given", r, c) for r, c, v in line if v in pieces), **sum_of)
        for axis in (0, 1):
            for at in sorted({cell[axis] for cell in puzzle.cells}):
                line = read(axis, at, f"{AXES[axis]} {at + 1}")
                for i in line.cells:
                    through[i][axis] = len(lines)
                if line.cells:
                    lines.append(line)
        sums = tuple(read(axis, at, f"the {kind} sum {target} of {AXES[axis]} {at + 1}",
                          goal=target - (sum(v for _, _, v in puzzle.line(axis, at)) if kind == "all" else 0),
                          key=("sum", kind, axis, at)) for kind, axis, at, target in puzzle.sums)
        cand = [every & ~(lines[through[i][0]].given | lines[through[i][1]].given) for i in range(len(cells))]
        board = cls(cells, cand, [0] * len(cells), pieces, tuple(lines), sums, [tuple(t) for t in through])
        for r, c, v in entries:
            if (r, c) in index and v in pieces and not board.values[index[(r, c)]]:
                board.place(index[(r, c)], v)
        return board

    def copy(self) -> Board:
        return Board(self.cells, list(self.cand), list(self.values), Counter(self.left), self.lines, self.sums,
                     self.through)

    def place(self, i: int, v: int) -> None:
        """Place v at cell i: its candidates v alone, v gone from the other cells of its row and column, and
        from every open cell once its pieces are all placed."""
        bit = self.set_value(i, v)
        self.left[v] -= 1
        if self.left[v] <= 0:
            for j, value in enumerate(self.values):
                if not value:
                    self.cand[j] &= ~bit

    def is_broken(self) -> bool:
        """A quick look for a contradiction: a cell without candidates, or a piece placed too often."""
        return not all(self.cand) or any(n < 0 for n in self.left.values())

    def has_contradiction(self) -> bool:
        """A cell without candidates, a piece placed too often or with too few cells left for it, a number twice
        in a line, or a sum its open cells cannot make."""
        if self.is_broken():
            return True
        able = self.able()
        if any(n > len(able.get(v, ())) for v, n in self.left.items()):
            return True
        for line in self.lines:
            placed = [self.values[i] for i in line.cells if self.values[i]]
            if len(set(placed)) != len(placed):
                return True
        for line in self.sums:
            open_cells, total = self.lacking(line)
            if (not open_cells and total) or (open_cells and not any(options([self.cand[i] for i in open_cells],
                                                                             total))):
                return True
        return False

    def able(self) -> dict[int, list[int]]:
        """Per number, the open cells that can take it."""
        out: dict[int, list[int]] = {}
        for i, value in enumerate(self.values):
            if not value:
                for v in values(self.cand[i]):
                    out.setdefault(v, []).append(i)
        return out

    def apply(self, found: Found) -> None:
        self.trials += found.technique == "trial"
        for r, c, v in found.eliminated:
            self.cand[self.index[(r, c)]] &= ~(1 << (v - 1))
        for r, c, v in found.placed:
            if not self.values[self.index[(r, c)]]:
                self.place(self.index[(r, c)], v)

    def assume(self, r: int, c: int, v: int) -> None:
        self.place(self.index[(r, c)], v)

    def options(self) -> list[tuple[int, int, int]]:
        """Every candidate of the open cells, cells with fewest candidates first."""
        order = sorted((i for i, v in enumerate(self.values) if not v), key=lambda i: (bin(self.cand[i]).count("1"), i))
        return [(*self.cells[i], v) for i in order for v in values(self.cand[i])]

    def rule_out(self, r: int, c: int, v: int, technique: str, score: float) -> Found:
        return Found(technique, score, (), ((r, c, v),), Told(technique, (), ((r, c),)))
