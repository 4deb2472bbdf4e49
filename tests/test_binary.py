"""Binary puzzles: parsing and its errors, formats, the checker, counts against brute force."""

from __future__ import annotations

import itertools

import pytest

from gridlogic import layout, session, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import binary
from gridlogic.kinds.binary import encoding as binary_encoding
from gridlogic.kinds.binary.encoding import line_count, reference, rules_formula
from gridlogic.kinds.binary.text import Puzzle
from gridlogic.session import Session
from clues_fit import clue_problems, count, count_without, facts_of_models
from state_fit import state_problems


@pytest.mark.parametrize("text,fragment,where", [
    ("", "empty input", {}),
    ("\n  \n", "empty input", {}),
    ("1..0..\n..00.1\n.00..\n", "row 3 (line 3): expected 6 cells, got 5", {"line": 3, "r": 2}),
    ("1..\n...\n...", "3×3; both sides must be even", {}),
    ("1..0\n..2.\n....\n....", "line 2, column 3: unexpected character '2'", {"line": 2, "col": 3}),
    ("1..0..1...", "a one-line puzzle needs N² cells, got 10", {"line": 1}),
    ("1" * 9, "3×3", {}),
])
def test_bad_input_is_located(text, fragment, where):
    with pytest.raises(PuzzleSyntaxError) as info:
        binary.parse(text)
    assert fragment in info.value.message
    for key, value in where.items():
        assert info.value.where[key] == value


def test_one_line_and_dash_forms():
    example = binary.EXAMPLES[0].text
    assert binary.parse(example.replace("\n", "").replace(".", "-")) == binary.parse(example)


def test_rectangular_grids_are_accepted_and_solved():
    puzzle = binary.parse("1...\n....\n..0.\n....\n....\n.1..")      # 4 wide, 6 tall
    assert (puzzle.width, puzzle.height) == (4, 6)
    answer = solver.solve(binary, puzzle, mode="count", limit=10_000)
    assert answer.complete and answer.count >= 1
    assert all(binary.check(puzzle, s) == [] for s in answer.solutions)
    assert binary.parse(binary.format(puzzle)) == puzzle


def _brute_count(puzzle) -> int:
    w, h = puzzle.width, puzzle.height
    return sum(1 for bits in itertools.product((0, 1), repeat=w * h) if not binary.check(puzzle, bits))


@pytest.mark.parametrize("text", ["....\n....\n....\n....", "1...\n....\n....\n....", "..\n..\n..\n..",
                                  "....\n....", "1..1\n....\n.0..\n...."])
def test_counts_match_brute_force_through_the_checker(text):
    puzzle = binary.parse(text)
    answer = solver.solve(binary, puzzle, mode="count", limit=10_000)
    assert answer.complete and answer.count == _brute_count(puzzle)


def test_checker_reports_each_broken_rule():
    puzzle = binary.parse("......\n" * 6)
    codes = lambda grid: {v.code for v in binary.check(puzzle, tuple(int(x) for x in grid))}
    assert "three" in codes("111000" + "000111" + "110100" + "001011" + "101010" + "010101")
    assert "balance" in codes("110100" * 6)
    same = "101100" + "010011" + "101100" + "010011" + "100110" + "011001"
    assert {"same_row"} <= codes(same)
    good = binary.parse(binary.EXAMPLES[0].text)
    answer = solver.solve(binary, good)
    assert binary.check(good, answer.solution) == []
    wrong = list(answer.solution)
    wrong[0] ^= 1
    assert "given" in {v.code for v in binary.check(good, tuple(wrong))}


def test_render_roles():
    puzzle = binary.parse(binary.EXAMPLES[0].text)
    board = binary.render(puzzle, solver.solve(binary, puzzle).solution).to_json()
    assert board["cells"][0]["role"] == "given" and board["cells"][1]["role"] == "solved"
    assert all(c["text"] in "01" and c["text"] for c in board["cells"])


# -- editing state --------------------------------------------------------------------------------
STATE_CASES = [pytest.param(e.text, id=e.name) for e in binary.EXAMPLES]
STATE_CASES.append(pytest.param("1...\n....\n..0.\n....\n....\n.1..", id="4 wide 6 tall"))


