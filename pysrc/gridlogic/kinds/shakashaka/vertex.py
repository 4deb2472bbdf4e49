"""The rule of the white areas at one vertex of the grid, as clauses over the states of the cells there.

Around every vertex lie eight 45° sectors, two of each of its four cells (SECTORS, clockwise from north). A
sector is black when the cell is black (or beyond the grid) or its triangle has its black corner at the
vertex or at the other end of the cell side the sector lies along. Every run of white sectors around a
vertex spans 90°, 180° or all 360° (a corner of an area, its straight side, its inside): so every white
area is a convex polygon with right angles, a rectangle. A picture is the states of the vertex's white
cells (0 no triangle, 1-4 a triangle, numbered by its black corner as in grid.py); it is allowed when its
runs are.

Not every allowed picture can be part of a solution: one whose neighbouring vertices (beside and across)
can show no allowed picture agreeing with it on the cells they share cannot, nor one whose neighbours
can only show such pictures, and so on. `pictures()` keeps the others (of 290 allowed pictures with black
cells among the states, 150; of the 111 of four white cells, 61). A solution's pictures are all there,
so the finer table holds wherever the rule does.

The clauses of a vertex are its prime clauses: each clause over the cells' states that every picture of
its table keeps and that loses none of its literals (the minimal sets of states meeting every picture, by
Berge's algorithm), but those naming all five states of a cell, which the cell's own rule keeps. With
the cell's rule they hold on the pictures of the table alone, and each is as short as the table allows,
so it propagates as early as it can. A vertex with a black cell or the grid's edge beside it takes the
finer table (a few short clauses); one with four white cells the allowed pictures (104 clauses: the
finer table's 172 take about a second of Python to work out). They are laid by `Formula.pattern` over five places per
white cell of the vertex, in the order of CELLS: its states 0 to 4.
"""

from __future__ import annotations

import functools
import itertools

# The four cells around a vertex, clockwise from the north-east: the cell's offset from the vertex and its
# corner there (1 bottom left, 2 bottom right, 3 top right, 4 top left, as the triangles are numbered).
CELLS = (((-1, 0), 1), ((0, 0), 4), ((0, -1), 3), ((-1, -1), 2))
# The eight sectors, clockwise from north: the cell (its index in CELLS) and the corner at the other end
# of the side the sector lies along.
SECTORS = ((0, 4), (0, 2), (1, 3), (1, 1), (2, 2), (2, 4), (3, 1), (3, 3))
GOOD_RUNS = (2, 4)            # white sectors in a row around a vertex (bounded by black ones): 90° or 180°
STATES = 5                    # a white cell's states: 0 no triangle, 1-4 a triangle


def is_allowed(picture: tuple[int | None, ...]) -> bool:
    """Whether the white sectors of a picture (a state per cell of CELLS, None a black cell or none) run
    90°, 180° or all around."""
    white = []
    for cell, other in SECTORS:
        state = picture[cell]
        white.append(state is not None and state not in (CELLS[cell][1], other))
    if all(white):
        return True
    start = white.index(False)
    run = 0
    for i in range(1, 9):
        if white[(start + i) % 8]:
            run += 1
        else:
            if run and run not in GOOD_RUNS:
                return False
            run = 0
    return True


@functools.cache
def pictures() -> frozenset[tuple[int | None, ...]]:
    """The pictures a vertex may show in some solution: the allowed ones (None a black cell or none) each
    vertex beside and across of which may show an allowed picture that agrees with it on the cells they
    share, and so on (the largest such set: a picture of a solution, its neighbours' in turn)."""
    table = {p for p in itertools.product((*range(STATES), None), repeat=4) if is_allowed(p)}
    offsets = [offset for offset, _ in CELLS]
    shared = {}
    for dy, dx in itertools.product((-1, 0, 1), repeat=2):
        pairs = [(i, j) for i, (r, c) in enumerate(offsets) for j, (r2, c2) in enumerate(offsets)
                 if (r2 + dy, c2 + dx) == (r, c)]
        if (dy, dx) != (0, 0):
            shared[dy, dx] = pairs
    changed = True
    while changed:
        changed = False
        for pairs in shared.values():
            seen = {tuple(q[j] for _, j in pairs) for q in table}
            kept = {p for p in table if tuple(p[i] for i, _ in pairs) in seen}
            changed |= kept != table
            table = kept
    return frozenset(table)


@functools.cache
def vertex_clauses(present: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
    """The prime clauses of a vertex whose cells of CELLS are white where `present` says (see the module
    docstring): of the pictures() it may show where a black cell or the grid's edge is beside it, of the
    allowed ones where its four cells are white. Place 5j + v + 1 is the state v of its j-th white cell."""
    where = [j for j, here in enumerate(present) if here]
    edges = []                               # each allowed picture as the set of its places (a bit each)
    for states in itertools.product(range(STATES), repeat=len(where)):
        picture = [None] * 4
        for j, v in zip(where, states):
            picture[j] = v
        if is_allowed(tuple(picture)) if len(where) == 4 else tuple(picture) in pictures():
            edges.append(sum(1 << (STATES * i + v) for i, v in enumerate(states)))
    hitting = [0]
    for edge in edges:                       # Berge: the minimal sets meeting every picture so far
        kept = [h for h in hitting if h & edge]
        grown = {h | 1 << bit for h in hitting if not h & edge for bit in range(STATES * len(where))
                 if edge >> bit & 1}
        grown = [g for g in grown if not any(k & g == k for k in kept)]
        hitting = kept + [g for g in grown if not any(o != g and o & g == o for o in grown)]
    whole = [((1 << STATES) - 1) << (STATES * i) for i in range(len(where))]
    return tuple(tuple(bit + 1 for bit in range(STATES * len(where)) if h >> bit & 1)
                 for h in sorted(hitting) if not any(h & w == w for w in whole))
