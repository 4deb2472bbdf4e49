"""Puzlogic: a seeded lattice with gaps, filled as a Latin square would be (no number twice in a row or
a column), every cell pre-filled and every line's `all` sum given. Pre-filled cells become pieces (the
cell is left empty, its number joins the pieces) and sums go while the grader (grading.py) capped at the
level asked still solves, as givens go in the other graded kinds (generate/deduce.py: a removal asks
whether the capped ladder works the removed clues out again, on the grader's board); rated by the
grader (by the walk for the few puzzles it does not take)."""

from __future__ import annotations

import random

from gridlogic.budget import Budget
from gridlogic.errors import RequestError
from gridlogic.generate.search import LEVELS, Candidate
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.puzlogic.board import Board
from gridlogic.kinds.puzlogic.grid import Puzzle

SYMMETRIES = ("none",)
DEFAULT = 5
OFFERED = {"easy": range(3, 9), "medium": range(4, 9), "hard": range(5, 9)}
"""Level -> the sides (the larger of rows and cols) the page's New puzzle panel offers it at (bench/bench_offer.py)."""
SIDES = range(3, 9)
GAPS = 0.2              # the share of lattice positions without a cell


def levels(rows: int, cols: int) -> tuple[str, ...]:
    """The levels of the grader (grading.py) a size reaches in reasonable time: every level from 5 a side
    (hard needs a trial, fiendish more trials than hard allows); 4×4 up to medium (hard and fiendish took
    6-10 s or more a puzzle), 3×3 easy only (docs/benchmarks.md)."""
    side = min(rows, cols)
    return LEVELS[:1] if side <= 3 else LEVELS[:2] if side == 4 else LEVELS


def check_size(rows: int, cols: int) -> None:
    """Refuse a size the generator does not make (3 to 8 a side)."""
    if rows not in SIDES or cols not in SIDES:
        raise RequestError(f"puzlogic is generated 3 to {SIDES[-1]} cells a side (got {rows}×{cols})", field="rows")


def candidate(rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: random.Random,
              budget: Budget) -> Candidate | None:
    """A shuffled cyclic Latin fill of a lattice with random gaps, every cell pre-filled, every sum given."""
    refuse_rules("puzlogic", rules)
    n = max(rows, cols)
    row_of, col_of, value_of = rng.sample(range(n), n), rng.sample(range(n), n), rng.sample(range(1, n + 1), n)
    grid = {(r, c): value_of[(row_of[r] + col_of[c]) % n] for r in range(rows) for c in range(cols)
            if rng.random() >= GAPS}
    if len(grid) < 4:
        return None
    clues: dict = {("cell", r, c): ((r, c),) for r, c in sorted(grid)}
    sums: dict = {}
    for axis, count in ((0, rows), (1, cols)):
        for i in range(count):
            line = sorted(cell for cell in grid if cell[axis] == i)
            if len(line) > 1:
                clues[("sum", axis, i)] = tuple(line)
                sums[(axis, i)] = sum(grid[cell] for cell in line)

    def write(kept: set) -> Puzzle:
        """The puzzle of the kept clues, built as `parse` builds it (sorted; a Latin fill's sums are met)."""
        cells = tuple((r, c, v if ("cell", r, c) in kept else 0) for (r, c), v in sorted(grid.items()))
        pieces = tuple(sorted(v for r, c, v in ((r, c, grid[(r, c)]) for r, c, x in cells if x == 0)))
        return Puzzle(cells, pieces, tuple(("all", axis, i, total) for (axis, i), total in sorted(sums.items())
                                           if ("sum", axis, i) in kept))
    return Candidate(write, clues, board=lambda kept: Board.start(write(kept)), settled=settled)


def settled(board: Board, clue) -> bool:
    """Whether a board being solved has worked a removed clue out: a cell's number placed, or every cell of a
    sum's line (the sum then holds)."""
    if clue[0] == "cell":
        return bool(board.values[board.index[clue[1:]]])
    _, axis, i = clue
    return all(value for cell, value in zip(board.cells, board.values) if cell[axis] == i)
