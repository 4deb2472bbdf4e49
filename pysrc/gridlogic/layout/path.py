"""Paths: ordered lines of cells, each a king's move from the one before (thermometers, whispers,
renban...); an arrow's `cells` are its circle or pill and its `more` the line out of it. A pill is
read left to right, top to bottom, whatever order its cells were written in."""

from __future__ import annotations

from gridlogic.layout.items import Cell, Fail, Part, distinct, inside, steps


class Path(Part):
    """1+ distinct cells inside the grid, each touching the one before (diagonals too). A `line`
    choice's `more` is a path too, starting next to one of `cells`. A `reversible` choice reads the
    same backwards (symmetry compares it both ways)."""

    type = "path"
    looks = ("thermo", "line", "arrow", "between")
    mores = ("", "line")
    flags = ("reversible",)

    def check_cells(self, cells: list[Cell], choice: dict, rows: int, cols: int, fail: Fail) -> list[Cell]:
        """Inside the grid, each once, each next to the one before."""
        inside(cells, rows, cols, fail)
        distinct(cells, fail)
        if choice.get("more") == "line":
            steps(sorted(cells), fail, "circle (read left to right, top to bottom)")
        else:
            steps(cells, fail, "line")
        return cells

    def cells_key(self, cells: tuple[Cell, ...], more: tuple[Cell, ...], choice: dict) -> tuple:
        """In order (a pill in reading order); a reversible line either way (the smaller reading)."""
        if choice.get("more") == "line":
            return tuple(sorted(cells)), more
        if choice.get("reversible"):
            return min(cells, cells[::-1]), more
        return cells, more
