"""The generator's question, asked on bit masks: does the grader's ladder (grading.py), capped at easy,
medium or hard, in batches, work out the clues just removed from a puzzle it solved (generate/deduce.py,
ladder.settles)?

The climb's answer (ladder.climb with `batch`: each round the easiest technique that finds anything gives
all it finds; it ends when the removed cells are known, yes, or when no technique up to the cap finds
anything, no) is whether the techniques' common fixed point knows the removed cells: each technique is
monotone, so any order of them reaches that point. Here the techniques that read one line run first, line
by line from a queue of the lines set since (`_local`), each line worked out in full, the removed cells'
lines first, stopping as soon as those cells are known; the others are asked when they stall. Every line is
held as two masks, its 0s and its 1s (bit k: the line's k-th cell), rows and columns both, so a technique
reads a line in a few integer operations where the grader walks its cells. The techniques are grading.py's,
cell for cell: pair and sandwich (1.0), a line's last open cell (1.2), line balance (2.0), no duplicate line (2.2),
near-complete line (3.0). Fiendish's line analysis and trial are fiendish.py's, on these masks; a trial's climb
is `breaks` here (the techniques up to hard to their fixed point, then a look for a contradiction), which the
grader's trial uses too. tests/test_binary_settling.py checks the answers against ladder.settles.
"""

from __future__ import annotations

import functools

Cell = tuple[int, int]
Finding = tuple[int, int, int]          # a line, the masks of its open cells found 0 and found 1
ANALYSIS_MOST = 3000                    # fillings of one line the line analysis looks through at most (grading.py's
                                        # and fiendish.py's)


class Lines:
    """A W×H grid being solved as masks: `zeros[i]`, `ones[i]` for line i (rows 0..H-1, bit c the column;
    then columns H..H+W-1, bit r the row); `fulls[i]` the line's every cell; `dirty`, a mask of the lines
    set since the techniques of one line (`_local`) last looked; `solution`, when known, the 1s of each row
    of the solution the cells are from (fiendish.py's trial reads it)."""

    def __init__(self, width: int, height: int, zeros: list[int], ones: list[int],
                 solution: list[int] | None = None) -> None:
        self.width, self.height, self.zeros, self.ones, self.solution = width, height, zeros, ones, solution
        self.fulls = [(1 << width) - 1] * height + [(1 << height) - 1] * width
        self.dirty = (1 << (width + height)) - 1

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
        self.dirty |= changed

    @classmethod
    def of_values(cls, width: int, height: int, values) -> Lines:
        """The cells of a grader's board (`values` row-major, None open)."""
        zeros, ones = [0] * (height + width), [0] * (height + width)
        for (r, c, column, across, down), v in zip(_places(width, height), values):
            if v is not None:
                masks = ones if v else zeros
                masks[r] |= across
                masks[column] |= down
        return cls(width, height, zeros, ones)

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


RUNGS_UP_TO = {
    1.5: (),
    2.5: (duplicates,),
    6.0: (duplicates, near_complete),
}
"""The techniques a cap allows (grading.LEVELS' tops) beyond those `_local` runs (pair and sandwich, last
cell, and above easy line balance), easiest first."""


def at_once(lines: Lines, r: int, c: int, balance: bool = False) -> bool:
    """Whether cell (r, c) is known, or a pair, a sandwich or its line's last open cell gives it (`balance`:
    or its line holding half of a digit)."""
    h = lines.height
    for i, k in ((r, c), (h + c, r)):
        z, o, full = lines.zeros[i], lines.ones[i], lines.fulls[i]
        if (z | o) >> k & 1 or (full & ~(z | o)).bit_count() == 1:
            return True
        if balance and (full.bit_length() >> 1) in (z.bit_count(), o.bit_count()):
            return True
        found_zeros, found_ones = _threes(z, o, full)
        if (found_zeros | found_ones) >> k & 1:
            return True
    return False


