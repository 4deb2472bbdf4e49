"""Model counts for blocks of equal numbers (cnf/blocks.py), against every filling of the grid with
numbers 1..R·C whose blocks all have their number's size, listed by brute force."""

from __future__ import annotations

from itertools import product

import pytest

from gridlogic.cnf.blocks import counts_of_numbers, digit, number_blocks, sole_blocks
from gridlogic.cnf.formula import Formula
from rules_brute import count


def fillings(rows: int, cols: int, most: int, givens: dict) -> int:
    """Fillings (numbers 1..most, the givens kept) whose every block of equal numbers has its size."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    total = 0
    for values in product(range(1, most + 1), repeat=len(cells)):
        at = dict(zip(cells, values))
        if any(at[cell] != v for cell, v in givens.items()):
            continue
        seen, ok = set(), True
        for cell in cells:
            if cell in seen:
                continue
            block, stack = {cell}, [cell]
            while stack:
                r, c = stack.pop()
                for w in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if w in at and w not in block and at[w] == at[cell]:
                        block.add(w)
                        stack.append(w)
            seen |= block
            ok = ok and len(block) == at[cell]
        total += ok
    return total


def test_brute_force_knows_small_cases():
    assert fillings(1, 2, 2, {}) == 1                 # 2 2 alone
    assert fillings(1, 3, 3, {}) == 3                 # 3 3 3, 1 2 2, 2 2 1


@pytest.mark.parametrize("rows,cols,givens", [(1, 3, {}), (2, 2, {}), (2, 3, {}), (1, 4, {}), (2, 3, {(0, 0): 2})])
def test_number_blocks(rows, cols, givens):
    most = rows * cols
    f = Formula()
    f.show(number_blocks(f, rows, cols, most))
    for (r, c), v in givens.items():
        f.clause([digit(r, c, v)])
    assert count(f) == fillings(rows, cols, most, givens)


@pytest.mark.parametrize("rows,cols,numbers,givens", [
    (2, 3, (2, 4), {}),                 # no room to spare: the 2 and the 4 fill the grid
    (2, 3, (3, 4), {}),                 # more than the grid: no filling holds both
    (2, 3, (1, 2, 2), {(0, 0): 2}),
    (2, 2, (3,), {}),
    (1, 4, (1, 3), {(0, 3): 3}),
])
def test_counts_of_numbers_keep_every_filling(rows, cols, numbers, givens):
    """The counts bind only where every number named is held, and hold in every filling: the models are
    still exactly the fillings."""
    most = rows * cols
    f = Formula()
    f.show(number_blocks(f, rows, cols, most))
    counts_of_numbers(f, rows, cols, most, numbers)
    for (r, c), v in givens.items():
        f.clause([digit(r, c, v)])
    assert count(f) == fillings(rows, cols, most, givens)



@pytest.mark.parametrize("rows,cols,most,givens,fixed", [
    (2, 3, 6, {(0, 0): 4, (1, 2): 2}, {(0, 0), (1, 2)}),      # no room to spare: one block of 4
    (2, 3, 6, {(0, 0): 4, (1, 2): 2}, set()),                 # the givens free: every filling stays
    (2, 3, 6, {(0, 1): 5}, {(0, 1)}),                         # one cell to spare
    (2, 3, 6, {(0, 1): 5}, set()),
    (1, 6, 6, {(0, 0): 3, (0, 5): 3}, set()),                 # two 3s given, one block of 3 allowed
    (1, 7, 4, {(0, 0): 3, (0, 6): 4}, {(0, 0)}),              # 3 3 3 1 3 3 3 holds no 4: two blocks of 3
])
def test_sole_blocks_keep_every_filling(rows, cols, most, givens, fixed):
    """One block of a number with room for only one, reached from its given: binding only where every
    number given is held and the given cell holds it, so the models are still exactly the fillings, with
    any of the givens switched off."""
    f = Formula()
    f.show(number_blocks(f, rows, cols, most))
    counts_of_numbers(f, rows, cols, most, list(givens.values()))
    sole_blocks(f, rows, cols, most, givens)
    for (r, c) in fixed:
        f.clause([digit(r, c, givens[r, c])])
    assert count(f) == fillings(rows, cols, most, {cell: givens[cell] for cell in fixed})
