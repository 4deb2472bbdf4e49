"""A killer cage and the rest of each house that holds it, or (past EXCLUSIVE_LIMIT digit sets) two of its
cells or more (families/sums.py `_complements`): a digit the cage may use is used when no other cell of
the house holds it, and when the cage uses it and another cell of the house holds it, a cage cell outside
the house does (for a cage inside the house: used exactly when no other cell holds it). And a cage's
digit sets past EXCLUSIVE_LIMIT, each ruling out the digits it lacks (`_one_of_sets`).

Counted on 4×4 (the 288 grids, test_sudoku_families' helpers): every cage of 1-3 cells lying in a row, a
column or a box (or in two of them), with every sum its cells can make and one they cannot, has exactly
the grids the independent checker keeps, with its complement clauses made; so has every cage of 3 cells
and a sample of 4 that no house holds whole, with the clauses of the houses it crosses made, and every
cage with its sets ruling out digits (the limit lowered for both); two cages in one house together
likewise; a cage in a region of fewer than 4 cells (which need not hold every digit); with the cage's clue switched
off, every grid. On 9×9, cages cut from random grids (2 to 6 cells, across houses, up to 12 digit sets)
with some cells given: the same solutions with the new clauses as without them, each kept by the checker.
"""

from __future__ import annotations

import itertools
import random

from gridlogic.backends import sat
from gridlogic.cnf.formula import Formula
from gridlogic.kinds.sudoku.constraints import Constraint
from gridlogic.kinds.sudoku.families import ENCODE, HOLDS, Grid, _encode, sums
from gridlogic.kinds.sudoku.families.sums import _houses
from test_sudoku_families import GRID4, GRID9, GRIDS, PARTIAL4, kept_4x4, models_4x4, random_grid9, rules

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


def _cages_checked(cages, monkeypatch) -> int:
    """Each cage of `cages` (cells) with every sum its digits reach and one past: the models on a 4×4 are
    the checker's grids; how many of them the house clauses (`_complements`) added clauses to."""
    made = 0
    for cells in cages:
        totals = {sum(ds) for ds in itertools.combinations(range(1, 5), len(cells))}
        for total in sorted(totals) + [max(totals) + 1]:
            cage = Constraint("killer", cells, total)
            assert models_4x4([cage]) == kept_4x4([cage]), cage
            with monkeypatch.context() as m:
                m.setattr(sums, "_complements", lambda *args, **kwargs: None)
                without = clauses_of([cage])
            made += clauses_of([cage]) > without
    return made


def test_every_cage_in_a_house_keeps_the_checkers_grids(monkeypatch):
    cages = cages_in_houses(3)
    assert all(_houses(GRID4, cells) for cells in cages)
    assert _cages_checked(cages, monkeypatch) > 100


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


def crossing_cages() -> list[tuple]:
    """Every other cage of 3 cells, and every 15th of 4, that no house holds whole and some house holds two of."""
    cells = [(r, c) for r in range(4) for c in range(4)]
    out = []
    for k in (3, 4):
        found = [cage for cage in itertools.combinations(cells, k)
                 if not any(set(cage) <= set(house) for house in HOUSES)
                 and any(len(set(cage) & set(house)) >= 2 for house in HOUSES)]
        out += found[::2] if k == 3 else found[::15]
    return out


def test_every_cage_across_houses_keeps_the_checkers_grids(monkeypatch):
    monkeypatch.setattr(sums, "EXCLUSIVE_LIMIT", 0)         # across houses past this many sets (none on 4×4)
    monkeypatch.setattr(_encode, "_RECORDED", {})
    assert _cages_checked(crossing_cages(), monkeypatch) > 150


