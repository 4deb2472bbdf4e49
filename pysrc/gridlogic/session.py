"""A puzzle as one request asks about it: its formula and what the formula's literals mean, built once
and read by every question the request asks (solve, facts, candidates, setter help, entry checking,
conflict, symmetry classes, hints).

Vocabulary. The *formula* is the kind's encoding of the puzzle (`encode`); an *exact* one is built as
explanations need it (Formula.exact_clues: each clue's clauses follow from that clue alone), and has
the same solutions. A *cell fact* (r, c, v) is what a shown variable's value stands for (the kind's
`fact_of`): `meanings` gives the literals that place a value and those that eliminate one. The user's
*entries* (r, c, v) are held as clues of their own, ("entry", r, c, v), apart from the puzzle's givens
(`hold_entries`); the formula's assumptions before them are the puzzle's own (`Session.givens`).

A `Session` holds the kind, the puzzle, the entries, the SAT engine named (None: the kind's own, else the
default) and the budget, and builds its formula and meanings on first use, then keeps them: a solve
with facts, candidates and setter help encodes the puzzle once. A session made `exact` builds the exact formula
for every question (a hint: the walk needs it, and it serves the entry check as well); a plain one
builds the exact formula beside it only when asked for (why a puzzle has no solution). Questions add
to a session's formula only what keeps it the same puzzle for the next question: the solver's own
temporary clauses, or (a hint walk, the last to read it) its steps held as givens.

A plain formula that adds clauses to a cached base (a variant sudoku's) is also kept across sessions,
for the last few puzzles asked (`BUILT`, by kind, puzzle and entries, for puzzles that hash): a puzzle
asked again (the page's Solve, then its facts or a check) reuses its formula and meanings while they
hold what they held when built, and while the SAT backend has not retired the formula's selectors
(backends/sat/solvers.py: it keeps the formula's clauses on its base's solver until another formula
comes), so it is neither encoded nor loaded again.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterable
from types import ModuleType
from typing import Any

from gridlogic import budget as budget_module
from gridlogic.budget import UNLIMITED, Budget
from gridlogic.errors import RequestError
from gridlogic.cnf.formula import Formula

Fact = tuple[int, int, int]


def encode(kind: ModuleType, puzzle: Any, exact_clues: bool = False) -> Formula:
    """The puzzle's formula (with `exact_clues`, as explanations need it: see Formula.exact_clues)."""
    formula = Formula()
    formula.exact_clues = exact_clues
    kind.encode(puzzle, formula)
    return formula


def encode_within(kind: ModuleType, puzzle: Any, budget: Budget, exact_clues: bool = False,
                  entries: Iterable[Fact] = ()) -> Formula:
    """The puzzle's formula, built with `budget` active (BudgetExceeded stops a long encoding), with the
    user's `entries` held as clues."""
    with budget_module.active(budget):
        formula = encode(kind, puzzle, exact_clues)
    if entries:
        hold_entries(formula, meanings(kind, puzzle, formula)[0], entries)
    return formula


def meanings(kind: ModuleType, puzzle: Any, formula: Formula) -> tuple[dict[int, Fact], dict[int, Fact]]:
    """Through the kind's `fact_of`: the literals that place a value ({lit: (r, c, v)}) and those that
    eliminate one (the negation of a variable whose true value is a fact and whose false value is none)."""
    placed: dict[int, Fact] = {}
    eliminated: dict[int, Fact] = {}
    for var in formula.shown:
        key = formula.key_of(var)
        yes, no = kind.fact_of(puzzle, key, True), kind.fact_of(puzzle, key, False)
        if yes is not None:
            placed[var] = tuple(yes)
        if no is not None:
            placed[-var] = tuple(no)
        elif yes is not None:
            eliminated[-var] = tuple(yes)
    return placed, eliminated


def hold_entries(formula: Formula, placed: dict[int, Fact], entries: Iterable[Fact]) -> None:
    """Hold the user's entries (r, c, v) as clues ("entry", r, c, v), apart from the puzzle's givens. A
    value no cell fact stands for is a RequestError naming `entries`."""
    by_fact = {fact: lit for lit, fact in placed.items()}
    for r, c, v in entries:
        lit = by_fact.get((r, c, v))
        if lit is None:
            raise RequestError(f"an entry puts {v} at r{r + 1}c{c + 1}, which this puzzle has no place for",
                               field="entries")
        if ("entry", r, c, v) not in formula.clues:
            formula.given(formula.named(lit), ("entry", r, c, v), [(r, c)], f"your {v} at r{r + 1}c{c + 1}")


