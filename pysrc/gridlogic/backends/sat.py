"""SAT backend (python-sat): solve, enumerate with blocking clauses, count up to a limit.

A second solution is always looked for, which decides unique vs multiple. Blocking clauses are
over the formula's shown variables only, so auxiliary variables never inflate a count.

When a formula is a cached base plus assumptions (sudoku givens), one solver per base is kept
and reused: blocking clauses are then guarded by a fresh selector literal that is assumed during
this enumeration and switched off for good afterwards, so nothing leaks into the next puzzle.
`bench/engines.py` measured the engines on the corpus; the default is the fastest there.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from pysat.solvers import Solver

from gridlogic.formula import Formula, Model

DEFAULT_ENGINE = "minisat22"   # fastest overall in bench/engines.py (see README)
ENGINES = ("minisat22", "cadical195", "glucose4", "minicard", "maplechrono", "lingeling")
_CACHE_SIZE = 8


class _Session:
    """A solver loaded with a base formula, plus the next free selector variable."""

    def __init__(self, engine: str, base: Formula) -> None:
        self.base = base
        self.solver = Solver(name=engine, bootstrap_with=base.clauses)
        self.next_selector = base.top + 1


class SessionCache:
    """Solvers kept per cached base formula (least recently used dropped first)."""

    def __init__(self, size: int = _CACHE_SIZE) -> None:
        self.size = size
        self._sessions: OrderedDict[tuple[int, str], _Session] = OrderedDict()

    def get(self, engine: str, base: Formula) -> _Session:
        """The session for (engine, base), created on first use."""
        key = (id(base), engine)
        session = self._sessions.pop(key, None)
        if session is None or session.base is not base:
            session = _Session(engine, base)
        self._sessions[key] = session
        while len(self._sessions) > self.size:
            _, old = self._sessions.popitem(last=False)
            old.solver.delete()
        return session


SESSIONS = SessionCache()


def enumerate_models(formula: Formula, limit: int, *, engine: str = DEFAULT_ENGINE,
                     keep: int | None = None, settle_limit: bool = False,
                     on_progress: Callable[[int], None] | None = None,
                     progress_every: float = 0.2) -> tuple[list[Model], int, bool]:
    """Find up to `limit` models: (the first `keep` models, how many were found, whether that is all).

    With `settle_limit`, a search that stops at the limit looks once more so that exactly
    `limit` solutions is reported as complete.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown SAT engine {engine!r}")
    keep = limit if keep is None else keep
    reuse = formula.extends_base_only()
    if reuse:
        session = SESSIONS.get(engine, formula.base)
        solver = session.solver
        selector = session.next_selector
        session.next_selector += 1
        assumptions = list(formula.assumptions) + [selector]
    else:
        solver = Solver(name=engine, bootstrap_with=formula.clauses)
        selector = None
        assumptions = list(formula.assumptions)
    shown = formula.shown or list(range(1, formula.top + 1))
    models: list[Model] = []
    found = 0
    complete = False
    last = time.monotonic()
    try:
        while found < limit:
            if not solver.solve(assumptions=assumptions):
                complete = True
                break
            raw = solver.get_model()
            found += 1
            truth = {abs(x) for x in raw if x > 0}
            if len(models) < keep:
                models.append(Model(formula, truth))
            block = ([-v for v in shown if v in truth] if formula.fixed_weight
                     else [-v if v in truth else v for v in shown])
            solver.add_clause(block + [-selector] if selector else block)
            if on_progress and time.monotonic() - last >= progress_every:
                on_progress(found)
                last = time.monotonic()
        if settle_limit and not complete:
            complete = not solver.solve(assumptions=assumptions)
    finally:
        if selector:
            solver.add_clause([-selector])
        else:
            solver.delete()
    return models, found, complete


def engine_name(engine: str = DEFAULT_ENGINE) -> str:
    """The name reported in answers, e.g. `sat:cadical195`."""
    return f"sat:{engine}"
