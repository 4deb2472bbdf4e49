"""Polyomino placements: the cells of a colour inside a set of cells form exactly one piece of a given
set of shapes (a room holding one tetromino); and the shapes themselves: every free polyomino
of n cells, each named by its canonical form.

A shape is a frozenset of (r, c) offsets normalised to touch row 0 and column 0; its canonical form is
the least (as a sorted tuple) of its eight rotations and reflections, so two pieces are congruent
exactly when their canonical forms are equal.

`bank_pieces(f, rows, cols, pieces, colour, name)`: the cells of the colour in the grid are exactly the
pieces of a bank (a list of shapes to place), each a block touching no other side by side.

`one_piece(f, cells, shapes, colour, name)`: exactly one placement `("piece", name, i)` of one of the
shapes inside `cells` is chosen; a cell of `cells` has the colour exactly when the chosen placement
covers it. Returns, for each shape that has a placement, the variable `("piece shape", name, j)` (j
its place in `shapes`): true exactly when the chosen placement has that shape. Variables:
`("piece", name, i)` (one per placement, in the order of `placements`) and `("piece shape", name, j)`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from gridlogic.cnf.formula import Formula, Lit, Not, negate
from gridlogic.lattice import cell_point

Shape = frozenset          # of (r, c) offsets


def normalise(cells: Iterable[tuple[int, int]]) -> Shape:
    """The cells moved to touch row 0 and column 0."""
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def orientations(cells: Iterable[tuple[int, int]]) -> list[Shape]:
    """The distinct rotations and reflections of a set of cells, normalised."""
    out: list[Shape] = []
    cells = list(cells)
    for flip in (False, True):
        turned = [(c, r) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            turned = [(c, -r) for r, c in turned]
            shape = normalise(turned)
            if shape not in out:
                out.append(shape)
    return out


def canonical(cells: Iterable[tuple[int, int]]) -> Shape:
    """The canonical form of a piece: the least of its orientations as sorted tuples."""
    return min(orientations(cells), key=sorted)


def free_polyominoes(n: int) -> list[Shape]:
    """Every free polyomino of n cells (canonical forms), in order of their sorted cells."""
    found = {canonical([(0, 0)])}
    for _ in range(n - 1):
        grown = set()
        for shape in found:
            for r, c in shape:
                for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if cell not in shape:
                        grown.add(canonical(shape | {cell}))
        found = grown
    return sorted(found, key=sorted)


def placements(shapes: Iterable[Shape], cells: Iterable[tuple[int, int]]) -> list[tuple[Shape, tuple]]:
    """(shape, placed cells sorted) of every placement of the shapes (in any orientation) inside `cells`:
    per shape, per orientation, its first cell on each cell of `cells` in turn (in the order of a set of
    them). Two placements never repeat: distinct orientations are not moves of one another."""
    inside = set(cells)
    return [(shape, placed) for shape in shapes for _, _, _, placed in _placed(shape, inside)]


def _placed(shape: Shape, inside: set) -> Iterator[tuple[tuple, int, int, tuple]]:
    """(offsets, r0, c0, placed cells) of each placement of a shape inside a set of cells, its first cell
    (r0, c0) and its orientation's `_forms` offsets from it."""
    fits = inside.issuperset
    for offsets in _forms(shape):
        for r0, c0 in inside:
            placed = tuple([(r0 + r, c0 + c) for r, c in offsets])
            if fits(placed):
                yield offsets, r0, c0, placed


def _forms(shape: Shape) -> list[tuple]:
    """Each orientation's cells sorted, as offsets from its first cell (sorting commutes with a move)."""
    out = []
    for form in orientations(shape):
        cells = sorted(form)
        ar, ac = cells[0]
        out.append(tuple((r - ar, c - ac) for r, c in cells))
    return out


