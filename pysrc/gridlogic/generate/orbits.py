"""Symmetry of a puzzle's clues: which cells a symmetry maps onto each other, and the orbits of clues.

A symmetry is a group of moves of an R×C grid: `rotate180` (a half turn), `rotate90` (quarter turns:
square grids), `mirror` (left to right), `diagonal` (the main diagonal: square grids), `none`. A clue
stands on a set of cells (a given on one, a futoshiki sign on two); its orbit is every clue whose
cells are a move of its cells, so removing whole orbits keeps the clues symmetric.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

Cell = tuple[int, int]
SYMMETRIES = ("none", "rotate180", "rotate90", "mirror", "diagonal")
SQUARE_ONLY = ("rotate90", "diagonal")


def moves(symmetry: str, rows: int, cols: int) -> list[Callable[[Cell], Cell]]:
    """The moves of the symmetry's group on an R×C grid (the identity first)."""
    last_r, last_c = rows - 1, cols - 1
    if symmetry == "rotate180":
        return [lambda x: x, lambda x: (last_r - x[0], last_c - x[1])]
    if symmetry == "rotate90":
        return [lambda x: x, lambda x: (x[1], last_r - x[0]), lambda x: (last_r - x[0], last_c - x[1]),
                lambda x: (last_c - x[1], x[0])]
    if symmetry == "mirror":
        return [lambda x: x, lambda x: (x[0], last_c - x[1])]
    if symmetry == "diagonal":
        return [lambda x: x, lambda x: (x[1], x[0])]
    return [lambda x: x]


def cell_orbits(symmetry: str, rows: int, cols: int) -> list[list[Cell]]:
    """The orbits of the grid's cells, each sorted, in reading order of their first cell."""
    seen: set[Cell] = set()
    out = []
    group = moves(symmetry, rows, cols)
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in seen:
                orbit = sorted({move((r, c)) for move in group})
                seen.update(orbit)
                out.append(orbit)
    return out


def clue_orbits(symmetry: str, rows: int, cols: int, clues: dict[Hashable, tuple[Cell, ...]]) -> list[list[Hashable]]:
    """The orbits of clues (id -> cells): each clue with those whose cells are a move of its cells, in
    the order of `clues` (a clue whose image is no clue makes an orbit with the others it reaches)."""
    by_cells = {frozenset(cells): key for key, cells in clues.items()}
    group = moves(symmetry, rows, cols)
    seen: set[Hashable] = set()
    out = []
    for key, cells in clues.items():
        if key in seen:
            continue
        orbit = [key]
        for move in group[1:]:
            image = by_cells.get(frozenset(move(cell) for cell in cells))
            if image is not None and image not in orbit:
                orbit.append(image)
        seen.update(orbit)
        out.append(orbit)
    return out


def is_symmetric(symmetry: str, rows: int, cols: int, cells: set[Cell]) -> bool:
    """True when every move of the symmetry maps the set of cells onto itself."""
    return all({move(cell) for cell in cells} == cells for move in moves(symmetry, rows, cols))
