"""Checking the user's entries: which of them no solution keeps, and how to say so.

The user's *entries* are values (r, c, v) put in cells while playing, apart from the puzzle's givens.
An entry is *wrong* when no solution agrees with it and with the entries kept before it, taken in
order of position (for a unique puzzle: it differs from the solution). Nothing is said of any other
cell. The entries *solve* the puzzle when none is wrong and they fill a whole solution: every open
cell (gridlogic.layout.play) holds its value, save those whose value the kind words "empty" or "unshaded" (a
nonogram's crosses, a shading genre's dots: a cell with no entry says as much), and that solution passes the kind's own `check`.
CNF kinds are checked through SAT, on the session's formula (the puzzle's givens, each entry an
assumption in turn); a kind whose search takes entries (number cross) through its search.

This module sits above the solver and the explanations: it asks the first whether the puzzle has
solutions and refuses, through the second, kinds that cannot check entries.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from gridlogic import solver
from gridlogic.budget import BudgetExceeded
from gridlogic.cnf.formula import Model
from gridlogic.explain import check_explainable
from gridlogic.contract import layout_of, optional
from gridlogic.layout.play import is_open
from gridlogic.session import Fact, Session

Cell = tuple[int, int]
WRONG_NAMED = 5           # wrong entries a message names one by one; the rest are counted
BLANK_WORDS = ("empty", "unshaded")   # values a cell with no entry stands for (a cross, a dot)


@dataclass(frozen=True)
class Progress:
    """The entries that no solution agrees with (given the ones kept before them), the status, and
    whether the entries solve the puzzle (see the module docstring)."""

    status: str
    wrong: tuple[Cell, ...] = ()
    stopped: str | None = None
    solved: bool = False


def progress(session: Session) -> Progress:
    """Which of the session's entries are wrong (see the module docstring): through SAT for CNF kinds,
    through the kind's search for a kind whose search takes entries."""
    if solver.searches_entries(session.kind):
        return _search_progress(session)
    return _sat_progress(session)


def _sat_progress(session: Session) -> Progress:
    """`progress` through SAT: the puzzle's status (unique, multiple; none or unknown end it), then each
    entry asked with those kept before it, a model found standing for every entry it agrees with."""
    from gridlogic.backends import sat

    check_explainable(session.kind, "progress", "kind")
    eng = session.sat_engine()
    entries = sorted(set(session.entries))
    wrong: list[Cell] = []
    kept: list[int] = []
    try:
        formula = session.formula()                       # (an entry with no place is refused here)
        placed, _ = session.meanings()
    except BudgetExceeded:
        return Progress("unknown", stopped="budget")
    by_fact = {fact: lit for lit, fact in placed.items()}
    givens = session.givens()
    shown = formula.shown or list(range(1, formula.top + 1))
    try:
        with sat.questions(formula, eng, session.budget) as ask:
            truth = ask.model(givens)
            if truth is None:
                return Progress("none")
            status = "multiple" if ask.other(givens, truth, shown) is not None else "unique"
            for r, c, v in entries:
                lit = by_fact[(r, c, v)]
                if lit in truth:
                    kept.append(lit)
                    continue
                model = ask.model(givens + kept + [lit])
                if model is None:
                    wrong.append((r, c))
                else:
                    truth = model
                    kept.append(lit)
    except BudgetExceeded:
        return Progress("unknown", tuple(wrong), "budget")
    solved = False
    if not wrong:
        facts = [placed[lit] for lit in truth if lit in placed]
        solved = _fills(session, facts) and not session.kind.check(
            session.puzzle, session.kind.decode(session.puzzle, Model(formula, [v for v in truth if v > 0])))
    return Progress(status, tuple(wrong), solved=solved)


def _search_progress(session: Session) -> Progress:
    """`progress` through a kind's search: taken in order of position, an entry is kept when some
    solution agrees with it and every entry kept so far, and wrong otherwise."""
    from gridlogic.backends import native

    kind, puzzle, budget = session.kind, session.puzzle, session.budget
    entries = sorted(set(session.entries))
    optional(kind, "check_entries")(puzzle, entries)
    value_at = optional(kind, "value_at")
    answer = solver.solve(kind, puzzle, mode="solve", keep=1, budget=budget)
    if answer.status in ("none", "unknown"):
        return Progress(answer.status, stopped=answer.stopped)
    truth = answer.solution
    kept: list[Fact] = []
    wrong: list[Cell] = []
    try:
        for r, c, v in entries:
            if value_at(truth, r, c) != v:
                found, _, _ = native.enumerate_solutions(solver.searching(kind, kept + [(r, c, v)]), puzzle, 1,
                                                         budget=budget)
                if not found:
                    wrong.append((r, c))
                    continue
                truth = found[0]
            kept.append((r, c, v))
    except BudgetExceeded:
        return Progress("unknown", tuple(wrong), "budget")
    solved = False
    if not wrong:
        rows, cols = _size(session)
        facts = [(r, c, value_at(truth, r, c)) for r in range(rows) for c in range(cols)]
        solved = _fills(session, facts) and not kind.check(puzzle, truth)
    return Progress(answer.status, tuple(wrong), solved=solved)


def _size(session: Session) -> tuple[int, int]:
    """The puzzle's rows and columns."""
    state = session.kind.to_state(session.puzzle)
    return state["rows"], state["cols"]


def _fills(session: Session, facts: list[Fact]) -> bool:
    """Whether the session's entries hold every fact (r, c, v) of a solution at an open cell, save those
    whose value the kind words "empty" or "unshaded" (BLANK_WORDS)."""
    kind = session.kind
    state = kind.to_state(session.puzzle)
    layout = layout_of(kind)
    empty = {v for v, (word, _) in (optional(kind, "VALUE_WORDS") or {}).items() if word in BLANK_WORDS}
    entered = set(session.entries)
    return all(fact in entered for fact in facts
               if fact[2] not in empty and is_open(layout, state, fact[0], fact[1]))


def wrong_triples(entries: Any, cells: Any) -> list[list[int]]:
    """The entries at `cells` as [r, c, v], in the order of `cells` (position order)."""
    value = {(r, c): v for r, c, v in entries}
    return [[r, c, value[r, c]] for r, c in cells]


def wrong_message(kind: ModuleType, wrong: list) -> str:
    """"your 6 at r1c1 is wrong; no solution keeps it" (a value with a word: "your empty cell at r1c1")."""
    words = optional(kind, "VALUE_WORDS") or {}
    names = [f"your {words[v][0]} cell at r{r + 1}c{c + 1}" if v in words else f"your {v} at r{r + 1}c{c + 1}"
             for r, c, v in wrong[:WRONG_NAMED]]
    if len(wrong) > WRONG_NAMED:
        names.append(f"{len(wrong) - WRONG_NAMED:,} more")
    if len(names) == 1:
        return f"{names[0]} is wrong; no solution keeps it"
    return f"{', '.join(names[:-1])} and {names[-1]} are wrong; no solution keeps them"
