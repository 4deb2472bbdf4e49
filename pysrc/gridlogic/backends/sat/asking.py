"""Asking one loaded solver under assumptions: is there a model, another one, which assumptions a
conflict needed. Explanations use assumptions (and temporary clauses under a selector, like blocking
clauses), so they run on the cached solvers too; `questions.Questions` adds the backbone (facts.py)
and cores (cores.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import methodcaller

from pysat.solvers import Solver

from gridlogic.backends.sat.engines import BoundedCalls
from gridlogic.backends.sat.solvers import prefer_phases, switch
from gridlogic.budget import Budget

KEPT_MODELS = 32               # models a Questions keeps to answer later satisfiable checks without a call


class Asking:
    """Questions under assumptions to one loaded solver: is there a model, is there another, which
    assumptions a conflict needs. (A clause added meanwhile is switched off afterwards.)"""

    def __init__(self, solver: Solver, engine: str, budget: Budget, fresh: Callable[[], int],
                 lazy: Callable[[list[int]], list[list[int]]] | None = None) -> None:
        self.solver = solver
        self.fresh = fresh
        self.engine, self.budget, self.lazy = engine, budget, lazy
        self.calls = BoundedCalls(solver, engine, budget, lazy)
        self.models: list[set[int]] = []          # the latest models found while shrinking

    def add(self, clauses: Iterable[list[int]]) -> None:
        """Clauses that hold from now on: a formula grown since its solver was loaded (its new variables
        are numbered past `fresh`'s: no temporary clause may be asked for afterwards)."""
        self.budget.check()
        for clause in clauses:
            self.solver.add_clause(clause)

    def model(self, assumptions: list[int]) -> set[int] | None:
        """The literals of a model under `assumptions`, or None when there is none."""
        return set(self.solver.get_model()) if self.calls.solve(assumptions) else None

    def _satisfiable(self, assumptions: list[int], ms: float | None = None) -> bool:
        """Whether `assumptions` have a model: a model kept from before answers without a call. With
        `ms`, the call gets at most that long (BudgetExceeded; `self.budget` tells which ran out)."""
        if any(map(methodcaller("issuperset", assumptions), self.models)):
            return True
        calls = self.calls if ms is None else BoundedCalls(self.solver, self.engine, self.budget.within(ms),
                                                           self.lazy)
        if not calls.solve(assumptions):
            return False
        self.models = [set(self.solver.get_model())] + self.models[:KEPT_MODELS - 1]
        return True

    def other(self, assumptions: list[int], model: set[int], shown: list[int]) -> set[int] | None:
        """A model under `assumptions` that differs from `model` on a `shown` variable, or None."""
        with switch(self.solver, self.fresh) as selector:      # (a model is read before it ends)
            self.solver.add_clause([-selector] + [-v if v in model else v for v in shown])
            return set(self.solver.get_model()) if self.calls.solve(assumptions + [selector]) else None

    def prefer(self, lits: list[int]) -> None:
        """Have the solver try `lits` first in the calls to come (only the speed of a search changes)."""
        prefer_phases(self.solver, lits)

    def _last_core(self, among: list[int]) -> list[int]:
        found = set(self.solver.get_core() or ())
        return [x for x in among if x in found]
