"""Candidates of the kinds whose clues are givens on a grid (sudoku, binary, futoshiki): a seeded
solution grid (oracle.fill) with every cell given, written through the kind's editing state."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType

from gridlogic.budget import Budget
from gridlogic.generate import oracle
from gridlogic.generate.search import Candidate
from gridlogic.kinds import layout_of
from gridlogic.layout import read_state

Cell = tuple[int, int]


def blank_state(kind: ModuleType, rows: int, cols: int) -> dict:
    """The editing state of an empty grid of the kind (every part empty)."""
    return read_state(layout_of(kind), {"rows": rows, "cols": cols, "cells": [""] * (rows * cols)})


def solution(kind: ModuleType, state: dict, rules: tuple[str, ...], rng: random.Random,
             budget: Budget) -> dict[Cell, int] | None:
    """A seeded solution of the puzzle of `state` (see oracle.fill)."""
    return oracle.fill(kind, kind.from_state(state, rules=rules), rng, budget)


def givens_candidate(kind: ModuleType, rows: int, cols: int, rules: tuple[str, ...], symbol: Callable[[int], str],
                     rng: random.Random, budget: Budget) -> Candidate | None:
    """Every cell of a seeded solution given; each given may go (`symbol` writes a value in a cell)."""
    state = blank_state(kind, rows, cols)
    grid = solution(kind, state, rules, rng, budget)
    if grid is None:
        return None

    def write(kept: set) -> object:
        cells = [symbol(grid[(r, c)]) if (r, c) in kept else "" for r in range(rows) for c in range(cols)]
        return kind.from_state({**state, "cells": cells}, rules=rules)
    return Candidate(write, {cell: (cell,) for cell in sorted(grid)})
