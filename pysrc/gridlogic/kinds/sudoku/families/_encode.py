"""Clause patterns the family encoders share (never the checkers): a relation between two cells'
digits, digits that never repeat among cells, and an automaton read along cells.

Every cell already holds exactly one digit, so "cell holds d" literals are the whole vocabulary.
- A relation between two cells (kropki, thermometer steps, whispers...) forbids each pair of digits
  it does not allow by a 2-clause, drops a digit with no partner at all by a unit, and adds the
  support clause "a holds d ⇒ b holds one of d's partners" each way, with which unit propagation
  removes a digit once its partners are gone (arc consistency).
- An automaton reads a line cell by cell (a sum so far, a count of skyscrapers seen...). Its states
  are enumerated layer by layer and kept only when reachable from the start and able to reach an
  accepted end, so the formula never holds a partial sum that cannot finish. State s after cell i
  is the variable `(*tag, "state", i + 1, s)`; it follows from the state before and the digit
  (forward), each state has a predecessor that leads to it with that digit (backward: the states
  are then a function of the digits, so they never multiply solution counts), and each state and
  each digit needs a live state on either side of it (supports, with which propagation drops
  what no longer leads from the start to an accepted end).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING

from gridlogic.formula import Formula, Not, negate

if TYPE_CHECKING:
    from gridlogic.kinds.sudoku.families import Grid

Cell = tuple[int, int]
TRUE = ("true",)                  # the start state's literal: always holds, never made a variable


def add(f: Formula, lits: Iterable) -> None:
    """Add a clause whose literals may be TRUE (the clause is then dropped) or Not(TRUE) (left out)."""
    out = []
    for lit in lits:
        if lit is TRUE:
            return
        if lit.__class__ is Not and lit.key is TRUE:
            continue
        out.append(lit)
    f.clause(out)


def relate(f: Formula, grid: Grid, a: Cell, b: Cell, ok: Callable[[int, int], bool], supports: bool = True) -> None:
    """Only digit pairs with `ok(digit of a, digit of b)` in cells a and b."""
    digits = grid.digits
    partners_a = {x: [y for y in digits if ok(x, y)] for x in digits}
    partners_b = {y: [x for x in digits if ok(x, y)] for y in digits}
    for one, other, partners in ((a, b, partners_a), (b, a, partners_b)):
        for x, ys in partners.items():
            if not ys:
                f.clause([Not(grid.digit(*one, x))])
            elif supports and len(ys) < len(digits):
                f.clause([Not(grid.digit(*one, x))] + [grid.digit(*other, y) for y in ys])
    for x in digits:
        if not partners_a[x]:
            continue
        for y in digits:
            if partners_b[y] and not ok(x, y):
                f.clause([Not(grid.digit(*a, x)), Not(grid.digit(*b, y))])


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
    when there are N cells, each digit once."""
    pairs = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:] if not same_unit(grid, a, b)]
    for d in grid.digits:
        for a, b in pairs:
            f.clause([Not(grid.digit(*a, d)), Not(grid.digit(*b, d))])
        if len(cells) == grid.size:
            f.clause([grid.digit(r, c, d) for r, c in cells])


def automaton(f: Formula, grid: Grid, tag: tuple, cells: Sequence[Cell], start: Hashable,
              step: Callable[[int, Hashable, int], Hashable | None],
              accept: Callable[[Hashable], bool]) -> dict[Hashable, Hashable]:
    """Hold "reading the cells' digits from `start` by `step(i, state, digit)` (None: no way on) ends
    in an accepted state"; returns each reachable accepted end state's literal."""
    digits = grid.digits
    layers = [{start}]
    moves: list[dict[tuple[Hashable, int], Hashable]] = []
    for i in range(len(cells)):
        move = {}
        for u in layers[-1]:
            for d in digits:
                v = step(i, u, d)
                if v is not None:
                    move[(u, d)] = v
        moves.append(move)
        layers.append(set(move.values()))
    live = {s for s in layers[-1] if accept(s)}
    for i in reversed(range(len(cells))):                  # keep what can still reach an accepted end
        moves[i] = {ud: v for ud, v in moves[i].items() if v in live}
        live = {u for u, _ in moves[i]}
    if start not in live:
        f.clause([])
        return {}

    def node(i: int, s: Hashable) -> Hashable:
        return TRUE if i == 0 else (*tag, "state", i, s)

    for i, (r, c) in enumerate(cells):
        move = moves[i]
        here = sorted({u for u, _ in move})
        there = sorted(set(move.values()))
        into: dict[tuple[Hashable, int], list[Hashable]] = {}
        parents: dict[Hashable, set[Hashable]] = {}
        children: dict[Hashable, set[Hashable]] = {}
        for (u, d), v in move.items():
            into.setdefault((v, d), []).append(u)
            parents.setdefault(v, set()).add(u)
            children.setdefault(u, set()).add(v)
        for u in here:
            for d in digits:                               # forward: the state and the digit give the next
                v = move.get((u, d))
                add(f, [negate(node(i, u)), Not(grid.digit(r, c, d))] + ([node(i + 1, v)] if v is not None else []))
            add(f, [negate(node(i, u))] + [node(i + 1, v) for v in sorted(children[u])])
        for v in there:
            for d in digits:                               # backward: a state came from one that leads to it
                add(f, [negate(node(i + 1, v)), Not(grid.digit(r, c, d))] + [node(i, u) for u in into.get((v, d), ())])
            add(f, [negate(node(i + 1, v))] + [node(i, u) for u in sorted(parents[v])])
        for d in digits:                                   # a digit needs a state before and after it
            sources = [u for u in here if (u, d) in move]
            targets = sorted({move[(u, d)] for u in sources})
            add(f, [Not(grid.digit(r, c, d))] + [node(i, u) for u in sources])
            add(f, [Not(grid.digit(r, c, d))] + [node(i + 1, v) for v in targets])
    ends = {s: node(len(cells), s) for s in sorted(live if not cells else set(moves[-1].values()))}
    add(f, list(ends.values()))
    return ends
