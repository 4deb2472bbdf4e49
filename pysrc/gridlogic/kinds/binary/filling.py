"""A seeded solution grid for the generator without SAT: rows laid one by one, depth first.

A row is a bit mask (bit c: column c holds 1), drawn from the lines of its width that keep rules 1 and 2
(`balanced_lines`). A row may go under the rows above when no column would hold three equal digits (the
two rows above agree there: the new row takes the other digit) or more than half of one digit (a column
holding its half of 1s takes 0, and of 0s takes 1), and it repeats no row above (rule 3); the last row
is kept only when the columns are all different too. The order in which rows are tried is drawn from the
seed before the search starts (one shuffled list of the lines, rotated by a drawn offset at each row), so
the grid depends on the seed alone, on CPython and in Pyodide. A search that tries more than
`MOST_TRIES` rows per row gives up (None), and the maker fills by SAT instead.
"""

from __future__ import annotations

import functools
import random

Cell = tuple[int, int]
MOST_TRIES = 4              # rows tried per row of the grid before a search starts again
RESTARTS = 40               # searches before giving up


@functools.lru_cache(maxsize=None)
def balanced_lines(n: int) -> tuple[int, ...]:
    """The lines of n cells (bit masks) holding n/2 1s with no three equal digits side by side."""
    full = (1 << n) - 1
    return tuple(x for x in range(1 << n) if x.bit_count() * 2 == n
                 and not (x & x >> 1 & x >> 2) and not (~x & full & ~x >> 1 & ~x >> 2 & full >> 2))


def seeded_grid(width: int, height: int, rng: random.Random) -> dict[Cell, int] | None:
    """A solution of the empty `width`×`height` grid (both even), as {cell: digit}, or None when the
    search gives up."""
    lines = list(balanced_lines(width))
    if height > len(lines) or width > len(balanced_lines(height)):
        return None                         # more rows (or columns) than distinct lines: no solution
    rng.shuffle(lines)
    for _ in range(RESTARTS):
        starts = [rng.randrange(len(lines)) for _ in range(height)]
        rows = _search(lines, starts, width, height)
        if rows is not None:
            return {(r, c): row >> c & 1 for r, row in enumerate(rows) for c in range(width)}
    return None


def _search(lines: list[int], starts: list[int], width: int, height: int) -> list[int] | None:
    """The rows of a solution, row r's tried from lines[starts[r]] on, or None when the search gives up."""
    half = height // 2
    rows: list[int] = []
    ones = [0] * width
    tries = [MOST_TRIES * height]

    def place(r: int) -> bool:
        if r == height:
            return len({tuple(row >> c & 1 for row in rows) for c in range(width)}) == width
        zero = one = 0
        left = height - r - 1
        for c in range(width):
            last, run = _run(rows, c)
            need = half - ones[c]
            if not _can_fill(*_after(last, run, 1), left, need - 1):
                zero |= 1 << c
            if not _can_fill(*_after(last, run, 0), left, need):
                one |= 1 << c
        if zero & one:
            return False
        start = starts[r]
        for row in lines[start:] + lines[:start]:
            if row & zero or row & one != one or row in rows:
                continue
            tries[0] -= 1
            if tries[0] < 0:
                return False
            rows.append(row)
            for c in range(width):
                ones[c] += row >> c & 1
            if place(r + 1):
                return True
            rows.pop()
            for c in range(width):
                ones[c] -= row >> c & 1
        return False

    return rows if place(0) else None


def _run(rows: list[int], c: int) -> tuple[int, int]:
    """The digit the column c ends with so far and how many times it is repeated at its end (-1, 0: none)."""
    if not rows:
        return -1, 0
    last = rows[-1] >> c & 1
    return last, 2 if len(rows) >= 2 and rows[-2] >> c & 1 == last else 1


def _after(last: int, run: int, d: int) -> tuple[int, int]:
    """The column's end after a digit d: (digit, run), run 3 when it breaks rule 1."""
    return (d, run + 1) if d == last else (d, 1)


@functools.lru_cache(maxsize=None)
def _can_fill(last: int, run: int, left: int, need: int) -> bool:
    """Whether a column ending with `run` times `last` can take `left` more digits, `need` of them 1s,
    without three equal digits side by side."""
    if run >= 3 or not 0 <= need <= left:
        return False
    if left == 0:
        return True
    return any(_can_fill(*_after(last, run, d), left - 1, need - d) for d in (0, 1))
