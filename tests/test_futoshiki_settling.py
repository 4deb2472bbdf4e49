"""The futoshiki maker's faster answer (kinds/futoshiki/settling.py) to the generator's question, does the
grader's ladder capped at a level work the removed clues (digits and signs) out from the clues kept, is the
ladder's own (ladder.settles on the grader's board, as generate/deduce.py asks it without the maker's
answer), on seeded squares, shares of clues kept and removed clues."""

from __future__ import annotations

import random

import pytest

from gridlogic import generate  # noqa: F401  (the makers' registry, before a maker is imported)
from gridlogic import ladder
from gridlogic.budget import UNLIMITED
from gridlogic.kinds.futoshiki import grading, maker, settling


def _ladder(found, kept: set, group: tuple, cap: float) -> bool:
    settled = found.settled
    return ladder.settles(found.board(kept), grading.RUNGS, grading.LEVELS,
                          lambda board: all(settled(board, clue) for clue in group), cap=cap)


def _asked(found, kept: set, group: tuple, cap: float) -> bool:
    """Whether the question is one the generator asks: a removal of signs alone at a cap whose techniques
    do not read them is asked only of clues the capped ladder solves (deduce.reduce keeps no others)."""
    if cap in settling.READS_SIGNS or not all(isinstance(clue[0], str) for clue in group):
        return True
    return grading.grade(found.write(kept), cap=cap).solved


@pytest.mark.parametrize("n", [4, 5, 6])
def test_the_answer_is_the_ladders(n):
    answers = {True: 0, False: 0}
    for seed in range(10):
        rng = random.Random(seed)
        found = maker.candidate(n, n, (), "none", rng, UNLIMITED)
        clues = sorted(found.clues, key=repr)
        for _ in range(30):
            share = rng.uniform(0.15, 0.6)
            kept = {clue for clue in clues if rng.random() < share}
            if len(kept) < 2:
                continue
            group = tuple(rng.sample(sorted(kept, key=repr), rng.choice((1, 2))))
            trial = kept.difference(group)
            for cap in settling.TOPS:
                if not _asked(found, kept, group, cap):
                    continue
                answer = found.settles(trial, group, cap)
                assert answer == _ladder(found, trial, group, cap), (seed, sorted(trial, key=repr), group, cap)
                answers[answer] += 1
    assert min(answers.values()) >= 60, answers          # both answers are met often


@pytest.mark.parametrize("n", [4, 5])
def test_the_whole_ladders_answer_is_the_ladders(n):
    """With no cap (fish and trial too), asked as generate/deduce.py asks it: removals from a puzzle the ladder
    solves, in a seeded order, each kept when the ladder's answer is yes."""
    answers, beyond_hard = {True: 0, False: 0}, 0
    for seed in range(25):
        rng = random.Random(seed)
        found = maker.candidate(n, n, (), "none", rng, UNLIMITED)
        clues = sorted(found.clues, key=repr)
        rng.shuffle(clues)
        kept = set(clues)
        while clues:
            size = rng.choice((1, 1, 2))
            group, clues = tuple(clues[:size]), clues[size:]
            trial = kept.difference(group)
            answer = found.settles(trial, group, None)
            assert answer == _ladder(found, trial, group, None), (seed, sorted(trial, key=repr), group)
            answers[answer] += 1
            if answer:
                beyond_hard += not found.settles(trial, group, 6.0)
                kept = trial
    assert min(answers.values()) >= 50 and beyond_hard >= 3, (answers, beyond_hard)


def _ladder_trial(board):
    return ladder.trial(board, grading.RUNGS[:3], 7.0, every=True)


