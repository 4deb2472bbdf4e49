"""Araf: a real puzz.link puzzle solved to its answer (checked by `check`, uniqueness on the smt engine
too), the checker against pzprjs's failing boards, brute-force counts, URL and state round trips,
located refusals and the named hint steps."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import api, backends, lattice, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import araf
from gridlogic.links import import_link
from test_shikaku import borders

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/araf.js (robx/pzprjs): the URL, and the border part of its boards (vertical
# borders R×(C-1), then horizontal ×C; 1 a border, -1 a cross) with pzprjs's failcode and ours.
PZPRJS_URL = "https://puzz.link/p?araf/5/5/457m3i8ma57"
PZPRJS_ANSWER = "1 0 0 0 /0 0 1 0 /0 1 0 0 /1 0 0 0 /0 0 1 0 /0 1 1 0 0 /1 1 0 1 1 /0 1 1 1 1 /0 1 1 0 0 /"
PZPRJS_FAILS = [
    ("bkArafEqual", "equal", "1 0 0 0 /0 0 0 1 /0 0 1 0 /0 0 1 0 /0 0 1 0 /0 1 1 1 0 /1 1 1 0 1 /0 0 0 1 1 /"
                             "0 0 0 0 0 /"),
    ("bkArafTooSmall", "too_small", "1 0 0 0 /0 0 0 0 /0 1 0 0 /0 0 1 0 /0 0 1 0 /0 1 1 1 1 /1 1 0 0 0 /"
                                    "0 0 1 1 1 /0 0 0 0 0 /"),
    ("bkLessThan2Num", "fewer_numbers", "0 0 0 0 /1 0 0 1 /0 0 0 0 /0 1 1 0 /0 0 1 0 /0 1 1 1 0 /0 1 1 1 0 /"
                                        "0 0 1 0 0 /1 1 0 0 0 /"),
    ("bkMoreThan2Num", "more_numbers", "0 1 1 0 /0 1 1 0 /1 0 1 0 /0 1 0 0 /0 0 1 0 /0 0 0 0 0 /0 1 0 0 0 /"
                                       "1 0 1 0 0 /0 0 1 0 0 /"),
    ("bdDeadEnd", "dead_end", "1 0 0 1 /0 0 1 0 /0 1 0 0 /1 0 0 0 /0 0 1 0 /0 1 1 0 0 /1 1 0 1 1 /0 1 1 1 1 /"
                              "0 1 1 0 0 /"),
]
# pzprjs's bkArafTooBig board: its puzzle has a 3 where the URL's has the 7 at r1c3
TOO_BIG = ("457..\n.....\n3...8\n.....\n. . 10 5 7\n".replace("457", "453"),
           "1 0 0 0 /0 0 1 0 /0 1 0 0 /1 0 0 0 /0 0 1 0 /0 1 1 0 0 /1 1 0 1 1 /0 1 1 1 1 /0 1 1 0 0 /")
# pzprjs's ? boards: a ? beside the numbers (its answer still holds), a ? whose region equals a number
QUESTION = [("457..\n.....\n3...8\n.....\n. . ? 5 7\n", [],
             "1 -1 -1 -1 /-1 0 1 -1 /0 1 0 0 /1 0 0 -1 /-1 -1 1 -1 /-1 1 1 -1 -1 /1 1 0 1 1 /-1 1 1 1 1 /"
             "-1 1 1 -1 -1 /"),
            ("457..\n.....\n?...8\n.....\n. . 6 5 7\n", ["equal"],
             "1 0 0 0 /-1 -1 1 0 /0 1 -1 -1 /1 0 0 0 /0 0 1 0 /-1 1 1 0 0 /1 1 -1 1 1 /0 1 1 1 1 /"
             "0 1 1 0 0 /")]
# cspuz_rs (semiexp/cspuz_rs src/puzzles/araf.rs) 6×6 (a 28 in it); a list of puzz.link samples (a
# puzz.link reader's tests), 8×8 (a 16) and 15×7; Noqx's example (T0nyX1ang/noqx solver/araf.py), 9×9;
# the samples' 10×10 with two 50s (also a Noqx example), whose regions may span the whole grid
LARGER = ["https://puzz.link/p?araf/6/6/h3j3j3p-1cj8j8h",
          "https://puzz.link/p?araf/8/8/p45h7h44h87l8j2l3-10gabi5icbo",
          "https://puzz.link/p?araf/15/7/111g5a5g1fagaaazp125g898g817g464zp118g888g111g411",
          "https://puzz.link/p?araf/9/9/44g644g14h9i9h33h4h61h1i9h9h395h1g4k1g6g4i7g1g2g9g1g4i9g5g9h",
          "https://puzz.link/p?araf/10/10/1h4h1h7i6h6heldh34n5icrai8nc9hblahah3ibh-32h-32hd"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_pzprjs_puzzle_solves_to_its_answer(backend):
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(araf, puzzle, backend=backend)
    assert answer.status == "unique" and answer.solution == borders(PZPRJS_ANSWER, 5, 5)
    assert araf.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in araf.check(puzzle, borders(text, 5, 5))}


def test_check_names_a_region_too_big_and_reads_question_marks():
    assert "too_big" in {v.code for v in araf.check(araf.parse(TOO_BIG[0]), borders(TOO_BIG[1], 5, 5))}
    for text, codes, board in QUESTION:
        assert [v.code for v in araf.check(araf.parse(text), borders(board, 5, 5))] == codes


@pytest.mark.parametrize("url", LARGER, ids=["6x6", "8x8", "15x7", "9x9", "10x10"])
def test_larger_puzzles_are_unique(url):
    puzzle = import_link(url).puzzle
    answer = solver.solve(araf, puzzle)
    assert answer.status == "unique"
    assert araf.check(puzzle, answer.solution) == []


def test_a_larger_puzzle_is_unique_on_the_second_engine_too():
    puzzle = import_link(LARGER[0]).puzzle
    answer = solver.solve(araf, puzzle, backend=BACKENDS[-1])
    assert answer.status == "unique" and answer.solution == solver.solve(araf, puzzle).solution


@pytest.mark.parametrize("text", ["1.4\n4.1\n", "1.\n.4\n", "?..\n..?\n", "0..\n..9\n", "1.5\n3.7\n"])
def test_counts_agree_with_brute_force(text):
    puzzle = araf.parse(text)
    edges = lattice.inner_edges(puzzle.rows, puzzle.cols)
    answer = solver.solve(araf, puzzle, mode="count")
    brute = sum(not araf.check(puzzle, frozenset(p for p, on in zip(edges, bits) if on))
                for bits in product((0, 1), repeat=len(edges)))
    assert answer.count == brute
    assert all(araf.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL] + LARGER[:2])
def test_round_trips(url):
    puzzle = import_link(url).puzzle
    assert araf.to_puzzlink(puzzle).split("?")[1] == url.split("?")[1]
    assert araf.parse(araf.format(puzzle)) == puzzle
    assert araf.from_state(araf.to_state(puzzle)) == puzzle
    assert import_link(araf.to_puzzlink(puzzle)).puzzle == puzzle


def test_drawing_round_trips():
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = borders(PZPRJS_ANSWER, 5, 5)
    assert araf.parse_solution(puzzle, araf.format(puzzle, answer)) == answer


@pytest.mark.parametrize("text,words", [
    ("2.\n.x\n", r"r2c2: 'x'"),
    ("2.\n.2.\n", "line 2: 3 cells"),
    ("2 .\n. 1000\n", "1000"),
])
def test_bad_text_is_refused_in_words(text, words):
    with pytest.raises(PuzzleSyntaxError, match=words):
        araf.parse(text)


def test_a_state_with_borders_among_the_givens_is_refused_there():
    state = araf.to_state(araf.parse("1.4\n4.1\n"))
    state["parts"]["borders"] = {"border": [[1, 2]]}
    answer = api.handle({"op": "parse", "kind": "araf", "state": state})
    assert not answer["ok"] and answer["error"]["where"]["part"] == "borders"


def test_hint_steps_are_named_and_say_the_border():
    answer = api.handle({"op": "hint", "kind": "araf", "text": araf.EXAMPLES[0].text, "path": True})
    steps = answer["result"]["steps"]
    assert steps and {s["rule"] for s in steps} - {None} <= set(araf.EASY_STEPS)
    assert any("the border between r" in s["sentence"] for s in steps)
