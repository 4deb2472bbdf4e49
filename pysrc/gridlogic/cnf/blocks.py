"""Blocks of equal numbers: each cell of an R×C grid holds one number of 1..most, and every
block (an orthogonally connected group of cells holding the same number n) has exactly n cells. Blocks
need no clue: a block's size is its number, wherever it lies.

Variables: ("digit", r, c, d) holds when cell (r, c) holds d (exactly one per cell; returned, to be
shown). Written out: a 1 has no neighbouring 1; a cell holding d ≥ 2 has a neighbour holding d (when d
fits the grid at all). Left to a lazy rule (`Blocks`; cnf/graph.py's `add_lazy`) for each block of a
model that breaks the rule: a block of d with more than d cells gets the cut "not all of these d + 1
connected cells hold d" (a path grown from its first cell), one with fewer gets "one of its cells does
not hold d, or a cell beside it does". Both cuts hold in every filling that keeps the rule, so the
models over the digits are exactly the fillings.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.cnf.graph import add_lazy, components
from gridlogic.cnf.formula import Formula, Lit, Model, Not

Cell = tuple[int, int]


def digit(r: int, c: int, d: int) -> tuple:
    """The variable "cell (r, c) holds d"."""
    return ("digit", r, c, d)


def _beside(rows: int, cols: int, r: int, c: int) -> list[Cell]:
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if 0 <= r + dr < rows and 0 <= c + dc < cols]


def number_blocks(f: Formula, rows: int, cols: int, most: int) -> list:
    """Every block of equal numbers 1..most has as many cells as its number; returns the digit keys."""
    keys = []
    for r in range(rows):
        for c in range(cols):
            f.exactly_one([digit(r, c, d) for d in range(1, most + 1)])
            keys += [digit(r, c, d) for d in range(1, most + 1)]
            for d in range(1, most + 1):
                near = [digit(r2, c2, d) for r2, c2 in _beside(rows, cols, r, c)]
                if d == 1:
                    for lit in near:
                        f.clause([Not(digit(r, c, 1)), Not(lit)])
                elif d > rows * cols:
                    f.clause([Not(digit(r, c, d))])
                else:
                    f.clause([Not(digit(r, c, d)), *near])
    add_lazy(f, Blocks(rows, cols, most))
    return keys


@dataclass(frozen=True)
class Blocks:
    """The lazy rule of `number_blocks` (see the module docstring)."""

    rows: int
    cols: int
    most: int

    def __call__(self, model: Model) -> list[list[Lit]]:
        value = {}
        for r in range(self.rows):
            for c in range(self.cols):
                value[(r, c)] = next((d for d in range(1, self.most + 1) if model[digit(r, c, d)]), 0)
        out = []
        for d in sorted(set(value.values()) - {0}):
            same = [cell for cell, v in value.items() if v == d]
            for block in components(same, lambda cell: [w for w in _beside(self.rows, self.cols, *cell)
                                                        if value[w] == d]):
                if len(block) > d:
                    out.append([Not(digit(*cell, d)) for cell in _grown(block, d + 1, self.rows, self.cols)])
                elif len(block) < d:
                    rim = sorted({w for cell in block for w in _beside(self.rows, self.cols, *cell)} - set(block))
                    out.append([Not(digit(*cell, d)) for cell in block] + [digit(*cell, d) for cell in rim])
        return out


def _grown(block: list[Cell], size: int, rows: int, cols: int) -> list[Cell]:
    """`size` connected cells of a block, grown breadth first from its first cell."""
    inside = set(block)
    out, seen = [block[0]], {block[0]}
    i = 0
    while len(out) < size:
        for w in _beside(rows, cols, *out[i]):
            if w in inside and w not in seen and len(out) < size:
                seen.add(w)
                out.append(w)
        i += 1
    return out
