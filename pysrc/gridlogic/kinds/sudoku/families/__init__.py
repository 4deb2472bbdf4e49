"""Variant sudoku constraint families: each constraint type's encoding and its independent check.

A family module (sums, outside, lines, dots, cells, groups) exports two tables keyed by a constraint type's
name (see ../constraints.py):
- `ENCODE[type](f, constraint, grid, tag)` adds the constraint's clauses to the Formula over the
  digit variables `grid.digit(r, c, d)` (true when (r, c) holds d), naming any auxiliary variable
  by a key that starts with `tag` (unique per constraint); it is called inside the constraint's clue
  block, so every clause it adds is switched with the clue.
- `HOLDS[type](constraint, values, grid)` says whether a filled grid (`values`: its digits row-major,
  `values[r * grid.size + c]`) keeps the constraint, written apart from the encoding (no shared
  code), for `check` and the tests.
`GLOBAL_ENCODE` / `GLOBAL_HOLDS` do the same for rules over the whole grid that depend on the
constraints drawn (the negative forms of kropki and XV): `GLOBAL_ENCODE[name](f, constraints, grid, tag)`
and `GLOBAL_HOLDS[name](constraints, values, grid)`, `constraints` being all of the puzzle's.
Each family module's docstring states its rules and how they are encoded; `_encode` holds the clause
patterns the encoders share (the checkers share nothing with them).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from gridlogic.kinds.sudoku.families import cells, dots, groups, lines, outside, sums

Cell = tuple[int, int]


@dataclass(frozen=True)
class Grid:
    """The shape a constraint lives on: its size (digits 1..size) and its regions (the boxes, or the
    irregular regions; a cell may be in none)."""

    size: int
    regions: tuple[tuple[Cell, ...], ...]

    @staticmethod
    def digit(r: int, c: int, d: int) -> tuple:
        """The key of "cell (r, c) holds d"."""
        return ("digit", r, c, d)

    def keys_of(self, cell: Cell) -> tuple:
        """The keys of "cell holds d" for d = 1..size, in that order (made once per cell of the grid)."""
        keys = self._keys.get(cell)
        if keys is None:
            keys = self._keys[cell] = tuple(("digit", *cell, d) for d in self.digits)
        return keys

    @functools.cached_property
    def _keys(self) -> dict[Cell, tuple]:
        return {}

    @functools.cached_property
    def region_of(self) -> dict[Cell, int]:
        """Each cell's region index (cells in no region are absent)."""
        return {cell: i for i, region in enumerate(self.regions) for cell in region}

    @property
    def digits(self) -> range:
        """1..size."""
        return range(1, self.size + 1)


ENCODE = {**sums.ENCODE, **outside.ENCODE, **lines.ENCODE, **dots.ENCODE, **cells.ENCODE, **groups.ENCODE}
HOLDS = {**sums.HOLDS, **outside.HOLDS, **lines.HOLDS, **dots.HOLDS, **cells.HOLDS, **groups.HOLDS}
GLOBAL_ENCODE = dict(dots.GLOBAL_ENCODE)
GLOBAL_HOLDS = dict(dots.GLOBAL_HOLDS)
