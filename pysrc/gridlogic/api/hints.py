"""The ops of a player at work: the next step and its reason, or a whole path with its difficulty
(`hint`), which entries are wrong so far (`progress`), and which rules the entries break (`clashes`).

A hint's entry check and its walk read one session built as explanations need it (exact clues), so
the puzzle is encoded once; a progress check reads a session of its own.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from gridlogic import conflicts, explain, ratings, solver, walks
from gridlogic.api.kinds import puzzle_of
from gridlogic.budget import Budget, BudgetExceeded
from gridlogic.clashes import clashes as find_clashes
from gridlogic.entries import progress as check_entries
from gridlogic.entries import wrong_message, wrong_triples
from gridlogic.errors import RequestError
from gridlogic.contract import is_cnf
from gridlogic.session import Session
from gridlogic.techniques import told_walk


def op_hint(clean: dict, progress=None) -> dict:
    """The next step with its reason: one value (or eliminated candidate) forced now, the clues that force
    it, and a sentence; with `path`, every step to the end and the difficulty. The puzzle's givens and
    `entries` are what the user has so far; entries no solution keeps are named first (`wrong`, `message`,
    no hint). Steps are always found through SAT; a `backend` named must be one the kind can use."""
    budget = Budget(clean["budget_ms"])
    kind = clean["kind"]
    if not is_cnf(kind):
        raise RequestError(f"{kind.TITLE} has no hints (it is solved by a search, not through SAT); "
                           "'progress' checks your entries", field="kind")
    explain.check_explainable(kind, "hint", "kind")
    if clean["backend"] is not None:
        solver.check_backend(kind, clean["backend"])
    puzzle = puzzle_of(clean)
    session = Session(kind, puzzle, clean["entries"], engine=clean["engine"], budget=budget, exact=True)
    if clean["entries"]:
        checked = check_entries(session)
        if checked.wrong or checked.stopped:
            return _hint_of_wrong(kind, clean, checked)
    walk, difficulty = _walk(kind, puzzle, clean, session, budget)
    steps = [step.to_json() for step in walk.steps]
    result = {"status": walk.status, "hint": steps[0] if steps else None, "stopped": walk.stopped,
              "message": _hint_message(walk)}
    if clean["entries"]:
        result["wrong"] = []
    if walk.conflict is not None:
        result.update(walk.conflict.to_json())
    if clean["path"]:
        result["steps"] = steps
        finished = walk.status != "none" and not walk.stopped
        result["difficulty"] = difficulty if finished else None
        result["at_least"] = difficulty if walk.stopped == "budget" and _tells(difficulty) else None
    return result


def _tells(difficulty: dict | None) -> bool:
    """Whether a stopped walk's difficulty says anything: a step found, or a technique being looked for."""
    return difficulty is not None and (difficulty["steps"] > 0 or difficulty.get("score", 0) > 0)


def _walk(kind: ModuleType, puzzle: Any, clean: dict, session: Session, budget: Budget) -> tuple[Any, dict | None]:
    """The steps a hint (or with `path`, Explain all) shows, and the difficulty of that same walk. A puzzle
    the kind grades by human techniques (plain sudoku) with one solution is walked by its grader
    (gridlogic/techniques.py); any other, or one the grader cannot finish, through SAT, rated by its walk.
    Without a named engine, the SAT walk is walked as the generator rates (RATING_ENGINE, a new solver):
    the same steps on CPython and in the page, whatever was asked before. A path the budget stopped is
    rated by its steps so far: a lower bound, since every later step can only add to it."""
    fresh = clean["engine"] is None
    engine = walks.RATING_ENGINE if fresh else None
    grader = ratings.grader_of(kind, puzzle)
    if grader is not None:
        status = walks.walk_session(session, most=0, engine=engine, new=fresh)
        if status.status == "none" or status.stopped:
            return status, None
        if status.status == "unique":
            told = told_walk(session, grader, status.status, status.open_cells, hint_only=not clean["path"])
            if told is not None:
                return told.walk, told.difficulty
    walk = walks.walk_session(session, most=None if clean["path"] else 1, engine=engine, new=fresh)
    rated = clean["path"] and walk.status != "none" and walk.stopped in (None, "budget")
    return walk, ratings.walk_difficulty(kind, puzzle, walk.steps) if rated else None


def _hint_of_wrong(kind: ModuleType, clean: dict, checked: Any) -> dict:
    """The hint when entries are wrong (status none: no solution keeps them all), or when checking them
    used the budget up (status unknown, `stopped` "budget")."""
    wrong = wrong_triples(clean["entries"], checked.wrong)
    if wrong:
        message = wrong_message(kind, wrong)
    else:
        message = "your entries could not be checked within the time budget"
    result = {"status": "none" if wrong else "unknown", "hint": None, "stopped": checked.stopped,
              "message": message, "wrong": wrong}
    if clean["path"]:
        result["steps"] = []
        result["difficulty"] = result["at_least"] = None
    return result


def _hint_message(walk: Any) -> str:
    """What the hint says when it gives no step, or the first step's sentence."""
    if walk.steps:
        return walk.steps[0].sentence
    if walk.status == "none" and walk.conflict is None:
        return "No solution; which clues cannot all hold was not found within the time budget."
    if walk.status == "none":
        return "No solution: " + conflicts.because(list(walk.conflict.clues))
    if walk.stopped:
        return "No step found within the time budget."
    if not walk.open_cells:
        return "Nothing left: every cell is filled."
    return "No cell is certain yet: the puzzle has several solutions here."


def op_progress(clean: dict, progress=None) -> dict:
    """Check the user's `entries` against the puzzle: the wrong ones (no solution agrees with them and
    the correct ones before them), whether all are correct so far, and whether they solve it (`solved`:
    a whole solution, passed by the kind's own checker); no other cell is revealed. CNF
    kinds ask SAT; a kind whose search takes entries (number cross) asks its search."""
    budget = Budget(clean["budget_ms"])
    kind = clean["kind"]
    if not solver.searches_entries(kind):
        explain.check_explainable(kind, "progress", "kind")
    puzzle = puzzle_of(clean)
    checked = check_entries(Session(kind, puzzle, sorted(clean["entries"]), engine=clean["engine"], budget=budget))
    return {"status": checked.status, "wrong": [list(cell) for cell in checked.wrong],
            "correct_so_far": checked.status in ("unique", "multiple") and not checked.wrong,
            "solved": checked.solved, "stopped": checked.stopped}


def op_clashes(clean: dict, progress=None) -> dict:
    """The clues and houses that the givens and `entries` already break, from the rules alone (no solving,
    nothing revealed: gridlogic/clashes): each with its key, label and the valued cells it rests on, and
    `cells`, all of those. A kind solved by a search (number cross) has no rules as clauses to ask:
    `supported` is then false and nothing is named. Out of time, `stopped` is "budget" and nothing is named."""
    kind = clean["kind"]
    if not is_cnf(kind):
        return {"supported": False, "clashes": [], "cells": [], "stopped": None}
    try:
        found = find_clashes(kind, puzzle_of(clean), clean["entries"], Budget(clean["budget_ms"]))
    except BudgetExceeded:
        return {"supported": True, "clashes": [], "cells": [], "stopped": "budget"}
    cells = sorted({cell for clash in found for cell in clash.cells})
    return {"supported": True, "clashes": [clash.to_json() for clash in found], "cells": [list(cell) for cell in cells],
            "stopped": None}
