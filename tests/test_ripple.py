"""Ripple effect: real puzz.link puzzles solved to their answers (checked by `check`, uniqueness on the smt
engine too), the checker against pzprjs's failing boards, brute-force counts, URL and state round trips,
located refusals and the named hint steps."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import ripple
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/ripple.js (robx/pzprjs): the URL, the answer its last board holds, and its failing
# boards (numbers entered, givens added) with pzprjs's failcode and ours.
PZPRJS_URL = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k"
PZPRJS_ANSWER = "1231/2142/4321/1213"
PZPRJS_FAILS = [("bkDupNum", "room", "1331/2142/4321/1213"), ("nmSmallGap", "spacing", "1231/2142/4323/1213")]
# cspuz_rs (semiexp/cspuz_rs src/puzzle/ripple.rs): its test URL and expected answer.
CSPUZ_URL = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1"
CSPUZ_ANSWER = "14235/23124/12312/31241"
# Noqx's example (T0nyX1ang/noqx solver/ripple.py), 13×13, and a list of puzz.link samples, 10×10.
LARGER = ["https://puzz.link/p?ripple/13/13/i2aonbatddnfdjqt6qafrlvfl9egl450fvjbt3t9lfu2072jfj8pvgojecbvcvu0zzzzzzzzo",
          "https://puzz.link/p?ripple/10/10/c9hb4nfmueupv8ke11br7s3pk2r61hbqnsfezzzzz"]


def numbers(text: str) -> tuple[int, ...]:
    return tuple(int(ch) for row in text.split("/") for ch in row)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("url,answer", [(PZPRJS_URL, PZPRJS_ANSWER), (CSPUZ_URL, CSPUZ_ANSWER)], ids=["pzprjs", "cspuz"])
def test_real_puzzles_solve_to_their_answers(url, answer, backend):
    puzzle = import_link(url).puzzle
    got = solver.solve(ripple, puzzle, backend=backend)
    assert got.status == "unique" and got.solution == numbers(answer)
    assert ripple.check(puzzle, got.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in ripple.check(puzzle, numbers(text))}


@pytest.mark.parametrize("url", LARGER, ids=["13x13", "10x10"])
def test_larger_puzzles_are_unique(url):
    puzzle = import_link(url).puzzle
    got = solver.solve(ripple, puzzle)
    assert got.status == "unique"
    assert ripple.check(puzzle, got.solution) == []


@pytest.mark.parametrize("text", ["AB\nAB\n", "AA\nBB\n\n1.\n..\n", "AAB\nACB\nCCB\n", "AAAA\n", "ABB\nABB\n\n...\n..2\n"])
def test_counts_agree_with_brute_force(text):
    puzzle = ripple.parse(text)
    got = solver.solve(ripple, puzzle, mode="count")
    cells = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    ranges = [range(1, puzzle.size_at(*cell) + 1) for cell in cells]
    brute = sum(not ripple.check(puzzle, s) for s in product(*ranges))
    assert got.count == brute
    assert all(ripple.check(puzzle, s) == [] for s in got.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL, CSPUZ_URL] + LARGER)
def test_round_trips(url):
    puzzle = import_link(url).puzzle
    assert ripple.to_puzzlink(puzzle) == url
    assert ripple.parse(ripple.format(puzzle)) == puzzle
    assert ripple.from_state(ripple.to_state(puzzle)) == puzzle


@pytest.mark.parametrize("text,words", [
    ("AB\nAB\n\n3.\n..\n", "does not fit a room of 2"),
    ("AB\nAB\n\n1.\n1.\n", "a second 1"),
    ("AB\nAB\n\n1..\n...\n", "the numbers are 2×3"),
    ("AB\nAB\n\n?.\n..\n", r"line 4, r1c1: '\?'"),
])
def test_bad_text_is_refused_in_words(text, words):
    with pytest.raises(PuzzleSyntaxError, match=words):
        ripple.parse(text)


def test_a_link_with_a_question_mark_is_refused_in_words():
    answer = api.handle({"op": "link_import", "url": "https://puzz.link/p?ripple/2/1/0.g"})
    assert not answer["ok"] and "r1c1" in answer["error"]["message"]


def test_hint_steps_are_named_in_ripple_words():
    answer = api.handle({"op": "hint", "kind": "ripple", "text": ripple.EXAMPLES[0].text, "path": True})
    rules = {s["rule"] for s in answer["result"]["steps"]}
    assert rules - {None} <= set(ripple.EASY_STEPS)
    assert "equal numbers too close" in rules
