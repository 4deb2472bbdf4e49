"""The line solver on bit masks, for the generator: each line's known cells as two ints, its filled cells and
its empty ones (bit p: the line's cell p; a row's cell p is in column p, a column's in row p), and the
grader's contradictions counted against a known picture. The same fixed point as lines.solve_lines on lists,
which the grader and the hints use; here a line's forced cells are kept by its clue, length and two masks
(small ints, hashed faster than a line's tuple), and a probe copies two lists of w + h ints.

Where the package was installed with a C compiler, `_lines.c` (the same solver and count, compiled) answers
`empty_grid` and `contradictions` for a picture read by `lines` (its lines packed), and `judged` and `find`
whole (their lines read there too); the page, and an install without a compiler, run the Python below.
tests/test_nonogram_count.py holds the two to the same answers."""

from __future__ import annotations

import functools
import struct
from collections import deque

from gridlogic.budget import tick
from gridlogic.kinds.nonogram.grid import Clue
from gridlogic.kinds.nonogram.lines import Automaton, automaton

try:
    from gridlogic.kinds.nonogram import _lines as compiled
except ImportError:                    # installed without a C compiler, or in the page
    compiled = None

HELD = 16                   # probes of one grid `contradictions` reads a cell from before probing it
KEPT = 65536                # lines whose forced cells are kept, across every table
LINES_KEPT = 65536          # lines whose clue, automaton and table `lines` keeps
_tables: dict[tuple[Automaton, int], dict] = {}
_count = [0]
_lines: dict[tuple[int, int], tuple[Clue, Automaton, dict, bytes]] = {}


def _forget() -> None:
    """Every kept line dropped (the tables a solve holds are emptied, and go with it)."""
    for table in _tables.values():
        table.clear()
    _tables.clear()
    _lines.clear()
    _count[0] = 0


def _table(auto: Automaton, n: int) -> dict:
    """The table of kept forced cells of an n-cell line of this clue."""
    table = _tables.get((auto, n))
    if table is None:
        table = _tables[auto, n] = {}
    return table


def lines(rows: list[int], w: int, h: int, cols: list[int] | None = None
          ) -> tuple[list[Clue], list[Automaton], list[dict], bytes]:
    """Of a picture whose rows are the filled masks `rows` (its columns' `cols`, when known): every line's
    clue, automaton and table (rows, then columns), kept by the line's mask and length (LINES_KEPT): a
    picture's lines are read by one lookup each; and the automata packed for the compiled solver
    (`packed`)."""
    clues, autos, kept, words = [], [], [], []
    for k, mask in enumerate(rows + (columns(rows, w) if cols is None else cols)):
        n = w if k < h else h
        found = _lines.get((mask, n))
        if found is None:
            clue = runs(mask)
            auto = automaton(clue)
            if len(_lines) >= LINES_KEPT:
                _lines.clear()
            found = _lines[mask, n] = (clue, auto, _table(auto, n), packed(auto))
        clues.append(found[0])
        autos.append(found[1])
        kept.append(found[2])
        words.append(found[3])
    return clues, autos, kept, b"".join(words)


def packed(auto: Automaton) -> bytes:
    """A line's automaton as the compiled solver reads it: its fill, gap and stay masks and its size, four
    native 64-bit words."""
    return struct.pack("=4Q", auto.fill, auto.gap, auto.stay, auto.size)


