"""Model counts for paths between endpoints (cnf/paths.py): as many models as there are sets of edges
whose paths each join two endpoints of one label, found here by trying every set of edges."""

from __future__ import annotations

from collections import defaultdict
from itertools import product

import pytest

from gridlogic import lattice
from gridlogic.cnf import paths
from gridlogic.cnf.formula import Formula
from gridlogic.cnf.graph import cell_graph
from rules_brute import count


def cell_edges(rows: int, cols: int) -> list:
    right = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    down = [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    return right + down


def keeps_rule(used: list, ends: dict) -> bool:
    """Every part of the used edges is a path from an endpoint to another of the same label, with no
    endpoint inside it, and every endpoint ends one."""
    near = defaultdict(list)
    for u, v in used:
        near[u].append(v)
        near[v].append(u)
    if any(len(near[q]) != 1 for q in ends):
        return False
    if any(len(ws) not in (0, 2) for v, ws in near.items() if v not in ends):
        return False
    seen = set()
    for start in list(near):
        if start in seen:
            continue
        part, todo = {start}, [start]
        while todo:
            for w in near[todo.pop()]:
                if w not in part:
                    part.add(w)
                    todo.append(w)
        seen |= part
        held = [q for q in part if q in ends]
        if len(held) != 2 or ends[held[0]] != ends[held[1]]:
            return False
    return True


def brute(rows: int, cols: int, ends: dict) -> int:
    edges = cell_edges(rows, cols)
    return sum(keeps_rule([e for e, b in zip(edges, bits) if b], ends)
               for bits in product((0, 1), repeat=len(edges)))


def test_brute_force_knows_small_cases():
    assert brute(2, 2, {(0, 0): 1, (1, 1): 1}) == 2
    assert brute(2, 2, {(0, 0): 1, (0, 1): 2}) == 0
    assert brute(2, 2, {}) == 1                         # nothing drawn


@pytest.mark.parametrize("rows,cols,ends", [
    (2, 2, {}),
    (2, 3, {(0, 0): 1, (1, 2): 1}),
    (3, 3, {(0, 0): 1, (2, 2): 1}),
    (3, 3, {(0, 0): 1, (2, 2): 1, (0, 2): 2, (2, 0): 2}),
    (3, 3, {(0, 0): 1, (0, 2): 1, (2, 0): 1, (2, 2): 1}),      # two pairs of one label
    (2, 4, {(0, 0): 1, (1, 3): 1, (0, 2): 2, (1, 1): 2}),
    (3, 3, {(0, 0): 1, (1, 1): 2}),                              # a label met once: none
])
def test_paths_between(rows, cols, ends):
    f = Formula()
    f.show(paths.paths_between(f, cell_graph(rows, cols),
                               {lattice.cell_point(r, c): k for (r, c), k in ends.items()}))
    assert count(f) == brute(rows, cols, ends)
