"""Dots on an edge between two orthogonal neighbours: kropki (white, black) and XV, and their negatives.

Rules:
- white: the two digits differ by the value (default 1); black: one is the value times the other
  (default 2), so 1 and 2 keep both colours; X: they add up to 10; V: to 5.
- Negative rules hold over the whole grid, for every orthogonal pair of cells *without* a mark:
  "negative-white" (nonconsecutive with white dots given): such a pair is not consecutive;
  "negative-black": neither digit of such a pair is twice the other; "negative-xv": such a pair adds up
  to neither 5 nor 10. A kropki dot of either colour exempts its pair from both kropki negatives (an
  edge holding a black dot is marked, and 1-2 may take either colour), as in the variant solver
  f-puzzles runs; an X or a V exempts its pair from negative-xv.

Encoding: a dot relates its two cells (`_encode.relate`: each forbidden pair of digits a 2-clause, and
support clauses, with which unit propagation drops a digit whose partners are gone). A negative rule
forbids its pairs on every unmarked edge by 2-clauses alone: each digit keeps most partners there, so
support clauses would say little.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridlogic.cnf.formula import Formula
from gridlogic.kinds.sudoku.constraints import Constraint, effective_value
from gridlogic.kinds.sudoku.families._encode import relate, relate_pairs

if TYPE_CHECKING:
    from gridlogic.kinds.sudoku.families import Grid

KROPKI = ("white", "black")
XV = ("x", "v")


def encode_white(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The two digits differ by the value."""
    gap = effective_value(constraint, grid.size)
    relate(f, grid, *constraint.cells, lambda x, y: abs(x - y) == gap, key=("white", gap))


def encode_black(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """One digit is the value times the other."""
    ratio = effective_value(constraint, grid.size)
    relate(f, grid, *constraint.cells, lambda x, y: x == ratio * y or y == ratio * x, key=("black", ratio))


def encode_x(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The two digits add up to 10."""
    relate(f, grid, *constraint.cells, lambda x, y: x + y == 10, key="x")


def encode_v(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The two digits add up to 5."""
    relate(f, grid, *constraint.cells, lambda x, y: x + y == 5, key="v")


def _edges(size: int):
    for r in range(size):
        for c in range(size):
            if c + 1 < size:
                yield (r, c), (r, c + 1)
            if r + 1 < size:
                yield (r, c), (r + 1, c)


def _unmarked(constraints, types, size: int):
    marked = {frozenset(k.cells) for k in constraints if k.type in types}
    return [(a, b) for a, b in _edges(size) if frozenset((a, b)) not in marked]


def encode_negative_white(f: Formula, constraints, grid: Grid, tag: tuple) -> None:
    """No unmarked orthogonal pair is consecutive."""
    relate_pairs(f, grid, _unmarked(constraints, KROPKI, grid.size), lambda x, y: abs(x - y) != 1, supports=False,
                 key="-white")


def encode_negative_black(f: Formula, constraints, grid: Grid, tag: tuple) -> None:
    """No digit of an unmarked orthogonal pair is twice the other."""
    relate_pairs(f, grid, _unmarked(constraints, KROPKI, grid.size), lambda x, y: x != 2 * y and y != 2 * x,
                 supports=False, key="-black")


def encode_negative_xv(f: Formula, constraints, grid: Grid, tag: tuple) -> None:
    """No unmarked orthogonal pair adds up to 5 or 10."""
    relate_pairs(f, grid, _unmarked(constraints, XV, grid.size), lambda x, y: x + y not in (5, 10), supports=False,
                 key="-xv")


def _pair(constraint: Constraint, values, grid: Grid) -> tuple[int, int]:
    (r1, c1), (r2, c2) = constraint.cells
    return values[r1 * grid.size + c1], values[r2 * grid.size + c2]


def holds_white(constraint: Constraint, values, grid: Grid) -> bool:
    """Difference equals the value."""
    a, b = _pair(constraint, values, grid)
    return abs(a - b) == effective_value(constraint, grid.size)


def holds_black(constraint: Constraint, values, grid: Grid) -> bool:
    """Ratio equals the value."""
    a, b = _pair(constraint, values, grid)
    k = effective_value(constraint, grid.size)
    return a == k * b or b == k * a


def holds_x(constraint: Constraint, values, grid: Grid) -> bool:
    """Sum is 10."""
    return sum(_pair(constraint, values, grid)) == 10


def holds_v(constraint: Constraint, values, grid: Grid) -> bool:
    """Sum is 5."""
    return sum(_pair(constraint, values, grid)) == 5


def _free_pairs(constraints, types, values, n: int):
    """Digit pairs of every orthogonal neighbour pair that carries no mark of `types`."""
    marks = set()
    for k in constraints:
        if k.type in types:
            (r1, c1), (r2, c2) = k.cells
            marks.add((r1, c1, r2, c2))
            marks.add((r2, c2, r1, c1))
    for r in range(n):
        for c in range(n):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < n and c2 < n and (r, c, r2, c2) not in marks:
                    yield values[r * n + c], values[r2 * n + c2]


def holds_negative_white(constraints, values, grid: Grid) -> bool:
    """Unmarked neighbours are never consecutive."""
    return all(abs(a - b) != 1 for a, b in _free_pairs(constraints, KROPKI, values, grid.size))


def holds_negative_black(constraints, values, grid: Grid) -> bool:
    """Unmarked neighbours are never in ratio 2."""
    return all(a != 2 * b and b != 2 * a for a, b in _free_pairs(constraints, KROPKI, values, grid.size))


def holds_negative_xv(constraints, values, grid: Grid) -> bool:
    """Unmarked neighbours never add up to 5 or 10."""
    return all(a + b not in (5, 10) for a, b in _free_pairs(constraints, XV, values, grid.size))


ENCODE = {"white": encode_white, "black": encode_black, "x": encode_x, "v": encode_v}
HOLDS = {"white": holds_white, "black": holds_black, "x": holds_x, "v": holds_v}
GLOBAL_ENCODE = {"negative-white": encode_negative_white, "negative-black": encode_negative_black,
                 "negative-xv": encode_negative_xv}
GLOBAL_HOLDS = {"negative-white": holds_negative_white, "negative-black": holds_negative_black,
                "negative-xv": holds_negative_xv}
