"""The pearls' rules, written as clauses (`encode_pearl`) and checked on a drawn loop (`pearl_faults`),
side by side and sharing no code.

A white pearl: the loop goes straight through it, and turns in at least one of the two cells before
and after it. A black pearl: the loop turns in it, and goes straight on through the next cell on both
of its arms. Either way the loop passes through the pearl.

An arm of a cell is one of its four steps to a neighbour: ("line", y, x) at the edge point between
them. `arm(p, d, k)` is the edge k steps along direction d from the cell p (k = 0 its own side, 1 the
next cell's far side), None off the grid's inner edges.
"""

from __future__ import annotations

from gridlogic.cnf.formula import Formula, Not
from gridlogic.cnf.loops import line

WHITE, BLACK = 1, 2
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))          # up, down, left, right: pairs 0/1 and 2/3 are opposite


def arm(p, d, k, rows: int, cols: int):
    """The edge point k cells along direction d from cell point p (see the module docstring), or None."""
    dy, dx = DIRECTIONS[d]
    y, x = p[0] + dy * (2 * k + 1), p[1] + dx * (2 * k + 1)
    return (y, x) if 0 < y < 2 * rows and 0 < x < 2 * cols else None


def encode_pearl(f: Formula, p, colour: int, rows: int, cols: int) -> None:
    """The clauses of a pearl at cell point p, over the loop's line variables (an edge off the grid's
    inner edges is never used: its literal is false, its negation true)."""
    near = [arm(p, d, 0, rows, cols) for d in range(4)]
    far = [arm(p, d, 1, rows, cols) for d in range(4)]

    def used(e):
        return line(e) if e is not None else False

    def unused(e):
        return Not(line(e)) if e is not None else True

    def clause(*lits):
        if True not in lits:
            f.clause([x for x in lits if x is not False])

    if colour == WHITE:
        for a, b in ((0, 1), (2, 3)):             # straight: an arm in use means its opposite too
            clause(unused(near[a]), used(near[b]))
            clause(unused(near[b]), used(near[a]))
            clause(unused(near[a]), unused(far[a]), unused(far[b]))      # ...and it turns beside it
        clause(*[used(near[d]) for d in range(4)])                        # on the loop
    else:
        for a, b in ((0, 1), (2, 3)):             # a turn: one arm of each axis
            clause(used(near[a]), used(near[b]))
            clause(unused(near[a]), unused(near[b]))
        for d in range(4):                        # each arm in use goes straight through the next cell
            clause(unused(near[d]), used(far[d]))


def pearl_faults(lines: frozenset, p, colour: int) -> str | None:
    """What a drawn loop breaks at a pearl at cell point p (None when it holds), read off the edges."""
    y, x = p
    used = [(y + dy, x + dx) in lines for dy, dx in DIRECTIONS]
    if sum(used) != 2:
        return "the loop does not pass through it"
    straight = used[0] and used[1] or used[2] and used[3]

    def goes_on(d):                              # the next cell along d continues straight
        dy, dx = DIRECTIONS[d]
        return (y + 3 * dy, x + 3 * dx) in lines
    ways = [d for d in range(4) if used[d]]
    if colour == WHITE:
        if not straight:
            return "the loop turns on a white pearl"
        if all(goes_on(d) for d in ways):
            return "the loop goes straight on both sides of a white pearl"
        return None
    if straight:
        return "the loop goes straight through a black pearl"
    if not all(goes_on(d) for d in ways):
        return "the loop turns next to a black pearl"
    return None
