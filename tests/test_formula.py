"""Model counts for the formula helpers, on both engines: the encoders' ground truth."""

from __future__ import annotations

from itertools import product
from math import comb

import pytest

from gridlogic import backends
from gridlogic.backends import sat
from gridlogic.cnf.formula import GUARDS, Formula, Not

BACKENDS = ["sat"] + (["smt"] if backends.has_z3() else [])


def count(f: Formula, backend: str, limit: int = 10_000) -> int:
    """Models of `f` projected on its shown variables."""
    if backend == "smt":
        from gridlogic.backends import smt
        _, n, complete = smt.enumerate_models(f, limit, keep=0)
    else:
        _, n, complete = sat.enumerate_models(f, limit, keep=0)
    assert complete
    return n


def xs(n: int) -> list[tuple]:
    return [("x", i) for i in range(n)]


def fresh(n: int) -> Formula:
    f = Formula()
    f.show(xs(n))
    return f


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("n", [1, 2, 5, 9, 12])
def test_exactly_one_has_n_models(backend, n):
    f = fresh(n)
    f.exactly_one(xs(n))
    assert count(f, backend) == n


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("n,k", [(4, 0), (5, 2), (7, 3), (6, 6), (3, 5), (12, 4)])
def test_at_most_k(backend, n, k):
    f = fresh(n)
    f.at_most(xs(n), k)
    assert count(f, backend) == sum(comb(n, i) for i in range(min(k, n) + 1))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("n,k", [(4, 0), (5, 2), (7, 3), (6, 6), (3, 5), (12, 4), (4, 1)])
def test_at_least_k(backend, n, k):
    f = fresh(n)
    f.at_least(xs(n), k)
    assert count(f, backend) == sum(comb(n, i) for i in range(max(k, 0), n + 1))


@pytest.mark.parametrize("n,k", [(5, 2), (4, 0), (3, 4), (6, 3)])
def test_counts_when_a_literal_holds(n, k):
    """`when`: the count binds only while the literal holds (x0 here); models over x0..xn, counted apart."""
    for method, fits in (("at_most", lambda i: i <= k), ("at_least", lambda i: i >= k)):
        f = fresh(n + 1)
        getattr(f, method)(xs(n + 1)[1:], k, when=("x", 0))
        assert count(f, "sat") == 2 ** n + sum(comb(n, i) for i in range(n + 1) if fits(i)), method


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("n,k", [(4, 0), (5, 2), (8, 4), (6, 6), (3, 5), (14, 7), (10, 1)])
def test_exactly_k(backend, n, k):
    f = fresh(n)
    f.exactly(xs(n), k)
    assert count(f, backend) == (comb(n, k) if 0 <= k <= n else 0)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("n,k", [(4, 0), (5, 2), (8, 4), (6, 6), (3, 5), (14, 7), (10, 1), (13, 5), (12, 11)])
def test_exactly_k_by_the_modulo_totalizer(backend, n, k):
    f = fresh(n)
    f.exactly(xs(n), k, counter="modulo")
    assert count(f, backend) == (comb(n, k) if 0 <= k <= n else 0)
    if 2 <= k <= n - 2:
        assert f.top > n                            # a counter of its own, not the sequential one


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("weights,total", [([1, 2, 3, 4], 5), ([2, 2, 3], 4), ([5, 7], 6), ([1, 1, 1], 2),
                                           ([3, 1, 4, 1, 5, 9], 10)])
def test_sum_equals_counts_subsets(backend, weights, total):
    n = len(weights)
    f = fresh(n)
    f.sum_equals(list(zip(weights, xs(n))), total)
    expected = sum(1 for bits in product((0, 1), repeat=n) if sum(w * b for w, b in zip(weights, bits)) == total)
    assert count(f, backend) == expected


@pytest.mark.parametrize("backend", BACKENDS)
def test_implies_and_iff(backend):
    f = fresh(3)
    f.implies([("x", 0), ("x", 1)], ("x", 2))        # a ∧ b → c : 7 of 8
    assert count(f, backend) == 7
    g = fresh(2)
    g.iff(("x", 0), Not(("x", 1)))                   # a ↔ ¬b : 2 of 4
    assert count(g, backend) == 2


