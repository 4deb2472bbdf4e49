"""Questions to one solver, asked in series (a hint path asks hundreds): whether there is a model,
another one, the backbone and the possible literals (facts.py), cores (cores.py), and a count.

`questions` holds one solver (its cached one when the formula has one) for a series of them;
`backbone` and `minimal_conflict` ask one question of a formula.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from contextlib import contextmanager

from gridlogic.backends.sat.cores import Cores
from gridlogic.backends.sat.counting import enumerate_on
from gridlogic.backends.sat.engines import DEFAULT_ENGINE
from gridlogic.backends.sat.facts import Facts
from gridlogic.backends.sat.lazy import lazy_rule
from gridlogic.backends.sat.solvers import shown, solver_for, switch
from gridlogic.budget import UNLIMITED, Budget
from gridlogic.cnf.formula import Formula


class Questions(Facts, Cores):
    """Questions under assumptions to one loaded solver: is there a model, which literals hold in every
    model, which assumptions a conflict needs, how many models there are. (A clause added meanwhile is
    switched off afterwards.)"""

    def count(self, formula: Formula, assumptions: list[int], limit: int,
              clauses: Iterable[list[int]] = ()) -> tuple[int, bool]:
        """How many models `formula` (the one this solver holds) has under `assumptions` and `clauses`
        (integer clauses that hold for this count only), up to `limit`: (count, complete), a count that
        reaches the limit settled by one more call. When the budget runs out, BudgetExceeded."""
        with switch(self.solver, self.fresh) as selector:
            for clause in clauses:
                self.solver.add_clause(clause + [-selector])
            _, found, complete = enumerate_on(formula, self.solver, self.calls, assumptions + [selector], selector,
                                              limit, 0, True, None, 0)
        return found, complete


@contextmanager
def questions(formula: Formula, engine: str = DEFAULT_ENGINE, budget: Budget = UNLIMITED,
              new: bool = False) -> Iterator[Questions]:
    """Questions to a solver holding `formula`'s clauses (its cached one when there is one, unless `new`:
    a solver that has learnt nothing yet); a formula that only gains givens (assumptions) meanwhile may
    go on being asked."""
    with solver_for(formula, engine, budget, new) as (solver, fresh):
        yield Questions(solver, engine, budget, fresh, lazy_rule(formula, fresh))


def backbone(formula: Formula, engine: str = DEFAULT_ENGINE, budget: Budget = UNLIMITED,
             candidates: Iterable[int] | None = None) -> list[int] | None:
    """The shown literals (or those of `candidates`) true in every model; None when there is none."""
    with questions(formula, engine, budget) as ask:
        return ask.backbone(list(formula.assumptions), candidates, shown(formula))


def minimal_conflict(formula: Formula, engine: str = DEFAULT_ENGINE,
                     budget: Budget = UNLIMITED) -> list[Hashable] | None:
    """The keys of a minimal set of clues that cannot all hold (empty when the rules alone fail);
    None when the formula is satisfiable."""
    by_selector = {clue.selector: key for key, clue in formula.clues.items()}
    hard = [x for x in formula.assumptions if x not in by_selector]
    with questions(formula, engine, budget) as ask:
        core = ask.minimal_core(hard, list(by_selector))
    return None if core is None else [by_selector[x] for x in core]
