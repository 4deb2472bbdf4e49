"""The sudoku's shape and puzzle: sizes and f-puzzles' boxes, the rules' names, the Puzzle, its
units (rows, columns, boxes or irregular regions) and the checks every reader of a puzzle makes."""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable
from dataclasses import dataclass, replace

from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError, excerpt
from gridlogic.kinds.sudoku import constraints as drawn
from gridlogic.kinds.sudoku.choices import refuse_over_limits
from gridlogic.kinds.sudoku.constraints import Constraint
from gridlogic.layout import MAX_ITEMS
from gridlogic.layout.moves import IDENTITY, Move


def box_shape(n: int) -> tuple[int, int]:
    """f-puzzles' box of an n×n grid: the tallest of at most √n rows that divides n (6: 2×3, 12: 3×4;
    a prime n: boxes of one row)."""
    rows = math.isqrt(n)
    while n % rows:
        rows -= 1
    return rows, n // rows


BOXES = {n: box_shape(n) for n in (*range(1, 17), 25)}
RULES = ("knight", "king", "nonconsecutive", "diagonal", "antidiagonal", "maindiagonal", "disjoint", "negative_black",
         "negative_xv")
ALIASES = {"miracle": ("knight", "king", "nonconsecutive"), "x": ("diagonal",),
           "antiknight": ("knight",), "antiking": ("king",), "negative_white": ("nonconsecutive",),
           "disjointgroups": ("disjoint",)}
# Rules that depend on the constraints drawn (the pairs without a dot): encoded with them, not in the base,
# by the family rule of that name (families.GLOBAL_ENCODE)
DRAWN_RULES = {"nonconsecutive": "negative-white", "negative_black": "negative-black", "negative_xv": "negative-xv"}
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
EMPTY = ".0"
IGNORED = set(" \t\r|-+")


@dataclass(frozen=True)
class Puzzle:
    """An N×N sudoku: givens row-major (0 = empty), box shape, variant rules, and the irregular regions
    and constraints drawn on it."""

    size: int
    box: tuple[int, int]
    givens: tuple[int, ...]
    rules: tuple[str, ...] = ()
    regions: tuple[int, ...] | None = None          # irregular regions: each cell's (row-major), -1 none
    constraints: tuple[Constraint, ...] = ()        # variant clues drawn on the grid (constraints.py)

    def given(self, r: int, c: int) -> int:
        """The given digit at (r, c), 0 if empty."""
        return self.givens[r * self.size + c]


Solution = tuple  # row-major digits


def normalize_rules(rules) -> tuple[str, ...]:
    """Rule names (list or comma string) expanded and sorted, one name for each meaning (both diagonals are
    `diagonal`); unknown names are an error."""
    if isinstance(rules, str):
        rules = [r for r in rules.split(",")]
    out: set[str] = set()
    for name in rules or ():
        name = name.strip().lower()
        if not name:
            continue
        if name in ALIASES:
            out.update(ALIASES[name])
        elif name in RULES:
            out.add(name)
        else:
            known = ", ".join(RULES + tuple(ALIASES))
            raise RequestError(f"unknown sudoku rule {excerpt(name)} (known: {known})", field="rules")
    if "diagonal" in out or {"antidiagonal", "maindiagonal"} <= out:
        out = (out - {"antidiagonal", "maindiagonal"}) | {"diagonal"}
    return tuple(r for r in RULES if r in out)



def make_puzzle(size: int, givens: tuple[int, ...], rules: tuple[str, ...] = (), regions: tuple[int, ...] | None = None,
                constraints: tuple[Constraint, ...] = ()) -> Puzzle:
    """A puzzle from its parts (read elsewhere, e.g. from an f-puzzles link), checked as `parse` checks."""
    if size not in BOXES or len(givens) != size * size or (regions is not None and len(regions) != size * size):
        raise PuzzleSyntaxError(f"a {size}×{size} sudoku is not drawn here (sizes 1-16 and 25)")
    for constraint in constraints:
        drawn.validate(constraint, size)
    return _puzzle(size, givens, rules, regions, constraints)


def _puzzle(size: int, givens: tuple[int, ...], rules: tuple[str, ...], regions: tuple[int, ...] | None = None,
            constraints: tuple[Constraint, ...] = ()) -> Puzzle:
    """The puzzle of read givens, refused when a digit is given twice in a unit, a region holds more
    cells than there are digits, or a part holds more items than a state may (choices.refuse_over_limits)."""
    if len(constraints) > MAX_ITEMS:
        refuse_over_limits(constraints)
    if regions is not None:
        for region in range(max(regions, default=-1) + 1):
            cells = [divmod(i, size) for i, x in enumerate(regions) if x == region]
            if len(cells) > size:
                raise PuzzleRuleError(f"a region holds {len(cells)} cells; a {size}×{size} sudoku has {size} digits",
                                      cells=[list(x) for x in cells])
    puzzle = Puzzle(size, BOXES[size], givens, rules, regions, constraints)
    _refuse_repeated_givens(puzzle)
    return puzzle


