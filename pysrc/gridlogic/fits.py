"""Distinct digits adding up to a total, as a person reads a killer cage or a kakuro run: the graders'
arithmetic (kinds/sudoku/grading/killer.py, kinds/kakuro/grading.py).

A group's *fits* are the ways its open cells can take distinct digits, each from its candidates (a mask,
bit d-1 for digit d), adding up to what the group still lacks: `options` gives, per cell, the digits some
fit gives it (all zero: no fit, a contradiction). The same arithmetic with every cell allowed every digit
the group has not placed is its sum alone, as a person reads it from a table of combinations (two cells
of 4: 1 and 3). `needed` tells the digits every fit uses.
"""

from __future__ import annotations

import functools


@functools.lru_cache(maxsize=1024)
def digit_sum(mask: int) -> int:
    """The sum of the digits of a mask."""
    return sum(d for d in range(1, mask.bit_length() + 1) if mask >> (d - 1) & 1)


def bits(mask: int) -> list[int]:
    """The single bits of a mask, lowest first."""
    out = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        out.append(bit)
    return out


def options(cands: list[int], total: int) -> list[int]:
    """Per cell, the digits (a mask) that some fit gives it (`fits`, cached: a group's candidates change
    seldom between steps)."""
    return list(fits(tuple(cands), total))


@functools.lru_cache(maxsize=1 << 16)
def fits(cands: tuple[int, ...], total: int) -> tuple[int, ...]:
    """Per cell, the digits (a mask) that some fit gives it: distinct digits, each from its cell's
    candidates, adding up to `total`. Forward, the sets of digits the first cells can use; backward, the
    steps that lead to a set adding up to `total`."""
    layers = [{0}]
    for m in cands:
        layers.append({used | bit for used in layers[-1] for bit in bits(m & ~used)})
    good = {used for used in layers[-1] if digit_sum(used) == total}
    out = [0] * len(cands)
    for i in range(len(cands) - 1, -1, -1):
        before = set()
        for used in layers[i]:
            for bit in bits(cands[i] & ~used):
                if used | bit in good:
                    out[i] |= bit
                    before.add(used)
        good = before
    return tuple(out)


def needed(cands: list[int], total: int) -> int:
    """The digits (a mask) every fit uses (0 when there is no fit)."""
    union = 0
    for m in fits(tuple(cands), total):
        union |= m
    if not union:
        return 0
    return sum(bit for bit in bits(union) if not any(fits(tuple(m & ~bit for m in cands), total)))
