"""The kakuro Puzzle, its runs, and the runs and clues a puzzle is refused for."""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError
from gridlogic.text import is_number
from gridlogic.cnf.sums import digit_sets

DIGITS = range(1, 10)
MAX_SIDE = 50              # rows and columns, clue row and column included (janko's largest: 31×46)
MAX_SUM = 45               # 1 + 2 + ... + 9
WAYS = {"down": (1, 0), "right": (0, 1)}

Clue = tuple  # (down sum or None, right sum or None); (None, None) is a plain black cell
BLACK: Clue = (None, None)
WHITE = None


@dataclass(frozen=True)
class Puzzle:
    """An R×C kakuro: row-major cells, each WHITE (None) or a clue (down, right), BLACK = (None, None)."""

    rows: int
    cols: int
    cells: tuple

    def cell(self, r: int, c: int):
        """The cell at (r, c): WHITE or a (down, right) clue."""
        return self.cells[r * self.cols + c]

    def is_white(self, r: int, c: int) -> bool:
        """True for a cell to be filled with a digit."""
        return 0 <= r < self.rows and 0 <= c < self.cols and self.cell(r, c) is WHITE


@dataclass(frozen=True)
class Run:
    """A maximal line of white cells and the clue cell before it."""

    r: int                      # the clue cell
    c: int
    way: str                    # "down" or "right"
    total: int
    cells: tuple


Solution = tuple  # row-major digits, 0 in clue and black cells


def _is_number(word: str) -> bool:
    return is_number(word)


def _where(r: int, c: int) -> str:
    return f"r{r + 1}c{c + 1}"


def _refuse_size(rows: int, cols: int, line: int | None = None) -> None:
    """A PuzzleSyntaxError for a grid under 2×2 or over MAX_SIDE a side."""
    if rows < 2 or cols < 2:
        raise PuzzleSyntaxError(f"a kakuro is at least 2×2 (one clue row and column), got {rows}×{cols}")
    if rows > MAX_SIDE or cols > MAX_SIDE:
        place = f"line {line}: " if line else ""
        raise PuzzleSyntaxError(f"{place}kakuro: at most {MAX_SIDE}×{MAX_SIDE} cells (got {rows}×{cols})",
                                line=line)


def _puzzle(rows: int, cols: int, cells: tuple) -> Puzzle:
    """The puzzle of read cells, refused when a run or a clue is wrong (see `runs`)."""
    puzzle = Puzzle(rows, cols, cells)
    runs(puzzle)
    return puzzle


def runs(puzzle: Puzzle) -> list[Run]:
    """Every run with its clue; a PuzzleRuleError for a run without clue, a clue without run or
    a sum its run cannot reach."""
    out = []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            cell = puzzle.cell(r, c)
            for i, (way, (dr, dc)) in enumerate(WAYS.items()):
                if cell is WHITE:
                    before = (r - dr, c - dc)
                    if not puzzle.is_white(*before) and (
                            min(before) < 0 or puzzle.cell(*before)[i] is None):
                        raise PuzzleRuleError(f"{_where(r, c)}: the run going {way} from here has no sum "
                                              f"(the cell {'above' if dr else 'to its left'} needs one)",
                                              r=r, c=c)
                    continue
                total = cell[i]
                if total is None:
                    continue
                k = 1
                while puzzle.is_white(r + k * dr, c + k * dc):
                    k += 1
                length = k - 1
                if length == 0:
                    raise PuzzleRuleError(f"{_where(r, c)}: the {way} sum {total} has no run (the cell "
                                          f"{'below' if dr else 'to the right'} is not white)", r=r, c=c)
                if not digit_sets(length, total):
                    reach = (f"{length * (length + 1) // 2}–{45 - (9 - length) * (10 - length) // 2}"
                             if length <= 9 else "nothing: a run holds at most 9 cells")
                    raise PuzzleRuleError(f"{_where(r, c)}: the {way} sum {total} cannot be made from "
                                          f"{length} different digits 1–9 (they reach {reach})", r=r, c=c)
                out.append(Run(r, c, way, total,
                               tuple((r + j * dr, c + j * dc) for j in range(1, length + 1))))
    return out
