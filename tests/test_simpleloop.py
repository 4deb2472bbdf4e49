"""Simple loop: real puzz.link puzzles solved to their answers, uniqueness on the second engine,
counts against a brute force over every set of steps (through the checker, which shares nothing with
the encoder), the text and puzz.link forms round trip, located refusals, the checker's codes and the
steps' words."""

from __future__ import annotations

import itertools
import random

import pytest

from gridlogic import api, backends, lattice, solver, walks
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import simpleloop
from gridlogic.links import import_link

# pzprjs test/script/simpleloop.js: the URL and the answer of its last check (pzprv3 lines: the steps
# between side-by-side cells row by row, then those between cells one above the other)
PZPRJS_URL = "https://puzz.link/p?simpleloop/5/5/sg020"
PZPRJS_ANSWER = "0 0 0 1 /0 1 0 0 /1 0 1 0 /0 1 0 0 /1 0 1 1 /0 0 0 1 1 /0 1 1 1 1 /1 0 0 0 1 /1 1 1 0 1 /"
REAL = [
    # Noqx's simple loop example (15×15)
    "https://puzz.link/p?simpleloop/15/15/124000400000a0004g0002008h12000482008400004i1",
    # a list of sample puzzles (Simple Loop 1)
    "https://puzz.link/p?simpleloop/12/12/40860g10m0kc0o0m3480q0g0008h2",
    # a solver's script and tests (pzpr-solver)
    "https://puzz.link/p?simpleloop/12/12/02000984b880g110o2g0g2id000gg",
    "https://puzz.link/p?simpleloop/5/5/o2c1v",
]
HAS_Z3 = backends.has_z3()


def test_pzprjs_puzzle_solves_to_its_answer():
    found = import_link(PZPRJS_URL)
    values = [list(map(int, part.split())) for part in PZPRJS_ANSWER.split("/") if part.strip()]
    want = {(2 * r + 1, 2 * c + 2) for r in range(5) for c in range(4) if values[r][c]}
    want |= {(2 * r + 2, 2 * c + 1) for r in range(4) for c in range(5) if values[5 + r][c]}
    answer = solver.solve(simpleloop, found.puzzle)
    assert answer.status == "unique" and answer.solution == frozenset(want)
    assert simpleloop.check(found.puzzle, answer.solution) == []


@pytest.mark.parametrize("url", REAL, ids=["15x15", "12x12a", "12x12b", "5x5"])
def test_real_puzzles_are_unique_and_pass_the_checker(url):
    puzzle = import_link(url).puzzle
    answer = solver.solve(simpleloop, puzzle)
    assert answer.status == "unique" and simpleloop.check(puzzle, answer.solution) == []
    if HAS_Z3 and puzzle.rows * puzzle.cols <= 144:
        assert solver.solve(simpleloop, puzzle, backend="smt").status == "unique"
    assert simpleloop.to_puzzlink(puzzle) == url
    assert simpleloop.parse(simpleloop.format(puzzle)) == puzzle


@pytest.mark.parametrize("seed", range(5))
def test_counts_match_a_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(2, 3), (3, 3), (2, 4)])
    black = [(r, c) for r in range(rows) for c in range(cols) if rng.random() < 0.2]
    puzzle = simpleloop.make(rows, cols, black)
    edges = lattice.inner_edges(rows, cols)
    brute = sum(not simpleloop.check(puzzle, frozenset(e for e, on in zip(edges, bits) if on))
                for bits in itertools.product((0, 1), repeat=len(edges)))
    assert solver.solve(simpleloop, puzzle, mode="count", limit=10_000).count == brute


@pytest.mark.parametrize("text, where", [("..\n.Q\n", "line 2, column 2"), ("..\n...\n", "row 2"), ("#\n", "2×2")])
def test_bad_text_is_refused_with_its_place(text, where):
    with pytest.raises(PuzzleSyntaxError, match=where):
        simpleloop.parse(text)


def test_checker_names_black_and_white_cells():
    puzzle = simpleloop.parse("...\n.#.\n...\n")
    square = frozenset({(1, 2), (2, 1), (2, 3), (3, 2)})       # r1c1, r1c2, r2c1, r2c2
    codes = {(v.code, v.cells) for v in simpleloop.check(puzzle, square)}
    assert ("black", ((1, 1),)) in codes and ("white", ((0, 2),)) in codes


def test_hint_steps_name_the_black_cells():
    walk = walks.walk(simpleloop, simpleloop.parse(simpleloop.EXAMPLES[0].text))
    assert walk.status == "unique" and len(walk.steps) == 40           # every step between two cells
    assert all(": the line r" in step.sentence for step in walk.steps)
    assert "Black cells off the loop: the line r1c1–r1c2 stays empty: the black cell r2c1 leaves no other choice." in \
        [step.sentence for step in walk.steps]



def test_progress_and_given_lines():
    text = simpleloop.EXAMPLES[0].text
    lines = solver.solve(simpleloop, simpleloop.parse(text)).solution
    entries = [[y, x, 1] for y, x in sorted(lines)]
    assert api.handle({"op": "progress", "kind": "simpleloop", "text": text, "entries": entries})["result"]["solved"]
    state = dict(simpleloop.to_state(simpleloop.parse(text)), parts={"loop": {"line": [[1, 2]]}})
    response = api.handle({"op": "parse", "kind": "simpleloop", "state": state})
    assert not response["ok"] and "r1c1.5" in response["error"]["message"]
