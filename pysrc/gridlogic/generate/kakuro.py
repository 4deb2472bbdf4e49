"""Kakuro: a seeded layout and its sums. Black cells are drawn at random (in orbits of the symmetry),
then every white cell in a run of one (across or down) is blackened until none is left and runs longer
than nine are cut; the white cells are filled by a seeded search (distinct digits in each run) and the
sums written. The puzzle is kept when it has one solution and the level asked (the walk's rating);
else another layout is drawn. Sizes count the clue row and column."""

from __future__ import annotations

import functools
import itertools
import random

from gridlogic.budget import Budget
from gridlogic.errors import RequestError
from gridlogic.generate import orbits
from gridlogic.generate.search import LEVELS, Candidate
from gridlogic.kinds import kakuro as kind

SYMMETRIES = ("none", "rotate180", "mirror", "diagonal")
DEFAULT = 6
SIDES = range(4, 8)
BLACK = 0.25            # the share of black cells drawn before runs of one are removed
FILLINGS = 24           # fillings drawn per layout; the one whose sums have the fewest digit sets is kept


def levels(rows: int, cols: int) -> tuple[str, ...]:
    """The levels a size can reach."""
    return LEVELS[:1] if min(rows, cols) <= 5 else LEVELS[:2]


def check_size(rows: int, cols: int) -> None:
    """Refuse a size the generator does not make (4 to 12 a side, the clue row and column counted)."""
    if rows not in SIDES or cols not in SIDES:
        raise RequestError(f"kakuro is generated 4 to {SIDES[-1]} cells a side, the clue row and column "
                           f"counted (got {rows}×{cols})", field="rows")


def layout(rows: int, cols: int, symmetry: str, rng: random.Random) -> set[tuple[int, int]]:
    """The white cells of a random layout: every run at least two cells, at most nine."""
    inner = orbits.cell_orbits(symmetry, rows - 1, cols - 1)
    white = set()
    for orbit in inner:
        if rng.random() >= BLACK:
            white.update((r + 1, c + 1) for r, c in orbit)
    changed = True
    while changed:
        changed = False
        for cell in sorted(white):
            if cell in white and (len(_run(white, cell, 0, 1)) == 1 or len(_run(white, cell, 1, 0)) == 1):
                white.discard(cell)
                changed = True
        for dr, dc in ((0, 1), (1, 0)):
            for cell in sorted(white):
                run = _run(white, cell, dr, dc) if cell in white else []
                if len(run) > 9:
                    white.discard(run[len(run) // 2])
                    changed = True
    return white


def _run(white: set, cell: tuple[int, int], dr: int, dc: int) -> list[tuple[int, int]]:
    """The run through a white cell along (dr, dc), in order."""
    r, c = cell
    while (r - dr, c - dc) in white:
        r, c = r - dr, c - dc
    out = []
    while (r, c) in white:
        out.append((r, c))
        r, c = r + dr, c + dc
    return out


def fill(white: set, rng: random.Random) -> dict[tuple[int, int], int] | None:
    """Digits for the white cells, distinct in every run, by a seeded search (None when it fails)."""
    cells = sorted(white)
    runs = {cell: (_run(white, cell, 0, 1), _run(white, cell, 1, 0)) for cell in cells}
    out: dict[tuple[int, int], int] = {}
    orders = {cell: rng.sample(range(1, 10), 9) for cell in cells}
    steps = [0]

    def place(i: int) -> bool:
        steps[0] += 1
        if i == len(cells):
            return True
        if steps[0] > 20_000:
            return False
        cell = cells[i]
        used = {out.get(other) for run in runs[cell] for other in run}
        for d in orders[cell]:
            if d not in used:
                out[cell] = d
                if place(i + 1):
                    return True
                del out[cell]
        return False
    return out if place(0) else None


def ambiguity(white: set, digits: dict[tuple[int, int], int]) -> int:
    """How many ways the sums of a filling leave (the product of each run's digit sets, as a bit count):
    a filling whose runs admit few sets is far more often unique."""
    total = 1
    for dr, dc in ((0, 1), (1, 0)):
        for cell in sorted(white):
            if (cell[0] - dr, cell[1] - dc) not in white:
                run = _run(white, cell, dr, dc)
                total *= _sets(len(run), sum(digits[x] for x in run))
    return total.bit_length()


@functools.lru_cache(maxsize=None)
def _sets(size: int, total: int) -> int:
    """The sets of `size` distinct digits adding up to `total`."""
    return sum(1 for digits in itertools.combinations(range(1, 10), size) if sum(digits) == total)


def candidate(rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: random.Random,
              budget: Budget) -> Candidate | None:
    """The puzzle of a random layout filled at random (no clue of it may go)."""
    white = layout(rows, cols, symmetry, rng)
    if len(white) < (rows - 1) * (cols - 1) // 2:
        return None
    fillings = [found for found in (fill(white, rng) for _ in range(FILLINGS)) if found is not None]
    if not fillings:
        return None
    digits = min(fillings, key=lambda found: ambiguity(white, found))
    cells = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) in white:
                cells.append("")
                continue
            down = sum(digits[x] for x in _run(white, (r + 1, c), 1, 0)) if (r + 1, c) in white else None
            right = sum(digits[x] for x in _run(white, (r, c + 1), 0, 1)) if (r, c + 1) in white else None
            cells.append("-" if down is None and right is None else f"\\{down or ''},{right or ''}")
    puzzle = kind.from_state({"rows": rows, "cols": cols, "cells": cells}, rules=rules)
    return Candidate(lambda kept: puzzle)
