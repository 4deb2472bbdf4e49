"""Masyu: real puzz.link puzzles solved to their published answers, uniqueness on the second engine,
counts against a brute force over every set of steps (through the checker, which shares nothing with
the encoder), the text, puzz.link and Pearl forms round trip, located refusals, the checker's codes
and the steps' words."""

from __future__ import annotations

import itertools
import random

import re

import pytest

from gridlogic import api, backends, lattice, solver, walks
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import masyu
from gridlogic.links import import_link

# pzprjs test/script/mashu.js: the URL and the answer of its last check (pzprv3 lines: the steps between
# side-by-side cells row by row, then those between cells one above the other; 1 a line, -1 a cross)
PZPRJS_URL = "https://puzz.link/p?mashu/6/6/1063000i3000"
PZPRJS_ANSWER = ("1 1 1 0 1 /0 1 1 -1 0 /0 0 1 1 0 /0 1 -1 1 1 /1 1 0 0 0 /0 0 1 0 0 /1 0 0 1 1 1 /1 1 0 0 1 1 /"
                 "1 1 1 -1 0 1 /1 -1 0 1 0 0 /0 0 1 1 0 0 /")
REAL = [
    # a puzzle dataset's 20×20 sample (a masyu step solver's tests)
    "https://puzz.link/p?mashu/20/20/i000006303j0215600c0031070269c30i0009069i200o99213300c4004c9100l000610j96i900366k"
    "3991300969a1010c200j0c009i00190000b01606j1006c0904000",
    # a list of sample puzzles (Masyu 2)
    "https://puzz.link/p?mashu/13/9/013009k10a3a39310c9313693i016030j039a20",
    # a puzzle list's four-star 10×10
    "https://puzz.link/p?mashu/10/10/00120900i30i6300906026913200903000",
]
HAS_Z3 = backends.has_z3()


def pzprv3_lines(text: str, rows: int, cols: int) -> frozenset:
    values = [list(map(int, part.split())) for part in text.split("/") if part.strip()]
    lines = {(2 * r + 1, 2 * c + 2) for r in range(rows) for c in range(cols - 1) if values[r][c] == 1}
    lines |= {(2 * r + 2, 2 * c + 1) for r in range(rows - 1) for c in range(cols) if values[rows + r][c] == 1}
    return frozenset(lines)


def test_pzprjs_puzzle_solves_to_its_answer():
    found = import_link(PZPRJS_URL)
    assert found.kind is masyu
    answer = solver.solve(masyu, found.puzzle)
    assert answer.status == "unique"
    assert answer.solution == pzprv3_lines(PZPRJS_ANSWER, 6, 6)
    assert masyu.check(found.puzzle, answer.solution) == []
    if HAS_Z3:
        assert solver.solve(masyu, found.puzzle, backend="smt").solution == answer.solution


@pytest.mark.parametrize("url", REAL, ids=["20x20", "13x9", "10x10"])
def test_real_puzzles_are_unique_and_pass_the_checker(url):
    puzzle = import_link(url).puzzle
    answer = solver.solve(masyu, puzzle)
    assert answer.status == "unique"
    assert masyu.check(puzzle, answer.solution) == []
    if HAS_Z3 and puzzle.rows * puzzle.cols <= 100:
        assert solver.solve(masyu, puzzle, backend="smt").status == "unique"


def brute_count(puzzle) -> int:
    """The sets of steps the checker passes, every one tried."""
    edges = lattice.inner_edges(puzzle.rows, puzzle.cols)
    return sum(not masyu.check(puzzle, frozenset(e for e, on in zip(edges, bits) if on))
               for bits in itertools.product((0, 1), repeat=len(edges)))


