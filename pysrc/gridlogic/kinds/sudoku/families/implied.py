"""Sums that killer cages and the grid's houses imply together (the law of 45, as solvers by hand use it).

Vocabulary. A *house* is a row, a column or a region of N cells: its digits are 1..N, adding up to
N(N+1)/2. A *cage* here is a killer cage with a value. Cages that share no cell (a greedy choice, those
overlapping fewest others first) are *pieces*. Take the first k houses of a run (rows from the top or
from the bottom, columns from the left or from the right, the regions in turn; 2 ≤ k < N) and the
pieces mostly inside them (more than half their cells; a piece once taken stays): the *innies* (cells
inside, in no piece taken) less the *outies* (the pieces' cells outside) add up to k house sums less
the pieces' values. Such a sum is kept when it has at most MAX_CELLS cells and not more than 2 on both
sides, and is not a cage already. (This is the Interactive Sudoku Solver's "innie/outie" sums; its sums
over one house's cells outside the pieces it holds, and those of a piece with one cell outside a
house, measured no faster here and are left out: docs/benchmarks.md.)

Each implied sum's clauses are guarded by the clues of every piece it was read from (nested clue blocks),
so they hold exactly when those cages do, and solutions are the same with them or without. An
explanation's formula (Formula.exact_clues: each clue's clauses follow from that clue alone) leaves them
out. A sum of innies alone whose cells share a unit pairwise is a cage's choice among digit sets
(sums.cage_sum); any other is an automaton over what is still missing (innies take it down, outies up),
which measured faster than partial sums in the order encoding.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from contextlib import ExitStack
from typing import TYPE_CHECKING

from gridlogic.cnf.formula import Formula
from gridlogic.kinds.sudoku.families._encode import automaton, same_unit
from gridlogic.kinds.sudoku.families.sums import cage_sum

if TYPE_CHECKING:
    from gridlogic.kinds.sudoku.families import Grid

Cell = tuple[int, int]
MAX_CELLS = 4           # an implied sum over more cells is left out (6: more clauses, and no faster)


def encode_implied(f: Formula, cages: Sequence[tuple[Hashable, tuple[Cell, ...], int]], grid: Grid,
                   tag: tuple) -> None:
    """The sums the cages (`(clue key, cells, value)`) imply with the houses (see the module docstring)."""
    pieces = _pieces(cages)
    if not pieces:
        return
    found: dict[tuple, tuple] = {}
    whole = grid.size * (grid.size + 1) // 2
    for lines in _runs(grid):
        for plus, minus, total, keys in _unions(lines, pieces, whole):
            found.setdefault((plus, minus, total), keys)
    existing = {(tuple(sorted(cells)), (), value) for _, cells, value in cages}
    for j, ((plus, minus, total), keys) in enumerate(found.items()):
        if (plus, minus, total) in existing:
            continue
        with ExitStack() as guards:
            for key in keys:
                guards.enter_context(f.clue(key))
            _signed_sum(f, grid, (*tag, j), plus, minus, total)


def _pieces(cages):
    """The cages that share no cell, those overlapping fewest others taken first."""
    owners: dict[Cell, int] = {}
    for cage in cages:
        for cell in cage[1]:
            owners[cell] = owners.get(cell, 0) + 1
    chosen, taken = [], set()
    for cage in sorted(cages, key=lambda cage: sum(owners[cell] > 1 for cell in cage[1])):
        if taken.isdisjoint(cage[1]):
            chosen.append(cage)
            taken.update(cage[1])
    return chosen


def _runs(grid: Grid) -> list[list[tuple[Cell, ...]]]:
    """The orders in which houses are joined: rows from the top and from the bottom, columns from the
    left and from the right, the regions in turn (when there are N of N cells)."""
    n = grid.size
    rows = [tuple((r, c) for c in range(n)) for r in range(n)]
    columns = [tuple((r, c) for r in range(n)) for c in range(n)]
    runs = [rows, rows[::-1], columns, columns[::-1]]
    regions = [region for region in grid.regions if len(region) == n]
    if len(regions) == n:
        runs.append(regions)
    return runs


def _unions(lines, pieces, whole: int):
    """For the first k houses of `lines` (2 ≤ k < N) with the pieces mostly inside them: (innies, outies,
    their sum, the pieces' clue keys), when small enough (see the module docstring)."""
    inside: set[Cell] = set()
    covered: set[Cell] = set()
    used: list = []
    value = 0
    left = list(pieces)
    for k, line in enumerate(lines[:-1], start=1):
        inside.update(line)
        for piece in list(left):
            if 2 * len(inside.intersection(piece[1])) > len(piece[1]):
                left.remove(piece)
                used.append(piece)
                covered.update(piece[1])
                value += piece[2]
        innies, outies = inside - covered, covered - inside
        if k == 1 or not innies and not outies or len(innies) + len(outies) > MAX_CELLS:
            continue
        if len(innies) > 2 and len(outies) > 2:
            continue
        yield tuple(sorted(innies)), tuple(sorted(outies)), k * whole - value, tuple(p[0] for p in used)


def _signed_sum(f: Formula, grid: Grid, tag: tuple, plus: Sequence[Cell], minus: Sequence[Cell], total: int) -> None:
    """The digits of `plus` less those of `minus` add up to `total`."""
    cells = list(plus) + list(minus)
    if not minus and all(same_unit(grid, a, b) for i, a in enumerate(cells) for b in cells[i + 1:]):
        cage_sum(f, grid, tag, cells, total)
        return
    n, p = grid.size, len(plus)

    def step(i: int, need: int, d: int) -> int | None:
        need = need - d if i < p else need + d
        pos, neg = max(0, p - i - 1), len(cells) - max(p, i + 1)
        return need if pos - neg * n <= need <= pos * n - neg else None

    automaton(f, grid, tag, cells, total, step, lambda need: need == 0, ("signed", p, total), exact=False)
