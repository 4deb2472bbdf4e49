"""Kakuro: a seeded layout, digits that leave it one solution, and their sums. Sizes count the clue row
and column.

1. Layout: black cells are drawn at random in orbits of the symmetry; then every white cell in a run of
   one (across or down) is blackened, and the middle of every run longer than nine, until none is left.
2. Digits: a seeded search fills the white cells (distinct in every run), then SETTLE_MOVES seeded
   moves each change one cell's digit, kept when its runs' sums admit no more digit sets than before
   (a run summing to 3 in two cells can only be {1, 2}): such sums leave far fewer solutions.
3. Uniqueness, as kakuro setters reach it: the cells whose digit every solution shares are found (SAT,
   a yes/no question per cell: the set does not depend on the engine). While some are not, one of them is
   picked (seeded) and the open cells of its two runs get new digits (the best of REFILLS seeded
   draws), kept unless fewer cells are certain; after STALL rounds without more certain cells, the
   picked cell's orbit is blackened instead (with the runs of one it leaves), while at least half the
   inner cells stay white. At most ROUNDS_PER_CELL rounds per white cell, else a new layout.

The puzzle is then kept when its rating (the grader's, grading.py) is the level asked; else another layout.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from contextlib import contextmanager

from gridlogic.backends import sat
from gridlogic.budget import Budget
from gridlogic.errors import RequestError
from gridlogic.cnf.formula import Formula
from gridlogic.generate import oracle, orbits
from gridlogic.generate.search import LEVELS, Candidate
from gridlogic.kinds import kakuro as kind
from gridlogic.kinds.kakuro.grid import DIGITS
from gridlogic.cnf.sums import digit_sets

Cell = tuple[int, int]
SYMMETRIES = ("none", "rotate180", "mirror", "diagonal")
DEFAULT = 8
OFFERED = {"easy": range(4, 9), "medium": range(6, 11), "hard": range(10, 11)}
"""Level -> the sides (the larger of rows and cols) the page's New puzzle panel offers it at (bench/bench_offer.py)."""
SIDES = range(4, 13)
BLACK = 0.25            # the share of black cells drawn before runs of one are removed
SETTLE_MOVES = 40       # digit changes tried per white cell while settling a filling
REFILLS = 8             # draws of new digits for a picked cell's runs; the fewest digit sets is kept
STALL = 6               # rounds without a new certain cell before a cell is blackened
ROUNDS_PER_CELL = 3     # rounds allowed per white cell before the layout is given up
LEVELS_BY_SIDE = {4: 1}     # levels reached (from easy) by side: 4×4 easy only (no medium nor hard in 10 s a
                            # seed); larger, up to hard (the grader's: grading.py)


def levels(rows: int, cols: int) -> tuple[str, ...]:
    """The levels a size can reach (by the grader, grading.py): up to hard from 5×5."""
    return LEVELS[:LEVELS_BY_SIDE.get(min(rows, cols), 3)]


def check_size(rows: int, cols: int) -> None:
    """Refuse a size the generator does not make (the clue row and column counted)."""
    if rows not in SIDES or cols not in SIDES:
        raise RequestError(f"kakuro is generated {SIDES[0]} to {SIDES[-1]} cells a side, the clue row and "
                           f"column counted (got {rows}×{cols})", field="rows")


def layout(rows: int, cols: int, symmetry: str, rng: random.Random) -> set[Cell]:
    """The white cells of a random layout: every run at least two cells, at most nine."""
    white = set()
    for orbit in orbits.cell_orbits(symmetry, rows - 1, cols - 1):
        if rng.random() >= BLACK:
            white.update((r + 1, c + 1) for r, c in orbit)
    return _clean(white, _orbit_of(symmetry, rows, cols))


def _orbit_of(symmetry: str, rows: int, cols: int):
    """Cell -> the cells its orbit holds (the inner grid's symmetry, in the puzzle's coordinates)."""
    by_cell = {}
    for orbit in orbits.cell_orbits(symmetry, rows - 1, cols - 1):
        cells = [(r + 1, c + 1) for r, c in orbit]
        for cell in cells:
            by_cell[cell] = cells
    return by_cell.__getitem__


