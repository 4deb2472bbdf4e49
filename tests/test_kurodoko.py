"""Kurodoko: a real puzzle solved to its known answer (puzz.link), Tatham game IDs, the checker, counts
against a brute force written here, links both ways, located refusals and hint steps in the genre's words."""

from __future__ import annotations

from itertools import combinations

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError
from gridlogic.kinds import kurodoko
from gridlogic.links import import_link
from state_fit import state_problems

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/kurodoko.js (robx/pzprjs): its URL and the answer its last failcheck accepts
PZPRJS_URL = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i"
PZPRJS_ANSWER = ". # . 7 .\n5 . # . .\n. # 2 . #\n. . # . 2\n# 4 . . #"
# Noqx's example (T0nyX1ang/noqx solver/kurodoko.py, commit 0f59813): its `?` cells are circles without a number
NOQX_URL = "https://puzz.link/p?kurodoko/9/9/h3j4g3j4l.j4g3j.ldl.j5g6j.l7j5g6j5h"
# A 20×20 made here (a random shading, every count, counts removed while one solution stays)
BIG = """
4 . . . . . 7 . . . . . . . 4 . . . . .
. . . . . . . 10 . . . 12 . . . . . . . .
. . . . . 8 . . . . . . . 6 . . . 7 . .
. . . . . . 12 14 . . . 10 9 . . . . . . 5
6 . . . . . . . . . . . . . . . . 8 . .
. . . . . . . . 12 . . . . . . . . . 5 .
. 10 . . 8 . . . . . . . 7 . 3 . . . . .
. . 10 . . 8 . . . . 12 . . . . . 13 . 5 .
. . . 11 . . . . . . . . . . . . . 5 . .
. . . . . . . . . . . . . 4 . . . . . .
. . . . . . 4 . . . . 7 . . 6 . . . . .
4 . . . 3 . . . . 9 . . . . . . . . . .
. 4 . . . 3 . . . . . . 8 . . . . . . 7
. . . . 6 . . 7 . . . . . . . . 8 . . .
. . . . . . . . . . . . . . . 6 . . . 6
. . . . . . . . 19 15 . . . . . . . . . .
. 4 . . . . . . . . . . . . . . 8 . . .
. . 6 . . . . . . . . . . . . 8 . . . 4
. 3 . . . . . . . . . . . . . . . 7 6 .
. . . . . 4 . 9 . . . 5 . . . . . . . .
"""


def brute_force(puzzle) -> list[frozenset]:
    """Every shading that `check` accepts (tiny grids only)."""
    cells = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return [frozenset(s) for k in range(len(cells) + 1) for s in combinations(cells, k)
            if not kurodoko.check(puzzle, frozenset(s))]


def unique_answer(puzzle, backend="sat") -> str:
    answer = solver.solve(kurodoko, puzzle, backend=backend, mode="count", limit=2)
    assert answer.status == "unique" and answer.count == 1
    assert kurodoko.check(puzzle, answer.solution) == []
    return kurodoko.format(puzzle, answer.solution)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_pzprjs_puzzle_solves_to_its_answer(backend):
    found = import_link(PZPRJS_URL)
    assert found.kind is kurodoko
    assert unique_answer(found.puzzle, backend) == PZPRJS_ANSWER


@pytest.mark.parametrize("backend", BACKENDS)
def test_noqxs_example_with_unnumbered_circles_is_unique(backend):
    puzzle = import_link(NOQX_URL).puzzle
    assert puzzle.clues.count(kurodoko.grid.UNKNOWN) == 4 and len(puzzle.numbers()) == 13
    solved = unique_answer(puzzle, backend)
    assert all(solved.split()[i] == "?" for i, v in enumerate(puzzle.clues) if v == "?")     # never shaded
    assert kurodoko.to_puzzlink(puzzle) == NOQX_URL
    state = kurodoko.to_state(puzzle)                     # the editor holds it: `?` is a state of a cell
    assert state_problems(kurodoko.layout(), state) == [] and kurodoko.from_state(state) == puzzle


def test_a_20x20_is_unique():
    """SAT only: z3 re-enumerates after each cut of the lazy connectivity rule, which takes a minute here."""
    unique_answer(kurodoko.parse(BIG))


