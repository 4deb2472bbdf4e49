"""The binary maker's own search for a solution grid (kinds/binary/filling.py): every grid it gives keeps the
rules (the kind's independent checker), the same seed gives the same grid, and shapes with no solution give
none."""

from __future__ import annotations

import random

import pytest

from gridlogic.kinds import binary
from gridlogic.kinds.binary import filling
from gridlogic.kinds.binary.text import Puzzle


@pytest.mark.parametrize("width, height", [(4, 4), (6, 6), (8, 8), (10, 10), (12, 12), (16, 16), (6, 10), (10, 6)])
def test_grids_keep_the_rules(width, height):
    for seed in range(8):
        grid = filling.seeded_grid(width, height, random.Random(seed))
        assert grid is not None
        solution = tuple(grid[(r, c)] for r in range(height) for c in range(width))
        assert binary.check(Puzzle(width, height, (None,) * (width * height)), solution) == []


def test_a_seed_gives_one_grid_and_seeds_differ():
    grids = [filling.seeded_grid(10, 10, random.Random(seed)) for seed in (1, 1, 2)]
    assert grids[0] == grids[1] != grids[2]


@pytest.mark.parametrize("width, height", [(4, 8), (16, 4)])
def test_shapes_without_solution(width, height):
    """Width 4 has 6 lines keeping rules 1 and 2: 8 rows cannot all differ (nor 16 columns of height 4)."""
    assert filling.seeded_grid(width, height, random.Random(0)) is None


def test_balanced_lines():
    """Lines of 6 cells with three 1s and no three equal digits side by side: 14, counted by hand from the 20
    with three 1s (000111 and its like are out)."""
    lines = filling.balanced_lines(6)
    assert len(lines) == 14 and all(bin(x).count("1") == 3 and "111" not in f"{x:06b}" and "000" not in f"{x:06b}"
                                    for x in lines)
