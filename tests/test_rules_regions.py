"""Model counts for one region per clue of the clue's size (cnf/regions.py), against every set of
members tried: its regions (flood fills) must each hold one clue cell, of the clue's size."""

from __future__ import annotations

import pytest

from gridlogic import lattice
from gridlogic.cnf import connected as conn, regions
from gridlogic.cnf.regions import region_cells, regions_of_two
from gridlogic.cnf.graph import cell_graph
from gridlogic.cnf.shading import no_2x2
from gridlogic.cnf.formula import Formula, Model, Not
from rules_brute import count, grid, parts, shade, subsets


def is_laid_out(members: set, clues: dict) -> bool:
    for part in parts(members):
        inside = [q for q in clues if q in part]
        if len(inside) != 1 or clues[inside[0]] not in (None, len(part)):
            return False
    return all(q in members for q in clues)


def layouts(rows: int, cols: int, clues: dict, also=lambda members: True) -> int:
    return sum(is_laid_out(m, clues) and also(m) for m in subsets(grid(rows, cols)))


def solve_count(rows: int, cols: int, clues: dict) -> Formula:
    f = Formula()
    f.show(shade(p) for p in lattice.cells(rows, cols))
    region_cells(f, rows, cols, lambda p: Not(shade(p)), {lattice.cell_point(*q): n for q, n in clues.items()})
    return f


CASES = [
    (2, 2, {(0, 0): 2}),
    (3, 3, {(0, 0): 3}),
    (3, 3, {(0, 0): 2, (2, 2): 3}),
    (3, 3, {(1, 1): 4}),
    (3, 3, {(0, 0): 1, (0, 2): 1, (2, 0): 1, (2, 2): 1}),
    (3, 4, {(0, 0): 3, (2, 3): 2, (1, 2): None}),
    (3, 4, {(1, 1): 5}),
    (3, 4, {(0, 1): 6, (2, 3): 1}),               # reach labels to depth 5, on both sides of the checkerboard
    (2, 3, {(0, 0): 7}),                          # too big: no model
    (3, 3, {(0, 0): None}),
]


def test_brute_force_knows_small_cases():
    assert layouts(2, 2, {(0, 0): 2}) == 2
    assert layouts(1, 3, {(0, 0): 1, (0, 2): 1}) == 1


@pytest.mark.parametrize("rows,cols,clues", CASES)
def test_regions_by_clue(rows, cols, clues):
    """The unshaded cells form the regions (nurikabe's islands)."""
    assert count(solve_count(rows, cols, clues)) == layouts(rows, cols, clues)


