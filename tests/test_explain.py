"""Explanations checked by independent methods: certain cells (the backbone) against enumeration,
conflicts (minimal sets of clues that cannot all hold) re-solved for unsatisfiability and minimality."""

from __future__ import annotations

import itertools
import random

import pytest

from gridlogic.backends import sat
from gridlogic.budget import Budget, BudgetExceeded
from gridlogic.formula import Formula, Not

ENGINES = ["minisat22", "cadical195"]


def xs(n: int) -> list[tuple]:
    return [("x", i) for i in range(n)]


def brute_models(f: Formula, n: int, on: set[int] | None = None) -> list[dict[int, bool]]:
    """Every assignment of the n shown variables that is a model with the assumptions in `on`
    (default: all of them); the other variables are clue selectors, true exactly when in `on`."""
    on = set(f.assumptions) if on is None else on
    out = []
    for bits in itertools.product((False, True), repeat=n):
        value = {v: v in on for v in range(n + 1, f.top + 1)}
        value.update({i + 1: b for i, b in enumerate(bits)})
        holds = lambda x: value[abs(x)] == (x > 0)     # noqa: E731
        if all(holds(a) for a in on) and all(any(holds(x) for x in c) for c in f.clauses):
            out.append(value)
    return out


def random_formula(rng: random.Random, n: int, density: float = 3) -> Formula:
    """Random 3-clauses over n shown variables (up to `density` per variable), some of them clues,
    plus a few givens."""
    f = Formula()
    f.show(xs(n))
    for i in range(rng.randint(n, int(density * n))):
        clause = [("x", v) if rng.random() < 0.5 else Not(("x", v)) for v in rng.sample(range(n), 3)]
        if rng.random() < 0.5:
            with f.clue(("c", i)):
                f.clause(clause)
        else:
            f.clause(clause)
    for v in rng.sample(range(n), rng.randint(0, 3)):
        f.given(("x", v) if rng.random() < 0.5 else Not(("x", v)), ("given", v))
    return f


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("seed", range(40))
def test_backbone_is_what_every_model_agrees_on(engine, seed):
    rng = random.Random(seed)
    n = rng.randint(4, 8)
    f = random_formula(rng, n)
    models = brute_models(f, n)
    found = sat.backbone(f, engine)
    if not models:
        assert found is None
        return
    agreed = [v if models[0][v] else -v for v in range(1, n + 1) if len({m[v] for m in models}) == 1]
    assert len(models) > 1 or len(agreed) == n
    assert found == agreed


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("seed", range(40))
def test_conflict_is_unsatisfiable_and_minimal(engine, seed):
    rng = random.Random(1000 + seed)
    n = rng.randint(4, 7)
    f = random_formula(rng, n, density=7)
    selectors = {clue.selector for clue in f.clues.values()}
    hard = {x for x in f.assumptions if x not in selectors}
    conflict = sat.minimal_conflict(f, engine)
    if brute_models(f, n):
        assert conflict is None
        return
    assert conflict is not None
    on = [f.clues[key].selector for key in conflict]
    assert not brute_models(f, n, hard | set(on))                # these clues alone fail
    for drop in on:                                              # and each one is needed
        assert brute_models(f, n, hard | (set(on) - {drop}))


def test_backbone_candidates_and_a_shared_base_stay_clean():
    base = Formula()
    base.show(xs(4), fixed_weight=True)
    base.exactly(xs(4), 2)
    with base.clue(("rule", "x0 or x1")):
        base.clause([("x", 0), ("x", 1)])
    f = Formula()
    f.include(base)
    f.given(("x", 2), ("given", 2))
    assert sat.backbone(f, candidates=[f.var(("x", 2)), f.var(("x", 3))]) == [f.var(("x", 2))]
    assert sat.backbone(f) == [f.var(("x", 2)), -f.var(("x", 3))]     # x3 would leave x0, x1 false
    f.given(("x", 3), ("given", 3))                          # x0, x1 now both false: no model
    assert sat.backbone(f) is None
    assert sat.minimal_conflict(f) == [("rule", "x0 or x1"), ("given", 2), ("given", 3)]
    g = Formula()
    g.include(base)                                          # the cached solver learnt nothing permanent
    assert sat.enumerate_models(g, 10)[1] == 5
    assert sat.minimal_conflict(g) is None


def test_rules_alone_failing_name_no_clue():
    f = Formula()
    f.show(xs(2))
    f.clause([("x", 0)])
    f.clause([Not(("x", 0))])
    f.given(("x", 1), ("given", 1))
    assert sat.minimal_conflict(f) == []


def test_an_expired_budget_stops_both():
    f = Formula()
    f.show(xs(3))
    f.exactly_one(xs(3))
    spent = Budget(1)
    while not spent.is_expired():
        pass
    with pytest.raises(BudgetExceeded):
        sat.backbone(f, budget=spent)
    with pytest.raises(BudgetExceeded):
        sat.minimal_conflict(f, budget=spent)
