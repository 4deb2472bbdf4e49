"""Groups of cells: extra regions, clones, quadruples and indexers.

Rules:
- extraregion: the marked cells hold no digit twice.
- clone: cells[i] and more[i] hold the same digit.
- quadruple: each digit of the clue appears among the (four) cells around it; a digit written k times
  appears at least k times.
- rowindexer: a marked cell rXcY holding d says that r(d)cY holds X (the digit names the row where X
  sits in the cell's column); columnindexer: rXcY holding d says rXc(d) holds Y; boxindexer: the marked
  cell at position i (1-based, reading order) of its region holding d says the cell at position d of
  that region holds i. A box indexer in no region says nothing; in a region of fewer than d cells it
  cannot hold d. (The row and column indexers are named as in the variant solver f-puzzles runs:
  the digit indexes the row, or the column.)

Encoding: an extra region is `_encode.distinct` (2-clauses per digit for pairs not already in one row,
column or region; N cells take each digit once); a clone ties its cells' digits both ways; a quadruple
says, for a digit needed k times, that every 5 - k of the four cells hold one (so at least k do); an
indexer's digit implies its target's digit, and, since the target's row, column or region holds each
digit once, the target's digit implies the indexer's too.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import TYPE_CHECKING

from gridlogic.cnf.formula import Formula, Not
from gridlogic.kinds.sudoku.constraints import Constraint
from gridlogic.kinds.sudoku.families._encode import distinct, same

if TYPE_CHECKING:
    from gridlogic.kinds.sudoku.families import Grid


def encode_extraregion(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """No repeat among the cells."""
    distinct(f, grid, constraint.cells)


def encode_clone(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Each cell holds its copy's digit."""
    for a, b in zip(constraint.cells, constraint.more):
        if a != b:
            same(f, grid, a, b)


def encode_quadruple(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Each digit appears among the cells as often as it is written."""
    cells = constraint.cells
    for d, times in Counter(constraint.digits).items():
        if times > len(cells):
            f.clause([])
            continue
        for some in itertools.combinations(cells, len(cells) - times + 1):
            f.clause([grid.digit(r, c, d) for r, c in some])


def _encode_indexer(f: Formula, constraint: Constraint, grid: Grid, target) -> None:
    for r, c in constraint.cells:
        for d in grid.digits:
            aim = target(r, c, d)
            if aim is None:
                f.clause([Not(grid.digit(r, c, d))])
                continue
            (r2, c2), e, both = aim
            if (r2, c2, e) == (r, c, d):
                continue                                   # says nothing (its own cell, or no region)
            f.implies(grid.digit(r, c, d), grid.digit(r2, c2, e))
            if both:
                f.implies(grid.digit(r2, c2, e), grid.digit(r, c, d))


def encode_rowindexer(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """rXcY holding d puts X in r(d)cY."""
    _encode_indexer(f, constraint, grid, lambda r, c, d: ((d - 1, c), r + 1, True))


def encode_columnindexer(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """rXcY holding d puts Y in rXc(d)."""
    _encode_indexer(f, constraint, grid, lambda r, c, d: ((r, d - 1), c + 1, True))


def encode_boxindexer(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The cell at position i of its region holding d puts i at position d."""
    def target(r: int, c: int, d: int):
        region = grid.region_of.get((r, c))
        if region is None:
            return ((r, c), d, False)
        cells = sorted(grid.regions[region])
        if d > len(cells):
            return None
        return cells[d - 1], cells.index((r, c)) + 1, len(cells) == grid.size

    _encode_indexer(f, constraint, grid, target)


def holds_extraregion(constraint: Constraint, values, grid: Grid) -> bool:
    """No digit twice."""
    digits = [values[r * grid.size + c] for r, c in constraint.cells]
    return len(digits) == len(set(digits))


def holds_clone(constraint: Constraint, values, grid: Grid) -> bool:
    """Cell by cell equal."""
    n = grid.size
    return all(values[r * n + c] == values[r2 * n + c2] for (r, c), (r2, c2) in zip(constraint.cells, constraint.more))


def holds_quadruple(constraint: Constraint, values, grid: Grid) -> bool:
    """The clue's digits, with their repeats, are among the cells."""
    left = [values[r * grid.size + c] for r, c in constraint.cells]
    for d in constraint.digits:
        if d not in left:
            return False
        left.remove(d)
    return True


def holds_rowindexer(constraint: Constraint, values, grid: Grid) -> bool:
    """rXcY = d means r(d)cY = X."""
    n = grid.size
    return all(values[(values[r * n + c] - 1) * n + c] == r + 1 for r, c in constraint.cells)


def holds_columnindexer(constraint: Constraint, values, grid: Grid) -> bool:
    """rXcY = d means rXc(d) = Y."""
    n = grid.size
    return all(values[r * n + values[r * n + c] - 1] == c + 1 for r, c in constraint.cells)


def holds_boxindexer(constraint: Constraint, values, grid: Grid) -> bool:
    """Position i of a region holding d means position d holds i."""
    n = grid.size
    for r, c in constraint.cells:
        region = next((cells for cells in grid.regions if (r, c) in cells), None)
        if region is None:
            continue
        ordered = sorted(region)
        d = values[r * n + c]
        if d > len(ordered):
            return False
        r2, c2 = ordered[d - 1]
        if values[r2 * n + c2] != ordered.index((r, c)) + 1:
            return False
    return True


ENCODE = {"extraregion": encode_extraregion, "clone": encode_clone, "quadruple": encode_quadruple,
          "rowindexer": encode_rowindexer, "columnindexer": encode_columnindexer, "boxindexer": encode_boxindexer}
HOLDS = {"extraregion": holds_extraregion, "clone": holds_clone, "quadruple": holds_quadruple,
         "rowindexer": holds_rowindexer, "columnindexer": holds_columnindexer, "boxindexer": holds_boxindexer}
