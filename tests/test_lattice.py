"""The lattice (lattice.py): points per kind counted independently, round trips between cells and
points and between points and their text, and what touches what."""

from __future__ import annotations

import pytest

from gridlogic import lattice

SIZES = [(1, 1), (1, 4), (2, 3), (3, 3), (5, 2)]


@pytest.mark.parametrize("rows,cols", SIZES)
def test_points_per_kind(rows, cols):
    cells = rows * cols
    vertices = (rows + 1) * (cols + 1)
    edges = rows * (cols + 1) + (rows + 1) * cols          # vertical borders, horizontal borders
    kinds = [lattice.kind_of(p) for p in lattice.points(rows, cols)]
    assert (kinds.count("cell"), kinds.count("edge"), kinds.count("vertex")) == (cells, edges, vertices)
    assert len(kinds) == (2 * rows + 1) * (2 * cols + 1)
    inner = rows * (cols - 1) + (rows - 1) * cols           # pairs of adjacent cells
    assert len(lattice.inner_edges(rows, cols)) == inner
    assert len(list(lattice.points(rows, cols, "edge"))) == edges


@pytest.mark.parametrize("rows,cols", SIZES)
def test_cell_points_round_trip(rows, cols):
    for r in range(rows):
        for c in range(cols):
            p = lattice.cell_point(r, c)
            assert lattice.kind_of(p) == "cell" and lattice.point_cell(p) == (r, c)
    assert lattice.cells(rows, cols) == list(lattice.points(rows, cols, "cell"))


@pytest.mark.parametrize("rows,cols", SIZES)
def test_text_round_trip(rows, cols):
    names = set()
    for p in lattice.points(rows, cols):
        text = lattice.format_point(p)
        assert lattice.parse_point(text) == p
        names.add(text)
    assert len(names) == (2 * rows + 1) * (2 * cols + 1)


def test_text_forms():
    assert lattice.format_point(lattice.cell_point(0, 0)) == "r1c1"
    assert lattice.format_point(lattice.cell_point(2, 4)) == "r3c5"
    assert lattice.format_point((1, 2)) == "r1c1.5"               # between r1c1 and r1c2
    assert lattice.format_point((2, 1)) == "r1.5c1"               # between r1c1 and r2c1
    assert lattice.format_point((0, 0)) == "r0.5c0.5"             # the top left corner
    assert lattice.parse_point(" R2C3 ") == (3, 5)
    for bad in ("r0c1", "r1", "x1c1", "r1c1.2", "r-1c1", ""):
        with pytest.raises(ValueError):
            lattice.parse_point(bad)
    with pytest.raises(ValueError):
        lattice.format_point((-1, 1))


def test_what_touches_what():
    rows, cols = 2, 3
    r1c2 = lattice.cell_point(0, 1)
    assert sorted(lattice.cell_edges(r1c2, rows, cols)) == [(0, 3), (1, 2), (1, 4), (2, 3)]
    assert sorted(lattice.neighbours(r1c2, rows, cols)) == [(1, 1), (1, 5), (3, 3)]
    assert lattice.edge_cells((1, 2), rows, cols) == [(1, 1), (1, 3)]         # r1c1 | r1c2
    assert lattice.edge_cells((0, 1), rows, cols) == [(1, 1)]                 # outer border above r1c1
    assert lattice.edge_vertices((1, 2)) == [(0, 2), (2, 2)]
    assert lattice.edge_vertices((2, 1)) == [(2, 0), (2, 2)]
    assert sorted(lattice.vertex_edges((2, 2), rows, cols)) == [(1, 2), (2, 1), (2, 3), (3, 2)]
    assert sorted(lattice.vertex_edges((0, 0), rows, cols)) == [(0, 1), (1, 0)]
    assert lattice.is_outer((0, 1), rows, cols) and not lattice.is_outer((1, 2), rows, cols)
    with pytest.raises(ValueError):
        lattice.edge_cells(r1c2, rows, cols)
    with pytest.raises(ValueError):
        lattice.point_cell((1, 2))


@pytest.mark.parametrize("rows,cols", SIZES)
def test_incidence_counts(rows, cols):
    """Each edge touches two vertices and one or two cells; summed over the grid, the cells' edges
    count every inner edge twice and every outer one once."""
    edges = list(lattice.points(rows, cols, "edge"))
    beside = sum(len(lattice.edge_cells(e, rows, cols)) for e in edges)
    outer = 2 * (rows + cols)
    assert beside == 2 * (len(edges) - outer) + outer
    assert sum(len(lattice.cell_edges(p, rows, cols)) for p in lattice.cells(rows, cols)) == beside
    ends = sum(len(lattice.vertex_edges(v, rows, cols)) for v in lattice.points(rows, cols, "vertex"))
    assert ends == 2 * len(edges)
    for e in edges:
        for v in lattice.edge_vertices(e):
            assert lattice.kind_of(v) == "vertex" and e in lattice.vertex_edges(v, rows, cols)
        for p in lattice.edge_cells(e, rows, cols):
            assert e in lattice.cell_edges(p, rows, cols)


@pytest.mark.parametrize("rows,cols", SIZES)
def test_the_cells_beside_a_point_are_those_it_touches(rows, cols):
    """A cell is beside itself; an edge, its cells; a vertex, the cells of the edges meeting there."""
    for p in lattice.points(rows, cols):
        if lattice.kind_of(p) == "cell":
            want = [p]
        elif lattice.kind_of(p) == "edge":
            want = lattice.edge_cells(p, rows, cols)
        else:
            want = sorted({q for e in lattice.vertex_edges(p, rows, cols) for q in lattice.edge_cells(e, rows, cols)})
        assert lattice.cells_beside(p, rows, cols) == [lattice.point_cell(q) for q in want], p
