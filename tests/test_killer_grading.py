"""Killer sudoku graded by technique (kinds/sudoku/grading/killer.py on gridlogic/ladder.py): every step the
grader takes holds in the puzzle's one solution (found by SAT and held to the kind's own `check`, neither
sharing code with the grader), every cage technique is seen doing so, levels follow Tatham's Solo on its
own killers as docs/genres/sudoku.md maps them and never rise as givens are added, generated killers are
unique and in the band asked, hints name the techniques, and Solo's killer game IDs read and write."""

from __future__ import annotations

import functools

import pytest

from gridlogic import api, generate, solver  # noqa: F401 (generate: the makers load before the grader)
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import sudoku
from gridlogic.kinds.sudoku.grading import killer as killer_grading
from gridlogic.fits import needed, options

# Killers from Solo's own generator (seed 1 at each of its levels), with Solo's rating ("Difficulty
# rating"; its cage rating is Advanced for all) and ours: Trivial and Basic are our easy, Intermediate
# medium, Advanced and Extreme hard.
SOLO = [
    ("3x3k:zzzc,___a__a___a_b_aa_a_a___aa__a_____a_____a___a_a_aa_ac_aab_aa_aa_a__a__aa___a_b_a__ba__a__a_a___aaa_,"
     "3_10_12_13a18_10_11d12c12a14a15b15a12_5_19b5a14e9a7a8a5_10_15_3_12a13a11e11a7a21_13_5a14_15e11d15b",
     "Trivial", "easy"),
    ("3x3kdb:zzzc,___aa____a_a_b____a________________________a__a__a___a_aa_c_ac_aab_b_____aa___aaa_aaaa_aa_baa_caaa,"
     "15_11_5_13a11a16_12c12a7d17b9a11_9a18a13_14a7b16_11c8a6_10b5a14a15b9_12c12a9c9_11b12_16_19c11f",
     "Basic", "easy"),
    ("3x3kdi:zzzc,a__a_b___ab___a___a_____________________b____a_a___a_a__a__aaa_aa_c_a_baa___aaa____bc_aaa_aaa_aaaa,"
     "13a13_11_10a13_10a4c7b19a17b13a11a12a9c11_12_11a4a10_14_8c10a11c10a13a14a21c13a7a19a9_6b10a14c16e",
     "Intermediate", "medium"),
    ("3x3kda:zzzc,aaaaaa_a___a__a__a____a_a___a_____b_________a____aaaa_a___a_a__aa__aaa___a__aaa___aaa___aaaaa_aabaa,"
     "11a18a5a14a9_13c11_9a17a13_13_4b13b20b6a20a10_4a8a10b6c10b10_11a10_12a16a15b8a16a5b5b17a14a9a13e",
     "Advanced", "hard"),
    ("3x3kde:zzzc,_aa_a__a______a_________a_________a_a__baa_a_aa____aacaa_aaa__a__aa____a___aaa_c_a_aa_aa_aa__baaa_,"
     "5_14a18a8_11a11a11_9c8_7a16a14a9c9a7_12_5a15a7a10c15_13_13a16b10f13c17a5_10a11_9_13a18b30c6f",
     "Extreme", "hard"),
    ("2x3kdb:zj,_aaa___a____a_a____a_c_a____aa_aaa_a_ca_,9_6a8a12b7_5_7a9e8_9a5_9b8_7a17g", "Basic", "easy"),
]
# Made by our generator (6×6, seeds 0 and 2): medium (innies), hard (a cage's needed digit), fiendish (trial)
OURS = [
    ("2x3k:z4i,ab_a_aa__a__b__cda_aa_babaa__aa__,16a6b17a19a11g9_12g15_13_8g", "medium"),
    ("2x3k:zj,aaaaa_a____a_____a__bbb_b__ba_a_b_b__,18a7a4a7b11a12a11b15b9_10c8b14h", "hard"),
    ("2x3k:a5zh,b_a__ab___a_a_ba___aaaaaa__d___ac_a,15b16_11b19h15b9d13a15b8c5b", "fiendish"),
]
CAGE_TECHNIQUES = {"cage's last cell", "cage sum", "cage combinations", "45 rule", "innies", "cage's needed digit",
                   "trial"}


def _solution(puzzle) -> tuple:
    answer = solver.solve(sudoku, puzzle, keep=2)
    assert answer.status == "unique" and sudoku.check(puzzle, answer.solution) == []
    return answer.solution


IDS = [case[0] for case in SOLO] + [case[0] for case in OURS]


@functools.lru_cache(maxsize=None)
def _graded(game_id: str):
    """The puzzle of a game ID and its grade (cached: the soundness tests and the techniques' tally share it)."""
    puzzle = sudoku.from_tatham(game_id)
    return puzzle, killer_grading.grade(puzzle)


