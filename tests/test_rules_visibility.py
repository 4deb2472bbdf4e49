"""Model counts for visibility (cnf/visibility.py): seen cells counted from a clue, and light up's
lights, against every shading or placement of lights tried."""

from __future__ import annotations

import pytest

from gridlogic import lattice
from gridlogic.cnf.visibility import lights, seen_count
from gridlogic.cnf.formula import Formula, Not
from rules_brute import count, grid, shade, subsets


def seen(blocked: set, rows: int, cols: int, r: int, c: int, walls: set = frozenset()) -> int:
    """Cells seen from (r, c), itself included, stopping at blocked cells, walls and the edge."""
    total = 1
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        y, x = r + dr, c + dc
        while 0 <= y < rows and 0 <= x < cols and (y, x) not in blocked and (y, x) not in walls:
            total += 1
            y, x = y + dr, x + dc
    return total


def grids(rows: int, cols: int) -> list[set]:
    return subsets(grid(rows, cols))


@pytest.mark.parametrize("rows,cols,clues", [
    (1, 4, {(0, 0): 3}),
    (3, 3, {(1, 1): 3}),
    (3, 3, {(1, 1): 5, (0, 0): 2}),
    (3, 4, {(0, 1): 4, (2, 2): 3}),
    (3, 3, {(0, 0): 6}),                                    # more than can be seen: no model
    (1, 6, {(0, 1): 2}),                                    # rays longer than the count: cut one past it
    (3, 5, {(1, 2): 3, (0, 4): 1}),
])
def test_seen_count(rows, cols, clues):
    """Kurodoko's count: shaded cells block; the count also holds when the clue's cell is shaded."""
    f = Formula()
    f.show(shade(p) for p in lattice.cells(rows, cols))
    for (r, c), n in clues.items():
        seen_count(f, rows, cols, lattice.cell_point(r, c), n, lambda p: Not(shade(p)))
    expected = sum(all(seen(blocked, rows, cols, r, c) == n for (r, c), n in clues.items())
                   for blocked in grids(rows, cols))
    assert count(f) == expected


def test_seen_count_with_walls_and_without_itself():
    walls = {(1, 2)}
    f = Formula()
    cells = [p for p in lattice.cells(3, 3) if lattice.point_cell(p) not in walls]
    f.show(shade(p) for p in cells)
    seen_count(f, 3, 3, lattice.cell_point(1, 1), 2, lambda p: Not(shade(p)), itself=False,
               walls={lattice.cell_point(*w) for w in walls})
    expected = sum(seen(blocked, 3, 3, 1, 1, walls) - 1 == 2
                   for blocked in grids(3, 3) if not blocked & walls)
    assert count(f) == expected


def lit_everywhere(on: set, rows: int, cols: int, walls: set) -> bool:
    open_cells = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in walls]
    if on & walls:
        return False
    for r, c in on:                          # a light sees no other light
        if seen(on - {(r, c)}, rows, cols, r, c, walls) != seen(set(), rows, cols, r, c, walls):
            return False
    for r, c in open_cells:                  # every open cell sees a light (or holds one)
        if (r, c) not in on and seen(on, rows, cols, r, c, walls) == seen(set(), rows, cols, r, c, walls):
            return False
    return True


@pytest.mark.parametrize("rows,cols,walls", [
    (2, 2, set()),
    (3, 3, set()),
    (3, 3, {(1, 1)}),
    (3, 4, {(0, 1), (2, 2)}),
    (4, 3, {(1, 0), (1, 2), (2, 1)}),
])
def test_lights(rows, cols, walls):
    f = Formula()
    f.show(("light", *p) for p in lattice.cells(rows, cols))
    lights(f, rows, cols, {lattice.cell_point(*w) for w in walls}, lambda p: ("light", *p))
    assert count(f) == sum(lit_everywhere(on, rows, cols, walls) for on in grids(rows, cols))


@pytest.mark.parametrize("size,total", [(1, 1), (3, 1), (3, 2), (4, 2), (4, 3), (5, 1), (5, 5), (4, 5)])
def test_skyline_counts_rows_with_that_many_seen(size, total):
    """A row of distinct heights 1..size seen from its start: as many models as permutations with `total`
    left-to-right maxima (counted here by walking each permutation)."""
    from itertools import permutations
    from gridlogic.cnf.latin import distinct
    from gridlogic.cnf.visibility import skyline
    f = Formula()
    cells = [(0, c) for c in range(size)]
    for r, c in cells:
        f.exactly_one([("digit", r, c, d) for d in range(1, size + 1)])
    distinct(f, cells, size)
    f.show(("digit", r, c, d) for r, c in cells for d in range(1, size + 1))
    skyline(f, cells, size, total, "row")

    def maxima(heights) -> int:
        best, n = 0, 0
        for h in heights:
            if h > best:
                best, n = h, n + 1
        return n
    expected = sum(maxima(p) == total for p in permutations(range(1, size + 1)))
    assert count(f) == expected
