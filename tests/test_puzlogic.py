"""Puzlogic: the level format and its located errors, the checker, counts, the six corpus levels."""

from __future__ import annotations

import itertools

import pytest

import state_fit
from clues_fit import clue_problems, count, count_without, facts_of_models
from conftest import FULL, corpus_path
from gridlogic import api, backends, layout, solver
from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError
from gridlogic.kinds import puzlogic
from gridlogic.kinds.puzlogic.grid import MAX_COORD, MAX_VALUE
from gridlogic.kinds.puzlogic.sums import value_sets

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]
LEVELS = ("1", "2", "3", "6", "7", "10")


def corpus_levels() -> dict[str, str]:
    """Level number → its block (from `level N` to `end`) in corpus/puzlogic/puzlogic_levels.txt."""
    text = corpus_path("puzlogic", "puzlogic_levels.txt").read_text(encoding="utf-8")
    blocks = {}
    for block in ("\n" + text).split("\nlevel ")[1:]:
        number = block.split()[0]
        blocks[number] = "level " + block.split("\nend", 1)[0] + "\nend\n"
    return blocks


def brute_count(puzzle) -> int:
    """Distinct placements (equal pieces are one) that pass the checker."""
    empty = puzzle.empty_cells()
    return sum(not puzlogic.check(puzzle, tuple((r, c, v) for (r, c), v in zip(empty, order)))
               for order in set(itertools.permutations(puzzle.pieces)))


# -- the format ----------------------------------------------------------------------------------
@pytest.mark.parametrize("text,error,fragment,where", [
    ("", PuzzleSyntaxError, "empty input", {}),
    ("# only a comment\n", PuzzleSyntaxError, "empty input", {}),
    ("cells 0 0 0\ncell 0 1 0\npieces 1 2", PuzzleSyntaxError, "line 2: unknown line 'cell'",
     {"line": 2}),
    ("cells 0 0\npieces 1", PuzzleSyntaxError, "line 1: expected 'cells row col value', got 2",
     {"line": 1}),
    ("cells 0 0 0\ncells 0 x 0\npieces 1 2", PuzzleSyntaxError, "line 2: cells: 'x' is not a whole number",
     {"line": 2, "col": 9}),
    ("cells 0 0 0\n  cells 0 1  y\npieces 1 2", PuzzleSyntaxError, "line 2: cells: 'y' is not a whole number",
     {"line": 2, "col": 14}),
    ("cells 0 0 0\ncells 0 -1 0", PuzzleSyntaxError, "line 2: cells: '-1' is not a whole number", {"line": 2}),
    ("cells 0 0 0\ncells 0 0 3\npieces 1", PuzzleSyntaxError, "line 2: cell r0c0 is listed twice",
     {"line": 2, "r": 0, "c": 0}),
    ("cells 0 0 0\npieces 0", PuzzleSyntaxError, "line 2: pieces: 0 is out of range 1..99", {"line": 2}),
    ("cells 0 0 0\npieces 1\nsum red 0 0 1", PuzzleSyntaxError, "line 3: expected 'sum all|blue", {"line": 3}),
    ("cells 0 0 0\npieces 1\nsum all 2 0 1", PuzzleSyntaxError, "line 3: sum axis is 0 (row) or 1 (column)",
     {"line": 3}),
    ("cells 0 0 0\npieces 1\nsum all 0 0 1\nsum all 0 0 2", PuzzleSyntaxError,
     "line 4: a second all sum for row 0", {"line": 4}),
    ("level 1\ncells 0 0 0\npieces 1\nend\nlevel 2\ncells 0 0 0", PuzzleSyntaxError,
     "line 5: a second level starts here", {"line": 5}),
    ("cells 0 0 0\ncells 1 1 0\npieces 1", PuzzleRuleError, "1 pieces for 2 empty cells", {}),
    ("cells 0 0 0\ncells 0 3 2\ncells 0 5 2\npieces 1", PuzzleRuleError,
     "2 is given twice in row 0 (r0c3 and r0c5)", {"r": 0, "c": 5}),
    ("cells 0 4 0\ncells 1 4 3\ncells 2 4 3\npieces 1", PuzzleRuleError, "3 is given twice in column 4",
     {"r": 2, "c": 4}),
    ("cells 0 0 0\npieces 1\nsum blue 1 3 1", PuzzleRuleError, "the blue sum of column 3 is for a line "
     "without cells", {"c": 3}),
])
def test_bad_input_is_located(text, error, fragment, where):
    with pytest.raises(error) as info:
        puzlogic.parse(text)
    assert fragment in info.value.message
    for key, value in where.items():
        assert info.value.where[key] == value


