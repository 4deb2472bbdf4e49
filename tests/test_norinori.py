"""Norinori: real puzz.link puzzles solved to their answers (checked by `check`, uniqueness on the smt
engine too), the checker against pzprjs's failing boards, brute-force counts, URL and state round
trips, located refusals and the named hint steps."""

from __future__ import annotations

from itertools import combinations, product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import norinori
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/norinori.js (robx/pzprjs): the URL, its answer, and its failing boards (the answer
# part of each) with pzprjs's failcode and ours.
PZPRJS_URL = "https://puzz.link/p?norinori/5/5/cag4ocjo"
PZPRJS_ANSWER = "# # + + + /+ + # # + /# # + + # /+ + . . # /# # + . . /"
PZPRJS_FAILS = [
    ("csGt2", "block", "# # . . . /. # . . . /. . . . . /. . . . . /. . . . . /"),
    ("bkShadeGt2", "count", "# # + . # /+ + # # . /# . . . # /. . . . # /. . . . . /"),
    ("csLt2", "single", "# # + + + /+ + # # + /# . . + . /+ + . . . /# # + . . /"),
    ("bkShadeLt2", "count", "# # + + + /+ + # # + /# # + + . /+ + . . . /# # + . . /"),
    ("bkNoShade", "count", "# # + + + /+ + + + + /+ + + + . /+ + . . . /# # + . . /"),
]
# cspuz_rs (semiexp/cspuz_rs src/puzzles/norinori.rs): a 6×6 puzz.link puzzle and its answer.
CSPUZ_URL = "https://puzz.link/p?norinori/6/6/mac2a4c11spr"
CSPUZ_ANSWER = ". # # . . . /. . . # # . /. # # . . # /. . . . . # /# . # . # . /# . # . # . /"
# Noqx's example (T0nyX1ang/noqx solver/norinori.py): a 20×10 pzv.jp puzzle.
NOQX_URL = ("http://pzv.jp/p.html?norinori/20/10/ahkcfeorctdhkqdffmk9jprqnqd57ea6us16ok4jboec2oku7ck43rbqseje3kc16cv"
            "v8f7i7f")


def board(text: str) -> tuple[int, ...]:
    return tuple(int(token == "#") for row in text.split("/") for token in row.split())


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("url,answer", [(PZPRJS_URL, PZPRJS_ANSWER), (CSPUZ_URL, CSPUZ_ANSWER)], ids=["pzprjs", "cspuz"])
def test_real_puzzles_solve_to_their_answers(url, answer, backend):
    puzzle = import_link(url).puzzle
    got = solver.solve(norinori, puzzle, backend=backend)
    assert got.status == "unique" and got.solution == board(answer)
    assert norinori.check(puzzle, got.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in norinori.check(puzzle, board(text))}


@pytest.mark.parametrize("backend", BACKENDS)
def test_noqx_puzzle_is_unique(backend):
    puzzle = import_link(NOQX_URL).puzzle
    assert (puzzle.rows, puzzle.cols) == (10, 20)
    answer = solver.solve(norinori, puzzle, backend=backend)
    assert answer.status == "unique"
    assert norinori.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("text", [example.text for example in norinori.EXAMPLES] + ["AABB\nAABB\n"])
def test_counts_agree_with_brute_force(text):
    """Every choice of two cells in each room (the dominoes left to `check`), against the count."""
    puzzle = norinori.parse(text)
    answer = solver.solve(norinori, puzzle, mode="count")
    n = puzzle.rows * puzzle.cols
    picks = product(*(combinations([r * puzzle.cols + c for r, c in cells], 2) for cells in puzzle.rooms()))
    brute = sum(not norinori.check(puzzle, tuple(int(i in sum(p, ())) for i in range(n))) for p in picks)
    assert answer.count == brute
    assert all(norinori.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL, CSPUZ_URL])
def test_round_trips(url):
    puzzle = import_link(url).puzzle
    assert norinori.to_puzzlink(puzzle) == url
    assert import_link(norinori.to_puzzlink(puzzle)).puzzle == puzzle
    assert norinori.parse(norinori.format(puzzle)) == puzzle
    assert norinori.from_state(norinori.to_state(puzzle)) == puzzle


@pytest.mark.parametrize("text,words", [
    ("AB\nAC\n", "r1c2: a room of one cell"),
    ("AB\nABC\n", "line 2"),
    ("AB\nAB\n\n1.\n..\n", "nothing follows the rooms"),
])
def test_bad_text_is_refused_in_words(text, words):
    with pytest.raises(PuzzleSyntaxError, match=words):
        norinori.parse(text)


def test_a_state_with_a_cell_in_no_room_is_refused_there():
    state = norinori.to_state(norinori.parse("AB\nAB\n"))
    state["parts"]["rooms"][1]["cells"] = [[0, 1]]
    answer = api.handle({"op": "parse", "kind": "norinori", "state": state})
    assert not answer["ok"] and answer["error"]["where"]["cells"] == [[1, 1]]


def test_hint_steps_are_named_in_norinori_words():
    answer = api.handle({"op": "hint", "kind": "norinori", "text": norinori.EXAMPLES[0].text, "path": True})
    rules = {s["rule"] for s in answer["result"]["steps"]}
    assert rules - {None} <= set(norinori.EASY_STEPS)
    assert len(rules - {None}) >= 2


def test_a_cell_beside_a_rooms_last_two_places_is_named_beside_a_domino():
    puzzle = norinori.parse(norinori.EXAMPLES[0].text)            # room 0: r1c1 and r1c2, side by side
    name = norinori.name_step
    assert name(puzzle, (1, 0, 0, False), [("room", 0)]) == "beside a domino"
    assert name(puzzle, (1, 0, 1, False), [("room", 0)]) is None             # shading it is no such step
    assert name(puzzle, (3, 0, 0, False), [("room", 0)]) is None             # not beside the room
    # room 1's places left with r1c3, r2c1 and r2c2 unshaded: r2c3 and r3c1, not side by side
    unshaded = [("placed", r, c, 0) for r, c in ((0, 2), (1, 0), (1, 1))]
    assert name(puzzle, (2, 1, 0, False), [("room", 1), *unshaded]) is None
