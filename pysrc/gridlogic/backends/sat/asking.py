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
ARCHIVED_MODELS = 4096         # models an archive keeps (see `keep_models`), the oldest dropped first


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
        self.archive: Archive | None = None

    def keep_models(self, variables: Iterable[int]) -> None:
        """Keep every model found from now on, on `variables` (those that assumptions will name), to answer
        later satisfiable checks without a call: a long series of questions (a hint walk) asks many whose
        answer an earlier model already gives. Answers stay the same (only calls are saved), as long as
        the solver's clauses only gain clauses that follow from them (lazy cuts). (Keeping cores too saved
        nothing on a creek 10×10's walk: checks with no model are the cheap ones.)"""
        self.archive = Archive(variables)

    def add(self, clauses: Iterable[list[int]]) -> None:
        """Clauses that hold from now on: a formula grown since its solver was loaded (its new variables
        are numbered past `fresh`'s: no temporary clause may be asked for afterwards)."""
        self.budget.check()
        for clause in clauses:
            self.solver.add_clause(clause)

    def model(self, assumptions: list[int]) -> set[int] | None:
        """The literals of a model under `assumptions`, or None when there is none."""
        return set(self.solver.get_model()) if self.calls.solve(assumptions) else None

    def _satisfiable(self, assumptions: list[int], ms: float | None = None,
                     conflicts: int | None = None) -> bool | None:
        """Whether `assumptions` have a model: a model kept from before answers without a call. With
        `ms`, the call gets at most that long (BudgetExceeded; `self.budget` tells which ran out); with
        `conflicts`, None once a call has spent that many (an engine that cannot count them is not cut)."""
        if any(map(methodcaller("issuperset", assumptions), self.models)):
            return True
        archive = self.archive
        if archive is not None and archive.holds(assumptions):
            return True
        calls = self.calls if ms is None else BoundedCalls(self.solver, self.engine, self.budget.within(ms),
                                                           self.lazy)
        verdict = calls.solve(assumptions, conflicts)
        if not verdict:
            return verdict
        model = set(self.solver.get_model())
        self.models = [model] + self.models[:KEPT_MODELS - 1]
        if self.archive is not None:
            self.archive.add(model)
        return True

    def other(self, assumptions: list[int], model: set[int], shown: list[int]) -> set[int] | None:
        """A model under `assumptions` that differs from `model` on a `shown` variable, or None."""
        with switch(self.solver, self.fresh) as selector:      # (a model is read before it ends)
            self.solver.add_clause([-selector] + [-v if v in model else v for v in shown])
            return set(self.solver.get_model()) if self.calls.solve(assumptions + [selector]) else None

    def prefer(self, lits: list[int]) -> None:
        """Have the solver try `lits` first in the calls to come (only the speed of a search changes)."""
        prefer_phases(self.solver, lits)

    def configure(self, options: dict[str, int]) -> None:
        """Set the engine's own `options` for the calls to come (CaDiCaL's names and values; only the speed of a
        search changes)."""
        self.solver.configure(options)

    def _last_core(self, among: list[int]) -> list[int]:
        found = set(self.solver.get_core() or ())
        return [x for x in among if x in found]


class Archive:
    """Models on some variables that answer whether one of them holds given literals. Kept by literal: for
    each literal of a kept variable, the set of models (slots, as the bits of one integer) that make it true,
    so a question ANDs one integer per literal asked, whatever the number of models (the `most` latest)."""

    def __init__(self, variables: Iterable[int], most: int = ARCHIVED_MODELS) -> None:
        self.variables = sorted(set(variables))
        self.slots: dict[int, int] = {lit: 0 for var in self.variables for lit in (var, -var)}
        self.most = most
        self.count = 0                            # models added; the next goes to slot count % most

    def add(self, model: set[int]) -> None:
        """Keep a model (the literals it makes true), in place of the oldest once `most` are kept."""
        slot = self.count % self.most
        bit = 1 << slot
        slots = self.slots
        if self.count >= self.most:                # the oldest model's slot: cleared first
            keep = ~bit
            for lit in slots:
                slots[lit] &= keep
        for var in self.variables:
            lit = var if var in model else -var
            slots[lit] |= bit
        self.count += 1

    def holds(self, lits: Iterable[int]) -> bool:
        """Whether a kept model makes every literal of `lits` true (False when one is on no kept variable)."""
        found = -1                                 # every slot
        slots = self.slots
        for x in lits:
            found &= slots.get(x, 0)
            if not found:
                return False
        return self.count > 0
