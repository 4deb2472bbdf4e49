"""Cardinality and sum constraints of a Formula (its part; formula.py holds the variables and clauses).

was far faster, for a little more time once to build and load that grid's cached base; figures in
docs/benchmarks.md), sequential
counter beyond.
Weighted sums go through `pysat.pb` when its back end (pindakaas) is installed; it has no Pyodide
wheel, so sums are otherwise expanded into the allowed subsets, exact and small at puzzle sizes.

"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from pysat.card import CardEnc, EncType

from gridlogic.budget import tick
from gridlogic.cnf.literals import Lit


PAIRWISE_LIMIT = 16         # at-most-one of up to this many literals is encoded pairwise (up to 16×16 units)
# The counters `exactly` may be asked for: pysat's sequential counter (the default) and its modulo totalizer
# (Ogawa et al. 2013), a third of the clauses when the bound and the literals are many (docs/benchmarks.md)
COUNTERS = {"sequential": EncType.seqcounter, "modulo": EncType.mtotalizer}


class Cardinality:
    """At most, at least and exactly k of some literals, and weighted sums."""

    def _card(self, method: str, lits: Sequence[Lit], bound: int, counter: str = "sequential") -> None:
        tick()
        ints = self.lits(lits)
        n = len(ints)
        if method == "atmost":
            if bound >= n:
                return
            if bound < 0:
                self.clauses.append([])
                return
            if bound == 0:
                self.clauses.extend([-x] for x in ints)
                return
        elif method == "atleast":
            if bound <= 0:
                return
            if bound > n:
                self.clauses.append([])
                return
            if bound == 1:
                self.clauses.append(ints)
                return
            if bound == n:
                self.clauses.extend([x] for x in ints)
                return
        else:  # equals
            if bound < 0 or bound > n:
                self.clauses.append([])
                return
            if bound == 0 or bound == n:
                self.clauses.extend([x if bound else -x] for x in ints)
                return
            if bound == 1:
                self.clauses.append(ints)
                self._card("atmost", lits, 1)
                return
        encoding = EncType.pairwise if bound == 1 and n <= PAIRWISE_LIMIT else COUNTERS[counter]
        if self._shared:
            self._own()
        if self.own_from is None and self.base is not None:
            self._past_guards()
        cnf = getattr(CardEnc, method)(lits=ints, bound=bound, vpool=self.pool, encoding=encoding)
        self.clauses.extend(cnf.clauses)

    def at_most(self, lits: Sequence[Lit], k: int, when: Lit | None = None) -> None:
        """At most k of the literals hold (with `when`: whenever that literal holds)."""
        self._card_when("atmost", lits, k, when)

    def at_least(self, lits: Sequence[Lit], k: int, when: Lit | None = None) -> None:
        """At least k of the literals hold (with `when`: whenever that literal holds)."""
        self._card_when("atleast", lits, k, when)

    def _card_when(self, method: str, lits: Sequence[Lit], k: int, when: Lit | None) -> None:
        start = len(self.clauses)
        self._card(method, lits, k)
        if when is not None:
            off = -self.lit(when)
            for clause in self.clauses[start:]:
                clause.append(off)

    def exactly(self, lits: Sequence[Lit], k: int, counter: str = "sequential") -> None:
        """Exactly k of the literals hold (through the `counter` named, one of COUNTERS)."""
        self._card("equals", lits, k, counter)

    def at_most_one(self, lits: Sequence[Lit]) -> None:
        """No two of the literals hold."""
        self._card("atmost", lits, 1)

    def exactly_one(self, lits: Sequence[Lit]) -> None:
        """Exactly one of the literals holds."""
        self._card("equals", lits, 1)

    def sum_equals(self, terms: Sequence[tuple[int, Lit]], total: int) -> None:
        """The weights of the true literals add up to `total` (weights positive)."""
        if any(w <= 0 for w, _ in terms):
            raise ValueError("sum_equals needs positive weights")
        if all(w == 1 for w, _ in terms):
            self.exactly([x for _, x in terms], total)
            return
        try:
            from pysat.pb import PBEnc  # needs pindakaas, absent under Pyodide
        except (ImportError, AssertionError):
            PBEnc = None
        ints = [self.lit(x) for _, x in terms]
        weights = [w for w, _ in terms]
        if PBEnc is not None:
            if self._shared:
                self._own()
            if self.own_from is None and self.base is not None:
                self._past_guards()
            cnf = PBEnc.equals(lits=ints, weights=weights, bound=total, vpool=self.pool)
            self.clauses.extend(cnf.clauses)
            return
        self.one_of_subsets(ints, weights, total)

    def one_of_subsets(self, ints: list[int], weights: list[int], total: int) -> None:
        """Exact weighted sum as a choice among the subsets that reach it (small inputs only)."""
        if len(ints) > 20:
            raise ValueError("weighted sum too long for subset expansion; install python-sat[pb]")
        allowed = [s for n in range(len(ints) + 1) for s in itertools.combinations(range(len(ints)), n)
                   if sum(weights[i] for i in s) == total]
        if not allowed:
            self.clauses.append([])
            return
        choice = []
        for idx, subset in enumerate(allowed):
            tick()
            pick = self._new(("_subset", id(ints), total, idx, self.pool.top))
            choice.append(pick)
            inside = set(subset)
            for i, x in enumerate(ints):
                self.clauses.append([-pick, x if i in inside else -x])
        self.clauses.append(choice)
