"""Sudoku: parsing and its errors, formats, the checker, sizes and variants against brute force."""

from __future__ import annotations

import itertools

import pytest

from gridlogic import layout, session, solver
from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError
from gridlogic.kinds import sudoku
from gridlogic.kinds.sudoku.encoding import rules_formula
from gridlogic.kinds.sudoku.grid import BOXES, SYMBOLS, normalize_rules
from clues_fit import clue_problems, count, facts_of_models
from state_fit import state_problems

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
    assert normalize_rules("miracle") == ("knight", "king", "nonconsecutive")
    assert normalize_rules(["Diagonal", " king "]) == ("king", "diagonal")


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
    text = "".join(SYMBOLS[(i * 7) % 16] if i % 17 == 0 else "." for i in range(256))
    puzzle = sudoku.parse(text)
    assert puzzle.size == 16 and puzzle.box == (4, 4)
    assert sudoku.parse(sudoku.format(puzzle)) == puzzle
    assert sudoku.parse(text.lower()) == puzzle


@pytest.mark.parametrize("size", sorted(BOXES))
def test_every_size_solves_and_is_multiple_when_empty(size):
    """Every size (f-puzzles' 1-16 with their box shapes, and 25) solves; empty, it has several
    solutions, but for the one cell of a 1×1 grid."""
    puzzle = sudoku.parse("." * size * size)
    answer = solver.solve(sudoku, puzzle)
    assert answer.status == ("unique" if size == 1 else "multiple")
    assert len(answer.solutions) == (1 if size == 1 else 2) and len(set(answer.solutions)) == len(answer.solutions)
    assert puzzle.box[0] * puzzle.box[1] == size and puzzle.box[0] <= puzzle.box[1]
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
    """Every 4×4 grid of rows 1-4 whose columns repeat no digit (a superset of the sudoku grids, which the
    checker sorts: 576 Latin squares)."""
    rows = list(itertools.permutations(range(1, 5)))

    def fill(above):
        if len(above) == 4:
            yield sum(above, ())
            return
        for row in rows:
            if all(row[c] != other[c] for other in above for c in range(4)):
                yield from fill(above + [row])

    yield from fill([])


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


# -- editing state --------------------------------------------------------------------------------
@pytest.mark.parametrize("example", sudoku.EXAMPLES, ids=lambda e: e.name)
def test_state_round_trips_and_holds_only_layout_symbols(example):
    puzzle = sudoku.parse(example.text, rules=example.rules)
    state = sudoku.to_state(puzzle)
    assert sudoku.from_state(state, rules=example.rules) == puzzle
    assert sudoku.to_state(sudoku.from_state(state)) == state
    assert state_problems(sudoku.layout(), state) == []
    assert layout.read_state(sudoku.layout(), state) == state
    assert sum(value != "" for value in state["cells"]) == sum(d != 0 for d in puzzle.givens)


@pytest.mark.parametrize("example", sudoku.EXAMPLES[:2], ids=lambda e: e.name)
def test_state_puzzle_solves_and_the_checker_agrees(example):
    state = sudoku.to_state(sudoku.parse(example.text, rules=example.rules))
    puzzle = sudoku.from_state(state, rules=example.rules)
    answer = solver.solve(sudoku, puzzle)
    assert answer.status == "unique" and sudoku.check(puzzle, answer.solution) == []


def test_layout_sizes_have_boxes_and_a_blank_grid_of_each_is_a_puzzle():
    import json
    info = sudoku.layout()
    layout.check_layout(info)
    json.dumps(info)
    assert info["square"] and not info["free_size"]
    assert {"rows": 9, "cols": 9} == info["default_size"]
    for size in info["sizes"]:
        n = size["rows"]
        assert size["cols"] == n and size["box"][0] * size["box"][1] == n
        assert len(info["cell"]["symbols"][str(n)]) == n
        assert sudoku.from_state(layout.blank_state(info, n, n)).givens == (0,) * (n * n)


def _state(rows: list[str]) -> dict:
    return {"rows": len(rows), "cols": len(rows[0]), "cells": ["" if ch == "." else ch for row in rows for ch in row]}


@pytest.mark.parametrize("cells,fragment,where", [
    ({40: "A"}, "'A' is not a digit of a 9×9 sudoku (1-9)", {"r": 4, "c": 4}),
    ({80: "12"}, "'12' is not a digit", {"r": 8, "c": 8}),
    ({9: "."}, "'.' is not a digit", {"r": 1, "c": 0}),
    ({2: "0"}, "'0' is not a digit", {"r": 0, "c": 2}),
])
def test_state_bad_symbols_are_located(cells, fragment, where):
    state = _state(["........."] * 9)
    for i, value in cells.items():
        state["cells"][i] = value
    with pytest.raises(PuzzleSyntaxError) as info:
        sudoku.from_state(state)
    assert fragment in info.value.message
    assert {k: info.value.where[k] for k in where} == where


