"""Sudoku corpus: the hard sets solved and proven unique, tdoku's counts, janko's 16×16 solutions."""

from __future__ import annotations

import pytest

from conftest import corpus_lines
from gridlogic import solver
from gridlogic.kinds import sudoku

pytestmark = pytest.mark.corpus


def solve_unique(line: str):
    puzzle = sudoku.parse(line)
    answer = solver.solve(sudoku, puzzle)
    assert answer.status == "unique", line
    assert sudoku.check(puzzle, answer.solution) == []
    return answer


@pytest.mark.parametrize("name,first", [("norvig_top95.txt", None), ("norvig_hardest.txt", None),
                                        ("forum_hardest_1106.txt", None),
                                        ("royle_17clue_first2000.txt", None)])
def test_sets_are_solved_and_unique(name, first):
    lines = corpus_lines("sudoku", name)[:first]
    assert len(lines) >= (first or 11)
    for line in lines:
        solve_unique(line)


def test_tdoku_counts_are_reproduced():
    lines = corpus_lines("sudoku", "tdoku_test_puzzles_with_counts.txt")
    assert len(lines) == 43
    for line in lines:
        fields = line.split(":")
        puzzle = sudoku.parse(fields[0])
        expected = int(fields[1])
        answer = solver.solve(sudoku, puzzle, mode="count", limit=5000)
        assert answer.complete and answer.count == expected, line
        assert answer.status == {0: "none", 1: "unique"}.get(expected, "multiple")
        for s in answer.solutions:
            assert sudoku.check(puzzle, s) == []
        if len(fields) > 2 and fields[2]:
            assert sudoku.format(puzzle, answer.solution).replace("\n", "") == fields[2]


def test_janko_sudokus_match_published_solutions():
    lines = corpus_lines("sudoku", "janko_sudoku_9x9_16x16_with_solutions.txt")
    sizes = [int(line.split()[1]) for line in lines]
    assert sizes.count(16) == 124
    for line in lines:
        ident, n, text, published = line.split()
        answer = solve_unique(text)
        assert sudoku.format(sudoku.parse(text), answer.solution).replace("\n", "") == published, ident


def test_miracle_corpus_puzzle():
    lines = corpus_lines("sudoku", "miracle_sudoku.txt")
    puzzle = sudoku.parse(lines[0], rules="miracle")
    answer = solver.solve(sudoku, puzzle)
    assert answer.status == "unique"
    assert sudoku.format(puzzle, answer.solution).replace("\n", "") == lines[1]
    assert sudoku.check(puzzle, answer.solution) == []
