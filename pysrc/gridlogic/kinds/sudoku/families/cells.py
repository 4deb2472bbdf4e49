"""Marked cells: odd, even, minimum and maximum.

Rules: an odd cell holds an odd digit, an even cell an even one; a minimum cell is smaller, a maximum
cell larger, than each orthogonal neighbour not itself marked the same way. A constraint of this shape
holds every cell marked with its type (the puzzle's plumbing merges all of one type into one
constraint), so "marked the same way" means "in the same constraint's cells": two minimum cells side by
side are not compared.

Encoding: parity bars the other digits by units; a minimum or maximum cell relates itself to each
unmarked neighbour (`_encode.relate`: forbidden digit pairs as 2-clauses, with support clauses).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridlogic.cnf.formula import Formula, Not
from gridlogic.kinds.sudoku.constraints import Constraint
from gridlogic.kinds.sudoku.families._encode import relate_pairs

if TYPE_CHECKING:
    from gridlogic.kinds.sudoku.families import Grid

SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _parity(f: Formula, constraint: Constraint, grid: Grid, odd: int) -> None:
    for r, c in constraint.cells:
        for d in grid.digits:
            if d % 2 != odd:
                f.clause([Not(grid.digit(r, c, d))])


def encode_odd(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Odd digits only."""
    _parity(f, constraint, grid, 1)


def encode_even(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Even digits only."""
    _parity(f, constraint, grid, 0)


def _neighbours(constraint: Constraint, size: int):
    marked = set(constraint.cells)
    for r, c in constraint.cells:
        for dr, dc in SIDES:
            other = (r + dr, c + dc)
            if 0 <= other[0] < size and 0 <= other[1] < size and other not in marked:
                yield (r, c), other


def encode_minimum(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Smaller than each unmarked orthogonal neighbour."""
    relate_pairs(f, grid, list(_neighbours(constraint, grid.size)), lambda x, y: x < y, key="less")


def encode_maximum(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Larger than each unmarked orthogonal neighbour."""
    relate_pairs(f, grid, list(_neighbours(constraint, grid.size)), lambda x, y: x > y, key="more")


def holds_odd(constraint: Constraint, values, grid: Grid) -> bool:
    """Every marked digit odd."""
    return all(values[r * grid.size + c] % 2 == 1 for r, c in constraint.cells)


def holds_even(constraint: Constraint, values, grid: Grid) -> bool:
    """Every marked digit even."""
    return all(values[r * grid.size + c] % 2 == 0 for r, c in constraint.cells)


def _compare(constraint: Constraint, values, grid: Grid, smaller: bool) -> bool:
    n, marked = grid.size, set(constraint.cells)
    for r, c in constraint.cells:
        here = values[r * n + c]
        for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if (r2, c2) in marked or not (0 <= r2 < n and 0 <= c2 < n):
                continue
            there = values[r2 * n + c2]
            if (here >= there) if smaller else (here <= there):
                return False
    return True


def holds_minimum(constraint: Constraint, values, grid: Grid) -> bool:
    """Below every unmarked orthogonal neighbour."""
    return _compare(constraint, values, grid, True)


def holds_maximum(constraint: Constraint, values, grid: Grid) -> bool:
    """Above every unmarked orthogonal neighbour."""
    return _compare(constraint, values, grid, False)


ENCODE = {"odd": encode_odd, "even": encode_even, "minimum": encode_minimum, "maximum": encode_maximum}
HOLDS = {"odd": holds_odd, "even": holds_even, "minimum": holds_minimum, "maximum": holds_maximum}
