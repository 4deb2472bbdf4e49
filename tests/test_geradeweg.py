"""Geradeweg: puz.link puzzles solved to their published answers, uniqueness on the second engine, counts
against a brute force over every set of steps (through the checker, which shares nothing with the
encoder), the text and puzz.link forms round trip, located refusals, the checker's codes and the steps'
words."""

from __future__ import annotations

import itertools
import random

import pytest

from gridlogic import api, backends, lattice, solver, walks
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import geradeweg
from gridlogic.kinds._shading import Grid
from gridlogic.links import import_link
from test_masyu import pzprv3_lines

# pzprjs test/script/geradeweg.js: URLs and the lines of their correct checks (pzprv3: the steps between
# side-by-side cells row by row, then those between cells one above the other)
PZPRJS = [
    ("https://puzz.link/p?geradeweg/5/5/l211i2h3i4k", 5, 5,
     "1 0 1 1 /0 0 1 0 /0 1 1 0 /1 1 1 0 /0 0 0 1 /1 1 1 0 1 /1 1 0 1 1 /1 0 0 0 1 /0 0 0 1 1 /"),
    ("https://puzz.link/p?geradeweg/3/3/.h..h.g", 3, 3, "1 1 /0 1 /1 0 /1 0 1 /1 1 0 /"),
]
# cspuz_rs's geradeweg test (solver/src/puzzles/geradeweg.rs in semiexp/cspuz_rs): its URL and the
# lattice points of its answer's lines
CSPUZ_URL = "https://puzz.link/p?geradeweg/6/5/j1h23m.r4"
CSPUZ_LINES = {(2, 3), (2, 5), (2, 9), (2, 11), (4, 3), (4, 5), (4, 7), (4, 11), (6, 1), (6, 5), (6, 9), (6, 11),
               (8, 3), (8, 11), (1, 4), (1, 10), (3, 8), (5, 2), (5, 8), (7, 2), (7, 6), (7, 8), (9, 4), (9, 6),
               (9, 8), (9, 10)}
HAS_Z3 = backends.has_z3()


@pytest.mark.parametrize("url, rows, cols, lines", PZPRJS, ids=["5x5", "3x3?"])
def test_pzprjs_puzzles_solve_to_their_answers(url, rows, cols, lines):
    found = import_link(url)
    assert found.kind is geradeweg
    answer = solver.solve(geradeweg, found.puzzle)
    assert answer.status == "unique"
    assert answer.solution == pzprv3_lines(lines, rows, cols)
    assert geradeweg.check(found.puzzle, answer.solution) == []
    if HAS_Z3:
        assert solver.solve(geradeweg, found.puzzle, backend="smt").solution == answer.solution


def test_cspuz_puzzle_solves_to_its_answer():
    puzzle = import_link(CSPUZ_URL).puzzle
    answer = solver.solve(geradeweg, puzzle)
    assert answer.status == "unique" and answer.solution == frozenset(CSPUZ_LINES)
    assert geradeweg.check(puzzle, answer.solution) == []


def brute_count(puzzle) -> int:
    """The sets of steps the checker passes, every one tried."""
    edges = lattice.inner_edges(puzzle.rows, puzzle.cols)
    return sum(not geradeweg.check(puzzle, frozenset(e for e, on in zip(edges, bits) if on))
               for bits in itertools.product((0, 1), repeat=len(edges)))


@pytest.mark.parametrize("seed", range(6))
def test_counts_match_a_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (2, 4)])
    clues = [rng.choice([1, 2, 3, "?"]) if rng.random() < 0.2 else None for _ in range(rows * cols)]
    puzzle = Grid(rows, cols, tuple(clues))
    answer = solver.solve(geradeweg, puzzle, mode="count", limit=10_000)
    assert answer.count == brute_count(puzzle)
    assert all(geradeweg.check(puzzle, s) == [] for s in answer.solutions)


def test_text_and_url_round_trip():
    for url in (CSPUZ_URL, *(u for u, *_ in PZPRJS)):
        puzzle = import_link(url).puzzle
        assert geradeweg.parse(geradeweg.format(puzzle)) == puzzle
        assert geradeweg.to_puzzlink(puzzle) == url
        assert geradeweg.from_state(geradeweg.to_state(puzzle)) == puzzle
    puzzle = import_link(CSPUZ_URL).puzzle
    answer = solver.solve(geradeweg, puzzle).solution
    assert geradeweg.parse_solution(puzzle, geradeweg.format(puzzle, answer)) == answer


@pytest.mark.parametrize("text, where", [
    ("1.\n.x\n", "r2c2"),
    ("1.\n...\n", "line 2"),
    ("0.\n..\n", "r1c1"),
    ("1..\n", "2×2"),
])
def test_bad_text_is_refused_with_its_place(text, where):
    with pytest.raises(PuzzleSyntaxError, match=where):
        geradeweg.parse(text)


def test_checker_names_each_broken_rule():
    ring = frozenset({(1, 2), (2, 1), (2, 3), (3, 2)})                  # the 2×2 loop of r1c1..r2c2
    assert geradeweg.check(geradeweg.parse("1.\n..\n"), ring) == []
    long = geradeweg.check(geradeweg.parse("2.\n..\n"), ring)
    assert [(v.code, v.cells) for v in long] == [("number", ((0, 0),))] and "a straight line of 1" in long[0].detail
    missed = geradeweg.check(geradeweg.parse("...\n...\n..1\n"), ring)
    assert "does not pass" in missed[0].detail
    wide = frozenset({(1, 2), (1, 4), (2, 1), (2, 5), (3, 2), (3, 4)})   # r1c1..r2c3
    assert "arms of 1 and 2" in geradeweg.check(geradeweg.parse("?..\n...\n"), wide)[0].detail


def test_hint_steps_speak_of_numbers():
    walk = walks.walk(geradeweg, geradeweg.parse(geradeweg.EXAMPLES[0].text))
    assert walk.status == "unique" and walk.steps
    assert "a number's straight stretches" in {step.rule for step in walk.steps}
    assert all(": the line r" in step.sentence for step in walk.steps)


def test_progress_solved_by_the_lines_drawn():
    text = geradeweg.EXAMPLES[0].text
    lines = solver.solve(geradeweg, geradeweg.parse(text)).solution
    entries = [[y, x, 1] for y, x in sorted(lines)]
    done = api.handle({"op": "progress", "kind": "geradeweg", "text": text, "entries": entries})["result"]
    assert done["solved"] and not done["wrong"]
    short = api.handle({"op": "progress", "kind": "geradeweg", "text": text, "entries": entries[:-1]})["result"]
    assert not short["solved"] and not short["wrong"]
