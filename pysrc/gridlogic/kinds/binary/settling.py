"""The generator's question, asked on bit masks: does the grader's ladder (grading.py), capped at easy,
medium or hard, in batches, work out the clues just removed from a puzzle it solved (generate/deduce.py,
ladder.settles)?

The same climb as ladder.climb with `batch`: each round the easiest technique that finds anything gives
all it finds, at once; the climb ends when the removed cells are known (the answer yes), or when no
technique up to the cap finds anything (no). Every line is held as two masks, its 0s and its 1s (bit k:
the line's k-th cell), rows and columns both, so a technique reads a line in a few integer operations
where the grader walks its cells; as the grader's, a technique that reads one line at a time looks again
only at the lines set since it last looked. The techniques and what they find are grading.py's, cell for
cell: pair and sandwich (1.0), a line's last open cell (1.2), line balance (2.0), no duplicate line (2.2),
near-complete line (3.0). Fiendish (line analysis and trial) is left to the grader (`RUNGS_UP_TO` has no
entry for it). tests/test_binary_settling.py checks the answers against ladder.settles.
"""

from __future__ import annotations

import functools

Cell = tuple[int, int]
Finding = tuple[int, int, int]          # a line, the masks of its open cells found 0 and found 1


class Lines:
    """A W×H grid being solved as masks: `zeros[i]`, `ones[i]` for line i (rows 0..H-1, bit c the column;
    then columns H..H+W-1, bit r the row); `fulls[i]` the line's every cell; `dirty[t]`, a mask of the lines
    technique t has to look at again."""

    def __init__(self, width: int, height: int, zeros: list[int], ones: list[int]) -> None:
        self.width, self.height, self.zeros, self.ones = width, height, zeros, ones
        self.fulls = [(1 << width) - 1] * height + [(1 << height) - 1] * width
        every = (1 << (width + height)) - 1
        self.dirty = [every, every, every]      # threes, last cell, balance

    @classmethod
    def of(cls, width: int, height: int, grid, kept) -> Lines:
        """The grid's cells in `kept` ((r, c) pairs; `grid` row-major digits)."""
        zeros, ones = [0] * (height + width), [0] * (height + width)
        for (r, c, column, across, down), v in zip(_places(width, height), grid):
            if (r, c) in kept:
                masks = ones if v else zeros
                masks[r] |= across
                masks[column] |= down
        return cls(width, height, zeros, ones)

    def add(self, found: list[Finding]) -> None:
        """Set the cells found (each line's masks; a cell found along its row and its column twice)."""
        h, zeros, ones = self.height, self.zeros, self.ones
        changed = 0
        for i, z, o in found:
            zeros[i] |= z
            ones[i] |= o
            cross, at = (h, 1 << i) if i < h else (0, 1 << (i - h))
            for masks, bits in ((zeros, z), (ones, o)):
                j = cross
                while bits:
                    if bits & 1:
                        masks[j] |= at
                    bits >>= 1
                    j += 1
            changed |= 1 << i | (z | o) << cross
        dirty = self.dirty
        dirty[0] |= changed
        dirty[1] |= changed
        dirty[2] |= changed

    def knows(self, r: int, c: int) -> bool:
        return bool((self.zeros[r] | self.ones[r]) >> c & 1)


@functools.lru_cache(maxsize=None)
def _places(width: int, height: int) -> list[tuple[int, int, int, int, int]]:
    """Per cell (row-major): r, c, its column's line, its bit in its row, its bit in its column."""
    return [(r, c, height + c, 1 << c, 1 << r) for r in range(height) for c in range(width)]


def _threes(z: int, o: int, full: int) -> tuple[int, int]:
    """A line's open cells found by pair and sandwich: (0s, 1s)."""
    open_ = full & ~(z | o)
    pair, sandwich = o & o >> 1, o & o >> 2
    to_zero = ((pair >> 1) | (pair << 2) | (sandwich << 1)) & open_
    pair, sandwich = z & z >> 1, z & z >> 2
    return to_zero, ((pair >> 1) | (pair << 2) | (sandwich << 1)) & open_


def threes(lines: Lines) -> list[Finding]:
    """Pair and sandwich: a third equal digit would make three in a line; the cell takes the other."""
    out, zeros, ones, fulls = [], lines.zeros, lines.ones, lines.fulls
    mask, lines.dirty[0] = lines.dirty[0], 0
    i = 0
    while mask:
        if mask & 1:
            z, o = zeros[i], ones[i]
            open_ = fulls[i] & ~(z | o)
            if open_:
                pair, sandwich = o & o >> 1, o & o >> 2
                to_zero = ((pair >> 1) | (pair << 2) | (sandwich << 1)) & open_
                pair, sandwich = z & z >> 1, z & z >> 2
                to_one = ((pair >> 1) | (pair << 2) | (sandwich << 1)) & open_
                if to_zero or to_one:
                    out.append((i, to_zero, to_one))
        mask >>= 1
        i += 1
    return out