@pytest.mark.parametrize("backend", BACKENDS)
def test_assumptions_restrict_models(backend):
    f = fresh(4)
    f.exactly(xs(4), 2)
    f.assume(("x", 0))
    f.assume(Not(("x", 3)))
    assert count(f, backend) == 2                    # x0 and one of x1, x2


def test_projection_ignores_auxiliary_variables():
    f = fresh(10)
    f.exactly(xs(10), 3)                             # sequential counter adds auxiliaries
    assert f.top > 10
    assert count(f, "sat") == comb(10, 3)


def test_included_base_is_reused_and_not_polluted():
    base = Formula()
    base.show(xs(3), fixed_weight=True)
    base.exactly_one(xs(3))
    for _ in range(3):                               # each run sees all 3 models again
        f = Formula()
        f.include(base)
        assert f.extends_base_only()
        assert count(f, "sat") == 3
    f = Formula()
    f.include(base)
    f.assume(("x", 1))
    models, n, complete = sat.enumerate_models(f, 10)
    assert (n, complete) == (1, True) and models[0][("x", 1)] and not models[0][("x", 0)]


def test_a_copy_is_built_on_apart_from_its_original():
    base = Formula()
    base.show(xs(4), fixed_weight=True)
    base.exactly_one(xs(4))
    with base.clue(("rule", "odd"), (), "the odd rule"):
        base.clause([("x", 1), ("x", 3)])
    f = base.copy()
    assert f.clauses == base.clauses and f.top == base.top and f.base is None
    f.clause([Not(("x", 1))])
    f.var(("y", 0))
    assert len(f.clauses) == len(base.clauses) + 1 and base.top == 4 + 1     # the original keeps its own
    assert count(base, "sat") == 2 and count(f, "sat") == 1
    g = Formula()
    g.include(base)
    with pytest.raises(ValueError):
        g.copy()


def test_limit_stops_enumeration_and_settles_exact_limit():
    f = fresh(3)
    f.exactly_one(xs(3))
    assert sat.enumerate_models(f, 2)[1:] == (2, False)
    assert sat.enumerate_models(f, 3, settle_limit=True)[1:] == (3, True)
    assert sat.enumerate_models(f, 2, settle_limit=True)[1:] == (2, False)


def test_progress_reports_running_counts():
    f = fresh(6)
    f.exactly(xs(6), 3)
    seen = []
    _, n, _ = sat.enumerate_models(f, 100, on_progress=lambda found, kept: seen.append(found), progress_every=0)
    assert n == 20 and seen == list(range(1, 21))


def test_a_clue_guards_its_clauses_and_is_assumed_on():
    f = fresh(3)
    f.exactly_one(xs(3))
    with f.clue(("rule", "not0"), cells=[(0, 0)], label="x0 is false") as clue:
        f.clause([Not(("x", 0))])
    assert f.clues == {("rule", "not0"): clue}
    assert clue.selector == f.var(("clue", ("rule", "not0"))) and clue.cells == ((0, 0),)
    assert f.clauses[-1] == [-f.var(("x", 0)), -clue.selector]
    assert clue.selector in f.assumptions
    assert count(f, "sat") == 2                      # counts see the clue on


def test_a_guarded_clause_is_off_when_its_selector_is_assumed_false():
    f = fresh(3)
    f.exactly_one(xs(3))
    with f.clue(("rule", "not01")):
        f.clause([Not(("x", 0))])
        f.at_most([("x", 1)], 0)
    clue = f.clues[("rule", "not01")]
    f.assumptions = [a for a in f.assumptions if a != clue.selector] + [-clue.selector]
    assert count(f, "sat") == 3


@pytest.mark.parametrize("backend", BACKENDS)
def test_clues_leave_counts_unchanged(backend):
    plain, tagged = fresh(6), fresh(6)
    plain.exactly(xs(6), 3)
    plain.clause([("x", 0), ("x", 5)])
    plain.assume(("x", 2))
    tagged.exactly(xs(6), 3)
    with tagged.clue(("pair", 0, 5)):
        tagged.clause([("x", 0), ("x", 5)])
    tagged.given(("x", 2), ("given", 2), cells=[(0, 2)], label="x2")
    assert count(plain, backend) == count(tagged, backend) == 7      # x2 and two of 0,1,3,4,5 with 0 or 5


