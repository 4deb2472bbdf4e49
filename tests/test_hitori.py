"""Hitori: real puzz.link and Tatham puzzles solved to their answers (checked by `check`, uniqueness on
the smt engine too), the checker against pzprjs's failing boards, brute-force counts, the URL and game
ID round trips, located refusals and the named hint steps."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError
from gridlogic.kinds import hitori
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/hitori.js (robx/pzprjs): the URL, its answer and its failing boards with pzprjs's
# failcode and ours.
PZPRJS_URL = "https://puzz.link/p?hitori/4/4/1114142333214213"
PZPRJS_ANSWER = "# + # . /+ + + . /# + # . /+ + + # /"
PZPRJS_FAILS = [
    ("csAdjacent", "adjacent", "# . . . /# . . . /. . . . /. . . . /"),
    ("cuDivideRB", "divided", "# . . . /. . . # /# . # . /. # . . /"),
    ("nmDupRow", "repeat", "# . . . /. . . . /# . # . /. . . # /"),
]
# Simon Tatham's Singles (sgtpuzzles icons/singles.sav): the game ID and the cells its moves blacken
# (B x,y).
TATHAM_ID = "6x6dk:361566412253452144234115163346553461"
TATHAM_BLACK = {(0, 1), (2, 0), (3, 3), (4, 2), (5, 1), (4, 5), (0, 4), (2, 4), (1, 2)}
# Noqx's example (T0nyX1ang/noqx solver/hitori.py): a 10×10 puzz.link puzzle.
NOQX_URL = ("https://puzz.link/p?hitori/10/10/1174453399113445756a2345678aa82513328aa85417a698323227a9411566517a43"
            "236688115329986a115274aa99886611")


def board(text: str) -> tuple[int, ...]:
    return tuple(int(token == "#") for row in text.split("/") for token in row.split())


@pytest.mark.parametrize("backend", BACKENDS)
def test_pzprjs_puzzle_solves_to_its_answer(backend):
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(hitori, puzzle, backend=backend)
    assert answer.status == "unique" and answer.solution == board(PZPRJS_ANSWER)
    assert hitori.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in hitori.check(puzzle, board(text))}


@pytest.mark.parametrize("backend", BACKENDS)
def test_tatham_singles_solves_to_its_moves(backend):
    imported = import_link(TATHAM_ID)
    assert imported.kind is hitori
    answer = solver.solve(hitori, imported.puzzle, backend=backend)
    assert answer.status == "unique"
    cols = imported.puzzle.cols
    assert {divmod(i, cols) for i, s in enumerate(answer.solution) if s} == TATHAM_BLACK
    assert hitori.check(imported.puzzle, answer.solution) == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_noqx_puzzle_is_unique(backend):
    puzzle = import_link(NOQX_URL).puzzle
    answer = solver.solve(hitori, puzzle, backend=backend)
    assert answer.status == "unique"
    assert hitori.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("text", ["12\n33\n", "312\n122\n232\n", "121\n223\n132\n", "133\n213\n", "1.1\n?11\n"])
def test_counts_agree_with_brute_force(text):
    puzzle = hitori.parse(text)
    answer = solver.solve(hitori, puzzle, mode="count")
    brute = sum(not hitori.check(puzzle, s) for s in product((0, 1), repeat=puzzle.rows * puzzle.cols))
    assert answer.count == brute
    assert all(hitori.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL, NOQX_URL, "https://puzz.link/p?hitori/3/2/-10.@z12"])
def test_url_round_trip(url):
    puzzle = import_link(url).puzzle
    assert hitori.to_puzzlink(puzzle) == url
    assert hitori.parse(hitori.format(puzzle)) == puzzle
    assert hitori.from_state(hitori.to_state(puzzle)) == puzzle


def test_large_numbers_and_unknowns_read_from_puzzlink():
    puzzle = import_link("https://puzz.link/p?hitori/3/2/-10.@z12").puzzle
    assert puzzle.clues == (36, None, "?", 35, 1, 2)


def test_tatham_round_trip():
    puzzle = import_link(TATHAM_ID).puzzle
    assert hitori.to_tatham(puzzle) == "6x6:" + TATHAM_ID.split(":")[1]
    assert hitori.from_tatham(hitori.to_tatham(puzzle)) == puzzle
    with pytest.raises(PuzzleRuleError):
        hitori.to_tatham(hitori.parse("1.\n21\n"))


@pytest.mark.parametrize("text,where", [
    ("12\n3x\n", {"line": 2, "r": 1, "c": 1}),
    ("12\n0 1\n", {"line": 2, "r": 1, "c": 0}),
    ("12\n123\n", {"line": 2, "r": 1}),
])
def test_bad_text_is_refused_where_it_is(text, where):
    with pytest.raises(PuzzleSyntaxError) as err:
        hitori.parse(text)
    assert err.value.where == where


@pytest.mark.parametrize("game_id,words", [("3x3:12312312", "8 numbers"), ("2x2:12_1", "number 3"),
                                          ("2x2x:1212", "not a Singles")])
def test_bad_game_ids_are_refused_in_words(game_id, words):
    with pytest.raises(PuzzleSyntaxError, match=words):
        hitori.from_tatham(game_id)


def test_hint_steps_are_named_in_hitori_words():
    answer = api.handle({"op": "hint", "kind": "hitori", "text": hitori.EXAMPLES[0].text, "path": True})
    steps = answer["result"]["steps"]
    named = {s["rule"] for s in steps}
    assert named - {None} == set(hitori.EASY_STEPS)
    assert "r1c1 must be shaded" in steps[0]["sentence"] and "the 1 repeated in row 1" in steps[0]["sentence"]
    twin = next(s for s in steps if s["rule"] == "a repeated number")
    assert twin["word"] == "shaded"


@pytest.mark.parametrize("kind", ["hitori", "fillomino"])
@pytest.mark.parametrize("cells", [["", "", "10", "?", "3"], ["10", "12", "11"], ["12"]])
def test_a_one_column_grid_with_a_long_number_keeps_its_text(kind, cells):
    """A grid one cell wide written as text (no space in a one-cell row) reads back the same, numbers of
    two digits included, every row's among them (its size line tells it from a grid of digits)."""
    cells = [c.replace("?", "") if kind == "fillomino" else c for c in cells]    # fillomino has no unknown clue
    state = {"rows": len(cells), "cols": 1, "cells": cells}
    parsed = api.handle({"op": "parse", "kind": kind, "state": state})
    assert parsed["ok"], parsed
    again = api.handle({"op": "parse", "kind": kind, "text": parsed["result"]["text"]})
    assert again["ok"], again
    assert again["result"]["state"] == parsed["result"]["state"]
    assert (again["result"]["state"]["rows"], again["result"]["state"]["cols"]) == (len(cells), 1)
    assert again["result"]["text"] == parsed["result"]["text"]


@pytest.mark.parametrize("text,words", [
    ("123\n1.\n", "line 2: 2 cells, the first row has 3"),
    ("2x1\n10\n", "line 1: the size 2x1 says 2 rows, the grid has 1"),
    ("2x2\n1 2\n3\n", "line 3: 1 cells, the size says 2"),
    ("3x0\n.\n.\n.\n", "line 1: the size 3x0 has no column"),
])
def test_a_grid_that_does_not_match_its_size_is_refused_there(text, words):
    answer = api.handle({"op": "parse", "kind": "hitori", "text": text})
    assert answer["ok"] is False and words in answer["error"]["message"], answer
