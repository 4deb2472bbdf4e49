"""Puzlogic: the level format and its located errors, the checker, counts, the six corpus levels."""

from __future__ import annotations

import itertools

import pytest

from conftest import FULL, corpus_path
from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError
from gridlogic.kinds import puzlogic

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
    assert puzlogic.value_sets([1, 2, 3, 4, 5, 6], 2, 7) == [(1, 6), (2, 5), (3, 4)]
    assert puzlogic.value_sets([1, 2, 3], 0, 0) == [()]
    assert puzlogic.value_sets([1, 2, 3], 2, 9) == []
    for size in range(5):
        for total in range(25):
            expected = [s for s in itertools.combinations(range(1, 8), size) if sum(s) == total]
            assert puzlogic.value_sets(list(range(1, 8)), size, total) == expected


def test_api_solve_render_and_error():
    response = api.handle({"op": "solve", "kind": "puzlogic", "text": puzlogic.EXAMPLES[0].text})
    assert response["ok"] and response["result"]["status"] == "unique"
    board = response["result"]["board"]
    assert len(board["cells"]) == 10 and board["lattice"] is True
    assert {"r": 0, "c": 0, "text": "1", "role": "solved"} in board["cells"]
    assert board["sums"][0] == {"kind": "all", "axis": "row", "index": 1, "target": 12}
    bad = api.handle({"op": "parse", "kind": "puzlogic", "text": "cells 0 0 0\npieces 1 2"})
    assert not bad["ok"] and "2 pieces for 1 empty cells" in bad["error"]["message"]


def test_describe_names_the_editor():
    info = puzlogic.describe()
    assert info["editor"] == "puzlogic"
    assert [k["key"] for k in info["sum_kinds"]] == ["all", "blue"]


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