def test_state_lower_case_letters_read_as_parse_reads_them():
    state = _state(["....", "....", "....", "...."])
    state["cells"][0] = "a"
    with pytest.raises(PuzzleSyntaxError, match="'a' is not a digit of a 4×4 sudoku"):
        sudoku.from_state(state)
    text = "." * 255 + "g"
    state = sudoku.to_state(sudoku.parse(text))
    assert state["cells"][-1] == "G"
    state["cells"][-1] = "g"
    assert sudoku.from_state(state) == sudoku.parse(text)


@pytest.mark.parametrize("rows,cols", [(17, 17), (9, 8), (20, 20)])
def test_state_sizes_outside_the_menu_are_refused_with_the_size(rows, cols):
    with pytest.raises(PuzzleSyntaxError) as info:
        sudoku.from_state({"rows": rows, "cols": cols, "cells": [""] * (rows * cols)})
    assert f"{rows}×{cols} is not a sudoku size" in info.value.message


@pytest.mark.parametrize("text,cells", [
    ("1" + "." * 7 + "1" + "." * 72, [[0, 0], [0, 8]]),
    ("." * 10 + "7" + "." * 9 + "7" + "." * 60, [[1, 1], [2, 2]]),
])
def test_state_clashing_givens_are_the_refusal_parse_gives(text, cells):
    with pytest.raises(PuzzleRuleError) as from_text:
        sudoku.parse(text)
    state = _state([text[i:i + 9] for i in range(0, 81, 9)])
    with pytest.raises(PuzzleRuleError) as from_state:
        sudoku.from_state(state)
    assert from_state.value.message == from_text.value.message
    assert from_state.value.where == from_text.value.where
    assert from_state.value.where["cells"] == cells and "given twice" in from_state.value.message


def test_state_rules_are_taken_apart_and_checked():
    state = sudoku.to_state(sudoku.parse(sudoku.EXAMPLES[1].text))
    assert sudoku.from_state(state, rules="miracle").rules == ("knight", "king", "nonconsecutive")
    with pytest.raises(RequestError, match="unknown sudoku rule"):
        sudoku.from_state(state, rules=("jigsaw",))


# -- clues and facts (explanations) --------------------------------------------------------------
@pytest.mark.parametrize("example", sudoku.EXAMPLES, ids=lambda e: e.name)
def test_clues_sit_on_the_grid_with_labels(example):
    puzzle = sudoku.parse(example.text, rules=example.rules)
    assert clue_problems(sudoku, puzzle, puzzle.size, puzzle.size) == []


def test_each_given_and_rule_is_a_clue():
    puzzle = sudoku.parse(sudoku.EXAMPLES[0].text, rules="miracle,diagonal")
    keys = set(session.encode(sudoku, puzzle).clues)
    givens = {("given", i // 9, i % 9) for i, d in enumerate(puzzle.givens) if d}
    assert keys == givens | {("rule", rule) for rule in puzzle.rules} and len(puzzle.rules) == 4
    assert session.encode(sudoku, puzzle).clues[("given", 0, 4)].label == "the 1 at r1c5"


def test_miracle_rules_left_on_under_a_classic_puzzle_are_what_breaks_it():
    puzzle = sudoku.parse(CLASSIC.text, rules="miracle")
    assert count(session.encode(sudoku, puzzle)) == 0
    f = session.encode(sudoku, puzzle)
    rules = [f.clues[("rule", rule)].selector for rule in ("knight", "king", "nonconsecutive")]
    f.assumptions = [a for a in f.assumptions if a not in rules]
    assert count(f) == CLASSIC.count
    assert f.clues[("rule", "knight")].label == "the knight rule"


def test_the_base_is_still_shared_with_givens_and_rules_as_assumptions():
    puzzle = sudoku.parse(CLASSIC.text, rules="miracle")
    f = session.encode(sudoku, puzzle)
    assert f.extends_base_only() and f.base is rules_formula(9, (3, 3), puzzle.rules, None)


@pytest.mark.parametrize("example", [e for e in sudoku.EXAMPLES if e.count], ids=lambda e: e.name)
def test_facts_read_back_the_solution_text(example):
    puzzle = sudoku.parse(example.text, rules=example.rules)
    for solution, facts in facts_of_models(sudoku, puzzle):
        rows = sudoku.format(puzzle, solution).splitlines()
        assert facts == {(r, c, SYMBOLS.index(ch) + 1) for r, row in enumerate(rows)
                         for c, ch in enumerate(row)}
    assert sudoku.fact_of(puzzle, ("digit", 2, 3, 4), False) is None
