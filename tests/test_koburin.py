"""Koburin: puzz.link puzzles solved to their published answers, uniqueness on the second engine, counts
against a brute force over every set of steps and shaded cells (through the checker, which shares nothing
with the encoder), the text and puzz.link forms round trip, located refusals, the checker's codes and
the steps' words."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from gridlogic import api, backends, lattice, solver, walks
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import koburin
from gridlogic.kinds._shading import Grid
from gridlogic.links import import_link
from test_masyu import pzprv3_lines

# pzprjs test/script/koburin.js: the URL, and the shaded cells and pzprv3 lines of its last (correct)
# check (the steps between side-by-side cells row by row, then those between cells one above the other)
PZPRJS_URL = "https://puzz.link/p?koburin/5/5/clcbg.n"
PZPRJS_SHADED = ". # . . # /# . . . . /. . . . # /. . # . . /. . . . . /"
PZPRJS_LINES = "0 0 1 0 /0 1 0 0 /1 0 0 0 /0 0 0 1 /1 1 1 1 /0 0 1 1 0 /0 1 0 1 0 /1 0 0 1 0 /1 0 0 0 1 /"
# cspuz_rs's koburin test (cspuz_rs_puzzles/src/puzzles/koburin.rs in semiexp/cspuz_rs): its URL, shaded
# cells and lines (its horizontal then vertical steps, in the same order as pzprv3's)
CSPUZ_URL = "https://puzz.link/p?koburin/6/5/j.hclbkai"
CSPUZ_SHADED = ". . . . . # /. . # . . . /. # . . . . /. . . . # . /. . . . . . /"
CSPUZ_LINES = ("1 1 1 0 0 /0 0 0 1 1 /0 0 1 0 0 /1 0 0 0 0 /0 1 0 1 1 /1 0 0 1 0 0 /1 0 0 0 0 1 /1 0 1 1 0 1 /"
               "0 1 1 1 0 1 /")
HAS_Z3 = backends.has_z3()


def shaded(rows_text: str) -> set:
    rows = [row.split() for row in rows_text.split("/") if row.strip()]
    return {lattice.cell_point(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"}


@pytest.mark.parametrize("url, rows, cols, cells, lines", [
    (PZPRJS_URL, 5, 5, PZPRJS_SHADED, PZPRJS_LINES), (CSPUZ_URL, 5, 6, CSPUZ_SHADED, CSPUZ_LINES)],
    ids=["pzprjs", "cspuz"])
def test_puzzles_solve_to_their_answers(url, rows, cols, cells, lines):
    found = import_link(url)
    assert found.kind is koburin
    answer = solver.solve(koburin, found.puzzle)
    assert answer.status == "unique"
    assert answer.solution == pzprv3_lines(lines, rows, cols) | shaded(cells)
    assert koburin.check(found.puzzle, answer.solution) == []
    if HAS_Z3:
        assert solver.solve(koburin, found.puzzle, backend="smt").solution == answer.solution


def brute_count(puzzle) -> int:
    """The sets of steps and shaded cells the checker passes, every one tried."""
    points = lattice.inner_edges(puzzle.rows, puzzle.cols) + [
        lattice.cell_point(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return sum(not koburin.check(puzzle, frozenset(p for p, on in zip(points, bits) if on))
               for bits in itertools.product((0, 1), repeat=len(points)))


@pytest.mark.parametrize("seed", range(4))
def test_counts_match_a_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(2, 3), (3, 2), (2, 4)])
    clues = [rng.choice([0, 1, 2, "?"]) if rng.random() < 0.2 else None for _ in range(rows * cols)]
    puzzle = Grid(rows, cols, tuple(clues))
    answer = solver.solve(koburin, puzzle, mode="count", limit=10_000)
    assert answer.count == brute_count(puzzle)
    assert all(koburin.check(puzzle, s) == [] for s in answer.solutions)


def test_text_and_url_round_trip():
    for url in (PZPRJS_URL, CSPUZ_URL):
        puzzle = import_link(url).puzzle
        assert koburin.parse(koburin.format(puzzle)) == puzzle
        assert koburin.to_puzzlink(puzzle) == url
        assert koburin.from_state(koburin.to_state(puzzle)) == puzzle
    assert import_link("https://puzz.link/p?koburin/b/6/5/j.hclbkai").puzzle == import_link(CSPUZ_URL).puzzle
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(koburin, puzzle).solution
    assert koburin.parse_solution(puzzle, koburin.format(puzzle, answer)) == answer


@pytest.mark.parametrize("text, where", [
    ("1.\n.5\n", "r2c2"),
    ("1.\n...\n", "line 2"),
    (".\n", "1×2"),
])
def test_bad_text_is_refused_with_its_place(text, where):
    with pytest.raises(PuzzleSyntaxError, match=where):
        koburin.parse(text)


def test_checker_names_each_broken_rule():
    puzzle = koburin.parse("1..\n...\n")
    ring = frozenset({(1, 4), (2, 3), (2, 5), (3, 4)})               # the loop of r1c2..r2c3, r2c1 left out
    assert [v.code for v in koburin.check(puzzle, ring)] == ["empty", "number"]
    assert koburin.check(puzzle, ring | {(3, 1)}) == []
    both = ring | {(3, 1), (3, 3)}
    assert sorted(v.code for v in koburin.check(puzzle, both)) == ["adjacent", "line_on_shade"]
    assert [v.code for v in koburin.check(puzzle, ring | {(3, 1), (1, 1)})] == ["clue_shaded", "adjacent"]


def test_hint_steps_speak_of_numbers():
    walk = walks.walk(koburin, koburin.parse(koburin.EXAMPLES[0].text))
    assert walk.status == "unique" and walk.steps
    assert "a number's shaded neighbours" in {step.rule for step in walk.steps}
    assert any(re.search(r"r\d+c\d+ is (not )?shaded", step.sentence) for step in walk.steps)


def test_progress_solved_by_the_marks():
    text = koburin.EXAMPLES[1].text
    answer = solver.solve(koburin, koburin.parse(text)).solution
    entries = [[y, x, 1] for y, x in sorted(answer)]
    done = api.handle({"op": "progress", "kind": "koburin", "text": text, "entries": entries})["result"]
    assert done["solved"] and not done["wrong"]
    short = [e for e in entries if not (e[0] % 2 and e[1] % 2)]
    result = api.handle({"op": "progress", "kind": "koburin", "text": text, "entries": short})["result"]
    assert not result["solved"] and not result["wrong"]
