"""Slitherlink: real puzz.link puzzles solved to their published answers, uniqueness on the second
engine, counts against a brute force over every set of sides (through the checker, which shares
nothing with the encoder), the text, puzz.link and Loopy forms round trip, located refusals, the
checker's codes and the steps' words."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from gridlogic import api, backends, lattice, solver, walks
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import slitherlink
from gridlogic.links import import_link

# pzprjs test/script/slither.js: the URL and the answer of its last check (pzprv3 borders: the
# vertical sides row by row, then the horizontal ones; 1 a line, -1 a cross)
PZPRJS_URL = "https://puzz.link/p?slither/5/5/cbcbcddad"
PZPRJS_ANSWER = ("1 -1 0 -1 -1 1 /1 1 -1 1 -1 1 /1 1 1 0 0 1 /1 1 1 1 1 1 /-1 -1 -1 0 1 1 /1 1 1 1 1 /"
                 "-1 1 1 -1 -1 /0 -1 1 0 0 /0 0 0 1 0 /1 -1 1 -1 0 /-1 0 -1 0 1 /")
REAL = [
    # puzsq.logicpuzzle.app puzzle 15552
    "https://puzz.link/p?slither/25/15/g3c27ch18c3dgd2cg2c62ch62di2di3cjcga3a0dg3ag2c38dhdj2ci2cg2d3ah18d0dg2di03c70bh6"
    "2b2dg2cg2cjbgcj1bg1cg2a38dh07c20ci1bg1d82ch0c2ag3bi2djch61c3dg3ag2b1cbgdj1di2di08ch37c2dg3acg2d72bh53d2d",
    # a slitherlink step solver's sample (its tests)
    "https://puzz.link/p?slither/18/10/i61ch28cg16dg122cg63bi3ah1di2dcg0bgb1bc6c8bchd8b6cd1cbg2cgb3ci1dh3ci18dg132bg72bg"
    "82bh36dg",
    # a puzzle list's difficulty-4 10×10
    "https://puzz.link/p?slither/10/10/h362762ca1abk2b22dg3di8a6di1bg32a3ckb2bb277172c",
]
HAS_Z3 = backends.has_z3()


def pzprv3_lines(text: str, rows: int, cols: int) -> frozenset:
    values = [list(map(int, part.split())) for part in text.split("/") if part.strip()]
    lines = {(2 * r + 1, 2 * c) for r in range(rows) for c in range(cols + 1) if values[r][c] == 1}
    lines |= {(2 * r, 2 * c + 1) for r in range(rows + 1) for c in range(cols) if values[rows + r][c] == 1}
    return frozenset(lines)


def test_pzprjs_puzzle_solves_to_its_answer():
    found = import_link(PZPRJS_URL)
    assert found.kind is slitherlink
    answer = solver.solve(slitherlink, found.puzzle)
    assert answer.status == "unique"
    assert answer.solution == pzprv3_lines(PZPRJS_ANSWER, 5, 5)
    assert slitherlink.check(found.puzzle, answer.solution) == []


@pytest.mark.parametrize("url", REAL, ids=["25x15", "18x10", "10x10"])
def test_real_puzzles_are_unique_and_pass_the_checker(url):
    puzzle = import_link(url).puzzle
    answer = solver.solve(slitherlink, puzzle)
    assert answer.status == "unique"
    assert slitherlink.check(puzzle, answer.solution) == []
    if HAS_Z3 and puzzle.rows * puzzle.cols <= 100:
        assert solver.solve(slitherlink, puzzle, backend="smt").status == "unique"


@pytest.mark.skipif(not HAS_Z3, reason="z3 is not installed")
def test_second_engine_agrees_on_the_pzprjs_puzzle():
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(slitherlink, puzzle, backend="smt")
    assert answer.status == "unique" and answer.solution == pzprv3_lines(PZPRJS_ANSWER, 5, 5)


def brute_count(puzzle) -> int:
    """The sets of sides the checker passes, every one tried."""
    edges = list(lattice.points(puzzle.rows, puzzle.cols, "edge"))
    return sum(not slitherlink.check(puzzle, frozenset(e for e, on in zip(edges, bits) if on))
               for bits in itertools.product((0, 1), repeat=len(edges)))


@pytest.mark.parametrize("seed", range(6))
def test_counts_match_a_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(1, 2), (2, 2), (1, 3)])
    clues = {(r, c): rng.randint(0, 3) for r in range(rows) for c in range(cols) if rng.random() < 0.5}
    puzzle = slitherlink.make(rows, cols, clues)
    answer = solver.solve(slitherlink, puzzle, mode="count", limit=10_000)
    assert answer.count == brute_count(puzzle)
    assert all(slitherlink.check(puzzle, s) == [] for s in answer.solutions)


def test_text_url_and_loopy_round_trip():
    puzzle = import_link(REAL[1]).puzzle
    assert slitherlink.parse(slitherlink.format(puzzle)) == puzzle
    url = slitherlink.to_puzzlink(puzzle)
    assert url == REAL[1]
    assert import_link(url).puzzle == puzzle
    game_id = slitherlink.to_tatham(puzzle)
    assert game_id.startswith("18x10t0:")
    for form in (game_id, f"loopy:{game_id}", f"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/loopy.html#{game_id}"):
        assert import_link(form).puzzle == puzzle
    assert slitherlink.parse(game_id) == puzzle
    with_unknown = slitherlink.parse("?3\n..\n")
    assert import_link(slitherlink.to_puzzlink(with_unknown)).puzzle == with_unknown


def test_solution_drawing_round_trips():
    puzzle = slitherlink.parse(slitherlink.EXAMPLES[1].text)
    answer = solver.solve(slitherlink, puzzle)
    text = slitherlink.format(puzzle, answer.solution)
    assert slitherlink.parse_solution(puzzle, text) == answer.solution
    assert api.handle({"op": "check", "kind": "slitherlink", "text": slitherlink.format(puzzle),
                       "solution": text})["result"]["ok"]


@pytest.mark.parametrize("text, where", [
    ("3.\n.5\n", "line 2, column 2"),
    ("3.\n...\n", "row 2"),
    ("4x4t1:abcd", "t1"),
    ("4x4t0:3b", "covers 3 cells"),
    ("2x2:1a9", "character 7"),
])
def test_bad_text_is_refused_with_its_place(text, where):
    with pytest.raises(PuzzleSyntaxError, match=where):
        slitherlink.parse(text)


def test_bad_links_are_refused_with_a_message():
    for url in ("https://puzz.link/p?slither/5/5/cb!", "https://puzz.link/p?slither/99/5/c"):
        response = api.handle({"op": "link_import", "url": url})
        assert not response["ok"] and len(response["error"]["message"]) < 200


def test_checker_names_each_broken_rule():
    puzzle = slitherlink.parse("3.\n..\n")
    square = frozenset({(0, 1), (1, 0), (2, 1), (1, 2)})                      # r1c1's four sides
    assert [v.code for v in slitherlink.check(puzzle, square)] == ["number"]
    assert slitherlink.check(puzzle, square)[0].cells == ((0, 0),)
    dead = frozenset({(0, 1), (1, 0)})
    assert {v.code for v in slitherlink.check(puzzle, dead)} == {"number", "dead_end"}
    two = slitherlink.make(1, 3, {})
    loops = frozenset({(0, 1), (1, 0), (2, 1), (1, 2), (0, 5), (1, 4), (2, 5), (1, 6)})
    assert [v.code for v in slitherlink.check(two, loops)] == ["loops"]
    branch = frozenset({(0, 1), (1, 0), (2, 1), (1, 2), (0, 3), (2, 3), (1, 4)})
    assert "branch" in {v.code for v in slitherlink.check(two, branch)}
    assert [v.code for v in slitherlink.check(two, frozenset())] == ["no_loop"]


def test_state_round_trips_and_given_lines_are_refused():
    puzzle = slitherlink.parse("3.?\n.0.\n")
    assert slitherlink.from_state(slitherlink.to_state(puzzle)) == puzzle
    state = dict(slitherlink.to_state(puzzle), parts={"loop": {"line": [[0, 1]]}})
    response = api.handle({"op": "parse", "kind": "slitherlink", "state": state})
    assert not response["ok"] and "r0.5c1" in response["error"]["message"]


def test_hint_steps_speak_of_sides_and_numbers():
    walk = walks.walk(slitherlink, slitherlink.parse(slitherlink.EXAMPLES[1].text))
    assert walk.status == "unique" and walk.steps
    said = [step.sentence for step in walk.steps]
    assert {step.rule for step in walk.steps} <= {"a number's sides", "numbers' sides", "one loop: no end, no branch"}
    assert all(" side of r" in sentence for sentence in said)
    assert not any(re.search(r"r\d+c\d+ must be", sentence) for sentence in said)
    assert any("the 3 at r" in sentence for sentence in said)
    assert any("part of the loop" in sentence for sentence in said) and any("stays empty" in sentence for sentence in said)


def test_progress_solved_by_the_sides_drawn():
    text = slitherlink.EXAMPLES[1].text
    puzzle = slitherlink.parse(text)
    lines = solver.solve(slitherlink, puzzle).solution
    entries = [[y, x, 1] for y, x in sorted(lines)]
    done = api.handle({"op": "progress", "kind": "slitherlink", "text": text, "entries": entries})["result"]
    assert done["solved"] and not done["wrong"]
    short = api.handle({"op": "progress", "kind": "slitherlink", "text": text, "entries": entries[1:]})["result"]
    assert not short["solved"] and not short["wrong"]
    wrong = [[y, x, 0 if (y, x) == (1, 2) else v] for y, x, v in entries] + ([] if (1, 2) in lines else [[1, 2, 1]])
    said = api.handle({"op": "progress", "kind": "slitherlink", "text": text, "entries": wrong})["result"]
    assert not said["solved"] and said["wrong"]
