"""SMT backend (z3): the same answers from the same `Formula`, so every CNF kind gets z3 for free.

z3 is imported only when this backend is used; without it the backend is not offered.
Each variable becomes a z3 `Bool`, each clause an `Or`; givens are passed to `check` as
assumptions and further solutions are found with blocking clauses over the shown variables.
A budget becomes z3's `timeout` parameter (the time left) before every `check`; z3 honours it in
Pyodide too (measured), and the budget is also checked while the clauses are handed over.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.formula import Formula, Model

_CLAUSES_PER_CHECK = 5_000      # clauses (or variables) handed to z3 between two budget checks
_TIMER_SLACK_MS = 50            # z3's timer may fire this much before our deadline


def _z3():
    import z3  # noqa: PLC0415  (optional and heavy: imported on demand)
    return z3


def enumerate_models(formula: Formula, limit: int, *, keep: int | None = None,
                     settle_limit: bool = False,
                     on_progress: Callable[[int], None] | None = None,
                     progress_every: float = 0.2,
                     budget: Budget = UNLIMITED) -> tuple[list[Model], int, bool]:
    """Find up to `limit` models: (the first `keep` models, how many were found, whether that is all).

    When `budget` runs out first, BudgetExceeded carries the models found so far.
    """
    z3 = _z3()
    keep = limit if keep is None else keep
    top = formula.top
    bools = [None]
    for i in range(1, top + 1):
        if i % _CLAUSES_PER_CHECK == 0:
            budget.check()
        bools.append(z3.Bool(f"v{i}"))

    def lit(x: int):
        return bools[x] if x > 0 else z3.Not(bools[-x])

    solver = z3.SolverFor("QF_FD")
    for i, clause in enumerate(formula.clauses):
        if i % _CLAUSES_PER_CHECK == 0:
            budget.check()
        if len(clause) == 1:
            solver.add(lit(clause[0]))
        else:
            solver.add(z3.Or([lit(x) for x in clause]))
    assumptions = [lit(x) for x in formula.assumptions]

    def satisfiable() -> bool:
        budget.check()
        if budget.is_bounded:
            solver.set("timeout", max(1, int(budget.remaining_ms())))
        verdict = solver.check(*assumptions)
        if verdict == z3.unknown:
            reason = solver.reason_unknown()
            if budget.is_bounded and (reason == "timeout" or budget.remaining_ms() < _TIMER_SLACK_MS):
                raise BudgetExceeded()
            if "canceled" in reason or "interrupted" in reason:    # how z3 reports SIGINT (Ctrl-C)
                raise KeyboardInterrupt
            raise RuntimeError(f"z3 answered unknown: {reason}")
        return verdict == z3.sat

    shown = formula.shown or list(range(1, top + 1))
    models: list[Model] = []
    found = 0
    complete = False
    last = time.monotonic()
    try:
        while found < limit:
            if not satisfiable():
                complete = True
                break
            m = solver.model()
            truth = {v for v in shown if z3.is_true(m.eval(bools[v], model_completion=True))}
            if len(models) < keep:
                full = {v for v in range(1, top + 1) if v in truth or (
                    v not in shown and z3.is_true(m.eval(bools[v], model_completion=True)))}
                models.append(Model(formula, full))
            found += 1
            solver.add(z3.Or([z3.Not(bools[v]) for v in shown if v in truth] if formula.fixed_weight
                              else [z3.Not(bools[v]) if v in truth else bools[v] for v in shown]))
            if on_progress and time.monotonic() - last >= progress_every:
                on_progress(found)
                last = time.monotonic()
        if settle_limit and not complete:
            complete = not satisfiable()
    except BudgetExceeded:
        raise BudgetExceeded(found, models) from None
    return models, found, complete


def engine_name() -> str:
    """The name reported in answers."""
    return "smt:z3"
