"""Every Latin square of a small futoshiki, for the uniqueness of a square's clues without a search.

At sides up to LARGEST (4×4: 576 squares) every square is listed once per size, cells in row-major order,
depth first. For each cell and digit, the squares holding that digit there are one set of bits (a Python
int, bit k: the k-th square), and for each pair of neighbours, across and down, so are the squares whose
first cell holds the smaller digit. The squares agreeing with a puzzle's clues (digits given, signs drawn)
are the AND of their clues' sets; the clues leave one solution exactly when one bit is left. The tables of
a size are made at its first question and kept.
"""

from __future__ import annotations

import functools

LARGEST = 4
"""The largest side whose squares are listed (5×5 has 161,280)."""


def small(n: int) -> bool:
    """Whether the squares of the size are listed here."""
    return n <= LARGEST


@functools.lru_cache(maxsize=None)
def squares(n: int) -> tuple[tuple[int, ...], ...]:
    """Every n×n Latin square of the digits 1..n, row-major."""
    out: list[tuple[int, ...]] = []
    values = [0] * (n * n)
    rows, cols = [0] * n, [0] * n

    def place(i: int) -> None:
        if i == n * n:
            out.append(tuple(values))
            return
        r, c = divmod(i, n)
        for d in range(1, n + 1):
            bit = 1 << d
            if (rows[r] | cols[c]) & bit:
                continue
            rows[r] |= bit
            cols[c] |= bit
            values[i] = d
            place(i + 1)
            rows[r] ^= bit
            cols[c] ^= bit
        values[i] = 0
    place(0)
    return tuple(out)


def _bits(members) -> int:
    """The set of squares (bit k: the k-th) for which `members` (one bool per square) holds."""
    return int("".join("1" if m else "0" for m in reversed(list(members))) or "0", 2)


@functools.lru_cache(maxsize=None)
def holding(n: int) -> tuple[tuple[int, ...], ...]:
    """Per cell (row-major), per digit 1..n (index d - 1): the squares holding that digit there."""
    listed = squares(n)
    return tuple(tuple(_bits(s[i] == d for s in listed) for d in range(1, n + 1)) for i in range(n * n))


@functools.lru_cache(maxsize=None)
def smaller(n: int, first: int, second: int) -> int:
    """The squares whose cell `first` (row-major) holds a smaller digit than cell `second`."""
    return _bits(s[first] < s[second] for s in squares(n))


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
