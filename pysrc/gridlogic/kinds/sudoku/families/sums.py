"""Sums and counts: killer cages, arrows, double arrows, little killers, sandwiches, x-sums, skyscrapers.

Rules (digits 1..N):
- killer: the cage's digits never repeat; with a value, they add up to it.
- arrow: the line's digits (`more`, repeats allowed) add up to the circle's number; a circle of several
  cells (a pill) reads as a decimal number, its cells read left to right, top to bottom
  (digit·10 + next digit...).
- doublearrow: the cells strictly between the line's two end circles add up to the ends' total.
- littlekiller: the diagonal from the clue (`outside_cells`) adds up to the value, repeats allowed.
- sandwich: the digits strictly between the 1 and the N of the clue's row or column add up to the value.
- xsum: the first X digits from the clue's end add up to the value, X being the first of them.
- skyscraper: the value counts the digits seen from the clue's end, each one taller than all before it.

Encoding (gridlogic/cnf/sums.py, gridlogic/cnf/order.py): a killer cage with a value and at most SET_LIMIT
sets of distinct digits reaching it is encoded as kakuro runs are (`sums.one_of_sets`: one selector per
digit set, `used` digits tied to the cells both ways), which on 16×16 cages (up to 526 sets, 8 cells)
took half the clauses of the order encoding and searched no slower; a cage with more (25×25 grids) adds
its digits up in the order encoding (`order.digits_sum`: partial sums read through "at least" literals,
whose bounds unit propagation keeps). Outside clues cover whole rows and columns, whose digits never repeat, so a
sandwich is read by the places of its ends and the set of digits between them: for each two places
a < b, either the ends cannot be there (no set of b - a - 1 distinct digits 2..N-1 makes the value: two
2-clauses), or `(*tag, "span", a, b)` holds just when they are there; `(*tag, "inside", p)` when a span
covers place p; `(*tag, "between", d)` when digit d is inside; and the digits between are one of the
sets of distinct digits 2..N-1 making the value (`sums.one_of_sets` over the `between` literals), of
the span's size. So the sets reason before the ends are placed (a digit every set holds lies between
them, wherever they are), and placed ends bar every other digit from the cells between. An x-sum: the
first cell holding x puts one of the sets of x distinct digits that hold x and make the value in the
first x cells. Arrows, double arrows and little killers may repeat digits: an automaton over partial sums
(`sums.automaton`) whose state is the sum still missing (the circle's number is read first, then the
line takes it down to 0; a double arrow's ends add to it and the cells between take it away). States
that can no longer end well are never made, so a clue's variables stay few, and unit propagation carries
what the clue allows both ways along the line. Their end states are tied to nothing else, so they leave out
the clauses that make the states a function of the digits (`exact`): about 40% of an arrow's clauses,
and its search no slower. An arrow of one circle whose line's cells share a unit pairwise (its digits
differ) is a choice among digit sets instead, as an x-sum is: when the circle holds v, the line holds one
of the sets of distinct digits adding up to v (on ISS's "Arrow (slow)", mostly such lines, the search
took a third of the automaton's). An arrow whose line is longer than the grid is wide (digits then repeat along
it, and a pill's number reaches 99) is summed in the order encoding instead, the circle's digits scaled by
10s and added into its number: there the automaton's hundreds of states a cell searched several times
slower. Its line is added up by groups of cells whose digits differ (a region's, a row's...), each
group's sum cut to what its distinct digits can make, so the line's bounds are known from the start. On short lines, little killers, sandwiches and x-sums the order encoding searched slower than
the automata and digit sets, alone or added to them (docs/benchmarks.md), so they keep those. A skyscraper uses the row's distinct digits: ladders of
"the tallest of the first i + 1 cells is at least t" (only for t > i + 1, which i + 1 distinct digits
may not reach; cell i's digit t sets it and each smaller t follows), "cell i is seen" (its digit is
taller than the tallest before it) and "at least c of the first i + 1 cells are seen" (a counter up to
the value + 1), each tied both ways, so every variable is a function of the digits; and, stated
outright, that the tallest so far being t leaves at most N - t cells to be seen after it and that no
more than one cell can be seen a cell. About 330 clauses a clue on 9×9, where an automaton over the
tallest digit and the count had needed 950.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridlogic.cnf import order
from gridlogic.cnf.formula import Formula, Not
from gridlogic.cnf.sums import digit_sets, one_of_sets
from gridlogic.kinds.sudoku.constraints import Constraint, outside_cells
from gridlogic.kinds.sudoku.families._encode import automaton, distinct, recorded, same_unit

if TYPE_CHECKING:
    from gridlogic.kinds.sudoku.families import Grid

SET_LIMIT = 600         # a killer cage with more digit sets than this (25×25 only) is summed in the order encoding
EXCLUSIVE_LIMIT = 10    # "at most one set" is stated (pairwise) up to this many sets; it follows anyway


def encode_killer(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Cage digits differ; with a value, they add up to it."""
    cells = constraint.cells
    distinct(f, grid, cells)
    total = constraint.value
    if total is None:
        return
    sets = digit_sets(len(cells), total, grid.size, SET_LIMIT)
    if sets is None:
        recorded(f, grid, tag, cells, ("killer", total), lambda f, grid, tag, cells: _digits_sum(f, grid, tag, cells, total))
        return
    if not sets:
        f.clause([])
        return
    recorded(f, grid, tag, cells, ("killer", total),
             lambda f, grid, tag, cells: one_of_sets(f, _holds(grid, cells, grid.digits), sets, tag,
                                                     exclusive=len(sets) <= EXCLUSIVE_LIMIT))


