"""Clues read across a whole row or column from outside the grid: sandwiches, x-sums, skyscrapers.

Rules (digits 1..N; the clue's line is its row or column read from the clue's end, `outside_cells`):
- sandwich: the digits strictly between the 1 and the N add up to the value.
- xsum: the first X digits add up to the value, X being the first of them.
- skyscraper: the value counts the digits seen from the clue's end, each one taller than all before it.

Encoding. The line's digits never repeat (it is a row or a column), and each clue's clauses depend on its
cells' order alone, so they are worked out once per value and laid on its line (`recorded`).
- A sandwich is read by the places of its ends and the set of digits between them. For each two places
  a < b, either the ends cannot be there (no set of b - a - 1 distinct digits 2..N-1 makes the value:
  two 2-clauses), or `(*tag, "span", a, b)` holds just when they are there; `(*tag, "inside", p)` when a
  span covers place p (the line's first and last places never are: a digit there is never between);
  `(*tag, "between", d)` just when digit d is inside; and `(*tag, "set", s)`, one of the sets of distinct
  digits 2..N-1 making the value, of the span's size, holds exactly its digits between. So the sets reason
  before the ends are placed (a digit every set holds lies between them, wherever they are), and placed
  ends bar every other digit from the cells between. The sets are chosen over the `between` literals
  themselves, with no digit of a "used" literal of its own, and "at most one set" is left unsaid: two
  sets cannot both hold their digits between, nor two spans their ends.
- An x-sum: the first cell holding x puts one of the sets of x distinct digits that hold x and make the
  value in the first x cells (`sums.one_of_sets`).
- A skyscraper: ladders of "the tallest of the first i + 1 cells is at least t" (only for t > i + 1,
  which i + 1 distinct digits may not reach; cell i's digit t sets it and each smaller t follows), "cell
  i is seen" (its digit is taller than the tallest before it) and "at least c of the first i + 1 cells
  are seen" (a counter), each tied both ways, so every variable is a function of the digits; and, stated
  outright, that the tallest so far being t leaves at most N - t cells to be seen after it and that no
  more than one cell can be seen a cell. The counts the clue settles are constants rather than literals
  (never more than the value; at least the value less the cells left after i), so the clauses that hold
  them fold away: 270 clauses a clue on 9×9 on average (330 with literals for them), where an automaton
  over the tallest digit and the count had needed 950.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridlogic.cnf.formula import Formula, Not
from gridlogic.cnf.sums import digit_sets, one_of_sets
from gridlogic.kinds.sudoku.constraints import Constraint, outside_cells
from gridlogic.kinds.sudoku.families._encode import recorded

if TYPE_CHECKING:
    from gridlogic.kinds.sudoku.families import Grid


def encode_sandwich(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The digits between the 1 and the N add up to the value."""
    total = constraint.value
    recorded(f, grid, tag, outside_cells(constraint, grid.size), ("sandwich", total),
             lambda f, grid, tag, line: _sandwich(f, grid, tag, line, total))


def _sandwich(f: Formula, grid: Grid, tag: tuple, line, total: int) -> None:
    n = grid.size
    if n == 1:
        if total != 0:
            f.clause([])
        return
    sets = [s for k in range(n - 1) for s in digit_sets(k, total, n - 1) if 1 not in s]
    if not sets:
        f.clause([])
        return
    sizes = {len(s) for s in sets}
    spans: dict[tuple[int, int], tuple] = {}
    for a in range(len(line)):
        for b in range(a + 1, len(line)):
            ends = ((line[a], 1, line[b], n), (line[a], n, line[b], 1))
            if b - a - 1 not in sizes:     # no digits between can make the value: not these ends
                for one, x, other, y in ends:
                    f.clause([Not(grid.digit(*one, x)), Not(grid.digit(*other, y))])
                continue
            span = spans[(a, b)] = (*tag, "span", a, b)
            for one, x, other, y in ends:
                f.clause([Not(grid.digit(*one, x)), Not(grid.digit(*other, y)), span])
            for cell in (line[a], line[b]):            # the span holds just when the ends are there
                f.clause([Not(span), grid.digit(*cell, 1), grid.digit(*cell, n)])
    f.clause(list(spans.values()))
    inner = range(2, n)
    between = {d: (*tag, "between", d) for d in inner}
    for p, cell in enumerate(line):
        covering = [span for (a, b), span in spans.items() if a < p < b]
        if not covering:                   # never inside: a digit here is not between
            for d in inner:
                f.clause([Not(grid.digit(*cell, d)), Not(between[d])])
            continue
        inside = (*tag, "inside", p)
        f.clause([Not(inside)] + covering)
        for span in covering:
            f.implies(span, inside)
        for d in inner:
            f.clause([Not(grid.digit(*cell, d)), Not(inside), between[d]])
            f.clause([Not(grid.digit(*cell, d)), inside, Not(between[d])])
    chosen = {s: (*tag, "set", s) for s in sets}
    f.clause(list(chosen.values()))
    for s, choice in chosen.items():       # a chosen set's digits are between, the others not; its size
        for d in inner:
            f.clause([Not(choice), between[d] if d in s else Not(between[d])])
        f.clause([Not(choice)] + [span for (a, b), span in spans.items() if b - a - 1 == len(s)])
    for d in inner:                        # a digit between is in the chosen set
        f.clause([Not(between[d])] + [chosen[s] for s in sets if d in s])
    for (a, b), span in spans.items():
        f.clause([Not(span)] + [chosen[s] for s in sets if len(s) == b - a - 1])


