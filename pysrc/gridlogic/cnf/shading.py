"""No 2×2 block of a colour: in every 2×2 square of cells of an R×C grid, at least one cell is not
of the colour (a wall of shaded cells, the unshaded cells of a few genres).

`apart`: no two cells of a colour side by side (or also corner to corner).

`no_checkerboard`, `border_runs`: what two colours that are each connected imply (no 2×2 checkerboard,
at most two runs around the border); written out beside the lazy connectivity, they spare its cuts.

Variables: none of their own (`border_runs`: its "change" variables); `colour(cell point)` names the literal "this cell has the colour", such as
("shade", y, x) or Not(("shade", y, x)). One clause per 2×2 block.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import lru_cache

from gridlogic.cnf.formula import Formula, Lit, negate


def blocks_2x2(rows: int, cols: int) -> list[list[tuple[int, int]]]:
    """The cell points of every 2×2 block, row by row (top left first)."""
    return [[(y, x), (y, x + 2), (y + 2, x), (y + 2, x + 2)]
            for y in range(1, 2 * rows - 2, 2) for x in range(1, 2 * cols - 2, 2)]


def no_2x2(f: Formula, rows: int, cols: int, colour: Callable[[tuple[int, int]], Lit]) -> None:
    """No 2×2 block whose four cells all have the colour."""
    for block in blocks_2x2(rows, cols):
        f.clause([negate(colour(p)) for p in block])


def apart(f: Formula, rows: int, cols: int, colour: Callable[[tuple[int, int]], Lit], diagonal: bool = False) -> None:
    """No two cells of the colour side by side (shaded cells kept apart), nor corner to corner
    with `diagonal` (star battle's stars). One clause per pair of neighbours."""
    off = {(y, x): negate(colour((y, x))) for y in range(1, 2 * rows, 2) for x in range(1, 2 * cols, 2)}
    steps = ((0, 2), (2, 0)) + (((2, -2), (2, 2)) if diagonal else ())
    for (y, x), lit in off.items():
        for dy, dx in steps:
            other = off.get((y + dy, x + dx))
            if other is not None:
                f.clause([lit, other])


def no_checkerboard(f: Formula, rows: int, cols: int, colour: Callable[[tuple[int, int]], Lit]) -> None:
    """No 2×2 block coloured like a checkerboard (two cells of the colour corner to corner, the other two
    not). Implied when the cells of the colour are connected and so are the others (two paths joining
    the two diagonals would cross): written out, it spares the lazy cuts. Two clauses per block."""
    for a, b, c, d in blocks_2x2(rows, cols):
        f.clause([negate(colour(a)), negate(colour(d)), colour(b), colour(c)])
        f.clause([colour(a), colour(d), negate(colour(b)), negate(colour(c))])


def border_runs(f: Formula, rows: int, cols: int, colour: Callable[[tuple[int, int]], Lit], name: str) -> None:
    """Around the grid's border the colour changes at most twice (one run of the colour, one of the rest).
    Implied, as `no_checkerboard`, when both the colour's cells and the others are connected (two runs
    of each would need crossing paths). Variables: ("change", name, i), "the i-th border cell (clockwise
    from the top left) and the next differ". Grids under 2×2 have no border ring: nothing is written."""
    if rows < 2 or cols < 2:
        return
    ring = ([(1, 2 * c + 1) for c in range(cols)] + [(2 * r + 1, 2 * cols - 1) for r in range(1, rows)]
            + [(2 * rows - 1, 2 * c + 1) for c in range(cols - 2, -1, -1)]
            + [(2 * r + 1, 1) for r in range(rows - 2, 0, -1)])
    changes = []
    for i, p in enumerate(ring):
        q = ring[(i + 1) % len(ring)]
        key = ("change", name, i)
        a, b = colour(p), colour(q)
        f.clause([negate(key), a, b])
        f.clause([negate(key), negate(a), negate(b)])
        f.clause([key, negate(a), b])
        f.clause([key, a, negate(b)])
        changes.append(key)
    f.at_most(changes, 2)


def corner_count(f: Formula, rows: int, cols: int, vertex: tuple[int, int], colour: Callable[[tuple[int, int]], Lit],
                 n: int) -> None:
    """Exactly n of the one to four cells around the vertex at lattice point `vertex` (even, even) have
    the colour (a number at a corner of the grid). Written out, without a counter's auxiliaries: among
    any n + 1 of them one lacks the colour, among any m - n + 1 (m cells) one has it (none holds when
    n > m). Faster than pysat's counter on creek (docs/benchmarks.md, "Creek and statue park")."""
    y, x = vertex
    around = [(y + dy, x + dx) for dy in (-1, 1) for dx in (-1, 1) if 0 < y + dy < 2 * rows and 0 < x + dx < 2 * cols]
    f.pattern([colour(p) for p in around], _exactly(len(around), n))


@lru_cache(maxsize=None)
def _exactly(m: int, n: int) -> tuple[tuple[int, ...], ...]:
    """The clauses, over places 1..m, of "exactly n of them hold" (an empty clause when n > m)."""
    if n > m:
        return ((),)
    places = range(1, m + 1)
    return (tuple(tuple(-k for k in some) for some in itertools.combinations(places, n + 1))
            + tuple(itertools.combinations(places, m - n + 1)))