@pytest.mark.parametrize("seed", range(8))
def test_counts_match_a_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(2, 3), (3, 3), (2, 4)])
    pearls = {(r, c): rng.choice([1, 2]) for r in range(rows) for c in range(cols) if rng.random() < 0.25}
    puzzle = masyu.make(rows, cols, pearls)
    answer = solver.solve(masyu, puzzle, mode="count", limit=10_000)
    assert answer.count == brute_count(puzzle)
    assert all(masyu.check(puzzle, s) == [] for s in answer.solutions)


def test_each_pearl_rule_is_held_by_count():
    """Every loop of a 3×3 grid through a cell, against those the pearl keeps there (a white pearl
    keeps the straight ones that turn beside it, a black the turns that go on straight)."""
    for colour in (1, 2):
        for cell in ((1, 1), (0, 1), (1, 0)):
            puzzle = masyu.make(3, 3, {cell: colour})
            assert solver.solve(masyu, puzzle, mode="count", limit=10_000).count == brute_count(puzzle)


def test_text_url_and_pearl_round_trip():
    puzzle = import_link(REAL[1]).puzzle
    assert masyu.parse(masyu.format(puzzle)) == puzzle
    assert masyu.to_puzzlink(puzzle) == REAL[1]
    game_id = masyu.to_tatham(puzzle)
    assert game_id.startswith("13x9:")
    for form in (game_id, f"pearl:{game_id}", f"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pearl.html#{game_id}"):
        assert import_link(form).puzzle == puzzle
    assert masyu.parse(game_id) == puzzle
    assert masyu.parse("o.x\n...\n") == masyu.parse("W.B\n...\n")


@pytest.mark.parametrize("text, where", [
    ("W.\n.Q\n", "line 2, column 2"),
    ("W.\n...\n", "row 2"),
    ("W\n", "2×2"),
    ("4x4:Wa", "covers 2 cells"),
    ("2x2:WX", "character 6"),
])
def test_bad_text_is_refused_with_its_place(text, where):
    with pytest.raises(PuzzleSyntaxError, match=where):
        masyu.parse(text)


def test_checker_names_each_broken_rule():
    ring = frozenset({(1, 2), (2, 1), (2, 3), (3, 2)})                 # the 2×2 loop of r1c1..r2c2
    turn = masyu.make(2, 2, {(0, 0): 1})
    assert [(v.code, v.cells) for v in masyu.check(turn, ring)] == [("pearl", ((0, 0),))]
    straight = masyu.make(2, 3, {(0, 1): 2})
    loop = frozenset({(1, 2), (1, 4), (2, 1), (2, 5), (3, 2), (3, 4)})
    assert "straight through a black pearl" in masyu.check(straight, loop)[0].detail
    assert [v.code for v in masyu.check(masyu.make(2, 2, {}), frozenset({(1, 2)}))] == ["dead_end", "dead_end"]
    assert [v.code for v in masyu.check(masyu.make(2, 2, {}), frozenset())] == ["no_loop"]


def test_hint_steps_speak_of_pearls():
    walk = walks.walk(masyu, masyu.parse(masyu.EXAMPLES[1].text))
    assert walk.status == "unique" and walk.steps
    said = [step.sentence for step in walk.steps]
    assert all(": the line r" in sentence for sentence in said)
    assert not any(re.search(r"r\d+c\d+ must be", sentence) for sentence in said)       # no lattice point named
    assert "a black pearl: a turn, straight on past it" in {step.rule for step in walk.steps}
    assert any("the black pearl at r" in sentence for sentence in said)


def test_progress_solved_by_the_lines_drawn():
    text = masyu.EXAMPLES[0].text
    lines = solver.solve(masyu, masyu.parse(text)).solution
    entries = [[y, x, 1] for y, x in sorted(lines)]
    done = api.handle({"op": "progress", "kind": "masyu", "text": text, "entries": entries})["result"]
    assert done["solved"] and not done["wrong"]
    short = api.handle({"op": "progress", "kind": "masyu", "text": text, "entries": entries[:-1]})["result"]
    assert not short["solved"] and not short["wrong"]
