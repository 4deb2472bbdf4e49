"""Model counts for no 2×2 block of a colour (cnf/shading.py), against every shading tried."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import lattice
from gridlogic.cnf import connected as conn
from gridlogic.cnf.shading import no_2x2
from gridlogic.formula import Formula, Not
from rules_brute import count, is_connected, shade


def no_full_square(grid: list[list[int]], colour: int) -> bool:
    rows, cols = len(grid), len(grid[0])
    return not any(grid[r][c] == grid[r + 1][c] == grid[r][c + 1] == grid[r + 1][c + 1] == colour
                   for r in range(rows - 1) for c in range(cols - 1))


def shadings(rows: int, cols: int):
    for bits in product((0, 1), repeat=rows * cols):
        yield [list(bits[r * cols:(r + 1) * cols]) for r in range(rows)]


@pytest.mark.parametrize("rows,cols", [(1, 3), (2, 2), (2, 4), (3, 3), (3, 4)])
@pytest.mark.parametrize("colour", [1, 0])
def test_no_2x2(rows, cols, colour):
    f = Formula()
    f.show(shade(p) for p in lattice.cells(rows, cols))
    no_2x2(f, rows, cols, shade if colour else (lambda p: Not(shade(p))))
    assert count(f) == sum(no_full_square(g, colour) for g in shadings(rows, cols))


def test_composed_with_connected_shading():
    """Nurikabe's wall: shaded cells connected and no 2×2 of them."""
    expected = sum(is_connected({(r, c) for r in range(3) for c in range(3) if g[r][c]}) and no_full_square(g, 1)
                   for g in shadings(3, 3))
    f = Formula()
    f.show(shade(p) for p in lattice.cells(3, 3))
    no_2x2(f, 3, 3, shade)
    conn.connected_cells(f, 3, 3, shade)
    assert count(f) == expected
