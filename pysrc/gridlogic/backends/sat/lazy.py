"""Lazy rules: a rule too big to write out, its clauses added only when a model breaks it.

A rule too big to write out (binary's distinct lines on large grids) may be left to `formula.lazy`,
set by the kind's `encode`: given a Model (of the shown variables), the clauses of the rule that it
breaks (lists of keys and `Not(key)`; keys the formula lacks are new auxiliary variables; or
`Resolved`, in the formula's integers already), empty when it keeps the rule. Every call that finds a
model checks it (`engines.BoundedCalls.solve`): clauses it breaks are added for good (they follow
from the rules, so they hold for every later question and puzzle on that solver) and the call is made
again, within the same budget. So no model that breaks the rule is counted, blocked or used to drop a
backbone candidate, and "no model" holds with the rule as without it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from gridlogic.backends.sat.solvers import shown
from gridlogic.cnf.formula import Formula, Model, Not, Resolved


def lazy_rule(formula: Formula, fresh: Callable[[], int]) -> Callable[[list[int]], list[list[int]]] | None:
    """The formula's lazy rule (see the module docstring) on raw models, as integer clauses; keys the
    formula lacks get fresh variables, one per key in each batch. None when it has none."""
    check = formula.lazy
    if check is None:
        return None
    known = formula.pool.obj2id
    variables = shown(formula)
    highest = max(variables, default=0)

    def broken(raw: list[int]) -> list[list[int]]:
        new: dict[Hashable, int] = {}

        def lit(x) -> int:
            key, sign = (x.key, -1) if isinstance(x, Not) else (x, 1)
            var = known.get(key) or new.get(key)
            if var is None:
                var = new[key] = fresh()
            return sign * var
        return [list(clause) if clause.__class__ is Resolved else [lit(x) for x in clause]
                for clause in check(Model(formula, true_shown(raw)))]

    def true_shown(raw: list[int]) -> list[int]:
        """The shown variables true in `raw`: read by place when it lists v or -v at place v - 1 for
        every variable up to its length (as every engine's model does), else through a set."""
        n = len(raw)
        if n and raw[n - 1] in (n, -n) and raw[0] in (1, -1):
            if highest <= n:
                return [v for v in variables if raw[v - 1] > 0]
            return [v for v in variables if v <= n and raw[v - 1] > 0]
        truth = set(raw)
        return [v for v in variables if v in truth]
    return broken
