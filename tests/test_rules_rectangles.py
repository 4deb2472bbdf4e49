"""Model counts for division into rectangles (cnf/rectangles.py), against every division of the grid
into rectangles, listed here by covering the first free cell in every way."""

from __future__ import annotations

import pytest

from gridlogic import lattice
from gridlogic.backends import sat
from gridlogic.cnf.rectangles import rectangles
from gridlogic.cnf.formula import Formula
from rules_brute import count


def divisions(rows: int, cols: int):
    """Every division of the grid into rectangles, as lists of sets of (r, c)."""
    def cover(free: frozenset, pieces: list):
        if not free:
            yield list(pieces)
            return
        r, c = min(free)
        for h in range(1, rows - r + 1):
            for w in range(1, cols - c + 1):
                piece = {(r + i, c + j) for i in range(h) for j in range(w)}
                if piece <= free:
                    yield from cover(free - piece, pieces + [piece])
    yield from cover(frozenset((r, c) for r in range(rows) for c in range(cols)), [])


def fits(pieces: list, clues: dict) -> bool:
    for piece in pieces:
        inside = [q for q in clues if q in piece]
        if len(inside) != 1 or clues[inside[0]] not in (None, len(piece)):
            return False
    return True


def test_brute_force_knows_small_cases():
    assert sum(1 for _ in divisions(1, 3)) == 4
    assert sum(1 for _ in divisions(2, 2)) == 8


CASES = [
    (2, 2, {(0, 0): 2, (1, 1): 2}),
    (2, 3, {(0, 0): 3, (1, 2): 3}),
    (3, 3, {(0, 0): 3, (1, 1): 3, (2, 2): 3}),
    (3, 3, {(1, 1): None, (0, 0): None}),
    (3, 4, {(0, 0): 4, (2, 3): 4, (1, 1): 2, (2, 0): 2}),
    (3, 4, {(0, 1): None, (2, 2): None, (1, 3): None}),
    (2, 2, {(0, 0): 3}),                                       # no division: no model
]


@pytest.mark.parametrize("rows,cols,clues", CASES)
def test_rectangles(rows, cols, clues):
    f = Formula()
    f.show(rectangles(f, rows, cols, {lattice.cell_point(*q): n for q, n in clues.items()}))
    assert count(f) == sum(fits(pieces, clues) for pieces in divisions(rows, cols))


def test_a_clue_per_cell_divides_into_single_cells():
    f = Formula()
    keys = rectangles(f, 2, 3, {p: 1 for p in lattice.cells(2, 3)})
    f.show(keys)
    models, n, complete = sat.enumerate_models(f, 10)
    assert (n, complete) == (1, True) and all(models[0][k] for k in keys)


@pytest.mark.parametrize("rows,cols,clues", CASES[:3] + CASES[4:5])
def test_clue_blocks_give_the_same_divisions(rows, cols, clues):
    """With `clue_of`, each clue cell's cover sits in its own block: all on, the same divisions."""
    f = Formula()
    f.show(rectangles(f, rows, cols, {lattice.cell_point(*q): n for q, n in clues.items()},
                      clue_of=lambda q: f.clue(("number", *q), (), "a clue")))
    assert len(f.clues) == len(clues)
    assert count(f) == sum(fits(pieces, clues) for pieces in divisions(rows, cols))
