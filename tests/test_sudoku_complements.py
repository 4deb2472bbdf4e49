"""A killer cage inside a house and the rest of that house (families/sums.py `_complements`): a digit the
cage may use is used exactly when no other cell of the house holds it.

Counted on 4×4 (the 288 grids, test_sudoku_families' helpers): every cage of 1-3 cells lying in a row, a
column or a box (or in two of them), with every sum its cells can make and one they cannot, has exactly
the grids the independent checker keeps, with its complement clauses made; two cages in one house
together likewise; with the cage's clue switched off, every grid.
"""

from __future__ import annotations

import itertools

from gridlogic.backends import sat
from gridlogic.cnf.formula import Formula
from gridlogic.kinds.sudoku.constraints import Constraint
from gridlogic.kinds.sudoku.families import ENCODE, Grid, sums
from gridlogic.kinds.sudoku.families.sums import _houses
from test_sudoku_families import GRID4, GRIDS, kept_4x4, models_4x4, rules

HOUSES = ([[(r, c) for c in range(4)] for r in range(4)] + [[(r, c) for r in range(4)] for c in range(4)]
          + [list(box) for box in GRID4.regions])


def cages_in_houses(most: int) -> list[tuple]:
    """Every set of 1..`most` cells that lies in some house (each once)."""
    out = set()
    for house in HOUSES:
        for k in range(1, most + 1):
            out.update(tuple(sorted(cells)) for cells in itertools.combinations(house, k))
    return sorted(out)


def clauses_of(constraints) -> int:
    f = Formula()
    for i, k in enumerate(constraints):
        with f.clue(("c", i), k.cells, "x"):
            ENCODE[k.type](f, k, GRID4, ("k", i))
    return len(f.clauses)


def test_every_cage_in_a_house_keeps_the_checkers_grids(monkeypatch):
    made = 0
    for cells in cages_in_houses(3):
        assert _houses(GRID4, cells)
        totals = {sum(ds) for ds in itertools.combinations(range(1, 5), len(cells))}
        for total in sorted(totals) + [max(totals) + 1]:
            cage = Constraint("killer", cells, total)
            assert models_4x4([cage]) == kept_4x4([cage]), cage
            with monkeypatch.context() as m:
                m.setattr(sums, "_complements", lambda *args: None)
                without = clauses_of([cage])
            made += clauses_of([cage]) > without
    assert made > 100


def test_two_cages_in_one_house():
    for house in HOUSES[:1] + HOUSES[4:5] + HOUSES[8:9]:
        for a in itertools.combinations(house, 2):
            rest = [x for x in house if x not in a]
            for total_a, total_b in ((3, 7), (5, 5), (4, 6), (7, 3), (4, 5)):
                cages = [Constraint("killer", tuple(a), total_a), Constraint("killer", tuple(rest), total_b)]
                assert models_4x4(cages) == kept_4x4(cages), cages


def test_a_cage_switched_off_allows_every_grid():
    cage = Constraint("killer", ((0, 0), (0, 1)), 3)
    f = rules(GRID4.regions, 4)
    with f.clue(("c", 0), cage.cells, "x"):
        ENCODE["killer"](f, cage, GRID4, ("k", 0))
    selector = f.clues[("c", 0)].selector
    f.assumptions.remove(selector)
    f.clause([-selector])
    f.show([Grid.digit(r, c, d) for r in range(4) for c in range(4) for d in range(1, 5)], fixed_weight=True)
    found, count, complete = sat.enumerate_models(f, 400, keep=0)
    assert complete and count == len(GRIDS) == 288