def _clean(white: set[Cell], orbit_of) -> set[Cell]:
    """`white` without runs of one and runs longer than nine (whole orbits blackened, so a symmetric
    layout stays symmetric)."""
    changed = True
    while changed:
        changed = False
        for cell in sorted(white):
            if cell in white and (len(_run(white, cell, 0, 1)) == 1 or len(_run(white, cell, 1, 0)) == 1):
                white.difference_update(orbit_of(cell))
                changed = True
        for way in ((0, 1), (1, 0)):
            for cell in sorted(white):
                run = _run(white, cell, *way) if cell in white else []
                if len(run) > 9:
                    white.difference_update(orbit_of(run[len(run) // 2]))
                    changed = True
    return white


def _run(white: set, cell: Cell, dr: int, dc: int) -> list[Cell]:
    """The run through a white cell along (dr, dc), in order."""
    r, c = cell
    while (r - dr, c - dc) in white:
        r, c = r - dr, c - dc
    out = []
    while (r, c) in white:
        out.append((r, c))
        r, c = r + dr, c + dc
    return out


def _runs(white: set) -> list[tuple[Cell, ...]]:
    """Every run of the layout (across, then down), each in order."""
    return [tuple(_run(white, cell, dr, dc)) for dr, dc in ((0, 1), (1, 0))
            for cell in sorted(white) if (cell[0] - dr, cell[1] - dc) not in white]


def fill(white: set, rng: random.Random, digits: dict[Cell, int] | None = None,
         free: set[Cell] | None = None) -> dict[Cell, int] | None:
    """Digits for the white cells (only the `free` ones when given, the others keeping `digits`),
    distinct in every run, by a seeded search (None when it fails)."""
    cells = sorted(white if free is None else free)
    runs = {cell: (_run(white, cell, 0, 1), _run(white, cell, 1, 0)) for cell in cells}
    out = {} if free is None else {cell: d for cell, d in digits.items() if cell not in free}
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


def _spread(runs, digits: dict[Cell, int]) -> int:
    """How many ways the runs' sums admit of choosing their digit sets (the product of each run's count:
    integers, so the same on every platform)."""
    return math.prod(len(digit_sets(len(run), sum(digits[x] for x in run))) for run in runs)


def settle(white: set, digits: dict[Cell, int], rng: random.Random) -> dict[Cell, int]:
    """`digits` after seeded one-cell changes, each kept when its runs admit no more digit sets."""
    through: dict[Cell, list] = {}
    for run in _runs(white):
        for cell in run:
            through.setdefault(cell, []).append(run)
    cells = sorted(white)
    digits = dict(digits)
    for _ in range(SETTLE_MOVES * len(cells)):
        cell = rng.choice(cells)
        used = {digits[x] for run in through[cell] for x in run}
        options = [d for d in range(1, 10) if d not in used]
        if not options:
            continue
        old, before = digits[cell], _spread(through[cell], digits)
        digits[cell] = rng.choice(options)
        if _spread(through[cell], digits) > before:
            digits[cell] = old
    return digits


def write(rows: int, cols: int, white: set, digits: dict[Cell, int], rules: tuple[str, ...] = ()):
    """The puzzle of a layout and its digits' sums."""
    cells = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) in white:
                cells.append("")
                continue
            down = sum(digits[x] for x in _run(white, (r + 1, c), 1, 0)) if (r + 1, c) in white else None
            right = sum(digits[x] for x in _run(white, (r, c + 1), 0, 1)) if (r, c + 1) in white else None
            cells.append("-" if down is None and right is None else f"\\{down or ''},{right or ''}")
    return kind.from_state({"rows": rows, "cols": cols, "cells": cells}, rules=rules)


class _Sums:
    """One solver per layout. A digit per white cell and no digit twice in a run always hold (the kind's
    own encoding, kinds/kakuro); each sum a run takes is a block of clauses of its own, switched on by a literal and added the first time that
    total comes up, so a round asks under assumptions instead of encoding and loading a puzzle again
    (on a 10×10, encoding and loading a puzzle had been most of a round; docs/benchmarks.md)."""

    def __init__(self, white: set[Cell]) -> None:
        self.formula = f = Formula()
        kind.encode_cells(f, sorted(white))
        self.runs = _runs(white)
        self.holds = [kind.encode_run(f, run) for run in self.runs]
        self.placed = {f.var(("digit", *cell, d)): cell for cell in sorted(white) for d in DIGITS}
        self.switches: dict[tuple[int, int], int] = {}
        self.ask: sat.Questions | None = None
        self.loaded = 0

    def certain(self, digits: dict[Cell, int]) -> set[Cell]:
        """The cells whose digit every solution of the sums of `digits` shares."""
        held = []
        for i, run in enumerate(self.runs):
            total = sum(digits[x] for x in run)
            if (i, total) not in self.switches:
                kind.encode_sum(self.formula, self.holds[i], len(run), total, ("run", i, total),
                                when=("sum", i, total))
                self.switches[i, total] = self.formula.var(("sum", i, total))
            held.append(self.switches[i, total])
        self.ask.add(self.formula.clauses[self.loaded:])
        self.loaded = len(self.formula.clauses)
        return oracle.certain(self.ask, held, self.placed) or set()

    @classmethod
    @contextmanager
    def on(cls, white: set[Cell], budget: Budget) -> Iterator[_Sums]:
        """The layout's sums with their solver (deleted on leaving)."""
        sums = cls(white)
        with sat.questions(sums.formula, oracle.ENGINE, budget, new=True) as ask:
            sums.ask, sums.loaded = ask, len(sums.formula.clauses)
            yield sums


def unique_digits(rows: int, cols: int, white: set, digits: dict[Cell, int], symmetry: str,
                  rng: random.Random, budget: Budget) -> tuple[set, dict[Cell, int]] | None:
    """A layout (`white`, maybe with cells blackened) and digits whose sums have one solution, reached
    from `digits` as the module's docstring says; None when the rounds run out."""
    orbit_of = _orbit_of(symmetry, rows, cols)
    least_white = (rows - 1) * (cols - 1) // 2
    rounds = ROUNDS_PER_CELL * len(white)
    while rounds > 0:
        best, stall = -1, 0
        with _Sums.on(white, budget) as sums:
            while rounds > 0:
                rounds -= 1
                certain = sums.certain(digits)
                if len(certain) < best:
                    digits, certain = kept                          # worse: back to the best digits
                    stall += 1
                elif len(certain) == best:
                    stall += 1
                else:
                    best, kept, stall = len(certain), (digits, certain), 0
                open_cells = sorted(white - certain)
                if not open_cells:
                    return white, digits
                cell = rng.choice(open_cells)
                if stall >= STALL and len(white) - len(orbit_of(cell)) >= least_white:
                    white = _clean(white - set(orbit_of(cell)), orbit_of)
                    digits = {x: d for x, d in digits.items() if x in white}
                    break                                            # a new layout: a new solver
                area = {x for way in ((0, 1), (1, 0)) for x in _run(white, cell, *way) if x not in certain}
                runs = {run for run in _runs(white) if any(x in area for x in run)}
                draws = [found for found in (fill(white, rng, digits, area) for _ in range(REFILLS)) if found]
                if draws:
                    digits = min(draws, key=lambda found: _spread(runs, found))
    return None


def candidate(rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: random.Random,
              budget: Budget) -> Candidate | None:
    """The puzzle of a random layout whose digits leave one solution (no clue of it may go)."""
    white = layout(rows, cols, symmetry, rng)
    if len(white) < (rows - 1) * (cols - 1) // 2:
        return None
    digits = fill(white, rng)
    if digits is None:
        return None
    found = unique_digits(rows, cols, white, settle(white, digits, rng), symmetry, rng, budget)
    if found is None or not found[0]:
        return None                           # (cleaning up after a blackened orbit may leave no white cell)
    puzzle = write(rows, cols, *found, rules)
    return Candidate(lambda kept: puzzle)
