"""Candidates of the kinds whose clues are givens on a grid (sudoku, binary, futoshiki): a seeded
solution grid (oracle.fill) with every cell given, written through the kind's editing state. A maker may
ask for one solver per candidate (`incremental`: generate/incremental.py, the same grid and verdicts,
faster), its own search for the grid (`seeded`: sudoku's, without SAT), the grid's unavoidable sets
(`unavoidable`: a set of givens missing one has several solutions, told without a call) and cheap logic
(`quick`) that settles some capped solves without the rating."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType

from gridlogic.budget import Budget
from gridlogic.generate import incremental, oracle
from gridlogic.generate.search import Candidate
from gridlogic.contract import layout_of
from gridlogic.layout import read_state

Cell = tuple[int, int]


def blank_state(kind: ModuleType, rows: int, cols: int) -> dict:
    """The editing state of an empty grid of the kind (every part empty)."""
    return read_state(layout_of(kind), {"rows": rows, "cols": cols, "cells": [""] * (rows * cols)})


def solution(kind: ModuleType, state: dict, rules: tuple[str, ...], rng: random.Random,
             budget: Budget) -> dict[Cell, int] | None:
    """A seeded solution of the puzzle of `state` (see oracle.fill)."""
    return oracle.fill(kind, kind.from_state(state, rules=rules), rng, budget)


Quick = Callable[[object, dict[Cell, int], str], "bool | None"]
"""Cheap logic of a maker: (the puzzle without givens, the givens kept, a level) -> True when it proves a
solver capped at the level solves the puzzle of those givens, False when it proves one does not, None when
it cannot tell (search.Candidate's `solves`)."""


Seeded = Callable[[object, random.Random], "dict[Cell, int] | None"]
"""A maker's own search for a solution grid: (the puzzle without givens, the seeded rng) -> {cell: value}, or
None when it gives up (then SAT fills the grid)."""


Unavoidable = Callable[[object, dict[Cell, int]], "list[frozenset[Cell]]"]
"""A maker's unavoidable sets of a grid: (the puzzle without givens, the grid) -> sets of cells some other
solution fills otherwise, so that givens leaving one of them empty leave several solutions."""


def givens_candidate(kind: ModuleType, rows: int, cols: int, rules: tuple[str, ...], symbol: Callable[[int], str],
                     rng: random.Random, budget: Budget, *, incremental_solver: bool = False,
                     quick: Quick | None = None, seeded: Seeded | None = None,
                     unavoidable: Unavoidable | None = None) -> Candidate | None:
    """Every cell of a seeded solution given; each given may go (`symbol` writes a value in a cell). With
    `incremental_solver`, one solver fills the grid and answers every uniqueness check of the attempt
    (after `unavoidable`'s sets of the grid);
    `seeded`, the maker's own search for the grid, is asked first (the solver, then made at the first
    uniqueness check, only checks)."""
    state = blank_state(kind, rows, cols)
    blank = kind.from_state(state, rules=rules)
    solvers: list[incremental.Givens] = []          # the candidate's solver, once made
    sets = (lambda grid: unavoidable(blank, grid)) if unavoidable is not None else None
    if incremental_solver:
        grid = seeded(blank, rng) if seeded is not None else None
        if grid is None:
            solver = incremental.Givens(kind, blank, budget, sets)
            try:
                grid = solver.fill(rng)
            except BaseException:
                solver.close()
                raise
            if grid is None:
                solver.close()
            else:
                solvers.append(solver)
    else:
        grid = oracle.fill(kind, blank, rng, budget)
    if grid is None:
        return None

    def solver_of() -> incremental.Givens:
        """The solver answering uniqueness, made at the first question when the maker's search found the grid
        (an attempt that never asks, below the top level of a kind graded on the ladder, makes none)."""
        if not solvers:
            solver = incremental.Givens(kind, blank, budget, sets)
            try:
                solver.adopt(grid)
            except BaseException:
                solver.close()
                raise
            solvers.append(solver)
        return solvers[0]

    def close() -> None:
        for solver in solvers:
            solver.close()

    def write(kept: set) -> object:
        cells = [symbol(grid[(r, c)]) if (r, c) in kept else "" for r in range(rows) for c in range(cols)]
        return kind.from_state({**state, "cells": cells}, rules=rules)

    def solves(kept: set, level: str) -> bool | None:
        return quick(blank, {cell: grid[cell] for cell in kept}, level)
    return Candidate(write, {cell: (cell,) for cell in sorted(grid)},
                     unique=(lambda kept: solver_of().is_unique(kept)) if incremental_solver else None,
                     solves=solves if quick is not None else None,
                     close=close if incremental_solver else None)
