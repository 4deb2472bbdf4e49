"""Star battle: real puzz.link puzzles solved to their answers (checked by `check`, uniqueness on the
smt engine too), the checker against pzprjs's failing boards, brute-force counts, round trips, located
refusals and the named hint steps."""

from __future__ import annotations

from itertools import combinations, product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import starbattle
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/starbattle.js (robx/pzprjs): the URL, its answer and its failing boards with
# pzprjs's failcode and ours.
PZPRJS_URL = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
PZPRJS_ANSWER = "+ # + + + + /+ + + # + + /+ + + + + # /. + # + + + /. + + + # + /# + + + + + /"
PZPRJS_FAILS = [
    ("starAround", "touch", ". . . . . . /. . . . . . /. . . # . . /. . # . . . /. . . . . . /. . . . . . /"),
    ("bkStarGt", "region", ". . # . . . /. . . . . . /# . . . . . /. . . . . . /. . . . . . /. . . . . . /"),
    ("bkStarLt", "region", ". . # . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /"),
    ("lnStarNe", "row", "+ # + + + + /+ + + # + + /+ + + + + # /. + # + + + /# + + + # + /. + + + + + /"),
]
# Noqx's example (T0nyX1ang/noqx solver/starbattle.py): a 15×15 puzz.link puzzle with 3 stars.
NOQX_URL = ("https://puzz.link/p?starbattle/15/15/3/31g94h1gk30glmiuum28c52kl8mh0i10o51gh4i1go2h84a4802gt5hah8la60"
            "46hc9aign1ga18424a42h8")


def board(text: str) -> tuple[int, ...]:
    return tuple(int(token == "#") for row in text.split("/") for token in row.split())


@pytest.mark.parametrize("backend", BACKENDS)
def test_pzprjs_puzzle_solves_to_its_answer(backend):
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(starbattle, puzzle, backend=backend)
    assert answer.status == "unique" and answer.solution == board(PZPRJS_ANSWER)
    assert starbattle.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in starbattle.check(puzzle, board(text))}


@pytest.mark.parametrize("backend", BACKENDS)
def test_noqx_puzzle_is_unique(backend):
    puzzle = import_link(NOQX_URL).puzzle
    assert puzzle.stars == 3
    answer = solver.solve(starbattle, puzzle, backend=backend)
    assert answer.status == "unique"
    assert starbattle.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("text", ["1\nAAAA\nBBBB\nCCCC\nDDDD\n", "1\nAB\nAB\n", "1\nAABB\nACCB\nDDCB\nDDDB\n",
                                  "1\nAAAAA\nBBBCC\nBDDDC\nBEEEC\nEEEEE\n"])
def test_counts_agree_with_brute_force(text):
    """Every placement of N stars in each row (the other rules left to `check`), against the count."""
    puzzle = starbattle.parse(text)
    answer = solver.solve(starbattle, puzzle, mode="count")
    rows = [tuple(int(c in chosen) for c in range(puzzle.cols))
            for chosen in combinations(range(puzzle.cols), puzzle.stars)]
    brute = sum(not starbattle.check(puzzle, sum(s, ())) for s in product(rows, repeat=puzzle.rows))
    assert answer.count == brute
    assert all(starbattle.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL, NOQX_URL])
def test_round_trips(url):
    puzzle = import_link(url).puzzle
    assert starbattle.to_puzzlink(puzzle) == url
    assert starbattle.parse(starbattle.format(puzzle)) == puzzle
    assert starbattle.from_state(starbattle.to_state(puzzle)) == puzzle


@pytest.mark.parametrize("text,words", [
    ("x\nAB\nAB\n", "line 1: the first line is the number of stars"),
    ("0\nAB\nAB\n", "1 to 20"),
    ("1\nAB\nABC\n", "line 3"),
    ("1\nAB\nBA\n", None),
])
def test_bad_text_is_refused_in_words(text, words):
    if words is None:
        assert len(starbattle.parse(text).regions.numbers) == 4      # one label in two places: two regions
        return
    with pytest.raises(PuzzleSyntaxError, match=words):
        starbattle.parse(text)


def test_stars_field_is_refused_there():
    state = starbattle.to_state(starbattle.parse(starbattle.EXAMPLES[0].text))
    state["extras"]["stars"] = "x"
    answer = api.handle({"op": "parse", "kind": "starbattle", "state": state})
    assert not answer["ok"] and answer["error"]["where"] == {"extra": "stars"}
    assert "number of stars" in answer["error"]["message"]


def test_hint_steps_are_named_in_star_battle_words():
    answer = api.handle({"op": "hint", "kind": "starbattle", "text": starbattle.EXAMPLES[0].text, "path": True})
    steps = answer["result"]["steps"]
    rules = {s["rule"] for s in steps}
    assert rules - {None} <= set(starbattle.EASY_STEPS)
    assert "beside a star" in rules
    assert any(s["word"] == "star" for s in steps)
