"""What one clue forces alone, for any CNF kind: the steps a walk takes before any core search.

A clue's clauses are those its selector guards (`Formula.clue`): a creek number's count around its
corner, a heyawake room's number, a tapa cell's runs. With the values of the cells known on it (givens,
the user's entries, earlier steps), a small solver of those clauses alone says which of the clue's other
cell facts hold in every model of them (the clue forces them with those cells), and for each a minimal
set of the known cells with which it still does (deletion, the farthest from the step first). "The 0 at
r3c4: its four cells are unshaded" is such a step: it never starts a search over the whole grid. The
kind's own `clue_steps` (a nonogram's line solver) takes precedence where it has one.

Every answer is a yes or a no about a handful of clauses, so the steps are the same whatever the engine
and whatever it was asked before (see reasons.py: a walk on a new solver must not depend on them), and
each step is still checked on the whole formula by one SAT call before it is taken (`ClueSteps`).
Clues whose clauses read more than MAX_FACTS cell facts (a region's size over the whole grid) are left
to the core search.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from gridlogic.backends.sat import small_solver
from gridlogic.cnf.formula import Formula

Cell = tuple[int, int]
Fact = tuple[int, int, int]

ENGINE = "minisat22"        # the small solver's (any complete engine answers the same yes/no questions)
MAX_FACTS = 64              # cell facts a clue's clauses may read to be asked here


class LocalClues:
    """Each clue's own clauses and the cell facts they read, and the steps the clue gives alone."""

    def __init__(self, formula: Formula, placed: dict[int, Fact]) -> None:
        obj2id = formula.pool.obj2id
        blocks = {clue.selector: key for key, clue in formula.clues.items()
                  if clue.cells and obj2id.get(("clue", key)) == clue.selector}
        guarded: dict[Hashable, list[list[int]]] = {}
        for clause in formula.clauses if blocks else ():    # (givens alone: a base's clauses stay shared)
            key = blocks.get(-clause[-1]) if clause else None
            if key is not None:
                guarded.setdefault(key, []).append(clause[:-1])
        by_var: dict[int, list[tuple[Fact, int]]] = {}
        for lit, fact in placed.items():
            by_var.setdefault(abs(lit), []).append((fact, lit))
        self.by_fact = {fact: lit for lit, fact in placed.items()}
        self.clauses: dict[Hashable, list[list[int]]] = {}
        self.vars: dict[Hashable, set[int]] = {}
        self.facts: dict[Hashable, list[tuple[Fact, int]]] = {}
        for key, clauses in guarded.items():
            used = {abs(x) for clause in clauses for x in clause}
            facts = sorted(pair for var in used for pair in by_var.get(var, ()))
            if facts and len(facts) <= MAX_FACTS:
                self.clauses[key], self.vars[key], self.facts[key] = clauses, used, facts

    def on(self) -> dict[Hashable, tuple[Cell, ...]]:
        """The cells each clue asked here reads (those of its cell facts)."""
        return {key: tuple(sorted({fact[:2] for fact, _ in facts})) for key, facts in self.facts.items()}

    def steps(self, key: Hashable, known: dict[Cell, int]) -> list[tuple[Cell, int, list[Cell]]]:
        """The cell facts the clue `key` forces alone with the `known` values of cells on it, as (cell,
        value, needed): `needed` a minimal set of the known cells with which it still forces the value.
        Nothing when the clue cannot hold with them (a conflict is for the core search to explain)."""
        used = self.vars[key]
        held = [(cell, self.by_fact[(*cell, v)]) for cell, v in sorted(known.items())
                if abs(self.by_fact.get((*cell, v), 0)) in used]
        unknown = [(fact, lit) for fact, lit in self.facts[key] if fact[:2] not in known]
        if not unknown:
            return []
        assumed = [lit for _, lit in held]
        found = []
        with small_solver(self.clauses[key], ENGINE) as solver:
            if not solver.solve(assumptions=assumed):
                return []
            seen = set(solver.get_model())                 # literals true in every model seen so far
            for fact, lit in unknown:
                if lit not in seen:
                    continue
                if solver.solve(assumptions=assumed + [-lit]):
                    seen &= set(solver.get_model())
                    continue
                found.append((fact[:2], fact[2], _needed(solver, held, fact[:2], lit)))
        return found


def _needed(solver: Any, held: list[tuple[Cell, int]], cell: Cell, lit: int) -> list[Cell]:
    """A minimal set of the `held` cells with which the solver's clauses still force `lit` (deletion, the
    farthest from `cell` first, then the last in reading order)."""
    r, c = cell
    kept = sorted(held, key=lambda pair: (abs(pair[0][0] - r) + abs(pair[0][1] - c), pair[0]))
    for pair in kept[::-1]:
        rest = [x for x in kept if x is not pair]
        if not solver.solve(assumptions=[x for _, x in rest] + [-lit]):
            kept = rest
    return [held_cell for held_cell, _ in kept]


def local_clues(formula: Formula, placed: dict[int, Fact]) -> LocalClues | None:
    """The formula's clues asked alone, or None when it has none to ask (givens only)."""
    found = LocalClues(formula, placed)
    return found if found.facts else None
