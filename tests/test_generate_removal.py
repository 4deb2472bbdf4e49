"""The sudoku maker's seeded grid without SAT (kinds/sudoku/filling.py) and the batched removal
(generate/removal.py): the grid holds every rule by the kind's own checker, depends on the seed alone and
is answered right by the incremental solver that adopts it; removal in batches keeps exactly the clues
that removal one orbit at a time keeps, with fewer questions."""

from __future__ import annotations

import random

import pytest

from gridlogic.budget import UNLIMITED
from gridlogic.generate import givens, incremental, oracle, orbits, removal
from gridlogic.kinds import sudoku
from gridlogic.kinds.sudoku import filling


def _blank(rows: int, rules: tuple[str, ...] = ()):
    return sudoku.from_state(givens.blank_state(sudoku, rows, rows), rules=rules)


@pytest.mark.parametrize("rows, rules", [(4, ()), (6, ()), (9, ()), (9, ("diagonal",)), (9, ("disjoint",)), (16, ())])
def test_the_seeded_grid_is_a_solution_and_the_seeds(rows, rules):
    blank = _blank(rows, rules)
    grids = [filling.seeded_grid(blank, random.Random(seed)) for seed in range(3)]
    for grid in grids:
        values = tuple(grid[(r, c)] for r in range(rows) for c in range(rows))
        assert sudoku.check(blank, values) == []
    assert len({tuple(sorted(g.items())) for g in grids}) >= (2 if rows == 4 else 3)
    assert filling.seeded_grid(blank, random.Random(1)) == grids[1]


def test_a_search_that_gives_up_says_none(monkeypatch):
    monkeypatch.setattr(filling, "MOST_TRIES", 0)
    assert filling.seeded_grid(_blank(9), random.Random(0)) is None


def test_an_adopted_grid_is_asked_about_as_a_filled_one():
    grid = filling.seeded_grid(_blank(9), random.Random(3))
    cells = sorted(grid)
    with incremental.Givens(sudoku, _blank(9), UNLIMITED) as solver:
        solver.adopt(grid)
        assert solver.is_unique(set(cells)) and not solver.is_unique(set(cells[:20]))
        kept = set(random.Random(4).sample(cells, 30))
        text = "\n".join("".join(str(grid[(r, c)]) if (r, c) in kept else "." for c in range(9)) for r in range(9))
        assert solver.is_unique(kept) == oracle.is_unique(sudoku, sudoku.parse(text), UNLIMITED)


def _one_by_one(kept: set, groups: list, unique, floor: int) -> tuple[set, list, int]:
    removed = []
    for at, group in enumerate(groups):
        if len(kept - set(group)) < floor:
            return kept, removed, at
        if unique(kept - set(group)):
            kept = kept - set(group)
            removed.append(group)
    return kept, removed, len(groups)


@pytest.mark.parametrize("symmetry, floor", [("none", 0), ("rotate180", 0), ("none", 45)])
def test_batches_remove_what_one_at_a_time_removes(symmetry, floor):
    grid = filling.seeded_grid(_blank(9), random.Random(7))
    groups = orbits.clue_orbits(symmetry, 9, 9, {cell: (cell,) for cell in grid})
    random.Random(8).shuffle(groups)
    with incremental.Givens(sudoku, _blank(9), UNLIMITED) as solver:
        solver.adopt(grid)
        asked = []

        def unique(kept: set) -> bool:
            asked.append(len(kept))
            return solver.is_unique(kept)
        batched = removal.remove_while_unique(set(grid), groups, unique, floor=floor)
        batch_questions = len(asked)
        single = _one_by_one(set(grid), groups, solver.is_unique, floor)
    assert batched == single
    assert len(single[0]) >= floor and 0 < len(single[1]) < len(groups)
    assert batch_questions < single[2]
