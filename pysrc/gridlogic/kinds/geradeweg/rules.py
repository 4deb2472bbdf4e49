"""Geradeweg's numbers, written as clauses (`encode_number`) and checked on a drawn loop (`number_fault`),
side by side and sharing no code.

An arm of a numbered cell is the straight run of the loop leaving it one way: its length the number of
steps before the loop turns or stops. The loop passes the cell; each of its straight segments there (the
horizontal one, left arm plus right arm, and the vertical one) is the number long when it is there. A `?`
asks that a turn's two arms be equally long.
"""

from __future__ import annotations

from gridlogic.cnf.formula import Formula, Not
from gridlogic.cnf.loops import line, visit
from gridlogic.kinds._shading import UNKNOWN

DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))          # up, down, left, right


def arm_edges(p, d: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """The edge points from cell point p to the grid's edge along direction d."""
    dy, dx = DIRECTIONS[d]
    out = []
    y, x = p[0] + dy, p[1] + dx
    while 0 < y < 2 * rows and 0 < x < 2 * cols:
        out.append((y, x))
        y, x = y + 2 * dy, x + 2 * dx
    return out


def _runs(f: Formula, p, d: int, rows: int, cols: int) -> list:
    """Literals "the arm along d is at least k long", k = 0.. its longest (k = 0 true), then False."""
    out: list = [True]
    for k, e in enumerate(arm_edges(p, d, rows, cols), 1):
        at_least = ("arm", p[0], p[1], d, k)
        f.clause([Not(at_least), line(e)])
        if k > 1:
            f.clause([Not(at_least), out[-1]])
            f.clause([Not(out[-1]), Not(line(e)), at_least])
        else:
            f.clause([Not(line(e)), at_least])
        out.append(at_least)
    return out + [False]


def _exactly(runs: list, k: int) -> list:
    """The literals whose disjunction says "the arm is not exactly k long" (True/False dropped)."""
    return [lit for lit in (Not(runs[k]) if runs[k] is not True else False, runs[k + 1]) if lit is not False]


def encode_number(f: Formula, p, number, rows: int, cols: int) -> None:
    """The clauses of a number (or UNKNOWN) at cell point p, over the loop's lines (see the docstring)."""
    f.clause([visit(p)])
    arms = [_runs(f, p, d, rows, cols) for d in range(4)]
    if number == UNKNOWN:
        for a in (0, 1):                         # a vertical arm and a horizontal one, both used: equal
            for b in (2, 3):
                for i in range(1, len(arms[a]) - 1):
                    for j in range(1, len(arms[b]) - 1):
                        if i != j:
                            f.clause(_exactly(arms[a], i) + _exactly(arms[b], j))
        return
    for a, b in ((0, 1), (2, 3)):                # each segment's length, arm plus arm: 0 or the number
        for i in range(len(arms[a]) - 1):
            for j in range(len(arms[b]) - 1):
                if i + j not in (0, number):
                    f.clause(_exactly(arms[a], i) + _exactly(arms[b], j))


def number_fault(lines: frozenset, p, number) -> str | None:
    """What a drawn loop breaks at a number at cell point p (None when it holds), read off the edges."""
    def arm(dy, dx):
        n, y, x = 0, p[0] + dy, p[1] + dx
        while (y, x) in lines:
            n, y, x = n + 1, y + 2 * dy, x + 2 * dx
        return n
    up, down, left, right = arm(-1, 0), arm(1, 0), arm(0, -1), arm(0, 1)
    if not (up or down or left or right):
        return "the loop does not pass through it"
    if number == UNKNOWN:
        vertical, horizontal = up + down, left + right
        if vertical and horizontal and vertical != horizontal:
            return f"the loop turns with arms of {vertical} and {horizontal}"
        return None
    for length in (up + down, left + right):
        if length and length != number:
            return f"a straight line of {length} through it"
    return None
