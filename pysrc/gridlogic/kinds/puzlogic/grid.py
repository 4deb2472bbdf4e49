"""The puzlogic Puzzle and the limits of what is read."""

from __future__ import annotations

from dataclasses import dataclass

SUM_KINDS = ("all", "blue")
AXES = ("row", "column")
MAX_COORD = 50             # lattice coordinates 0..49
MAX_VALUE = 99
MAX_NUMBER_DIGITS = 9      # longer numbers are out of every range
MAX_TARGET = 10 ** MAX_NUMBER_DIGITS - 1


@dataclass(frozen=True)
class Puzzle:
    """Lattice cells `(r, c, value)` sorted (0 = empty), the pieces sorted, sums `(kind, axis, index,
    target)` sorted (axis 0 = row, 1 = column)."""

    cells: tuple[tuple[int, int, int], ...]
    pieces: tuple[int, ...]
    sums: tuple[tuple[str, int, int, int], ...] = ()

    def empty_cells(self) -> list[tuple[int, int]]:
        """The cells that receive a piece."""
        return [(r, c) for r, c, v in self.cells if v == 0]

    def line(self, axis: int, index: int) -> list[tuple[int, int, int]]:
        """The cells of a row (axis 0) or column (axis 1)."""
        return [cell for cell in self.cells if cell[axis] == index]


Solution = tuple  # ((r, c, value), ...) for the empty cells, sorted
