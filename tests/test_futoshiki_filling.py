"""The futoshiki maker's own search for a Latin square (kinds/futoshiki/filling.py): every square it gives
holds each digit once per row and column, checked by the kind's independent checker with the signs the
square draws; the same seed gives the same square."""

from __future__ import annotations

import random

import pytest

from gridlogic import generate  # noqa: F401  (the makers' registry, before a maker is imported)
from gridlogic.budget import UNLIMITED
from gridlogic.kinds import futoshiki
from gridlogic.kinds.futoshiki import filling, maker


@pytest.mark.parametrize("n", range(4, 10))
def test_squares_are_latin(n):
    for seed in range(10):
        square = filling.seeded_square(n, random.Random(seed))
        for k in range(n):
            assert sorted(square[(k, c)] for c in range(n)) == list(range(1, n + 1))
            assert sorted(square[(r, k)] for r in range(n)) == list(range(1, n + 1))


def test_a_seed_gives_one_square_and_seeds_differ():
    squares = [filling.seeded_square(7, random.Random(seed)) for seed in (3, 3, 4)]
    assert squares[0] == squares[1] != squares[2]


@pytest.mark.parametrize("n", [4, 6, 9])
def test_the_candidate_is_its_square_with_every_sign(n):
    """The maker's candidate with every clue kept: the checker finds nothing wrong with the square as its
    solution (digits and signs agree)."""
    found = maker.candidate(n, n, (), "none", random.Random(1), UNLIMITED)
    puzzle = found.write(set(found.clues))
    assert all(puzzle.givens) and futoshiki.check(puzzle, tuple(puzzle.givens)) == []
