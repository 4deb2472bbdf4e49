"""Rule 2 on large grids: one counter per line, stepping by aligned triples (see the package docstring).

A counter `("count", line, i, j)` means "at least j 1s among the line's first i cells", kept to the
counts that rules 1 and 2 leave possible after i cells (`count_bounds`).
"""

from __future__ import annotations

import functools

from gridlogic.budget import tick
from gridlogic.cnf.formula import Formula


@functools.lru_cache(maxsize=None)
def count_bounds(length: int) -> tuple[tuple[int, int], ...]:
    """For i = 0..length: the fewest and most 1s among the first i cells of a line that keeps rules 1
    and 2 (states: 1s so far, last digit, its run; kept when reachable and able to end balanced)."""
    half = length // 2

    def step(state, digit, i):
        ones, last, run = state
        ones, run = ones + digit, (run + 1 if digit == last else 1)
        return (ones, digit, run) if run <= 2 and ones <= half and i + 1 - ones <= half else None

    reach = [{(0, -1, 0)}]
    for i in range(length):
        reach.append({s for state in reach[-1] for d in (0, 1) if (s := step(state, d, i)) is not None})
    live = {s for s in reach[length] if s[0] == half}
    bounds = [(half, half)]
    for i in range(length - 1, -1, -1):
        live = {state for state in reach[i] if step(state, 0, i) in live or step(state, 1, i) in live}
        bounds.append((min(s[0] for s in live), max(s[0] for s in live)))
    return tuple(bounds[::-1])


def _count_lines(f: Formula, width: int, height: int) -> None:
    """Rules 1 and 2 for a large grid: the windows of three, and one counter per line (see the module
    docstring). Built as integer clauses of named variables, as nonogram's automata are: per key it
    would take several times as long."""
    cells = [[f.var(("one", r, c)) for c in range(width)] for r in range(height)]
    lines = [(("row", r), cells[r]) for r in range(height)]
    lines += [(("col", c), [cells[r][c] for r in range(height)]) for c in range(width)]
    out = f.clauses
    for line, xs in lines:
        for a, b, c in zip(xs, xs[1:], xs[2:]):
            out.append([a, b, c])
            out.append([-a, -b, -c])
        _count_line(f, line, xs)


def _count_line(f: Formula, line: tuple, xs: list[int]) -> None:
    """The counter of one line (see the package docstring): ("count", *line, i, j) for the counts j
    within the bounds after i cells, i stepping by aligned triples and then by single cells (below
    the bounds the count is surely reached, above surely not). A triple holds one or two 1s (rule 1),
    so its step adds 1 plus ("heavy", *line, i), "the triple at i holds two 1s"; a cell's step adds
    the cell. Four clauses per count and step."""
    bounds = count_bounds(len(xs))
    var, out = f.var, f.clauses
    steps = []                               # (cells before, cells after, sure increment, literal increment)
    for i in range(0, len(xs) - 2, 3):
        tick()
        x, y, z = xs[i:i + 3]
        heavy = var(("heavy", *line, i))
        out.extend(([-x, -y, heavy], [-x, -z, heavy], [-y, -z, heavy],
                    [-heavy, x, y], [-heavy, x, z], [-heavy, y, z]))
        steps.append((i, i + 3, 1, heavy))
    steps += [(i, i + 1, 0, xs[i]) for i in range(steps[-1][1] if steps else 0, len(xs))]
    counters = {0: ()}
    for _, i, _, _ in steps:
        lo, hi = bounds[i]
        counters[i] = [var(("count", *line, i, j)) for j in range(lo + 1, hi + 1)]
    for i, k, sure, more in steps:
        tick()
        _count_step(out, bounds[i], counters[i], bounds[k], counters[k], sure, more)


def _count_step(out: list, before: tuple[int, int], now: list[int], after: tuple[int, int], then: list[int],
                sure: int, more: int) -> None:
    """At least j after a step <=> at least j - sure before, or j - sure - 1 before and `more`: the
    clauses for every j, counters given as lists from the bound's low end + 1 (constants outside)."""
    lo, hi = before
    lo_next, hi_next = after

    def count(j: int, low: int, high: int, counters: list[int]):
        return True if j <= low else False if j > high else counters[j - low - 1]

    # every counter involved is a variable: lo < j - sure - 1 and j - sure <= hi and lo_next < j <= hi_next
    first, last = max(lo + sure + 2, lo_next + 1), min(hi + sure, hi_next)
    if first <= last:
        reach = now[first - sure - lo - 1:last - sure - lo]
        near = now[first - sure - lo - 2:last - sure - lo - 1]
        for a, b, t in zip(reach, near, then[first - lo_next - 1:last - lo_next]):
            out.extend(([-a, t], [-b, -more, t], [-t, a, more], [-t, b]))
    for j in range(min(lo + sure, lo_next) + 1, max(hi + sure + 1, hi_next) + 1):
        if first <= j <= last:
            continue
        a, b, t = count(j - sure, lo, hi, now), count(j - sure - 1, lo, hi, now), count(j, lo_next, hi_next, then)
        for clause in ((not_(a), t), (not_(b), -more, t), (not_(t), a, more), (not_(t), b)):
            if not any(lit is True for lit in clause):
                out.append([lit for lit in clause if lit is not False])


def not_(lit):
    """The negation of an integer literal or a constant."""
    return not lit if type(lit) is bool else -lit
