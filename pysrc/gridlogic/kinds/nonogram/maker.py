"""Nonograms from random pictures, as Tatham's Pattern draws them: seeded noise, blurred (each cell the
mean of its 3×3 neighbourhood, twice) and cut, so the picture has blobs rather than speckle: at its median
for easy (half the cells filled), sparser above easy (`filled_share`), where more pictures leave the line
solver stuck and keep one solution. Its line clues make the puzzle; it is kept when it has one solution and
the level asked. The line solver alone (lines.solve_lines, easy's fixed point) answers first, and settles an
easy picture (a finished solve proves one solution). A picture it leaves open is counted, up to two
solutions, by a search with the line solver as its propagation (lines.count_solutions, SAT when that search
runs long: most such pictures have several), and only a unique one is graded, capped at the level asked, so
a harder request stops at its level's last contradiction (docs/benchmarks.md)."""

from __future__ import annotations

import random

from gridlogic.budget import Budget, BudgetExceeded
from gridlogic.errors import RequestError
from gridlogic.generate import oracle
from gridlogic.generate.search import LEVELS, Candidate
from gridlogic.kinds import nonogram as kind
from gridlogic.kinds.nonogram import grading
from gridlogic.kinds.nonogram.grid import make_puzzle, runs
from gridlogic.kinds.nonogram.lines import automata, count_solutions, solve_lines

SYMMETRIES = ("none",)
DEFAULT = 10
OFFERED = {"easy": range(4, 31), "medium": range(8, 31)}
"""Level -> the sides (the larger of rows and cols) the page's New puzzle panel offers it at (bench/bench_offer.py)."""
SIDES = range(4, 31)
BLURS = 2
SPARSE, SPARSE_SIDE = (0.35, 0.4), 15     # the share filled above easy: up to 15 a side, and beyond
SEARCH_MOST = 200          # line solves the count of a picture's solutions takes at most (then SAT counts)
MEDIUM_SIDES, HARD_SIDES = range(8, 31), range(12, 21)   # where medium, and hard, are made in time


def levels(rows: int, cols: int) -> tuple[str, ...]:
    """The levels a size reaches in reasonable time: medium from 8 a side, hard from 12 to 20 (below, few
    pictures need contradictions). Not fiendish: a random picture is rarely unique beyond six
    contradictions, and 15×15 fiendish ran out of a minute for most seeds (docs/benchmarks.md)."""
    small, large = min(rows, cols), max(rows, cols)
    if small in HARD_SIDES and large in HARD_SIDES:
        return LEVELS[:3]
    return LEVELS[:2] if small in MEDIUM_SIDES else LEVELS[:1]


def check_size(rows: int, cols: int) -> None:
    """Refuse a size the generator does not make (4 to 30 a side)."""
    if rows not in SIDES or cols not in SIDES:
        raise RequestError(f"nonograms are generated 4 to {SIDES[-1]} cells a side (got {rows}×{cols})",
                           field="rows")


def picture(rows: int, cols: int, rng: random.Random, filled: float = 0.5) -> list[list[bool]]:
    """A blurred random picture cut so that about the share `filled` of its cells is filled (at its median:
    half)."""
    grid = [[rng.random() for _ in range(cols)] for _ in range(rows)]
    for _ in range(BLURS):
        grid = _blur(grid)
    cut = sorted(x for row in grid for x in row)[int(rows * cols * (1 - filled))]
    return [[x >= cut for x in row] for row in grid]


def filled_share(level: str, rows: int, cols: int) -> float:
    """The share of a picture's cells filled: half for easy (as Pattern's); above easy SPARSE, a sparser
    picture leaving the line solver stuck more often while keeping one solution (10×10 medium: one picture in
    about 40 against one in 500 at half; docs/benchmarks.md)."""
    if level == LEVELS[0]:
        return 0.5
    return SPARSE[0] if max(rows, cols) <= SPARSE_SIDE else SPARSE[1]


def _blur(grid: list[list[float]]) -> list[list[float]]:
    """Each cell the mean of its 3×3 neighbourhood within the grid (summed along rows, then columns; a zero
    beyond the edge adds nothing, so the sums are those of the cells within, in the same order)."""
    rows, cols = len(grid), len(grid[0])
    zero = [0.0] * cols
    across = [zero]
    for row in grid:
        padded = [0.0, *row, 0.0]
        across.append([a + b + c for a, b, c in zip(padded, padded[1:], padded[2:])])
    across.append(zero)
    wide = [min(c + 2, cols) - max(c - 1, 0) for c in range(cols)]
    out = []
    for r in range(rows):
        tall = min(r + 2, rows) - max(r - 1, 0)
        out.append([(a + b + c) / (tall * w) for a, b, c, w in zip(across[r], across[r + 1], across[r + 2], wide)])
    return out


def candidate(rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: random.Random, budget: Budget) -> Candidate:
    """The puzzle of a random picture (no clue of it may go), its levels settled by the grader. The picture
    is drawn at the first question, which names the level (`filled_share`; the attempt asks `solves` before
    it writes the puzzle, and draws nothing else from `rng` in between)."""
    drawn: list = []                     # [the puzzle, its solves]

    def draw(level: str) -> list:
        if not drawn:
            grid = picture(rows, cols, rng, filled_share(level, rows, cols))
            puzzle = make_puzzle(cols, rows, [runs(row) for row in grid],
                                 [runs([row[c] for row in grid]) for c in range(cols)])
            drawn[:] = [puzzle, _solver(puzzle, budget)]
        return drawn

    return Candidate(lambda kept: draw(LEVELS[0])[0], solves=lambda kept, level: draw(level)[1](kept, level))


def _solver(puzzle, budget: Budget):
    """`Candidate.solves` by the line solver and the grader (grading.py): first the line solver alone
    (lines.solve_lines: easy's techniques reach its fixed point, so a grade capped at easy finishes exactly
    when it does, and is then the same at every cap); for a harder level, of a picture it leaves open, its
    solutions counted once up to two (lines.count_solutions, SAT past SEARCH_MOST line solves; most such
    pictures have several: none is graded further), then one grade capped at the level asked. A grade that finishes says which levels' capped
    solvers finish (those whose cap holds its score), one stopped by a cap that none at or below it does,
    one stuck that none below fiendish does (fiendish: yes, the picture being unique)."""
    caps = dict(grading.LEVELS)
    lined: list = []                     # [whether the line solver finishes]
    held: list = []                      # [cap, grade] of the grade so far
    unique: list = []

    def solves(kept: set, level: str) -> bool | None:
        cap = caps[level]
        if not lined:
            w, h = puzzle.width, puzzle.height
            grid = solve_lines(automata(puzzle), w, h, [-1] * (w * h), range(w + h))
            lined.append(grid is not None and -1 not in grid)
        if lined[0]:
            return True
        if level == LEVELS[0]:
            return False
        if not unique:
            w, h = puzzle.width, puzzle.height
            count = count_solutions(automata(puzzle), w, h, [-1] * (w * h), range(w + h), nodes=[SEARCH_MOST])
            unique.append(oracle.is_unique(kind, puzzle, budget) if count is None else count == 1)
        if not unique[0]:
            return False
        if not held or not (held[0] is None or cap is not None and held[0] >= cap):
            held[:] = [cap, grading.grade(puzzle, cap=cap, budget=budget)]   # (one at a higher cap answers too)
        grade = held[1]
        if grade.stopped == "budget":
            raise BudgetExceeded()
        if grade.solved:
            return cap is None or grade.score <= cap + 1e-9
        if grade.stopped == "stuck" and cap is None:
            return True
        return False
    return solves
