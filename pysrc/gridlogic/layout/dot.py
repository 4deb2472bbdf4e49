"""Dots: on the edge between two orthogonal neighbours (kropki, XV) or on the corner of a 2×2 block
(a quadruple's circle)."""

from __future__ import annotations

from gridlogic.layout.common import need
from gridlogic.layout.items import Cell, Fail, Part, cell_name, inside


class Dot(Part):
    """2 cells side by side (an edge) or the 4 cells of a 2×2 block (a corner), in row-major order
    (a state's cells in another order are put in it). Drawn white, black, as the choice's `letter`, or
    as a small circle on the corner holding the value's digits."""

    type = "dot"
    counts = (2, 4)
    looks = ("white", "black", "letter", "circle")

    @classmethod
    def check_choice(cls, choice: dict, where: str) -> None:
        """A dot has 2 or 4 cells."""
        low, high = choice.get("min_cells", cls.counts[0]), choice.get("max_cells", cls.counts[1])
        need(low in (2, 4) and high in (2, 4), f"{where}: a dot's min_cells and max_cells are 2 or 4")

    def check_cells(self, cells: list[Cell], choice: dict, rows: int, cols: int, fail: Fail) -> list[Cell]:
        """Two orthogonal neighbours or a 2×2 block, inside the grid, in row-major order."""
        inside(cells, rows, cols, fail)
        cells = sorted(cells)
        if len(cells) == 2:
            (r1, c1), (r2, c2) = cells
            if abs(r1 - r2) + abs(c1 - c2) != 1:
                fail(f"{cell_name(cells[0])} and {cell_name(cells[1])} are not side by side")
        elif len(cells) == 4:
            r, c = cells[0]
            if cells != [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]:
                fail(f"the cells from {cell_name(cells[0])} are not a 2×2 block")
        else:
            fail(f"a dot lies between 2 cells (an edge) or 4 (a corner), not {len(cells)}")
        return cells

    def settle(self, item: dict) -> dict:
        """The moved cells in row-major order."""
        return {**item, "cells": sorted(item["cells"])}

    def cells_key(self, cells: tuple[Cell, ...], more: tuple[Cell, ...], choice: dict) -> tuple:
        """A set of cells."""
        return tuple(sorted(cells)), more