def test_a_given_is_its_own_selector():
    f = fresh(2)
    clue = f.given(Not(("x", 1)), ("given", 1), label="x1 off")
    assert clue.selector == -f.var(("x", 1)) and f.assumptions == [clue.selector]
    assert not f.clauses
    with pytest.raises(ValueError):
        f.given(("x", 0), ("given", 1))             # one key, one clue
    with pytest.raises(ValueError), f.clue(("rule", "r")):
        f.given(("x", 0), ("given", 0))             # a given cannot sit inside a guarded block


def test_include_carries_the_base_clues_and_keeps_reuse():
    base = Formula()
    base.show(xs(3), fixed_weight=True)
    base.exactly_one(xs(3))
    with base.clue(("rule", "no2"), label="no x2"):
        base.clause([Not(("x", 2))])
    f = Formula()
    f.include(base)
    assert f.clues == base.clues and base.clues[("rule", "no2")].selector in f.assumptions
    f.given(Not(("x", 0)), ("given", 0))
    assert f.extends_base_only()
    models, n, complete = sat.enumerate_models(f, 10)
    assert (n, complete) == (1, True) and models[0][("x", 1)]
    assert ("given", 0) not in base.clues            # the shared base is untouched


def test_a_pattern_lays_the_same_clauses_as_written_out():
    one, two = fresh(4), fresh(4)
    one.clause([Not(("x", 0)), ("x", 2)])
    one.clause([("x", 3)])
    two.pattern([("x", 0), ("x", 2), ("x", 3)], ((-1, 2), (3,)))
    assert one.clauses == two.clauses


def test_a_kept_pattern_laid_in_a_clue_block_is_guarded_as_written_out():
    """A pattern kept as a tuple is laid by getters (cnf/laying.py), one kept as a list clause by clause:
    both give, in a clue block, the clauses written out, each ending in the clue's selector, the empty
    clause included; on groups (`pattern_on`) as well."""
    pattern = ((-1, 2), (3,), (), (-3, -2, 1))
    lits = [("x", 0), ("x", 2), ("x", 3)]
    written = [[Not(("x", 0)), ("x", 2)], [("x", 3)], [], [Not(("x", 3)), Not(("x", 2)), ("x", 0)]]
    for laid in (pattern, list(pattern), pattern):                  # (the second tuple from the getters kept)
        one, two = fresh(4), fresh(4)
        for clause in written:
            with one.clue(("rule", "r")):
                one.clause(clause)
        with two.clue(("rule", "r")):
            two.pattern(lits, laid)
            two.pattern_on(lits, laid, [(0, 1, 2)])
        off = -two.var(("clue", ("rule", "r")))
        assert [list(c) for c in two.clauses] == 2 * [list(c) for c in one.clauses]
        assert all(c[-1] == off for c in two.clauses) and len(two.clauses) == 8


def test_formulas_adding_to_a_base_share_its_solver_and_leave_nothing_behind():
    """Each formula's clauses go onto the base's solver under its clue's selector, set false afterwards:
    the next formula (reusing the same variable numbers) and the base alone see none of them."""
    base = Formula()
    base.show(xs(4), fixed_weight=True)
    base.exactly_one(xs(4))
    for banned in range(4):
        f = Formula()
        f.include(base)
        with f.clue(("rule", "ban")):
            f.clause([Not(("x", banned)), ("y",)])     # an auxiliary variable: the same number each time
            f.clause([Not(("y",))])
        assert not f.extends_base_only() and f.own_from == base.top + GUARDS + 1
        models, n, complete = sat.enumerate_models(f, 10)
        assert (n, complete) == (3, True) and not any(m[("x", banned)] for m in models)
    plain = Formula()
    plain.include(base)
    assert count(plain, "sat") == 4


def test_more_clues_than_guards_never_share_a_selector():
    base = Formula()
    base.show(xs(2), fixed_weight=True)
    base.exactly_one(xs(2))
    f = Formula()
    f.include(base)
    for i in range(GUARDS + 5):
        with f.clue(("rule", i)):
            f.clause([("x", 0), ("x", 1)])
    selectors = [clue.selector for clue in f.clues.values()]
    assert len(set(selectors)) == len(selectors) == GUARDS + 5
    assert count(f, "sat") == 2
