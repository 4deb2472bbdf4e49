"""Integers in the order encoding, and sums of them whose bounds unit propagation keeps.

A `Term` is an integer that takes one of its `values` (ascending), read through the literals "the term
is at least v", one for each value but the least: `ge(v)` is True for v at or below the least value,
False past the greatest, and otherwise the literal of the least value at or past v (values may have
gaps: a pill's tens digit takes 10, 20, ...). Each "at least" literal implies the one below it.
- A cell's digit (`digit_term`): "at least v" tied to the cell's "holds d" literals, one way each: a
  digit held sets every "at least" up to it and clears the rest, and an "at least" cleared (set) drops
  the digits past (below) it; with the cell's own "exactly one digit" the literals are a function of
  the digit.
- `gated(term, on)`: the term when `on` holds and 0 otherwise (the cells between a sandwich's ends, an
  x-sum's first X cells).
- `scaled(term, k)`: k times the term, on the same literals.
- `add(x, y)`: z = x + y with "z at least a + b" when x is at least a and y at least b, and "z at most
  a + b" when x is at most a and y at most b (the ternary sum of the order encoding: unit propagation
  keeps z's bounds from x's and y's, and each of x's from z's and y's). z's values are cut to a range
  the caller knows it cannot leave, so that no literal is made for a sum that cannot finish; a pair's
  clause is left out when a neighbouring pair's (a or b one value nearer) names the same bound of z,
  which then implies it through the "at least" chains (where z is cut, most pairs are such).
- `sum_equals(terms, total)`: partial sums added up one term at a time, each cut to what the terms
  after it can still make up, and the last tied to `total` (a term: a constant, a circle's digit). Unit
  propagation then keeps each partial sum's bounds and each term's (bounds consistency along the chain),
  and the bounds are literals a learned clause may name ("the first three cells add up to at least
  12"). Every literal made is a function of the terms, so solution counts stay exact.
All literals made are named by keys that start with the caller's tag.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gridlogic.cnf.formula import Formula, Lit, negate


@dataclass(frozen=True)
class Term:
    """An integer of `values` (ascending, at least one); `lits[j]`: "the term is at least values[j + 1]"."""

    values: tuple[int, ...]
    lits: tuple[Lit, ...]

    def ge(self, v: int) -> Lit | bool:
        """"The term is at least v": True, False or a literal."""
        i = bisect_left(self.values, v)
        return True if i == 0 else False if i == len(self.values) else self.lits[i - 1]

    @property
    def least(self) -> int:
        return self.values[0]

    @property
    def most(self) -> int:
        return self.values[-1]


def constant(v: int) -> Term:
    """The integer v."""
    return Term((v,), ())


def scaled(term: Term, k: int) -> Term:
    """k times the term (k > 0), on its literals."""
    return Term(tuple(v * k for v in term.values), term.lits)


def clause(f: Formula, *lits: Lit | bool) -> None:
    """A clause whose True makes it hold and whose False drops out."""
    if any(lit is True for lit in lits):
        return
    f.clause([lit for lit in lits if lit is not False])


def _not(lit: Lit | bool) -> Lit | bool:
    return not lit if isinstance(lit, bool) else negate(lit)


def _chain(f: Formula, term: Term) -> None:
    """Each "at least" literal implies the one below it."""
    for lower, upper in zip(term.lits, term.lits[1:]):
        clause(f, negate(upper), lower)


def digit_term(f: Formula, holds: Mapping[int, Lit], tag: tuple) -> Term:
    """A cell's digit: `holds[d]` the literal "the cell holds d", for every digit it may hold (it holds
    exactly one of them, by rules of its own); "at least v" is `(*tag, v)`."""
    values = tuple(sorted(holds))
    term = Term(values, tuple((*tag, v) for v in values[1:]))
    _chain(f, term)
    for j, d in enumerate(values):
        if j:
            clause(f, negate(holds[d]), term.lits[j - 1])
        if j + 1 < len(values):
            clause(f, negate(holds[d]), negate(term.lits[j]))
    return term


def gated(f: Formula, term: Term, on: Lit, tag: tuple) -> Term:
    """The term when `on` holds, else 0 (the term's values positive); "at least v" past its least value
    is `(*tag, v)`, both `on` and the term's "at least v"."""
    values = (0, *term.values)
    lits: list[Lit] = [on]
    for v in term.values[1:]:
        lit = (*tag, v)
        clause(f, negate(lit), on)
        clause(f, negate(lit), term.ge(v))
        clause(f, _not(on), _not(term.ge(v)), lit)
        lits.append(lit)
    return Term(values, tuple(lits))


def add(f: Formula, x: Term, y: Term, tag: tuple, least: int | None = None, most: int | None = None) -> Term:
    """z = x + y, its values cut to least..most (the caller's promise: z never leaves them); "z is at
    least v" is `(*tag, v)`. No value left: the empty clause, and z the constant `least`."""
    values = tuple(sorted({a + b for a in x.values for b in y.values
                           if (least is None or a + b >= least) and (most is None or a + b <= most)}))
    if not values:
        f.clause([])
        return constant(least if least is not None else x.least + y.least)
    z = Term(values, tuple((*tag, v) for v in values[1:]))
    _chain(f, z)
    xs, ys = x.values, y.values
    for i, a in enumerate(xs):
        for j, b in enumerate(ys):
            # x ≥ a, y ≥ b: z ≥ a + b; implied by the pair below (a or b one value less) when that names
            # the same bound of z (x ≥ a and y ≥ b imply their lower "at least" literals)
            at = z.ge(a + b)
            if at is not True and (i == 0 or z.ge(xs[i - 1] + b) != at) and (j == 0 or z.ge(a + ys[j - 1]) != at):
                clause(f, _not(x.ge(a)), _not(y.ge(b)), at)
            # x ≤ a, y ≤ b: z ≤ a + b; likewise implied by the pair above
            past = z.ge(a + b + 1)
            if (past is not False and (i + 1 == len(xs) or z.ge(xs[i + 1] + b + 1) != past)
                    and (j + 1 == len(ys) or z.ge(a + ys[j + 1] + 1) != past)):
                clause(f, x.ge(a + 1), y.ge(b + 1), _not(past))
    return z


def equal(f: Formula, x: Term, y: Term) -> None:
    """x = y: each "at least v" of one holds just when the other's does."""
    for v in sorted(set(x.values) | set(y.values)):
        a, b = x.ge(v), y.ge(v)
        clause(f, _not(a), b)
        clause(f, a, _not(b))


def sum_equals(f: Formula, terms: Sequence[Term], total: Term, tag: tuple) -> None:
    """The terms add up to `total`: partial sums `(*tag, "sum", i, v)` ("the first i + 1 terms add up to
    at least v"), each cut to what the terms after it can still make up."""
    if not terms:
        equal(f, constant(0), total)
        return
    after_least = [0] * (len(terms) + 1)
    after_most = [0] * (len(terms) + 1)
    for i in reversed(range(len(terms))):
        after_least[i] = after_least[i + 1] + terms[i].least
        after_most[i] = after_most[i + 1] + terms[i].most
    partial = terms[0]
    for i in range(1, len(terms)):
        partial = add(f, partial, terms[i], (*tag, "sum", i), total.least - after_most[i + 1],
                      total.most - after_least[i + 1])
    equal(f, partial, total)


def digits_sum(f: Formula, holds: Sequence[Mapping[int, Lit]], total: int | Term, tag: tuple) -> None:
    """The cells' digits add up to `total` (a number or a term), digits repeating or not (`holds[i][d]`:
    cell i holds d); the cells' "at least" literals are `(*tag, "ge", i, v)`."""
    terms = [digit_term(f, here, (*tag, "ge", i)) for i, here in enumerate(holds)]
    sum_equals(f, terms, constant(total) if isinstance(total, int) else total, tag)

