"""Puzlogic: a seeded lattice with gaps, filled as a Latin square would be (no number twice in a row or
a column), every cell pre-filled and every line's `all` sum given. Pre-filled cells become pieces (the
cell is left empty, its number joins the pieces) and sums go while the puzzle keeps one solution and
the capped walk still solves, as givens go in the other kinds. Rated by the walk."""

from __future__ import annotations

import random

from gridlogic.budget import Budget
from gridlogic.errors import RequestError
from gridlogic.generate.search import LEVELS, Candidate
from gridlogic.kinds import puzlogic as kind

SYMMETRIES = ("none",)
DEFAULT = 5
OFFERED = {"easy": range(3, 9), "medium": range(6, 9)}
"""Level -> the sides (the larger of rows and cols) the page's New puzzle panel offers it at (bench/bench_offer.py)."""
SIDES = range(3, 9)
GAPS = 0.2              # the share of lattice positions without a cell


def levels(rows: int, cols: int) -> tuple[str, ...]:
    """The levels a size can reach in reasonable time: medium from 6 a side (5×5 made none within a
    minute: few lattices that small need a step beyond easy; docs/benchmarks.md)."""
    return LEVELS[:1] if min(rows, cols) <= 5 else LEVELS[:2]


def check_size(rows: int, cols: int) -> None:
    """Refuse a size the generator does not make (3 to 8 a side)."""
    if rows not in SIDES or cols not in SIDES:
        raise RequestError(f"puzlogic is generated 3 to {SIDES[-1]} cells a side (got {rows}×{cols})", field="rows")


def candidate(rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: random.Random,
              budget: Budget) -> Candidate | None:
    """A shuffled cyclic Latin fill of a lattice with random gaps, every cell pre-filled, every sum given."""
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

    def write(kept: set) -> object:
        lines = []
        pieces = []
        for (r, c), v in sorted(grid.items()):
            given = ("cell", r, c) in kept
            lines.append(f"cells {r} {c} {v if given else 0}")
            if not given:
                pieces.append(v)
        lines.append("pieces " + " ".join(map(str, sorted(pieces))))
        lines += [f"sum all {axis} {i} {total}" for (axis, i), total in sorted(sums.items())
                  if ("sum", axis, i) in kept]
        return kind.parse("\n".join(lines) + "\n", rules=rules)
    return Candidate(write, clues)