def force(auto: Automaton, n: int, f: int, e: int) -> tuple[int, int] | None:
    """The cells of an n-cell line the clue of `auto` forces, given its filled cells `f` and empty ones `e`:
    (newly filled, newly empty) as masks, or None when the clue does not fit (Automaton._force on masks: the
    forward pass's live states after each cell, then the backward pass reading each open cell's two values)."""
    fill, gap, stay = auto.fill, auto.gap, auto.stay
    move = fill | gap
    known = f | e
    here, reach = 1, [1]
    append = reach.append
    for bit in _BITS[n]:
        if not known & bit:
            here = ((here & move) << 1) | (here & stay)
        elif f & bit:
            here = (here & fill) << 1
        else:
            here = (here & stay) | ((here & gap) << 1)
        if not here:
            return None
        append(here)
    after = 1 << auto.size
    if not here & after:
        return None
    filled = empty = 0
    i = n
    for bit in _BACK[n]:
        i -= 1
        moved, now = after >> 1, reach[i]
        if not known & bit:
            can_fill = fill & moved & now
            can_empty = ((stay & after) | (gap & moved)) & now
            if not can_fill:
                empty |= bit
            elif not can_empty:
                filled |= bit
            after = can_fill | can_empty
        elif f & bit:
            after = fill & moved & now
        else:
            after = ((stay & after) | (gap & moved)) & now
    return filled, empty


_BITS = [[1 << i for i in range(n)] for n in range(65)]      # a line's cells' bits, first to last
_BACK = [bits[::-1] for bits in _BITS]                       # and last to first


def solve(autos: list[Automaton], kept: list[dict], w: int, h: int, fill: list[int], empty: list[int],
          start) -> bool:
    """The line-solver fixed point from the masks `fill` and `empty` (lines 0..h-1 the rows, h.. the columns;
    changed in place), lines `start` looked at first: False when a line's clue no longer fits. Lines wait in a
    queue as lines.solve_lines's do."""
    todo, queued = deque(start), [False] * (w + h)
    for k in todo:
        queued[k] = True
    tick()
    popleft, push = todo.popleft, todo.append
    lengths, acrosses, bits = _shape(w, h)
    while todo:
        k = popleft()
        queued[k] = False
        f, e = fill[k], empty[k]
        n = lengths[k]
        table = kept[k]
        key = f | e << n
        forced = table.get(key)
        if forced is None:
            forced = force(autos[k], n, f, e) or _BROKEN
            if _count[0] >= KEPT:
                _forget()
            table[key] = forced
            _count[0] += 1
        if forced is _BROKEN:
            return False
        across, bit = acrosses[k], bits[k]
        for newly, known in zip(forced, (fill, empty)):
            if newly:
                known[k] |= newly
                while newly:
                    low = newly & -newly
                    newly ^= low
                    other = across + low.bit_length()
                    known[other] |= bit
                    if not queued[other]:
                        queued[other] = True
                        push(other)
    return True


_BROKEN = ()                # a line's clue that does not fit, as its table keeps it


@functools.lru_cache(maxsize=64)
def _shape(w: int, h: int) -> tuple[list[int], list[int], list[int]]:
    """Per line of a w×h grid (rows, then columns): its length, the first line across it less one (a cell's
    bit length added gives the line across it), and its own bit in the lines across."""
    return [w] * h + [h] * w, [h - 1] * h + [-1] * w, [1 << k for k in range(h)] + [1 << c for c in range(w)]


def rows_of(cells, w: int, h: int) -> list[int]:
    """A row-major 0/1 picture's rows as filled masks."""
    return [int(bytes(cells[r * w:(r + 1) * w][::-1]).translate(_DIGITS), 2) for r in range(h)]


_DIGITS = bytes.maketrans(b"\0\1", b"01")


def columns(rows: list[int], w: int) -> list[int]:
    """The columns' filled masks of a picture whose rows are the filled masks `rows`."""
    out = [0] * w
    for r, mask in enumerate(rows):
        bit = 1 << r
        while mask:
            low = mask & -mask
            mask ^= low
            out[low.bit_length() - 1] |= bit
    return out


def runs(mask: int) -> Clue:
    """The block lengths of a line whose filled cells are `mask` (grid.runs on masks)."""
    out = []
    while mask:
        mask >>= (mask & -mask).bit_length() - 1          # to the next block's first cell
        length = (~mask & (mask + 1)).bit_length() - 1     # its filled cells
        out.append(length)
        mask >>= length
    return tuple(out)


