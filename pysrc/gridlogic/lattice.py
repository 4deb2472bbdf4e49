"""One coordinate system for the cells, edges and vertices of an R×C grid (pzprjs's and cspuz's).

A *point* is a pair (y, x) of doubled coordinates, 0 <= y <= 2R and 0 <= x <= 2C:
- the cell in row r, column c (both from 0) is at (2r+1, 2c+1): odd/odd;
- an *edge* is at mixed parity. (odd y, even x) lies between the cells left and right of it; drawn as
  a line between cell centres it is horizontal, drawn as a cell border it is the vertical segment
  between the vertices above and below it. (even y, odd x) lies between the cells above and below it.
  Lines through cell centres (loops, paths) and lines along cell borders (slitherlink, region borders)
  are both edges of this lattice: one variable ("line", y, x) serves either reading;
- a *vertex* (a corner of cells, a dot of slitherlink) is at even/even.
Edges with y or x on the outside (0, 2R, 2C) are the grid's outer border: they have one cell beside
them. The points one step apart (`around`) are what touch: a cell's four edges, an edge's two cells
and two vertices, a vertex's four edges.

A point's text form counts rows and columns from 1 in half steps: a cell is "r1c1", the edge between
r1c1 and r1c2 is "r1c1.5", the vertex where r1c1, r1c2, r2c1 and r2c2 meet is "r1.5c1.5", and the
grid's top left corner is "r0.5c0.5" (row index = (y + 1) / 2, column index = (x + 1) / 2).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

Point = tuple[int, int]
KINDS = ("cell", "edge", "vertex")
STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))       # the four directions, in reading order of their targets
_TEXT = re.compile(r"r([0-9]+)(\.5)?c([0-9]+)(\.5)?", re.IGNORECASE)


def cell_point(r: int, c: int) -> Point:
    """The point of the cell in row r, column c (from 0)."""
    return 2 * r + 1, 2 * c + 1


def point_cell(p: Point) -> tuple[int, int]:
    """The (row, column) of a cell's point; ValueError for an edge or a vertex."""
    y, x = p
    if not (y % 2 and x % 2):
        raise ValueError(f"{p} is not a cell")
    return (y - 1) // 2, (x - 1) // 2


def kind_of(p: Point) -> str:
    """"cell" (odd/odd), "edge" (mixed parity) or "vertex" (even/even)."""
    odd = p[0] % 2 + p[1] % 2
    return KINDS[2 - odd]


def is_inside(p: Point, rows: int, cols: int) -> bool:
    """True when the point belongs to an R×C grid (its outer border and corners included)."""
    return 0 <= p[0] <= 2 * rows and 0 <= p[1] <= 2 * cols


def is_outer(p: Point, rows: int, cols: int) -> bool:
    """True for an edge or a vertex on the grid's outer border."""
    return kind_of(p) != "cell" and (p[0] in (0, 2 * rows) or p[1] in (0, 2 * cols))


def around(p: Point, rows: int, cols: int) -> list[Point]:
    """The points one step away inside the grid: a cell's edges, an edge's cells and vertices, a
    vertex's edges."""
    y, x = p
    return [(y + dy, x + dx) for dy, dx in STEPS if is_inside((y + dy, x + dx), rows, cols)]


def neighbours(p: Point, rows: int, cols: int) -> list[Point]:
    """The points of the same kind two steps away in a straight line, inside the grid: a cell's adjacent
    cells, a vertex's adjacent vertices, an edge's parallel neighbours."""
    y, x = p
    return [(y + 2 * dy, x + 2 * dx) for dy, dx in STEPS if is_inside((y + 2 * dy, x + 2 * dx), rows, cols)]


def cell_edges(p: Point, rows: int, cols: int) -> list[Point]:
    """The four edges around a cell (borders, or the lines from its centre to its neighbours')."""
    return around(_must(p, "cell"), rows, cols)


def edge_cells(p: Point, rows: int, cols: int) -> list[Point]:
    """The cells beside an edge: two, or one on the outer border."""
    y, x = _must(p, "edge")
    side = [(y, x - 1), (y, x + 1)] if y % 2 else [(y - 1, x), (y + 1, x)]
    return [q for q in side if is_inside(q, rows, cols)]


def cells_beside(p: Point, rows: int, cols: int) -> list[tuple[int, int]]:
    """The (row, column) of the cells a point is or lies beside: a cell itself, an edge's one or two cells,
    a vertex's up to four, in reading order."""
    y, x = p
    return [((y + dy - 1) // 2, (x + dx - 1) // 2) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
            if (y + dy) % 2 and (x + dx) % 2 and 0 < y + dy < 2 * rows and 0 < x + dx < 2 * cols]


def edge_vertices(p: Point) -> list[Point]:
    """The two vertices at the ends of an edge read as a cell border."""
    y, x = _must(p, "edge")
    return [(y - 1, x), (y + 1, x)] if y % 2 else [(y, x - 1), (y, x + 1)]


def vertex_edges(p: Point, rows: int, cols: int) -> list[Point]:
    """The edges (cell borders) that meet at a vertex: four, three on the outer border, two at a corner."""
    return around(_must(p, "vertex"), rows, cols)


def points(rows: int, cols: int, kind: str | None = None) -> Iterator[Point]:
    """Every point of an R×C grid (of one kind when given), row by row."""
    if kind is not None and kind not in KINDS:
        raise ValueError(f"unknown kind of point {kind!r}")
    for y in range(2 * rows + 1):
        for x in range(2 * cols + 1):
            if kind is None or kind_of((y, x)) == kind:
                yield y, x


def cells(rows: int, cols: int) -> list[Point]:
    """The cells' points, row by row."""
    return [cell_point(r, c) for r in range(rows) for c in range(cols)]


def inner_edges(rows: int, cols: int) -> list[Point]:
    """The edges between two cells (the steps of a line through cell centres), row by row."""
    return [p for p in points(rows, cols, "edge") if not is_outer(p, rows, cols)]


def format_point(p: Point) -> str:
    """The point's text form ("r1c1", "r1c1.5", "r1.5c1.5"; see the module docstring)."""
    y, x = p
    if y < 0 or x < 0:
        raise ValueError(f"{p} lies before the grid's first row or column")
    return f"r{_half(y)}c{_half(x)}"


def parse_point(text: str) -> Point:
    """The point of a text form made by `format_point` (letters in either case); ValueError otherwise."""
    match = _TEXT.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"{text!r} is not a point (like r1c1, r1c1.5 or r1.5c1.5)")
    r, r_half, c, c_half = match.groups()
    y, x = 2 * int(r) - 1 + bool(r_half), 2 * int(c) - 1 + bool(c_half)
    if y < 0 or x < 0:
        raise ValueError(f"{text!r} lies before the grid's first row or column")
    return y, x


def _half(v: int) -> str:
    """(v + 1) / 2 as text: a whole number for odd v, n.5 for even v."""
    return str((v + 1) // 2) if v % 2 else f"{v // 2}.5"


def _must(p: Point, kind: str) -> Point:
    if kind_of(p) != kind:
        raise ValueError(f"{p} is not a {kind}")
    return p