@pytest.mark.parametrize("n", [4, 5, 6])
def test_the_graders_trial_finds_the_ladders_steps(n):
    """grading.trial's climbs (board.breaks) give the steps of ladder.trial's climbs by the grader's rungs, on
    random shares of seeded squares' clues, one step at a time and in batches."""
    old, trials = grading.RUNGS[:-1] + (ladder.Rung(7.0, _ladder_trial),), 0
    for seed in range(30):
        rng = random.Random(seed)
        found = maker.candidate(n, n, (), "none", rng, UNLIMITED)
        clues = sorted(found.clues, key=repr)
        for _ in range(5):
            share = rng.uniform(0.1, 0.5)
            kept = {clue for clue in clues if rng.random() < share}
            for batch in (False, True):
                new = ladder.climb(found.board(kept), grading.RUNGS, grading.LEVELS, batch=batch)
                was = ladder.climb(found.board(kept), old, grading.LEVELS, batch=batch)
                assert new == was, (seed, sorted(kept, key=repr), batch)
                trials += any(step.technique == "trial" for step in new.steps)
    assert trials >= 5, trials


def test_an_attempt_left_too_easy_is_the_one_its_rating_puts_below_the_level():
    """search._too_easy (the maker's answer, capped at the level below, over every clue removed) ends an
    attempt exactly when the rating of the puzzle the removals leave is below the level asked."""
    from gridlogic import walks
    from gridlogic.generate import deduce, orbits, search
    from gridlogic.kinds import futoshiki

    outcomes = set()
    for level in ("medium", "hard"):
        for seed in range(12):
            rng = random.Random(seed)
            found = maker.candidate(4, 4, (), "none", rng, UNLIMITED)
            groups = orbits.clue_orbits("none", 4, 4, found.clues)
            rng.shuffle(groups)
            kept = deduce.reduce(grading, found, level, groups, UNLIMITED)
            rating = walks.rate(futoshiki, found.write(kept))
            below = search.LEVELS.index(rating.level) < search.LEVELS.index(level)
            assert search._too_easy(grading, found, level, kept) == below, (level, seed, rating.level)
            outcomes.add(below)
    assert outcomes == {True, False}


@pytest.mark.parametrize("n", [4, 5, 6])
def test_an_intercalates_trade_is_another_solution(n):
    """maker.intercalates: each trade's cells swapped give a square the kind's checker accepts with every sign
    kept but those of the trade, and SAT finds several solutions to the clues without the trade's."""
    from gridlogic.generate import oracle
    from gridlogic.kinds import futoshiki

    trades = 0
    for seed in range(8):
        found = maker.candidate(n, n, (), "none", random.Random(seed), UNLIMITED)
        whole = found.write(set(found.clues))
        grid = {(r, c): whole.givens[r * n + c] for r in range(n) for c in range(n)}
        signs = {clue: cells for clue, cells in found.clues.items() if isinstance(clue[0], str)}
        for trade in maker.intercalates(grid, n, signs):
            trades += 1
            corners = sorted(clue for clue in trade if not isinstance(clue[0], str))
            (r1, c1), (r1_, c2), (r2, c1_), (r2_, c2_) = corners
            assert (r1, r2, c1, c2) == (r1_, r2_, c1_, c2_)
            other = dict(grid)
            other[(r1, c1)], other[(r1, c2)] = grid[(r1, c2)], grid[(r1, c1)]
            other[(r2, c1)], other[(r2, c2)] = grid[(r2, c2)], grid[(r2, c1)]
            kept = set(found.clues) - trade
            puzzle = found.write(kept)
            answer = tuple(other[(r, c)] for r in range(n) for c in range(n))
            assert other != grid and not futoshiki.check(puzzle, answer), (seed, sorted(trade, key=repr))
            if trades <= 12:
                assert not oracle.is_unique(futoshiki, puzzle, UNLIMITED)
    assert trades >= 8, trades


