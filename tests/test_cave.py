"""Cave: the real puzz.link puzzle of pzprjs's tests solved to its answer (checked by `check`, uniqueness
on the smt engine too), the checker against pzprjs's failing boards, brute-force counts, the URL round
trip, located refusals and the named hint steps."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import cave
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/cave.js (robx/pzprjs): the URL, the answer it accepts and its failing boards, each
# with pzprjs's failcode and ours.
PZPRJS_URL = "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g"
PZPRJS_ANSWER = "# . . . # # /# # # . # # /# . # . . # /. . . . . . /. # . . # # /. # # . . # /"
PZPRJS_FAILS = [
    ("cuDivide", "divided", "# . . . # . /# . # . # # /# . # . . # /. . . . . . /. # . . # # /. # # . . # /"),
    ("cuDivide corner", "divided",
     "# . . . # # /# . # . # . /# . # . . # /. . . . . . /. # . . # # /. # # . . # /"),
    ("csConnOut", "enclosed", "# . . . # # /# . # . # # /# . # . . # /. . . . . . /. # . . # # /. # # . . # /"),
    ("csConnOut checkerboard", "enclosed",
     "# . . . # # /# # . . # # /# . # . . # /. . . . . . /. # . . # # /. # # . . # /"),
    ("nmSumViewNe", "count", "# . . . . # /# # # . # # /# . # . . # /. . . . . # /. # . . # # /. # # . . # /"),
]
# Made here: a random cave shading, then its numbers added fifteen at a time until the answer was unique
# (a 10×10 with redundant numbers then taken out), checked below on both engines (z3 on the 10×10: it
# takes minutes on the 20×20's lazy cuts); the 20×20 for the speed the genre promises.
MADE_10 = "https://puzz.link/p?cave/10/10/g4m2g4k5i4i9qb9jbbj2h8s78i8i8j4i7i33p"
MADE_20 = ("https://puzz.link/p?cave/20/20/zh3jfl2i32g24jfh-10he3h43i644-13gfg2-11hdi3m-12d-11h-10hdhf53i8g9-13e"
           "-12ge-11hdhdk8gd-17-12-16-11-14-17-11geage3h-12-12-19-15-17-21-1c-20-1b-1e-21-1b-1b-1e-1a-19-1e-13j-"
           "16-12-14-1e-19-1d-18-1b-1e-18-18-1b-17-16-1bk-16-12-14-1e-19-1d-18-1b-1e-18-18-1b-17-16-1bg4h-12-19-"
           "15-17-21-1c-20-1b-1e-21-1b-1b-1e-1a-19-1e-15-15i8h-1d-18-1c-17-1a-1d-17-17-1a-16-15-1a-11-11i8h-1d-1"
           "8-1c-17-1a-1d-17-17-1a-16-15-1a-11-11k-10-1d-18-1c-17-1a-1d-17-17-1a-16-15-1a-11lf-1c-17-1b-16-19-1c"
           "-16-16-19-15-14-19j6557-14g-14f-12-15ffidj2i-10ie-11gc56ge4m-10h5f-12h45h534g5555-14h3i356h3g2n3k4k")


def board(text: str) -> tuple[int, ...]:
    """A pzprjs board's shading (# shaded)."""
    return tuple(int(token == "#") for row in text.split("/") for token in row.split())


@pytest.mark.parametrize("backend", BACKENDS)
def test_pzprjs_puzzle_solves_to_its_answer(backend):
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(cave, puzzle, backend=backend)
    assert answer.status == "unique" and answer.solution == board(PZPRJS_ANSWER)
    assert cave.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in cave.check(puzzle, board(text))}


def test_check_wants_a_shaded_cell():
    assert [v.code for v in cave.check(cave.parse("..\n.?\n"), (0, 0, 0, 0))] == ["none_shaded"]


@pytest.mark.parametrize("url,backend", [(MADE_10, b) for b in BACKENDS] + [(MADE_20, "sat")],
                         ids=[f"10x10-{b}" for b in BACKENDS] + ["20x20-sat"])
def test_made_puzzles_are_unique(url, backend):
    puzzle = import_link(url).puzzle
    answer = solver.solve(cave, puzzle, backend=backend)
    assert answer.status == "unique"
    assert cave.check(puzzle, answer.solution) == []


@pytest.mark.parametrize("text", ["2.2\n...\n...\n", "11.\n...\n...\n", "3..\n...\n.?.\n", "...\n.5.\n...\n"])
def test_counts_agree_with_brute_force(text):
    puzzle = cave.parse(text)
    answer = solver.solve(cave, puzzle, mode="count")
    brute = sum(not cave.check(puzzle, s) for s in product((0, 1), repeat=puzzle.rows * puzzle.cols))
    assert answer.count == brute
    assert all(cave.check(puzzle, s) == [] for s in answer.solutions)


@pytest.mark.parametrize("url", [PZPRJS_URL, MADE_10, MADE_20, "https://puzz.link/p?cave/3/2/.g4i"],
                         ids=["pzprjs", "10x10", "20x20", "unknown"])
def test_url_round_trip(url):
    puzzle = import_link(url).puzzle
    assert cave.to_puzzlink(puzzle) == url
    assert import_link(url).kind is cave
    assert cave.parse(cave.format(puzzle)) == puzzle
    assert cave.from_state(cave.to_state(puzzle)) == puzzle


@pytest.mark.parametrize("text,where", [
    ("..\n.x\n", {"line": 2, "r": 1, "c": 1}),
    ("4.\n..\n", {"r": 0, "c": 0}),
    ("0.\n..\n", {"r": 0, "c": 0}),
    ("...\n..\n", {"line": 2, "r": 1}),
])
def test_bad_text_is_refused_where_it_is(text, where):
    with pytest.raises(PuzzleSyntaxError) as err:
        cave.parse(text)
    assert err.value.where == where
    assert len(str(err.value)) < 120


def test_too_large_a_number_in_a_url_is_refused_in_words():
    answer = api.handle({"op": "link_import", "url": "https://puzz.link/p?cave/2/2/9i"})
    assert not answer["ok"] and "r1c1" in answer["error"]["message"]


def test_hint_steps_are_named_in_cave_words():
    answer = api.handle({"op": "hint", "kind": "cave", "text": cave.EXAMPLES[0].text, "path": True})
    steps = answer["result"]["steps"]
    named = {s["rule"] for s in steps} - {None}
    assert named and named <= set(cave.EASY_STEPS)
    counted = next(s for s in steps if s["rule"] == "a number's count")
    assert "must be" in counted["sentence"]


def test_name_step_reads_its_reason():
    puzzle = cave.parse("...\n...\n..2\n")
    assert cave.name_step(puzzle, (1, 1, 1, False), [("placed", 0, 1, 1)]) == "shaded cells reach the edge"
    assert cave.name_step(puzzle, (1, 1, 0, False), [("placed", 1, 2, 0)]) == "the cave stays connected"
    assert cave.name_step(puzzle, (1, 1, 0, False), [("placed", 0, 1, 1)]) is None
    assert cave.name_step(puzzle, (2, 1, 1, False), [("number", 2, 2)]) == "a number's count"


def test_pzprjs_other_name_opens_it():
    assert import_link(PZPRJS_URL.replace("?cave/", "?bag/")).kind is cave
