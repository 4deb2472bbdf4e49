"""Tents: real puzzles solved to their known answers (puzz.link, Tatham), the checker, counts against a
brute force written here, links both ways, located refusals and hint steps in the genre's words."""

from __future__ import annotations

from itertools import combinations

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import tents
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/tents.js (robx/pzprjs): its URL and the answer its last failcheck accepts
PZPRJS_URL = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"
PZPRJS_ANSWER = "2 - 0 - -\n.AT.. 1\n....A -\nAT..T -\n...TA -\nAT... 1"
# A Tatham Tents game ID (8x8, difficulty e), as a public port's hint tests quote it; the answer was
# found here and is checked by `check` and both engines
TATHAM_ID = "8x8de:_adra_fecbhac,1,2,0,4,0,3,0,2,1,2,1,2,1,3,0,2"
TATHAM_ANSWER = """1 2 0 4 0 3 0 2
T.TA...T 1
A......A 2
.....A.. 1
.ATATT.. 2
....TA.. 1
.ATA..TA 3
.T...... 0
..TATA.. 2"""
# A 20×20 made here (tents placed apart at random, a tree beside each, every count given)
BIG = """
5 2 4 2 2 5 1 4 2 5 4 1 5 1 4 4 2 2 2 6
........T........... 2
....T....TT....T..T. 5
.T.................T 0
....T......T........ 5
.....TT..T.....T..T. 2
T..............T.... 5
..T....T....T..T...T 1
..........T.......T. 5
....T....T.....T.... 2
......T.....T......T 5
T..T..........T...T. 2
.T.....T............ 3
T.....T..T.T.T...... 6
......T.......T.T.T. 0
....T......T........ 5
T.T.............T... 2
........TT........T. 3
..T.T......T.T...... 4
T.......T.........T. 0
...T.....T....T..... 6
"""


def brute_force(puzzle) -> list[frozenset]:
    """Every set of tents on empty cells that `check` accepts (tiny grids only)."""
    cells = puzzle.open_cells()
    return [frozenset(s) for k in range(len(cells) + 1) for s in combinations(cells, k)
            if not tents.check(puzzle, frozenset(s))]


def unique_answer(puzzle, backend="sat") -> str:
    answer = solver.solve(tents, puzzle, backend=backend, mode="count", limit=2)
    assert answer.status == "unique" and answer.count == 1
    assert tents.check(puzzle, answer.solution) == []
    return tents.format(puzzle, answer.solution)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_pzprjs_puzzle_solves_to_its_answer(backend):
    found = import_link(PZPRJS_URL)
    assert found.kind is tents
    assert unique_answer(found.puzzle, backend) == PZPRJS_ANSWER


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_tatham_id_solves_to_its_answer(backend):
    found = import_link(TATHAM_ID)                    # a bare ID, told Tents by its form
    assert found.kind is tents
    assert unique_answer(found.puzzle, backend) == TATHAM_ANSWER
    page = import_link("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/tents.html#" + TATHAM_ID)
    assert page.puzzle == found.puzzle == tents.parse(TATHAM_ID)
    assert tents.to_tatham(found.puzzle) == TATHAM_ID.replace("de:", ":")


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_20x20_is_unique_on_both_engines(backend):
    unique_answer(tents.parse(BIG), backend)


@pytest.mark.parametrize("text", ["- - -\nT.. -\n..T -", "1 -\n.T -\n.. -", "- - -\n.T. -\n... -\n.T. -",
                                  "- -\nTT -\n.. 0", "- - -\nT.T -\n... 1"])
def test_counts_agree_with_brute_force(text):
    puzzle = tents.parse(text)
    answer = solver.solve(tents, puzzle, mode="all", limit=1000)
    assert sorted(map(sorted, answer.solutions)) == sorted(map(sorted, brute_force(puzzle)))


def test_links_round_trip():
    for text in [e.text for e in tents.EXAMPLES] + [BIG, TATHAM_ID]:
        puzzle = tents.parse(text)
        url = tents.to_puzzlink(puzzle)
        assert import_link(url).puzzle == puzzle
        assert tents.parse(tents.format(puzzle)) == puzzle
    for text in (BIG, TATHAM_ID, "- -\nT. -\n.. -"):
        full = tents.parse(text)
        assert tents.from_tatham(tents.to_tatham(full)).trees == full.trees
    assert tents.to_puzzlink(import_link(PZPRJS_URL).puzzle) == PZPRJS_URL


def test_the_checker_names_each_broken_rule():
    puzzle = tents.parse(PZPRJS_ANSWER.replace("A", "."))
    right = tents.parse_solution(puzzle, PZPRJS_ANSWER)
    assert tents.check(puzzle, right) == []
    assert {v.code for v in tents.check(puzzle, right - {(0, 1)})} == {"tree", "row"}          # column 2 has no count
    assert {v.code for v in tents.check(puzzle, right - {(2, 0)})} == {"tree", "column"}
    touching = tents.check(puzzle, right | {(1, 3)})
    assert {v.code for v in touching} >= {"touch", "tent"}
    assert [v.code for v in tents.check(puzzle, right | {(0, 2)})][0] == "not_empty"


@pytest.mark.parametrize("text, where", [
    ("1 1\nT. 1\n... 1", {"line": 3, "col": 1}),
    ("1 1\nTx 1\n.. 1", {"line": 2, "col": 2}),
    ("1 9\nT. 1\n.. 1", {"line": 1}),
    ("1\nT. 1", {"line": 1}),
    ("3x3:bb,1,1,1,1,1,1", {}),
])
def test_bad_input_is_located(text, where):
    with pytest.raises(PuzzleSyntaxError) as err:
        tents.parse(text)
    assert set(where.items()) <= set(err.value.where.items())
    assert len(str(err.value)) < 200


def test_hints_speak_of_trees_and_counts():
    response = api.handle({"op": "hint", "kind": "tents", "text": TATHAM_ID, "path": True})
    steps = response["result"]["steps"]
    rules = {step["rule"] for step in steps}
    assert {"no tree beside it", "tents may not touch", "a row's count", "a column's count"} <= rules
    small = api.handle({"op": "hint", "kind": "tents", "text": tents.EXAMPLES[1].text, "path": True})
    assert any("the tree at r3c1" in s["sentence"] for s in small["result"]["steps"])   # a tree as a reason


def test_progress_reads_tents():
    text = tents.EXAMPLES[0].text
    puzzle = tents.parse(text)
    answer = sorted(tents.parse_solution(puzzle, tents.EXAMPLES[0].solution))
    entries = [[r, c, 1] for r, c in answer]
    done = api.handle({"op": "progress", "kind": "tents", "text": text, "entries": entries})["result"]
    assert done["solved"] and not done["wrong"]
    wrong = api.handle({"op": "progress", "kind": "tents", "text": text, "entries": entries[1:] + [[0, 0, 1]]})
    assert wrong["result"]["wrong"] == [[0, 0]] and not wrong["result"]["solved"]
