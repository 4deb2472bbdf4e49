"""Creek: real puzz.link puzzles solved to their known answers (checked by `check`, uniqueness on the
smt engine too), the checker against pzprjs's failing boards, brute-force counts, the URL round trip,
located refusals, the named hint steps, and the part of numbers at corners the page edits."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError, RequestError
from gridlogic.kinds import creek
from gridlogic.layout import read_state
from gridlogic.layout.vertex import read_numbers, write_numbers
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/creek.js (robx/pzprjs): the URL, its answer and its failing boards with pzprjs's
# failcode and ours.
PZPRJS_URL = "https://puzz.link/p?creek/6/6/gagaich2cgb6769dt"
PZPRJS_ANSWER = ". + + + + . /. # # # # + /. + + + # + /# # # + # + /. # # # # + /. . + + + + /"
PZPRJS_FAILS = [
    ("crShadeGt", "corner", "# # . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /"),
    ("cuDivide", "divided", ". . . . . . /. . . # . . /# # # . # # /. . . . . . /. . . . . . /. . . . . . /"),
    ("crShadeLt", "corner", ". . . . . . /. . . . # . /. . . . # . /. # # . # . /. # # # # . /. . . . . . /"),
]
# cspuz_core's creek test (semiexp/cspuz_core src/puzzle/creek.rs): its URL and expected shading.
CSPUZ_URL = "https://puzz.link/p?creek/6/7/q2cgcj18cdm3c88cl"
CSPUZ_ANSWER = "000111/010000/001110/100110/110010/100110/111110"
# Noqx's examples (T0nyX1ang/noqx solver/creek.py): 10×10 puzz.link puzzles (the second is Janko's
# Creek 001), unique.
NOQX_URLS = ["https://puzz.link/p?creek/10/10/qbdccdbdbibiceeeddcblbbcdcdddboabbb",
             "https://puzz.link/p?creek/10/10/gcnci7d732cbgci7cc38cmdg11bd3dhdgcl2cdhcgcqb"]


# A 20×20 made here: a random shading with its unshaded cells connected, every corner's number, then
# numbers taken away in random order while the answer stays unique (sat); checked below by `check`.
MADE_20 = ("https://puzz.link/p?creek/20/20/p2bh0agb77cg86cdg717dg9bm5bg6cg863di1bbg27dd27b8532ccgah2dc9biaheg1cg864"
           "cg2ag621bc93ci3782b17dhdg123dg72cbhcl7bg77b267d370bg06bi28acg86aad7dh7e5cibi854diag292ch1de7dgekbch71b178ah1d"
           "j2612e628695clbaah")


def board(text: str) -> tuple[int, ...]:
    return tuple(int(token == "#") for row in text.split("/") for token in row.split())


@pytest.mark.parametrize("backend", BACKENDS)
def test_pzprjs_puzzle_solves_to_its_answer(backend):
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(creek, puzzle, backend=backend)
    assert answer.status == "unique" and answer.solution == board(PZPRJS_ANSWER)
    assert creek.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in creek.check(puzzle, board(text))}


@pytest.mark.parametrize("backend", BACKENDS)
def test_cspuz_puzzle_solves_to_its_answer(backend):
    puzzle = import_link(CSPUZ_URL).puzzle
    answer = solver.solve(creek, puzzle, backend=backend)
    assert answer.status == "unique"
    assert answer.solution == tuple(int(ch) for ch in CSPUZ_ANSWER.replace("/", ""))
    assert creek.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("url", NOQX_URLS)
def test_noqx_puzzles_are_unique(backend, url):
    puzzle = import_link(url).puzzle
    answer = solver.solve(creek, puzzle, backend=backend)
    assert answer.status == "unique"
    assert creek.check(puzzle, answer.solution) == []


def test_a_made_20x20_is_unique():
    puzzle = import_link(MADE_20).puzzle
    answer = solver.solve(creek, puzzle)
    assert answer.status == "unique" and (puzzle.rows, puzzle.cols) == (20, 20)
    assert creek.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("text", ["0..\n.2.\n...\n", "...\n.1.\n...\n", "1.1\n...\n.2.\n", "....\n.2..\n..?.\n"])
def test_counts_agree_with_brute_force(text):
    puzzle = creek.parse(text)
    answer = solver.solve(creek, puzzle, mode="count")
    brute = sum(not creek.check(puzzle, s) for s in product((0, 1), repeat=puzzle.rows * puzzle.cols))
    assert answer.count == brute
    assert all(creek.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL, CSPUZ_URL, *NOQX_URLS, "https://puzz.link/p?creek/2/1/.dh"])
def test_url_round_trip(url):
    puzzle = import_link(url).puzzle
    assert creek.to_puzzlink(puzzle) == url
    assert import_link(creek.to_puzzlink(puzzle)).puzzle == puzzle
    assert creek.parse(creek.format(puzzle)) == puzzle
    assert creek.from_state(creek.to_state(puzzle)) == puzzle


def test_unknowns_and_corners_read_from_puzzlink():
    puzzle = import_link("https://puzz.link/p?creek/2/1/.3g").puzzle
    assert (puzzle.rows, puzzle.cols) == (1, 2)
    assert puzzle.corners == ("?", 3, None, None, None, None)
    assert creek.to_puzzlink(puzzle) == "https://puzz.link/p?creek/2/1/.dh"       # as pzprjs writes it


@pytest.mark.parametrize("text,where", [
    ("12\n3x\n", {"line": 2, "r": 1, "c": 1}),
    ("12\n05\n", {"line": 2, "r": 1, "c": 1}),
    ("12\n123\n", {"line": 2, "r": 1}),
])
def test_bad_text_is_refused_where_it_is(text, where):
    with pytest.raises(PuzzleSyntaxError) as err:
        creek.parse(text)
    assert err.value.where == where


def test_a_single_line_of_corners_is_refused_in_words():
    with pytest.raises(PuzzleSyntaxError, match="R\\+1 lines of C\\+1 corners"):
        creek.parse("0.1\n")


def test_a_bad_number_in_the_state_is_refused_at_its_corner():
    state = creek.to_state(creek.parse(creek.EXAMPLES[0].text))
    state["parts"]["clues"]["clue"].append([4, 4, "7"])
    state["parts"]["clues"]["clue"].sort()
    with pytest.raises(PuzzleSyntaxError, match="0-4") as err:
        creek.from_state(state)
    assert err.value.where["point"] == [4, 4] and err.value.where["cells"] == [[1, 1], [1, 2], [2, 1], [2, 2]]


def test_hint_steps_are_named_in_creek_words():
    answer = api.handle({"op": "hint", "kind": "creek", "text": creek.EXAMPLES[0].text, "path": True})
    steps = answer["result"]["steps"]
    named = {s["rule"] for s in steps}
    assert {"the number needs it", "the number is complete"} <= named <= set(creek.EASY_STEPS) | {None}
    first = steps[0]
    assert first["rule"] == "the number is complete"
    assert "r1c4 must be unshaded" in first["sentence"] and "the 0 at the top-right corner of r1c4" in first["sentence"]


@pytest.mark.parametrize("text,entries,key", [
    ("...\n.0.\n...\n", [[0, 0, 1]], ["corner", 1, 1]),          # a 0 crossed: its clue only fixes cells
    ("1..\n...\n...\n", [[0, 0, 0]], ["corner", 0, 0]),
    (".1.\n...\n...\n", [[0, 0, 1], [0, 1, 1]], ["corner", 0, 1]),
])
def test_entries_that_break_a_number_clash_with_it(text, entries, key):
    result = api.handle({"op": "clashes", "kind": "creek", "text": text, "entries": entries})["result"]
    assert [c["key"] for c in result["clashes"]] == [key]
    assert sorted(result["cells"]) == sorted(e[:2] for e in entries)


def test_entries_that_keep_the_numbers_do_not_clash():
    result = api.handle({"op": "clashes", "kind": "creek", "text": "1..\n...\n...\n", "entries": [[0, 0, 1]]})
    assert result["result"]["clashes"] == []


# -- the part of numbers at corners (gridlogic/layout/vertex.py) -------------------------------------
PART = creek.layout()["parts"][0]


def test_numbers_at_corners_round_trip_through_a_share_section():
    value = {"clue": [[0, 0, "0"], [0, 2, "?"], [4, 4, "3"], [6, 2, "4"]]}
    text = write_numbers(PART, value, 3, 3)
    assert text == "a0ZH3B4"
    assert read_numbers(PART, text, 3, 3) == value
    assert read_numbers(PART, "a", 3, 3) is None                    # an empty body
    assert read_numbers(PART, "aP0", 3, 3) is None                  # past the 16 corners
    assert read_numbers(PART, "b1", 3, 3) is None                   # no second choice


@pytest.mark.parametrize("value,words,point", [
    ({"clue": [[1, 0, "1"]]}, "not a corner", None),
    ({"clue": [[0, 8, "1"]]}, "not a corner", None),
    ({"clue": [[2, 2, "x"]]}, "not a digit", [2, 2]),
    ({"clue": [[2, 2, "1"], [2, 2, "2"]]}, "one number", [2, 2]),
    ({"other": []}, "no number", None),
])
def test_a_bad_number_at_a_corner_is_refused_where_it_is(value, words, point):
    state = {"rows": 3, "cols": 3, "cells": [""] * 9, "parts": {"clues": value}}
    with pytest.raises(RequestError, match=words) as err:
        read_state(creek.layout(), state)
    assert err.value.where.get("part") == "clues" and err.value.where.get("point") == point


def test_a_share_link_carries_the_numbers():
    text = creek.EXAMPLES[0].text
    exported = api.handle({"op": "link_export", "kind": "creek", "text": text})
    assert exported["ok"], exported
    assert exported["result"]["url"].endswith("~aD0F33B1C1~GL")          # the corners' section
    back = import_link(exported["result"]["url"])
    assert back.kind is creek and back.puzzle == creek.parse(text)
