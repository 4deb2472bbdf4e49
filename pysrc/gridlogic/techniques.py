"""Steps told by a kind's grader: a puzzle the kind grades by human techniques (plain sudoku, on Sudoku
Explainer's scale) is walked by that grader, so the steps Explain all shows, the next hint and the rating
are one walk, and each step names its technique, the units it works in, its pattern's cells and the few
values and ruled-out candidates it rests on (the grader's `walk`; grading/told.py for sudoku).

The values a step rests on are clues as hints name them: the puzzle's given (its formula's ("given", r,
c) clue), the user's entry (("entry", r, c, v)), or an earlier step held as step.held says; a
candidate an earlier step ruled out likewise. A puzzle whose grader cannot finish (stuck beyond its
techniques, or several solutions, where uniqueness techniques are unsound) is walked by SAT instead
(walks.walk_session), and rated by that walk.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from gridlogic.cnf.clues import Clue
from gridlogic.contract import optional
from gridlogic.ratings import graded
from gridlogic.session import Session
from gridlogic.step import Step, held
from gridlogic.walks import Walk

HINT_MS = 5000              # the grader's share of a hint's budget (its forcing chains can take seconds a step
                            # in Python: norvig_hardest's second puzzle takes minutes to grade)


@dataclass(frozen=True)
class Told:
    """A grader's walk as hint steps, and its difficulty (None for a single hint; out of time, the
    difficulty of the steps so far, a lower bound: the grade counts the technique it was looking for)."""

    walk: Walk
    difficulty: dict | None


def told_walk(session: Session, grader: ModuleType, status: str, open_cells: int, *, hint_only: bool) -> Told | None:
    """The grader's walk from the session's puzzle and entries, told: with `hint_only` up to the first step
    that places a value (the hint; the steps before it that only rule candidates out ride along as its
    `before`), else every step with the difficulty of that same walk. None when the grader cannot go on
    (stuck, or no step found for a hint): the SAT walk is asked then. A hint gives the grader HINT_MS: a
    placement its chains take longer to reach is left to SAT. Out of time, the steps so far with
    `stopped` "budget" and, for a path, the grade so far as the difficulty: what the walk needs at least."""
    budget = session.budget.within(HINT_MS) if hint_only else session.budget
    grade = grader.walk(session.puzzle, session.entries, budget=budget, until_placed=hint_only)
    stopped = "budget" if grade.stopped == "budget" else None
    if stopped and hint_only and not session.budget.is_expired():
        return None
    if stopped is None and not grade.solved and not (hint_only and grade.steps and grade.steps[-1].placed):
        return None
    steps = _steps(session, grade.steps)
    if hint_only and stopped is None and steps:
        steps = [_with_before(steps[-1], steps[:-1])]
    walk = Walk(status, tuple(steps), None, stopped, open_cells)
    return Told(walk, None if hint_only else graded(grader, grade))


def _with_before(step: Step, before: list[Step]) -> Step:
    """A hint's step with the eliminations it was found after."""
    return Step(step.r, step.c, step.value, step.eliminated, step.clues, step.rule, step.word, step.units,
                step.pattern, step.eliminations, tuple(before))


def _steps(session: Session, grade_steps: Any) -> list[Step]:
    """Each grade step as a hint step, its reason's values and ruled-out candidates as clues."""
    formula = session.formula(exact=True)
    words = optional(session.kind, "VALUE_WORDS") or {}          # how a value is said ("filled"), if not by its number
    steps = []
    for gs in grade_steps:
        told = gs.told
        clues = tuple(_clue(formula, fact, words) for fact in told.values) + tuple(_ruled(fact) for fact in told.ruled_out)
        clues += tuple(formula.clues[key] for key in getattr(told, "keys", ()) if key in formula.clues)
        if gs.placed:
            (r, c, v), eliminated = gs.placed[0], False
        else:
            (r, c, v), eliminated = gs.eliminated[0], True
        steps.append(Step(r, c, v, eliminated, clues, told.technique, words[v][0] if v in words else None,
                          told.units, told.pattern,
                          tuple(gs.eliminated)))
    return steps


def _clue(formula: Any, fact: tuple[int, int, int], words: dict) -> Clue:
    """The clue that holds a value: its given, the user's entry, or an earlier step."""
    r, c, v = fact
    for key in (("given", r, c), ("entry", r, c, v)):
        if key in formula.clues:
            return formula.clues[key]
    key, label = held(fact, False, words[v][0] if v in words else None)
    return Clue(key, 0, ((r, c),), label)


def _ruled(fact: tuple[int, int, int]) -> Clue:
    key, label = held(fact, True)
    return Clue(key, 0, (fact[:2],), label)