@pytest.mark.parametrize("text", STATE_CASES)
def test_state_round_trips_and_holds_only_layout_symbols(text):
    puzzle = binary.parse(text)
    state = binary.to_state(puzzle)
    assert (state["rows"], state["cols"]) == (puzzle.height, puzzle.width)
    assert binary.from_state(state) == puzzle
    assert binary.to_state(binary.from_state(state)) == state
    assert state_problems(binary.layout(), state) == []
    assert layout.read_state(binary.layout(), state) == state
    answer = solver.solve(binary, binary.from_state(state), mode="count", limit=50)
    assert all(binary.check(puzzle, s) == [] for s in answer.solutions)


def test_layout_is_json_and_a_blank_grid_of_each_size_is_a_puzzle():
    import json
    info = binary.layout()
    layout.check_layout(info)
    json.dumps(info)
    assert info["free_size"] and not info.get("square")
    assert info["default_size"] in [{"rows": s["rows"], "cols": s["cols"]} for s in info["sizes"]]
    for size in info["sizes"] + [info["min_size"], info["max_size"]]:
        rows, cols = size["rows"], size["cols"]
        puzzle = binary.from_state(layout.blank_state(info, rows, cols))
        assert (puzzle.height, puzzle.width) == (rows, cols) and set(puzzle.givens) == {None}


@pytest.mark.parametrize("value", ["2", ".", "-", "01", "x"])
def test_state_bad_symbols_are_located(value):
    state = binary.to_state(binary.parse(binary.EXAMPLES[0].text))
    state["cells"][13] = value
    with pytest.raises(PuzzleSyntaxError) as info:
        binary.from_state(state)
    assert f"r3c2: unexpected {value!r}" in info.value.message
    assert (info.value.where["r"], info.value.where["c"]) == (2, 1)


@pytest.mark.parametrize("rows,cols,fragment", [(3, 4, "4×3; both sides must be even"),
                                                (6, 5, "5×6; both sides must be even"),
                                                (102, 4, "at most 100×100 cells (got 4×102)"),
                                                (0, 0, "0×0; both sides must be even and at least 2")])
def test_state_sizes_are_refused_as_parse_refuses_them(rows, cols, fragment):
    with pytest.raises(PuzzleSyntaxError) as from_state:
        binary.from_state({"rows": rows, "cols": cols, "cells": [""] * (rows * cols)})
    assert fragment in from_state.value.message
    if rows:
        with pytest.raises(PuzzleSyntaxError) as from_text:
            binary.parse("\n".join(["." * cols] * rows))
        assert fragment in from_text.value.message


