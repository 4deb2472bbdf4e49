"""Sums that killer cages imply with the houses (families/implied.py): the same grids with them as without.

On 4×4 the 288 grids are enumerated (test_sudoku_families' helpers): for random cages (most of a grid's
cells, values read from one of the grids, now and then one of them off by one, now and then two cages
overlapping), the models of the rules, the cages' own clauses and the implied sums are exactly the
grids the independent checker keeps; with one cage's clue switched off, exactly those that keep the
others (the implied sums read from it are guarded by it). On 9×9, cages cut from a random grid: the
implied sums are made, and allow that grid and no grid with a cage's value changed.
"""

from __future__ import annotations

import random

from gridlogic.backends import sat
from gridlogic.cnf.formula import Formula, Not
from gridlogic.kinds import sudoku
from gridlogic.kinds.sudoku.constraints import Constraint
from gridlogic.kinds.sudoku.families import ENCODE, HOLDS, Grid
from gridlogic.kinds.sudoku.families.implied import _runs, _unions, encode_implied
from gridlogic.kinds.sudoku.grid import make_puzzle
from test_sudoku_families import GRID4, GRID9, GRIDS, random_grid9, rules, satisfiable_with

TRIALS = 40


def random_cages(rng: random.Random, values, n: int, distinct: bool = False) -> list[Constraint]:
    """Orthogonally connected cages of 1-4 cells over most of the grid, each with its sum in `values`
    (`distinct`: cages whose digits in `values` differ)."""
    free = {(r, c) for r in range(n) for c in range(n)}
    cages = []
    while len(free) > 2:
        cage = [rng.choice(sorted(free))]
        free.discard(cage[0])
        for _ in range(rng.randint(0, 3)):
            near = sorted({(r + dr, c + dc) for r, c in cage for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))} & free)
            if distinct:
                near = [x for x in near if values[x[0] * n + x[1]] not in {values[r * n + c] for r, c in cage}]
            if not near:
                break
            cage.append(rng.choice(near))
            free.discard(cage[-1])
        cages.append(Constraint("killer", tuple(sorted(cage)), sum(values[r * n + c] for r, c in cage)))
    return cages


def models(cages, off: int | None = None) -> set[tuple[int, ...]]:
    """The 4×4 grids of the rules, the cages and the implied sums (cage `off`'s clue switched off)."""
    f = rules(GRID4.regions, 4)
    for i, k in enumerate(cages):
        with f.clue(("c", i), k.cells, "cage"):
            ENCODE["killer"](f, k, GRID4, ("k", i))
    encode_implied(f, [(("c", i), k.cells, k.value) for i, k in enumerate(cages)], GRID4, ("implied",))
    if off is not None:
        selector = f.clues[("c", off)].selector
        f.assumptions.remove(selector)
        f.clause([-selector])
    f.show([Grid.digit(r, c, d) for r in range(4) for c in range(4) for d in range(1, 5)], fixed_weight=True)
    found, _, complete = sat.enumerate_models(f, 300)
    assert complete
    return {tuple(next(d for d in range(1, 5) if m[Grid.digit(r, c, d)]) for r in range(4) for c in range(4))
            for m in found}


def kept(cages) -> set[tuple[int, ...]]:
    return {g for g in GRIDS if all(HOLDS["killer"](k, g, GRID4) for k in cages)}


def implied_sums(cages, grid: Grid) -> list[tuple]:
    pieces = [(i, k.cells, k.value) for i, k in enumerate(cages)]
    whole = grid.size * (grid.size + 1) // 2
    return [s for lines in _runs(grid) for s in _unions(lines, pieces, whole)]


def test_4x4_cages_keep_the_checkers_grids():
    rng = random.Random("implied")
    signed = plain = 0
    for trial in range(TRIALS):
        cages = random_cages(rng, rng.choice(GRIDS), 4)
        if trial % 4 == 1:                                 # a value off by one: often no grid at all
            k = rng.randrange(len(cages))
            cages[k] = Constraint("killer", cages[k].cells, cages[k].value + rng.choice((-1, 1)))
        if trial % 5 == 2:                                 # a cage overlapping others: not a piece
            cells = ((1, 1), (1, 2))
            cages.append(Constraint("killer", cells, rng.randint(3, 7)))
        found = implied_sums(cages, GRID4)
        signed += any(minus for _, minus, _, _ in found)
        plain += any(not minus for _, minus, _, _ in found)
        assert models(cages) == kept(cages), cages
        if trial % 2 == 0:
            for off in range(len(cages)):
                assert models(cages, off) == kept(cages[:off] + cages[off + 1:]), (cages, off)
    assert signed and plain, (signed, plain)


def test_9x9_cages_cut_from_a_grid():
    rng = random.Random("implied9")
    for _ in range(6):
        values = random_grid9(rng)
        cages = random_cages(rng, values, 9, distinct=True)
        assert implied_sums(cages, GRID9)
        f = Formula()
        for i, k in enumerate(cages):
            with f.clue(("c", i), k.cells, "cage"):
                ENCODE["killer"](f, k, GRID9, ("k", i))
        size = len(f.clauses)
        encode_implied(f, [(("c", i), k.cells, k.value) for i, k in enumerate(cages)], GRID9, ("implied",))
        assert len(f.clauses) > size
        assert satisfiable_with_implied(cages, values)
        k = rng.randrange(len(cages))
        changed = list(cages)
        changed[k] = Constraint("killer", cages[k].cells, cages[k].value + 1)
        assert not satisfiable_with_implied(changed, values)
        assert satisfiable_with(cages, values, GRID9)


def satisfiable_with_implied(cages, values) -> bool:
    """Whether the cages and their implied sums allow the filled grid `values`."""
    f = Formula()
    for i, k in enumerate(cages):
        with f.clue(("c", i), k.cells, "cage"):
            ENCODE["killer"](f, k, GRID9, ("k", i))
    encode_implied(f, [(("c", i), k.cells, k.value) for i, k in enumerate(cages)], GRID9, ("implied",))
    for r in range(9):
        for c in range(9):
            for d in range(1, 10):
                key = Grid.digit(r, c, d)
                f.clause([key if values[r * 9 + c] == d else Not(key)])
    return sat.enumerate_models(f, 1)[1] == 1


def test_explanations_leave_them_out():
    rng = random.Random("exact")
    values = random_grid9(rng)
    cages = tuple(random_cages(rng, values, 9, distinct=True))
    puzzle = make_puzzle(9, (0,) * 81, (), None, cages)
    plain, exact = Formula(), Formula()
    exact.exact_clues = True
    sudoku.encode(puzzle, plain)
    sudoku.encode(puzzle, exact)
    assert any(key[:2] == ("aux", "implied") for key in plain.pool.obj2id if isinstance(key, tuple))
    assert not any(key[:2] == ("aux", "implied") for key in exact.pool.obj2id if isinstance(key, tuple))