def test_sets_ruling_out_digits_keep_the_checkers_grids(monkeypatch):
    monkeypatch.setattr(sums, "EXCLUSIVE_LIMIT", 0)
    monkeypatch.setattr(_encode, "_RECORDED", {})          # a cage's clauses are kept by its sum and size
    made = 0
    for cells in cages_in_houses(3)[::3] + crossing_cages()[::5]:
        totals = {sum(ds) for ds in itertools.combinations(range(1, 5), len(cells))}
        for total in sorted(totals):
            cage = Constraint("killer", cells, total)
            assert models_4x4([cage]) == kept_4x4([cage]), cage
            with monkeypatch.context() as m:
                m.setattr(sums, "OUT_LIMIT", 0)
                m.setattr(_encode, "_RECORDED", {})
                without = clauses_of([cage])
            made += clauses_of([cage]) > without
    assert made > 10


def test_a_region_of_fewer_cells_is_no_house():
    for cells in (((0, 1), (1, 0)), ((0, 0), (1, 0)), ((2, 0), (3, 1))):
        assert all(len(house) == 4 for house in _houses(PARTIAL4, cells))
        for total in range(3, 8):
            cage = Constraint("killer", cells, total)
            assert models_4x4([cage], PARTIAL4) == kept_4x4([cage], PARTIAL4), cage


def _solutions_9x9(cages, givens, limit: int = 40):
    """The grids (up to `limit`) of the 9×9 rules, the cages and the givens."""
    f = rules(GRID9.regions, 9)
    for i, k in enumerate(cages):
        with f.clue(("c", i), k.cells, "x"):
            ENCODE[k.type](f, k, GRID9, ("k", i))
    for (r, c), d in givens.items():
        f.clause([Grid.digit(r, c, d)])
    f.show([Grid.digit(r, c, d) for r in range(9) for c in range(9) for d in range(1, 10)], fixed_weight=True)
    models, _, complete = sat.enumerate_models(f, limit)
    assert complete
    return {tuple(next(d for d in range(1, 10) if m[Grid.digit(r, c, d)]) for r in range(9) for c in range(9))
            for m in models}


def cut_cages(values, rng: random.Random) -> list[Constraint]:
    """The 9×9 grid cut into cages of 2 to 6 cells of distinct digits (grown from random cells to random
    sizes; a cell left alone joins a cage of its own), each with its sum."""
    owner: dict = {}
    cages: list[list] = []
    for start in rng.sample([(r, c) for r in range(9) for c in range(9)], 81):
        if start in owner:
            continue
        cage, want = [start], rng.randint(2, 6)
        owner[start] = len(cages)
        while len(cage) < want:
            near = sorted({(r + dr, c + dc) for r, c in cage for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                           if 0 <= r + dr < 9 and 0 <= c + dc < 9 and (r + dr, c + dc) not in owner
                           and values[(r + dr) * 9 + c + dc] not in {values[x * 9 + y] for x, y in cage}})
            if not near:
                break
            cell = rng.choice(near)
            cage.append(cell)
            owner[cell] = len(cages)
        cages.append(cage)
    return [Constraint("killer", tuple(sorted(cage)), sum(values[r * 9 + c] for r, c in cage)) for cage in cages]


def test_9x9_cages_across_houses_keep_the_same_solutions(monkeypatch):
    rng = random.Random(32)
    many_sets = 0
    for _ in range(6):
        values = random_grid9(rng)
        grid = {(r, c): values[r * 9 + c] for r in range(9) for c in range(9)}
        cages = cut_cages(values, rng)
        many_sets += sum(len(sums.digit_sets(len(k.cells), k.value, 9)) > sums.EXCLUSIVE_LIMIT for k in cages)
        givens = {cell: d for cell, d in grid.items() if rng.random() < 0.15}
        monkeypatch.setattr(_encode, "_RECORDED", {})
        found = _solutions_9x9(cages, givens)
        assert len(found) > 1
        with monkeypatch.context() as m:
            m.setattr(sums, "_complements", lambda *args, **kwargs: None)
            m.setattr(sums, "OUT_LIMIT", 0)
            m.setattr(_encode, "_RECORDED", {})
            assert _solutions_9x9(cages, givens) == found
        assert values in found
        assert all(HOLDS["killer"](k, g, GRID9) for g in found for k in cages)
    assert many_sets