def encode_xsum(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The first X digits add up to the value, X the first digit."""
    total = constraint.value
    recorded(f, grid, tag, outside_cells(constraint, grid.size), ("xsum", total),
             lambda f, grid, tag, line: _xsum(f, grid, tag, line, total))


def _xsum(f: Formula, grid: Grid, tag: tuple, line, total: int) -> None:
    n = grid.size
    for x in grid.digits:
        first = grid.digit(*line[0], x)
        sets = [s for s in digit_sets(x, total, n) if x in s] if x <= len(line) else []
        if not sets:
            f.clause([Not(first)])
            continue
        one_of_sets(f, _holds(grid, line[:x], grid.digits), sets, (*tag, x), when=first)


def encode_skyscraper(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The value counts the digits taller than all before them."""
    seen = constraint.value
    recorded(f, grid, tag, outside_cells(constraint, grid.size), ("skyscraper", seen),
             lambda f, grid, tag, line: _skyscraper(f, grid, tag, line, seen))


def _skyscraper(f: Formula, grid: Grid, tag: tuple, line, seen: int) -> None:
    n = len(line)

    def tallest(i: int, t: int):
        """The tallest of cells 0..i is at least t: True when it must be (i + 1 distinct digits)."""
        return True if t <= i + 1 else (*tag, "max", i, t)

    def count(i: int, c: int):
        """At least c of cells 0..i are seen: always for c <= 1 (cell 0 is), never for c > i + 1; and, as
        the clue needs, never more than `seen`, always at least what the cells after i cannot make up."""
        if c <= 1 or c > i + 1:
            return c <= 1
        if c > seen or c <= seen - (n - 1 - i):
            return c <= seen
        return (*tag, "count", i, c)

    def clause(*lits) -> None:                     # (literal, sign) pairs; True / False constants fold
        out = []
        for lit, sign in lits:
            if lit is True or lit is False:
                if lit == sign:
                    return
                continue
            out.append(lit if sign else Not(lit))
        f.clause(out)

    def digit(i: int, d: int):
        return grid.digit(*line[i], d)

    for i in range(n - 1):                         # "max", i, t: the tallest of cells 0..i is at least t
        for t in range(i + 2, n + 1):
            here = tallest(i, t)
            clause((digit(i, t), False), (here, True))
            if t < n:
                clause((tallest(i, t + 1), False), (here, True))
            if i:
                clause((tallest(i - 1, t), False), (here, True))
            clause((here, False), *(((tallest(i - 1, t), True),) if i else ()),
                   *((digit(i, d), True) for d in range(t, n + 1)))
    for i in range(1, n):                          # "seen", i: cell i is taller than all before it
        shown = (*tag, "seen", i)
        clause((shown, False), *((digit(i, d), True) for d in range(i + 1, n + 1)))
        for d in range(i + 1, n + 1):
            clause((digit(i, d), False), (tallest(i - 1, d), True), (shown, True))
            clause((digit(i, d), False), (tallest(i - 1, d), False), (shown, False))
        for c in range(2, min(i + 1, seen + 1) + 1):   # "count", i, c: at least c of cells 0..i seen
            clause((count(i - 1, c), False), (count(i, c), True))
            clause((count(i - 1, c - 1), False), (shown, False), (count(i, c), True))
            clause((count(i, c), False), (count(i - 1, c), True), (count(i - 1, c - 1), True))
            clause((count(i, c), False), (count(i - 1, c), True), (shown, True))
    for i in range(n - 1):                         # the tallest so far is t: at most n - t seen later
        clause((count(i, seen - (n - 1 - i)), True))   # and at most one a cell
        for t in range(i + 2, n + 1):
            clause((tallest(i, t), False), (count(i, seen - (n - t)), True))
    clause((count(n - 1, seen), True))
    clause((count(n - 1, seen + 1), False))




def _holds(grid: Grid, cells, digits) -> dict[int, list]:
    """Per digit, the literals "a cell holds it"."""
    return {d: [grid.digit(r, c, d) for r, c in cells] for d in digits}


def _digits(values, size, cells):
    return [values[r * size + c] for r, c in cells]


def holds_sandwich(constraint: Constraint, values, grid: Grid) -> bool:
    """Digits between the 1 and the N sum to the value."""
    line = _digits(values, grid.size, outside_cells(constraint, grid.size))
    if 1 not in line or grid.size not in line:
        return False
    lo, hi = sorted((line.index(1), line.index(grid.size)))
    return sum(line[lo + 1:hi]) == constraint.value


def holds_xsum(constraint: Constraint, values, grid: Grid) -> bool:
    """The first X digits sum to the value."""
    line = _digits(values, grid.size, outside_cells(constraint, grid.size))
    return sum(line[:line[0]]) == constraint.value


def holds_skyscraper(constraint: Constraint, values, grid: Grid) -> bool:
    """The number of digits taller than all before them is the value."""
    seen, tallest = 0, 0
    for d in _digits(values, grid.size, outside_cells(constraint, grid.size)):
        if d > tallest:
            seen, tallest = seen + 1, d
    return seen == constraint.value


ENCODE = {"sandwich": encode_sandwich, "xsum": encode_xsum, "skyscraper": encode_skyscraper}
HOLDS = {"sandwich": holds_sandwich, "xsum": holds_xsum, "skyscraper": holds_skyscraper}
