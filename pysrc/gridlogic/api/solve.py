"""The `solve` op: the status, the solutions (as text and boards) or their count, and whatever else the
request asks of the same puzzle: the certain cells (`facts`), the values each cell can take
(`candidates`), the setter's help (`setter`), the classes of solutions under the grid's symmetries
(`symmetry`), which entries are wrong, and why there is no solution (`explain`).

Every one of those questions reads one session (gridlogic/session.py): the puzzle's formula is built
once, with the user's entries held, for the solve and each question after it; only why there is no
solution needs the formula built for explanations besides.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from gridlogic import explain, setter, solver, symmetry
from gridlogic.api.kinds import puzzle_of
from gridlogic.budget import Budget, BudgetExceeded, first_then_within
from gridlogic.entries import progress as check_entries
from gridlogic.entries import wrong_message, wrong_triples
from gridlogic.errors import RequestError, excerpt
from gridlogic.contract import is_cnf, optional
from gridlogic.model import Answer
from gridlogic.session import Session

MAX_KEEP = 10_000         # solutions sent back at most
MAX_BOARDS = 200          # of those, drawn as boards for the page at most


def op_solve(clean: dict, progress: Callable[[dict], None] | None = None) -> dict:
    """Solve (and say unique/multiple/none), or count / list solutions up to `limit`, within `budget_ms`.

    With `entries` the solutions are those that agree with them, and the answer also has `wrong`,
    `wrong_stopped` and `message` (see _wrong_json): when the entries leave no solution, the wrong
    ones are named instead of a conflict; only a puzzle without solutions of its own gets its conflict."""
    budget = Budget(clean["budget_ms"])
    kind = clean["kind"]
    for field in ("facts", "candidates", "explain", "entries"):
        if clean[field] and not (field == "entries" and solver.searches_entries(kind)):
            explain.check_explainable(kind, field)
    if clean["setter"]:
        setter.check_setter(kind)
        if clean["entries"]:
            raise RequestError("'setter' looks at the puzzle's own givens: send it without 'entries'",
                               field="setter")
    puzzle = puzzle_of(clean)
    mode = "all" if clean["all"] else "count" if clean["count"] else "solve"
    if isinstance(clean["symmetry"], str):
        raise RequestError(f"'symmetry' of a solve must be true or false, not {excerpt(clean['symmetry'])}",
                           field="symmetry")
    if clean["symmetry"] and mode == "solve":
        raise RequestError("'symmetry' needs 'count' or 'all' (classes are counted from every solution)",
                           field="symmetry")
    if clean["symmetry"] and clean["entries"]:
        raise RequestError("'symmetry' counts the puzzle's own solutions: send it without 'entries'",
                           field="symmetry")
    entries = clean["entries"]
    limit = clean["limit"]
    keep = clean["keep"]
    if keep is None:
        keep = min(limit, MAX_KEEP) if mode == "all" else 2 if mode == "solve" else 20
    unit = "count" if is_cnf(kind) else "nodes"          # native searches report nodes searched
    report = _reporter(progress, unit, kind, puzzle, clean["render"])
    session = Session(kind, puzzle, entries, engine=clean["engine"], budget=budget)
    answer = solver.answer(session, backend=clean["backend"], mode=mode, limit=limit, keep=keep, on_progress=report)
    shown, cut = first_then_within(budget, enumerate(answer.solutions),
                                   lambda item: _shown_solution(kind, puzzle, *item, clean["render"]))
    solutions = [text for text, _ in shown]
    result = {
        "kind": kind.KEY,
        "status": answer.status,
        "solution": solutions[0] if solutions else None,
        "solutions": solutions,
        "kept": len(solutions),
        "kept_stopped": "budget" if cut or answer.kept_stopped else None,
        "engine": answer.engine,
        "elapsed_ms": answer.stats["elapsed_ms"],
        "budget_ms": clean["budget_ms"],
        "stopped": answer.stopped,
    }
    if clean["render"]:
        boards = [board for _, board in shown if board is not None]
        result["board"] = boards[0] if boards else kind.render(puzzle).to_json()
        result["boards"] = boards
    if mode != "solve" or answer.stopped:
        result["count"] = answer.count
        result["count_complete"] = answer.complete
    if clean["symmetry"]:
        result.update(symmetry.classes(session, answer.count, answer.complete))
    answer_of = optional(kind, "answer_of")
    if answer_of is not None and answer.solution is not None:
        result["answer"] = answer_of(puzzle, answer.solution)
    if clean["facts"]:
        result.update(_facts(session, answer))
    if clean["candidates"]:
        result.update(_candidates(session, answer))
    if clean["setter"]:
        result.update(_setter(session, answer))
    checked = None
    if entries:
        checked = check_entries(session) if answer.status == "none" else None
        result.update(_wrong_json(kind, entries, checked))
    if clean["explain"]:
        if checked is not None and checked.wrong:
            result.update({"conflict": None, "conflict_clues": None, "because": None, "conflict_minimal": None,
                           "explain_stopped": None})
        else:
            alone = checked is not None and checked.status == "none"    # the puzzle has none by itself
            asked = Session(kind, puzzle, engine=clean["engine"], budget=budget) if alone else session
            result.update(_conflict(asked, answer))
    return result


def _reporter(progress: Callable[[dict], None] | None, unit: str, kind: ModuleType, puzzle: Any,
              render: bool) -> Callable | None:
    """on_progress for solver.answer: {unit: n}, and with a count the boards of the solutions kept since
    the last report (the first MAX_BOARDS), so that a count stopped keeps what it found."""
    if progress is None:
        return None
    drawn = 0

    def report(n: int, new: Any = ()) -> None:
        nonlocal drawn
        message: dict = {unit: n}
        if render and new and drawn < MAX_BOARDS:
            boards = [kind.render(puzzle, solution).to_json() for solution in list(new)[:MAX_BOARDS - drawn]]
            drawn += len(boards)
            message["boards"] = boards
        progress(message)
    return report


def _wrong_json(kind: ModuleType, entries: list, checked: Any) -> dict:
    """For a solve with entries, from the check of entries that left no solution (None when there are
    solutions): `wrong` (the entries no solution keeps, [r, c, v] in position order), `wrong_stopped`
    ("budget" when the time ran out before all were checked) and `message` (a sentence naming them, or
    saying the puzzle has no solution by itself; None while there are solutions)."""
    if checked is None:
        return {"wrong": [], "wrong_stopped": None, "message": None}
    wrong = wrong_triples(entries, checked.wrong)
    if wrong:
        message = wrong_message(kind, wrong)
    elif checked.status == "none":
        message = "the puzzle has no solution even without your entries"
    else:
        message = "your entries leave no solution; which are wrong was not found within the time budget"
    return {"wrong": wrong, "wrong_stopped": checked.stopped, "message": message}


def _shown_solution(kind: ModuleType, puzzle: Any, i: int, solution: Any, render: bool) -> tuple[str, dict | None]:
    """A kept solution as text, and as a board when boards are drawn and it is among the first MAX_BOARDS."""
    board = kind.render(puzzle, solution).to_json() if render and i < MAX_BOARDS else None
    return kind.format(puzzle, solution), board


def _facts(session: Session, answer: Answer) -> dict:
    """The certain cells of a puzzle with solutions: `facts`, `facts_count`, and `facts_stopped`
    ("budget" when the time ran out first; then the other two are None, as for no solution)."""
    out = {"facts": None, "facts_count": None, "facts_stopped": answer.stopped}
    if answer.status in ("unique", "multiple"):
        try:
            cells = explain.facts(session)
        except BudgetExceeded:
            out["facts_stopped"] = "budget"
        else:
            if cells is not None:
                out["facts"], out["facts_count"] = [list(cell) for cell in cells], len(cells)
    return out


def _candidates(session: Session, answer: Answer) -> dict:
    """The true candidates of a puzzle with solutions: `candidates` ([r, c, [values]] per open cell) and
    `candidates_stopped` ("budget" when the time ran out first: then the values not yet settled are
    left in, or `candidates` is None when no solution was found)."""
    out = {"candidates": None, "candidates_stopped": answer.stopped}
    if answer.status in ("unique", "multiple"):
        try:
            cells = explain.candidates(session)
        except BudgetExceeded as stop:
            out["candidates_stopped"] = "budget"
            cells = list(stop.kept) or None
        if cells is not None:
            out["candidates"] = [[r, c, list(values)] for r, c, values in cells]
    return out


def _setter(session: Session, answer: Answer) -> dict:
    """The setter helpers (see setter.helpers): `differ` and `unique_with` for several solutions,
    `redundant` for one, and `setter_stopped`."""
    if answer.status in ("unique", "multiple"):
        return setter.helpers(session)
    return {"differ": None, "unique_with": None, "redundant": None, "setter_stopped": answer.stopped}


def _conflict(session: Session, answer: Answer) -> dict:
    """Why a puzzle has no solution: `conflict` (the cells), `conflict_clues`, `because` (a sentence),
    `conflict_minimal`, and `explain_stopped` ("budget" when the time ran out first: then either no
    conflict, or the smallest set found so far, not shown minimal); None for a puzzle with solutions."""
    out = {"conflict": None, "conflict_clues": None, "because": None, "conflict_minimal": None,
           "explain_stopped": answer.stopped}
    if answer.status == "none":
        try:
            found = explain.explain(session)
        except BudgetExceeded:
            out["explain_stopped"] = "budget"
        else:
            if found is not None:
                out.update(found.to_json())
                out["explain_stopped"] = found.stopped
    return out