@pytest.mark.parametrize("lazy", [False, True])
def test_nurikabe_composed(lazy):
    """Islands by clue, the wall (shaded cells) connected and without a 2×2 block."""
    rows, cols, clues = 3, 4, {(0, 0): 2, (2, 3): 1}
    cells = {(r, c) for r in range(rows) for c in range(cols)}

    def wall_ok(members):
        wall = cells - members
        squares = any({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= wall for r, c in cells)
        return len(parts(wall)) <= 1 and not squares
    f = solve_count(rows, cols, clues)
    conn.connected_cells(f, rows, cols, shade, lazy=lazy)
    no_2x2(f, rows, cols, shade)
    assert count(f) == layouts(rows, cols, clues, wall_ok)


UNSIZED = [c for c in CASES if None in c[2].values()] + [
    (3, 3, {(0, 0): None, (2, 2): None}),
    (2, 4, {(0, 0): None, (1, 3): 2}),
]


@pytest.mark.parametrize("rows,cols,clues", UNSIZED)
def test_unsized_clues_left_to_the_lazy_rule(rows, cols, clues):
    """A clue without a size reaches by the lazy `Clueless` cuts alone: the same layouts."""
    f = Formula()
    f.show(shade(p) for p in lattice.cells(rows, cols))
    region_cells(f, rows, cols, lambda p: Not(shade(p)), {lattice.cell_point(*q): n for q, n in clues.items()},
                 lazy_unsized=True)
    assert count(f) == layouts(rows, cols, clues)



def test_clueless_cuts_each_part_without_a_clue():
    """On every member set of a 3×3 grid (one clue cell), `Clueless` cuts exactly the parts holding no clue
    cell, each with its rim: read from the model's integers, against flood fills on the cells."""
    rows, cols, clue = 3, 3, (1, 1)
    f = Formula()
    f.show(shade(p) for p in lattice.cells(rows, cols))
    member = lambda p: Not(shade(p))                            # noqa: E731
    rule = regions.Clueless(cell_graph(rows, cols), member, frozenset({lattice.cell_point(*clue)}))
    points = {(r, c): lattice.cell_point(r, c) for r, c in grid(rows, cols)}
    for members in subsets(grid(rows, cols)):
        unshaded = {points[cell] for cell in members}
        model = Model(f, [f.pool.obj2id[shade(p)] for p in points.values() if p not in unshaded])
        want = []
        for part in sorted(sorted(points[cell] for cell in part) for part in parts(members)):
            if points[clue] not in part:
                rim = sorted({(y + dy, x + dx) for y, x in part for dy, dx in ((-2, 0), (2, 0), (0, -2), (0, 2))
                              if (y + dy, x + dx) in points.values()} - set(part))
                want.append([shade(p) for p in part] + [member(p) for p in rim])
        assert rule(model) == want

def test_clue_blocks_hold_each_clue_apart():
    """With `clue_of`, each clue's clauses sit in its own block: all on, the same layouts."""
    rows, cols, clues = 3, 3, {(0, 0): 2, (2, 2): 3}
    f = Formula()
    f.show(shade(p) for p in lattice.cells(rows, cols))
    region_cells(f, rows, cols, lambda p: Not(shade(p)), {lattice.cell_point(*q): n for q, n in clues.items()},
                 clue_of=lambda q: f.clue(("number", *q), (), "a clue"))
    assert sorted(f.clues) == [("number", 1, 1), ("number", 5, 5)]
    assert count(f) == layouts(rows, cols, clues)


# -- regions of two clues (regions_of_two) -------------------------------------------------------------
def divisions(rows: int, cols: int, clues: dict) -> int:
    """Every set of borders tried: its pieces (flood fills through the open edges) each hold two clue
    cells with a size between their numbers (None: only not the other number), and no border lies inside
    a piece."""
    cells = grid(rows, cols)
    edges = [((r, c), (r, c + 1)) for r, c in cells if c + 1 < cols] + \
            [((r, c), (r + 1, c)) for r, c in cells if r + 1 < rows]
    total = 0
    for drawn in subsets(edges):
        piece = {}
        for start in cells:
            if start in piece:
                continue
            piece[start], todo = start, [start]
            while todo:
                v = todo.pop()
                for a, b in edges:
                    if (a, b) not in drawn and v in (a, b):
                        w = b if v == a else a
                        if w not in piece:
                            piece[w] = start
                            todo.append(w)
        if any(piece[a] == piece[b] for a, b in drawn):
            continue
        ok = True
        for first in set(piece.values()):
            inside = [v for v in cells if piece[v] == first]
            numbers = [clues[v] for v in inside if v in clues]
            if len(numbers) != 2:
                ok = False
            elif None in numbers:
                ok = len(inside) not in numbers
            else:
                ok = min(numbers) < len(inside) < max(numbers)
            if not ok:
                break
        total += ok
    return total


TWO_CASES = [
    (2, 2, {(0, 0): 1, (1, 1): 4}),
    (2, 3, {(0, 0): 1, (0, 2): 4, (1, 0): 4, (1, 2): 1}),
    (2, 3, {(0, 0): 0, (1, 2): 9}),
    (3, 3, {(0, 0): 1, (0, 2): 5, (2, 0): 3, (2, 2): 7}),
    (3, 3, {(0, 0): None, (1, 1): 3, (2, 2): 1, (0, 2): 6}),
    (2, 3, {(0, 0): None, (1, 2): None}),
    (2, 2, {(0, 0): 3, (1, 1): 3}),
]


def test_brute_force_knows_divisions():
    assert divisions(1, 3, {(0, 0): 1, (0, 2): 4}) == 1
    assert divisions(2, 2, {(0, 0): 3, (1, 1): 3}) == 0


@pytest.mark.parametrize("rows,cols,clues", TWO_CASES)
def test_regions_of_two(rows, cols, clues):
    f = Formula()
    f.show(regions_of_two(f, cell_graph(rows, cols), {lattice.cell_point(*q): n for q, n in clues.items()}))
    assert count(f) == divisions(rows, cols, clues)


# The other clues leave a pair room for fewer nodes than its numbers allow (`_least_total`).
CAPPED_CASES = [
    (2, 3, {(0, 0): 1, (0, 2): 9, (1, 0): 1, (1, 2): 4}),     # the 9's region: 4 nodes at most, not 8
    (1, 6, {(0, 0): 3, (0, 2): 9, (0, 3): 1, (0, 5): 5}),     # room for 3 only (the 3 and 9 need 4): none
    (3, 3, {(0, 0): 7, (0, 2): 1, (2, 0): 4, (2, 2): None}),
]


@pytest.mark.parametrize("rows,cols,clues", CAPPED_CASES)
def test_regions_of_two_within_the_room_the_others_leave(rows, cols, clues):
    """The divisions are counted alike with the other clues' room read and without it (`exact_clues`),
    and the room leaves out variables."""
    sizes = []
    for exact in (False, True):
        f = Formula()
        f.exact_clues = exact
        f.show(regions_of_two(f, cell_graph(rows, cols), {lattice.cell_point(*q): n for q, n in clues.items()}))
        assert count(f) == divisions(rows, cols, clues)
        sizes.append(f.top)
    assert sizes[0] < sizes[1]


@pytest.mark.parametrize("rows,cols,clues", TWO_CASES[:5])
def test_regions_of_two_lazy_past_the_eager_depth(rows, cols, clues, monkeypatch):
    """With no reach labels at all (every region past EAGER_DEPTH), the lazy cuts alone keep the count."""
    monkeypatch.setattr(regions, "EAGER_DEPTH", -1)
    f = Formula()
    f.show(regions_of_two(f, cell_graph(rows, cols), {lattice.cell_point(*q): n for q, n in clues.items()}))
    assert count(f) == divisions(rows, cols, clues)


# A first clue's size count (`_sizes`, a totalizer): each pair's bounds on how many of its nodes it owns.
SIZE_CASES = [
    (7, [(2, 6)]),                    # 3 to 5 of 7
    (9, [(1, 4), (3, 9)]),            # one pair or the other: 2 to 3, or 4 to 8 of 9 (the 9 past the room)
    (6, [(None, 3), (2, None)]),      # not 3, or not 2 (a ? paired with a number)
    (5, [(0, 9)]),                    # 1 to 5 of 5: the upper bound past the nodes
    (10, [(7, 4), (12, 9)]),          # 5 to 6, or 10 of 10 (the upper bound 12 left out: room 10)
]


@pytest.mark.parametrize("n,bounds", SIZE_CASES)
def test_sizes_count_the_owned_nodes(n, bounds):
    """With one pair of the first clue chosen (exactly one, or none), the owned nodes are counted against
    the chosen pair's numbers: the models over owners and pairs are every subset of a size the chosen pair
    allows, counted by brute force."""
    from itertools import combinations
    p = (1, 1)
    nodes = [(1, 2 * i + 1) for i in range(n)]
    pairs = [(("pair", p, (3, 2 * i + 1)), a, b, n) for i, (a, b) in enumerate(bounds)]
    f = Formula()
    regions._sizes(f, p, nodes, pairs)
    f.at_most_one([lit for lit, *_ in pairs])
    f.show([regions.owner(v, p) for v in nodes] + [lit for lit, *_ in pairs])

    def allows(size, a, b):
        if a is None or b is None:
            return size != (a if b is None else b)
        return min(a, b) < size < max(a, b)
    brute = 2 ** n + sum(allows(k, a, b) for a, b in bounds for k in range(n + 1) for _ in combinations(nodes, k))
    assert count(f) == brute
