"""Model counts for cnf/tally.py: a group's thresholds and a total of groups, against brute force."""

from __future__ import annotations

from itertools import product
from math import comb

import pytest

from gridlogic.backends import sat
from gridlogic.cnf import tally
from gridlogic.cnf.formula import Formula
from gridlogic.cnf.places import Literals, Places


def count(f: Formula) -> int:
    _, n, complete = sat.enumerate_models(f, 100_000, keep=0)
    assert complete
    return n


def xs(n: int) -> list[tuple]:
    return [("x", i) for i in range(n)]


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6])
def test_thresholds_hold_exactly_at_the_count(n):
    """Shown with their thresholds, the models are the 2^n assignments, each once, and in each threshold t
    holds exactly when at least t of the literals do."""
    f = Formula()
    at = Places()
    tally.unary(at, "g", xs(n))
    at.add_to(f)
    keys = tally.thresholds("g", xs(n))
    f.show(xs(n) + ([] if n == 1 else keys))
    models, found, complete = sat.enumerate_models(f, 1000)
    assert complete and found == 2 ** n
    for model in models:
        held = sum(model[x] for x in xs(n))
        assert [model[key] for key in keys] == [held >= t for t in range(1, n + 1)]


@pytest.mark.parametrize("sizes,k", [([1, 1, 1, 1], 2), ([2, 3], 2), ([2, 3], 5), ([3, 1, 2], 3), ([1, 2, 1, 3], 0),
                                     ([2, 2, 2], 7), ([4], 4), ([1, 3, 2, 1], 4), ([], 0), ([2, 1], -1)])
def test_a_total_of_groups_counts_their_literals(sizes, k):
    """Groups of fresh literals, each through `unary`: the models on the literals are those with k true."""
    n = sum(sizes)
    f = Formula()
    f.show(xs(n))
    at = Places()
    items, start = [], 0
    for i, size in enumerate(sizes):
        items.append(tally.unary(at, ("g", i), xs(n)[start:start + size]))
        start += size
    tally.total_equals(at, "total", items, k)
    at.add_to(f)
    assert count(f) == (comb(n, k) if 0 <= k <= n else 0)


@pytest.mark.parametrize("k", range(0, 7))
def test_groups_held_together_count_in_whole_groups(k):
    """With a rule saying each group's cells hold together (first threshold implies the last), the total
    of groups of 1, 2 and 3 cells is k in as many ways as subsets of {1, 2, 3} add up to k."""
    sizes = [1, 2, 3]
    f = Formula()
    f.show(xs(6))
    at = Places()
    items, start = [], 0
    for i, size in enumerate(sizes):
        group = xs(6)[start:start + size]
        items.append(tally.unary(at, ("g", i), group))
        start += size
    tally.total_equals(at, "total", items, k)
    at.add_to(f)
    start = 0
    for i, size in enumerate(sizes):
        ts = tally.thresholds(("g", i), xs(6)[start:start + size])
        f.implies(ts[0], ts[-1])
        start += size
    ways = sum(1 for bits in product((0, 1), repeat=3) if sum(b * s for b, s in zip(bits, sizes)) == k)
    assert count(f) == ways


STEPPED = [([[1], [1], [1]], 2), ([[2], [3]], 2), ([[2], [3]], 5), ([[1, 2, 3], [1, 2]], 3), ([[1, 2], [4], [1]], 5),
           ([[1, 2, 3]], 0), ([[3], [1, 2]], 6), ([[2], [2], [1, 2, 3, 4]], 4), ([], 0), ([[1]], -1), ([[2], [1]], 4)]


@pytest.mark.parametrize("shapes,k", STEPPED)
@pytest.mark.parametrize("numbered", [False, True])
def test_items_that_step_up_add_up_to_k(shapes, k, numbered):
    """Items of one literal per step, a rule saying a higher step implies the one below: the models are the
    ways to choose each item's value (0 or one of its steps) that add up to k, counted by brute force; the
    same whether the clauses are laid as a pattern or numbered in the formula (inside a clue block)."""
    f = Formula()
    items, keys = [], []
    for i, shape in enumerate(shapes):
        keys.append([("s", i, v) for v in shape])
        for low, high in zip(keys[-1], keys[-1][1:]):
            f.implies(high, low)
    at = Literals(f) if numbered else Places()
    with f.clue("total"):
        items = [[(v, at(key)) for v, key in zip(shape, ks)] for shape, ks in zip(shapes, keys)]
        tally.steps_equal(at, "total", items, k)
        at.add_to(f)
    f.show([key for ks in keys for key in ks])
    ways = sum(1 for pick in product(*[[0, *shape] for shape in shapes]) if sum(pick) == k)
    assert count(f) == ways
