"""The lazy rule's wrapper (backends/sat/lazy.py): a raw model read by place (as every engine lists it)
or through a set gives the rule the same shown variables, and its clauses in the formula's integers."""

from __future__ import annotations

import random

from gridlogic.backends.sat.lazy import lazy_rule
from gridlogic.cnf.formula import Formula, Not, Resolved


def wrapped(shown_keys: list, hidden: int):
    """A formula showing `shown_keys` (after `hidden` variables it does not show), whose lazy rule
    records the true variables it was given and asks for one clause over a new key (variable 1000)."""
    f = Formula()
    for i in range(hidden):
        f.var(("aux", i))
    f.show(shown_keys)
    seen = []

    def check(model):
        seen.append(sorted(model.true_vars))
        return [[Not(shown_keys[0]), ("new", 0)], Resolved([1, -2])]
    f.lazy = check
    return f, lazy_rule(f, lambda: 1000), seen


def test_a_model_read_by_place_or_through_a_set_gives_the_same_true_variables():
    keys = [("cell", i) for i in range(40)]
    f, broken, seen = wrapped(keys, hidden=7)
    rng = random.Random(5)
    for _ in range(20):
        raw = [v if rng.random() < 0.5 else -v for v in range(1, f.top + 1)]
        shuffled = rng.sample(raw, len(raw))
        short = raw[:f.top - 5]                       # an engine that never met the last variables
        answers = [broken(raw), broken(shuffled), broken(short)]
        true = sorted(v for v in f.shown if v in set(raw))
        assert seen[-3:] == [true, true, [v for v in true if v <= f.top - 5]]
        assert answers[0] == answers[1] == answers[2] == [[-f.var(keys[0]), 1000], [1, -2]]


def test_without_a_lazy_rule_there_is_no_wrapper():
    f = Formula()
    f.show([("cell", 0)])
    assert lazy_rule(f, lambda: 1) is None
