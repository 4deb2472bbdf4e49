"""Yajilin: real puzz.link puzzles solved to their published answers, uniqueness on the second engine,
counts against a brute force over every set of steps and shaded cells (through the checker, which shares
nothing with the encoder), the text and puzz.link forms round trip, located refusals, the checker's
codes and the steps' words."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from gridlogic import api, backends, lattice, solver, walks
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import yajilin
from gridlogic.links import import_link
from test_masyu import pzprv3_lines

# pzprjs test/script/yajilin.js: the URL and the answer of its last (correct) check: the shaded cells
# ("#"), then the pzprv3 lines (steps between side-by-side cells row by row, then one above the other)
PZPRJS_URL = "https://puzz.link/p?yajilin/5/5/m32j10"
PZPRJS_SHADED = ". . . . . /. . . . + /# . # . + /. . + . + /. . . # . /"
PZPRJS_LINES = ("1 1 -1 1 /1 -1 1 -1 /0 0 0 -1 /1 -1 1 1 /1 1 0 0 /1 -1 1 1 1 /0 1 0 0 1 /0 1 0 0 1 /"
                "1 -1 1 0 0 /")
REAL = [
    # Noqx's yajilin examples (solver/yajilin.py)
    "https://puzz.link/p?yajilin/19/13/g24g33f45o23d30g32z43k41y11a11a42zo33a14a12b11d31a32c21e11t36g31e21y",
    "https://puzz.link/p?yajilin/b/16/16/0.210.0.0.0.0.220.0.0.0.0.0.0.0.42n0.0.n0.0.b0.a0.c0.a0.c0.0.a41e0.f0.0."
    "f0.e31a0.0.c41a31c21a21b0.0.n0.0.n0.0.b11a2.c0.a0.c0.0.a41e0.f0.0.f0.e31a0.0.c11a11c0.a0.b0.0.n0.0.n320.0.0."
    "0.0.0.0.0.120.0.0.0.0.110.",
]
HAS_Z3 = backends.has_z3()


def test_pzprjs_puzzle_solves_to_its_answer():
    found = import_link(PZPRJS_URL)
    assert found.kind is yajilin
    answer = solver.solve(yajilin, found.puzzle)
    assert answer.status == "unique"
    rows = [row.split() for row in PZPRJS_SHADED.split("/") if row.strip()]
    shaded = {lattice.cell_point(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"}
    assert answer.solution == pzprv3_lines(PZPRJS_LINES, 5, 5) | shaded
    assert yajilin.check(found.puzzle, answer.solution) == []
    if HAS_Z3:
        assert solver.solve(yajilin, found.puzzle, backend="smt").solution == answer.solution


@pytest.mark.parametrize("url", REAL, ids=["19x13", "16x16"])
def test_real_puzzles_are_unique_and_pass_the_checker(url):
    puzzle = import_link(url).puzzle
    answer = solver.solve(yajilin, puzzle)
    assert answer.status == "unique"
    assert yajilin.check(puzzle, answer.solution) == []
    if HAS_Z3:
        assert solver.solve(yajilin, puzzle, backend="smt").status == "unique"


def brute_count(puzzle) -> int:
    """The sets of steps and shaded cells the checker passes, every one tried."""
    points = lattice.inner_edges(puzzle.rows, puzzle.cols) + [
        lattice.cell_point(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return sum(not yajilin.check(puzzle, frozenset(p for p, on in zip(points, bits) if on))
               for bits in itertools.product((0, 1), repeat=len(points)))


@pytest.mark.parametrize("seed", range(4))
def test_counts_match_a_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(2, 3), (3, 2), (2, 4)])
    clues = {(rng.randrange(rows), rng.randrange(cols)): (rng.randrange(5), rng.randrange(2)) for _ in range(seed % 3)}
    puzzle = yajilin.make(rows, cols, clues)
    answer = solver.solve(yajilin, puzzle, mode="count", limit=10_000)
    assert answer.count == brute_count(puzzle)
    assert all(yajilin.check(puzzle, s) == [] for s in answer.solutions)


def test_text_and_url_round_trip():
    for url in REAL:
        puzzle = import_link(url).puzzle
        assert yajilin.parse(yajilin.format(puzzle)) == puzzle
        assert import_link(yajilin.to_puzzlink(puzzle)).puzzle == puzzle
    assert yajilin.to_puzzlink(import_link(REAL[0]).puzzle) == REAL[0]
    puzzle = yajilin.parse("^? 3 +\n. v12 .\n")
    assert yajilin.parse(yajilin.format(puzzle)) == puzzle
    assert yajilin.from_state(yajilin.to_state(puzzle)) == puzzle
    answer = solver.solve(yajilin, import_link(PZPRJS_URL).puzzle).solution
    assert yajilin.parse_solution(import_link(PZPRJS_URL).puzzle, yajilin.format(
        import_link(PZPRJS_URL).puzzle, answer)) == answer


@pytest.mark.parametrize("text, where", [
    (". .\n. ^x\n", "line 2, r2c2"),
    (". .\n. . .\n", "line 2"),
    (".\n", "1×2"),
    (". ^1000\n", "r1c2"),
])
def test_bad_text_is_refused_with_its_place(text, where):
    with pytest.raises(PuzzleSyntaxError, match=where):
        yajilin.parse(text)


def test_checker_names_each_broken_rule():
    puzzle = yajilin.parse(">1 . .\n. . .\n")
    ring = frozenset({(1, 4), (2, 3), (2, 5), (3, 4)})               # the loop of r1c2..r2c3, r2c1 left out
    assert [v.code for v in yajilin.check(puzzle, ring)] == ["empty", "arrow"]
    both = ring | {(3, 1), (3, 3)}
    assert sorted(v.code for v in yajilin.check(puzzle, both)) == ["adjacent", "arrow", "line_on_shade"]
    assert "r1c1" in yajilin.check(puzzle, ring | {(1, 1)})[0].detail


def test_hint_steps_speak_of_arrows():
    walk = walks.walk(yajilin, yajilin.parse(yajilin.EXAMPLES[0].text))
    assert walk.status == "unique" and walk.steps
    rules = {step.rule for step in walk.steps}
    assert "an arrow's count" in rules
    said = [step.sentence for step in walk.steps]
    assert any(re.search(r"r\d+c\d+ is (not )?shaded", s) for s in said)
    assert any("the clue ←2 at r3c4" in s for s in said)


def test_progress_solved_by_the_marks():
    text = yajilin.EXAMPLES[1].text
    answer = solver.solve(yajilin, yajilin.parse(text)).solution
    entries = [[y, x, 1] for y, x in sorted(answer)]
    done = api.handle({"op": "progress", "kind": "yajilin", "text": text, "entries": entries})["result"]
    assert done["solved"] and not done["wrong"]
    short = [e for e in entries if not (e[0] % 2 and e[1] % 2)]           # the loop without its shading
    result = api.handle({"op": "progress", "kind": "yajilin", "text": text, "entries": short})["result"]
    assert not result["solved"] and not result["wrong"]


def test_a_clue_cell_with_no_arrow_and_no_number_fits_the_editor(node, tmp_path):
    """pzprjs's "0." (a clue cell, its number not given: Noqx's 16×16 has 90 of them) is a "?" cell
    of the state, which the page's editor takes (web/editor/schema.js `fits`, under Node)."""
    from test_editor_parts import editor_reads
    state = import_link(REAL[1]).puzzle
    state = yajilin.to_state(state)
    assert state["cells"].count("?") > 0
    layout = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == "yajilin")["layout"]
    assert editor_reads(node, layout, [state], tmp_path) != [None]
