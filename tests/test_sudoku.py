"""Sudoku: parsing and its errors, formats, the checker, sizes and variants against brute force."""

from __future__ import annotations

import itertools

import pytest

from gridlogic import solver
from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError
from gridlogic.kinds import sudoku

CLASSIC = sudoku.EXAMPLES[0]


@pytest.mark.parametrize("text,fragment,where", [
    ("", "empty input", {}),
    ("  \n| - +\n", "empty input", {}),
    ("." * 80, "got 80 cells on line 1; a 9×9 sudoku has 81 (1 missing)", {"line": 1}),
    ("\n".join(["........."] * 4 + ["........"] + ["........."] * 4),
     "row 5 (line 5): expected 9 cells like the other rows, got 8 (1 missing)", {"line": 5, "r": 4}),
    ("\n".join(["........"] + ["........."] * 8), "row 1 (line 1): expected 9 cells", {"line": 1, "r": 0}),
    ("." * 40 + "?" + "." * 40, "line 1, column 41: unexpected character '?'", {"line": 1, "col": 41}),
    ("." * 40 + "x" + "." * 40, "'x' is not a digit of a 9×9 sudoku (1-9)", {"r": 4, "c": 4, "col": 41}),
    ("\n".join(["........."] * 8 + [".........."]), "row 9 (line 9): expected 9 cells", {"line": 9}),
    ("\n".join(["........"] * 9), "9 rows of 8 cells", {}),
    ("11" + "." * 79, "given twice in row 1", {"r": 0, "c": 1}),
    ("1" + "." * 8 + "1" + "." * 71, "given twice in column 1", {"r": 1, "c": 0}),
    ("1" + "." * 9 + "1" + "." * 70, "given twice in box 1", {"r": 1, "c": 1}),
    ("5" + "." * 15, "'5' is not a digit of a 4×4 sudoku", {"r": 0, "c": 0}),
])
def test_bad_input_is_located(text, fragment, where):
    with pytest.raises((PuzzleSyntaxError, PuzzleRuleError)) as info:
        sudoku.parse(text)
    assert fragment in info.value.message
    for key, value in where.items():
        assert info.value.where[key] == value


def test_unknown_rule_is_refused():
    with pytest.raises(RequestError, match="unknown sudoku rule 'jigsaw'"):
        sudoku.parse(CLASSIC.text, rules="knight,jigsaw")


def test_rules_aliases_and_order():
    assert sudoku.normalize_rules("miracle") == ("knight", "king", "nonconsecutive")
    assert sudoku.normalize_rules(["Diagonal", " king "]) == ("king", "diagonal")


def test_drawn_grid_and_zero_empty_read_the_same():
    drawn = """
    . . . | . 1 . | . 3 .
    . . 9 | . . 5 | . . 8
    8 . 4 | . . 6 | . 2 5
    ------+-------+------
    . . . | . . . | 6 . .
    . . 8 | . . 4 | . . .
    1 2 . | . 8 7 | . . .
    ------+-------+------
    3 . . | 9 . . | 2 . .
    . 6 5 | . . 8 | . . .
    9 . . | . . . | . . .
    """
    flat = CLASSIC.text.replace("\n", "").replace(".", "0")
    assert sudoku.parse(drawn) == sudoku.parse(flat) == sudoku.parse(CLASSIC.text)


def test_letters_for_large_sizes_round_trip():
    text = "".join(sudoku.SYMBOLS[(i * 7) % 16] if i % 17 == 0 else "." for i in range(256))
    puzzle = sudoku.parse(text)
    assert puzzle.size == 16 and puzzle.box == (4, 4)
    assert sudoku.parse(sudoku.format(puzzle)) == puzzle
    assert sudoku.parse(text.lower()) == puzzle


@pytest.mark.parametrize("size", sorted(sudoku.BOXES))
def test_every_size_solves_and_is_multiple_when_empty(size):
    puzzle = sudoku.parse("." * size * size)
    answer = solver.solve(sudoku, puzzle)
    assert answer.status == "multiple"
    assert len(answer.solutions) == 2 and answer.solutions[0] != answer.solutions[1]
    for s in answer.solutions:
        assert sudoku.check(puzzle, s) == []


def test_checker_reports_each_broken_rule():
    puzzle = sudoku.parse(CLASSIC.text)
    good = tuple(int(ch) for ch in CLASSIC.solution.replace("\n", ""))
    assert sudoku.check(puzzle, good) == []
    swapped = list(good)
    swapped[0], swapped[1] = swapped[1], swapped[0]      # breaks columns, keeps rows
    codes = {v.code for v in sudoku.check(puzzle, tuple(swapped))}
    assert "col" in codes
    bad_given = list(good)
    bad_given[4] = 9
    assert "given" in {v.code for v in sudoku.check(puzzle, tuple(bad_given))}
    assert "range" in {v.code for v in sudoku.check(puzzle, (0,) + good[1:])}


def _all_4x4_grids():
    rows = list(itertools.permutations(range(1, 5)))
    for a, b, c, d in itertools.product(rows, repeat=4):
        grid = a + b + c + d
        yield grid


ALL_4X4 = None


@pytest.mark.parametrize("rules", [(), ("diagonal",), ("king",), ("knight",), ("nonconsecutive",),
                                   ("king", "diagonal"), ("knight", "king")])
def test_4x4_counts_match_brute_force_through_the_checker(rules):
    global ALL_4X4
    if ALL_4X4 is None:
        empty = sudoku.parse("." * 16)
        ALL_4X4 = [g for g in _all_4x4_grids() if not sudoku.check(empty, g)]
        assert len(ALL_4X4) == 288
    puzzle = sudoku.parse("." * 16, rules=rules)
    brute = sum(1 for g in ALL_4X4 if not sudoku.check(puzzle, g))
    answer = solver.solve(sudoku, puzzle, mode="count", limit=1000)
    assert answer.complete and answer.count == brute


def test_miracle_any_single_given_leaves_eight():
    puzzle = sudoku.parse("." * 40 + "5" + "." * 40, rules="miracle")
    answer = solver.solve(sudoku, puzzle, mode="all", limit=100)
    assert answer.count == 8 and len(answer.solutions) == 8
    assert all(sudoku.check(puzzle, s) == [] for s in answer.solutions)


def test_render_marks_givens_and_solved_cells():
    puzzle = sudoku.parse(CLASSIC.text)
    answer = solver.solve(sudoku, puzzle)
    board = sudoku.render(puzzle, answer.solution).to_json()
    roles = {(c["r"], c["c"]): c["role"] for c in board["cells"]}
    assert roles[(0, 4)] == "given" and roles[(0, 0)] == "solved"
    assert board["box"] == [3, 3] and len(board["cells"]) == 81
