"""The grid's symmetries as moves of an editing state, and how a kind says its own state moves.

A *move* is one of the eight symmetries of a square (four on a grid that is not square: those that
keep rows as rows): transpose first when `swap`, then reverse the rows and/or the columns. Each part
type of a state moves itself (its class in this package); what a clue or a sign means depends on the
kind, so a kind declares a `Symmetry` (its SYMMETRY, gridlogic/contract): which line fields are rows
and which columns, what a line's clue becomes read backwards, how a sign reads from the other side,
what a cell's own value becomes, and what else a move must keep. A kind without one has the identity
only (gridlogic/symmetry.py counts solutions up to these moves).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Move:
    """A symmetry of the grid: transpose first when `swap`, then reverse the rows / the columns."""

    name: str
    swap: bool
    flip_rows: bool
    flip_cols: bool

    def place(self, r: int, c: int, rows: int, cols: int) -> tuple[int, int]:
        """Where cell (r, c) of a rows×cols grid goes."""
        if self.swap:
            r, c, rows, cols = c, r, cols, rows
        return (rows - 1 - r if self.flip_rows else r), (cols - 1 - c if self.flip_cols else c)

    def line(self, axis: int, index: int, rows: int, cols: int) -> tuple[int, int, bool]:
        """Where line `index` of `axis` (0 rows, 1 columns) goes: (axis, index, read backwards)."""
        start = self.place(index, 0, rows, cols) if axis == 0 else self.place(0, index, rows, cols)
        after = self.place(index, 1, rows, cols) if axis == 0 else self.place(1, index, rows, cols)
        moved_axis = 0 if start[0] == after[0] else 1
        backwards = (after[1] < start[1]) if moved_axis == 0 else (after[0] < start[0])
        return moved_axis, start[moved_axis], backwards


IDENTITY = Move("identity", False, False, False)
MOVES = (IDENTITY, Move("rotate 90", True, False, True), Move("rotate 180", False, True, True),
         Move("rotate 270", True, True, False), Move("mirror left-right", False, False, True),
         Move("mirror top-bottom", False, True, False), Move("transpose", True, False, False),
         Move("anti-transpose", True, True, True))


def same_value(value: str, move: Move) -> str:
    """A cell value that reads the same after any move (a digit)."""
    return value


def any_move(puzzle: Any, move: Move) -> bool:
    """Every move is allowed (the state alone decides)."""
    return True


@dataclass(frozen=True)
class Symmetry:
    """How one kind's editing state moves. `lines`: edge key -> (axis, family), where a transpose sends a
    family's row field to its column field; `backwards(value)` a line field read the other way;
    `signs`: mark direction -> (first-is-less sign, first-is-greater sign); `cell(value, move)` a cell's
    value after the move; `allows(puzzle, move)` what else a move must keep (box shape, reading
    direction). The defaults: no line fields nor signs, cell values kept, every move allowed."""

    lines: dict[str, tuple[int, str]] = field(default_factory=dict)
    backwards: Callable[[str], str] = lambda value: value
    signs: dict[str, tuple[str, str]] = field(default_factory=dict)
    cell: Callable[[str, Move], str] = same_value
    allows: Callable[[Any, Move], bool] = any_move