def test_tatham_ids_open_and_round_trip():
    puzzle = import_link(PZPRJS_URL).puzzle
    game_id = kurodoko.to_tatham(puzzle)
    assert game_id == "5x5:c7a5f2f2a4c"
    assert import_link(game_id).kind is kurodoko                 # a bare ID, told Range by the cells it covers
    assert import_link("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/range.html#" + game_id).puzzle == puzzle
    big = kurodoko.parse(BIG)
    assert kurodoko.from_tatham(kurodoko.to_tatham(big)) == big
    assert import_link("3x3:b1_2e").puzzle.clues == (0, 0, 1, 2, 0, 0, 0, 0, 0)


@pytest.mark.parametrize("text", [". .\n. .", ". . .\n2 . .\n. . 4", "? . .\n. . .\n. . 4", "? ?\n. .", "3 . .\n. . .", ". . .\n. 2 .\n. . .", "1 .\n. ."])
def test_counts_agree_with_brute_force(text):
    puzzle = kurodoko.parse(text)
    answer = solver.solve(kurodoko, puzzle, mode="all", limit=1000)
    assert sorted(map(sorted, answer.solutions)) == sorted(map(sorted, brute_force(puzzle)))


def test_links_round_trip():
    for text in [e.text for e in kurodoko.EXAMPLES] + [BIG]:
        puzzle = kurodoko.parse(text)
        assert import_link(kurodoko.to_puzzlink(puzzle)).puzzle == puzzle
        assert kurodoko.parse(kurodoko.format(puzzle)) == puzzle
    assert kurodoko.to_puzzlink(import_link(PZPRJS_URL).puzzle) == PZPRJS_URL


def test_a_circle_without_its_number_has_no_tatham_id_and_a_0_is_refused():
    with pytest.raises(PuzzleRuleError) as err:
        kurodoko.to_tatham(kurodoko.parse(". ?\n. 2"))
    assert err.value.where == {"r": 0, "c": 1}
    with pytest.raises(PuzzleSyntaxError) as err:
        import_link("https://puzz.link/p?kurodoko/3/3/h0k")
    assert err.value.where == {"r": 0, "c": 2} and "0" in str(err.value)


def test_the_checker_names_each_broken_rule():
    puzzle = import_link(PZPRJS_URL).puzzle
    right = kurodoko.parse_solution(puzzle, PZPRJS_ANSWER)
    assert kurodoko.check(puzzle, right) == []
    assert "adjacent" in {v.code for v in kurodoko.check(puzzle, right | {(0, 0)})}
    assert "divided" in {v.code for v in kurodoko.check(puzzle, right | {(1, 0)})}             # r1c1 cut off
    assert "number_shaded" in {v.code for v in kurodoko.check(puzzle, right | {(0, 3)})}
    assert {v.code for v in kurodoko.check(puzzle, right - {(4, 4)})} == {"count"}
    circled = kurodoko.parse("? . .\n. . .\n. . 4")
    assert [v.code for v in kurodoko.check(circled, frozenset({(0, 0), (1, 1)}))] == ["number_shaded", "count"]


@pytest.mark.parametrize("text, where", [
    (". .\n. . .", {"line": 2}),
    (". x\n. .", {"line": 1, "col": 2}),
    (". .\n. 9", {"line": 2, "col": 2}),
    ("3x3:b1_2", {}),
])
def test_bad_input_is_located(text, where):
    with pytest.raises(PuzzleSyntaxError) as err:
        kurodoko.parse(text)
    assert set(where.items()) <= set(err.value.where.items())
    assert len(str(err.value)) < 200


def test_hints_speak_of_numbers_shading_and_connection():
    steps = api.handle({"op": "hint", "kind": "kurodoko", "text": PZPRJS_ANSWER.replace("#", "."),
                        "path": True})["result"]["steps"]
    rules = {step["rule"] for step in steps}
    assert "a number's count" in rules and rules & {"shaded cells may not touch", "unshaded cells stay connected"}
    assert any("the 7 at r1c4" in s["sentence"] for s in steps)
