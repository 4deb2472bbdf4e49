"""Clues removed while the puzzle keeps one solution, asked in batches: the same clues go as when each
orbit is asked on its own, in order, with fewer questions.

One by one, an orbit goes when the clues kept without it still leave one solution. A batch of orbits is
asked at once: when the clues kept without all of them leave one solution, each orbit of the batch would
have gone on its own (the puzzle it is asked on holds those clues and more, and more clues keep one
solution); when not, the batch is split in halves, asked in turn (a second half is not asked whole once
the first went whole: the batch did not). A batch grows after it goes whole and shrinks after it does not,
so near the end, where most orbits stay, it is asked of one orbit at a time.
"""

from __future__ import annotations

from collections.abc import Callable

FIRST_BATCH = 4
MOST_BATCH = 8


def remove_while_unique(kept: set, groups: list, unique: Callable[[set], bool], start: int = 0,
                        floor: int = 0) -> tuple[set, list, int]:
    """From `start`, each orbit of `groups` in order goes when the clues left still have one solution
    (`unique`), as long as at least `floor` clues would be left: (the clues kept, the orbits removed in
    order, the index of the first orbit not asked, len(groups) when every one was)."""
    removed: list = []
    size, at = FIRST_BATCH, start
    while at < len(groups):
        batch, left = [], len(kept)
        for group in groups[at:at + size]:
            left -= len(kept.intersection(group))
            if left < floor:
                break
            batch.append(group)
        if not batch:
            break
        kept, went, whole = _ask(kept, batch, unique, False)
        removed.extend(went)
        at += len(batch)
        size = min(size * 2, MOST_BATCH) if whole else max(size // 2, 1)
    return kept, removed, at


def _ask(kept: set, batch: list, unique: Callable[[set], bool], failed: bool) -> tuple[set, list, bool]:
    """The orbits of `batch` asked one by one in order, in halves (`failed`: the batch is known not to go
    whole): (the clues kept, the orbits that went, whether all went)."""
    if not failed:
        trial = kept.difference(*batch)
        if unique(trial):
            return trial, list(batch), True
    if len(batch) == 1:
        return kept, [], False
    half = len(batch) // 2
    kept, first, whole = _ask(kept, batch[:half], unique, False)
    kept, second, _ = _ask(kept, batch[half:], unique, whole)
    return kept, first + second, False