@pytest.mark.parametrize("example", puzlogic.EXAMPLES, ids=lambda e: e.name)
def test_format_round_trip(example):
    puzzle = puzlogic.parse(example.text)
    assert puzlogic.format(puzzle) == example.text
    assert puzlogic.parse(puzlogic.format(puzzle)) == puzzle


def test_canonical_form_sorts_cells_pieces_and_sums():
    a = puzlogic.parse("cells 1 1 0\ncells 0 0 0\npieces 2 1\nsum blue 1 1 2\nsum all 0 0 1")
    b = puzlogic.parse("sum all 0 0 1\nsum blue 1 1 2\npieces 1\npieces 2\ncells 0 0 0\ncells 1 1 0\nend")
    assert a == b
    assert a.pieces == (1, 2) and a.cells == ((0, 0, 0), (1, 1, 0))
    assert puzlogic.format(a).splitlines()[-2:] == ["sum all 0 0 1", "sum blue 1 1 2"]


def test_rules_md_example_is_level_6_of_the_corpus():
    example = puzlogic.EXAMPLES[0]
    assert example.name == "level 6"
    assert puzlogic.parse(example.text) == puzlogic.parse(corpus_levels()["6"])


# -- solving and counting ------------------------------------------------------------------------
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("example", puzlogic.EXAMPLES, ids=lambda e: e.name)
def test_examples_on_both_engines(example, backend):
    puzzle = puzlogic.parse(example.text)
    answer = solver.solve(puzlogic, puzzle, backend=backend, mode="count", limit=100, keep=100)
    assert answer.complete and answer.count == example.count
    assert answer.count == brute_count(puzzle)
    assert all(puzlogic.check(puzzle, s) == [] for s in answer.solutions)
    if example.solution:
        assert puzlogic.format(puzzle, answer.solution) == example.solution


def test_equal_pieces_are_counted_once():
    puzzle = puzlogic.parse("cells 0 0 0\ncells 1 1 0\ncells 2 2 0\npieces 4 4 4")
    answer = solver.solve(puzlogic, puzzle, mode="count")
    assert answer.count == 1 and answer.status == "unique"
    puzzle = puzlogic.parse("cells 0 0 0\ncells 1 1 0\ncells 2 2 0\npieces 4 4 5")
    assert solver.solve(puzlogic, puzzle, mode="count").count == 3


def test_the_multiset_is_used_exactly_not_just_its_total():
    # pieces 1 3 have the total of 2 2; a row needing a 2 has no solution, and 2 2 fails the checker
    diagonal = "cells 0 0 0\ncells 1 1 0\npieces 1 3\nsum all 0 0 2"
    with pytest.raises(PuzzleRuleError, match="line 4: the all sum 2 of row 0 can never be met"):
        puzlogic.parse(diagonal)                                                 # 2 is no piece
    puzzle = puzlogic.parse("cells 0 0 0\ncells 1 1 0\npieces 1 3")
    answers = solver.solve(puzlogic, puzzle, mode="all").solutions
    assert sorted(answers) == [((0, 0, 1), (1, 1, 3)), ((0, 0, 3), (1, 1, 1))]
    assert puzlogic.check(puzzle, ((0, 0, 2), (1, 1, 2)))[0].code == "pieces"