@functools.lru_cache(maxsize=32)
def _units(size: int, box: tuple[int, int], regions: tuple[int, ...] | None = None) -> list[tuple[str, list[tuple[int, int]]]]:
    """The rows, columns and boxes (or the irregular regions) of a grid, named."""
    br, bc = box
    units = [(f"row {r + 1}", [(r, c) for c in range(size)]) for r in range(size)]
    units += [(f"column {c + 1}", [(r, c) for r in range(size)]) for c in range(size)]
    units += [(f"{'box' if regions is None else 'region'} {i + 1}", list(cells))
              for i, cells in enumerate(_regions(size, box, regions))]
    return units


@functools.lru_cache(maxsize=32)
def _regions(size: int, box: tuple[int, int], regions: tuple[int, ...] | None = None) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The boxes, or the irregular regions (cells in reading order; a region without cells is none)."""
    if regions is not None:
        return tuple(tuple(divmod(i, size) for i, x in enumerate(regions) if x == region)
                     for region in range(max(regions, default=-1) + 1))
    br, bc = box
    return tuple(tuple((r0 + i, c0 + j) for i in range(br) for j in range(bc))
                 for b in range(size) for r0, c0 in [((b // (size // bc)) * br, (b % (size // bc)) * bc)])


@functools.lru_cache(maxsize=32)
def _unit_values(size: int, box: tuple[int, int],
                 regions: tuple[int, ...] | None = None) -> list[Callable[[tuple[int, ...]], tuple[int, ...]]]:
    """Per unit, a function from the grid's values to the unit's values (as a tuple)."""
    return [_unit_getter([r * size + c for r, c in cells]) for _, cells in _units(size, box, regions) if cells]


def _unit_getter(indices: list[int]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """The values at `indices`, as a tuple (a unit of one cell too)."""
    if len(indices) == 1:
        i = indices[0]
        return lambda values: (values[i],)
    return operator.itemgetter(*indices)


def _refuse_repeated_givens(puzzle: Puzzle) -> None:
    givens, n = puzzle.givens, puzzle.size
    for values in _unit_values(n, puzzle.box, puzzle.regions):
        unit = values(givens)
        empty = unit.count(0)
        if len(set(unit)) != len(unit) - empty + (empty > 0):
            break
    else:
        return                                          # the usual case, checked quickly; else find where
    for name, cells in _units(puzzle.size, puzzle.box, puzzle.regions):
        seen: dict[int, tuple[int, int]] = {}
        for r, c in cells:
            d = givens[r * n + c]
            if d and d in seen:
                (r0, c0) = seen[d]
                raise PuzzleRuleError(f"{SYMBOLS[d - 1]} is given twice in {name} "
                                      f"(r{r0 + 1}c{c0 + 1} and r{r + 1}c{c + 1})",
                                      r=r, c=c, cells=[[r0, c0], [r, c]])
            seen[d] = (r, c)



def _merged(constraints: tuple[Constraint, ...]) -> tuple[Constraint, ...]:
    """The constraints as encoded and checked: the minimum (maximum) cells as one constraint, since
    each compares with its neighbours not marked the same way."""
    out, seen = [], {}
    for constraint in constraints:
        if constraint.type in ("minimum", "maximum"):
            if constraint.type in seen:
                i = seen[constraint.type]
                out[i] = replace(out[i], cells=out[i].cells + constraint.cells)
                continue
            seen[constraint.type] = len(out)
        out.append(constraint)
    return tuple(out)


# Sudoku's indexers read their cells' places in the line: no move but the identity keeps them
_INDEXERS = {"rowindexer", "columnindexer", "boxindexer"}


def keeps_rules(puzzle: Puzzle, move: Move) -> bool:
    """True when a grid symmetry keeps the puzzle's rules (knight, king... read the same turned; the disjoint
    groups within irregular regions, whose reading order moves, and the indexers, which read their
    cells' places, keep the identity only) and its boxes (a quarter turn makes 2×3 boxes 3×2). The
    regions and constraints drawn are the state's parts, which gridlogic/symmetry.py compares."""
    if move == IDENTITY:
        return True
    kept = {"knight", "king", "nonconsecutive", "diagonal", "negative_black", "negative_xv"}
    if puzzle.regions is None:
        kept.add("disjoint")                   # (within irregular regions their reading order moves)
    boxes_kept = puzzle.regions is not None or not move.swap or puzzle.box[0] == puzzle.box[1]
    return (set(puzzle.rules) <= kept and boxes_kept
            and not any(c.type in _INDEXERS for c in puzzle.constraints))
