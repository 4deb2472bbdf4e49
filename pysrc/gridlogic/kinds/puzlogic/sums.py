"""Target sums: the sets of distinct piece values that reach one, and the two ways to encode a sum (a choice of
set, or a walk over partial sums; the package docstring says when each)."""

from __future__ import annotations

from gridlogic.cnf.formula import Formula, Not
from gridlogic.kinds.puzlogic.grid import Puzzle

MAX_SETS = 20000           # value_sets stops after this many


def _reachable(choices: list[int], size: int, total: int) -> list[list[int]]:
    """table[i][k]: bit s set when some k distinct values of choices[i:] add up to s (s ≤ total)."""
    mask = (1 << (total + 1)) - 1
    table = [[0] * (size + 1) for _ in range(len(choices) + 1)]
    table[len(choices)][0] = 1
    for i in range(len(choices) - 1, -1, -1):
        v, below, row = choices[i], table[i + 1], table[i]
        row[0] = 1
        for k in range(1, size + 1):
            row[k] = (below[k] | (below[k - 1] << v)) & mask
    return table


def value_sets(choices: list[int], size: int, total: int, limit: int = MAX_SETS) -> list[tuple[int, ...]]:
    """The sets of `size` distinct values from `choices` adding up to `total`, in order; stops after
    `limit` + 1. A table of reachable sums guides the search, so every branch leads to a set and an
    impossible total (even values, odd sum) costs one table, not a search."""
    choices = sorted(set(choices))
    if total < 0 or size < 0 or size > len(choices):
        return []
    table = _reachable(choices, size, total)
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def grow(start: int, need: int, left: int) -> None:
        if need == 0:
            out.append(tuple(chosen))
            return
        for i in range(start, len(choices)):
            if len(out) > limit:
                return
            v = choices[i]
            if v > left:
                break
            if table[i + 1][need - 1] >> (left - v) & 1:
                chosen.append(v)
                grow(i + 1, need - 1, left - v)
                chosen.pop()

    if table[0][size] >> total & 1:
        grow(0, size, total)
    return out


def _sum_lines(puzzle: Puzzle):
    """Per sum: (kind, axis, index, target, free cells, values allowed there, goal for those cells)."""
    values = sorted(set(puzzle.pieces))
    for kind, axis, index, target in puzzle.sums:
        line = puzzle.line(axis, index)
        free = [(r, c) for r, c, v in line if v == 0]
        given = [v for _, _, v in line if v]
        goal = target - (sum(given) if kind == "all" else 0)
        yield kind, axis, index, target, free, [v for v in values if v not in given], goal


def _sum_states(choices: list[int], goal: int) -> list[int]:
    """Per layer i (values choices[:i] decided), the partial sums s (as bits) from which goal is
    still reachable: reachable from 0 going forward and reaching goal going on."""
    mask = (1 << (goal + 1)) - 1
    forward = [1]
    for v in choices:
        forward.append((forward[-1] | (forward[-1] << v)) & mask)
    back = [0] * len(forward)
    back[-1] = 1 << goal
    for i in range(len(choices) - 1, -1, -1):
        back[i] = back[i + 1] | (back[i + 1] >> choices[i])
    return [f & b for f, b in zip(forward, back)]


def _bits(x: int) -> list[int]:
    out, s = [], 0
    while x:
        if x & 1:
            out.append(s)
        x >>= 1
        s += 1
    return out


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _encode_sets(f: Formula, kind: str, axis: int, index: int, sets, values) -> None:
    """The line's values form one of the admissible sets (few sets: strongest propagation)."""
    choice = {s: ("set", axis, index, kind, s) for s in sets}
    f.exactly_one(list(choice.values()))            # no set: an empty clause, so no solution
    for v in values:
        has = ("has", axis, index, v)
        f.implies(has, [choice[s] for s in sets if v in s])
        for s in sets:
            f.implies(choice[s], has if v in s else Not(has))


def _encode_sum_states(f: Formula, tag: tuple, has: list, choices: list[int], layers: list[int]) -> None:
    """Σ v·has_v = goal as a walk over partial sums (the values decided one by one); only sums on
    some path from 0 to the goal exist, so a step off those paths is refused by unit propagation."""
    def node(i: int, s: int):
        return ("partial", *tag, i, s)

    f.clause([node(0, 0)])
    for i, v in enumerate(choices):
        here, later = layers[i], layers[i + 1]
        for s in _bits(here):
            take = later >> (s + v) & 1
            skip = later >> s & 1
            f.clause([Not(node(i, s)), Not(has[i])] + ([node(i + 1, s + v)] if take else []))
            f.clause([Not(node(i, s)), has[i]] + ([node(i + 1, s)] if skip else []))
        for t in _bits(later):
            f.clause([Not(node(i + 1, t))] + [node(i, t)] * (here >> t & 1)
                     + [node(i, t - v)] * (t >= v and here >> (t - v) & 1))
