"""Fillomino: pzprjs's puzzle solved to its answer (checked by `check`, uniqueness on the smt engine too),
the checker against pzprjs's failing boards, brute-force counts, URL, game ID and state round trips,
located refusals."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import fillomino
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/fillomino.js (robx/pzprjs): the URL, and its boards' numbers (the givens and the
# entries together) with pzprjs's failcode and ours.
PZPRJS_URL = "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h"
PZPRJS_ANSWER = "554444/553221/353352/335552/225144/133344"
PZPRJS_FAILS = [("bkSizeGt", "size", "554444/553221/353352/335552/225144/135344"),
                ("bkSizeLt", "size", "554444/553221/353352/335552/225144/133341")]
FILLING_PERMALINK = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/filling.html#6x6:b4d53a2e5233e2a14d3b"
# Noqx's example (T0nyX1ang/noqx solver/fillomino.py): 9×9, six 19s that make one block
NOQX_19S_URL = "https://puzz.link/p?fillomino/9/9/rb-134k-13i-13i7k5h-13k-13h8k6i-13i-13k9-13am2j"


def numbers(text: str) -> tuple[int, ...]:
    return tuple(int(ch) for row in text.split("/") for ch in row)


def test_pzprjs_puzzle_solves_to_its_answer():
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(fillomino, puzzle)
    assert answer.status == "unique" and answer.solution == numbers(PZPRJS_ANSWER)
    assert fillomino.check(puzzle, answer.solution) == []


def test_a_puzzle_with_a_block_of_19_is_unique():
    """Every cell holds a number given (they add up to the 81 cells): blocks.py's counts settle that."""
    puzzle = import_link(NOQX_19S_URL).puzzle
    answer = solver.solve(fillomino, puzzle)
    assert answer.status == "unique" and fillomino.check(puzzle, answer.solution) == []
    assert answer.solution.count(19) == 19 and set(answer.solution) == set(puzzle.numbered().values())


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_small_example_is_unique_on_both_engines(backend):
    example = fillomino.EXAMPLES[0]
    puzzle = fillomino.parse(example.text)
    answer = solver.solve(fillomino, puzzle, backend=backend)
    assert answer.status == "unique" and answer.solution == fillomino.parse_solution(puzzle, example.solution)
    assert fillomino.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in fillomino.check(puzzle, numbers(text))}


@pytest.mark.parametrize("text", ["..\n..\n", "3..\n...\n", "2..\n..1\n", "...\n"])
def test_counts_agree_with_brute_force(text):
    puzzle = fillomino.parse(text)
    answer = solver.solve(fillomino, puzzle, mode="count")
    most = fillomino.bound(puzzle)
    brute = sum(not fillomino.check(puzzle, s) for s in product(range(1, most + 1), repeat=puzzle.rows * puzzle.cols))
    assert answer.count == brute
    assert all(fillomino.check(puzzle, s) == [] for s in answer.solutions)


def test_round_trips():
    puzzle = import_link(PZPRJS_URL).puzzle
    assert fillomino.to_puzzlink(puzzle) == PZPRJS_URL
    assert fillomino.parse(fillomino.format(puzzle)) == puzzle
    assert fillomino.from_state(fillomino.to_state(puzzle)) == puzzle
    imported = import_link(FILLING_PERMALINK)
    assert imported.kind is fillomino and imported.puzzle == puzzle
    assert FILLING_PERMALINK.endswith(fillomino.to_tatham(puzzle))
    bare = FILLING_PERMALINK.split("#")[1]                 # a bare ID: one digit a cell, as Filling writes it
    assert fillomino.is_tatham_id(bare) and import_link(bare).kind is fillomino
    assert import_link(bare).puzzle == puzzle
    assert not fillomino.is_tatham_id("3x3:a1b2c") and not fillomino.is_tatham_id("3x3:b1_2e")


@pytest.mark.parametrize("text,words", [
    ("1.\n.x\n", r"r2c2: 'x'"),
    ("1.\n.1.\n", "line 2: 3 cells"),
    ("2x2:a1", "the description covers 2 cells"),
    ("?.\n..\n", r"r1c1: '\?'"),
])
def test_bad_text_is_refused_in_words(text, words):
    with pytest.raises(PuzzleSyntaxError, match=words):
        fillomino.parse(text)


def test_a_given_larger_than_the_grid_has_no_solution_and_is_named():
    state = {"rows": 5, "cols": 5, "cells": [""] * 24 + ["26"]}
    result = api.handle({"op": "solve", "kind": "fillomino", "state": state, "explain": True})["result"]
    assert result["status"] == "none" and result["solutions"] == []
    assert [4, 4] in result["conflict"]
