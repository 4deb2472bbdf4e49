"""Killer sudoku: a seeded solution grid cut into cages, each cage's sum written, then givens removed.

The cages partition the grid. They are cut from the solution, so each cage holds distinct digits by
construction: from a start cell (the uncaged cells in a seeded order), a cage grows to a drawn size
(MIN_CAGE to MAX_CAGE cells) by a seeded pick among the uncaged orthogonal neighbours whose digit it
does not hold yet; a cage left with one cell joins the smallest neighbouring cage that lacks its digit
(when none does, it stays a one-cell cage: a given in all but name). Each cage's value is the sum of
its digits in the solution. Every cell starts given; givens go (in orbits of the symmetry) while the
killer grader (grading/killer.py: cage arithmetic, then sudoku's techniques) capped at the level still
solves, as for the other graded makers (search.py), down to none at all, the usual killer; a puzzle
left with more than GIVEN_SHARE of its cells given is refused. Rated by that grader.
"""

from __future__ import annotations

import random

from gridlogic.budget import Budget
from gridlogic.errors import RequestError
from gridlogic.generate import givens
from gridlogic.generate.search import LEVELS, Candidate
from gridlogic.kinds.sudoku.maker import SYMMETRIES  # noqa: F401 (as plain sudoku)
from gridlogic.kinds import sudoku as kind
from gridlogic.kinds.sudoku.constraints import Constraint
from gridlogic.kinds.sudoku.grid import make_puzzle, normalize_rules

LABEL = "killer cages"       # what the page's New puzzle panel calls the family
DEFAULT = 9
OFFERED = {"easy": range(4, 10), "medium": range(5, 10), "hard": range(5, 10), "fiendish": range(5, 8)}
"""Level -> the sides (the larger of rows and cols) the page's New puzzle panel offers it at (bench/bench_offer.py)."""
SIZES = range(4, 10)         # 16×16: no puzzle within a minute (one attempt, easy)
GIVEN_SHARE = 0.5            # at most this share of the cells given (a full grid is no puzzle)
MIN_CAGE, MAX_CAGE = 2, 5    # a cage's drawn size (a one-cell cage joins a neighbour, up to MAX_CAGE + 1)
Cell = tuple[int, int]


def check_size(rows: int, cols: int) -> None:
    """Refuse a size the generator does not cut into cages (square, 4 to 9)."""
    if rows != cols or rows not in SIZES:
        raise RequestError(f"killer sudoku is generated square, 4×4 to 9×9 (got {rows}×{cols})", field="rows")


def levels(rows: int, cols: int) -> tuple[str, ...]:
    """The levels a killer of this size reaches: every one from 5×5 up; 4×4 easy only (a medium or hard
    4×4 took up to 18 s, or none in the budget: docs/benchmarks.md)."""
    return LEVELS[:1] if rows <= 4 else LEVELS


def _neighbours(cell: Cell, size: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < size and 0 <= c + dc < size]


def cut_cages(grid: dict[Cell, int], size: int, rng: random.Random) -> list[list[Cell]]:
    """A seeded partition of the grid into cages of distinct digits (each cage's cells sorted, the
    cages in reading order of their first cell)."""
    order = sorted(grid)
    rng.shuffle(order)
    owner: dict[Cell, int] = {}
    cages: list[list[Cell]] = []
    for start in order:
        if start in owner:
            continue
        want = rng.randint(MIN_CAGE, MAX_CAGE)
        cage, digits = [start], {grid[start]}
        owner[start] = len(cages)
        while len(cage) < want:
            frontier = sorted({n for cell in cage for n in _neighbours(cell, size)
                               if n not in owner and grid[n] not in digits})
            if not frontier:
                break
            cell = rng.choice(frontier)
            cage.append(cell)
            digits.add(grid[cell])
            owner[cell] = len(cages)
        cages.append(cage)
    for i, cage in enumerate(cages):
        if len(cage) != 1:
            continue
        cell = cage[0]
        hosts = sorted({owner[n] for n in _neighbours(cell, size)} - {i})
        hosts = [j for j in hosts if len(cages[j]) <= MAX_CAGE and all(grid[x] != grid[cell] for x in cages[j])]
        if hosts:
            j = min(hosts, key=lambda h: (len(cages[h]), h))
            cages[j].append(cell)
            owner[cell] = j
            cages[i] = []
    return sorted((sorted(cage) for cage in cages if cage), key=lambda cage: cage[0])


def candidate(rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: random.Random,
              budget: Budget) -> Candidate | None:
    """Every cell of a seeded solution given, and the solution cut into summed cages."""
    grid = givens.solution(kind, givens.blank_state(kind, rows, cols), rules, rng, budget)
    if grid is None:
        return None
    cages = tuple(Constraint("killer", tuple(cage), sum(grid[cell] for cell in cage))
                  for cage in cut_cages(grid, rows, rng))
    names = normalize_rules(list(rules))

    def write(kept: set) -> object:
        cells = tuple(grid[(r, c)] if (r, c) in kept else 0 for r in range(rows) for c in range(cols))
        return make_puzzle(rows, cells, names, None, cages)
    return Candidate(write, {cell: (cell,) for cell in sorted(grid)}, most=int(rows * cols * GIVEN_SHARE))
