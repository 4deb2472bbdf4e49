"""SAT as a yes/no oracle: a seeded solution grid, and whether a puzzle has exactly one solution.

The generator never takes a model as the solver happens to return it (engines, versions and the wasm
build may return different ones). A solution grid is built cell by cell in a seeded order, each cell
taking the first of its values (in a seeded order) for which SAT says "some solution has these":
the answer to that question is the same on every engine, so the grid depends on the seed alone. A
model found on the way proves "yes" for any later question it agrees with, which spares most calls
(a 9×9 asks about 90, a 16×16 about 300) without making the answer depend on which model it was.
"""

from __future__ import annotations

import random
from types import ModuleType

from gridlogic import session, solver
from gridlogic.budget import Budget, BudgetExceeded

ENGINE = "cadical195"        # the engine of every question (it exists on CPython and in Pyodide)
Cell = tuple[int, int]


def fill(kind: ModuleType, puzzle, rng: random.Random, budget: Budget) -> dict[Cell, int] | None:
    """A solution of `puzzle` as {cell: value} (values as the kind's `fact_of` says them), chosen by
    `rng` through yes/no questions only; None when the puzzle has no solution."""
    from gridlogic.backends import sat

    formula = session.encode_within(kind, puzzle, budget)
    placed, _ = session.meanings(kind, puzzle, formula)
    options = options_of(placed)
    with sat.questions(formula, ENGINE, budget, new=True) as ask:
        return fill_on(ask, list(formula.assumptions), options, rng)


def options_of(placed: dict[int, tuple]) -> dict[Cell, list[tuple[int, int]]]:
    """Each cell's (value, literal placing it) from the literals that place a value."""
    options: dict[Cell, list[tuple[int, int]]] = {}
    for lit, (r, c, v) in placed.items():
        options.setdefault((r, c), []).append((v, lit))
    return options


def fill_on(ask, held: list[int], options: dict[Cell, list[tuple[int, int]]], rng: random.Random,
            ruled_out: dict[int, frozenset[int]] | None = None) -> dict[Cell, int] | None:
    """`fill`'s grid, asked of `ask` (sat.Questions holding the puzzle) under `held`; `held` ends holding
    the literal of every cell's value. With `ruled_out` (literal -> the literals that rule it out by a
    two-literal clause: `binary_implications` of the formula, each implied literal negated), a choice
    ruled out by what is held is known to have no model without a call: the answers, and the grid, are
    the same."""
    cells = sorted(options)
    rng.shuffle(cells)
    out: dict[Cell, int] = {}
    model = ask.model(held)
    if model is None:
        return None
    holding = set(held)
    for cell in cells:
        choices = sorted(options[cell])
        rng.shuffle(choices)
        for i, (v, lit) in enumerate(choices):
            if lit in model or i == len(choices) - 1:
                break
            if ruled_out is not None and not ruled_out.get(lit, frozenset()).isdisjoint(holding):
                continue
            found = ask.model(held + [lit])
            if found is not None:
                model = found
                break
        held.append(lit)
        holding.add(lit)
        if lit not in model:          # (the last choice: forced, as every other was ruled out)
            model = ask.model(held)
        out[cell] = v
    return out


def binary_implications(clauses: list[list[int]], lits: set[int]) -> dict[int, list[int]]:
    """For each literal of `lits`, the literals the formula's two-literal clauses make true with it
    (x -> y for a clause [-x, y])."""
    out: dict[int, list[int]] = {}
    for clause in clauses:
        if len(clause) == 2:
            a, b = clause
            if -a in lits:
                out.setdefault(-a, []).append(b)
            if -b in lits:
                out.setdefault(-b, []).append(a)
    return out


def certain(ask, held: list[int], placed: dict[int, Cell]) -> set[Cell] | None:
    """The cells whose value is the same in every model under `held` (`placed`: a literal "this cell
    holds this value" -> its cell), asked of `ask` (sat.Questions); None when there is no model. A
    question per cell, "is there a model where it differs from a first one?", that no model found so far
    answers already: the set does not depend on the models found. (Questions on one cell each, under
    assumptions only, leave the solver no temporary clause: a kakuro's round adds its sums to the same
    solver between two of them.)"""
    first = ask.model(held)
    if first is None:
        return None
    differ: set[int] = set()              # literals of the first model some other model has false
    out = set()
    for lit in sorted(lit for lit in placed if lit in first):
        if lit in differ:
            continue
        other = ask.model(held + [-lit])
        if other is None:
            out.add(placed[lit])
        else:
            differ.update(x for x in first if -x in other)
    return out


def status(kind: ModuleType, puzzle, budget: Budget) -> str:
    """unique, multiple or none (BudgetExceeded when the budget runs out first)."""
    answer = solver.solve(kind, puzzle, engine=ENGINE, budget=budget, keep=1)
    if answer.status == "unknown":
        raise BudgetExceeded()
    return answer.status


def is_unique(kind: ModuleType, puzzle, budget: Budget) -> bool:
    """True when the puzzle has exactly one solution (proved by SAT)."""
    return status(kind, puzzle, budget) == "unique"