def one_piece(f: Formula, cells: Iterable[tuple[int, int]], shapes: list[Shape],
              colour: Callable[[tuple[int, int]], Lit], name) -> dict[Shape, tuple]:
    """The cells of the colour among `cells` (r, c) are exactly one piece of one of the shapes (see the
    module docstring); the literal of each shape that fits."""
    cells = sorted(set(cells))
    options = placements(shapes, cells)
    chosen = [("piece", name, i) for i in range(len(options))]
    f.exactly_one(chosen)
    covering: dict = {cell: [] for cell in cells}
    for var, (_, placed) in zip(chosen, options):
        for cell in placed:
            covering[cell].append(var)
    for cell in cells:
        lit = colour(cell_point(*cell))
        f.clause([negate(lit)] + covering[cell])
        for var in covering[cell]:
            f.implies(var, lit)
    order = list(dict.fromkeys(shapes))
    kinds: dict[Shape, tuple] = {}
    for var, (shape, _) in zip(chosen, options):
        kinds.setdefault(shape, ("piece shape", name, order.index(shape)))
        f.implies(var, kinds[shape])
    for shape, key in kinds.items():
        f.clause([Not(key)] + [var for var, (s, _) in zip(chosen, options) if s == shape])
    return kinds


def bank_pieces(f: Formula, rows: int, cols: int, pieces: list[Shape], colour: Callable[[tuple[int, int]], Lit],
                name) -> None:
    """The cells of the colour in an R×C grid are exactly the pieces of a bank (a list of shapes, any
    orientation, a shape listed twice placed twice), each an orthogonally connected block that touches no
    other side by side. Variables: `("placed", name, j, i)`, placement i of the bank's j-th distinct
    shape (in order of first listing).

    Clauses: exactly as many placements of each shape as the bank holds; a chosen placement's cells have
    the colour and the cells beside it do not; a cell of the colour is covered by a chosen placement.
    No two chosen placements share a cell, without a clause for it: two placements are different sets
    of cells, so one holds a cell the other lacks, and as a piece is connected, one such cell lies beside
    a shared one, hence beside the other placement, which wants it without the colour. (Measured on a
    12×12 pentomino puzzle: leaving the cells beside a placement to a clause per pair of neighbours made
    the formula half as large but the solve four times slower; "at most one placement covers a cell"
    written out made it slower too: docs/benchmarks.md, "Creek and statue park".) The clauses come after
    the counts, placements in `placements`' order, built as integers over the grid framed by a row and a
    column each side (the frame's cells without a literal), unguarded: a clue block around the call
    guards them at its end."""
    counts: dict[Shape, int] = {}
    for piece in pieces:
        key = canonical(piece)
        counts[key] = counts.get(key, 0) + 1
    grid = [(r, c) for r in range(rows) for c in range(cols)]
    wide = cols + 2                              # cell (r, c) is (r + 1) * wide + c + 1 in the framed grid
    anchors = list(set(grid))                    # a form's first cell goes on each in turn, as in `_placed`
    banked = []
    for j, (shape, count) in enumerate(counts.items()):
        options = []
        for offsets in _forms(shape):
            rs, cs = [r for r, _ in offsets], [c for _, c in offsets]
            low, high, left, right = -min(rs), rows - max(rs), -min(cs), cols - max(cs)
            laid = tuple(r * wide + c for r, c in offsets)
            rim = tuple(r * wide + c for r, c in _rim(offsets))
            options += [(laid, rim, (r0 + 1) * wide + c0 + 1) for r0, c0 in anchors
                        if low <= r0 < high and left <= c0 < right]
        chosen = [("placed", name, j, i) for i in range(len(options))]
        f.exactly(chosen, count)
        banked.append((f.lits(chosen), options))
    framed = [0] * ((rows + 2) * wide)           # a cell's colour literal, 0 on the frame
    within = [(r + 1) * wide + c + 1 for r, c in grid]
    for at, lit in zip(within, f.lits([colour(cell_point(*cell)) for cell in grid])):
        framed[at] = lit
    covering: list[list[int]] = [[] for _ in framed]
    out = f.clauses
    for chosen, options in banked:
        for var, (laid, rim, base) in zip(chosen, options):
            out += [[-var, framed[base + d]] for d in laid]
            out += [[-var, -lit] for d in rim if (lit := framed[base + d])]
            for d in laid:
                covering[base + d].append(var)
    out += [[-framed[at], *covering[at]] for at in within]


def _rim(offsets: tuple) -> tuple:
    """The cells beside a form and not in it, in order: each cell's neighbours above, below, left and right
    in turn, each once."""
    own = set(offsets)
    return tuple(dict.fromkeys(w for r, c in offsets for w in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                               if w not in own))