# -- clues and facts (explanations) --------------------------------------------------------------
@pytest.mark.parametrize("example", binary.EXAMPLES, ids=lambda e: e.name)
def test_clues_are_the_givens_on_the_grid_with_labels(example):
    puzzle = binary.parse(example.text)
    assert clue_problems(binary, puzzle, puzzle.height, puzzle.width) == []
    keys = set(session.encode(binary, puzzle).clues)
    assert keys == {("given", i // puzzle.width, i % puzzle.width) for i, v in enumerate(puzzle.givens)
                    if v is not None}


def test_given_labels_name_digit_and_cell():
    f = session.encode(binary, binary.parse(binary.EXAMPLES[0].text))
    assert f.clues[("given", 0, 3)].label == "the 0 at r1c4"
    assert f.extends_base_only()


def test_either_clashing_given_alone_leaves_a_solution():
    puzzle = binary.parse("1.\n1.")         # no solution; switched off, either 1 leaves one
    assert count(session.encode(binary, puzzle)) == 0
    assert all(count_without(binary, puzzle, key) > 0 for key in session.encode(binary, puzzle).clues)


@pytest.mark.parametrize("example", [e for e in binary.EXAMPLES if e.count != 0], ids=lambda e: e.name)
def test_facts_read_back_the_solution_text(example):
    puzzle = binary.parse(example.text)
    for solution, facts in facts_of_models(binary, puzzle):
        rows = binary.format(puzzle, solution).splitlines()
        assert facts == {(r, c, int(ch)) for r, row in enumerate(rows) for c, ch in enumerate(row)}


# -- large grids: counters, rule 3 added when broken, a first guess ---------------------------------
EIGHT = "\n".join([".101.1..", ".....1..", ".0.1....", "....001.", ".01...0.", "...1.0..", "0....1.0", ".0......"])


@pytest.fixture
def encoding(monkeypatch, request):
    """`encoding(True)` gives every size the large grids' encoding, `encoding(False)` the whole one
    (each on a fresh cache of rules)."""
    request.addfinalizer(rules_formula.cache_clear)
    whole = binary_encoding.LAZY_ABOVE

    def use(large: bool) -> None:
        rules_formula.cache_clear()
        monkeypatch.setattr(binary_encoding, "LAZY_ABOVE", 0 if large else whole)   # is_large reads it there
    return use


@pytest.fixture
def lazy_rounds(monkeypatch):
    """How many models broke rule 3 (its clauses were added), counted while the test runs."""
    rounds = [0]
    plain = binary_encoding.equal_lines

    def counted(*args):
        found = plain(*args)
        rounds[0] += bool(found)
        return found
    monkeypatch.setattr(binary, "equal_lines", counted)
    return rounds


def test_the_whole_encoding_is_kept_up_to_20_and_large_grids_carry_the_lazy_rule():
    assert not binary_encoding.is_large(20, 20) and binary_encoding.is_large(22, 20) and binary_encoding.is_large(4, 22)
    assert rules_formula(20, 20).pool.obj2id.get(("rowdiff", 0, 1, 0))
    large = session.encode(binary, binary.parse("\n".join(["." * 22] * 22)))
    assert not any(key[0] in ("rowdiff", "coldiff") for key in large.pool.obj2id if isinstance(key, tuple))
    assert large.lazy is not None and len(large.phases) == 22 * 22 and large.extends_base_only()


@pytest.mark.parametrize("text", ["....\n....\n....\n....", "1...\n....\n....\n....", "..\n..\n..\n..",
                                  "....\n....", "1..1\n....\n.0..\n....", "......\n......"])
def test_large_encoding_counts_match_brute_force_and_no_model_with_equal_lines_counts(encoding, lazy_rounds, text):
    encoding(True)
    puzzle = binary.parse(text)
    answer = solver.solve(binary, puzzle, mode="all", limit=10_000)
    assert answer.complete and answer.count == _brute_count(puzzle)
    assert len(set(answer.solutions)) == answer.count
    assert all(binary.check(puzzle, s) == [] for s in answer.solutions)
    if text.startswith("....\n....\n....\n...."):
        assert lazy_rounds[0] > 0          # 4 wide: equal lines are common, the lazy rule is at work


@pytest.mark.parametrize("text,expected", [("\n".join(["......"] * 6), 4140), (binary.EXAMPLES[0].text, 1),
                                           (EIGHT, 46), ("1.\n1.", 0), ("0101\n0101\n....\n....", 0)])
def test_large_encoding_counts_equal_the_whole_one(encoding, lazy_rounds, text, expected):
    puzzle = binary.parse(text)
    counts = {}
    for large in (False, True):
        encoding(large)
        answer = solver.solve(binary, puzzle, mode="all", limit=10_000)
        assert answer.complete and all(binary.check(puzzle, s) == [] for s in answer.solutions)
        counts[large] = answer.count
    assert counts == {False: expected, True: expected}
    assert lazy_rounds[0] > 0 or expected <= 1


@pytest.mark.parametrize("text", [binary.EXAMPLES[0].text, EIGHT, "1...\n....\n....\n...."])
def test_large_encoding_gives_the_same_certain_cells_and_symmetry_classes(encoding, text):
    from gridlogic import api, explain
    puzzle = binary.parse(text)
    facts, classes = {}, {}
    for large in (False, True):
        encoding(large)
        facts[large] = explain.facts(Session(binary, puzzle))
        result = api.handle({"op": "solve", "kind": "binary", "text": text, "all": True, "symmetry": True,
                             "render": False})["result"]
        classes[large] = (result["count"], result["classes"], result["class_sizes"])
    assert facts[True] == facts[False] and classes[True] == classes[False]


def test_large_encoding_explains_a_conflict_of_equal_lines_minimally(encoding):
    from gridlogic import explain
    encoding(True)
    puzzle = binary.parse("0101\n0101\n....\n....")       # rows 1 and 2 are forced equal
    found = explain.explain(Session(binary, puzzle))
    assert found.clues and found.minimal
    clues = found.clues
    kept = {clue.key for clue in clues}

    def with_only(keys) -> int:
        givens = tuple(v if ("given", i // 4, i % 4) in keys else None for i, v in enumerate(puzzle.givens))
        return solver.solve(binary, Puzzle(4, 4, givens), mode="count", limit=1).count

    assert with_only(kept) == 0
    assert all(with_only(kept - {key}) > 0 for key in kept)


@pytest.mark.skipif(not __import__("gridlogic.backends", fromlist=["has_z3"]).has_z3(), reason="no z3")
def test_large_encoding_counts_exactly_through_z3_too(encoding):
    encoding(True)
    puzzle = binary.parse("....\n....\n....\n....")
    exact = solver.solve(binary, puzzle, backend="smt", mode="count", limit=72)
    short = solver.solve(binary, puzzle, backend="smt", mode="count", limit=71)
    assert (exact.count, exact.complete) == (72, True) and (short.count, short.complete) == (71, False)
    shown = solver.solve(binary, puzzle, backend="smt", mode="all", limit=100)
    assert shown.count == 72 and all(binary.check(puzzle, s) == [] for s in shown.solutions)


def test_lazy_rounds_stop_when_the_budget_runs_out(monkeypatch):
    """A lazy rule that is never content (each model "breaks" a new clause) still ends at the budget."""
    from gridlogic.budget import Budget
    fresh = itertools.count()
    monkeypatch.setattr(binary, "equal_lines", lambda *args: [[("endless", next(fresh))]])
    answer = solver.solve(binary, binary.parse("\n".join(["." * 22] * 22)), budget=Budget(2000))
    assert answer.status == "unknown" and answer.stopped == "budget" and next(fresh) > 1


@pytest.mark.parametrize("width,height", [(22, 22), (40, 40), (24, 60), (100, 22), (100, 100)])
def test_the_first_guess_is_a_solution_of_the_empty_grid(width, height):
    empty = Puzzle(width, height, (None,) * (width * height))
    assert binary.check(empty, reference(width, height)) == []


def test_no_first_guess_where_the_blocks_cannot_make_one():
    assert reference(4, 40) is None                 # 20 block rows of 2 blocks cannot all differ
    formula = session.encode(binary, binary.parse("\n".join(["...."] * 40)))
    assert formula.phases == [] and solver.solve(binary, binary.parse("\n".join(["...."] * 40))).status == "none"


def test_an_empty_40x40_grid_has_several_solutions_within_the_default_budget():
    from gridlogic import api
    result = api.handle({"op": "solve", "kind": "binary", "text": "\n".join(["." * 40] * 40)})["result"]
    assert result["status"] == "multiple" and result["stopped"] is None and len(result["solutions"]) == 2
    puzzle = binary.parse("\n".join(["." * 40] * 40))
    for text in result["solutions"]:
        assert binary.check(puzzle, binary.parse_solution(puzzle, text)) == []


@pytest.mark.parametrize("length", [2, 4, 6, 8, 10, 12])
def test_line_count_matches_brute_force(length):
    lines = [bits for bits in itertools.product((0, 1), repeat=length) if sum(bits) * 2 == length
             and all(not bits[k] == bits[k + 1] == bits[k + 2] for k in range(length - 2))]
    assert line_count(length) == len(lines)


@pytest.mark.parametrize("width,height", [(6, 16), (6, 20), (22, 6), (8, 40), (10, 100)])
def test_shapes_with_too_few_lines_have_no_solution_at_once(width, height):
    from gridlogic import api, explain
    from gridlogic.budget import Budget
    puzzle = binary.parse("\n".join(["." * width] * height))
    answer = solver.solve(binary, puzzle, mode="count", budget=Budget(5000))
    assert (answer.status, answer.count, answer.complete) == ("none", 0, True)
    assert explain.explain(Session(binary, puzzle)).clues == ()    # the rules alone fail
    assert "rules cannot hold" in api.handle({"op": "solve", "kind": "binary", "text": binary.format(puzzle),
                                              "explain": True})["result"]["because"]


def test_a_shape_with_just_enough_lines_is_not_refused():
    assert line_count(4) == 6 and solver.solve(binary, binary.parse("\n".join(["...."] * 6))).status == "multiple"
