"""Why a puzzle has no solution: a small set of its clues that cannot all hold (the fewest rules first,
then the clues nearest each other), shrunk by deletion to a minimal one while the time allows, and the
sentence that names it. Asked by explain.explain, and by a walk that finds no solution (walks.py).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from typing import Any

from gridlogic.budget import BudgetExceeded
from gridlogic.cnf.clues import Clue
from gridlogic.cnf.formula import Formula
from gridlogic.reasons import clue_distance
from gridlogic.step import listed, names_of

RULES_MS = 500              # effort for each proper subset of the rules while looking for a conflict
NEAR_MS = 500               # time spent looking for a smaller core, clues ordered around each clue in turn
CHECK_MS = 250              # effort for each deletion check while shrinking a conflict (then 4x, 16x, ...
SETTLE_MS = 2000            # ... for the checks left open, asked of a new solver for at most this long)


@dataclass(frozen=True)
class Conflict:
    """Clues that cannot all hold, and whether dropping any one of them was shown to leave a solution."""

    clues: tuple[Clue, ...]
    minimal: bool = True
    stopped: str | None = None            # "budget" when the time ran out before the set was shrunk

    def to_json(self) -> dict:
        """The conflict as the API sends it: `conflict` (the cells), `conflict_clues`, `because` (a
        sentence) and `conflict_minimal` (false when dropping some clue was not shown to leave a solution)."""
        clues = list(self.clues)
        cells = sorted({cell for clue in clues for cell in clue.cells})
        return {"conflict": [list(cell) for cell in cells],
                "conflict_clues": [{"key": _json_key(clue.key), "label": clue.label,
                                    "cells": [list(cell) for cell in clue.cells]} for clue in clues],
                "because": because(clues), "conflict_minimal": self.minimal}


def conflict_of(ask, formula: Formula) -> Conflict | None:
    """A set of the formula's clues that cannot all hold, small when one can be found quickly; None when
    they have a solution.

    The rules (clues without cells) come first: each proper subset of them is asked with the other
    clues, the fewest rules first, within RULES_MS (one rule alone often conflicts with the givens, and
    is far easier for the solver than all of them), then all of them. The solver's core depends on the
    order of the clues it is given, so for each subset of the fewest rules that conflicts, the same
    clues are asked again nearest first around each clue in turn (see `_nearest_core`), and the smallest
    core found is shrunk by deletion (see `Questions.shrink_within`, each check given CHECK_MS at
    least); checks left open are asked again of a new solver (see `_settle`) while SETTLE_MS lasts. A
    member whose check is still open is kept: the set is sound (no solution) but not proven minimal. When the budget
    runs out after a core was found, the smallest set so far is answered, not proven minimal. Which of
    several sets comes out depends on the engine and on what its solver was asked before; the clues are
    listed in the formula's order."""
    by_selector = {clue.selector: clue for clue in formula.clues.values()}
    hard = [x for x in formula.assumptions if x not in by_selector]
    rules = [x for x, clue in by_selector.items() if not clue.cells]
    placed = [x for x, clue in by_selector.items() if clue.cells]
    found = _first_cores(ask, hard, rules, placed)
    if not found:
        return None
    smallest = min((core for _, core in found), key=len)
    try:
        for head, core in found:
            core = _nearest_core(ask, hard, head, placed, by_selector, core, NEAR_MS / len(found))
            smallest = min(smallest, core, key=len)
        core, left_open = ask.shrink_within(hard, smallest, CHECK_MS)
        if left_open:
            core, left_open = _settle(ask, formula, hard, core, left_open)
        minimal, stopped = not left_open, None
    except BudgetExceeded as stop:
        core, minimal, stopped = list(stop.kept) or smallest, False, "budget"
    kept = set(core)
    return Conflict(tuple(clue for x, clue in by_selector.items() if x in kept), minimal, stopped)


def _settle(ask, formula: Formula, hard: list[int], core: list[int],
            left_open: list[int]) -> tuple[list[int], list[int]]:
    """Ask the deletion checks of `core` left open again, of a new solver (the one asked so far may have
    learnt its way into a corner: MiniSat left one open for many seconds that a new solver settles at once),
    each with 4 times the time of the last round, while SETTLE_MS lasts: `core` shrunk further
    and the checks still open. When the budget runs out, BudgetExceeded carries the set so far."""
    from gridlogic.backends import sat

    share = ask.budget.within(SETTLE_MS)
    effort = CHECK_MS
    try:
        with sat.questions(formula, ask.engine, share, new=True) as again:
            while left_open:
                effort = min(effort * 4, share.remaining_ms() or 0)
                core, left_open = again.shrink_within(hard, core, effort, among=left_open)
    except BudgetExceeded as stop:
        core = list(stop.kept) or core
        if ask.budget.is_expired():
            raise BudgetExceeded(kept=core) from None
    return core, [x for x in left_open if x in core]


def _first_cores(ask, hard: list[int], rules: list[int], placed: list[int]) -> list[tuple[list[int], list[int]]]:
    """The subsets of `rules` with the fewest members that cannot hold with the `placed` clues (a proper
    subset asked within RULES_MS, all of them within the budget), each with the solver's core; empty
    when every subset can. When the budget runs out, those found so far (BudgetExceeded if none)."""
    for size in range(len(rules) + 1):
        found = []
        for subset in itertools.combinations(rules, size):
            try:
                core = ask.core(hard, list(subset) + placed, RULES_MS if size < len(rules) else None)
            except BudgetExceeded:
                if not ask.budget.is_expired():
                    continue
                if found:
                    return found
                raise
            if core is not None:
                found.append((list(subset), core))
        if found:
            return found
    return []


def _nearest_core(ask, hard: list[int], head: list[int], placed: list[int], clues: dict[int, Clue],
                  core: list[int], ms: float) -> list[int]:
    """The smallest of `core` (of `head + placed`) and the solver's cores of `head` and the `placed`
    clues ordered nearest first (see `clue_distance`) around each placed clue in turn, those of `core`
    first, while `ms` lasts or until the budget runs out; each asked within CHECK_MS. (A core takes the
    clues met first, and a conflict is usually local: the givens and the rule it needs lie close.)"""
    distance = {x: clue_distance(clues[x]) for x in placed}
    inside = set(core)
    anchors = [x for x in core if x in distance] + [x for x in placed if x not in inside]
    start = time.monotonic()
    for anchor in anchors:
        if time.monotonic() - start >= ms / 1000:
            break
        cell = clues[anchor].cells[0]
        try:
            found = ask.core(hard, head + sorted(placed, key=lambda x: distance[x](cell)), CHECK_MS)
        except BudgetExceeded:
            if ask.budget.is_expired():
                break
            continue
        if found is not None and len(found) < len(core):
            core = found
    return core


def because(clues: list[Clue]) -> str:
    """One sentence naming the clues of a conflict."""
    names = names_of(clues)
    if not names:
        return "The grid's rules cannot hold whatever the clues say."
    if len(names) == 1:
        return f"This clue cannot hold: {names[0]}."
    return f"These {len(names)} clues cannot all hold: {listed(names)}."


def _json_key(key: Any) -> Any:
    """A clue key as JSON: tuples become lists, anything but str, int, bool and None a string."""
    if isinstance(key, tuple):
        return [_json_key(part) for part in key]
    return key if key is None or isinstance(key, (str, int, bool)) else str(key)
