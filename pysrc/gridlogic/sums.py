"""Sums of distinct digits, shared by every rule that adds cells up (kakuro runs, killer cages): the
digit sets a count of distinct digits can make a total with. (The automaton over partial sums that
arrows, little killers, sandwiches and x-sums use is in kinds/sudoku/families/_encode.py.)"""

from __future__ import annotations

import functools


@functools.lru_cache(maxsize=4096)
def digit_sets(count: int, total: int, size: int = 9, most: int | None = None) -> tuple[tuple[int, ...], ...] | None:
    """The sets of `count` distinct digits 1..size adding up to `total`, each ascending, in ascending
    order; None when there are more than `most` (the caller then encodes the sum another way)."""
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], low: int, left: int, need: int) -> bool:
        if left == 0:
            if need == 0:
                out.append(prefix)
            return most is None or len(out) <= most
        for d in range(low, size + 1):
            if left * d + left * (left - 1) // 2 > need:             # the smallest digits from d: too much
                break
            if d + (left - 1) * size - (left - 1) * (left - 2) // 2 < need:   # the largest: too little
                continue
            if not extend(prefix + (d,), d + 1, left - 1, need - d):
                return False
        return True

    return tuple(out) if extend((), 1, count, total) else None
