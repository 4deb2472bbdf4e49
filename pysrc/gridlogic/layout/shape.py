"""Cell shapes: single cells each under the same rule (odd, even, minimum, maximum)."""

from __future__ import annotations

from gridlogic.layout.items import Cell, Fail, Part, distinct, inside


class Shape(Part):
    """1+ distinct cells inside the grid, in no order; each drawn in the cell as a circle, a square, or
    chevrons pointing in (up: a minimum) or out (down: a maximum)."""

    type = "shape"
    looks = ("circle", "square", "up", "down")

    def check_cells(self, cells: list[Cell], choice: dict, rows: int, cols: int, fail: Fail) -> list[Cell]:
        """Inside the grid, each once."""
        inside(cells, rows, cols, fail)
        distinct(cells, fail)
        return cells

    def cells_key(self, cells: tuple[Cell, ...], more: tuple[Cell, ...], choice: dict) -> tuple:
        """A set of cells."""
        return tuple(sorted(cells)), more
