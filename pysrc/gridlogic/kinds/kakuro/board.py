"""The grader's board of a kakuro: each white cell's candidates (a bit per digit 1-9), the digits placed, and
the runs (cells, sum, clue key), for the techniques of grading.py (gridlogic/ladder.py's board protocol).
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.fits import options
from gridlogic.kinds.kakuro.grid import runs
from gridlogic.ladder import Found, Told
from gridlogic.lineboard import LineBoard, values

ALL = (1 << 9) - 1


@dataclass(frozen=True)
class Line:
    """A run on the board: its cells (indices of `Board.cells`), its sum, way, clue key and name."""

    cells: tuple[int, ...]
    goal: int
    way: str
    key: tuple
    name: str


class Board(LineBoard):
    """A kakuro being solved: `cells` the white cells (r, c), `cand` and `values` per white cell (0 open),
    `lines` the runs, `through` per cell the runs holding it."""

    @classmethod
    def start(cls, puzzle, entries=()) -> Board:
        cells = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if puzzle.is_white(r, c)]
        index = {cell: i for i, cell in enumerate(cells)}
        lines = tuple(Line(tuple(index[x] for x in run.cells), run.total, run.way, ("sum", run.way, run.r, run.c),
                           f"the {run.way} sum {run.total} at r{run.r + 1}c{run.c + 1}") for run in runs(puzzle))
        through = [[] for _ in cells]
        for k, line in enumerate(lines):
            for i in line.cells:
                through[i].append(k)
        board = cls(cells, [ALL] * len(cells), [0] * len(cells), lines, through)
        for r, c, v in entries:
            if (r, c) in index:
                board.place(index[(r, c)], v)
        return board

    def copy(self) -> Board:
        return Board(self.cells, list(self.cand), list(self.values), self.lines, self.through)

    def place(self, i: int, d: int) -> None:
        """Place d at cell i: its candidates d alone, d gone from the other cells of its runs."""
        self.set_value(i, d)

    def is_broken(self) -> bool:
        """A quick look for a contradiction: a cell without candidates."""
        return not all(self.cand)

    def has_contradiction(self) -> bool:
        """A cell without candidates, a digit twice in a run, or a run its digits cannot fill."""
        if not all(self.cand):
            return True
        for line in self.lines:
            placed = [self.values[i] for i in line.cells if self.values[i]]
            if len(set(placed)) != len(placed):
                return True
            open_cells, total = self.lacking(line)
            if (not open_cells and total) or (open_cells and not any(options([self.cand[i] for i in open_cells],
                                                                             total))):
                return True
        return False

    def apply(self, found: Found) -> None:
        for r, c, d in found.eliminated:
            self.cand[self.index[(r, c)]] &= ~(1 << (d - 1))
        for r, c, d in found.placed:
            if not self.values[self.index[(r, c)]]:
                self.place(self.index[(r, c)], d)

    def assume(self, r: int, c: int, d: int) -> None:
        self.place(self.index[(r, c)], d)

    def options(self) -> list[tuple[int, int, int]]:
        """Every candidate of the open cells, cells with fewest candidates first."""
        order = sorted((i for i, v in enumerate(self.values) if not v), key=lambda i: (bin(self.cand[i]).count("1"), i))
        return [(*self.cells[i], d) for i in order for d in values(self.cand[i])]

    def rule_out(self, r: int, c: int, d: int, technique: str, score: float) -> Found:
        return Found(technique, score, (), ((r, c, d),), Told(technique, (), ((r, c),)))
