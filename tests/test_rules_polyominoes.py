"""Model counts for one piece of given shapes in a set of cells (cnf/polyominoes.py), against every set of
cells tried, and the free polyominoes counted against their known numbers."""

from __future__ import annotations

import pytest

from gridlogic import lattice
from gridlogic.cnf import polyominoes
from gridlogic.cnf.formula import Formula
from rules_brute import count, grid, is_connected, parts, shade, subsets


def test_free_polyominoes_have_their_known_numbers():
    assert [len(polyominoes.free_polyominoes(n)) for n in range(1, 7)] == [1, 1, 2, 5, 12, 35]


def is_line(cells: set) -> bool:
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    return (len(rows) == 1 and max(cols) - min(cols) == len(cells) - 1) or \
        (len(cols) == 1 and max(rows) - min(rows) == len(cells) - 1)


REGIONS = {
    "3×3": grid(3, 3),
    "2×4": grid(2, 4),
    "L-shaped": [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (3, 0)],
    "no top left corner": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 0), (2, 1), (3, 1)],
}


@pytest.mark.parametrize("name", list(REGIONS))
@pytest.mark.parametrize("which", ["every tetromino", "the I"])
def test_one_piece(name, which):
    """The shaded cells of the region are one tetromino (any, or only the straight one): as many models as
    connected 4-cell sets (straight ones) in the region; cells outside the region stay free."""
    cells = REGIONS[name]
    fours = polyominoes.free_polyominoes(4)
    shapes = fours if which == "every tetromino" else [s for s in fours if is_line(set(s))]
    f = Formula()
    f.show(shade(lattice.cell_point(*cell)) for cell in cells)
    kinds = polyominoes.one_piece(f, cells, shapes, shade, "region")
    ok = [s for s in subsets(cells) if len(s) == 4 and is_connected(s) and (which == "every tetromino" or is_line(s))]
    assert count(f) == len(ok)
    straight = [s for s in ok if is_line(s)]
    line = next(s for s in shapes if is_line(set(s)))
    if straight:
        f.clause([kinds[line]])                  # the piece's shape variable: true exactly for an I
        assert count(f) == len(straight)


def brute_form(cells: set) -> tuple:
    """The least of the eight turned and mirrored forms of a set of cells, written apart from the library."""
    forms = []
    for turn in range(8):
        moved = [(c, r) if turn & 4 else (r, c) for r, c in cells]
        moved = [(-r, c) if turn & 1 else (r, c) for r, c in moved]
        moved = [(r, -c) if turn & 2 else (r, c) for r, c in moved]
        r0, c0 = min(r for r, _ in moved), min(c for _, c in moved)
        forms.append(tuple(sorted((r - r0, c - c0) for r, c in moved)))
    return min(forms)


@pytest.mark.parametrize("rows,cols,bank", [
    (3, 3, [[(0, 0), (0, 1)]]),
    (2, 4, [[(0, 0), (0, 1)], [(0, 0)]]),
    (3, 3, [[(0, 0)], [(0, 0)]]),
    (3, 4, [[(0, 0), (1, 0), (1, 1)]]),
    (3, 4, [[(0, 0), (1, 0), (1, 1)], [(0, 0), (0, 1)], [(0, 0)]]),
])
@pytest.mark.parametrize("placed_shown", [False, True])
def test_bank_pieces(rows, cols, bank, placed_shown):
    """The shaded cells are exactly the bank's pieces, apart: as many models as shadings whose blocks are
    the bank's pieces (compared by their least form); with the placements' variables shown too, as many
    again (each such shading has one set of chosen placements: no two of them share a cell, though no
    clause says so outright; the last bank's pieces hold one another)."""
    f = Formula()
    f.show(shade(lattice.cell_point(*cell)) for cell in grid(rows, cols))
    polyominoes.bank_pieces(f, rows, cols, [frozenset(p) for p in bank], shade, "bank")
    if placed_shown:
        f.show([key for key in f.pool.obj2id if key[0] == "placed"])
    want = sorted(brute_form(set(p)) for p in bank)
    ok = sum(sorted(brute_form(part) for part in parts(s)) == want for s in subsets(grid(rows, cols)))
    assert ok > 0 and count(f) == ok


@pytest.mark.parametrize("rows,cols,bank", [
    (5, 7, polyominoes.free_polyominoes(5)[:4]),
    (4, 3, [frozenset({(0, 0), (1, 0), (1, 1)}), frozenset({(0, 0), (0, 1)})]),
])
def test_bank_pieces_placement_clauses(rows, cols, bank):
    """Each placement variable of the bank (its own index laid by a framed grid) says its cells shaded and
    the cells beside them in the grid unshaded, no more: the placements `placements` lists, in its order."""
    f = Formula()
    polyominoes.bank_pieces(f, rows, cols, bank, shade, "bank")
    lit = {cell: f.lit(shade(lattice.cell_point(*cell))) for cell in grid(rows, cols)}
    shades, said = {abs(x) for x in lit.values()}, {}
    for clause in f.clauses:                     # (the counts' clauses are over their own variables too)
        if len(clause) == 2 and clause[0] < 0 and abs(clause[1]) in shades:
            said.setdefault(f.key_of(-clause[0]), set()).add(clause[1])
    for j, piece in enumerate(bank):
        for i, (_, placed) in enumerate(polyominoes.placements([polyominoes.canonical(piece)], grid(rows, cols))):
            cells = set(placed)
            beside = {(r + dr, c + dc) for r, c in cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
            want = {lit[cell] for cell in cells} | {-lit[cell] for cell in beside - cells if cell in lit}
            assert said.pop(("placed", "bank", j, i)) == want
    assert not [key for key in said if key[0] == "placed"]
