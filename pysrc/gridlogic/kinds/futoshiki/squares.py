"""Every Latin square of a small futoshiki, for the uniqueness of a square's clues without a search.

At sides up to LARGEST (4×4: 576 squares) every square is listed once per size, rows laid one by one from
the permutations of the digits. For each cell and digit, the squares holding that digit there are one set of bits (a Python
int, bit k: the k-th square), and for each pair of neighbours, across and down, so are the squares whose
first cell holds the smaller digit. The squares agreeing with a puzzle's clues (digits given, signs drawn)
are the AND of their clues' sets; the clues leave one solution exactly when one bit is left. The tables of
a size are made at its first question and kept.
"""

from __future__ import annotations

import functools
import itertools

LARGEST = 4
"""The largest side whose squares are listed (5×5 has 161,280)."""


def small(n: int) -> bool:
    """Whether the squares of the size are listed here."""
    return n <= LARGEST


@functools.lru_cache(maxsize=None)
def squares(n: int) -> tuple[tuple[int, ...], ...]:
    """Every n×n Latin square of the digits 1..n, row-major: rows laid one by one from the permutations, each
    row among those no row above clashes with in any column (kept per permutation)."""
    rows = list(itertools.permutations(range(1, n + 1)))
    apart = [{j for j, other in enumerate(rows) if all(a != b for a, b in zip(row, other))} for row in rows]
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def place(left: set[int]) -> None:
        if len(chosen) == n:
            out.append(tuple(d for i in chosen for d in rows[i]))
            return
        for i in sorted(left):
            chosen.append(i)
            place(left & apart[i])
            chosen.pop()
    place(set(range(len(rows))))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _by_row(n: int) -> list[dict[tuple[int, ...], int]]:
    """Per row: each permutation -> the squares holding it there (bit k: the k-th square)."""
    listed = squares(n)
    out: list[dict] = [{} for _ in range(n)]
    for k, square in enumerate(listed):
        for r in range(n):
            row = square[r * n:(r + 1) * n]
            out[r][row] = out[r].get(row, 0) | 1 << k
    return out


@functools.lru_cache(maxsize=None)
def holding(n: int) -> tuple[tuple[int, ...], ...]:
    """Per cell (row-major), per digit 1..n (index d - 1): the squares holding that digit there."""
    by_row = _by_row(n)
    out = []
    for r in range(n):
        for c in range(n):
            sets = [0] * n
            for row, them in by_row[r].items():
                sets[row[c] - 1] |= them
            out.append(tuple(sets))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def smaller(n: int, first: int, second: int) -> int:
    """The squares whose cell `first` (row-major) holds a smaller digit than cell `second`."""
    holds = holding(n)
    out = 0
    for low in range(n):
        for high in range(low + 1, n):
            out |= holds[first][low] & holds[second][high]
    return out


def every(n: int) -> int:
    """The set of all the squares of the size."""
    return (1 << len(squares(n))) - 1


def agreeing(n: int, grid: dict[tuple[int, int], int], clues: dict) -> dict:
    """Per clue of a square `grid` ({cell: digit}; `clues`: a given's key (r, c), a sign's key -> its two
    cells): the listed squares agreeing with it (holding the digit, or ordering the sign's cells alike)."""
    holds, orders = holding(n), _orders(n)
    out = {}
    for clue, cells in clues.items():
        if len(cells) == 2:
            a, b = cells
            out[clue] = orders[(a, b)][grid[a] > grid[b]]
        else:
            (r, c), = cells
            out[clue] = holds[r * n + c][grid[(r, c)] - 1]
    return out


@functools.lru_cache(maxsize=None)
def _orders(n: int) -> dict:
    """Per pair of neighbours (cells), across and down: the squares whose first holds the smaller digit, and
    the others."""
    out = {}
    for r in range(n):
        for c in range(n):
            for other in ((r, c + 1), (r + 1, c)):
                if other[0] < n and other[1] < n:
                    below = smaller(n, r * n + c, other[0] * n + other[1])
                    out[((r, c), other)] = (below, every(n) & ~below)
    return out


def unique(n: int, agree: dict, kept) -> bool:
    """Whether the clues `kept` (`agree`: `agreeing`'s sets) leave one square."""
    left = every(n)
    for clue in kept:
        left &= agree[clue]
    return not left & (left - 1)
