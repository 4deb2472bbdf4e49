"""The generator's question at fiendish, asked on bit masks: does the grader's whole ladder (grading.py), in
batches, work out the clues just removed from a puzzle it solved (generate/deduce.py, ladder.settles with no
cap)? settling.py answers it below fiendish; here its two top techniques are written on the same masks:

    line analysis 6.5: the lines of the length keeping rules 1 and 2 (`_fillings`, each as the mask of its
        1s) that agree with a line's 0s and 1s and copy no full parallel line; a cell they all agree on is
        found (a line is skipped, as the grader skips it, when more than settling.ANALYSIS_MOST ways of
        placing its 1s are open);
    trial 7.0: a digit set in an open cell (cells row by row, 0 then 1) whose climb by the techniques up to
        hard (those settling.py runs with no goal, to their fixed point) reaches a contradiction
        (settling.breaks, as the grader's trial asks it): the cell takes the other digit.

tests/test_binary_settling.py checks the answers against ladder.settles.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from math import comb

from gridlogic.kinds.binary import settling
from gridlogic.kinds.binary.settling import Finding, Lines


@functools.lru_cache(maxsize=None)
def _fillings(length: int) -> tuple[int, ...]:
    """Every line of `length` cells keeping rules 1 and 2, as the mask of its 1s."""
    half, out = length // 2, []
    for ones in range(1 << length):
        zeros = ~ones & ((1 << length) - 1)
        if ones.bit_count() == half and not ones & ones >> 1 & ones >> 2 and not zeros & zeros >> 1 & zeros >> 2:
            out.append(ones)
    return tuple(out)


def analysis(lines: Lines) -> list[Finding]:
    """Line analysis (see the module docstring)."""
    zeros, ones, fulls, h = lines.zeros, lines.ones, lines.fulls, lines.height
    out = []
    for first, end in ((0, h), (h, h + lines.width)):
        full = fulls[first]
        n = full.bit_length()
        copied = {ones[j] for j in range(first, end) if zeros[j] | ones[j] == full}
        for i in range(first, end):
            z, o = zeros[i], ones[i]
            open_ = full & ~(z | o)
            if not open_:
                continue
            free, need = open_.bit_count(), n // 2 - o.bit_count()
            if not 0 <= need <= free or comb(free, need) > settling.ANALYSIS_MOST:
                continue
            alike_ones = alike_zeros = full
            met = False
            for filling in _fillings(n):
                if filling & z or filling & o != o or filling in copied:
                    continue
                met = True
                alike_ones &= filling
                alike_zeros &= ~filling
                if not (alike_ones | alike_zeros) & open_:
                    break
            if met and (alike_ones | alike_zeros) & open_:
                out.append((i, alike_zeros & open_, alike_ones & open_))
    return out


def trial(lines: Lines) -> list[Finding]:
    """The first digit set in an open cell (rows in order, cells left to right, 0 then 1) that breaks the
    board: the cell taken by the other digit, or nothing. Asked at the others' fixed point, so a copy looks
    again only at the lines of the cell set. With the solution the clues are from (`lines.solution`), only
    its other digit is set: its own digit breaks no board its clues' sound steps reached."""
    zeros, ones, fulls, w, h = lines.zeros, lines.ones, lines.fulls, lines.width, lines.height
    solution = lines.solution
    for r in range(h):
        open_ = fulls[r] & ~(zeros[r] | ones[r])
        while open_:
            bit = open_ & -open_
            open_ ^= bit
            for v in (0, 1) if solution is None else (0 if solution[r] & bit else 1,):
                copy = Lines(w, h, list(zeros), list(ones))
                copy.dirty = 0
                copy.add([(r, 0 if v else bit, bit if v else 0)])
                if settling.breaks(copy):
                    return [(r, bit if v else 0, 0 if v else bit)]
    return []


RUNGS = (settling.duplicates, settling.near_complete, analysis, trial)
"""The whole ladder's techniques beyond settling._local's, easiest first."""


def settles(lines: Lines, cells, unique: Callable[[], bool] | None = None, first: bool = False,
            beyond: list | None = None) -> bool:
    """Whether the grader's whole ladder works out `cells` from `lines` (changed in place). `unique`, when
    given, says whether the clues leave one solution; it is asked before the first line analysis (`first`:
    before the climb, unless a step of every level gives the cells at once), where a climb that finds nothing
    costs an analysis and a trial sweep: with several solutions no sound technique finishes, so the answer
    is no. `beyond`, when given, is told (True appended) when the climb comes to the line analysis: the
    ladder capped at hard stops there."""
    looked = False
    if first and unique is not None:
        if all(settling.at_once(lines, r, c, True) for r, c in cells):
            return True
        if not unique():
            return False
        unique, looked = None, True
    asked = []

    def analysis_unless_several(lines: Lines) -> list[Finding]:
        if beyond is not None and not beyond:
            beyond.append(True)
        if unique is not None and not asked:
            asked.append(True)
            if not unique():
                raise _Several
        return analysis(lines)
    try:
        return settling.settles(lines, cells, None, RUNGS[:2] + (analysis_unless_several, trial), looked)
    except _Several:
        return False


class _Several(Exception):
    """The clues leave several solutions: the climb's answer is no."""