def test_all_and_blue_sums_differ_by_the_prefilled_cells():
    base = "cells 0 0 1\ncells 0 1 0\ncells 1 1 0\npieces 2 3\n"
    blue = solver.solve(puzlogic, puzlogic.parse(base + "sum blue 0 0 3"))
    every = solver.solve(puzlogic, puzlogic.parse(base + "sum all 0 0 3"))
    assert blue.status == every.status == "unique"
    assert blue.solution == ((0, 1, 3), (1, 1, 2))
    assert every.solution == ((0, 1, 2), (1, 1, 3))


def test_rows_span_gaps():
    puzzle = puzlogic.parse("cells 0 0 0\ncells 0 4 0\npieces 1 1")        # one row, a gap between
    assert solver.solve(puzlogic, puzzle).status == "none"


def test_checker_reports_each_broken_rule():
    puzzle = puzlogic.parse(puzlogic.EXAMPLES[0].text)
    good = puzlogic.parse_solution(puzzle, puzlogic.EXAMPLES[0].solution)
    assert puzlogic.check(puzzle, good) == []
    codes = lambda solution: sorted(v.code for v in puzlogic.check(puzzle, solution))
    swap = lambda a, b: tuple((r, c, {a: b, b: a}.get(v, v)) for r, c, v in good)
    assert codes(swap(1, 5)) == ["row"]                    # r3c0=1 beside the given 1 at r3c3
    assert codes(swap(4, 6)) == ["col"]                    # r1c3=6 under the given 6 at r0c3
    assert codes(swap(3, 4)) == ["sum", "sum", "sum"]      # row 1, row 2 and column 0 miss
    assert codes(good[1:]) == ["pieces", "sum", "unfilled"]
    assert codes(good + ((0, 1, 3),)) == ["not_empty", "pieces"]
    assert codes(good + ((0, 0, 1),)) == ["pieces", "twice"]


def test_solution_text_round_trip_and_errors():
    puzzle = puzlogic.parse(puzlogic.EXAMPLES[0].text)
    text = puzlogic.EXAMPLES[0].solution
    solution = puzlogic.parse_solution(puzzle, text)
    assert puzlogic.format(puzzle, solution) == text
    assert puzlogic.parse_solution(puzzle, puzlogic.EXAMPLES[0].text + "\n" + text) == solution
    for bad, fragment in (("solution 1 1", "line 1: expected 'solution row col value'"),
                          ("place 1 1 6", "line 1: expected 'solution row col value', got 'place'"),
                          ("solution 1 1 x", "line 1: solution: 'x' is not a whole number")):
        with pytest.raises(PuzzleSyntaxError) as info:
            puzlogic.parse_solution(puzzle, bad)
        assert fragment in info.value.message


def test_value_sets():
    assert value_sets([1, 2, 3, 4, 5, 6], 2, 7) == [(1, 6), (2, 5), (3, 4)]
    assert value_sets([1, 2, 3], 0, 0) == [()]
    assert value_sets([1, 2, 3], 2, 9) == []
    for size in range(5):
        for total in range(25):
            expected = [s for s in itertools.combinations(range(1, 8), size) if sum(s) == total]
            assert value_sets(list(range(1, 8)), size, total) == expected


def test_api_solve_render_and_error():
    response = api.handle({"op": "solve", "kind": "puzlogic", "text": puzlogic.EXAMPLES[0].text})
    assert response["ok"] and response["result"]["status"] == "unique"
    board = response["result"]["board"]
    assert len(board["cells"]) == 10 and board["lattice"] is True
    assert {"r": 0, "c": 0, "text": "1", "role": "solved"} in board["cells"]
    assert board["sums"][0] == {"kind": "all", "axis": "row", "index": 1, "target": 12}
    bad = api.handle({"op": "parse", "kind": "puzlogic", "text": "cells 0 0 0\npieces 1 2"})
    assert not bad["ok"] and "2 pieces for 1 empty cells" in bad["error"]["message"]


