"""The binary maker's answer on bit masks (kinds/binary/settling.py) to the generator's question, does the
grader's ladder capped at a level work the removed cells out from the cells kept, is the ladder's own
(ladder.settles on the grader's board, as generate/deduce.py asks it without the maker's answer), on
seeded grids, shares of cells kept and removed cells; and the maker makes the same puzzles with it."""

from __future__ import annotations

import random

import pytest

from gridlogic import generate  # noqa: F401  (the makers' registry, before a maker is imported)
from gridlogic import ladder
from gridlogic.budget import UNLIMITED
from gridlogic.kinds.binary import grading, maker, settling


def _ladder(found, kept: set, group: tuple, cap: float) -> bool:
    settled = found.settled
    return ladder.settles(found.board(kept), grading.RUNGS, grading.LEVELS,
                          lambda board: all(settled(board, cell) for cell in group), cap=cap)


@pytest.mark.parametrize("n", [6, 8, 10])
def test_the_masks_answer_as_the_ladder(n):
    answers = {True: 0, False: 0}
    for seed in range(15):
        rng = random.Random(seed)
        found = maker.candidate(n, n, (), "none", rng, UNLIMITED)
        try:
            cells = sorted(found.clues)
            for _ in range(40):
                kept = {cell for cell in cells if rng.random() < rng.uniform(0.3, 0.8)}
                group = tuple(rng.sample(sorted(kept), rng.choice((1, 2))))
                trial = kept.difference(group)
                for cap in settling.RUNGS_UP_TO:
                    answer = found.settles(trial, group, cap)
                    assert answer == _ladder(found, trial, group, cap), (seed, sorted(trial), group, cap)
                    answers[answer] += 1
        finally:
            found.close()
    assert min(answers.values()) >= 100, answers          # both answers are met often


def test_fiendish_is_left_to_the_grader():
    found = maker.candidate(6, 6, (), "none", random.Random(0), UNLIMITED)
    try:
        assert found.settles(set(found.clues) - {(0, 0)}, ((0, 0),), None) is None
    finally:
        found.close()