def _local(lines: Lines, balance: bool, goal: list[tuple[int, int]] | None) -> bool:
    """Pair and sandwich, and a line's last open cell (`balance`: line balance, any open cells), towards their
    fixed point: each line taken from a queue of those set since (the goal's lines first), worked out in
    full, the cells it finds set in the lines that cross it, which join the queue. Whether the `goal` (a
    row's index and a cell's bit in it, per cell) was reached (then the queue is left for a later call);
    with no goal (None), the fixed point is reached and the answer is False."""
    zeros, ones, fulls, h = lines.zeros, lines.ones, lines.fulls, lines.height
    todo, lines.dirty = lines.dirty, 0
    first = 0
    for i, _ in goal or ():
        first |= 1 << i
    while todo:
        low = todo & first
        low = low & -low if low else todo & -todo
        todo ^= low
        i = low.bit_length() - 1
        z, o, full = zeros[i], ones[i], fulls[i]
        open_ = full & ~(z | o)
        if not open_:
            continue
        half = full.bit_length() >> 1
        to_zeros = to_ones = 0
        while open_:
            pair, sandwich = o & o >> 1, o & o >> 2
            to_zero = ((pair >> 1) | (pair << 2) | (sandwich << 1)) & open_
            pair, sandwich = z & z >> 1, z & z >> 2
            to_one = ((pair >> 1) | (pair << 2) | (sandwich << 1)) & open_
            if balance or not open_ & (open_ - 1):
                if o.bit_count() == half:
                    to_zero |= open_
                elif z.bit_count() == half:
                    to_one |= open_
            if not (to_zero or to_one):
                break
            z |= to_zero
            o |= to_one
            to_zeros |= to_zero
            to_ones |= to_one
            open_ &= ~(to_zero | to_one)
        if not (to_zeros or to_ones):
            continue
        zeros[i], ones[i] = z, o
        cross, at = (h, low) if i < h else (0, 1 << (i - h))
        for masks, bits in ((zeros, to_zeros), (ones, to_ones)):
            while bits:
                bit = bits & -bits
                bits ^= bit
                j = cross + bit.bit_length() - 1
                masks[j] |= at
                todo |= 1 << j
        if goal and all((zeros[g] | ones[g]) & bit for g, bit in goal):
            lines.dirty = todo
            return True
    return False


def settles(lines: Lines, cells, cap: float | None, others: tuple | None = None, looked: bool = False) -> bool:
    """Whether the ladder capped at `cap` works out `cells` from `lines` (changed in place). Each technique is
    monotone (what it finds on a board it finds again, or is known, on one knowing more), so the climb's
    answer is whether the techniques' common fixed point knows the cells, reached here in any order: the
    techniques that read one line (`_local`) run to theirs first, the others are asked when those stall
    (`others`: RUNGS_UP_TO[cap]'s unless given; fiendish.py gives the whole ladder's, with cap None;
    `looked`: the cells are known not all `at_once`)."""
    balance = cap is None or cap > 1.5
    if not looked and all(at_once(lines, r, c, balance) for r, c in cells):
        return True
    others = RUNGS_UP_TO[cap] if others is None else others
    goal = [(r, 1 << c) for r, c in cells]
    while True:
        if _local(lines, balance, goal):
            return True
        if not _step(lines, others):
            return False
        if all(lines.knows(r, c) for r, c in cells):
            return True


def is_broken(lines: Lines) -> bool:
    """A contradiction: a cell given both digits, three alike side by side, a digit more than half a line, or
    two full parallel lines alike."""
    zeros, ones, fulls, h = lines.zeros, lines.ones, lines.fulls, lines.height
    for first, end in ((0, h), (h, h + lines.width)):
        full = fulls[first]
        half = full.bit_length() // 2
        seen = set()
        for i in range(first, end):
            z, o = zeros[i], ones[i]
            if z & o or z.bit_count() > half or o.bit_count() > half or z & z >> 1 & z >> 2 or o & o >> 1 & o >> 2:
                return True
            if z | o == full:
                if o in seen:
                    return True
                seen.add(o)
    return False


def breaks(lines: Lines) -> bool:
    """Whether the techniques up to hard, from `lines` (changed in place), reach a contradiction (`is_broken`),
    as a trial's climb does (grading.py's trial and fiendish.py's). A contradiction is found by the grader's
    climb exactly when one is found here: each technique is monotone on boards without one, and a
    contradiction stays one as cells are set, so both climbs stay inside the other's fixed point until one
    breaks, and then the other's breaks too."""
    while True:
        _local(lines, True, None)
        if is_broken(lines):
            return True
        if not _step(lines, (duplicates, near_complete)):
            return False


def _step(lines: Lines, rungs) -> bool:
    """The first of `rungs` (easiest first) that finds something adds it to `lines`; False when none does."""
    for rung in rungs:
        found = rung(lines)
        if found:
            lines.add(found)
            return True
    return False
