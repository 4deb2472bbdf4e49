"""Sudoku 4×4 to 16×16 (boxes as the kind draws them), with any of its variant rules: givens of a seeded
solution removed while the capped solver still solves. Plain sudoku is rated by the kind's grader
(Sudoku Explainer's scale), variants by the walk. 4×4 and 5×5 (boxes of one row) are easy only (no
medium one in many attempts), 6×6 and 7×7 reach hard; 8×8 and up every level. The grid is filled by a
seeded search (filling.py; SAT where it does not apply), one solver per candidate answers its uniqueness
checks (generate/incremental.py), after the grid's unavoidable sets (`unavoidable`: a removal that takes the
last given of one leaves two solutions, no call needed), and singles settle what they can before the grader
is asked (grading/singles.py)."""

from __future__ import annotations

import random
from itertools import combinations

from gridlogic.budget import Budget
from gridlogic.errors import RequestError
from gridlogic.generate import givens
from gridlogic.generate.search import LEVELS, Candidate
from gridlogic.kinds import sudoku as kind
from gridlogic.kinds.sudoku import grading
from gridlogic.kinds.sudoku import filling
from gridlogic.kinds.sudoku.grading import singles
from gridlogic.kinds.sudoku.grading.board import PEER_RULES

SYMMETRIES = ("none", "rotate180", "rotate90", "mirror", "diagonal")
SIZES = range(4, 17)
DEFAULT = 9
OFFERED = {"easy": range(4, 17), "medium": range(6, 17), "hard": range(6, 17), "fiendish": range(8, 14)}
"""Level -> the sides (the larger of rows and cols) the page's New puzzle panel offers it at (bench/bench_offer.py)."""
SYMBOLS = "123456789ABCDEFG"


def levels(rows: int, cols: int) -> tuple[str, ...]:
    """The levels a size can reach."""
    return LEVELS[:1] if rows <= 5 else LEVELS[:3] if rows <= 7 else LEVELS     # (5×5 has boxes of one row)


def check_size(rows: int, cols: int) -> None:
    """Refuse a size the generator does not make (square, 4 to 16)."""
    if rows != cols or rows not in SIZES:
        raise RequestError(f"sudoku is generated square, 4×4 to 16×16 (got {rows}×{cols})", field="rows")


def candidate(rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: random.Random, budget: Budget) -> Candidate | None:
    """Every cell of a seeded solution given."""
    return givens.givens_candidate(kind, rows, cols, rules, lambda v: SYMBOLS[v - 1], rng, budget,
                                   incremental_solver=True, quick=quick, seeded=seeded, unavoidable=unavoidable)


def seeded(blank, rng: random.Random) -> dict[tuple[int, int], int] | None:
    """The grid by depth-first search (filling.py) where the grader takes the rules and no knight's or king's
    move is among them (a search there gives up too often); None (SAT fills it) elsewhere."""
    if not grading.applies(blank) or any(rule in PEER_RULES for rule in blank.rules):
        return None
    return filling.seeded_grid(blank, rng)


def quick(blank, kept: dict[tuple[int, int], int], level: str) -> bool | None:
    """Singles first (grading/singles.py) where the grader rates the puzzle; None (ask the rating) where the
    walk does (variant rules the grader does not take)."""
    return singles.within(blank, kept, level) if grading.applies(blank) else None


def unavoidable(blank, grid: dict[tuple[int, int], int]) -> list[tuple[tuple[int, int], ...]]:
    """Sets of the grid's cells whose digits another solution grid holds otherwise (unavoidable sets): givens
    that leave one of them without a given leave two solutions or more. In plain sudoku (rows, columns, boxes
    and no other rule), two rows of one band (columns of one stack) swapped in a cycle of columns (rows): the
    second row's digit of each column is the first row's in the next one, so each row keeps its digits, and
    each column and box swaps two cells of its own (a cycle of two columns is a rectangle of two digits). (Two
    digits swapped along a closed chain of their cells give more sets, which cost more to find than the calls
    they save: docs/benchmarks.md.) [] for other puzzles (variant rules, irregular regions, constraints
    drawn)."""
    if blank.rules or blank.regions is not None or blank.constraints:
        return []
    n, (high, wide) = blank.size, blank.box
    out = []
    for by_rows, size in ((True, high), (False, wide)):
        for start in range(0, n, size):
            for one, two in combinations(range(start, start + size), 2):
                line = [grid[(one, k) if by_rows else (k, one)] for k in range(n)]
                where = {grid[(two, k) if by_rows else (k, two)]: k for k in range(n)}
                left = [True] * n
                for first in range(n):
                    cycle, k = [], first
                    while left[k]:
                        left[k] = False
                        cycle.append(k)
                        k = where[line[k]]
                    if len(cycle) > 1:
                        pairs = [((one, k), (two, k)) if by_rows else ((k, one), (k, two)) for k in cycle]
                        out.append(tuple(cell for pair in pairs for cell in pair))
    return out