def _balance(lines: Lines, last: bool) -> list[Finding]:
    """Line balance: a line holding half of a digit, its open cells the other (`last`: lines with one open
    cell; else lines with two or more)."""
    out, zeros, ones, fulls = [], lines.zeros, lines.ones, lines.fulls
    technique = 1 if last else 2
    mask, lines.dirty[technique] = lines.dirty[technique], 0
    i = 0
    while mask:
        if mask & 1:
            z, o, full = zeros[i], ones[i], fulls[i]
            open_ = full & ~(z | o)
            if open_ and last == (not open_ & (open_ - 1)):
                half = full.bit_length() >> 1
                found = (open_ if o.bit_count() == half else 0, open_ if z.bit_count() == half else 0)
                if found[0] or found[1]:
                    out.append((i, *found))
        mask >>= 1
        i += 1
    return out


def duplicates(lines: Lines) -> list[Finding]:
    """No duplicate line: a line holding half of d, a parallel one one d short with its d's all among the
    first's: its last d cannot go at the one place that would copy the first, which takes the other digit."""
    zeros, ones, h = lines.zeros, lines.ones, lines.height
    takes = {}                                  # line -> [0s, 1s] found
    for first, end in ((0, h), (h, h + lines.width)):
        half = lines.fulls[first].bit_length() // 2
        for d, masks in ((0, zeros), (1, ones)):
            for a in range(first, end):
                mask = masks[a]
                if mask.bit_count() != half:
                    continue
                for b in range(first, end):
                    mine = masks[b]
                    if b == a or mine & ~mask or mine.bit_count() != half - 1:
                        continue
                    place = mask & ~mine
                    if not (zeros[b] | ones[b]) & place:
                        takes.setdefault(b, [0, 0])[1 - d] |= place
    return [(i, z, o) for i, (z, o) in takes.items()]


def near_complete(lines: Lines) -> list[Finding]:
    """Near-complete line: one d left and at most half - 2 of the other: three cells side by side with no
    d and two or more open must take that d, so the open cells outside them take the other digit."""
    out = []
    for i, (z, o, full) in enumerate(zip(lines.zeros, lines.ones, lines.fulls)):
        n = full.bit_length()
        half = n // 2
        open_ = full & ~(z | o)
        found = [0, 0]                          # 0s, 1s
        for d, mine, other in ((0, z, o), (1, o, z)):
            if mine.bit_count() != half - 1 or other.bit_count() > half - 2:
                continue
            for k in range(n - 2):
                window = 7 << k
                if window & mine or (window & open_).bit_count() < 2:
                    continue
                found[1 - d] |= open_ & ~window
        if found[0] or found[1]:
            out.append((i, *found))
    return out


def _last(lines: Lines) -> list[Finding]:
    return _balance(lines, True)


def _half(lines: Lines) -> list[Finding]:
    return _balance(lines, False)


RUNGS_UP_TO = {
    1.5: (threes, _last),
    2.5: (threes, _last, _half, duplicates),
    6.0: (threes, _last, _half, duplicates, near_complete),
}
"""The techniques a cap allows (grading.LEVELS' tops), easiest first."""


def at_once(lines: Lines, r: int, c: int) -> bool:
    """Whether cell (r, c) is known, or a pair, a sandwich or its line's last open cell gives it."""
    h = lines.height
    for i, k in ((r, c), (h + c, r)):
        z, o, full = lines.zeros[i], lines.ones[i], lines.fulls[i]
        if (z | o) >> k & 1 or (full & ~(z | o)).bit_count() == 1:
            return True
        found_zeros, found_ones = _threes(z, o, full)
        if (found_zeros | found_ones) >> k & 1:
            return True
    return False


def settles(lines: Lines, cells, cap: float) -> bool:
    """Whether the ladder capped at `cap` works out `cells` from `lines` (changed in place)."""
    if all(at_once(lines, r, c) for r, c in cells):
        return True
    rungs = RUNGS_UP_TO[cap]
    while True:
        for rung in rungs:
            found = rung(lines)
            if found:
                break
        else:
            return False
        lines.add(found)
        if all(lines.knows(r, c) for r, c in cells):
            return True
