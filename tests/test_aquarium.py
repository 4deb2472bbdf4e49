"""Aquarium: real puzz.link puzzles solved to their answers (checked by `check`, uniqueness on the smt
engine too), the checker against pzprjs's failing boards, brute-force counts, round trips, located
refusals and the named hint steps."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import api, backends, session, solver
from gridlogic.backends.sat import enumerate_models
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import aquarium
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/aquarium.js (robx/pzprjs): the URL, the answer its last failcheck accepts, and its
# failing boards with pzprjs's failcode and ours (cells only, row by row).
PZPRJS_URL = "https://puzz.link/p?aquarium/4/4/bu8i90/i3213g"
PZPRJS_ANSWER = "..##/..#./#.##/####"
PZPRJS_FAILS = [
    ("brNoShade", "no_water", "..../..../..../...."),
    ("csNoSupport", "support", "..##/...#/...#/...."),
    ("exShadeNe", "column", "..../#.../#.##/.###"),
    ("csNoLevel", "level", "..../..../#.../###."),
]
# cspuz-solver2 (semiexp/cspuz_solver_backend src/puzzle/aquarium.rs): its test URL and answer.
CSPUZ_URL = "https://puzz.link/p?aquarium/5/4/9lqgfk4/3h12h13"
CSPUZ_ANSWER = "#####/#..../..#../##..#"
# Made for these tests (random tanks, a level per tank, every count given), unique on both engines.
MADE_10 = ("https://puzz.link/p?aquarium/10/10/2a27h1jkp9jqgr174m1obum2vn00fvpg2c4g/98885111314535593137")
MADE_15 = ("https://puzz.link/p?aquarium/15/15/1902io7cjfqfhktdnmdjc56msdklauic6tkdr0t9ai00r0m4v6sik01ra6v5p386vo1h9"
           "gqu5utv02ou9btg/7388889665ba99c58c6ca5eb846936")
MADE_20 = ("https://puzz.link/p?aquarium/20/20/1hca56r4ftrkrrlmiqvb3bceibkt5cprihlbvrs8p0r1gl4kjsqv4j9cir45muc7q6aaiakkh69"
           "81f3o16r6g82ab79t23vb667l1vue05124rtcmfmt8vgp4csaf5s4cmnikucic1u9bifk8pg2v21h/157665447267dffdca44598c540ad645"
           "a58777c9")
# Made the same way at 25×25 and 30×30 (tanks grown from random cells, sizes drawn with mean 14; the first of
# 60 seeds whose puzzle came out unique), for the benchmark against Noqx (bench/bench_noqx.py reads LARGER).
MADE_25 = ("https://puzz.link/p?aquarium/25/25/8g319b4igcs334505joa0eg9822mk9j5c85eb98fo2m0b0mc0hhmc153e8saasds"
           "845ddg4b29q2k4i407r240j1o847c0g40c1242gb4cn01510ja0h286fbu677ehgv3f07i00095hs1nji4ehic3mea60afu90p0"
           "tg03g9j010373ges2ghhji5608289nu20081ue8h03hqg0c1l008qc01s0s3g13g3960u4ou22bsf/6566379cdbab9bdecccab"
           "bfde33688c5a867c96f95fc-12eb-10-12-14")
MADE_30 = ("https://puzz.link/p?aquarium/30/30/11113623189km64b24gaor455ehmg92c8n699aqr52k43nh6gka3h9i8sgh8cco1"
           "j316g2tu3t01l3d34f00hs471h28o26g1l495g9jgp10607530806539g0csb6018mr800hga80214b80i23aj1ik2kg1644no6"
           "2g9g7050gk200gj3c3ggic6dg90k087a00g17gpr24ib3ud4cs4oa451gku27208uhpsf7088sag06q0c00dnb73gmc4vc8b0g0"
           "gf21f1u61u41ma14s1js4q2080s537003t2eg047en00o2th003s7mg0i06s10961090g905e0gn01lko00vo8/-12-14-11f-1"
           "0daef-13-12-10fcbef-11-11-12-11-10-15f-11-11-13-15-14-131024ef-13-12c-11e-1a-16-1088bd-13-1b-1a-15-"
           "18-19-15-12-13-14-1d-17")
LARGER = [MADE_25, MADE_30]


def board(text: str) -> tuple[int, ...]:
    return tuple(int(ch == "#") for row in text.split("/") for ch in row)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("url,answer", [(PZPRJS_URL, PZPRJS_ANSWER), (CSPUZ_URL, CSPUZ_ANSWER)])
def test_real_puzzles_solve_to_their_answers(url, answer, backend):
    puzzle = import_link(url).puzzle
    got = solver.solve(aquarium, puzzle, backend=backend)
    assert got.status == "unique" and got.solution == board(answer)
    assert aquarium.check(puzzle, got.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in aquarium.check(puzzle, board(text))}


def test_parts_of_one_tank_may_stand_at_two_levels():
    """pzprjs's own case (aquarium.js, a 3×4 board it accepts without the `r` flag): a U-shaped tank
    holds water in one arm and not in the other; one connected body of water has one level."""
    u = aquarium.parse("- - - -\n- - -\nAAAA\nABAA\nABAA\n")
    assert aquarium.check(u, board("..../..##/..##")) == []
    cup = aquarium.parse("- - -\n- - -\nABA\nAAA\nCCC\n")
    assert {v.code for v in aquarium.check(cup, board("..#/###/###"))} == {"level"}
    assert aquarium.check(cup, board("#.#/###/###")) == []


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("url", [MADE_10, MADE_15, MADE_20, MADE_25, MADE_30])
def test_made_puzzles_are_unique(url, backend):
    puzzle = import_link(url).puzzle
    got = solver.solve(aquarium, puzzle, backend=backend)
    assert got.status == "unique"
    assert aquarium.check(puzzle, got.solution) == []


@pytest.mark.parametrize("text", ["- 2 1 -\n2 - -\nAABB\nCABD\nCCCD\n", "- - -\n- - -\nABA\nAAA\nCCC\n",
                                  "1 - 2\n- 2 -\nAAB\nCAB\nCCB\n", "- - - -\n- - -\nAABB\nACCB\nDDDB\n"])
def test_counts_agree_with_brute_force(text):
    """Every shading of the grid that `check` accepts, against the solver's count, and the solutions of the
    formula for explanations (its clue blocks all on) the same as those of the one that solves."""
    puzzle = aquarium.parse(text)
    got = solver.solve(aquarium, puzzle, mode="count")
    brute = {s for s in product((0, 1), repeat=puzzle.rows * puzzle.cols) if not aquarium.check(puzzle, s)}
    assert got.count == len(brute) > 0
    assert all(aquarium.check(puzzle, s) == [] for s in got.solutions)
    for exact in (False, True):
        models, _, complete = enumerate_models(session.encode(aquarium, puzzle, exact_clues=exact), 100, keep=100)
        assert complete and {aquarium.decode(puzzle, m) for m in models} == brute


def test_only_the_formula_for_explanations_names_clues():
    """The formula that solves names no clue (nothing asked of it switches one off); the impossible example's
    conflict is found in the formula for explanations, in the tanks and counts it names, and is minimal:
    without any one of them the rest hold."""
    example = next(e for e in aquarium.EXAMPLES if e.count == 0)
    puzzle = aquarium.parse(example.text)
    assert not session.encode(aquarium, puzzle).clues
    exact = session.encode(aquarium, puzzle, exact_clues=True)
    assert {key[0] for key in exact.clues} == {"tank", "row"}             # (the example counts one row)
    result = api.handle({"op": "solve", "kind": "aquarium", "text": example.text, "explain": True,
                         "render": False})["result"]
    assert result["status"] == "none" and result["conflict_minimal"]
    keys = [tuple(clue["key"]) for clue in result["conflict_clues"]]
    assert keys and all(key in exact.clues for key in keys)
    selectors = {clue.selector for clue in exact.clues.values()}
    hard = [x for x in exact.assumptions if x not in selectors]

    def solvable(on: list) -> bool:
        exact.assumptions = hard + [exact.clues[key].selector for key in on]
        return enumerate_models(exact, 1, keep=0)[1] > 0

    assert not solvable(keys)
    assert all(solvable([k for k in keys if k != key]) for key in keys)


@pytest.mark.parametrize("url", [PZPRJS_URL, CSPUZ_URL, MADE_15])
def test_round_trips(url):
    puzzle = import_link(url).puzzle
    assert aquarium.to_puzzlink(puzzle) == url
    assert aquarium.parse(aquarium.format(puzzle)) == puzzle
    assert aquarium.from_state(aquarium.to_state(puzzle)) == puzzle
    assert import_link(aquarium.to_puzzlink(puzzle)).puzzle == puzzle


@pytest.mark.parametrize("text,words", [
    ("- x\n- -\nAB\nAB\n", "line 1, column 2's count"),
    ("- -\n- 3\nAB\nAB\n", "line 2, row 2's count"),
    ("- - -\n- -\nAB\nAB\n", "line 1: 3 column counts for 2 columns"),
    ("- -\n-\nAB\nAB\n", "line 2: 1 row counts for 2 rows"),
    ("- -\n- -\nAB\nABC\n", "line 4"),
    ("- -\n", "expected the column counts"),
])
def test_bad_text_is_refused_in_words(text, words):
    with pytest.raises(PuzzleSyntaxError, match=words):
        aquarium.parse(text)


def test_bad_count_field_is_refused_there():
    state = aquarium.to_state(aquarium.parse(aquarium.EXAMPLES[0].text))
    state["edges"]["rows"][1] = "9"
    answer = api.handle({"op": "parse", "kind": "aquarium", "state": state})
    assert not answer["ok"] and answer["error"]["where"] == {"edge": "rows", "index": 1}
    assert "row 2's count" in answer["error"]["message"]


def test_bad_link_count_is_refused():
    with pytest.raises(PuzzleSyntaxError, match="column 1's count 9"):
        import_link("https://puzz.link/p?aquarium/2/2/00/9")


def test_hint_steps_are_named_in_aquarium_words():
    answer = api.handle({"op": "hint", "kind": "aquarium", "text": aquarium.EXAMPLES[0].text, "path": True})
    steps = answer["result"]["steps"]
    rules = {s["rule"] for s in steps}
    assert rules - {None} <= set(aquarium.EASY_STEPS)
    assert rules & {"the water spreads", "no water over an empty cell"}
    assert any(s["word"] == "water" for s in steps)
