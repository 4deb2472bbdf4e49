"""Skyscrapers: real puzzles solved to their known answers (puzz.link, Tatham's Towers), the checker, counts
against a brute force written here, links both ways, located refusals and hint steps in the genre's words."""

from __future__ import annotations

from itertools import permutations, product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import skyscrapers
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/skyscrapers.js (robx/pzprjs): its URL and the answer its last failcheck accepts
PZPRJS_URL = "https://puzz.link/p?skyscrapers/4/4/k13h4j3g"
PZPRJS_ANSWER = "2143\n1234\n4312\n3421"
# Tatham Towers permalinks quoted in public solvers' sources and tests; their answers were found here and
# are checked by `check` and both engines
TATHAM = {"6:4//2//2///3//4//3//2/////2//2///4,n1g1m": "154623\n432165\n561234\n243516\n316452\n625341",
          "5:/3/3///3/2/2//3////2//3///2/,m1f2d": "52143\n31425\n43512\n15234\n24351",
          "9:3/3///4/3/1//3///3/3///4/7/3/3//2/5/5/2//2/2///3////6//2,c2g3b1p3f6a8b1f4a5c5e3d6_2l": None}


def digits(puzzle, solution) -> str:
    n = puzzle.size
    return "\n".join("".join(map(str, solution[r * n:(r + 1) * n])) for r in range(n))


def brute_force(puzzle) -> list[tuple]:
    """Every grid of rows that are permutations and that `check` accepts (tiny grids only)."""
    rows = list(permutations(range(1, puzzle.size + 1)))
    return [sum(grid, ()) for grid in product(rows, repeat=puzzle.size)
            if not skyscrapers.check(puzzle, sum(grid, ()))]


def unique_answer(puzzle, backend="sat") -> str:
    answer = solver.solve(skyscrapers, puzzle, backend=backend, mode="count", limit=2)
    assert answer.status == "unique" and answer.count == 1
    assert skyscrapers.check(puzzle, answer.solution) == []
    return digits(puzzle, answer.solution)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_pzprjs_puzzle_solves_to_its_answer(backend):
    found = import_link(PZPRJS_URL)
    assert found.kind is skyscrapers
    assert unique_answer(found.puzzle, backend) == PZPRJS_ANSWER


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("game_id", list(TATHAM))
def test_tatham_ids_solve_and_round_trip(game_id, backend):
    found = import_link(game_id)                          # a bare ID, told Towers by its 4N clues
    assert found.kind is skyscrapers
    answer = unique_answer(found.puzzle, backend)
    if TATHAM[game_id]:
        assert answer == TATHAM[game_id]
    page = import_link("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/towers.html#" + game_id)
    assert page.puzzle == found.puzzle == skyscrapers.parse(game_id)
    assert skyscrapers.to_tatham(found.puzzle) == game_id


@pytest.mark.parametrize("text", [". 2 . .\n. . . .\n. . . .\n. . . .", ". . . . .\n. . . . .\n. . . . 3\n. . . . .\n. . . . .",
                                  ". 1 2 . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
                                  ". . . . .\n2 . . . .\n. . 1 . .\n. . . . .\n. . . . ."])
def test_counts_agree_with_brute_force(text):
    puzzle = skyscrapers.parse(text)
    answer = solver.solve(skyscrapers, puzzle, mode="all", limit=1000)
    assert sorted(answer.solutions) == sorted(brute_force(puzzle))


def test_links_round_trip():
    for text in [e.text for e in skyscrapers.EXAMPLES] + list(TATHAM):
        puzzle = skyscrapers.parse(text)
        url = skyscrapers.to_puzzlink(puzzle)
        assert import_link(url).puzzle == puzzle
        assert skyscrapers.parse(skyscrapers.format(puzzle)) == puzzle
        assert skyscrapers.from_tatham(skyscrapers.to_tatham(puzzle)) == puzzle
    assert skyscrapers.to_puzzlink(import_link(PZPRJS_URL).puzzle) == PZPRJS_URL


def test_the_checker_names_each_broken_rule():
    puzzle = import_link(PZPRJS_URL).puzzle
    right = skyscrapers.parse_solution(puzzle, PZPRJS_ANSWER)
    assert skyscrapers.check(puzzle, right) == []
    swapped = list(right)
    swapped[0], swapped[1] = swapped[1], swapped[0]              # row 1 still distinct, columns broken
    assert {v.code for v in skyscrapers.check(puzzle, tuple(swapped))} >= {"column"}
    mirrored = tuple(v for r in range(4) for v in reversed(right[r * 4:(r + 1) * 4]))
    assert "clue" in {v.code for v in skyscrapers.check(puzzle, mirrored)}


@pytest.mark.parametrize("text, where", [
    (". . .\n. . .", {}),
    (". . . .\n. . 3 .\n. . . .\n. . . .", {"line": 2, "col": 3}),
    (". . . .\n. 1 1 .\n. . . .\n. . . .", {"line": 2, "col": 3}),
    ("3:1/2/3", {}),
])
def test_bad_input_is_located(text, where):
    with pytest.raises(PuzzleSyntaxError) as err:
        skyscrapers.parse(text)
    assert set(where.items()) <= set(err.value.where.items())
    assert len(str(err.value)) < 200


def test_hints_speak_of_clues_and_lines():
    game_id = list(TATHAM)[1]
    steps = api.handle({"op": "hint", "kind": "skyscrapers", "text": game_id, "path": True})["result"]["steps"]
    rules = {step["rule"] for step in steps}
    assert {"each height once in a line", "a clue's count of buildings seen"} <= rules
    assert any("the 3 above column 2" in s["sentence"] for s in steps)
