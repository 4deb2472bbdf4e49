"""Tapa: real puzz.link puzzles solved to their answers (checked by `check`, uniqueness on the smt
engine too), the checker against pzprjs's failing boards, brute-force counts, the clue-list link
encoding, round trips, located refusals and the named hint steps."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import tapa
from gridlogic.kinds.tapa import clues
from gridlogic.codecs import puzzlink
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/tapa.js (robx/pzprjs): the URL, the answer its last failcheck accepts (cells only,
# row by row: `#` shaded; a clue's cell and pzprjs's `+` unshaded), its failing boards with pzprjs's
# failcode and ours.
PZPRJS_URL = "https://puzz.link/p?tapa/5/5/3n5hchhajn2"
PZPRJS_ANSWER = ".####/##.#./#..##/.#.#./####."
PZPRJS_FAILS = [
    ("brNoShade", "no_shade", "...../...../...../...../....."),
    ("cs2x2", "block", ".#.../##.../##.../...../....."),
    ("ceTapaNe", "clue", ".#.../##.../#..../...../....."),
    ("csDivide", "divided", ".#.##/##.#./#..##/.#.#./####."),
]
# cspuz_solver_backend (semiexp) src/puzzle/tapa.rs: its test URL and the answer it expects.
CSPUZ_URL = "https://puzz.link/p?tapa/6/8/q2g9g.qb0pa0ccn"
CSPUZ_ANSWER = "###.../#.###./....#./#.####/#....#/###.##/#....#/######"
# noqx (T0nyX1ang/noqx) solver/tapa.py: its example (the trailing `/` as it has it).
NOQX_URL = "https://puzz.link/p?tapa/10/10/i0ha0t1h2hb0t3h4h.q.h5h6ha0o.g.h7h8g.o./"
# penpa-edit's puzz.link parser tests ("Tapa 3"): a 12×12 puzzle.
PENPA_URL = "https://puzz.link/p?tapa/12/12/taekajmbmkaeha9kaema8kaqznadka7ma9kaahalka9ma9k6t"
# Made for these tests: a random wall of 20×20, every unshaded cell clued.
MADE_20 = ("https://puzz.link/p?tapa/20/20/g5ga83g5g5t6l77g77g8g8haviapavg7qa9g7g7g6g7g8g8g8g8g8zg4g8g8g77g8g77g8g77g44"
           "x4haq7g8g8g6avg8g8g77iaqnapn5g7g8g8g8g7hapapg7g8sapa9gabjajgav6g8g8g77gapj8g7happ7g8mavg8g8g8g8k8g7havp8g8"
           "ja9havg8g8g8g8kavapiapp8g8g6g7had2334g6g77o1100011a8j8g77g77g00000001234o")


def board(text: str) -> tuple[int, ...]:
    return tuple(int(ch == "#") for row in text.split("/") for ch in row)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("url,answer", [(PZPRJS_URL, PZPRJS_ANSWER), (CSPUZ_URL, CSPUZ_ANSWER)])
def test_real_puzzles_solve_to_their_answers(url, answer, backend):
    puzzle = import_link(url).puzzle
    got = solver.solve(tapa, puzzle, backend=backend)
    assert got.status == "unique" and got.solution == board(answer)
    assert tapa.check(puzzle, got.solution) == []


@pytest.mark.parametrize("url,backend", [(NOQX_URL, b) for b in BACKENDS] + [(MADE_20, b) for b in BACKENDS]
                         + [(PENPA_URL, "sat")])
def test_larger_puzzles_are_unique(url, backend):
    puzzle = import_link(url).puzzle
    got = solver.solve(tapa, puzzle, backend=backend)
    assert got.status == "unique"
    assert tapa.check(puzzle, got.solution) == []


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in tapa.check(puzzle, board(text))}


def test_a_run_goes_around_the_corner_and_a_lone_unknown_allows_none():
    ring = tapa.parse("3 . .\n. . .\n. . .\n")
    assert tapa.check(ring, board(".#./##./...")) == []             # 3 around the corner r1c1
    assert {v.code for v in tapa.check(ring, board(".#./#../#.."))} == {"clue", "divided"}
    lone = tapa.parse("? .\n. .\n")
    assert [v.code for v in tapa.check(lone, board("../.."))] == ["no_shade"]


@pytest.mark.parametrize("text", ["2 .\n. .\n", "? . .\n. . .\n", ". . .\n. 1,1 .\n. . .\n",
                                  ". . .\n. 2,? .\n. . .\n", "3 . .\n. . 1\n. . .\n"])
def test_counts_agree_with_brute_force(text):
    """Every shading of the grid that `check` accepts, against the solver's count."""
    puzzle = tapa.parse(text)
    got = solver.solve(tapa, puzzle, mode="count")
    brute = sum(not tapa.check(puzzle, s) for s in product((0, 1), repeat=puzzle.rows * puzzle.cols))
    assert got.count == brute
    assert all(tapa.check(puzzle, s) == [] for s in got.solutions)


