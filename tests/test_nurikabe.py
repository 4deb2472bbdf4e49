"""Nurikabe: real puzz.link puzzles solved to their answers (checked by `check`, uniqueness by the smt
engine), the checker against pzprjs's own failing boards, a brute-force count, the URL round trip,
located refusals and the named hint steps."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import _shading as sh
from gridlogic.kinds import nurikabe
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/nurikabe.js (robx/pzprjs): the URL and its answer board (# shaded, + dot).
PZPRJS_URL = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
PZPRJS_ANSWER = "+ 5 # # # /+ # 2 + # /+ # # # # /+ # 1 # . /# # # 3 . /"
# The same file's failing boards, each with the rule pzprjs names (its failcode) and ours.
PZPRJS_FAILS = [
    ("cs2x2", "2x2", ". 5 . . . /. . 2 . . /# # . . . /# # 1 . . /. . . 3 . /"),
    ("bkNoNum", "no_number", ". 5 # # . /. # 2 . # /. # # # # /. # 1 . . /# . . 3 . /"),
    ("csDivide", "wall", ". 5 # # # /. # 2 . # /. . # # # /. . 1 . . /# . . 3 . /"),
    ("bkNumGe2", "two_numbers", ". 5 # # # /. # 2 . # /. # # # # /. . 1 . . /. . . 3 . /"),
    ("bkSizeNe", "size", ". 5 # # # /. # 2 . # /. # # # # /. # 1 # . /. # # 3 . /"),
]
# Noqx's example (T0nyX1ang/noqx solver/nurikabe.py): a 19×12 puzz.link puzzle with two "?" numbers.
NOQX_URL = "https://puzz.link/p?nurikabe/19/12/g5zw3k2h4g4k.v.h2i2g4z3n7j3k2h4h4k3i4j3zzk2i2k2p6j2k6k"


def board(text: str) -> tuple[int, ...]:
    """A pzprjs board's shading (# shaded)."""
    return tuple(int(token == "#") for row in text.split("/") for token in row.split())


def test_pzprjs_puzzle_solves_to_its_answer():
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(nurikabe, puzzle)
    assert answer.status == "unique"
    assert answer.solution == board(PZPRJS_ANSWER)
    assert nurikabe.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in nurikabe.check(puzzle, board(text))}


@pytest.mark.parametrize("backend", BACKENDS)
def test_pzprjs_puzzle_is_unique_on_each_engine(backend):
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(nurikabe, puzzle, backend=backend)
    assert answer.status == "unique" and answer.solution == board(PZPRJS_ANSWER)


def test_noqx_puzzle_is_unique():
    """(z3 takes some 20 s on its lazy cuts here: the second engine checks the smaller puzzle above.)"""
    puzzle = import_link(NOQX_URL).puzzle
    assert sum(v == sh.UNKNOWN for v in puzzle.clues) == 2
    answer = solver.solve(nurikabe, puzzle)
    assert answer.status == "unique"
    assert nurikabe.check(puzzle, answer.solution) == []


def brute_count(puzzle) -> int:
    """Shadings the checker passes, every one of 2^cells tried."""
    return sum(not nurikabe.check(puzzle, s) for s in product((0, 1), repeat=puzzle.rows * puzzle.cols))


@pytest.mark.parametrize("text", ["2..\n...\n..2\n", "?..\n...\n..1\n", "3..\n...\n.?.\n", "1.\n.1\n"])
def test_counts_agree_with_brute_force(text):
    puzzle = nurikabe.parse(text)
    answer = solver.solve(nurikabe, puzzle, mode="count")
    assert answer.count == brute_count(puzzle)
    assert all(nurikabe.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL, NOQX_URL])
def test_url_round_trip(url):
    puzzle = import_link(url).puzzle
    again = nurikabe.to_puzzlink(puzzle)
    assert again == url
    assert import_link(again).puzzle == puzzle
    assert nurikabe.parse(nurikabe.format(puzzle)) == puzzle
    assert nurikabe.from_state(nurikabe.to_state(puzzle)) == puzzle


@pytest.mark.parametrize("text,where", [
    ("..\n.x\n", {"line": 2, "r": 1, "c": 1}),
    ("5.\n..\n", {"r": 0, "c": 0}),
    ("...\n..\n", {"line": 2, "r": 1}),
    ("", {}),
])
def test_bad_text_is_refused_where_it_is(text, where):
    with pytest.raises(PuzzleSyntaxError) as err:
        nurikabe.parse(text)
    assert err.value.where == where
    assert len(str(err.value)) < 120


def test_bad_url_is_refused_in_words():
    answer = api.handle({"op": "link_import", "url": "https://puzz.link/p?nurikabe/3/3/g!"})
    assert not answer["ok"] and "character 2" in answer["error"]["message"]


def test_hint_steps_are_named_in_nurikabe_words():
    answer = api.handle({"op": "hint", "kind": "nurikabe", "text": nurikabe.EXAMPLES[0].text, "path": True})
    steps = answer["result"]["steps"]
    assert len(steps) == 25
    assert {s["rule"] for s in steps} - {None} <= set(nurikabe.EASY_STEPS)
    between = [s for s in steps if s["rule"] == "between two numbers"]
    assert between and all(s["word"] == "shaded" for s in between)
    assert steps[0]["cell"] == [2, 4] and steps[0]["rule"] == "no island reaches it"
    assert "r3c5 must be shaded" in steps[0]["sentence"]


def test_name_step_no_2x2():
    puzzle = nurikabe.parse("....\n....\n...4\n")
    keys = [("no2x2",), ("placed", 0, 1, 1), ("placed", 1, 0, 1), ("placed", 1, 1, 1)]
    assert nurikabe.name_step(puzzle, (0, 0, 0, False), keys) == "no 2×2 shaded block"
    assert nurikabe.name_step(puzzle, (0, 0, 0, False), keys[:3]) is None
