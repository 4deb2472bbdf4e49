"""Every solution grid of a small binary puzzle, for the uniqueness of a grid's givens without SAT.

At sides up to LARGEST (6×6: 4,140 grids keeping the three rules; 4×6: 96) every grid is listed once per
size, rows laid one by one from the lines keeping rules 1 and 2 (filling.balanced_lines), a row kept when
it repeats no row above and no column holds three alike side by side or more 0s or 1s than half so far,
the last one when the columns are all different. For each cell and digit, the grids holding that digit
there are one set of bits (a Python int, bit k: the k-th grid). The grids agreeing with a solution's givens
are the AND of their cells' sets; the givens leave one solution exactly when one bit is left (the
solution's own): a few dozen integer ANDs, where the candidate's SAT solver answers in a call. The tables
of a size are made at its first question and kept (6×6: about 0.03 s).
"""

from __future__ import annotations

import functools

from gridlogic.kinds.binary.filling import balanced_lines

LARGEST = 6
"""The largest side whose grids are listed (8×8 has millions)."""


def small(rows: int, cols: int) -> bool:
    """Whether the grids of the size are listed here."""
    return max(rows, cols) <= LARGEST


@functools.lru_cache(maxsize=None)
def grids(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Every `width`×`height` grid keeping the rules, each as its rows' masks of 1s (bit c: column c). The
    columns' counts of 1s so far are held 4 bits a column in one int (a count above half, or below what the
    rows left can still make up to half, carries into a column's fourth bit), and the columns themselves 8
    bits a column in another (bit r of byte c), read as bytes at the end to tell them all different. Only the
    grids whose first row is the smallest of its images (0s and 1s swapped, left to right) are searched; the
    others are their images."""
    lines, half, full = balanced_lines(width), height // 2, (1 << width) - 1
    nibbles = [sum(x << (4 * c) for c in range(width)) for x in range(16)]   # x in every column's 4 bits
    spread = {line: sum((line >> c & 1) << (4 * c) for c in range(width)) for line in lines}
    most = nibbles[8 - half - 1]                   # added to counts: carries where one is above half
    least = [nibbles[8 - max(r + 1 - half, 0)] for r in range(height)]   # carries where one is at least r+1-half
    fourth = nibbles[8]
    placed = [{line: sum((line >> c & 1) << (8 * c + r) for c in range(width)) for line in lines}
              for r in range(height)]
    after = {(a, b): [line for line in lines if not a & b & line and not ~(a | b | line) & full and line not in (a, b)]
             for a in lines for b in lines}        # the lines that may follow rows b, a (no three alike down)
    out: list[tuple[int, ...]] = []
    rows = [0] * height
    mirror = {line: sum((line >> c & 1) << (width - 1 - c) for c in range(width)) for line in lines}
    firsts = sorted({min(line, line ^ full, mirror[line], mirror[line] ^ full) for line in lines})

    def place(r: int, counts: int, columns: int, a: int, b: int) -> None:
        if r == height:
            if len(set(columns.to_bytes(width, "little"))) == width:
                out.append(tuple(rows))
            return
        for line in after[(a, b)] if r >= 2 else lines if r else firsts:
            if r == 1 and line == a or r >= 3 and line in rows[:r - 2]:
                continue
            grown = counts + spread[line]
            if (grown + most) & fourth or (grown + least[r]) & fourth != fourth:
                continue
            rows[r] = line
            place(r + 1, grown, columns | placed[r][line], line, a)
    place(0, 0, 0, 0, 0)
    every = set(out)             # the rules hold alike with 0s and 1s swapped, and left to right: each grid's
    for grid in out:             # first row is one of those lines' images, the smallest (`firsts`)
        every.add(tuple(line ^ full for line in grid))
        every.add(tuple(mirror[line] for line in grid))
        every.add(tuple(mirror[line] ^ full for line in grid))
    return tuple(sorted(every))


@functools.lru_cache(maxsize=None)
def holding(width: int, height: int) -> tuple[tuple[int, int], ...]:
    """Per cell (row-major): the grids holding 0 there, and those holding 1, as sets of bits."""
    listed = grids(width, height)
    every = (1 << len(listed)) - 1
    out = []
    for r in range(height):
        by_line: dict[int, bytearray] = {}           # the grids whose row r is the line, a bit each
        for k, rows in enumerate(listed):
            found = by_line.get(rows[r])
            if found is None:
                found = by_line[rows[r]] = bytearray((len(listed) + 7) // 8)
            found[k >> 3] |= 1 << (k & 7)
        sets = {line: int.from_bytes(found, "little") for line, found in by_line.items()}
        for c in range(width):
            with_one = 0
            for line, grids_of in sets.items():
                if line >> c & 1:
                    with_one |= grids_of
            out.append((every & ~with_one, with_one))
    return tuple(out)


def unique(width: int, height: int, solution: list[int], kept) -> bool:
    """Whether the givens of `solution` (its rows' masks of 1s) in the cells `kept` ((r, c) pairs) leave it
    the only grid keeping the rules."""
    sets = holding(width, height)
    agree = (1 << len(grids(width, height))) - 1
    for r, c in kept:
        agree &= sets[r * width + c][solution[r] >> c & 1]
    return not agree & (agree - 1)