def test_clue_lists_read_every_form_pzprjs_writes():
    """pzprjs's own editor cases (test/script/tapa.js): 8, ?, 5 1, ? ? ?, 3 1 1, 1 1 1 1."""
    lists = [[8], [puzzlink.UNKNOWN], [5, 1], [puzzlink.UNKNOWN] * 3, [3, 1, 1], [1, 1, 1, 1], [1, "?", 1, 1]]
    data = clues.encode_number_lists(lists + [None] * 25)
    assert clues.decode_number_lists(data, len(lists) + 25)[0] == lists + [None] * 25
    assert data.endswith("zk")                                    # 25 empty cells: a run of 20, one of 5
    with pytest.raises(ValueError):
        clues.encode_number_lists([[0, 1]])


@pytest.mark.parametrize("url", [PZPRJS_URL, CSPUZ_URL, PENPA_URL, MADE_20])
def test_round_trips(url):
    puzzle = import_link(url).puzzle
    assert tapa.to_puzzlink(puzzle) == url
    assert tapa.parse(tapa.format(puzzle)) == puzzle
    assert tapa.from_state(tapa.to_state(puzzle)) == puzzle


def test_one_column_grid_reads_its_lists():
    puzzle = tapa.parse("2,1\n.\n.\n.\n")
    assert puzzle.clues[0] == (2, 1) and tapa.parse(tapa.format(puzzle)) == puzzle


@pytest.mark.parametrize("text,words", [
    ("9 .\n. .\n", "r1c1: '9' is not"),
    (". .\n. 4,4\n", "line 2, r2c2"),
    (". 1,0\n. .\n", "r1c2"),
    ("1,1,1,1,1 .\n", "r1c1"),
    (". .\n. . .\n", "line 2: 3 cells"),
])
def test_bad_text_is_refused_in_words(text, words):
    with pytest.raises(PuzzleSyntaxError, match=words):
        tapa.parse(text)


def test_bad_cell_in_the_state_is_refused_there():
    state = tapa.to_state(tapa.parse(tapa.EXAMPLES[0].text))
    state["cells"][7] = "44"
    answer = api.handle({"op": "parse", "kind": "tapa", "state": state})
    assert not answer["ok"] and answer["error"]["where"] == {"r": 1, "c": 2}


def test_bad_link_clue_is_refused():
    with pytest.raises(PuzzleSyntaxError, match="puzz.link data, character 1"):
        import_link("https://puzz.link/p?tapa/2/2/fz")


def test_hint_steps_are_named_in_tapa_words():
    answer = api.handle({"op": "hint", "kind": "tapa", "text": tapa.EXAMPLES[0].text, "path": True})
    steps = answer["result"]["steps"]
    rules = {s["rule"] for s in steps}
    assert rules - {None} <= set(tapa.EASY_STEPS)
    assert rules & {"the clue is complete", "the clue needs it"}
