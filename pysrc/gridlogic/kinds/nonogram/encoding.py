"""A line's automaton as clauses (Bacchus's encoding of `regular`), and the symmetric guess (the package
docstring says when it is tried and why)."""

from __future__ import annotations

from gridlogic.budget import tick
from gridlogic.formula import Formula
from gridlogic.kinds.nonogram.grid import Puzzle
from gridlogic.kinds.nonogram.lines import Automaton, _cell_lines


def encode_line(f: Formula, tag, auto: Automaton, cells: list, known: list[int], guard: list[int] = ()) -> None:
    """The automaton along one line, over its live states only (see the package docstring).

    The `guard` literals go on the start, the accepting end and each cell's support clauses only:
    with them false, every state may be false and the line no longer constrains its cells, while
    the clauses that only define states and moves need no guard (they stay short).

    Every variable is named by its key through `f.var`; the clauses are then appended as integer
    lists, because building them from keys was measured at several times the cost and dominated
    the solve time of 25×25 puzzles (docs/benchmarks.md).
    """
    live = auto.live(known)
    n = len(cells)
    var, out = f.var, f.clauses
    xs = [var(x) for x in cells]

    def states(i: int) -> list[int]:
        bits, q, found = live[i], 0, []
        while bits:
            if bits & 1:
                found.append(q)
            bits >>= 1
            q += 1
        return found

    guard = list(guard)
    here = {q: var(("state", tag, 0, q)) for q in states(0)}
    for q in here.values():
        out.append([q] + guard)
    for i in range(n):
        tick()
        x, v_known = xs[i], known[i]
        later = live[i + 1]
        incoming: dict[int, list[int]] = {q: [] for q in states(i + 1)}
        fills, empties = [], []
        for q, s in here.items():
            bit = 1 << q
            outs = []
            if v_known != 0 and bit & auto.fill and later & (bit << 1):
                outs.append((x, q + 1))
            if v_known != 1:
                if bit & auto.gap and later & (bit << 1):
                    outs.append((-x, q + 1))
                elif bit & auto.stay and later & bit:
                    outs.append((-x, q))
            if len(outs) == 1:                       # one way on: the state itself is the move
                (xv, nq), = outs
                if v_known == -1:
                    out.append([-s, xv])
                (fills if xv > 0 else empties).append(s)
                incoming[nq].append(s)
            else:
                moves = []
                for xv, nq in outs:
                    t = var(("move", tag, i, q, int(xv > 0)))
                    out.extend(([-t, s], [-t, xv], [-s, -xv, t]))
                    (fills if xv > 0 else empties).append(t)
                    incoming[nq].append(t)
                    moves.append(t)
                out.append([-s] + moves)
        if v_known == -1:
            out.append([-x] + fills + guard)
            out.append([x] + empties + guard)
        here = {}
        for q, preds in incoming.items():
            if len(preds) == 1:                      # reached one way only: the same variable
                here[q] = preds[0]
                continue
            s = here[q] = var(("state", tag, i + 1, q))
            out.append([-s] + preds)
            out.extend([-p, s] for p in preds)
    out.append([here[auto.size]] + guard)


GUESS_OPEN_CELLS = 1000    # open cells after line solving from which a symmetric guess is tried (see encode)


def _core(puzzle: Puzzle) -> tuple[int, int, int, int] | None:
    """(first row, first column, height, width) of the box of lines with blocks; None when empty."""
    rows = [r for r, clue in enumerate(puzzle.rows) if clue]
    cols = [c for c, clue in enumerate(puzzle.columns) if clue]
    if not rows:
        return None
    return rows[0], cols[0], rows[-1] - rows[0] + 1, cols[-1] - cols[0] + 1


def symmetries(puzzle: Puzzle) -> list[dict[tuple[int, int], tuple[int, int]]]:
    """The mirrors and rotations of the box of lines with blocks (outside it every cell is empty) that
    map every row and column onto a line with the same clue (read backwards when the line is): each a
    map of the box's cells. Empty when there are none."""
    core = _core(puzzle)
    if core is None:
        return []
    r0, c0, h, w = core
    moves = [lambda i, j: (i, w - 1 - j), lambda i, j: (h - 1 - i, j), lambda i, j: (h - 1 - i, w - 1 - j)]
    if h == w:
        moves += [lambda i, j: (j, i), lambda i, j: (w - 1 - j, h - 1 - i),
                  lambda i, j: (j, h - 1 - i), lambda i, j: (w - 1 - j, i)]
    lines = {}
    for i in range(h):
        lines[tuple((r0 + i, c0 + j) for j in range(w))] = puzzle.rows[r0 + i]
    for j in range(w):
        lines[tuple((r0 + i, c0 + j) for i in range(h))] = puzzle.columns[c0 + j]
    found = []
    for move in moves:
        image = {(r0 + i, c0 + j): (r0 + a, c0 + b) for i in range(h) for j in range(w)
                 for a, b in (move(i, j),)}
        if all(lines.get(tuple(image[x] for x in cells)) == clue
               or lines.get(tuple(image[x] for x in reversed(cells))) == clue[::-1]
               for cells, clue in lines.items()):
            found.append(image)
    return found


def symmetric_formula(puzzle: Puzzle, known: dict[tuple[int, int], int]) -> Formula | None:
    """The puzzle with its picture forced to every symmetry of its clues (`symmetries`): one variable
    per orbit of cells (the others equal to it), one automaton per line up to symmetry, the `known`
    cells as units. A picture of it is a picture of the puzzle; it has far fewer choices, and designed
    pictures (knots, mandalas) are often symmetric. None without symmetries or when the known cells
    already break them."""
    maps = symmetries(puzzle)
    if not maps:
        return None
    head = {}

    def find(x):
        while head.get(x, x) != x:
            x = head[x] = head.get(head[x], head[x])
        return x
    for image in maps:
        for a, b in image.items():
            ra, rb = find(a), find(b)
            if ra != rb:
                head[max(ra, rb)] = min(ra, rb)
    rep = {cell: find(cell) for image in maps for cell in image}
    value: dict[tuple[int, int], int] = {}
    for cell, v in known.items():
        root = rep.get(cell, cell)
        if value.setdefault(root, v) != v:
            return None
    g = Formula()
    done = set()
    for tag, clue, cells in _cell_lines(puzzle):
        roots = tuple(rep.get(cell, cell) for cell in cells)
        values = [value.get(root, -1) for root in roots]
        lo, hi = 0, len(roots)                 # a line is its cells within the empty ones at its ends
        while lo < hi and values[lo] == 0:     # (outside the box a symmetry moves, a row and its
            lo += 1                            # image column differ only there)
        while hi > lo and values[hi - 1] == 0:
            hi -= 1
        inner = roots[lo:hi]
        if (inner, clue) in done or (inner[::-1], clue[::-1]) in done:
            continue
        done.add((inner, clue))
        if -1 in values:
            encode_line(g, tag, Automaton(clue), [("black", *root) for root in roots], values)
    for root, v in value.items():
        g.clauses.append([g.var(("black", *root)) * (1 if v else -1)])
    for cell, root in rep.items():
        if cell != root:
            x, y = g.var(("black", *cell)), g.var(("black", *root))
            g.clauses.extend(([-x, y], [x, -y]))
    return g
