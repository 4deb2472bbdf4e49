"""Shikaku: real puzz.link puzzles solved to their answers (checked by `check`, uniqueness on the smt
engine too), the checker against pzprjs's failing boards, brute-force counts, URL, game ID and state
round trips, located refusals and the named hint steps."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import api, backends, lattice, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import shikaku
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/shikaku.js (robx/pzprjs): the URL, and the border part of its boards (vertical
# borders R×(C-1), then horizontal ×C; 1 a border, -1 a cross) with pzprjs's failcode and ours.
PZPRJS_URL = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
PZPRJS_ANSWER = ("1 -1 1 0 0 /1 0 1 0 0 /1 -1 1 0 0 /1 -1 0 1 1 /1 -1 0 1 1 /0 -1 -1 -1 1 /"
                 "0 -1 -1 1 1 1 /-1 -1 -1 0 0 0 /-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /")
PZPRJS_FAILS = [
    ("bkNoNum", "no_number", "0 0 0 0 0 /0 1 0 1 0 /0 1 0 1 0 /0 1 0 1 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 1 1 0 0 /"
                             "0 0 0 0 0 0 /0 0 0 0 0 0 /0 0 1 1 0 0 /0 0 0 0 0 0 /"),
    ("bkNotRect", "not_rectangle", "0 1 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 1 0 1 /1 -1 1 0 1 /0 -1 -1 -1 1 /"
                                   "0 1 0 1 1 1 /-1 0 0 0 0 0 /-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /"),
    ("bkSizeNe", "area", "1 0 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 1 0 1 /1 -1 1 0 1 /0 -1 -1 -1 1 /"
                         "0 0 0 1 1 1 /-1 1 1 0 0 0 /-1 0 0 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /"),
    ("bdDeadEnd", "dead_end", "1 0 1 0 0 /1 0 1 0 0 /1 0 1 0 0 /1 -1 0 1 1 /1 -1 1 1 1 /0 -1 -1 -1 1 /"
                              "0 0 0 1 1 1 /-1 0 0 0 0 0 /-1 1 1 1 1 1 /-1 -1 -1 0 0 0 /1 1 1 1 1 0 /"),
]
# cspuz_rs (semiexp/cspuz_rs src/puzzles/shikaku.rs) 6×6; a list of puzz.link samples, 10×10; Noqx's
# example (T0nyX1ang/noqx solver/shikaku.py), 24×14.
LARGER = ["https://puzz.link/p?shikaku/6/6/s66j4.g8n4h4g",
          "https://puzz.link/p?shikaku/10/10/x3gag.s9m.p.m8s-10g.gax",
          "https://puzz.link/p?shikaku/24/14/h5x6i.j8g6lag4j.l9i8j6i4l3z9g6i4i4h56h6i4i6j8h4n3h6zn4j4r6j4g6j8i8hci6j8q6h2"
          "r8k5l8k8j.l9j4l.lataock36kck"]
# Tatham's Rectangles permalink of pzprjs's puzzle above (the game ID as its generator writes it)
RECT_PERMALINK = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/rect.html#6x6:d3a5_6b6n6b2_3a5d"


def borders(text: str, rows: int, cols: int) -> frozenset:
    """The border points of pzprjs's border data (1 a border; 0 and -1 none)."""
    lines = [line.split() for line in text.strip("/ ").split("/")]
    out = set()
    for r, line in enumerate(lines[:rows]):
        out |= {(2 * r + 1, 2 * c + 2) for c, v in enumerate(line) if v == "1"}
    for r, line in enumerate(lines[rows:]):
        out |= {(2 * r + 2, 2 * c + 1) for c, v in enumerate(line) if v == "1"}
    return frozenset(out)


@pytest.mark.parametrize("backend", BACKENDS)
def test_pzprjs_puzzle_solves_to_its_answer(backend):
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(shikaku, puzzle, backend=backend)
    assert answer.status == "unique" and answer.solution == borders(PZPRJS_ANSWER, 6, 6)
    assert shikaku.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in shikaku.check(puzzle, borders(text, 6, 6))}