@pytest.mark.parametrize("game_id", IDS, ids=lambda x: x[:9])
def test_every_step_holds_in_the_solution(game_id):
    puzzle, grade = _graded(game_id)
    assert sudoku.grader(puzzle) is killer_grading
    solution = _solution(puzzle)
    assert grade.solved and grade.steps
    for step in grade.steps:
        for r, c, v in step.placed:
            assert solution[r * puzzle.size + c] == v, step
        for r, c, v in step.eliminated:
            assert solution[r * puzzle.size + c] != v, step


def test_every_cage_technique_is_seen_on_the_puzzles():
    """Each cage technique takes steps on the puzzles the soundness test checks."""
    assert {step.technique for game_id in IDS for step in _graded(game_id)[1].steps} >= CAGE_TECHNIQUES


def test_cage_fits_are_counted_by_brute_force():
    """`options` against every assignment of distinct digits: two cells of 4 hold 1 and 3; with one cell
    kept from 1, it holds 3 and the other 1; three cells of 6 in 1..3."""
    from itertools import permutations
    for cands, total in (([511, 511], 4), ([511 & ~1, 511], 4), ([511] * 3, 6), ([0b110, 0b11, 511], 12)):
        want = [0] * len(cands)
        for digits in permutations(range(1, 10), len(cands)):
            if sum(digits) == total and all(m >> (d - 1) & 1 for m, d in zip(cands, digits)):
                for k, d in enumerate(digits):
                    want[k] |= 1 << (d - 1)
        assert options(cands, total) == want
    assert needed([511] * 3, 6) == 0b111 and needed([511] * 2, 10) == 0


@pytest.mark.parametrize("game_id, theirs, level", SOLO, ids=lambda x: str(x)[:9])
def test_levels_follow_solo_on_its_killers(game_id, theirs, level):
    puzzle = sudoku.from_tatham(game_id)
    assert killer_grading.grade(puzzle).level == level


def test_levels_never_rise_as_givens_are_added():
    """Givens of the solution added one at a time to our fiendish killer: the level never goes up, down to easy."""
    puzzle = sudoku.from_tatham(OURS[2][0])
    solution = _solution(puzzle)
    order = {"easy": 0, "medium": 1, "hard": 2, "fiendish": 3}
    last = order[killer_grading.grade(puzzle).level]
    assert last == 3
    givens = list(puzzle.givens)
    for i, value in enumerate(solution):
        if not givens[i]:
            givens[i] = value
            grade = killer_grading.grade(type(puzzle)(**{**puzzle.__dict__, "givens": tuple(givens)}))
            assert grade.solved and order[grade.level] <= last
            last = order[grade.level]
    assert last == 0


@pytest.mark.parametrize("n, level, seed", [(6, "medium", 1), (6, "fiendish", 2), (9, "hard", 0)])
def test_generated_killers_are_unique_and_in_band(n, level, seed):
    made = generate.generate(sudoku, rows=n, cols=n, difficulty=level, seed=seed, constraints=("killer",))
    assert made["status"] == "generated" and made["difficulty"]["rating"] == level
    puzzle = sudoku.from_state(made["state"])
    other = api.handle({"op": "solve", "kind": "sudoku", "state": made["state"], "backend": "smt",
                        "render": False})["result"]
    assert other["status"] == "unique"
    assert sudoku.check(puzzle, sudoku.parse_solution(puzzle, other["solution"])) == []
    assert killer_grading.grade(puzzle).level == level


def test_hints_name_the_cage_techniques():
    text = sudoku.format(sudoku.from_tatham(OURS[0][0]))
    result = api.handle({"op": "hint", "kind": "sudoku", "text": text, "path": True})["result"]
    names = {step["rule"] for step in result["steps"]}
    assert {"cage sum", "innies"} <= names and result["difficulty"]["rating"] == "medium"
    assert result["difficulty"]["hardest"] == "innies"
    hint = api.handle({"op": "hint", "kind": "sudoku", "text": text})["result"]["hint"]
    assert hint["rule"] in ("cage's last cell", "hidden single", "full house", "45 rule")


def test_solo_killer_ids_round_trip_and_bad_ones_are_refused():
    for game_id, *_ in SOLO + OURS:
        puzzle = sudoku.from_tatham(game_id)
        plain = game_id.split(":")[0].split("d")[0] + ":" + game_id.split(":", 1)[1]
        assert sudoku.to_tatham(puzzle) == plain and sudoku.from_tatham(plain) == puzzle
    head, rest = SOLO[-1][0].split(":")
    givens, cages, sums = rest.split(",")
    for bad, words in ((f"{head}:{givens},{cages}", "givens,cages,sums"),
                       (f"{head}:{givens},{cages}a,{sums}", "run past the grid"),
                       (f"{head}:{givens},{cages[:-1]},{sums}", "cover"),
                       (f"{head}:{givens},{cages},a{sums}", "holds 37"),
                       (f"{head}:{givens},{cages},99{sums[1:]}", "not a cage's sum")):
        with pytest.raises(PuzzleSyntaxError, match=words):
            sudoku.from_tatham(bad)