@pytest.mark.parametrize("n", [4, 5, 6])
def test_another_solution_is_the_one_sat_finds(n):
    """settling.another (asked by the whole ladder's climb before its first fish) says whether the clues left
    have a solution other than the square they are from, as SAT's uniqueness check does, on random shares of
    seeded squares' clues, from the board of the clues and from the board the ladder capped at hard leaves."""
    from gridlogic.generate import oracle
    from gridlogic.kinds import futoshiki

    answers = {True: 0, False: 0}
    for seed in range(12):
        rng = random.Random(seed)
        found = maker.candidate(n, n, (), "none", rng, UNLIMITED)
        solution = found.board(set(found.clues)).values
        clues = sorted(found.clues, key=repr)
        for _ in range(6):
            share = rng.uniform(0.2, 0.6)
            kept = {clue for clue in clues if rng.random() < share}
            several = not oracle.is_unique(futoshiki, found.write(kept), UNLIMITED)
            board = found.board(kept)
            assert settling.another(board, solution) == several, (seed, sorted(kept, key=repr))
            settling.settles(board, lambda board: False, 6.0)
            assert settling.another(board, solution) == several, (seed, sorted(kept, key=repr))
            answers[several] += 1
    assert min(answers.values()) >= 8, answers


def test_the_listed_squares_are_every_square_and_uniqueness_is_sats():
    """kinds/futoshiki/squares.py lists the 576 Latin squares of 4×4, each once, each one the kind's checker
    accepts; uniqueness read from them (the maker asks it with no cap, before the climb) answers as SAT on
    random shares of seeded squares' digits and signs."""
    from gridlogic.generate import oracle
    from gridlogic.kinds import futoshiki
    from gridlogic.kinds.futoshiki import squares

    listed = squares.squares(4)
    assert len(listed) == len(set(listed)) == 576
    blank = maker.candidate(4, 4, (), "none", random.Random(0), UNLIMITED).write(set())
    assert all(not futoshiki.check(blank, square) for square in listed)
    answers = {True: 0, False: 0}
    for seed in range(15):
        rng = random.Random(seed)
        found = maker.candidate(4, 4, (), "none", rng, UNLIMITED)
        whole = found.write(set(found.clues))
        grid = {(r, c): whole.givens[r * 4 + c] for r in range(4) for c in range(4)}
        agree = squares.agreeing(4, grid, found.clues)
        clues = sorted(found.clues, key=repr)
        for _ in range(8):
            share = rng.uniform(0.15, 0.5)
            kept = {clue for clue in clues if rng.random() < share}
            one = oracle.is_unique(futoshiki, found.write(kept), UNLIMITED)
            assert squares.unique(4, agree, kept) == one, (seed, sorted(kept, key=repr))
            answers[one] += 1
    assert min(answers.values()) >= 10, answers


@pytest.mark.parametrize("n", [4, 5])
def test_too_easy_from_the_chain_of_removals_is_the_ladders(n):
    """At fiendish the maker answers search._too_easy's question (does the ladder capped at hard work out every
    clue removed) from the chain of removals deduce.reduce kept (generate/deduce.py's Chain), without a climb:
    the ladder's own answer on the board, and the rating below fiendish exactly when it says yes."""
    from gridlogic import walks
    from gridlogic.generate import deduce, orbits, search
    from gridlogic.kinds import futoshiki

    outcomes = set()
    for seed in range(60 if n == 4 else 14):          # (at 4×4 about one attempt in 20 is not too easy)
        rng = random.Random(seed)
        found = maker.candidate(n, n, (), "none", rng, UNLIMITED)
        groups = orbits.clue_orbits("none", n, n, found.clues)
        rng.shuffle(groups)
        kept = deduce.reduce(grading, found, "fiendish", groups, UNLIMITED)
        removed = tuple(clue for clue in found.clues if clue not in kept)
        easy = search._too_easy(grading, found, "fiendish", kept)
        assert easy == _ladder(found, set(kept), removed, maker.HARD), seed
        rating = walks.rate(futoshiki, found.write(kept))
        assert easy == (rating.level != "fiendish"), (seed, rating.level)
        outcomes.add(easy)
    assert outcomes == {True, False}
