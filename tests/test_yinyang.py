"""Yin-Yang: real puzz.link puzzles solved to their answers (checked by `check`, uniqueness on the smt
engine too), the checker against pzprjs's failing boards, brute-force counts, the URL round trip,
located refusals and the named hint steps."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import yinyang
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/yinyang.js (robx/pzprjs): the URL, the answer it accepts (the circles placed: 1
# white, 2 black; the givens' cells ".") and its failing answers, each with pzprjs's failcode and ours.
PZPRJS_URL = "https://puzz.link/p?yinyang/5/5/016612300"
PZPRJS_ANSWER = "1 1 1 1 1 /. 2 . 2 1 /. 2 1 1 . /1 2 . 2 . /1 1 1 1 1 /"
PZPRJS_FAILS = [
    ("ms2x2", "2x2_black", ". . . . . /. 2 . . . /. 2 2 . . /. . . . . /. . . . . /"),
    ("mu2x2", "2x2_white", "1 1 1 1 1 /. 1 . . 1 /. . . . . /. . . . . /. . . . . /"),
    ("msDivide", "black_divided", "1 1 1 1 1 /. . . . 1 /. . . . . /. . . . . /. . . . . /"),
    ("muDivide", "white_divided", "1 1 1 1 1 /. 2 . 2 1 /. 2 1 1 . /1 2 . . . /. . . . . /"),
]
# Noqx's example (T0nyX1ang/noqx solver/yinyang.py): a 22×18 puzz.link puzzle.
NOQX_URL = ("https://puzz.link/p?yinyang/22/18/00000000000000030190030000900003000000900130020006000l0000090000i00200"
            "09400030200060000002empf01900001009901030130900031009a00009000")


def board(puzzle, text: str, rest: str = "1") -> tuple[int, ...]:
    """The colouring of a pzprjs answer over the givens (1 black; a cell left empty takes `rest`'s colour:
    pzprjs leaves it out of both colours' parts)."""
    placed = [token for row in text.split("/") for token in row.split()]
    return tuple(int(given == yinyang.grid.BLACK or (given is None and (token if token != "." else rest) == "2"))
                 for given, token in zip(puzzle.clues, placed))


@pytest.mark.parametrize("backend", BACKENDS)
def test_pzprjs_puzzle_solves_to_its_answer(backend):
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(yinyang, puzzle, backend=backend)
    assert answer.status == "unique" and answer.solution == board(puzzle, PZPRJS_ANSWER)
    assert yinyang.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    rest = "2" if code.startswith("mu") else "1"         # the other colour than the one pzprjs finds broken
    assert ours in {v.code for v in yinyang.check(puzzle, board(puzzle, text, rest))}


def test_check_names_a_given_of_the_other_colour():
    puzzle = yinyang.parse("B.\n..\n")
    assert [v.code for v in yinyang.check(puzzle, (0, 1, 0, 0))] == ["given"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_noqx_puzzle_is_unique(backend):
    puzzle = import_link(NOQX_URL).puzzle
    answer = solver.solve(yinyang, puzzle, backend=backend)
    assert answer.status == "unique"
    assert yinyang.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("text", ["B..\nW..\n..W\n", "WB\nBW\n", "...\n...\n", "W..\n.B.\n...\n", "B...\n....\n...W\n"])
def test_counts_agree_with_brute_force(text):
    puzzle = yinyang.parse(text)
    answer = solver.solve(yinyang, puzzle, mode="count")
    brute = sum(not yinyang.check(puzzle, s) for s in product((0, 1), repeat=puzzle.rows * puzzle.cols))
    assert answer.count == brute
    assert all(yinyang.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL, NOQX_URL])
def test_url_round_trip(url):
    puzzle = import_link(url).puzzle
    assert yinyang.to_puzzlink(puzzle) == url
    assert import_link(url).kind is yinyang
    assert yinyang.parse(yinyang.format(puzzle)) == puzzle
    assert yinyang.from_state(yinyang.to_state(puzzle)) == puzzle


@pytest.mark.parametrize("text,where", [
    ("W.\n.3\n", {"line": 2, "r": 1, "c": 1}),
    ("...\n..\n", {"line": 2, "r": 1}),
    ("", {}),
])
def test_bad_text_is_refused_where_it_is(text, where):
    with pytest.raises(PuzzleSyntaxError) as err:
        yinyang.parse(text)
    assert err.value.where == where
    assert len(str(err.value)) < 120


def test_bad_url_is_refused_in_words():
    answer = api.handle({"op": "link_import", "url": "https://puzz.link/p?yinyang/3/3/0z0"})
    assert not answer["ok"] and "character 2" in answer["error"]["message"]


def test_hint_steps_are_named_in_yinyang_words():
    answer = api.handle({"op": "hint", "kind": "yinyang", "text": yinyang.EXAMPLES[0].text, "path": True})
    steps = answer["result"]["steps"]
    named = {s["rule"] for s in steps} - {None}
    assert named and named <= set(yinyang.EASY_STEPS)
    assert all(s["word"] in ("black", "white") for s in steps)


def test_name_step_no_2x2():
    puzzle = yinyang.parse("....\n....\n")
    keys = [("no2x2", "black"), ("placed", 0, 1, 1), ("placed", 1, 0, 1), ("placed", 1, 1, 1)]
    assert yinyang.name_step(puzzle, (0, 0, 0, False), keys) == "no 2×2 block of one colour"
    assert yinyang.name_step(puzzle, (0, 0, 0, False), keys[:3]) is None
    assert yinyang.name_step(puzzle, (0, 0, 0, False), keys[1:]) == "each colour stays connected"
