"""Model counts for no 2×2 block of a colour (cnf/shading.py), against every shading tried."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import lattice
from gridlogic.cnf import connected as conn
from gridlogic.cnf.shading import apart, border_runs, no_2x2, no_checkerboard
from gridlogic.cnf.formula import Formula, Not
from rules_brute import count, grid, is_connected, shade, subsets


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


def apart_ok(grid: list[list[int]], diagonal: bool) -> bool:
    rows, cols = len(grid), len(grid[0])
    steps = [(0, 1), (1, 0)] + ([(1, -1), (1, 1)] if diagonal else [])
    return not any(grid[r][c] and 0 <= r + dr < rows and 0 <= c + dc < cols and grid[r + dr][c + dc]
                   for r in range(rows) for c in range(cols) for dr, dc in steps)


@pytest.mark.parametrize("rows,cols", [(1, 4), (2, 2), (2, 3), (3, 3), (3, 4)])
@pytest.mark.parametrize("diagonal", [False, True])
def test_apart(rows, cols, diagonal):
    """No two shaded cells side by side (and corner to corner with `diagonal`)."""
    f = Formula()
    f.show(shade(p) for p in lattice.cells(rows, cols))
    apart(f, rows, cols, shade, diagonal=diagonal)
    assert count(f) == sum(apart_ok(g, diagonal) for g in shadings(rows, cols))


def test_what_two_connected_colours_imply_changes_no_count():
    """no_checkerboard and border_runs hold in every model of "both colours connected": on 3×3 and 3×4
    the count stays the brute force's, while alone each refuses some shadings."""
    for rows, cols in ((3, 3), (3, 4)):
        every = grid(rows, cols)
        expected = sum(is_connected(on) and is_connected(set(every) - on) for on in subsets(every))
        for implied in (no_checkerboard, lambda *a: border_runs(*a, "ring")):
            f = Formula()
            f.show(shade(p) for p in lattice.cells(rows, cols))
            implied(f, rows, cols, shade)
            assert count(f) < 2 ** (rows * cols)
            conn.connected_cells(f, rows, cols, shade, name="on")
            conn.connected_cells(f, rows, cols, lambda p: Not(shade(p)), name="off")
            assert count(f) == expected


@pytest.mark.parametrize("rows,cols", [(1, 1), (2, 2), (2, 3), (3, 3)])
def test_corner_count(rows, cols):
    """Exactly n of the cells around a vertex shaded, at every vertex (corner, edge and inner) and n."""
    from gridlogic.cnf.shading import corner_count

    for y in range(0, 2 * rows + 1, 2):
        for x in range(0, 2 * cols + 1, 2):
            around = [(r, c) for r in (y // 2 - 1, y // 2) for c in (x // 2 - 1, x // 2)
                      if 0 <= r < rows and 0 <= c < cols]
            for n in range(5):
                f = Formula()
                f.show(shade(p) for p in lattice.cells(rows, cols))
                corner_count(f, rows, cols, (y, x), shade, n)
                expected = sum(sum(g[r][c] for r, c in around) == n for g in shadings(rows, cols))
                assert count(f) == expected, (y, x, n)
