"""Model counts for cnf/tally.py: a group's thresholds and a total of groups, against brute force."""

from __future__ import annotations

from contextlib import nullcontext
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


@pytest.mark.parametrize("left,right,top", [(2, 3, 5), (2, 3, 3), (3, 3, 1), (1, 4, 2), (4, 4, 6)])
def test_a_capped_node_counts_up_to_its_top(left, right, top):
    """`merge` over two children's thresholds, its row cut at `top`: each model of the literals once, and
    row k holds exactly when at least k do, the top when at least top do."""
    n = left + right
    f = Formula()
    at = Places()
    lows = tally.unary(at, "left", xs(n)[:left])
    highs = tally.unary(at, "right", xs(n)[left:])
    row = [at(("row", k)) for k in range(1, top + 1)]
    tally.merge(at.clauses, lows, highs, row)
    at.add_to(f)
    keys = [("row", k) for k in range(1, top + 1)]
    f.show(xs(n) + keys)
    models, found, complete = sat.enumerate_models(f, 1000)
    assert complete and found == 2 ** n
    for model in models:
        held = sum(model[x] for x in xs(n))
        assert [model[key] for key in keys] == [held >= k for k in range(1, top + 1)]


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
@pytest.mark.parametrize("cached", [False, True])
@pytest.mark.parametrize("block", [True, False])
def test_items_that_step_up_add_up_to_k(shapes, k, cached, block):
    """Items of one literal per step, a rule saying a higher step implies the one below: the models are the
    ways to choose each item's value (0 or one of its steps) that add up to k, counted by brute force; the
    same whether the layers' clauses are worked out anew or laid from those kept, inside a clue block (laid
    by the formula, guarded) or not (read off by the layer's own getters)."""
    if not cached:
        tally._LAYERS.clear()
    f = Formula()
    keys = []
    for i, shape in enumerate(shapes):
        keys.append([("s", i, v) for v in shape])
        for low, high in zip(keys[-1], keys[-1][1:]):
            f.implies(high, low)
    items = [[(v, f.lit(key)) for v, key in zip(shape, ks)] for shape, ks in zip(shapes, keys)]
    before = len(f.clauses)
    with f.clue("total") if block else nullcontext():
        tally.steps_equal(f, "total", items, k)
    laid = f.clauses[before:]
    assert all(clause[-1] == -f.clues["total"].selector for clause in laid) if block else not f.clues
    f.show([key for ks in keys for key in ks])
    ways = sum(1 for pick in product(*[[0, *shape] for shape in shapes]) if sum(pick) == k)
    assert count(f) == ways


@pytest.mark.parametrize("block", [True, False])
def test_counts_sharing_layers_at_other_sums_count_each(block):
    """Two totals in one formula whose layers are the same moved up by 2 (one the other with an item of 2
    first): each laid from the same kept layer on its own literals, the models are the pairs of ways."""
    tally._LAYERS.clear()
    f = Formula()
    shapes = {"a": [[1], [1, 2], [1]], "b": [[2], [1], [1, 2], [1]]}
    keys = {}
    for name, its in shapes.items():
        keys[name] = [[(name, i, v) for v in shape] for i, shape in enumerate(its)]
        for ks in keys[name]:
            for low, high in zip(ks, ks[1:]):
                f.implies(high, low)
    for name, k in (("a", 2), ("b", 4)):
        with f.clue(name) if block else nullcontext():
            items = [[(v, f.lit(key)) for v, key in zip(shape, ks)] for shape, ks in zip(shapes[name], keys[name])]
            tally.steps_equal(f, name, items, k)
    f.show([key for name in keys for ks in keys[name] for key in ks])
    ways = {name: sum(1 for pick in product(*[[0, *s] for s in its]) if sum(pick) == k)
            for (name, its), k in zip(shapes.items(), (2, 4))}
    assert count(f) == ways["a"] * ways["b"]
