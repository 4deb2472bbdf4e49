"""Outside clues: one cell just outside the grid, the clue on that row or column (sandwich, x-sum,
skyscraper) or, with a direction, on a diagonal (little killer)."""

from __future__ import annotations

from gridlogic.layout.common import need
from gridlogic.layout.items import DIRECTIONS, Cell, Fail, Part, cell_name


class Outside(Part):
    """1 cell: row -1 or `rows` with a column of the grid, or column -1 or `cols` with a row of the
    grid; a corner (-1/-1, -1/cols, rows/-1, rows/cols) only when the choice has `directions`. Drawn
    as a number beside the line, or (diagonal) a number and a small arrow along the direction."""

    type = "outside"
    counts = (1, 1)
    looks = ("number", "diagonal")
    flags = ("directions",)

    @classmethod
    def check_choice(cls, choice: dict, where: str) -> None:
        """An outside clue is one cell."""
        need(choice.get("min_cells", 1) == choice.get("max_cells", 1) == 1,
             f"{where}: an outside clue's min_cells and max_cells are 1")

    def check_cells(self, cells: list[Cell], choice: dict, rows: int, cols: int, fail: Fail) -> list[Cell]:
        """One cell just outside the grid (a corner only with directions)."""
        if len(cells) != 1:
            fail(f"is one cell outside the grid, not {len(cells)}")
        (r, c), = cells
        beside = (r in (-1, rows) and 0 <= c < cols) or (c in (-1, cols) and 0 <= r < rows)
        corner = r in (-1, rows) and c in (-1, cols)
        if not (beside or (corner and choice.get("directions"))):
            fail(f"{cell_name((r, c))} is not just outside the {rows}×{cols} grid "
                 f"(row or column 0 or {rows + 1 if r in (-1, rows) else cols + 1})")
        return cells

    def check_direction(self, cells: list[Cell], direction: str, rows: int, cols: int, fail: Fail) -> None:
        """The diagonal along `direction` enters the grid."""
        (r, c), (dr, dc) = cells[0], DIRECTIONS[direction]
        if not (0 <= r + dr < rows and 0 <= c + dc < cols):
            fail(f"the diagonal {direction} from {cell_name((r, c))} misses the grid")
