"""One solver per puzzle of givens (sudoku): the seeded solution grid, then, on the same solver, whether a
set of that grid's givens leaves one solution.

The solver holds the rules of the empty grid (the candidate's puzzle with no given): the solver kept for
them (backends/sat/solvers.py), loaded once for every candidate of that shape. The grid is filled by
`oracle.fill_on`'s yes/no questions, so it is the grid `oracle.fill` gives for the same seed (a choice
that a two-literal clause rules out is answered without a call: most are, on a sudoku). Then one clause
is added for good, "some cell differs from the grid" (the negations of the literals placing the grid's
values), behind an activation literal switched off for good when the candidate is closed. A set of
givens is then a list of assumptions (the literals placing their values) and leaves one solution
exactly when the solver finds no model under them and the activation literal: one call per check, on a
solver that keeps what it learnt, where `oracle.is_unique` encodes and loads the puzzle anew and looks
for two models. The verdicts are the same, so a seed makes the same puzzle either way. Before the call, a
maker's unavoidable sets of the grid (sets of cells another solution fills otherwise) answer "not unique"
when the givens leave one of them empty: the answer the solver would give.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from contextlib import ExitStack
from types import ModuleType

from gridlogic import session
from gridlogic.backends.sat.solvers import switch
from gridlogic.budget import Budget
from gridlogic.generate import oracle

Cell = tuple[int, int]
_BY_BASE: dict[tuple[str, int], tuple[object, tuple]] = {}   # (kind, id(base)) -> (base, _options_of's)


def _options_of(kind: ModuleType, puzzle, formula) -> tuple[dict, dict[int, frozenset[int]]]:
    """Each cell's (value, literal) (oracle.options_of) and, per literal, those that rule it out by a
    two-literal clause (oracle.binary_implications, negated: fill_on's `ruled_out`), kept per cached
    base: a puzzle without givens on one (an empty grid's rules) holds the base's clauses and variables
    only."""
    base = formula.base if formula.extends_base_only() else None
    kept = _BY_BASE.get((kind.KEY, id(base))) if base is not None else None
    if kept is not None and kept[0] is base:
        return kept[1]
    placed, _ = session.meanings(kind, puzzle, formula)
    implied = oracle.binary_implications(formula.clauses, set(placed))
    found = oracle.options_of(placed), {lit: frozenset(-x for x in lits) for lit, lits in implied.items()}
    if base is not None:
        if len(_BY_BASE) >= 8:
            _BY_BASE.clear()
        _BY_BASE[(kind.KEY, id(base))] = (base, found)
    return found


class Givens:
    """A solver holding a puzzle's rules, for its solution grid and the uniqueness of its givens' subsets.
    Use it as a context manager, or `close` it."""

    def __init__(self, kind: ModuleType, puzzle, budget: Budget,
                 unavoidable: Callable[[dict[Cell, int]], Iterable[Iterable[Cell]]] | None = None) -> None:
        from gridlogic.backends import sat

        formula = session.encode_within(kind, puzzle, budget)
        self._options, self._ruled_out = _options_of(kind, puzzle, formula)
        self._held = list(formula.assumptions)
        self._stack = ExitStack()
        self._ask = self._stack.enter_context(sat.questions(formula, oracle.ENGINE, budget))
        self._places: dict[Cell, int] = {}         # cell -> the literal placing its value of the grid
        self._other: int | None = None               # activation literal of "some cell differs from the grid"
        self._unavoidable = unavoidable
        self._bits: dict[Cell, int] = {}              # cell -> its bit in `_sets`
        self._sets: list[int] = []                    # the grid's unavoidable sets, a bit per cell

    def __enter__(self) -> Givens:
        return self

    def __exit__(self, *_) -> None:
        self.close()

    def close(self) -> None:
        """Let the solver go."""
        self._stack.close()

    def fill(self, rng: random.Random) -> dict[Cell, int] | None:
        """The seeded solution grid (oracle.fill's), or None when the rules have no solution; from then on
        `is_unique` asks about subsets of its givens."""
        grid = oracle.fill_on(self._ask, list(self._held), self._options, rng, self._ruled_out)
        if grid is not None:
            self.adopt(grid)
        return grid

    def adopt(self, grid: dict[Cell, int]) -> None:
        """Take `grid`, a solution of the rules found otherwise (a maker's own search), as the grid that
        `is_unique` asks about."""
        self._places = {cell: next(lit for v, lit in self._options[cell] if v == value)
                        for cell, value in grid.items()}
        if self._unavoidable is not None:
            self._bits = {cell: 1 << k for k, cell in enumerate(sorted(grid))}
            self._sets = sorted({sum(self._bits[cell] for cell in cells) for cells in self._unavoidable(grid)})
        self._other = self._stack.enter_context(switch(self._ask.solver, self._ask.fresh))
        self._ask.solver.add_clause([-self._other] + [-lit for lit in self._places.values()])

    def is_unique(self, kept: Iterable[Cell]) -> bool:
        """True when the grid's givens in the cells `kept` leave it the only solution (BudgetExceeded when
        the budget runs out first)."""
        if self._other is None:
            raise RuntimeError("is_unique before fill")
        if self._sets:
            held = sum(map(self._bits.__getitem__, kept))      # (a bit per cell: the sum is their union)
            for cells in self._sets:
                if not held & cells:
                    return False
        return not self._ask.calls.solve(self._held + [self._other] + [self._places[cell] for cell in sorted(kept)])
