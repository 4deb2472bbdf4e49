"""Sums in the order encoding (gridlogic/cnf/order.py): model counts against enumeration.

Each cell holds exactly one of its digits; every model is counted over every variable the encoding
made (the "at least" literals and partial sums shown too), so a count equals the number of digit
tuples only when the sum keeps just those tuples and its own literals are a function of the digits.
"""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic.backends import sat
from gridlogic.cnf import order
from gridlogic.cnf.formula import Formula


def cells(f: Formula, digits: list[range]) -> list[dict[int, tuple]]:
    """Cells holding exactly one of their digits: per cell, digit -> literal."""
    out = []
    for i, here in enumerate(digits):
        holds = {d: ("digit", i, d) for d in here}
        f.exactly_one(list(holds.values()))
        out.append(holds)
    return out


def models(f: Formula) -> int:
    """Models over every variable of the formula."""
    f.show([f.key_of(v) for v in range(1, f.top + 1)])
    _, n, complete = sat.enumerate_models(f, 20_000, keep=0)
    assert complete
    return n


@pytest.mark.parametrize("digits,total", [
    ([range(1, 5)] * 3, 7), ([range(1, 5)] * 3, 3), ([range(1, 5)] * 3, 12), ([range(1, 5)] * 3, 13),
    ([range(1, 10)] * 2, 10), ([range(1, 4), range(2, 7), range(1, 10)], 11), ([range(1, 5)] * 4, 2)])
def test_digits_sum_counts(digits, total):
    f = Formula()
    order.digits_sum(f, cells(f, digits), total, ("s",))
    assert models(f) == sum(1 for ds in product(*digits) if sum(ds) == total)


@pytest.mark.parametrize("line,pill", [(3, 1), (5, 1), (4, 2), (2, 2)])
def test_a_sum_equal_to_a_number_of_digits(line, pill):
    """A line of digits 1..4 adds up to the number its `pill` circle digits read (a long arrow)."""
    f = Formula()
    held = cells(f, [range(1, 5)] * (pill + line))
    circle = [order.digit_term(f, holds, ("c", i)) for i, holds in enumerate(held[:pill])]
    number = order.scaled(circle[0], 10 ** (pill - 1))
    for i in range(1, pill):
        number = order.add(f, number, order.scaled(circle[i], 10 ** (pill - 1 - i)), ("n", i), line, 4 * line)
    order.digits_sum(f, held[pill:], number, ("s",))
    expected = sum(1 for ds in product(range(1, 5), repeat=pill + line)
                   if sum(ds[pill:]) == int("".join(map(str, ds[:pill]))))
    assert models(f) == expected


@pytest.mark.parametrize("total", [0, 3, 5, 9])
def test_gated_terms(total):
    """Digits 1..3 counted only where their switch holds (the cells between a sandwich's ends)."""
    f = Formula()
    held = cells(f, [range(1, 4)] * 3)
    terms = [order.gated(f, order.digit_term(f, holds, ("ge", i)), ("on", i), ("t", i)) for i, holds in enumerate(held)]
    order.sum_equals(f, terms, order.constant(total), ("s",))
    expected = sum(1 for ds in product(range(1, 4), repeat=3) for ons in product((0, 1), repeat=3)
                   if sum(d * on for d, on in zip(ds, ons)) == total)
    assert models(f) == expected


def test_no_way_to_the_total_is_unsatisfiable():
    f = Formula()
    order.digits_sum(f, cells(f, [range(1, 4)] * 2), 7, ("s",))
    assert models(f) == 0


def test_term_reads_its_values():
    t = order.Term((2, 5, 9), ("a", "b"))
    assert [t.ge(v) for v in (1, 2, 3, 5, 6, 9, 10)] == [True, True, "a", "a", "b", "b", False]
    assert order.scaled(t, 10).ge(50) == "a" and order.constant(4).ge(4) is True
