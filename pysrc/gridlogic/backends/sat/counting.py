"""Counting and listing solutions: models found one by one, each blocked before the next call.

A second solution is always looked for, which decides unique vs multiple. Blocking clauses are
over the formula's shown variables only, so auxiliary variables never inflate a count. They carry
the negation of a selector assumed during the enumeration and switched off for good afterwards
(solvers.py), so a cached solver keeps nothing of them.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from pysat.solvers import Solver

from gridlogic.backends.sat.engines import DEFAULT_ENGINE, BoundedCalls
from gridlogic.backends.sat.lazy import lazy_rule
from gridlogic.backends.sat.solvers import shown, solver_with
from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.cnf.formula import Formula, Model

POSITIVE = (0).__lt__            # filter() keeps the true literals of a model at C speed


def enumerate_models(formula: Formula, limit: int, *, engine: str = DEFAULT_ENGINE,
                     keep: int | None = None, settle_limit: bool = False,
                     on_progress: Callable[[int, list[Model]], None] | None = None,
                     progress_every: float = 0.2,
                     budget: Budget = UNLIMITED) -> tuple[list[Model], int, bool]:
    """Find up to `limit` models: (the first `keep` models, how many were found, whether that is all).

    With `settle_limit`, a search that stops at the limit looks once more so that exactly
    `limit` solutions is reported as complete. When `budget` runs out first, BudgetExceeded
    carries the models found so far.
    """
    keep = limit if keep is None else keep
    with solver_with(formula, engine, budget) as (solver, fresh, selector):
        assumptions = list(formula.assumptions) + [selector]
        calls = BoundedCalls(solver, engine, budget, lazy_rule(formula, fresh))
        return enumerate_on(formula, solver, calls, assumptions, selector, limit, keep, settle_limit, on_progress,
                            progress_every)


def enumerate_on(formula: Formula, solver: Solver, calls: BoundedCalls, assumptions: list[int],
                 selector: int, limit: int, keep: int, settle_limit: bool,
                 on_progress: Callable[[int, list[Model]], None] | None,
                 progress_every: float) -> tuple[list[Model], int, bool]:
    """`enumerate_models` on a solver holding `formula`, under `assumptions` (`selector` among them: the
    blocking clauses carry its negation)."""
    variables = shown(formula)
    shown_is_set = len(variables) < formula.top
    shown_set = set(variables) if shown_is_set else range(1, formula.top + 1)
    models: list[Model] = []
    found = 0
    complete = False
    last = time.monotonic()
    try:
        while found < limit:
            if not calls.solve(assumptions):
                complete = True
                break
            raw = solver.get_model()             # raw[v - 1] is v or -v, for every variable of the solver
            found += 1
            true = list(filter(POSITIVE, raw[:formula.top]))
            if len(models) < keep:
                models.append(Model(formula, true))
            block = ([-v for v in shown_set.intersection(true)] if formula.fixed_weight and shown_is_set
                     else [-v for v in true] if formula.fixed_weight
                     else [-v if raw[v - 1] > 0 else v for v in variables])
            solver.add_clause(block + [-selector])
            if on_progress and time.monotonic() - last >= progress_every:
                on_progress(found, models)
                last = time.monotonic()
        if settle_limit and not complete:
            complete = not calls.solve(assumptions)
    except BudgetExceeded:
        raise BudgetExceeded(found, models) from None
    return models, found, complete
