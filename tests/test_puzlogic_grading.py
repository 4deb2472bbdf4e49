"""Puzlogic graded by technique (kinds/puzlogic/grading.py on gridlogic/ladder.py): every step the grader takes
holds in the puzzle's one solution (found by SAT and held to the kind's own `check`, neither sharing code
with the grader), every technique is seen doing so, the trials a solve needs set hard against fiendish,
generated puzzles are unique and in the band asked, and hints name the techniques."""

from __future__ import annotations

import functools

import pytest

from gridlogic import api, generate, ratings, solver
from gridlogic.kinds import puzlogic
from gridlogic.kinds.puzlogic import grading
from gridlogic.kinds.puzlogic.board import Board
from tests.conftest import corpus_path

MEDIUM = ("cells 0 1 0\ncells 0 2 0\ncells 1 0 0\ncells 1 1 3\ncells 1 2 0\ncells 1 3 0\ncells 2 0 0\ncells 2 1 1\n"
          "cells 2 2 0\ncells 2 3 3\ncells 3 0 0\ncells 3 1 0\ncells 3 2 0\npieces 1 1 2 2 2 2 3 4 4 4\n"
          "sum all 0 0 3")                                            # made: 4×4 medium, seed 0
HARD = ("cells 0 1 1\ncells 0 2 0\ncells 0 3 0\ncells 0 4 6\ncells 0 5 0\ncells 1 0 0\ncells 1 1 0\ncells 1 2 0\n"
        "cells 1 3 0\ncells 1 4 0\ncells 1 5 0\ncells 2 0 0\ncells 2 1 0\ncells 2 3 3\ncells 2 4 0\ncells 3 0 0\n"
        "cells 3 1 6\ncells 3 3 4\ncells 3 4 2\ncells 3 5 3\ncells 4 0 0\ncells 4 2 0\ncells 4 3 0\ncells 4 4 0\n"
        "cells 4 5 0\ncells 5 0 0\ncells 5 1 4\ncells 5 2 0\ncells 5 3 0\ncells 5 4 3\ncells 5 5 0\n"
        "pieces 1 1 1 1 2 2 2 2 2 3 3 4 4 4 4 5 5 5 6 6 6 6\nsum all 1 0 16\nsum all 1 1 18")   # made: 6×6 hard
FIENDISH = ("cells 0 0 0\ncells 0 2 4\ncells 0 3 0\ncells 1 0 0\ncells 1 1 0\ncells 1 2 0\ncells 2 0 0\ncells 2 1 0\n"
            "cells 2 2 2\ncells 3 0 0\ncells 3 1 0\ncells 3 2 0\ncells 3 3 0\npieces 1 1 1 2 2 2 3 3 3 4 4\n"
            "sum all 0 2 9\nsum all 1 3 5")                           # made: 4×4 fiendish, seed 2
SHORT = ("cells 0 3 0\ncells 0 4 0\ncells 1 1 0\ncells 1 2 3\ncells 1 3 0\ncells 1 4 0\ncells 2 0 0\ncells 2 1 5\n"
         "cells 2 2 0\ncells 2 3 0\ncells 3 0 0\ncells 3 1 0\ncells 3 2 0\ncells 3 3 0\ncells 4 0 0\ncells 4 1 4\n"
         "cells 4 2 0\ncells 4 3 0\npieces 1 1 1 2 2 2 2 2 3 3 4 4 4 5 5\nsum all 0 1 14\nsum all 0 4 14\n"
         "sum all 1 0 10")                                            # made: 5×5 medium, seed 1
PIECES_PAIR = ("cells 0 0 0\ncells 0 5 3\ncells 0 6 4\ncells 1 1 0\ncells 1 5 4\ncells 1 6 3\ncells 2 2 0\ncells 2 7 4\n"
               "cells 3 3 0\ncells 3 8 4\ncells 4 4 0\npieces 1 2 3 3 4\nsum all 0 0 8")
TECHNIQUES = {"line's last cell", "single", "only place", "line sum", "crossing sums", "pair", "pieces pair",
              "a line for each piece", "short chain", "trial"}
LEVEL = {"medium": "medium", "hard": "hard", "fiendish": "fiendish", "short": "medium"}
SOURCES = ["level 6", "level 7", "level 10", *LEVEL]


def _level(number: str) -> str:
    text = corpus_path("puzlogic", "puzlogic_levels.txt").read_text(encoding="utf-8")
    return next("level " + block for block in text.split("\nlevel ")[1:] if block.split()[0] == number)