# -- corpus ---------------------------------------------------------------------------------------
@pytest.mark.corpus
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("level", LEVELS)
def test_levels_unique_and_published(level, backend):
    block = corpus_levels()[level]
    puzzle = puzlogic.parse(block)
    answer = solver.solve(puzlogic, puzzle, backend=backend)
    assert answer.status == "unique"
    assert puzlogic.check(puzzle, answer.solution) == []
    published = puzlogic.parse_solution(puzzle, block)
    if level in ("1", "3", "7"):
        assert published and answer.solution == published
    else:
        assert published == ()
    assert puzlogic.parse(puzlogic.format(puzzle)) == puzzle


@pytest.mark.corpus
@pytest.mark.parametrize("level", [lv for lv in LEVELS if FULL or lv != "7"])   # level 7: 8! orders
def test_level_counts_match_brute_force(level):
    puzzle = puzlogic.parse(corpus_levels()[level])
    assert brute_count(puzzle) == 1


def test_mutated_inputs_are_refused_cleanly_or_solved_and_checked():
    import random
    from gridlogic.errors import PuzzleError
    rng = random.Random(6)
    accepted = 0
    for _ in range(600):
        lines = rng.choice(puzlogic.EXAMPLES).text.splitlines()
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(lines))
            words = lines[i].split()
            j = rng.randrange(len(words))
            words[j] = rng.choice(["0", "1", "2", "3", "7", "12", "x", "-1", "all", "blue", "sum", ""])
            lines[i] = " ".join(words)
        text = "\n".join(lines)
        try:
            puzzle = puzlogic.parse(text)
        except PuzzleError as exc:
            assert exc.message
            continue
        accepted += 1
        answer = solver.solve(puzlogic, puzzle, mode="count", limit=1000, keep=50)
        assert all(puzlogic.check(puzzle, s) == [] for s in answer.solutions)
        assert answer.complete and answer.count == brute_count(puzzle), text
        assert puzlogic.parse(puzlogic.format(puzzle)) == puzzle
        puzlogic.render(puzzle, answer.solution)
    assert accepted >= 50


def test_variant_rules_are_refused():
    with pytest.raises(RequestError) as info:
        puzlogic.parse(puzlogic.EXAMPLES[1].text, rules=["miracle"])
    assert "puzlogic has no rule variants (got 'miracle')" in info.value.message
    assert puzlogic.parse(puzlogic.EXAMPLES[1].text, rules="") == puzlogic.parse(puzlogic.EXAMPLES[1].text)


# -- editing state --------------------------------------------------------------------------------
def level_text(state: dict) -> str:
    """The level text of a state, written here from the state's meaning (not by to_state's inverse)."""
    lines = []
    for i, value in enumerate(state["cells"]):
        if value != "-":
            lines.append(f"cells {i // state['cols']} {i % state['cols']} {value or 0}")
    lines.append("pieces " + state["extras"]["pieces"].replace(",", " "))
    for key, (kind, axis) in (("row_all", ("all", 0)), ("col_all", ("all", 1)),
                              ("row_blue", ("blue", 0)), ("col_blue", ("blue", 1))):
        lines += [f"sum {kind} {axis} {i} {t}" for i, t in enumerate(state["edges"][key]) if t]
    return "\n".join(lines)


def puzlogic_state(rows: list[str], pieces: str = "", **edges: dict[int, str]) -> dict:
    """A state from rows of space-separated cells (`.` an empty cell, `-` a gap) and edge fields."""
    grid = [row.split() for row in rows]
    state = layout.blank_state(puzlogic.layout(), len(grid), len(grid[0]))
    state["cells"] = ["" if v == "." else v for row in grid for v in row]
    state["extras"]["pieces"] = pieces
    for key, fields in edges.items():
        for i, value in fields.items():
            state["edges"][key][i] = value
    return state