def sat_engine(engine: str | None, budget: Budget, kind: ModuleType | None = None) -> str:
    """The SAT engine to use: when none is named, the kind's own (`SAT_ENGINE`) or else the default;
    refused when unknown or unbounded."""
    from gridlogic.backends import sat
    from gridlogic.contract import optional

    eng = engine or (kind is not None and optional(kind, "SAT_ENGINE")) or sat.DEFAULT_ENGINE
    if eng not in sat.ENGINES:
        raise RequestError(f"unknown SAT engine {eng!r} (known: {', '.join(sat.ENGINES)})", field="engine")
    if budget.is_bounded and eng not in sat.BOUNDED_ENGINES:
        raise RequestError(f"SAT engine {eng!r} cannot be stopped by a time budget here "
                           f"(use {', '.join(sat.BOUNDED_ENGINES)})", field="engine")
    return eng


class _Built:
    """One formula of a session: the formula (entries held), the puzzle's own givens, its meanings."""

    def __init__(self, formula: Formula, givens: tuple[int, ...]) -> None:
        self.formula, self.givens = formula, givens
        self.meanings: tuple[dict[int, Fact], dict[int, Fact]] | None = None


class _Kept:
    """Plain formulas built lately, by (kind, puzzle, entries), the newest last (see the module docstring)."""

    def __init__(self, size: int = 4) -> None:
        self.size = size
        self._built: OrderedDict[Hashable, tuple[_Built, tuple[int, int, int, int]]] = OrderedDict()

    def get(self, key: Hashable) -> _Built | None:
        """The formula built for `key`, if it is still as built and its selectors are not retired."""
        kept = self._built.pop(key, None)
        if kept is None:
            return None
        built, holds = kept
        formula = built.formula
        base = formula.base
        if (formula.retired or formula.holds() != holds
                or (base is not None and formula.guard_epoch not in (None, base.epoch))):
            return None
        self._built[key] = kept
        return built

    def clear(self) -> None:
        """Keep none."""
        self._built.clear()

    def put(self, key: Hashable, built: _Built) -> None:
        """Keep `built` for `key`, dropping the oldest beyond `size`."""
        self._built[key] = (built, built.formula.holds())
        while len(self._built) > self.size:
            self._built.popitem(last=False)


BUILT = _Kept()


def _key(kind: ModuleType, puzzle: Any, entries: tuple[Fact, ...]) -> Hashable | None:
    """What a plain formula is kept under: None for a puzzle that does not hash."""
    key = (kind.__name__, type(puzzle), puzzle, entries)
    try:
        hash(key)
    except TypeError:
        return None
    return key


class Session:
    """A puzzle with the user's entries, the SAT engine named and the budget; its formula and meanings
    built on first use and kept (see the module docstring)."""

    def __init__(self, kind: ModuleType, puzzle: Any, entries: Iterable[Fact] = (), *, engine: str | None = None,
                 budget: Budget = UNLIMITED, exact: bool = False) -> None:
        self.kind, self.puzzle = kind, puzzle
        self.entries: tuple[Fact, ...] = tuple(tuple(entry) for entry in entries)
        self.engine, self.budget, self.exact = engine, budget, exact
        self._built: dict[bool, _Built] = {}

    def sat_engine(self) -> str:
        """The SAT engine the session's questions use (see `sat_engine`)."""
        return sat_engine(self.engine, self.budget, self.kind)

    def formula(self, exact: bool = False) -> Formula:
        """The puzzle's formula with the entries held as clues; `exact` as explanations need it (an exact
        session's formula is exact whatever is asked)."""
        return self._build(exact).formula

    def meanings(self, exact: bool = False) -> tuple[dict[int, Fact], dict[int, Fact]]:
        """What the formula's literals mean (see `meanings`): those that place a value, those that
        eliminate one."""
        built = self._build(exact)
        if built.meanings is None:
            built.meanings = meanings(self.kind, self.puzzle, built.formula)
        return built.meanings

    def givens(self, exact: bool = False) -> list[int]:
        """The formula's assumptions that are the puzzle's own (without the user's entries)."""
        return list(self._build(exact).givens)

    def _build(self, exact: bool) -> _Built:
        exact = exact or self.exact
        built = self._built.get(exact)
        if built is not None:
            return built
        key = None if exact else _key(self.kind, self.puzzle, self.entries)
        built = None if key is None else BUILT.get(key)
        if built is None:
            formula = encode_within(self.kind, self.puzzle, self.budget, exact_clues=exact)
            built = _Built(formula, tuple(formula.assumptions))
            if self.entries:
                built.meanings = meanings(self.kind, self.puzzle, formula)
                hold_entries(formula, built.meanings[0], self.entries)
            if key is not None and formula.base is not None and not formula.extends_base_only():
                BUILT.put(key, built)
        self._built[exact] = built
        return built
