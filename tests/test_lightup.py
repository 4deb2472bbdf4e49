"""Light up: real puzzles solved to their known answers (puzz.link, Tatham), the checker, counts against
a brute force written here, links both ways, located refusals and hint steps in the genre's words."""

from __future__ import annotations

from itertools import combinations

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import lightup
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/lightup.js (robx/pzprjs): its URL and the answer its last failcheck accepts
PZPRJS_URL = "https://puzz.link/p?lightup/6/6/nekcakbl"
PZPRJS_ANSWER = "..*...\n.*4*..\n..*.2*\n.0..*.\n*..1..\n...*.."
# Tatham Light Up game IDs of his generator's form (7x7, 20% black, 4-fold symmetry, easy), as a public
# port's hint tests quote them; the answers were found here and are checked by `check` and both engines
TATHAM = {"7x7b20s4d0:bBe2c3c3aBaBgBaBaBcBc2e3b":
          "*.X..*.\n.2*..3*\n.*3.X*X\n..*....\nX.X.X.*\n*X..*2.\n...*3*.",
          "7x7b20s4d0:a2aBi3cBcBaBaBa2cBc0i0aBa":
          "*2*X..*\n.....*3\n...X..*\nX.X*X.2\n..*X..*\n0...*..\n.*.0.X."}
# A 20×20 made here (random black cells, lights placed, numbers removed while one solution stays)
BIG = """........XX...X....0.
.3.2..X....2.X..2...
X....1.X.....X.XX.XX
.X...X.0..0..1......
X..X00.......X......
.....X...0......1...
3.XX...X....3...0...
.X.................2
....X..1..0.X.1.....
.2......X....X..0X.1
..X....0..X.........
1.01.XX.......20.1..
.............X.2...X
.XX..2..X........2..
.2..3....X.......X..
..X........X.......X
.....0...0.1...1..2.
..............2.2...
.2.X.0..0..0...X..X.
X..X...............X"""


def brute_force(puzzle) -> list[frozenset]:
    """Every set of lights on white cells that `check` accepts (tiny grids only)."""
    white = puzzle.white()
    return [frozenset(s) for k in range(len(white) + 1) for s in combinations(white, k)
            if not lightup.check(puzzle, frozenset(s))]


def unique_answer(puzzle, backend="sat") -> str:
    answer = solver.solve(lightup, puzzle, backend=backend, mode="count", limit=2)
    assert answer.status == "unique" and answer.count == 1
    assert lightup.check(puzzle, answer.solution) == []
    return lightup.format(puzzle, answer.solution)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_pzprjs_puzzle_solves_to_its_answer(backend):
    found = import_link(PZPRJS_URL)
    assert found.kind is lightup
    assert unique_answer(found.puzzle, backend) == PZPRJS_ANSWER


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("game_id", list(TATHAM))
def test_tatham_ids_solve_to_their_answers(game_id, backend):
    found = import_link(game_id)                              # a bare ID, told Light Up by its `B`s
    assert found.kind is lightup
    assert unique_answer(found.puzzle, backend) == TATHAM[game_id]
    page = import_link("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/lightup.html#" + game_id)
    assert page.puzzle == found.puzzle == lightup.parse(game_id)
    assert lightup.to_tatham(found.puzzle) == "7x7:" + game_id.split(":")[1]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_20x20_is_unique_on_both_engines(backend):
    unique_answer(lightup.parse(BIG), backend)


@pytest.mark.parametrize("text", ["...\n.X.\n...", ".1.\n...\n..X", "..\n..", "1.0\n...\n.2.", ".1.\n.4.\n..."])
def test_counts_agree_with_brute_force(text):
    puzzle = lightup.parse(text)
    answer = solver.solve(lightup, puzzle, mode="all", limit=1000)
    assert sorted(map(sorted, answer.solutions)) == sorted(map(sorted, brute_force(puzzle)))


def test_urls_round_trip():
    for text in [e.text for e in lightup.EXAMPLES] + [BIG]:
        puzzle = lightup.parse(text)
        url = lightup.to_puzzlink(puzzle)
        assert import_link(url).puzzle == puzzle
        assert lightup.to_puzzlink(import_link(url).puzzle) == url
        assert lightup.parse(lightup.format(puzzle)) == puzzle
        assert lightup.from_tatham(lightup.to_tatham(puzzle)) == puzzle
    assert lightup.to_puzzlink(import_link(PZPRJS_URL).puzzle) == PZPRJS_URL


def test_the_checker_names_each_broken_rule():
    puzzle = lightup.parse(PZPRJS_ANSWER.replace("*", "."))
    right = lightup.parse_solution(puzzle, PZPRJS_ANSWER)
    assert lightup.check(puzzle, right) == []
    broken = lightup.check(puzzle, right - {(5, 3)})
    assert {v.code for v in broken} == {"dark", "number"}
    assert ((5, 3),) in [v.cells for v in broken if v.code == "dark"]
    assert [v.cells for v in broken if v.code == "number"] == [((4, 3),)]
    seeing = lightup.check(puzzle, right | {(0, 0)})
    assert {v.code for v in seeing} >= {"lights_see"} and any((0, 0) in v.cells for v in seeing)
    assert [v.code for v in lightup.check(puzzle, right | {(1, 2)})] == ["not_white"]


@pytest.mark.parametrize("text, where", [
    ("..\n...", {"line": 2, "col": 1}),
    ("..\n.7", {"line": 2, "col": 2}),
    ("7x7:bBe2c3", {}),
    ("3x3:aZ", {}),
])
def test_bad_input_is_located(text, where):
    with pytest.raises(PuzzleSyntaxError) as err:
        lightup.parse(text)
    assert set(where.items()) <= set(err.value.where.items())
    assert len(str(err.value)) < 200


def test_a_bad_url_is_located():
    response = api.handle({"op": "link_import", "url": "https://puzz.link/p?lightup/3/3/!"})
    assert not response["ok"] and "character 1" in response["error"]["message"]


def test_hints_speak_of_numbers_and_lit_cells():
    response = api.handle({"op": "hint", "kind": "lightup", "text": lightup.EXAMPLES[1].text, "path": True})
    steps = response["result"]["steps"]
    assert steps[0]["sentence"] == "r2c1 must be empty (a number's count): the 0 at r3c1 leaves no other choice."
    rules = {step["rule"] for step in steps}
    assert {"a number's count", "a cell must be lit", "lights may not see each other"} <= rules


def test_progress_reads_lights_and_empty_cells():
    text = lightup.EXAMPLES[1].text
    puzzle = lightup.parse(text)
    answer = lightup.parse_solution(puzzle, lightup.EXAMPLES[1].solution)
    lights = [[r, c, 1] for r, c in sorted(answer)]
    done = api.handle({"op": "progress", "kind": "lightup", "text": text, "entries": lights})["result"]
    assert done["solved"] and not done["wrong"]
    wrong = api.handle({"op": "progress", "kind": "lightup", "text": text, "entries": lights[1:] + [[0, 1, 1]]})
    assert wrong["result"]["wrong"] and not wrong["result"]["solved"]
