"""Nonograms from random pictures, as Tatham's Pattern draws them: seeded noise, blurred (each cell the
mean of its 3×3 neighbourhood, twice) and cut at its median, so the picture has blobs rather than
speckle. Its line clues make the puzzle; it is kept when it has one solution and the level asked. The
grader (grading.py) settles both without SAT when it finishes (its steps are sound, so a finished grade
proves one solution): one grade per picture, capped at the level asked, so an easy request never probes
and a harder one stops at its level's last contradiction. Only a picture the grader is stuck on at
fiendish asks SAT whether it has one solution (most such pictures have several). Most random pictures
are easy (line-solvable, as every puzzle Pattern keeps) or have several solutions; about one in a few
hundred needs one or two contradictions (medium), fewer need more (docs/benchmarks.md)."""

from __future__ import annotations

import random

from gridlogic.budget import Budget, BudgetExceeded
from gridlogic.errors import RequestError
from gridlogic.generate import oracle
from gridlogic.generate.search import LEVELS, Candidate
from gridlogic.kinds import nonogram as kind
from gridlogic.kinds.nonogram import grading
from gridlogic.kinds.nonogram.grid import make_puzzle, runs

SYMMETRIES = ("none",)
DEFAULT = 10
OFFERED = {"easy": range(4, 31), "medium": range(8, 31)}
"""Level -> the sides (the larger of rows and cols) the page's New puzzle panel offers it at (bench/bench_offer.py)."""
SIDES = range(4, 31)
BLURS = 2
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


def picture(rows: int, cols: int, rng: random.Random) -> list[list[bool]]:
    """A blurred random picture cut at its median (about half the cells filled)."""
    grid = [[rng.random() for _ in range(cols)] for _ in range(rows)]
    for _ in range(BLURS):
        grid = _blur(grid)
    cut = sorted(x for row in grid for x in row)[rows * cols // 2]
    return [[x >= cut for x in row] for row in grid]


def _blur(grid: list[list[float]]) -> list[list[float]]:
    """Each cell the mean of its 3×3 neighbourhood within the grid (summed along rows, then columns)."""
    rows, cols = len(grid), len(grid[0])
    across = [[sum(row[max(c - 1, 0):c + 2]) for c in range(cols)] for row in grid]
    wide = [min(c + 2, cols) - max(c - 1, 0) for c in range(cols)]
    out = []
    for r in range(rows):
        band = across[max(r - 1, 0):r + 2]
        tall = len(band)
        out.append([sum(row[c] for row in band) / (tall * wide[c]) for c in range(cols)])
    return out


def candidate(rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: random.Random, budget: Budget) -> Candidate:
    """The puzzle of a random picture (no clue of it may go), its levels settled by the grader."""
    grid = picture(rows, cols, rng)
    puzzle = make_puzzle(cols, rows, [runs(row) for row in grid], [runs([row[c] for row in grid]) for c in range(cols)])
    return Candidate(lambda kept: puzzle, solves=_solver(puzzle, budget))


def _solver(puzzle, budget: Budget):
    """`Candidate.solves` by the grader (grading.py): a grade capped at easy first (no probing), then, for a
    harder level, SAT asked once whether the picture has one solution (most pictures the line solver leaves
    have several: none is graded further), then one grade capped at the level asked. A grade that finishes
    says which levels' capped solvers finish (those whose cap holds its score), one stopped by a cap that
    none at or below it does, one stuck that none below fiendish does (fiendish: None, SAT decides)."""
    caps = dict(grading.LEVELS)
    held: list = []                      # [cap, grade] of the grade so far
    unique: list = []

    def solves(kept: set, level: str) -> bool | None:
        cap = caps[level]
        if not held:
            held[:] = [caps[LEVELS[0]], grading.grade(puzzle, cap=caps[LEVELS[0]], budget=budget)]
        if held[1].stopped == "cap" and (cap is None or cap > held[0]):
            if not unique:
                unique.append(oracle.is_unique(kind, puzzle, budget))
            if not unique[0]:
                return False
            held[:] = [cap, grading.grade(puzzle, cap=cap, budget=budget)]
        grade = held[1]
        if grade.stopped == "budget":
            raise BudgetExceeded()
        if grade.solved:
            return cap is None or grade.score <= cap + 1e-9
        if grade.stopped == "stuck" and cap is None:
            return True if unique and unique[0] else None
        return False
    return solves