def _digits_sum(f: Formula, grid: Grid, tag: tuple, cells, total: int | order.Term) -> None:
    """The cells' digits add up to `total`, in the order encoding (gridlogic/cnf/order.py)."""
    order.digits_sum(f, [{d: grid.digit(*cell, d) for d in grid.digits} for cell in cells], total, tag)


def _holds(grid: Grid, cells, digits) -> dict[int, list]:
    """Per digit, the literals "a cell holds it"."""
    return {d: [grid.digit(r, c, d) for r, c in cells] for d in digits}


def _bounded(remaining: int, size: int):
    """Whether a sum still missing can be made by `remaining` digits 1..size."""
    return lambda need: remaining <= need <= remaining * size


def encode_arrow(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The line adds up to the circle's (pill's) number."""
    circle, line, size = constraint.cells, constraint.more, grid.size
    if len(line) > size:
        groups = _distinct_groups(grid, line)
        recorded(f, grid, tag, circle + line, ("arrow", len(circle), groups),
                 lambda f, grid, tag, cells: _long_arrow(f, grid, tag, cells, len(circle), groups))
        return

    def step(i: int, need: int, d: int) -> int | None:
        if i < len(circle):
            need = need * 10 + d
            return need if i < len(circle) - 1 or _bounded(len(line), size)(need) else None
        need -= d
        return need if _bounded(len(circle) + len(line) - i - 1, size)(need) else None

    if len(circle) == 1 and all(same_unit(grid, a, b) for i, a in enumerate(line) for b in line[i + 1:]):
        recorded(f, grid, tag, circle + line, ("arrow", "distinct"), _distinct_arrow)
        return
    automaton(f, grid, tag, circle + line, 0, step, lambda need: need == 0, ("arrow", len(circle)), exact=False)


def _distinct_arrow(f: Formula, grid: Grid, tag: tuple, cells) -> None:
    """An arrow of one circle whose line's digits differ (its cells share a unit pairwise): for each digit
    v of the circle, the line's digits are one of the sets of distinct digits that add up to v (chosen
    when the circle holds v, as an x-sum's first cells are), and a v no set makes is out."""
    circle, line = cells[0], cells[1:]
    holds = _holds(grid, line, grid.digits)
    for v in grid.digits:
        at = grid.digit(*circle, v)
        sets = digit_sets(len(line), v, grid.size)
        if not sets:
            f.clause([Not(at)])
            continue
        one_of_sets(f, holds, sets, (*tag, v), when=at)