@pytest.mark.parametrize("example", puzlogic.EXAMPLES, ids=lambda e: e.name)
def test_state_round_trips_within_the_layout(example):
    puzzle = puzlogic.parse(example.text)
    state = puzlogic.to_state(puzzle)
    assert puzlogic.from_state(state) == puzzle
    assert puzlogic.to_state(puzlogic.from_state(state)) == state
    assert state_fit.state_problems(puzlogic.layout(), state) == []
    assert layout.read_state(puzlogic.layout(), state) == state
    assert sum(v != "-" for v in state["cells"]) == len(puzzle.cells)
    assert puzlogic.parse(level_text(state)) == puzzle


def test_state_of_level_6_places_sums_on_their_edges():
    state = puzlogic.to_state(puzlogic.parse(puzlogic.EXAMPLES[0].text))
    assert (state["rows"], state["cols"]) == (4, 4)
    assert state["cells"][:4] == ["", "-", "-", "6"]
    assert state["edges"]["row_all"] == ["", "12", "10", ""] and state["edges"]["col_all"] == ["11", "", "", ""]
    assert state["edges"]["row_blue"] == state["edges"]["col_blue"] == ["", "", "", ""]
    assert state["extras"]["pieces"] == "1 2 3 4 5 6"


@pytest.mark.corpus
@pytest.mark.parametrize("level", LEVELS)
def test_state_round_trips_corpus_levels(level):
    puzzle = puzlogic.parse(corpus_levels()[level])
    state = puzlogic.to_state(puzzle)
    assert puzlogic.from_state(state) == puzzle and puzlogic.to_state(puzlogic.from_state(state)) == state
    assert state_fit.state_problems(puzlogic.layout(), state) == []
    assert layout.read_state(puzlogic.layout(), state) == state


@pytest.mark.parametrize("example", puzlogic.EXAMPLES, ids=lambda e: e.name)
def test_state_puzzle_solves_and_the_checker_agrees(example):
    puzzle = puzlogic.from_state(puzlogic.to_state(puzlogic.parse(example.text)))
    answer = solver.solve(puzlogic, puzzle, mode="count", limit=10, keep=10)
    assert answer.complete and answer.count == example.count == brute_count(puzzle)
    assert all(puzlogic.check(puzzle, s) == [] for s in answer.solutions)


def test_state_trims_nothing_but_reads_a_bigger_lattice_and_loose_pieces():
    state = puzlogic_state([". - -", "- . -", "- - -"], pieces=" 2, 1 ", row_blue={1: "2"})
    puzzle = puzlogic.from_state(state)
    assert puzzle == puzlogic.parse("cells 0 0 0\ncells 1 1 0\npieces 1 2\nsum blue 0 1 2")
    canonical = puzlogic.to_state(puzzle)
    assert (canonical["rows"], canonical["cols"]) == (2, 2) and canonical["extras"]["pieces"] == "1 2"


def test_layout_and_blank_states_of_every_size():
    import json
    info = puzlogic.layout()
    layout.check_layout(info)
    json.dumps(info)
    assert [e["key"] for e in info["edges"]] == ["row_all", "col_all", "row_blue", "col_blue"]
    assert {e["key"]: e["side"] for e in info["edges"]} == {"row_all": "left", "col_all": "top",
                                                            "row_blue": "right", "col_blue": "bottom"}
    assert info["cell"]["states"][0]["token"] == "-" and info["cell"]["numbers"] == [1, MAX_VALUE]
    assert info["max_size"] == {"rows": MAX_COORD, "cols": MAX_COORD}
    sizes = [(s["rows"], s["cols"]) for s in info["sizes"]] + [(1, 1), (MAX_COORD,) * 2]
    for rows, cols in sizes:
        blank = layout.blank_state(info, rows, cols)
        assert state_fit.state_problems(info, blank) == [] and blank == layout.blank_state(info, rows, cols)
        with pytest.raises(PuzzleRuleError) as refused:
            puzlogic.from_state(blank)
        assert refused.value.where == {"extra": "pieces"} and f"0 pieces for {rows * cols} empty" in str(refused.value)
        blank["extras"]["pieces"] = " ".join(str(1 + i % MAX_VALUE) for i in range(rows * cols))
        assert len(puzlogic.from_state(blank).empty_cells()) == rows * cols
        blank["cells"] = ["-"] * (rows * cols)
        with pytest.raises(PuzzleSyntaxError, match="no cells: every position is a gap"):
            puzlogic.from_state(blank)


