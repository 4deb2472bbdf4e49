"""What a grader's board shares across the kinds whose cells each take one number and whose lines hold a
number once (kakuro's runs; puzlogic's rows, columns and sums): per cell its candidates (bit v-1 for v) and
value (0 open), the lines (each with its `cells`, indices of `cells`, and its `goal`, what its open cells
add up to when it has a sum) and per cell the lines through it. A kind's board adds its own start, copy and
contradiction tests (gridlogic/ladder.py's board protocol).
"""

from __future__ import annotations


def values(mask: int) -> list[int]:
    """The numbers of a mask (bit v-1 for v), smallest first."""
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit.bit_length())
        mask ^= bit
    return out


class LineBoard:
    """`cells` (r, c), `cand` and `values` per cell, `lines`, `through` per cell (its lines' indices)."""

    def __init__(self, cells, cand, values, lines, through) -> None:
        self.cells, self.cand, self.values, self.lines, self.through = cells, cand, values, lines, through
        self.index = {cell: i for i, cell in enumerate(cells)}
        self.telling = True           # whether techniques work out what their steps rest on (ladder.climb sets it)
        self.budget = None            # the budget of the climb under way (ladder.climb sets it)

    def fact(self, i: int, v: int | None = None) -> tuple[int, int, int]:
        return (*self.cells[i], self.values[i] if v is None else v)

    def set_value(self, i: int, v: int) -> int:
        """Put v at cell i: its candidates v alone, v gone from the other cells of its lines; v's bit."""
        bit = 1 << (v - 1)
        self.values[i] = v
        self.cand[i] &= bit
        for k in self.through[i]:
            for j in self.lines[k].cells:
                if j != i:
                    self.cand[j] &= ~bit
        return bit

    def lacking(self, line) -> tuple[list[int], int]:
        """A line's open cells and what they add up to."""
        open_cells, total = [], line.goal
        for i in line.cells:
            if self.values[i]:
                total -= self.values[i]
            else:
                open_cells.append(i)
        return open_cells, total

    def is_full(self) -> bool:
        return all(self.values)