def _distinct_groups(grid: Grid, line) -> tuple[tuple[int, ...], ...]:
    """The line's cells (by their place on it) cut into groups whose digits differ: those of one region,
    one row, one column, or runs along the line of cells that share a unit pairwise; of those ways, the
    one whose groups' least sums (1 + ... + k for k cells) add up to most (on ISS's "Long sums" the
    regions' reach the clue's number, and every digit follows from that bound)."""
    region = grid.region_of

    def by(unit) -> tuple[tuple[int, ...], ...]:
        groups: dict = {}
        for i, cell in enumerate(line):
            groups.setdefault(unit(cell, i), []).append(i)
        return tuple(tuple(g) for g in groups.values())

    def sees(a, b) -> bool:
        return a[0] == b[0] or a[1] == b[1] or region.get(a, -1) == region.get(b, -2)

    runs: list[list[int]] = []
    for i, cell in enumerate(line):
        if runs and all(sees(cell, line[j]) for j in runs[-1]):
            runs[-1].append(i)
        else:
            runs.append([i])
    ways = [tuple(map(tuple, runs)), by(lambda cell, i: region.get(cell, ("alone", i))),
            by(lambda cell, i: cell[0]), by(lambda cell, i: cell[1])]
    return max(ways, key=lambda groups: sum(len(g) * (len(g) + 1) // 2 for g in groups))


def _long_arrow(f: Formula, grid: Grid, tag: tuple, cells, pill: int, groups: tuple[tuple[int, ...], ...]) -> None:
    """The line (after the circle's `pill` cells) adds up to the circle's number, in the order encoding:
    the number is the circle's digits scaled by 10s and added up, cut to what the line can make. The
    line is added up group by group (`groups`, see _distinct_groups): a group's k distinct digits add
    up to between 1 + ... + k and the k largest, so its sum's bounds, and the line's, are known before
    any digit is (as a propagator over distinct digits has them)."""
    circle = [order.digit_term(f, {d: grid.digit(*cell, d) for d in grid.digits}, (*tag, "circle", i))
              for i, cell in enumerate(cells[:pill])]
    length = len(cells) - pill
    weights = [10 ** (pill - 1 - i) for i in range(pill)]
    number = order.scaled(circle[0], weights[0])
    for i in range(1, pill):
        later_least = sum(t.least * w for t, w in zip(circle[i + 1:], weights[i + 1:]))
        later_most = sum(t.most * w for t, w in zip(circle[i + 1:], weights[i + 1:]))
        number = order.add(f, number, order.scaled(circle[i], weights[i]), (*tag, "number", i),
                           length - later_most, length * grid.size - later_least)
    digits = [order.digit_term(f, {d: grid.digit(*cell, d) for d in grid.digits}, (*tag, "ge", i))
              for i, cell in enumerate(cells[pill:])]
    sums, n = [], grid.size
    for j, group in enumerate(groups):
        part = digits[group[0]]
        for m in range(2, len(group) + 1):        # m distinct digits: m(m+1)/2 to the m largest
            part = order.add(f, part, digits[group[m - 1]], (*tag, "group", j, m), m * (m + 1) // 2,
                             m * n - m * (m - 1) // 2)
        sums.append(part)
    order.sum_equals(f, sums, number, tag)


def encode_doublearrow(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The cells between the two ends add up to the ends' total."""
    cells, size = constraint.cells, grid.size
    between = cells[1:-1]

    def step(i: int, need: int, d: int) -> int | None:
        need = need + d if i < 2 else need - d
        return need if i == 0 or _bounded(len(between) - max(0, i - 1), size)(need) else None

    automaton(f, grid, tag, (cells[0], cells[-1]) + between, 0, step, lambda need: need == 0, "doublearrow",
              exact=False)


def encode_littlekiller(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The diagonal adds up to the value."""
    cells, size = outside_cells(constraint, grid.size), grid.size
    automaton(f, grid, tag, cells, constraint.value,
              lambda i, need, d: need - d if _bounded(len(cells) - i - 1, size)(need - d) else None,
              lambda need: need == 0, ("littlekiller", constraint.value), exact=False)


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
        inside = (*tag, "inside", p)
        f.clause([Not(inside)] + covering)
        for span in covering:
            f.implies(span, inside)
        for d in inner:
            f.clause([Not(grid.digit(*cell, d)), Not(inside), between[d]])
            f.clause([Not(grid.digit(*cell, d)), inside, Not(between[d])])
    one_of_sets(f, {d: [between[d]] for d in inner}, sets, tag)
    for s in sets:                         # a chosen set leaves the other digits out, and its size apart
        chosen = (*tag, "set", s)
        for d in inner:
            if d not in s:
                f.clause([Not(chosen), Not(between[d])])
        f.clause([Not(chosen)] + [span for (a, b), span in spans.items() if b - a - 1 == len(s)])
    for (a, b), span in spans.items():
        f.clause([Not(span)] + [(*tag, "set", s) for s in sets if len(s) == b - a - 1])


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
        """At least c of cells 0..i are seen (cell 0 always is; never more than i + 1)."""
        return True if c <= 1 else False if c > i + 1 else (*tag, "count", i, c)

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


def _digits(values, size, cells):
    return [values[r * size + c] for r, c in cells]


def holds_killer(constraint: Constraint, values, grid: Grid) -> bool:
    """No repeat in the cage, and its sum when it has a value."""
    digits = _digits(values, grid.size, constraint.cells)
    return len(set(digits)) == len(digits) and (constraint.value is None or sum(digits) == constraint.value)


def holds_arrow(constraint: Constraint, values, grid: Grid) -> bool:
    """Line sum equals the circle's number."""
    number = 0
    for d in _digits(values, grid.size, constraint.cells):
        number = number * 10 + d
    return sum(_digits(values, grid.size, constraint.more)) == number


def holds_doublearrow(constraint: Constraint, values, grid: Grid) -> bool:
    """Cells between the ends sum to the ends' total."""
    digits = _digits(values, grid.size, constraint.cells)
    return sum(digits[1:-1]) == digits[0] + digits[-1]


def holds_littlekiller(constraint: Constraint, values, grid: Grid) -> bool:
    """The diagonal sums to the value."""
    return sum(_digits(values, grid.size, outside_cells(constraint, grid.size))) == constraint.value


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


ENCODE = {"killer": encode_killer, "arrow": encode_arrow, "doublearrow": encode_doublearrow,
          "littlekiller": encode_littlekiller, "sandwich": encode_sandwich, "xsum": encode_xsum,
          "skyscraper": encode_skyscraper}
HOLDS = {"killer": holds_killer, "arrow": holds_arrow, "doublearrow": holds_doublearrow,
         "littlekiller": holds_littlekiller, "sandwich": holds_sandwich, "xsum": holds_xsum,
         "skyscraper": holds_skyscraper}
