"""The generator's incremental solver (generate/incremental.py) and the sudoku maker's cheap logic
(grading/singles.py) against fresh answers: one solver's uniqueness verdicts on random sets of a grid's
givens equal a fresh solve's (oracle.is_unique, a new formula with the givens in it), its grid is
oracle.fill's for the same seed, the cached solver it borrows still answers right once it is closed, the
sudoku maker's unavoidable sets, emptied, each leave several solutions and leave the verdicts as they were,
singles settle the capped grader exactly at easy and never wrongly at medium, and the nonogram grader at
easy says what the plain line solver says."""

from __future__ import annotations

import random

import pytest

from gridlogic.budget import UNLIMITED
from gridlogic.generate import givens, incremental, oracle
from gridlogic.kinds import sudoku
from gridlogic.kinds.sudoku import grading
from gridlogic.kinds.sudoku.grading import singles


def _blank(rows: int, rules: tuple[str, ...]):
    return sudoku.from_state(givens.blank_state(sudoku, rows, rows), rules=rules)


def _puzzle(rows: int, rules: tuple[str, ...], grid: dict, kept) -> object:
    cells = [str(grid[(r, c)]) if (r, c) in kept else "" for r in range(rows) for c in range(rows)]
    return sudoku.from_state({**givens.blank_state(sudoku, rows, rows), "cells": cells}, rules=rules)


def _random_sets(grid: dict, rng: random.Random, count: int, low: int, high: int) -> list[set]:
    cells = sorted(grid)
    return [set(rng.sample(cells, rng.randint(low, high))) for _ in range(count)]


@pytest.mark.parametrize("rows, rules, low, high", [(9, (), 26, 44), (6, ("king",), 8, 16)])
def test_verdicts_equal_a_fresh_solve(rows, rules, low, high):
    with incremental.Givens(sudoku, _blank(rows, rules), UNLIMITED) as solver:
        grid = solver.fill(random.Random(5))
        assert grid == oracle.fill(sudoku, _blank(rows, rules), random.Random(5), UNLIMITED)
        verdicts = []
        for kept in _random_sets(grid, random.Random(rows), 24, low, high):
            fresh = oracle.is_unique(sudoku, _puzzle(rows, rules, grid, kept), UNLIMITED)
            assert solver.is_unique(kept) == fresh, sorted(kept)
            verdicts.append(fresh)
        assert solver.is_unique(set(grid)) and not solver.is_unique(set())
    assert True in verdicts and False in verdicts          # both answers were put to the test


@pytest.mark.parametrize("rows, seed", [(9, 1), (9, 2), (6, 3), (8, 4)])
def test_each_unavoidable_set_leaves_several_solutions(rows, seed):
    from gridlogic.kinds.sudoku import maker

    blank = _blank(rows, ())
    grid = maker.seeded(blank, random.Random(seed))
    sets = maker.unavoidable(blank, grid)
    assert len(sets) >= rows                                    # at least one a pair of rows or columns
    for cells in sets:
        rest = set(grid) - set(cells)
        assert len(cells) >= 4 and oracle.status(sudoku, _puzzle(rows, (), grid, rest), UNLIMITED) == "multiple", \
            sorted(cells)
    assert maker.unavoidable(_blank(rows, ("diagonal",)), grid) == []      # variant rules: none claimed


def test_verdicts_with_unavoidable_sets_equal_a_fresh_solve():
    from gridlogic.kinds.sudoku import maker

    blank = _blank(9, ())
    grid = maker.seeded(blank, random.Random(7))
    with incremental.Givens(sudoku, blank, UNLIMITED, lambda found: maker.unavoidable(blank, found)) as solver:
        solver.adopt(grid)
        verdicts = []
        for kept in _random_sets(grid, random.Random(8), 40, 22, 40):
            fresh = oracle.is_unique(sudoku, _puzzle(9, (), grid, kept), UNLIMITED)
            assert solver.is_unique(kept) == fresh, sorted(kept)
            verdicts.append(fresh)
    assert True in verdicts and False in verdicts


def test_the_borrowed_solver_answers_right_once_closed():
    with incremental.Givens(sudoku, _blank(9, ()), UNLIMITED) as solver:
        grid = solver.fill(random.Random(1))
    kept = set(sorted(grid)[:30])
    other = oracle.status(sudoku, _puzzle(9, (), grid, kept), UNLIMITED)      # the same cached base
    assert other == "multiple"
    assert oracle.status(sudoku, _puzzle(9, (), grid, set(grid)), UNLIMITED) == "unique"


def test_singles_settle_the_capped_grader():
    blank = _blank(9, ())
    with incremental.Givens(sudoku, blank, UNLIMITED) as solver:
        grid = solver.fill(random.Random(3))
        sets, kept = [], set(grid)
        order = sorted(grid)
        random.Random(4).shuffle(order)
        for cell in order:                     # the generator's way: a given goes while one solution stays
            if solver.is_unique(kept - {cell}):
                kept = kept - {cell}
                sets.append(kept)
    easy = medium = 0
    for kept in sets:
        puzzle = _puzzle(9, (), grid, kept)
        given = {cell: grid[cell] for cell in kept}
        at_easy = grading.grade(puzzle, cap=1.5).solved
        assert singles.within(blank, given, "easy") == at_easy
        if singles.within(blank, given, "medium"):
            assert grading.grade(puzzle, cap=2.5).solved
            medium += 1
        easy += at_easy
    assert 0 < easy < len(sets) and medium > easy        # the sample has both verdicts, and naked singles add some


def test_the_grader_settles_an_easy_nonogram_as_the_line_solver_does():
    from gridlogic.kinds import nonogram
    from gridlogic.kinds.nonogram import maker
    from gridlogic.kinds.nonogram.lines import line_solve

    rng, seen = random.Random(2), set()
    for _ in range(10):
        candidate = maker.candidate(10, 10, (), "none", rng, UNLIMITED)
        easy = candidate.solves(set(), "easy")
        puzzle = candidate.write(set())
        assert easy == (len(line_solve(puzzle) or {}) == 100)    # the plain line solver agrees
        if candidate.solves(set(), "fiendish") is None:          # stuck: SAT decides
            assert not easy
        elif candidate.solves(set(), "fiendish"):                # finished: one solution, as SAT says
            assert oracle.is_unique(nonogram, puzzle, UNLIMITED)
        seen.add(easy)
    assert seen == {True, False}
