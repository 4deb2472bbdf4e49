"""Model counts for connected cells of a colour (cnf/connected.py), eager and lazy: exactly as many
models as there are connected sets of cells, counted here by a search over every subset."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gridlogic import lattice, walks
from gridlogic.backends import sat
from gridlogic.cnf import connected as conn
from gridlogic.cnf.graph import between, cell_graph
from gridlogic.cnf.visibility import seen_count
from gridlogic.cnf.formula import Formula, Not
from gridlogic.kinds import kurodoko as KURODOKO
from rules_brute import count, grid, is_connected, parts, shade, subsets


def connected_subsets(cells: list) -> int:
    return sum(map(is_connected, subsets(cells)))


def test_brute_force_knows_small_cases():
    assert connected_subsets(grid(1, 3)) == 7          # all but {first, last}, plus the empty set
    assert connected_subsets(grid(2, 2)) == 14         # all 16 but the two diagonals


@pytest.mark.parametrize("lazy", [False, True])
@pytest.mark.parametrize("rows,cols", [(1, 4), (2, 2), (2, 3), (3, 3), (3, 4)])
def test_shaded_cells_connected(lazy, rows, cols):
    f = Formula()
    f.show(shade(p) for p in lattice.cells(rows, cols))
    conn.connected_cells(f, rows, cols, shade, lazy=lazy)
    assert count(f) == connected_subsets(grid(rows, cols))


@pytest.mark.parametrize("sides", [False, True])
@pytest.mark.parametrize("rows,cols,depth", [(2, 3, 5), (3, 3, 8), (3, 3, 3), (3, 4, 4), (3, 4, 11)])
def test_reach_from_a_root_within_a_depth(sides, rows, cols, depth):
    """Reach labels from the shaded cell r1c1 (`reach`, with and without each node's side of the bipartite
    grid): the models are the connected sets holding it whose cells all lie within `depth` steps of it
    inside the set, counted by brute force."""
    root = lattice.cell_point(0, 0)
    graph = cell_graph(rows, cols)
    side = {v: (v[0] + v[1] - root[0] - root[1]) // 2 % 2 for v in graph.nodes} if sides else None
    f = Formula()
    f.show(shade(p) for p in graph.nodes)
    conn.reach(f, graph, shade, {root: shade(root)}, depth, "from r1c1", direct=True, side=side)
    f.clause([shade(root)])

    def within(chosen: set) -> bool:
        steps, todo = {(0, 0): 0}, [(0, 0)]
        for r, c in todo:
            for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if cell in chosen and cell not in steps:
                    steps[cell] = steps[r, c] + 1
                    todo.append(cell)
        return len(steps) == len(chosen) and max(steps.values()) <= depth
    assert count(f) == sum((0, 0) in s and within(s) for s in subsets(grid(rows, cols)))


@pytest.mark.parametrize("lazy", [False, True])
def test_unshaded_cells_connected(lazy):
    f = Formula()
    f.show(shade(p) for p in lattice.cells(3, 3))
    conn.connected_cells(f, 3, 3, lambda p: Not(shade(p)), lazy=lazy)
    assert count(f) == connected_subsets(grid(3, 3))   # a set's complement: the same count


@pytest.mark.parametrize("lazy", [False, True])
def test_both_colours_connected(lazy):
    cells = grid(3, 3)
    expected = sum(is_connected(on) and is_connected(set(cells) - on) for on in subsets(cells))
    f = Formula()
    f.show(shade(p) for p in lattice.cells(3, 3))
    conn.connected_cells(f, 3, 3, shade, lazy=lazy, name="shaded")
    conn.connected_cells(f, 3, 3, lambda p: Not(shade(p)), lazy=lazy, name="unshaded")
    assert count(f) == expected


@pytest.mark.parametrize("lazy", [False, True])
def test_some_cells_of_a_grid(lazy):
    """An arbitrary cell set: a 3×3 ring (the centre is not part of the graph)."""
    ring = [p for p in grid(3, 3) if p != (1, 1)]
    f = Formula()
    f.show(shade(lattice.cell_point(*p)) for p in ring)
    conn.connected(f, cell_graph(3, 3, [lattice.cell_point(*p) for p in ring]), shade, lazy=lazy)
    assert count(f) == connected_subsets(ring) == 1 + 8 * 8 + 1 - 8   # empty, arcs, the whole ring


def joined_by(members: set, held: set) -> bool:
    """The members form one group through the held links (pairs of nodes), by flood fill."""
    if not members:
        return True
    start = min(members)
    seen, todo = {start}, [start]
    while todo:
        v = todo.pop()
        for u, w in held:
            for a, b in ((u, w), (w, u)):
                if a == v and b in members and b not in seen:
                    seen.add(b)
                    todo.append(b)
    return seen == members


@pytest.mark.parametrize("lazy", [False, True])
def test_members_joined_through_links_that_hold(lazy):
    """With a literal per link (2×3 cells, every link free): as many models as pairs of a set of members
    and a set of links held whose members are joined through held links between members."""
    graph = cell_graph(2, 3)
    f = Formula()
    f.show([shade(v) for v in graph.nodes] + [("wire", *between(u, v)) for u, v in graph.links])
    conn.connected(f, graph, shade, lazy=lazy, link=lambda p: ("wire", *p))
    want = sum(joined_by(members, held) for members in subsets(graph.nodes) for held in subsets(graph.links))
    assert count(f) == want > 7 * 2 ** 7         # no member or one: any of the 2^7 sets of links


def test_eager_and_lazy_agree_on_facts():
    """A shaded r1c1 and r3c3 on a 3×3 with r2c2 unshaded and r1c3 and r3c1 unshaded: both
    encodings find the same certain cells."""
    found = []
    for lazy in (False, True):
        f = Formula()
        f.show(shade(p) for p in lattice.cells(3, 3))
        conn.connected_cells(f, 3, 3, shade, lazy=lazy)
        for r, c, on in ((0, 0, True), (2, 2, True), (1, 1, False), (0, 2, False)):
            p = shade(lattice.cell_point(r, c))
            f.assume(p if on else Not(p))
        found.append([f.named(x) for x in sat.backbone(f)])
    assert found[0] == found[1]
    assert shade((5, 1)) in found[0] and shade((5, 3)) in found[0]      # the path through r3c1, r3c2


KURODOKO_6 = {(1, 2): 8, (2, 4): 6, (2, 5): 11, (3, 0): 5, (4, 5): 7, (5, 1): 4}   # unique (bench/bench_rules.py)


def kurodoko(lazy: bool, reverse_cuts: bool = False) -> SimpleNamespace:
    """A kind composed of the rules: unshaded cells connected, no two shaded cells adjacent, each
    clue's cell unshaded and seeing its number of cells. `reverse_cuts` hands the lazy rule's cuts
    over in the opposite order."""
    def encode(clues, f: Formula) -> None:
        cells = lattice.cells(6, 6)
        f.show(shade(p) for p in cells)
        for p in cells:
            for q in lattice.neighbours(p, 6, 6):
                if p < q:
                    f.clause([Not(shade(p)), Not(shade(q))])
        conn.connected_cells(f, 6, 6, lambda p: Not(shade(p)), lazy=lazy)
        if reverse_cuts:
            cuts = f.lazy
            f.lazy = lambda model: cuts(model)[::-1]
        for (r, c), n in sorted(clues.items()):
            with f.clue(("clue", r, c), [(r, c)], f"the {n} at r{r + 1}c{c + 1}"):
                f.clause([Not(shade(lattice.cell_point(r, c)))])
                seen_count(f, 6, 6, lattice.cell_point(r, c), n, lambda q: Not(shade(q)))
    return SimpleNamespace(KEY="kurodoko", TITLE="kurodoko", encode=encode, layout=KURODOKO.layout,
                           fact_of=lambda clues, key, value: (*lattice.point_cell(key[1:]), int(value)))


def test_hint_walks_do_not_depend_on_the_encoding_or_the_order_of_cuts():
    said = [[s.sentence for s in walks.walk(kind, KURODOKO_6, new=True).steps]
            for kind in (kurodoko(False), kurodoko(True), kurodoko(True, reverse_cuts=True))]
    assert said[0] == said[1] == said[2] and len(said[0]) == 36



@pytest.mark.parametrize("rows,cols", [(3, 3), (3, 4)])
def test_cells_reaching_the_edge(rows, cols):
    """Every shaded part touches the grid's edge: as many models as such sets, by brute force (fewer than
    all sets: a lone centre cell is refused)."""
    cells = grid(rows, cols)
    edge = {(r, c) for r, c in cells if r in (0, rows - 1) or c in (0, cols - 1)}
    expected = sum(all(part & edge for part in parts(on)) for on in subsets(cells))
    f = Formula()
    f.show(shade(p) for p in lattice.cells(rows, cols))
    conn.reach_edge(f, rows, cols, shade)
    assert count(f) == expected < 2 ** (rows * cols)