@pytest.mark.parametrize("rows,pieces,edges,error,fragment,where", [
    ([". x"], "1", {}, PuzzleSyntaxError, "r0c1: 'x' is not a whole number", {"r": 0, "c": 1}),
    ([". .", ". 0"], "1 2 3", {}, PuzzleSyntaxError, "r1c1: 0 is out of range 1..99", {"r": 1, "c": 1}),
    ([". 100"], "1", {}, PuzzleSyntaxError, "r0c1: 100 is out of range 1..99", {"r": 0, "c": 1}),
    ([". ."], "1 two", {}, PuzzleSyntaxError, "pieces: 'two' is not a whole number", {"extra": "pieces"}),
    ([". ."], "1 0", {}, PuzzleSyntaxError, "pieces: 0 is out of range 1..99", {"extra": "pieces"}),
    ([". ."], "1", {}, PuzzleRuleError, "1 pieces for 2 empty cells", {"extra": "pieces"}),
    ([". 3 - 3"], "1", {}, PuzzleRuleError, "3 is given twice in row 0 (r0c1 and r0c3)",
     {"r": 0, "c": 3, "cells": [[0, 1], [0, 3]]}),
    ([". -"], "1", {"col_all": {1: "1x"}}, PuzzleSyntaxError, "the all sum of column 1: '1x' is not",
     {"edge": "col_all", "index": 1}),
    ([". -"], "1", {"row_blue": {0: "1234567890"}}, PuzzleSyntaxError, "out of range 0..999999999",
     {"edge": "row_blue", "index": 0}),
    ([". -", "- -"], "1", {"row_all": {1: "3"}}, PuzzleRuleError,
     "the all sum of row 1 is for a line without cells", {"edge": "row_all", "index": 1}),
    ([". .", ". ."], "2 2 4 4", {"col_blue": {1: "5"}}, PuzzleRuleError,
     "the blue sum 5 of column 1 can never be met", {"edge": "col_blue", "index": 1}),
    ([". 2", ". ."], "1 3 4", {"row_all": {0: "4"}}, PuzzleRuleError,
     "the all sum 4 of row 0 can never be met: no 1 different piece values from 1 3 4 add up to 2",
     {"edge": "row_all", "index": 0}),
])
def test_state_bad_content_is_located(rows, pieces, edges, error, fragment, where):
    with pytest.raises(error) as info:
        puzlogic.from_state(puzlogic_state(rows, pieces, **edges))
    assert fragment in info.value.message
    assert info.value.where == where


