"""The nonogram maker's count of a picture's solutions (kinds/nonogram/lines.py, count_solutions: a search
with the line solver as its propagation) against SAT (generate/oracle.py), on random pictures the line
solver leaves open; and the line solver's verdict against the grader capped at easy."""

from __future__ import annotations

import random

from gridlogic import generate  # noqa: F401  (the makers' registry, before a maker is imported)
from gridlogic.budget import UNLIMITED
from gridlogic.generate import oracle
from gridlogic.kinds import nonogram
from gridlogic.kinds.nonogram import grading, maker
from gridlogic.kinds.nonogram.grid import make_puzzle, runs
from gridlogic.kinds.nonogram.lines import automata, count_solutions, solve_lines


def _puzzle(grid):
    w = len(grid[0])
    return make_puzzle(w, len(grid), [runs(row) for row in grid], [runs([row[c] for row in grid]) for c in range(w)])


def _open(puzzle):
    w, h = puzzle.width, puzzle.height
    grid = solve_lines(automata(puzzle), w, h, [-1] * (w * h), range(w + h))
    return -1 in grid


def test_the_count_is_sats():
    rng = random.Random(4)
    answers = {True: 0, False: 0}
    for n in (8, 10, 12):
        for _ in range(400):
            puzzle = _puzzle(maker.picture(n, n, rng))
            if not _open(puzzle):
                continue
            w, h = puzzle.width, puzzle.height
            count = count_solutions(automata(puzzle), w, h, [-1] * (w * h), range(w + h))
            assert count in (1, 2)
            unique = oracle.is_unique(nonogram, puzzle, UNLIMITED)
            assert (count == 1) == unique
            answers[unique] += 1
    assert min(answers.values()) >= 3, answers          # both answers are met


def test_a_count_past_its_line_solves_is_none():
    rng = random.Random(1)
    while True:
        puzzle = _puzzle(maker.picture(12, 12, rng))
        if _open(puzzle):
            break
    w, h = puzzle.width, puzzle.height
    assert count_solutions(automata(puzzle), w, h, [-1] * (w * h), range(w + h), nodes=[1]) is None


def test_the_line_solver_finishes_where_the_grade_capped_at_easy_does():
    rng = random.Random(2)
    seen = set()
    for n in (6, 10, 15):
        for _ in range(60):
            puzzle = _puzzle(maker.picture(n, n, rng))
            solved = not _open(puzzle)
            assert solved == grading.grade(puzzle, cap=dict(grading.LEVELS)["easy"]).solved
            seen.add(solved)
    assert seen == {True, False}
