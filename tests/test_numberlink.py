"""Numberlink: real puzz.link puzzles solved to their answers, uniqueness on the second engine, counts
against a brute force over every set of steps (through the checker, which shares nothing with the
encoder), the text and puzz.link forms round trip, located refusals, the checker's codes and the
steps' words."""

from __future__ import annotations

import itertools
import random

import pytest

from gridlogic import api, backends, lattice, solver, walks
from gridlogic.backends.sat import BOUNDED_ENGINES
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import numberlink
from gridlogic.links import import_link
from test_masyu import pzprv3_lines

# pzprjs test/script/numlin.js: the URL and the answer of its last check (pzprv3 lines: the steps between
# side-by-side cells row by row, then those between cells one above the other; 1 a line, -1 a cross)
PZPRJS_URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
PZPRJS_ANSWER = "1 -1 1 1 /0 -1 0 0 /0 -1 -1 0 /0 -1 -1 0 /1 1 -1 1 /0 1 1 0 1 /1 1 1 1 1 /1 1 1 1 1 /1 0 1 1 0 /"
REAL = [
    # a puzzle site's numberlink page (difficulty 1 and 2 of its list)
    "https://puzz.link/p?numlin/7/7/4h2j1i5h4q3h3h52s1",
    "https://puzz.link/p?numlin/10/10/1h2j65s5h3h1zk4y6k2i3m4l",
    # a list of sample puzzles for a puzz.link player (Numberlink 3)
    "https://puzz.link/p?numlin/10/10/1w2h3k4k6g5i7k2n8k5i4g1k8k6h7w3",
    # the puzzle site's list, difficulty 2: MiniSat took 2.6 s on it, CaDiCaL (the kind's engine) 0.3 s
    "https://puzz.link/p?numlin/10/10/3h43x2i5g2o1h5z1zj4q",
]
HAS_Z3 = backends.has_z3()


def test_pzprjs_puzzle_solves_to_its_answer():
    found = import_link(PZPRJS_URL)
    assert found.kind is numberlink
    answer = solver.solve(numberlink, found.puzzle)
    assert answer.status == "unique"
    assert answer.solution == pzprv3_lines(PZPRJS_ANSWER, 5, 5)
    assert numberlink.check(found.puzzle, answer.solution) == []
    if HAS_Z3:
        assert solver.solve(numberlink, found.puzzle, backend="smt").solution == answer.solution


@pytest.mark.parametrize("url", REAL, ids=["7x7", "10x10a", "10x10b", "10x10c"])
def test_real_puzzles_are_unique_and_pass_the_checker(url):
    puzzle = import_link(url).puzzle
    answer = solver.solve(numberlink, puzzle)
    assert answer.status == "unique"
    assert numberlink.check(puzzle, answer.solution) == []
    if HAS_Z3 and puzzle.rows * puzzle.cols <= 49:
        assert solver.solve(numberlink, puzzle, backend="smt").status == "unique"


def brute_count(puzzle) -> int:
    """The sets of steps the checker passes, every one tried."""
    edges = lattice.inner_edges(puzzle.rows, puzzle.cols)
    return sum(not numberlink.check(puzzle, frozenset(e for e, on in zip(edges, bits) if on))
               for bits in itertools.product((0, 1), repeat=len(edges)))


@pytest.mark.parametrize("seed", range(5))
def test_counts_match_a_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(2, 3), (3, 3), (2, 4)])
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 4)
    values = [1, 1, 2, 2] if seed % 2 else [1, 1, 1, 1]
    puzzle = numberlink.Puzzle(rows, cols, tuple(values[cells.index((r, c))] if (r, c) in cells else None
                                                 for r in range(rows) for c in range(cols)))
    answer = solver.solve(numberlink, puzzle, mode="count", limit=10_000)
    assert answer.count == brute_count(puzzle)
    assert all(numberlink.check(puzzle, s) == [] for s in answer.solutions)


def test_text_and_url_round_trip():
    for url in REAL:
        puzzle = import_link(url).puzzle
        assert numberlink.parse(numberlink.format(puzzle)) == puzzle
        assert numberlink.to_puzzlink(puzzle) == url
        assert import_link(numberlink.to_puzzlink(puzzle)).puzzle == puzzle
    wide = numberlink.parse("12 . 12\n. . .\n")
    assert numberlink.parse(numberlink.format(wide)) == wide
    assert import_link(numberlink.to_puzzlink(wide)).puzzle == wide
    solution = solver.solve(numberlink, wide).solution
    assert numberlink.parse_solution(wide, numberlink.format(wide, solution)) == solution


