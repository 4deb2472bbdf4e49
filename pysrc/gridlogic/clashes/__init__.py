"""Rule clashes: the clues and houses the cells' values already break, from the rules alone.

A *clash* is a part of the puzzle (a clue of the formula, or a house: a row, a column, a unit of the
kind's `units_of`) whose own clauses cannot hold under the values in the cells (the givens and the
user's entries): the same digit twice in a row, a cage over its sum, a thermometer out of order, a
binary line with three alike. Nothing is solved and no solution is compared with: each part is asked
alone, by unit propagation (propagation.py) over its own clauses and the value clauses of its cells,
so a clash says only what the entries break, never what the solution is.

For each part with a value in its cells, the values are assumed and unit propagation runs; a
conflict is a clash, and the cells named are the valued cells the conflict traces back to, with those
of the part's other conflicts (found by leaving each such cell out in turn).

The parts depend on the puzzle alone: those of the last puzzles asked are kept, with each clue's clauses,
for the next request (a player's entries come one at a time).

The parts, and the clauses shared out among them, are parts.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from gridlogic import budget as budget_module
from gridlogic.budget import UNLIMITED, Budget, check_active
from gridlogic.clashes.parts import Cell, Parts
from gridlogic.errors import RequestError
from gridlogic.propagation import conflicts
from gridlogic.session import Fact


@dataclass(frozen=True)
class Clash:
    """A broken part: its key, its words and the valued cells its conflict rests on."""

    key: tuple
    label: str
    cells: tuple[Cell, ...]

    def to_json(self) -> dict:
        return {"key": [k if isinstance(k, (int, str)) else str(k) for k in self.key], "label": self.label,
                "cells": [list(cell) for cell in self.cells]}


_PARTS: dict[tuple, Parts] = {}               # (kind, puzzle): its parts, for the next entry's request
_PARTS_KEPT = 2


def clashes(kind: ModuleType, puzzle: Any, entries: list[Fact], budget: Budget = UNLIMITED) -> list[Clash]:
    """The parts of the puzzle that its givens and `entries` break (see the module docstring)."""
    with budget_module.active(budget):
        return _clashes(kind, puzzle, entries, budget)


def _parts_of(kind: ModuleType, puzzle: Any, budget: Budget) -> Parts:
    """The puzzle's parts, kept for the last few puzzles asked (a player's entries come one by one; the
    parts depend on the puzzle alone)."""
    try:
        key = (kind.KEY, puzzle)
        kept = _PARTS.get(key)
    except TypeError:                             # a puzzle that cannot be a key: built every time
        return Parts(kind, puzzle, budget)
    if kept is None:
        kept = Parts(kind, puzzle, budget)
        if len(_PARTS) >= _PARTS_KEPT:
            _PARTS.pop(next(iter(_PARTS)))
    else:
        del _PARTS[key]                           # kept as the newest
    _PARTS[key] = kept
    return kept


def _clashes(kind: ModuleType, puzzle: Any, entries: list[Fact], budget: Budget) -> list[Clash]:
    parts = _parts_of(kind, puzzle, budget)
    values = dict(parts.values)
    known = set(parts.placed.values())
    for r, c, v in entries:
        if (r, c, v) not in known:
            raise RequestError(f"an entry puts {v} at r{r + 1}c{c + 1}, which this puzzle has no place for",
                               field="entries")
        values[(r, c)] = v
    truth: dict[int, Cell] = {}                   # a literal the values make true: its cell
    for cell, v in values.items():
        for lit, value in parts.lits_of.get(cell, ()):
            truth[lit if value == v else -lit] = cell
    empty = {cell: parts.local.get(cell, []) for cell in parts.lits_of if cell not in values}
    # a valued cell's clauses with an auxiliary variable (an order variable) hold from the start
    cell_of_fact = parts.cell_of
    valued_aux = {cell: [c for c in parts.local.get(cell, ()) if any(abs(x) not in cell_of_fact for x in c)]
                  for cell in values}
    cell_of = dict(parts.cell_of)
    cell_of.update((v, next(iter(cells))) for v, cells in parts.home.items() if len(cells) == 1)
    found: list[Clash] = []
    for clue in parts.clues:
        check_active()
        if not parts.clue_cells(clue) & values.keys():
            continue
        clauses, cells = parts.clue_clauses(clue)
        taken = {id(c) for c in clauses}
        clauses += [c for cell in cells & values.keys() for c in valued_aux[cell] if id(c) not in taken]
        broken = conflicts(clauses, truth, empty, cell_of)
        if broken is not None:
            found.append(Clash(_plain(clue.key), clue.label, broken))
    found += _crossed(parts.fixing, values)
    for key, label, house, clauses in parts.houses:
        check_active()
        if len(house & values.keys()) < 2 or not clauses:
            continue
        aux = [c for cell in house & values.keys() for c in valued_aux[cell]]
        broken = conflicts(clauses + aux, truth, empty, cell_of, kept=not aux)
        if broken is not None:
            found.append(Clash(key, label, broken))
    return found


def _crossed(fixing: list, values: dict[Cell, int]) -> list[Clash]:
    """The clues that only hold cell values (a 0 that keeps its cells empty) where an entry puts another
    value: each a clash at those entries' cells."""
    out = []
    for clue, fixed in fixing:
        cells = tuple(sorted(cell for cell, v in fixed.items() if values.get(cell, v) != v))
        if cells:
            out.append(Clash(_plain(clue.key), clue.label, cells))
    return out


def _plain(key: Any) -> tuple:
    return tuple(key) if isinstance(key, tuple) else (key,)