def grid_of(fill: list[int], empty: list[int], w: int, h: int) -> list[int]:
    """The row-major grid (1, 0, -1 open) of the rows' masks."""
    return [1 if fill[r] >> c & 1 else 0 if empty[r] >> c & 1 else -1 for r in range(h) for c in range(w)]


def is_full(fill: list[int], empty: list[int], w: int, h: int) -> bool:
    """Whether every cell is known."""
    full = (1 << w) - 1
    return all(fill[r] | empty[r] == full for r in range(h))


def empty_grid(autos: list[Automaton], kept: list[dict], w: int, h: int,
               lines_packed: bytes | None = None) -> tuple[list[int], list[int]] | None:
    """The line solver's fixed point from the empty grid, (fill, empty), or None when a clue cannot fit; by
    the compiled solver when there is one and the lines come `packed` (`lines`)."""
    fill, empty = [0] * (w + h), [0] * (w + h)
    if compiled is not None and lines_packed is not None:
        tick()
        return (fill, empty) if compiled.solve(lines_packed, w, h, fill, empty, range(w + h)) else None
    return (fill, empty) if solve(autos, kept, w, h, fill, empty, range(w + h)) else None


def contradictions(autos: list[Automaton], kept: list[dict], w: int, h: int, rows: list[int], most: int,
                   fixed: tuple[list[int], list[int]], second: list | None = None,
                   lines_packed: bytes | None = None) -> int | None:
    """How many contradictions the grader (grading.py) takes to solve the clues of the picture whose rows are
    the masks `rows` (one of their solutions) beyond the line solver, from `fixed`, the line solver's fixed
    point from the empty grid (not changed), counted up to `most`: 0 when that fills the grid; None when it
    takes more than `most`, when no open cell leads to a contradiction (a search is needed, or there are
    several solutions) or when a probe fills a grid other than the picture (a second solution, its rows' filled
    masks appended to `second`: such a puzzle is not counted further).

    The grader's contradiction is the first open cell, row-major, one of whose values leads the line solver
    to a clue that cannot fit; then the line solver goes on. Knowing a solution, only the value the picture
    does not have is probed: the picture's own value agrees with every sound deduction, so it never
    contradicts, and the first cell whose other value does is the grader's (each probe one line solve, half
    the grader's; a probe that fills the grid ends the count at once, where a count of solutions searched).
    A probe is not made where one of the last HELD probes of the same grid that broke no clue and left a cell
    open gives the cell the probed value: the line solver's fixed point grows with what it starts from, so
    this probe's would lie within that one's (no clue broken, a cell open). The same count, each probe's
    answer the same (probes kept across grids, or every probe's cells marked, cost more than they saved at
    25 to 30 a side: docs/benchmarks.md). By the compiled solver when there is one and the lines come
    `packed` (`lines`; it skips a probe that any earlier probe of the grid settles, which changes no answer)."""
    if compiled is not None and lines_packed is not None:
        tick()
        return compiled.contradictions(lines_packed, w, h, rows, most, fixed[0], fixed[1],
                                       [] if second is None else second)
    fill, empty = list(fixed[0]), list(fixed[1])
    full = (1 << w) - 1
    found = 0
    first = 0
    while True:
        while first < h and fill[first] | empty[first] == full:
            first += 1
        if first == h:
            return found
        held: list[tuple[list[int], list[int]]] = []    # the last probes of this grid: no clue broken, a cell open
        hit = None
        for r in range(first, h):
            open_ = full & ~(fill[r] | empty[r])
            while open_:
                low = open_ & -open_
                open_ ^= low
                c = low.bit_length() - 1
                to_fill = not rows[r] & low                # the value the picture does not have
                if any((kept_fill if to_fill else kept_empty)[r] & low for kept_fill, kept_empty in held):
                    continue
                trial_fill, trial_empty = list(fill), list(empty)
                _place(trial_fill if to_fill else trial_empty, h, r, c)
                if not solve(autos, kept, w, h, trial_fill, trial_empty, (r, h + c)):
                    hit = r, c, low
                    break
                if is_full(trial_fill, trial_empty, w, h):
                    if second is not None:
                        second.append(trial_fill[:h])
                    return None                   # a second solution
                held.insert(0, (trial_fill, trial_empty))
                del held[HELD:]
            if hit is not None:
                break
        else:
            return None                           # no contradiction helps
        found += 1
        if found > most:
            return None
        r, c, low = hit
        _place(fill if rows[r] & low else empty, h, r, c)
        if not solve(autos, kept, w, h, fill, empty, (r, h + c)):
            return None                           # (not reached: the picture's own value fits)


