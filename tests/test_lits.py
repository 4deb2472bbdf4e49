"""LITS: real puzz.link puzzles solved to their answers (checked by `check`, uniqueness on the smt engine
too), the checker against pzprjs's failing boards, brute-force counts, URL and state round trips,
located refusals and the named hint steps."""

from __future__ import annotations

from itertools import combinations, product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import lits
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/lits.js (robx/pzprjs): the URL, its answer, and its failing boards (the answer part
# of each) with pzprjs's failcode and ours.
PZPRJS_URL = "https://puzz.link/p?lits/4/4/9q02jg"
PZPRJS_ANSWER = "# + # # /# # # + /# + # + /# # # # /"
PZPRJS_FAILS = [
    ("cs2x2", "block", "# # . . /# # . . /. . . . /. . . . /"),
    ("bkShadeGt4", "count", ". . # # /. . # . /. # # . /. . . . /"),
    ("bkShadeDivide", "divided_room", ". . # # /. . . . /. # # # /. . . . /"),
    ("bsSameShape", "same_shape", "# # # # /# . # . /# . # . /. . . . /"),
    ("csDivide", "divided", "# . # # /# . # . /# . # . /. . . . /"),
    ("bkNoShade", "count", "# . # # /# # # . /# . # . /. . . . /"),
    ("bkShadeLt4", "count", "# . # # /# # # . /# . # . /. . # # /"),
]
# cspuz_rs (semiexp/cspuz_rs src/puzzles/lits.rs, its solver's test): a 10×10 puzzle and its answer.
CSPUZ_URL = "https://puzz.link/p?lits/10/10/08p0i3jbhmjg5j5ik048rgtr8q1e5gkf9hnu"
CSPUZ_ANSWER = ("....#..#../..######../###...#.../#.#.###..#/###.#....#/#.##.....#/#..#.....#/...#..####/"
                ".######.#./##....####/")
# puzzlekit's LITS solver (its metadata): janko.at LITS 001 as a puzz.link URL, and a 6×7 example with
# its answer (the letters of its output written as #).
JANKO_URL = "https://puzz.link/p?lits/18/10/gq22685b584h8e95j9qec6j59gkke75245fh1hcqea87tdun2bmcfg1ke7961t00ea0"
PUZZLEKIT_TEXT = "1111122\n1444112\n5544432\n6557332\n6567732\n6667732\n"
PUZZLEKIT_ANSWER = "###..##/#.##..#/##.####/.###.#./#..###./####.#./"


def board(text: str) -> tuple[int, ...]:
    rows = [row.split() if " " in row else list(row) for row in text.split("/") if row.strip()]
    return tuple(int(token == "#") for row in rows for token in row)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("url,answer", [(PZPRJS_URL, PZPRJS_ANSWER), (CSPUZ_URL, CSPUZ_ANSWER)], ids=["pzprjs", "cspuz"])
def test_real_puzzles_solve_to_their_answers(url, answer, backend):
    puzzle = import_link(url).puzzle
    got = solver.solve(lits, puzzle, backend=backend)
    assert got.status == "unique" and got.solution == board(answer)
    assert lits.check(puzzle, got.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in lits.check(puzzle, board(text))}


@pytest.mark.parametrize("backend", BACKENDS)
def test_janko_puzzle_is_unique(backend):
    puzzle = import_link(JANKO_URL).puzzle
    assert (puzzle.rows, puzzle.cols) == (10, 18)
    answer = solver.solve(lits, puzzle, backend=backend)
    assert answer.status == "unique"
    assert lits.check(puzzle, answer.solution) == []


def test_puzzlekit_text_solves_to_its_answer():
    puzzle = lits.parse(PUZZLEKIT_TEXT)
    answer = solver.solve(lits, puzzle, backend=BACKENDS[-1])
    assert answer.status == "unique" and answer.solution == board(PUZZLEKIT_ANSWER)


@pytest.mark.parametrize("text", [example.text for example in lits.EXAMPLES] + ["AAAB\nAAAB\nCCCB\nCCCB\n"])
def test_counts_agree_with_brute_force(text):
    """Every choice of four cells in each room (the rest left to `check`), against the count."""
    puzzle = lits.parse(text)
    answer = solver.solve(lits, puzzle, mode="count")
    n = puzzle.rows * puzzle.cols
    picks = product(*(combinations([r * puzzle.cols + c for r, c in cells], 4) for cells in puzzle.rooms()))
    brute = sum(not lits.check(puzzle, tuple(int(i in sum(p, ())) for i in range(n))) for p in picks)
    assert answer.count == brute
    assert all(lits.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL, CSPUZ_URL])
def test_round_trips(url):
    puzzle = import_link(url).puzzle
    assert lits.to_puzzlink(puzzle) == url
    assert import_link(lits.to_puzzlink(puzzle)).puzzle == puzzle
    assert lits.parse(lits.format(puzzle)) == puzzle
    assert lits.from_state(lits.to_state(puzzle)) == puzzle


@pytest.mark.parametrize("text,words", [
    ("AAAA\nBBBC\n", "r2c1: a room of 3 cells cannot hold a tetromino"),
    ("AAAA\nAAAAA\n", "line 2"),
    ("AAAA\nAAAA\n\n1...\n....\n", "nothing follows the rooms"),
])
def test_bad_text_is_refused_in_words(text, words):
    with pytest.raises(PuzzleSyntaxError, match=words):
        lits.parse(text)


def test_letters_are_told_by_touching():
    assert [lits.letter(cells) for cells in ([(0, 0), (0, 1), (0, 2), (0, 3)], [(0, 0), (1, 0), (2, 0), (2, 1)],
                                             [(0, 0), (0, 1), (0, 2), (1, 1)], [(0, 1), (0, 2), (1, 0), (1, 1)],
                                             [(0, 0), (0, 1), (1, 0), (1, 1)])] == ["I", "L", "T", "S", "O"]


def test_hint_steps_are_named_in_lits_words():
    answer = api.handle({"op": "hint", "kind": "lits", "text": lits.EXAMPLES[0].text, "path": True})
    rules = {s["rule"] for s in answer["result"]["steps"]}
    assert rules - {None} <= set(lits.EASY_STEPS)
    assert rules - {None}
