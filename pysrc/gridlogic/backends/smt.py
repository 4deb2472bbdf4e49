"""SMT backend (z3): the same answers from the same `Formula`, so every CNF kind gets z3 for free.

z3 is imported only when this backend is used; without it the backend is not offered.
Each variable becomes a z3 `Bool`, each clause an `Or`; givens are passed to `check` as
assumptions and further solutions are found with blocking clauses over the shown variables.
A budget becomes z3's `timeout` parameter (the time left) before every `check`; z3 honours it in
Pyodide too (measured), and the budget is also checked while the clauses are handed over, while a
model is read back and before its blocking clause is added. That Python side was what overran: an
empty 25×25 sudoku answered long after its budget, most of the time spent reading the first model
(each hidden variable looked up in the list of shown ones) and building clauses through z3's
Python wrappers; through the C API (`_Terms`) encoding is several times faster (docs/benchmarks.md).
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable

from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.formula import Formula, Model

_CLAUSES_PER_CHECK = 500        # clauses (or variables) handed to or read from z3 between two budget checks
_TIMER_SLACK_MS = 50            # z3's timer may fire this much before our deadline


def _z3():
    import z3  # noqa: PLC0415  (optional and heavy: imported on demand)

    # z3's context, made on first use, with Ctrl-C held back meanwhile: interrupted half-way, it is left
    # without the fields its finalizer reads, which then prints an error of its own.
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        z3.main_ctx()
        return z3
    held = mask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        z3.main_ctx()
    finally:
        mask(signal.SIG_SETMASK, held)
    return z3


def enumerate_models(formula: Formula, limit: int, *, keep: int | None = None,
                     settle_limit: bool = False,
                     on_progress: Callable[[int, list[Model]], None] | None = None,
                     progress_every: float = 0.2,
                     budget: Budget = UNLIMITED) -> tuple[list[Model], int, bool]:
    """Find up to `limit` models: (the first `keep` models, how many were found, whether that is all).

    When `budget` runs out first, BudgetExceeded carries the models found so far. Ctrl-C is a
    KeyboardInterrupt wherever it lands: ctypes wraps one raised while it converts an argument of a
    z3 call into its own ArgumentError ("argument 1: KeyboardInterrupt"), which is unwrapped here.
    """
    try:
        return _enumerate_models(formula, limit, keep, settle_limit, on_progress, progress_every, budget)
    except Exception as exc:
        if type(exc).__name__ == "ArgumentError" and "KeyboardInterrupt" in str(exc):
            raise KeyboardInterrupt from None
        raise


def _enumerate_models(formula: Formula, limit: int, keep: int | None, settle_limit: bool,
                      on_progress: Callable[[int, list[Model]], None] | None, progress_every: float,
                      budget: Budget) -> tuple[list[Model], int, bool]:
    z3 = _z3()
    keep = limit if keep is None else keep
    top = formula.top
    terms = _Terms(z3, top, budget)
    solver = z3.SolverFor("QF_FD")
    for i, clause in enumerate(formula.clauses):
        if i % _CLAUSES_PER_CHECK == 0:
            budget.check()
        terms.assert_clause(solver, clause)
    assumptions = [terms.lit(x) for x in formula.assumptions]

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
    shown_set = set(shown)
    hidden = [v for v in range(1, top + 1) if v not in shown_set]
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
            truth = terms.true_among(m, shown)
            if len(models) < keep:
                models.append(Model(formula, truth | terms.true_among(m, hidden)))
            found += 1
            budget.check()
            terms.assert_clause(solver, [-v for v in shown if v in truth] if formula.fixed_weight
                                else [-v if v in truth else v for v in shown])
            if on_progress and time.monotonic() - last >= progress_every:
                on_progress(found, models)
                last = time.monotonic()
        if settle_limit and not complete:
            complete = not satisfiable()
    except BudgetExceeded:
        raise BudgetExceeded(found, models) from None
    return models, found, complete


class _Terms:
    """The z3 terms of a formula's variables and literals, built and read through z3's C API (its Python
    wrappers check sorts and coerce every argument, several times slower for a 16×16 sudoku's clauses). One z3
    vector holds every variable and negation, so they are freed at once, not one Python object at a
    time after the budget has run out. The budget is checked every _CLAUSES_PER_CHECK variables made
    or read."""

    def __init__(self, z3, top: int, budget: Budget) -> None:
        self.z3, self.budget = z3, budget
        self.ctx = z3.main_ctx()
        self.ref = self.ctx.ref()
        self.held = z3.AstVector(ctx=self.ctx)
        sort = z3.BoolSort(self.ctx).ast
        self.asts = [None]
        for i in range(1, top + 1):
            if i % _CLAUSES_PER_CHECK == 0:
                budget.check()
            self.asts.append(self._held(z3.Z3_mk_const(self.ref, z3.Z3_mk_string_symbol(self.ref, f"v{i}"), sort)))
        self.nots: dict[int, object] = {}

    def _held(self, ast):
        self.z3.Z3_ast_vector_push(self.ref, self.held.vector, ast)
        return ast

    def ast(self, x: int):
        """The term of literal `x` (a negation is made once and kept)."""
        if x > 0:
            return self.asts[x]
        ast = self.nots.get(x)
        if ast is None:
            ast = self.nots[x] = self._held(self.z3.Z3_mk_not(self.ref, self.asts[-x]))
        return ast

    def lit(self, x: int):
        """Literal `x` as a z3 expression (for `check`'s assumptions)."""
        return self.z3.BoolRef(self.ast(x), self.ctx)

    def assert_clause(self, solver, clause: list[int]) -> None:
        """Add the disjunction of `clause`'s literals to `solver`."""
        z3 = self.z3
        if len(clause) == 1:
            z3.Z3_solver_assert(self.ref, solver.solver, self.ast(clause[0]))
            return
        args = (z3.Ast * len(clause))(*[self.ast(x) for x in clause])
        term = z3.BoolRef(z3.Z3_mk_or(self.ref, len(clause), args), self.ctx)
        z3.Z3_solver_assert(self.ref, solver.solver, term.as_ast())

    def true_among(self, model, variables: list[int]) -> set[int]:
        """The `variables` true in `model` (a variable it leaves open is false)."""
        z3 = self.z3
        out: set[int] = set()
        result = (z3.Ast * 1)()
        for i, v in enumerate(variables):
            if i % _CLAUSES_PER_CHECK == 0:
                self.budget.check()
            if (z3.Z3_model_eval(self.ref, model.model, self.asts[v], True, result)
                    and z3.Z3_get_bool_value(self.ref, result[0]) == z3.Z3_L_TRUE):
                out.add(v)
        return out


def engine_name() -> str:
    """The name reported in answers."""
    return "smt:z3"
