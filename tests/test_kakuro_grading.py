"""Kakuro graded by technique (kinds/kakuro/grading.py on gridlogic/ladder.py): every step the grader takes
holds in the puzzle's one solution (found by SAT and held to the kind's own `check`, neither sharing code
with the grader), every technique is seen doing so, levels never rise as digits are filled in, generated
kakuros are unique and in the band asked, and hints name the techniques."""

from __future__ import annotations

import functools

import pytest

from gridlogic import api, generate, solver
from gridlogic.kinds import kakuro
from gridlogic.kinds.kakuro import grading
from tests.conftest import corpus_path

# janko.at's kakuros of the corpus that need more than the easy techniques (134: 12×16, 169: 12×18)
JANKO = ("kakuro", "janko_kakuro_first200.txt")
HARDER = ("134_12x16", "169_12x18")
AREA = ("8 8\n- - - - 30, 33, 9, 11,\n- - - ,30 0 0 0 0\n- 16, 8, ,14 0 0 0 0\n,15 0 0 ,14 0 0 - -\n"
        ",9 0 0 ,17 0 0 24, 13,\n- - - 3, 11,20 0 0 0\n- - ,11 0 0 ,8 0 0\n- - ,3 0 0 ,17 0 0")   # made: medium
HARD = "6 6\n- - - 3, 16, 28,\n- - ,11 0 0 0\n- 11, 4,8 0 0 0\n,3 0 0 10,6 0 0\n,21 0 0 0 0 0\n- - ,23 0 0 0"  # made: hard
TECHNIQUES = {"run's last cell", "single", "run sum", "crossing sums", "area sum", "short chain", "trial"}


def _janko(ident: str) -> str:
    text = corpus_path(*JANKO).read_text(encoding="utf-8")
    block = next(b for b in text.split("\n=== ")[1:] if b.split()[0] == ident)
    return block.split("\n", 1)[1].split("--- solution")[0]


def _made(n: int, level: str, seed: int) -> str:
    made = generate.generate(kakuro, rows=n, cols=n, difficulty=level, seed=seed)
    assert made["status"] == "generated" and made["difficulty"]["rating"] == level
    return made["text"]


SOURCES = ["janko 134_12x16", "janko 169_12x18", "janko 1_10x12", "area", "made hard"]


@functools.lru_cache(maxsize=None)
def _graded(source: str):
    """The puzzle of a source and its grade (cached: the soundness tests and the techniques' tally share it)."""
    text = {"area": AREA, "made hard": HARD}.get(source) or _janko(source.split()[1])
    puzzle = kakuro.parse(text)
    return puzzle, grading.grade(puzzle)


@pytest.mark.parametrize("source", SOURCES)
def test_every_step_holds_in_the_solution(source):
    puzzle, grade = _graded(source)
    answer = solver.solve(kakuro, puzzle, keep=2)
    assert answer.status == "unique" and kakuro.check(puzzle, answer.solution) == []
    assert grade.solved and grade.steps
    for step in grade.steps:
        for r, c, v in step.placed:
            assert answer.solution[r * puzzle.cols + c] == v, step
        for r, c, v in step.eliminated:
            assert answer.solution[r * puzzle.cols + c] != v, step
    if source == "made hard":
        assert grade.level == "hard"
    if source.startswith("janko 1"):
        assert grade.level == ("medium" if source.split()[1] in HARDER else "easy")


def test_every_technique_is_seen_on_the_sources():
    """Each technique of the ladder takes steps on the sources the soundness test checks."""
    corpus_path(*JANKO)
    assert {step.technique for source in SOURCES for step in _graded(source)[1].steps} == TECHNIQUES


def test_levels_never_rise_as_digits_are_filled_in():
    """The solution's digits entered one at a time (as a player's entries) into a hard kakuro: the walk's
    level never goes up, down to easy."""
    puzzle = kakuro.parse(HARD)
    solution = solver.solve(kakuro, puzzle, keep=1).solution
    order = {"easy": 0, "medium": 1, "hard": 2, "fiendish": 3}
    last = order[grading.walk(puzzle).level]
    assert last == 2
    entries = []
    for i, value in enumerate(solution):
        if value:
            entries.append((*divmod(i, puzzle.cols), value))
            grade = grading.walk(puzzle, entries)
            assert grade.solved and order[grade.level] <= last
            last = order[grade.level]
    assert last == 0


@pytest.mark.parametrize("n, level, seed", [(6, "medium", 1), (8, "medium", 0)])
def test_generated_kakuros_are_unique_and_in_band(n, level, seed):
    text = _made(n, level, seed)
    puzzle = kakuro.parse(text)
    other = api.handle({"op": "solve", "kind": "kakuro", "text": text, "backend": "smt", "render": False})["result"]
    assert other["status"] == "unique"
    assert kakuro.check(puzzle, kakuro.parse_solution(puzzle, other["solution"])) == []
    assert grading.grade(puzzle).level == level


def test_hints_name_the_techniques():
    result = api.handle({"op": "hint", "kind": "kakuro", "text": AREA, "path": True})["result"]
    names = {step["rule"] for step in result["steps"]}
    assert "area sum" in names and names <= TECHNIQUES
    assert result["difficulty"]["rating"] == "medium" and result["difficulty"]["hardest"] == "area sum"
    hint = api.handle({"op": "hint", "kind": "kakuro", "text": AREA})["result"]["hint"]
    assert hint["rule"] in ("run's last cell", "single")
