"""Nonograms from random pictures, as Tatham's Pattern draws them: seeded noise, blurred (each cell the
mean of its 3×3 neighbourhood, twice) and cut at its median, so the picture has blobs rather than
speckle. Its line clues make the puzzle; it is kept when it has one solution and the level asked. The
walk rates a nonogram (explain.py): a step one line's clue gives with the cells known on it is easy,
so an easy nonogram is one the line solver finishes, without guessing; the harder levels need steps
across lines, as large as their reasons say. The line solver (lines.line_solve) settles the easy question
before any SAT call or walk: a picture it does not finish is no easy puzzle, and one it finishes is no
harder one (most random pictures are either), as Pattern keeps only pictures its line solver finishes."""

from __future__ import annotations

import random

from gridlogic.budget import Budget
from gridlogic.errors import RequestError
from gridlogic.generate.search import LEVELS, Candidate
from gridlogic.kinds import nonogram as kind
from gridlogic.kinds.nonogram.lines import line_solve

SYMMETRIES = ("none",)
DEFAULT = 10
OFFERED = {"easy": range(4, 31), "medium": range(12, 19)}
"""Level -> the sides (the larger of rows and cols) the page's New puzzle panel offers it at (bench/bench_offer.py)."""
SIDES = range(4, 31)
BLURS = 2


def levels(rows: int, cols: int) -> tuple[str, ...]:
    """The levels a size can reach in reasonable time: medium from 12 to 18 a side (at 10 and 20 a side
    some seeds made none within a minute: most random pictures there are line-solvable or not unique;
    docs/benchmarks.md)."""
    return LEVELS[:2] if 12 <= min(rows, cols) and max(rows, cols) <= 18 else LEVELS[:1]


def check_size(rows: int, cols: int) -> None:
    """Refuse a size the generator does not make (4 to 30 a side)."""
    if rows not in SIDES or cols not in SIDES:
        raise RequestError(f"nonograms are generated 4 to {SIDES[-1]} cells a side (got {rows}×{cols})",
                           field="rows")


def picture(rows: int, cols: int, rng: random.Random) -> list[list[bool]]:
    """A blurred random picture cut at its median (about half the cells filled)."""
    grid = [[rng.random() for _ in range(cols)] for _ in range(rows)]
    for _ in range(BLURS):
        grid = [[_mean(grid, r, c) for c in range(cols)] for r in range(rows)]
    cut = sorted(x for row in grid for x in row)[rows * cols // 2]
    return [[x >= cut for x in row] for row in grid]


def _mean(grid: list[list[float]], r: int, c: int) -> float:
    """The mean of the cell's 3×3 neighbourhood within the grid (summed row by row, left to right)."""
    rows = grid[max(r - 1, 0):r + 2]
    left, right = max(c - 1, 0), c + 2
    total, count = 0, 0
    for row in rows:
        for x in row[left:right]:
            total += x
        count += len(row[left:right])
    return total / count


def runs(line: list[bool]) -> str:
    """A line's clue: the lengths of its runs of filled cells ("" for none)."""
    out, n = [], 0
    for filled in line + [False]:
        if filled:
            n += 1
        elif n:
            out.append(str(n))
            n = 0
    return " ".join(out)


def candidate(rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: random.Random, budget: Budget) -> Candidate:
    """The puzzle of a random picture (no clue of it may go)."""
    grid = picture(rows, cols, rng)
    state = {"rows": rows, "cols": cols, "cells": [""] * (rows * cols),
             "edges": {"rows": [runs(row) for row in grid], "cols": [runs([row[c] for row in grid]) for c in range(cols)]}}
    puzzle = kind.from_state(state, rules=rules)
    solved: list[bool] = []

    def solves(kept: set, level: str) -> bool | None:
        """At easy, whether the line solver finishes the picture (a capped walk's easy steps are what one
        line's clue forces with the cells known on it: the line solver's); None above."""
        if level != LEVELS[0]:
            return None
        if not solved:
            solved.append(len(line_solve(puzzle) or {}) == rows * cols)
        return solved[0]
    return Candidate(lambda kept: puzzle, solves=solves)
