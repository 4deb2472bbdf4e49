"""Model counts for one loop (cnf/loops.py), eager and lazy: as many models as there are sets of
edges forming a single cycle, found here by trying every set of edges."""

from __future__ import annotations

import functools
from collections import defaultdict
from itertools import product

import pytest

from gridlogic import lattice
from gridlogic.backends import sat
from gridlogic.cnf import loops
from gridlogic.formula import Formula
from rules_brute import count


@functools.cache
def single_cycles(edges: tuple) -> int:
    """Sets of edges (pairs of nodes) that are one cycle: every node met twice, and connected."""
    total = 0
    for bits in product((0, 1), repeat=len(edges)):
        used = [e for e, b in zip(edges, bits) if b]
        degree = defaultdict(list)
        for u, v in used:
            degree[u].append(v)
            degree[v].append(u)
        if not used or any(len(ws) != 2 for ws in degree.values()):
            continue
        start = used[0][0]
        seen, todo = {start}, [start]
        while todo:
            for w in degree[todo.pop()]:
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        total += len(seen) == len(degree)
    return total


def cell_edges(rows: int, cols: int) -> tuple:
    right = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    down = [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    return tuple(right + down)


def test_brute_force_knows_small_cases():
    assert single_cycles(cell_edges(2, 2)) == 1
    assert single_cycles(cell_edges(2, 3)) == 3        # two squares and the whole rim
    assert single_cycles(cell_edges(3, 3)) == 13


@pytest.mark.parametrize("lazy", [False, True])
@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 3), (3, 4)])
def test_loop_through_cells(lazy, rows, cols):
    f = Formula()
    f.show(loops.loop_through_cells(f, rows, cols, lazy=lazy))
    assert count(f) == single_cycles(cell_edges(rows, cols))


@pytest.mark.parametrize("lazy", [False, True])
@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 3), (2, 2), (2, 3)])
def test_loop_on_edges(lazy, rows, cols):
    """Slitherlink's loop: the vertices of an R×C grid are an (R+1)×(C+1) grid of nodes."""
    f = Formula()
    f.show(loops.loop_on_edges(f, rows, cols, lazy=lazy))
    assert count(f) == single_cycles(cell_edges(rows + 1, cols + 1))


@pytest.mark.parametrize("lazy", [False, True])
def test_loop_through_some_cells(lazy):
    """A 3×3 without its centre: the ring is the one loop."""
    cells = [p for p in lattice.cells(3, 3) if p != (3, 3)]
    f = Formula()
    keys = loops.loop_through_cells(f, 3, 3, cells, lazy=lazy)
    f.show(keys)
    models, n, complete = sat.enumerate_models(f, 10)
    assert (n, complete) == (1, True) and all(models[0][k] for k in keys)


def test_line_keys_sit_on_edges():
    f = Formula()
    keys = loops.loop_on_edges(f, 2, 3)
    assert sorted(p[1:] for p in keys) == sorted(lattice.points(2, 3, "edge"))
    f = Formula()
    keys = loops.loop_through_cells(f, 2, 3)
    assert sorted(p[1:] for p in keys) == lattice.inner_edges(2, 3)
