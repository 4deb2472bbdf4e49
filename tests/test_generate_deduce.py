"""Removal on the ladder (generate/deduce.py) against whole grades: for binary and futoshiki candidates,
whether the capped ladder works the clues just removed out again (ladder.settles, on the maker's board
built without writing the puzzle) says what a batch grade of the written puzzle says, removal by removal,
and the maker's board is the one the grader builds from the written puzzle."""

from __future__ import annotations

import random

import pytest

import gridlogic.generate  # noqa: F401  (loads the makers before a kind's maker module)
from gridlogic import ladder
from gridlogic.budget import UNLIMITED
from gridlogic.kinds.binary import grading as binary_grading
from gridlogic.kinds.binary import maker as binary_maker
from gridlogic.kinds.futoshiki import grading as futoshiki_grading
from gridlogic.kinds.futoshiki import maker as futoshiki_maker

CASES = [(binary_maker, binary_grading, 6, "easy"), (binary_maker, binary_grading, 6, "hard"),
         (futoshiki_maker, futoshiki_grading, 5, "medium"), (futoshiki_maker, futoshiki_grading, 5, "hard")]


@pytest.mark.parametrize("maker, grader, n, level", CASES)
def test_settles_answers_as_a_whole_grade(maker, grader, n, level):
    rng = random.Random(3)
    candidate = maker.candidate(n, n, (), "none", rng, UNLIMITED)
    try:
        cap = dict(grader.LEVELS)[level]
        clues = sorted(candidate.clues, key=repr)
        rng.shuffle(clues)
        kept, answers = set(candidate.clues), []
        for clue in clues:
            trial = kept - {clue}
            whole = grader.grade(candidate.write(trial), cap=cap, batch=True).solved
            quick = ladder.settles(candidate.board(trial), grader.RUNGS, grader.LEVELS,
                                   lambda board: candidate.settled(board, clue), cap=cap)
            answers.append((whole, quick))
            if whole:
                kept = trial
        assert all(whole == quick for whole, quick in answers)
        assert {whole for whole, _ in answers} == {True, False}
    finally:
        if candidate.close is not None:
            candidate.close()


@pytest.mark.parametrize("maker, grader, n", [(binary_maker, binary_grading, 6), (futoshiki_maker, futoshiki_grading, 5)])
def test_the_makers_board_is_the_graders(maker, grader, n):
    candidate = maker.candidate(n, n, (), "none", random.Random(8), UNLIMITED)
    try:
        kept = set(random.Random(1).sample(sorted(candidate.clues, key=repr), len(candidate.clues) // 2))
        ours, theirs = candidate.board(kept), grader.Board.start(candidate.write(kept))
        assert ours.values == theirs.values
        assert getattr(ours, "cand", None) == getattr(theirs, "cand", None)
        assert sorted(getattr(ours, "signs", ())) == sorted(getattr(theirs, "signs", ()))
        assert any(not candidate.settled(ours, clue) for clue in candidate.clues)
    finally:
        if candidate.close is not None:
            candidate.close()


def test_a_futoshiki_board_of_digits_is_theirs_placed_one_by_one():
    rng = random.Random(0)
    for _ in range(200):
        n = rng.randint(4, 9)
        values = [rng.randint(1, n) if rng.random() < 0.4 else 0 for _ in range(n * n)]   # clashes too
        board = futoshiki_grading.Board.of(n, values, [])
        placed = futoshiki_grading.Board(n, [(1 << n) - 1] * (n * n), [0] * (n * n), board.units, board.peers, [])
        for i, d in enumerate(values):
            if d:
                placed.place(i, d)
        assert (board.cand, board.values) == (placed.cand, placed.values)
