"""Clause patterns the family encoders share (never the checkers): a relation between two cells'
digits, digits that never repeat among cells, and an automaton read along cells.

Every cell already holds exactly one digit, so "cell holds d" literals are the whole vocabulary.
- A relation between two cells (kropki, thermometer steps, whispers...) drops a digit with no partner
  at all by a unit and adds the support clause "a holds d ⇒ b holds one of d's partners" each way,
  with which unit propagation removes a digit once its partners are gone (arc consistency). A pair of
  digits it does not allow then breaks a support clause (each cell holds one digit), and a digit
  placed in a rules out, through b's support clauses, every digit of b that is not its partner: the
  pairs' 2-clauses would add nothing, and are stated only for a relation without supports.
- An automaton reads a line cell by cell (a sum so far, a count of skyscrapers seen...): the one of
  gridlogic/cnf/sums.py, over the digit variables.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

from gridlogic.cnf import sums
from gridlogic.cnf.formula import Formula

if TYPE_CHECKING:
    from gridlogic.kinds.sudoku.families import Grid

Cell = tuple[int, int]


def relate(f: Formula, grid: Grid, a: Cell, b: Cell, ok: Callable[[int, int], bool], supports: bool = True,
           key: Hashable = None) -> None:
    """Only digit pairs with `ok(digit of a, digit of b)` in cells a and b; `key` names the relation
    (with its parameters), so that its clauses are worked out once per grid size."""
    f.pattern([*grid.keys_of(a), *grid.keys_of(b)],
              _relation(ok, grid.size, supports, key))


def relate_pairs(f: Formula, grid: Grid, pairs: Sequence[tuple[Cell, Cell]], ok: Callable[[int, int], bool],
                 supports: bool = True, key: Hashable = None) -> None:
    """`relate` on each pair of cells, laid as one pattern over all their digits."""
    pattern, n = _relation(ok, grid.size, supports, key), grid.size
    places: dict[Cell, int] = {}
    lits: list = []
    groups = []
    for pair in pairs:
        group: list[int] = []
        for cell in pair:
            at = places.get(cell)
            if at is None:
                at = places[cell] = len(lits)
                lits += grid.keys_of(cell)
            group += range(at, at + n)
        groups.append(group)
    f.pattern_on(lits, pattern, groups)


def _relation(ok: Callable[[int, int], bool], size: int, supports: bool, key: Hashable) -> tuple[tuple[int, ...], ...]:
    """The relation's clause pattern, kept by its key."""
    pattern = _RELATIONS.get((key, size, supports)) if key is not None else None
    if pattern is None:
        pattern = _pattern(ok, size, supports)
        if key is not None:
            if len(_RELATIONS) >= 4096:
                _RELATIONS.clear()
            _RELATIONS[(key, size, supports)] = pattern
    return pattern


_RELATIONS: dict[tuple, tuple[tuple[int, ...], ...]] = {}


def _pattern(ok: Callable[[int, int], bool], size: int, supports: bool) -> tuple[tuple[int, ...], ...]:
    """The clauses of a relation over places 1..size (a's digits) and size+1..2·size (b's)."""
    digits = range(1, size + 1)
    partners_a = {x: [y for y in digits if ok(x, y)] for x in digits}
    partners_b = {y: [x for x in digits if ok(x, y)] for y in digits}
    out: list[tuple[int, ...]] = []
    for place, other, partners in ((0, size, partners_a), (size, 0, partners_b)):
        for x, ys in partners.items():
            if not ys:
                out.append((-(place + x),))
            elif supports and len(ys) < size:
                out.append((-(place + x), *(other + y for y in ys)))
    if supports:                   # a pair not allowed breaks a support clause: each cell holds one digit
        return tuple(out)
    for x in digits:
        if not partners_a[x]:
            continue
        for y in digits:
            if partners_b[y] and not ok(x, y):
                out.append((-x, -(size + y)))
    return tuple(out)


def same(f: Formula, grid: Grid, a: Cell, b: Cell) -> None:
    """Cells a and b hold the same digit."""
    for d in grid.digits:
        f.iff(grid.digit(*a, d), grid.digit(*b, d))


def same_unit(grid: Grid, a: Cell, b: Cell) -> bool:
    """True when a and b share a row, column or region (their digits differ already)."""
    if a[0] == b[0] or a[1] == b[1]:
        return True
    region = grid.region_of.get(a)
    return region is not None and region == grid.region_of.get(b)


def distinct(f: Formula, grid: Grid, cells: Sequence[Cell]) -> None:
    """No digit twice among the cells (pairs in one row, column or region are left to those rules);
    when there are N cells, each digit at least once and nothing else: N cells that hold one digit each
    and every digit hold each digit once, and the pairs' clauses (up to 16·120 on a 16×16 grid, each
    one costing more to load than it saves the search) are left out."""
    n = grid.size
    every = len(cells) == n
    pairs = [] if every else [(i * n, j * n) for i, a in enumerate(cells) for j in range(i + 1, len(cells))
                              if not same_unit(grid, a, cells[j])]
    pattern = []
    for d in grid.digits:
        pattern += [(-(a + d), -(b + d)) for a, b in pairs]
        if every:
            pattern.append(tuple(i * n + d for i in range(n)))
    keys_of = grid.keys_of
    f.pattern([key for cell in cells for key in keys_of(cell)], pattern)


def automaton(f: Formula, grid: Grid, tag: tuple, cells: Sequence[Cell], start: Hashable,
              step: Callable[[int, Hashable, int], Hashable | None],
              accept: Callable[[Hashable], bool], key: Hashable = None, exact: bool = True) -> dict[Hashable, Hashable]:
    """`sums.automaton` over the cells' digit variables."""
    keys_of = grid.keys_of
    return sums.automaton(f, lambda cell, d: keys_of(cell)[d - 1], grid.digits, tag, cells, start, step, accept, key,
                          exact)


_RECORDED: dict[tuple, tuple] = {}
_RECORDING_TAG = ("recording",)


def recorded(f: Formula, grid: Grid, tag: tuple, cells: Sequence[Cell], key: Hashable,
             encode: Callable[[Formula, Grid, tuple, Sequence[Cell]], None]) -> None:
    """`encode(f, grid, tag, cells)`, for a rule whose clauses depend on the cells' order alone (not on
    the rows, columns or regions they lie in), named by `key` with its parameters: encoded once per
    key, number of cells and grid size, on stand-in cells, and its clauses laid on these cells."""
    memo = (key, len(cells), grid.size)
    made = _RECORDED.get(memo)
    if made is None:
        scratch = Formula()
        encode(scratch, grid, _RECORDING_TAG, [(0, i) for i in range(len(cells))])
        keys = [scratch.key_of(v) or (*_RECORDING_TAG, "aux", v) for v in range(1, scratch.top + 1)]
        if len(_RECORDED) >= 4096:
            _RECORDED.clear()
        made = _RECORDED[memo] = (tuple(keys), tuple(map(tuple, scratch.clauses)))
    keys, clauses = made
    keys_of = grid.keys_of
    lits = [keys_of(cells[k[2]])[k[3] - 1] if k[0] == "digit" else (*tag, *k[1:]) for k in keys]
    f.pattern(lits, clauses)