def test_state_refusals_are_the_ones_parse_gives():
    """Random small states: from_state and parse of the same level accept the same puzzle or refuse
    with the same error (the text's `line N: ` prefix and locations aside)."""
    import random
    from gridlogic.errors import PuzzleError
    rng = random.Random(9)
    outcomes = {"accepted": 0, "refused": 0}
    for _ in range(800):
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        state = layout.blank_state(puzlogic.layout(), rows, cols)
        state["cells"] = [rng.choice(["", "", "", "-", "1", "2", "3"]) for _ in range(rows * cols)]
        if all(v == "-" for v in state["cells"]):
            continue
        empty = state["cells"].count("")
        state["extras"]["pieces"] = " ".join(str(rng.randint(1, 4)) for _ in range(empty + rng.choice([0, 0, 0, 1])))
        for key, fields in state["edges"].items():
            for i in range(len(fields)):
                if rng.random() < 0.2:
                    fields[i] = str(rng.randint(0, 9))
        try:
            expected = puzlogic.parse(level_text(state))
        except PuzzleError as exc:
            with pytest.raises(type(exc)) as info:
                puzlogic.from_state(state)
            text_message = exc.message.split(": ", 1)[1] if exc.message.startswith("line ") else exc.message
            assert info.value.message == text_message
            outcomes["refused"] += 1
            continue
        puzzle = puzlogic.from_state(state)
        assert puzzle == expected
        assert puzlogic.from_state(puzlogic.to_state(puzzle)) == puzzle
        outcomes["accepted"] += 1
    assert min(outcomes.values()) >= 80, outcomes


def test_state_rules_are_refused():
    state = puzlogic.to_state(puzlogic.parse(puzlogic.EXAMPLES[1].text))
    with pytest.raises(RequestError, match="no rule variants"):
        puzlogic.from_state(state, rules=["miracle"])


# -- clues and facts (explanations) --------------------------------------------------------------
def _grid_size(puzzle) -> tuple[int, int]:
    return 1 + max(r for r, _, _ in puzzle.cells), 1 + max(c for _, c, _ in puzzle.cells)


@pytest.mark.parametrize("example", puzlogic.EXAMPLES, ids=lambda e: e.name)
def test_clues_are_givens_pieces_and_sums_with_labels(example):
    puzzle = puzlogic.parse(example.text)
    assert clue_problems(puzlogic, puzzle, *_grid_size(puzzle)) == []
    keys = set(solver.encode(puzlogic, puzzle).clues)
    assert keys == ({("given", r, c) for r, c, v in puzzle.cells if v in puzzle.pieces}
                    | {("pieces",)}
                    | {("sum", kind, axis, index) for kind, axis, index, _ in puzzle.sums})


@pytest.mark.corpus
@pytest.mark.parametrize("level", LEVELS)
def test_corpus_level_clues_sit_on_the_lattice(level):
    puzzle = puzlogic.parse(corpus_levels()[level])
    assert clue_problems(puzlogic, puzzle, *_grid_size(puzzle)) == []


def test_labels_count_rows_and_columns_from_1_as_every_explanation_does():
    """The text format counts from 0; explanations (hint sentences, conflicts) count from 1 for every kind."""
    clues = solver.encode(puzlogic, puzlogic.parse(puzlogic.EXAMPLES[0].text)).clues
    assert clues[("given", 2, 2)].label == "the 5 at r3c3"
    assert clues[("sum", "all", 0, 1)].label == "the all sum 12 of row 2"
    assert clues[("sum", "all", 0, 1)].cells == ((1, 0), (1, 1), (1, 3))
    assert clues[("pieces",)].label == "the pieces 1 2 3 4 5 6"


def test_two_equal_pieces_for_one_row_are_broken_by_the_pieces_alone():
    puzzle = puzlogic.parse(puzlogic.EXAMPLES[-1].text)
    f = solver.encode(puzlogic, puzzle)
    assert list(f.clues) == [("pieces",)] and f.clues[("pieces",)].label == "the pieces 2 2"
    assert count(f) == 0 and count_without(puzlogic, puzzle, ("pieces",)) > 0


@pytest.mark.parametrize("example", [e for e in puzlogic.EXAMPLES if e.count != 0], ids=lambda e: e.name)
def test_facts_read_back_the_solution_text(example):
    puzzle = puzlogic.parse(example.text)
    for solution, facts in facts_of_models(puzlogic, puzzle):
        lines = puzlogic.format(puzzle, solution).splitlines()
        assert facts == {tuple(int(word) for word in line.split()[1:]) for line in lines}
