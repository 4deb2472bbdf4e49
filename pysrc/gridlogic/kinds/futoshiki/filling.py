"""A seeded Latin square for the generator without SAT: cells in row-major order, depth first, each cell's
digits tried in an order drawn from the seed before the search starts (so the square depends on the seed
alone, on CPython and in Pyodide), a digit skipped when its row or column holds it. A search that takes
more than `MOST_TRIES` placements per cell gives up (None), and the maker fills by SAT instead.
"""

from __future__ import annotations

import random

Cell = tuple[int, int]
MOST_TRIES = 30             # placements per cell before giving up (a 9×9 square needs about two each)


def seeded_square(n: int, rng: random.Random) -> dict[Cell, int] | None:
    """An n×n Latin square of the digits 1..n as {cell: digit}, or None when the search gives up."""
    prefer = [rng.sample(range(1, n + 1), n) for _ in range(n * n)]
    rows, cols = [0] * n, [0] * n                 # digits used per row and column, a bit per digit
    values = [0] * (n * n)
    tried = [0] * (n * n)                         # per cell: how many of its preferred digits were tried
    tries = MOST_TRIES * n * n
    i = 0
    while i < n * n:
        r, c = divmod(i, n)
        if values[i]:                              # back at a cell: take its digit away first
            bit = 1 << values[i]
            rows[r] ^= bit
            cols[c] ^= bit
            values[i] = 0
        used = rows[r] | cols[c]
        order = prefer[i]
        k = tried[i]
        while k < n and used >> order[k] & 1:
            k += 1
        if k == n:                                 # no digit left: back to the cell before
            tried[i] = 0
            i -= 1
            if i < 0:
                return None
            continue
        tries -= 1
        if tries < 0:
            return None
        d = order[k]
        tried[i] = k + 1
        values[i] = d
        rows[r] |= 1 << d
        cols[c] |= 1 << d
        i += 1
    return {divmod(j, n): values[j] for j in range(n * n)}
