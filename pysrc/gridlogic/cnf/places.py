"""Clauses gathered over places and added at once by `Formula.pattern`.

A rule that writes many small clauses over a few literals each (the reach labels, a size counter)
spends most of its time turning each literal into its integer, one clause at a time. `Places` numbers
each literal once, at its first use (place k, its negation -k), keeps the clauses as lists of places,
and `add_to` lays them on the formula in one `pattern`: the same clauses in the same order, and the same
variables in the same order (a variable is made where its literal is first used, as `clause` makes it).
`Literals` gathers clauses over the formula's own literals instead, for a rule whose literals are mostly
new (a count's partial sums): there a pattern would only copy its clauses.
"""

from __future__ import annotations

from gridlogic.cnf.formula import Formula, Lit, Not


class Places:
    """Literals numbered 1, 2, ... in order of first use, and clauses over those numbers."""

    __slots__ = ("literals", "_at", "clauses")

    def __init__(self) -> None:
        self.literals: list = []
        self._at: dict = {}
        self.clauses: list[list[int]] = []

    def __call__(self, lit: Lit) -> int:
        """The place of a literal (negative for `Not(key)`)."""
        if lit.__class__ is Not:
            return -self(lit.key)
        at = self._at.get(lit)
        if at is None:
            self.literals.append(lit)
            at = self._at[lit] = len(self.literals)
        return at

    @property
    def table(self) -> dict:
        """The places by literal: a caller numbering new literals itself appends each to `literals` and
        enters it here with its place, len(literals) (as `__call__` does)."""
        return self._at

    def add_to(self, f: Formula) -> None:
        """Add the clauses gathered to `f` (inside the same clue block as the literals' use, if any)."""
        if self.clauses:
            f.pattern(self.literals, self.clauses)
        self.clauses = []


class Literals(Places):
    """Places that are the formula's own literals (its variables made at first use, as `clause` makes them),
    and clauses added as they are."""

    __slots__ = ("formula",)

    def __init__(self, formula: Formula) -> None:
        super().__init__()
        self.formula = formula

    def __call__(self, lit: Lit) -> int:
        """The formula's literal."""
        return self.formula.lit(lit)

    def add_to(self, f: Formula) -> None:
        """Add the clauses gathered to `f`, the formula they were numbered in (inside the same clue block as
        their making, if any: the block adds its guard)."""
        if f is not self.formula:
            raise ValueError("clauses numbered in another formula")
        f.clauses.extend(self.clauses)
        self.clauses = []
