"""Heyawake: real puzz.link puzzles solved to their answers (checked by `check`, uniqueness on the smt
engine too), the checker against pzprjs's failing boards, brute-force counts, URL and state round
trips, located refusals and the named hint steps."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import heyawake
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/heyawake.js (robx/pzprjs): the URL, its answer, and its failing boards (the answer
# part of each) with pzprjs's failcode and ours.
PZPRJS_URL = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
PZPRJS_ANSWER = "# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /+ # + # + # /+ + # + + + /"
PZPRJS_FAILS = [
    ("csAdjacent", "adjacent", ". . . . . . /. . . . . . /. # . . . . /. # . . . . /. . . . . . /. . . . . . /"),
    ("cuDivideRB", "divided", "# . # . . . /. . . # . . /# . # . . . /. # . . . . /. . . . . . /. . . . . . /"),
    ("bkShadeNe", "count", "# . . . . . /. . . # . . /# . # . # . /. # . . . . /. . . . . . /. . . . . . /"),
    ("bkUnshadeConsecGt3", "three_rooms",
     "# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /. # . # . # /. . . . . . /"),
]
# Noqx's examples (T0nyX1ang/noqx solver/heyawake.py): puzz.link puzzles of 19×15 and 12×12.
NOQX_URLS = [
    "https://puzz.link/p?heyawake/19/15/201480mhg2i40a8s192816704r503gk0m2g2oa0a18085010k046g0003hu0104000400fbvgvo"
    "005fu1800o0000000800600000003s0003c-1c140411g81ah8233",
    "https://puzz.link/p?heyawake/12/12/00000o0003063cc0o00030000000008020080a4a92a02008020000-2811111111",
]


def board(text: str) -> tuple[int, ...]:
    return tuple(int(token == "#") for row in text.split("/") for token in row.split())


@pytest.mark.parametrize("backend", BACKENDS)
def test_pzprjs_puzzle_solves_to_its_answer(backend):
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(heyawake, puzzle, backend=backend)
    assert answer.status == "unique" and answer.solution == board(PZPRJS_ANSWER)
    assert heyawake.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in heyawake.check(puzzle, board(text))}


@pytest.mark.parametrize("url", NOQX_URLS, ids=["19x15", "12x12"])
def test_noqx_puzzles_are_unique(url):
    puzzle = import_link(url).puzzle
    answer = solver.solve(heyawake, puzzle)
    assert answer.status == "unique"
    assert heyawake.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("text", ["AB\nAB\n\n1.\n..\n", "AAB\nAAB\n\n3..\n...\n", "ABC\nABC\nDDD\n", "ABBC\n\n1..1\n",
                                  "AAB\nCCB\nCDD\n\n..1\n...\n.1.\n",
                                  "A\n", "AB\n", "A\nA\n", "ABC\n", "AA\nAA\n", "ABC\nABC\n",
                                  "AAAA\nAAAA\nAAAA\n\n4...\n....\n....\n"])
def test_counts_agree_with_brute_force(text):
    puzzle = heyawake.parse(text)
    answer = solver.solve(heyawake, puzzle, mode="count")
    brute = sum(not heyawake.check(puzzle, s) for s in product((0, 1), repeat=puzzle.rows * puzzle.cols))
    assert answer.count == brute
    assert all(heyawake.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL] + NOQX_URLS)
def test_round_trips(url):
    puzzle = import_link(url).puzzle
    assert heyawake.to_puzzlink(puzzle) == url
    assert heyawake.parse(heyawake.format(puzzle)) == puzzle
    assert heyawake.from_state(heyawake.to_state(puzzle)) == puzzle


@pytest.mark.parametrize("text,words", [
    ("AB\nAB\n\n3.\n..\n", "do not fit"),
    ("AB\nAB\n\n11\n..\n", None),
    ("AB\nAB\n\n1.\n1.\n", "second number"),
    ("AB\nAB\n\n1..\n...\n", "the numbers are 2×3"),
])
def test_bad_text_is_refused_in_words(text, words):
    if words is None:
        assert heyawake.parse(text).numbers == (1, 1)
        return
    with pytest.raises(PuzzleSyntaxError, match=words):
        heyawake.parse(text)


def test_a_state_with_a_cell_in_no_room_is_refused_there():
    state = heyawake.to_state(heyawake.parse("AB\nAB\n"))
    state["parts"]["rooms"][1]["cells"] = [[0, 1]]
    answer = api.handle({"op": "parse", "kind": "heyawake", "state": state})
    assert not answer["ok"] and answer["error"]["where"]["cells"] == [[1, 1]]
    assert "r2c2 is in no room" in answer["error"]["message"]


def test_hint_steps_are_named_in_heyawake_words():
    answer = api.handle({"op": "hint", "kind": "heyawake", "text": heyawake.EXAMPLES[0].text, "path": True})
    steps = answer["result"]["steps"]
    assert {s["rule"] for s in steps} - {None} <= set(heyawake.EASY_STEPS)
    assert "beside a shaded cell" in {s["rule"] for s in steps}
