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


@pytest.mark.parametrize("n", [6, 8])
def test_the_masks_answer_as_the_whole_ladder(n):
    """At fiendish (no cap: line analysis and trial too, fiendish.py), asked as generate/deduce.py asks it:
    removals from a puzzle the ladder solves, in a seeded order, each kept when the ladder's answer is yes."""
    answers, beyond_hard = {True: 0, False: 0}, 0
    for seed in range(20):
        rng = random.Random(seed)
        found = maker.candidate(n, n, (), "none", rng, UNLIMITED)
        try:
            cells = sorted(found.clues)
            rng.shuffle(cells)
            kept = set(cells)
            while cells:
                size = rng.choice((1, 1, 2))
                group, cells = tuple(cells[:size]), cells[size:]
                trial = kept.difference(group)
                answer = found.settles(trial, group, None)
                assert answer == _ladder(found, trial, group, None), (seed, sorted(trial), group)
                answers[answer] += 1
                if answer:
                    beyond_hard += not found.settles(trial, group, 6.0)
                    kept = trial
        finally:
            found.close()
    assert min(answers.values()) >= 50 and beyond_hard >= 3, (answers, beyond_hard)


def _old_trial_rungs():
    """The grader's rungs with ladder.trial's own climbs (the board's techniques, one climb per digit)."""
    below = grading.RUNGS[:5]
    return grading.RUNGS[:6] + (ladder.Rung(7.0, lambda board: ladder.trial(board, below, 7.0)),)


@pytest.mark.parametrize("n", [6, 8, 10])
def test_the_graders_trial_on_masks_finds_the_ladders_steps(n):
    """grading.trial's climbs on masks (settling.breaks) give the steps of ladder.trial's climbs, on random
    shares of seeded solutions (several solutions, one, or stuck), one step at a time and in batches."""
    old, trials = _old_trial_rungs(), 0
    for seed in range(10):
        rng = random.Random(seed)
        found = maker.candidate(n, n, (), "none", rng, UNLIMITED)
        try:
            for _ in range(4):
                kept = {cell for cell in found.clues if rng.random() < rng.uniform(0.15, 0.5)}
                for batch in (False, True):
                    new = ladder.climb(found.board(kept), grading.RUNGS, grading.LEVELS, batch=batch)
                    was = ladder.climb(found.board(kept), old, grading.LEVELS, batch=batch)
                    assert new == was, (seed, sorted(kept), batch)
                    trials += any(step.technique == "trial" for step in new.steps)
        finally:
            found.close()
    assert trials >= 5, trials


@pytest.mark.parametrize("n", [6, 8])
def test_too_easy_from_the_chain_of_removals_is_the_ladders(n):
    """At fiendish the maker answers search._too_easy's question (does the ladder capped at hard work out every
    cell removed) from the chain of removals deduce.reduce kept (generate/deduce.py's Chain), without a climb:
    the ladder's own answer on the board, and the rating below fiendish exactly when it says yes."""
    from gridlogic import walks
    from gridlogic.generate import deduce, orbits, search
    from gridlogic.kinds import binary

    outcomes = set()
    for seed in range(12):
        rng = random.Random(seed)
        found = maker.candidate(n, n, (), "none", rng, UNLIMITED)
        try:
            groups = orbits.clue_orbits("none", n, n, found.clues)
            rng.shuffle(groups)
            kept = deduce.reduce(grading, found, "fiendish", groups, UNLIMITED)
            removed = tuple(cell for cell in found.clues if cell not in kept)
            assert found.settles(set(kept), removed, maker.HARD) is not None
            easy = search._too_easy(grading, found, "fiendish", kept)
            assert easy == _ladder(found, set(kept), removed, maker.HARD), seed
            if found.unique(kept):
                rating = walks.rate(binary, found.write(kept))
                assert easy == (rating.level != "fiendish"), (seed, rating.level)
            outcomes.add(easy)
        finally:
            found.close()
    assert outcomes == {True, False}