FIND_SIDE = 21              # `find`'s largest side: three fields of one 64-bit draw make a row
FIND_REPAIRS = 2            # rounds of changes of a picture `find` draws where a second solution differs
_WORD = (1 << 64) - 1


def mix(state: int) -> tuple[int, int]:
    """splitmix64: the next state of a 64-bit stream and its output (`find`'s draws, the same in _lines.c)."""
    state = (state + 0x9E3779B97F4A7C15) & _WORD
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _WORD
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _WORD
    return state, z ^ (z >> 31)


def judged(rows: list[int], w: int, h: int, most: int, second: list | None = None) -> int | None:
    """`contradictions` of the picture whose rows are the filled masks `rows`, from the empty grid (0 when the
    line solver fills it); by the compiled solver when there is one (its lines read there too)."""
    if compiled is not None:
        tick()
        return compiled.judged(rows, w, h, most, [] if second is None else second)
    clues, autos, kept, lines_packed = lines(rows, w, h)
    fixed = empty_grid(autos, kept, w, h, lines_packed)
    return contradictions(autos, kept, w, h, rows, most, fixed, second, lines_packed)


def find(seed: int, w: int, h: int, least: int, most: int, tries: int) -> tuple[list[int] | None, int, int]:
    """Pictures drawn from the 64-bit `seed` and judged until one takes from `least` to `most` contradictions
    (`judged`), at most `tries` drawn: (its rows' filled masks, their count, how many were drawn), or (None, -1,
    tries). A picture's row is filled where a draw's low w bits and either of its next two w-bit fields are
    (three cells in eight; at the smallest sides a unique picture that needs contradictions comes sooner than
    from blurred pictures or walks: docs/benchmarks.md); a picture with a second solution is changed in one
    cell where they differ, drawn among them, up to FIND_REPAIRS times. By the compiled solver when there is
    one (the same draws, pictures and answers)."""
    if w > FIND_SIDE or h > FIND_SIDE:
        raise ValueError(f"find: a grid of 1 to {FIND_SIDE} a side")
    if compiled is not None:
        tick()
        return compiled.find(seed, w, h, least, most, tries)
    state, all_ = seed & _WORD, (1 << w) - 1
    drawn = 0
    while drawn < tries:
        rows = []
        drawn += 1
        for _ in range(h):
            state, z = mix(state)
            rows.append(z & all_ & ((z >> w) | (z >> 2 * w)))
        for round_ in range(FIND_REPAIRS + 1):
            second: list = []
            found = judged(rows, w, h, most, second)
            if not second or round_ == FIND_REPAIRS:
                break
            state, z = mix(state)
            pick = (z >> 32) % sum((a ^ b).bit_count() for a, b in zip(rows, second[0]))
            for r, (a, b) in enumerate(zip(rows, second[0])):
                cells = a ^ b
                if pick < cells.bit_count():
                    for _ in range(pick):
                        cells &= cells - 1
                    rows[r] ^= cells & -cells
                    break
                pick -= cells.bit_count()
        if found is not None and found >= least:
            return rows, found, drawn
    return None, -1, drawn


def _place(known: list[int], h: int, r: int, c: int) -> None:
    """Cell (r, c) marked in the masks `known` (fill or empty) of its row and its column."""
    known[r] |= 1 << c
    known[h + c] |= 1 << r
