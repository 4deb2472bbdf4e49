"""Statue park: real puzz.link puzzles solved to their answers (checked by `check`, uniqueness on the smt
engine too), the checker against pzprjs's failing boards, brute-force counts, URL and state round
trips, the piece bank's forms, located refusals and the named hint steps."""

from __future__ import annotations

from itertools import combinations

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import statuepark
from gridlogic.kinds.statuepark import bank
from gridlogic.codecs import puzzlink
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/statuepark.js (robx/pzprjs): the URL (the tetromino bank), its answer, and its
# failing boards (the answer part of each) with pzprjs's failcode and ours.
PZPRJS_URL = "https://puzz.link/p?statuepark/7/7/078ii6000000290f0//t"
PZPRJS_ANSWER = ("+ + + + # + + /# # # + # # + /+ + # + + # + /# + + + + + + /# + # # + + + /# + # # + # + /"
                 "# + + + # # # /")
PZPRJS_FAILS = [
    ("circleShade", "circle", ". . . . # # . /# # # . # # . /. . # . . . . /# . . . # # # /# . . . . # . /"
                              "# . # # . . . /# . . # # . . /"),
    ("circleUnshade", "circle", ". . . . . . # /# # # . . # # /. . # . . . # /# . . # # . . /# . # # . . . /"
                                "# . . . . # # /# . . . . # # /"),
    ("cuDivide", "divided", ". . . . # . . /# # # . # # . /. . # . # . . /# . . . . . . /# . # # . . . /"
                            "# . # # . # # /# . . . # # . /"),
    ("bankLt", "missing", ". . . . # . . /# # # . # # . /. . # . . # . /. . . . . . . /. . # # . . . /"
                          ". . # # . # . /. . . . # # # /"),
    ("bankInvalid", "piece", ". . . . # . . /# # # . # # . /. . # . # # . /. . . . . . . /. . # # . . . /"
                             ". . # # . # . /. . . . # # # /"),
    ("bankGt", "piece", ". . . . # . . /# # # . # # . /. . # . . # . /. . . . . . . /. . # # . # . /"
                        ". . # # . # . /. . . . # # . /"),
]

# cspuz_rs (semiexp/cspuz_rs, its statue park tests): a 7×6 puzzle with the tetromino bank and a 6×5 one
# with a bank of its own; Noqx's example (T0nyX1ang/noqx solver/statuepark.py): a 12×12 pentomino puzzle.
OTHER_URLS = ["https://puzz.link/p?statuepark/7/6/0l050060i0107i//t",
              "https://puzz.link/p?statuepark/6/5/0000591i00/2/23lg/22u"]
NOQX_URL = "https://puzz.link/p?statuepark/12/12/3g3g6000515100003ala0i003g3a0060515160003g3g0000//p"


def board(text: str) -> tuple[int, ...]:
    return tuple(int(token == "#") for row in text.split("/") for token in row.split())


@pytest.mark.parametrize("backend", BACKENDS)
def test_pzprjs_puzzle_solves_to_its_answer(backend):
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(statuepark, puzzle, backend=backend)
    assert answer.status == "unique" and answer.solution == board(PZPRJS_ANSWER)
    assert statuepark.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("url", OTHER_URLS, ids=["7x6", "6x5"])
def test_other_puzzles_are_unique(url, backend):
    puzzle = import_link(url).puzzle
    answer = solver.solve(statuepark, puzzle, backend=backend)
    assert answer.status == "unique" and statuepark.check(puzzle, answer.solution) == []


def test_noqx_pentomino_puzzle_is_unique():
    puzzle = import_link(NOQX_URL).puzzle
    assert len(puzzle.pieces) == 12 and (puzzle.rows, puzzle.cols) == (12, 12)
    answer = solver.solve(statuepark, puzzle)
    assert answer.status == "unique" and statuepark.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in statuepark.check(puzzle, board(text))}


@pytest.mark.parametrize("text", [example.text for example in statuepark.EXAMPLES])
def test_counts_agree_with_brute_force(text):
    """Every shading with as many cells as the bank's pieces, black circles shaded and white ones not (the
    rest left to `check`), against the count."""
    puzzle = statuepark.parse(text)
    answer = solver.solve(statuepark, puzzle, mode="count")
    size = sum(len(cells) for cells in bank.cells_of(puzzle.pieces))
    black = [i for i, v in enumerate(puzzle.circles) if v == "B"]
    free = [i for i, v in enumerate(puzzle.circles) if v is None]
    shadings = (set(black) | set(more) for more in combinations(free, size - len(black)))
    brute = sum(not statuepark.check(puzzle, tuple(int(i in on) for i in range(len(puzzle.circles))))
                for on in shadings)
    assert answer.count == brute
    assert all(statuepark.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL, "https://puzz.link/p?statuepark/4/3/2000/3/23f/22u/11g"])
def test_round_trips(url):
    puzzle = import_link(url).puzzle
    assert statuepark.to_puzzlink(puzzle) == url
    assert statuepark.parse(statuepark.format(puzzle)) == puzzle
    assert statuepark.from_state(statuepark.to_state(puzzle)) == puzzle


def test_pieces_read_as_pzprjs_writes_them():
    assert bank.decode_piece("23f") == {(0, 1), (1, 0), (1, 1), (2, 0)}            # an S standing up
    assert [bank.encode_piece(cells) for cells in bank.cells_of(bank.PRESETS["p"])] == list(bank.PRESETS["p"])
    assert bank.read("##/#. #") == ("22s", "11g")
    assert bank.write(bank.read("pentominoes")) == "pentominoes"
    assert bank.write(("22s", "11g")) == "##/#. #"


@pytest.mark.parametrize("text,words", [
    ("....\n....\n", "line 1: the first line is pieces:"),
    ("pieces: ##/#\n..\n", "rows of # and . of one length"),
    ("pieces: #.#\n...\n", "joined side by side"),
    ("pieces: tetrominoes\n....\n", "do not fit"),
    ("pieces: #\n.X\n", "line 2, r1c2"),
])
def test_bad_text_is_refused_in_words(text, words):
    with pytest.raises(PuzzleSyntaxError, match=words):
        statuepark.parse(text)


def test_a_bad_bank_field_is_refused_there():
    state = statuepark.to_state(statuepark.parse(statuepark.EXAMPLES[0].text))
    state["extras"]["pieces"] = "#.#"
    answer = api.handle({"op": "parse", "kind": "statuepark", "state": state})
    assert not answer["ok"] and answer["error"]["where"] == {"extra": "pieces"}


def test_hint_steps_are_named_in_statue_park_words():
    answer = api.handle({"op": "hint", "kind": "statuepark", "text": statuepark.EXAMPLES[0].text, "path": True})
    rules = {s["rule"] for s in answer["result"]["steps"]}
    assert rules - {None} <= set(statuepark.EASY_STEPS)
    assert {"a black circle", "a white circle"} <= rules
