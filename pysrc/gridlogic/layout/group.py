"""Groups: any cells of the grid taken together, in no order (killer cages, extra regions, irregular
regions, a clone and its copy)."""

from __future__ import annotations

from gridlogic.layout.items import Cell, Fail, Part, distinct, inside


class Group(Part):
    """1+ distinct cells inside the grid, kept in the order given; a `copy` choice's `more` is the
    copy, cell by cell (as many cells). Drawn as a cage (dashed border, value top-left), a region
    (thick border, tint) or shaded cells."""

    type = "group"
    looks = ("cage", "region", "shade")
    mores = ("", "copy")

    def check_cells(self, cells: list[Cell], choice: dict, rows: int, cols: int, fail: Fail) -> list[Cell]:
        """Inside the grid, each once."""
        inside(cells, rows, cols, fail)
        distinct(cells, fail)
        return cells

    def cells_key(self, cells: tuple[Cell, ...], more: tuple[Cell, ...], choice: dict) -> tuple:
        """A set of cells; a clone's pairs of a cell and its copy, as a set of pairs."""
        if choice.get("more") == "copy":
            return tuple(sorted(tuple(sorted(pair)) for pair in zip(cells, more))), ()
        return tuple(sorted(cells)), tuple(sorted(more))