@pytest.mark.parametrize("url", LARGER, ids=["6x6", "10x10", "24x14"])
def test_larger_puzzles_are_unique(url):
    puzzle = import_link(url).puzzle
    answer = solver.solve(shikaku, puzzle)
    assert answer.status == "unique"
    assert shikaku.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("text", ["2.\n.2\n", "3..\n..3\n", "4..\n...\n..2\n", "?.\n.?\n", "6..\n...\n"])
def test_counts_agree_with_brute_force(text):
    puzzle = shikaku.parse(text)
    edges = lattice.inner_edges(puzzle.rows, puzzle.cols)
    answer = solver.solve(shikaku, puzzle, mode="count")
    brute = sum(not shikaku.check(puzzle, frozenset(p for p, on in zip(edges, bits) if on))
                for bits in product((0, 1), repeat=len(edges)))
    assert answer.count == brute
    assert all(shikaku.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL] + LARGER)
def test_round_trips(url):
    puzzle = import_link(url).puzzle
    assert shikaku.to_puzzlink(puzzle) == url
    assert shikaku.parse(shikaku.format(puzzle)) == puzzle
    assert shikaku.from_state(shikaku.to_state(puzzle)) == puzzle
    answer = solver.solve(shikaku, puzzle)
    assert shikaku.parse_solution(puzzle, shikaku.format(puzzle, answer.solution)) == answer.solution


def test_rectangles_permalink_reads_and_writes():
    imported = import_link(RECT_PERMALINK)
    assert imported.kind is shikaku and imported.puzzle == import_link(PZPRJS_URL).puzzle
    assert RECT_PERMALINK.endswith(shikaku.to_tatham(imported.puzzle))
    assert shikaku.parse(shikaku.to_tatham(imported.puzzle)) == imported.puzzle


def test_a_bare_rectangles_id_is_told_from_ranges_of_the_same_form():
    """Range writes its IDs in the same run form: a bare ID whose numbers add up to the grid's area
    (the areas of the pieces) is Rectangles', any other Range's."""
    bare = RECT_PERMALINK.split("#")[1]
    imported = import_link(bare)
    assert imported.kind is shikaku and imported.puzzle == import_link(RECT_PERMALINK).puzzle
    assert shikaku.is_tatham_id(bare) and not shikaku.is_tatham_id("5x5:c7a5f2f2a4c")
    assert import_link("5x5:c7a5f2f2a4c").kind.KEY == "kurodoko"


@pytest.mark.parametrize("text,words", [
    ("2.\n.x\n", r"r2c2: 'x'"),
    ("2.\n.2.\n", "line 2: 3 cells"),
    ("3x3:a9f", "the grid holds 8 cells"),
    ("2x2:a9999b", "r1c2: 9999 is not a number 1-1600"),
])
def test_bad_text_is_refused_in_words(text, words):
    with pytest.raises(PuzzleSyntaxError, match=words):
        shikaku.parse(text)


def test_a_state_with_borders_among_the_givens_is_refused_there():
    state = shikaku.to_state(shikaku.parse("2.\n.2\n"))
    state["parts"]["borders"] = {"border": [[1, 2]]}
    answer = api.handle({"op": "parse", "kind": "shikaku", "state": state})
    assert not answer["ok"] and answer["error"]["where"]["part"] == "borders"


def test_hint_steps_are_named_and_say_the_border():
    answer = api.handle({"op": "hint", "kind": "shikaku", "text": shikaku.EXAMPLES[0].text, "path": True})
    steps = answer["result"]["steps"]
    assert {s["rule"] for s in steps} - {None} <= set(shikaku.EASY_STEPS)
    assert "every cell in one number's rectangle" in {s["rule"] for s in steps}
    assert any("the border between r" in s["sentence"] for s in steps)