@functools.lru_cache(maxsize=None)
def _graded(source: str):
    """The puzzle of a source, its grade and its one solution (SAT, held to the kind's check)."""
    text = {"medium": MEDIUM, "hard": HARD, "fiendish": FIENDISH, "short": SHORT}.get(source) \
        or _level(source.split()[1])
    puzzle = puzlogic.parse(text)
    answer = solver.solve(puzlogic, puzzle, keep=2)
    assert answer.status == "unique" and puzlogic.check(puzzle, answer.solution) == []
    return puzzle, grading.grade(puzzle), {(r, c): v for r, c, v in answer.solution}


@pytest.mark.parametrize("source", SOURCES)
def test_every_step_holds_in_the_solution(source):
    puzzle, grade, solution = _graded(source)
    assert grade.solved and grade.steps
    for step in grade.steps:
        assert all(solution[(r, c)] == v for r, c, v in step.placed), step
        assert all(solution[(r, c)] != v for r, c, v in step.eliminated), step
    assert grade.level == LEVEL.get(source, "easy")


def test_pieces_pair_and_every_technique_is_seen():
    """The pieces pair on a board made for it (two cells that only the last 1 and 2 fit: no other cell takes
    them), and each other technique of the ladder taking steps on the sources above."""
    puzzle = puzlogic.parse(PIECES_PAIR)
    answer = solver.solve(puzlogic, puzzle, keep=2)
    assert answer.status == "unique" and puzlogic.check(puzzle, answer.solution) == []
    solution = {(r, c): v for r, c, v in answer.solution}
    (found,) = grading.pieces_pair(Board.start(puzzle))
    assert set(found.eliminated) == {(r, c, v) for r, c in ((2, 2), (3, 3), (4, 4)) for v in (1, 2)}
    assert all(solution[(r, c)] != v for r, c, v in found.eliminated)
    seen = {step.technique for source in SOURCES for step in _graded(source)[1].steps}
    assert seen | {"pieces pair"} == TECHNIQUES


def test_trials_counted_set_hard_against_fiendish():
    """Hard needs at most HARD_MOST trials, fiendish more; capped at hard, a fiendish grade stops at the trial
    past it; difficulty orders by the hardest technique's count."""
    for source, level in (("hard", "hard"), ("fiendish", "fiendish")):
        puzzle, grade, _ = _graded(source)
        trials = sum(step.technique == "trial" for step in grade.steps)
        assert (trials <= grading.HARD_MOST) == (level == "hard") and grade.score == grading.trial_score(trials)
        assert ratings.graded(grading, grade)["hardest_steps"] == trials
    capped = grading.grade(_graded("fiendish")[0], cap=dict(grading.LEVELS)["hard"])
    assert not capped.solved and capped.stopped == "cap"
    orders = [ratings.order(ratings.graded(grading, _graded(source)[1])) for source in ("medium", "hard", "fiendish")]
    assert orders == sorted(orders)


@pytest.mark.parametrize("n, level, seed", [(5, "medium", 0), (5, "hard", 2)])
def test_generated_puzlogic_is_unique_and_in_band(n, level, seed):
    made = generate.generate(puzlogic, rows=n, cols=n, difficulty=level, seed=seed)
    assert made["status"] == "generated" and made["difficulty"]["rating"] == level
    puzzle = puzlogic.parse(made["text"])
    other = api.handle({"op": "solve", "kind": "puzlogic", "text": made["text"], "backend": "smt",
                        "render": False})["result"]
    assert other["status"] == "unique"
    assert puzlogic.check(puzzle, puzlogic.parse_solution(puzzle, other["solution"])) == []
    assert grading.grade(puzzle).level == level


def test_hints_name_the_techniques():
    result = api.handle({"op": "hint", "kind": "puzlogic", "text": MEDIUM, "path": True})["result"]
    names = {step["rule"] for step in result["steps"]}
    assert "a line for each piece" in names and names <= TECHNIQUES
    difficulty = result["difficulty"]
    assert difficulty["rating"] == "medium" and difficulty["hardest"] == "a line for each piece"
    assert difficulty["hardest_steps"] == 1
    hint = api.handle({"op": "hint", "kind": "puzlogic", "text": MEDIUM})["result"]["hint"]
    assert hint["rule"] in ("line's last cell", "single", "only place")