@pytest.mark.parametrize("text, where", [
    ("1.\n.x\n", "r2c2"),
    ("1.\n...\n", "line 2"),
    ("1?\n.1\n", "r1c2"),
    ("10\n.1\n", "r1c2"),
])
def test_bad_text_is_refused_with_its_place(text, where):
    with pytest.raises(PuzzleSyntaxError, match=where):
        numberlink.parse(text)


def test_unknown_number_in_a_url_is_refused_at_its_cell():
    with pytest.raises(PuzzleSyntaxError, match="r1c2"):
        import_link("https://puzz.link/p?numlin/2/2/1.h")


def test_checker_names_each_broken_rule():
    def codes(text, lines):
        return [v.code for v in numberlink.check(numberlink.parse(text), frozenset(lines))]
    assert codes("1.1\n...\n", {(1, 2), (1, 4)}) == []
    assert codes("1.1\n...\n", {(1, 2)}) == ["dead_end", "no_line"]
    assert codes("121\n...\n", {(1, 2), (1, 4)}) == ["through_number", "different"]
    assert codes("1.2\n...\n", {(1, 2), (1, 4)}) == ["different"]
    assert codes("1..\n...\n..1\n", {(1, 2), (1, 4), (2, 5), (3, 4), (3, 2), (2, 1)}) == \
        ["through_number", "no_line"]
    ring = {(1, 2), (2, 1), (2, 3), (3, 2)}                            # the 2×2 loop of r1c1..r2c2
    assert codes("...\n...\n1.1\n", ring | {(5, 2), (5, 4)}) == ["no_number"]
    assert codes("1..\n...\n", {(1, 2), (1, 4), (2, 3)}) == ["branch", "dead_end", "dead_end"]


def test_hint_steps_speak_of_numbers_and_lines():
    walk = walks.walk(numberlink, numberlink.parse(numberlink.EXAMPLES[0].text))
    assert walk.status == "unique" and walk.steps
    said = [step.sentence for step in walk.steps]
    assert all(": the line r" in sentence for sentence in said)
    assert all(" is drawn: " in sentence or " stays empty: " in sentence for sentence in said)
    rules = {step.rule for step in walk.steps}
    assert any(rule.startswith("one line leaves the") or rule.startswith("joining the") for rule in rules)


@pytest.mark.parametrize("url", [u for u in REAL if "/10/10/" in u])
def test_a_sparse_puzzles_first_hint_leans_on_its_full_grid(url):
    """A sparse 10×10 (one solution using every cell) has a first hint within a short budget, leaning on
    "every cell on a line", and its step agrees with the solution the checker passes (that solution drawn
    the hint's way: its line there or not)."""
    puzzle = import_link(url).puzzle
    state = numberlink.to_state(puzzle)
    hint = api.handle({"op": "hint", "kind": "numberlink", "state": state, "budget_ms": 20_000})["result"]
    assert hint["status"] == "unique" and hint["stopped"] is None and hint["hint"] is not None
    step = hint["hint"]
    assert step["technique"].startswith("every cell on a line") and "the grid being full" in step["sentence"]
    answer = solver.solve(numberlink, puzzle)
    assert answer.status == "unique" and not numberlink.check(puzzle, answer.solution)
    y, x = step["cell"]
    assert (step["value"] == 1) == ((y, x) in answer.solution)


def test_progress_solved_by_the_lines_drawn():
    text = numberlink.EXAMPLES[0].text
    lines = solver.solve(numberlink, numberlink.parse(text)).solution
    entries = [[y, x, 1] for y, x in sorted(lines)]
    done = api.handle({"op": "progress", "kind": "numberlink", "text": text, "entries": entries})["result"]
    assert done["solved"] and not done["wrong"]
    short = api.handle({"op": "progress", "kind": "numberlink", "text": text, "entries": entries[:-1]})["result"]
    assert not short["solved"] and not short["wrong"]


def test_a_number_met_once_is_impossible_at_once():
    puzzle = numberlink.parse("5 . . . . . .\n. . . . . . .\n. . . 7 . . .\n. . . . . . .\n. . . . . . 9\n")
    assert solver.solve(numberlink, puzzle).status == "none"


def test_questions_use_the_kinds_engine_unless_one_is_named():
    assert numberlink.SAT_ENGINE in BOUNDED_ENGINES
    text = numberlink.EXAMPLES[0].text
    asked = api.handle({"op": "solve", "kind": "numberlink", "text": text, "render": False})["result"]
    assert asked["engine"] == f"sat:{numberlink.SAT_ENGINE}"
    named = api.handle({"op": "solve", "kind": "numberlink", "text": text, "engine": "minisat22",
                        "render": False})["result"]
    assert named["engine"] == "sat:minisat22" and named["solution"] == asked["solution"]
