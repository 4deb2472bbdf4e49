"""The rules as a formula: written out up to LAZY_ABOVE, counters and rule 3 added when broken above it.

`rules_formula` is cached per size; `equal_lines` is the lazy rule 3 and `reference` the first guess of a
large grid (the package docstring says why).
"""

from __future__ import annotations

import functools
import random

from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.kinds.binary.counters import _count_lines
from gridlogic.kinds.binary.text import Solution

LAZY_ABOVE = 20            # larger sides: counters, rule 3 added when broken, a first guess (see the package docstring)


def is_large(width: int, height: int) -> bool:
    """True when the grid is encoded with counters, rule 3 added when broken and a first guess."""
    return max(width, height) > LAZY_ABOVE


@functools.lru_cache(maxsize=16)
def rules_formula(width: int, height: int) -> Formula:
    """The formula of an empty W×H grid: no three in a line, balance, distinct lines unless large (cached)."""
    f = Formula()
    f.show((("one", r, c) for r in range(height) for c in range(width)), fixed_weight=True)
    if line_count(width) < height or line_count(height) < width:
        f.clauses.append([])                 # fewer lines keep rules 1 and 2 than rule 3 needs
        return f
    if is_large(width, height):
        _count_lines(f, width, height)
        return f
    rows = [[(r, c) for c in range(width)] for r in range(height)]
    cols = [[(r, c) for r in range(height)] for c in range(width)]
    for tag, lines in (("rowdiff", rows), ("coldiff", cols)):
        for line in lines:
            cells = [("one", r, c) for r, c in line]
            for a, b, c in zip(cells, cells[1:], cells[2:]):
                f.clause([a, b, c])
                f.clause([Not(a), Not(b), Not(c)])
            f.exactly(cells, len(cells) // 2)
        for i in range(len(lines)):
            for j in range(i + 1, len(lines)):
                for clause in differ(tag, i, j, lines[i], lines[j]):
                    f.clause(clause)
    return f


def differ(tag: str, i: int, j: int, first: list, second: list) -> list[list]:
    """Rule 3 for lines i and j, whose cells are `first` and `second`: flag (tag, i, j, k) set means
    they differ at k, and one flag is set."""
    out = []
    for k, (p, q) in enumerate(zip(first, second)):
        flag, a, b = (tag, i, j, k), ("one", *p), ("one", *q)
        out += [[Not(flag), a, b], [Not(flag), Not(a), Not(b)]]
    out.append([(tag, i, j, k) for k in range(len(first))])
    return out


@functools.lru_cache(maxsize=None)
def line_count(length: int) -> int:
    """How many lines of `length` cells keep rules 1 and 2 (6 has 14, 20 has 8,196): a grid with more
    rows than its rows' length allows has no solution by rule 3, however long a search would take."""
    half = length // 2
    ways = {(0, -1, 0): 1}                  # (1s so far, last digit, its run) -> lines reaching it
    for i in range(length):
        after: dict[tuple[int, int, int], int] = {}
        for (ones, last, run), n in ways.items():
            for digit in (0, 1):
                state = (ones + digit, digit, run + 1 if digit == last else 1)
                if state[2] <= 2 and state[0] <= half and i + 1 - state[0] <= half:
                    after[state] = after.get(state, 0) + n
        ways = after
    return sum(n for (ones, _, _), n in ways.items() if ones == half)


@functools.lru_cache(maxsize=16)
def reference(width: int, height: int) -> Solution | None:
    """A solution of the empty W×H grid, or None when none of this construction was found: 2×2 blocks
    `01/10` (0) or `10/01` (1) keep rules 1 and 2 whatever their arrangement; rows 2R and 2R+1 read
    block row R and its complement, so rule 3 holds when the block rows are distinct and no two are
    complements, and the same for block columns. A few seeded random arrangements are tried."""
    rows, cols = height // 2, width // 2
    chance = random.Random(width * 1000 + height)

    def apart(vectors) -> bool:
        seen = set()
        for v in vectors:
            if v in seen or tuple(1 - b for b in v) in seen:
                return False
            seen.add(v)
        return True

    for _ in range(20):
        blocks = [tuple(chance.getrandbits(1) for _ in range(cols)) for _ in range(rows)]
        if apart(blocks) and apart(zip(*blocks)):
            return tuple(blocks[r // 2][c // 2] ^ (r % 2) ^ (c % 2) for r in range(height) for c in range(width))
    return None


def equal_lines(width: int, height: int, model: Model) -> list[list]:
    """Rule 3 for a model of a large grid: the difference clauses of lines that are equal in it (each
    with the next equal one), as keys; empty when every line differs."""
    grid = [tuple(model[("one", r, c)] for c in range(width)) for r in range(height)]
    out = []
    for tag, lines, cells in (("rowdiff", grid, lambda i: [(i, k) for k in range(width)]),
                              ("coldiff", list(zip(*grid)), lambda i: [(k, i) for k in range(height)])):
        last: dict[tuple, int] = {}
        for i, line in enumerate(lines):
            if line in last:
                out += differ(tag, last[line], i, cells(last[line]), cells(i))
            last[line] = i
    return out
