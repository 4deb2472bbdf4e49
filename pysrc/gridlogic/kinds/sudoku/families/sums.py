"""Sums: killer cages, arrows, double arrows, little killers (the clues read across a row or column,
sandwiches, x-sums and skyscrapers, are in outside.py).

Rules (digits 1..N):
- killer: the cage's digits never repeat; with a value, they add up to it.
- arrow: the line's digits (`more`, repeats allowed) add up to the circle's number; a circle of several
  cells (a pill) reads as a decimal number, its cells read left to right, top to bottom
  (digit·10 + next digit...).
- doublearrow: the cells strictly between the line's two end circles add up to the ends' total.
- littlekiller: the diagonal from the clue (`outside_cells`) adds up to the value, repeats allowed.

Encoding (gridlogic/cnf/sums.py, gridlogic/cnf/order.py): a killer cage with a value and at most SET_LIMIT
sets of distinct digits reaching it is encoded as kakuro runs are (`sums.one_of_sets`: one selector per digit
set, `used` digits tied to the cells both ways), which on 16×16 cages (up to 526 sets, 8 cells) took half the
clauses of the order encoding and searched no slower (the digits every set holds stated used; a cage inside a
house uses a digit exactly when no other cell of the house holds it, so the rest of the house narrows the
cage's sets and a digit the cage must use leaves the rest; past ten sets, a chosen set rules out the digits it
lacks, and a cage across houses uses a digit that the rest of a house it holds two cells of lacks, and a digit
it uses that the rest of such a house holds lies in its cells outside that house); the sums cages imply with
the houses are implied.py's; a cage with more (25×25 grids) adds its digits up in the order encoding
(`order.digits_sum`: partial sums read through "at least" literals, whose bounds unit propagation keeps).
Arrows, double arrows and little killers may repeat digits: an automaton over partial sums (`sums.automaton`)
whose state is the sum still missing (the circle's number is read first, then the line takes it down to 0; a
double arrow's ends add to it and the cells between take it away). States that can no longer end well are
never made, so a clue's variables stay few, and unit propagation carries what the clue allows both ways along
the line. Their end states are tied to nothing else, so they leave out the clauses that make the states a
function of the digits (`exact`): about 40% of an arrow's clauses, and its search no slower. An arrow of one
circle whose line's cells share a unit pairwise (its digits differ) is a choice among digit sets instead, as
an x-sum is: when the circle holds v, the line holds one of the sets of distinct digits adding up to v (on
ISS's "Arrow (slow)", mostly such lines, the search took a third of the automaton's), its "a cell holds d"
literals shared by every v (a 2-cell line: 145 clauses, against 245 with `sums.one_of_sets` a v). An arrow
whose line is longer than the grid is wide (digits then repeat along it, and a pill's number reaches 99) is
summed in the order encoding instead, the circle's digits scaled by 10s and added into its number: there the
automaton's hundreds of states a cell searched several times slower. Its line is added up by groups of cells
whose digits differ (a region's, a row's...), each group's sum cut to what its distinct digits can make, so
the line's bounds are known from the start. On short lines and little killers the order encoding searched
slower than the automata and digit sets, alone or added to them (docs/benchmarks.md), so they keep those.
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
OUT_LIMIT = 100         # past EXCLUSIVE_LIMIT, up to this many sets: each set rules out the digits it lacks


def encode_killer(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Cage digits differ; with a value, they add up to it."""
    cells = constraint.cells
    distinct(f, grid, cells)
    if constraint.value is not None:
        cage_sum(f, grid, tag, cells, constraint.value)


def cage_sum(f: Formula, grid: Grid, tag: tuple, cells, total: int) -> None:
    """The cells' digits, distinct by rules of their own, add up to `total`."""
    sets = digit_sets(len(cells), total, grid.size, SET_LIMIT)
    if sets is None:
        recorded(f, grid, tag, cells, ("killer", total), lambda f, grid, tag, cells: _digits_sum(f, grid, tag, cells, total))
        return
    if not sets:
        f.clause([])
        return
    recorded(f, grid, tag, cells, ("killer", total), lambda f, grid, tag, cells: _one_of_sets(f, grid, tag, cells, sets))
    _complements(f, grid, tag, cells, set().union(*sets), across=len(sets) > EXCLUSIVE_LIMIT)


def _complements(f: Formula, grid: Grid, tag: tuple, cells, allowed, across: bool = False) -> None:
    """For each house that holds every cell of the cage (and, `across`, each that holds two of them or
    more: `_houses`), and each digit d the cage may use: when no other cell of the house holds d, the
    cage's cells in the house do, so the cage uses d (`[used d, another cell holds d...]`); when the cage
    uses d and another cell of the house holds it, one of the cage's cells outside the house does
    (`[¬used d, ¬another holds d, a cell outside holds d...]`). For a cage inside the house: the cage
    uses d exactly when no other cell holds it (the cage's digit set and its complement's decide each
    other)."""
    inside = set(cells)
    houses = [(house, [cell for cell in house if cell not in inside]) for house in _houses(grid, cells, across)]
    houses = [(house, rest) for house, rest in houses if rest]
    if not houses:
        return
    digits = list(allowed)
    lits: list = [(*tag, "used", d) for d in digits]     # laid as one pattern: place k is lits[k - 1]
    used = {d: k for k, d in enumerate(digits, start=1)}
    first = {}                          # a cell's place of "holds 1" less one
    for house, _ in houses:
        for cell in house:
            if cell not in first:
                first[cell] = len(lits)
                lits += grid.keys_of(cell)
    for cell in cells:
        if cell not in first:
            first[cell] = len(lits)
            lits += grid.keys_of(cell)
    clauses = []
    for house, rest in houses:
        held = set(house)
        away = [first[cell] for cell in cells if cell not in held]
        rest_at = [first[cell] for cell in rest]
        for d in digits:
            others = [at + d for at in rest_at]
            outside = [at + d for at in away]
            clauses.append([used[d], *others])
            off = -used[d]
            clauses += [[off, -other, *outside] for other in others]
    f.pattern(lits, clauses)


def _houses(grid: Grid, cells, across: bool = False) -> list:
    """The rows, columns and regions of N cells that hold every one of the cells, and with `across` those
    that hold two of them or more (a house holding one cell of a cage adds nothing unit propagation does
    not find: the cage's other cells hold d, or that one does). A region of fewer cells need not hold
    every digit, and is left out."""
    n, region_of = grid.size, grid.region_of
    counts: dict[tuple, int] = {}
    for r, c in cells:
        region = region_of.get((r, c))
        for key in (("row", r), ("column", c)) + ((("region", region),) if region is not None else ()):
            counts[key] = counts.get(key, 0) + 1
    out = []
    for (unit, i), count in counts.items():
        if count < len(cells) and (count < 2 or not across):
            continue
        if unit == "row":
            out.append([(i, k) for k in range(n)])
        elif unit == "column":
            out.append([(k, i) for k in range(n)])
        elif len(grid.regions[i]) == n:
            out.append(list(grid.regions[i]))
    return out


def _one_of_sets(f: Formula, grid: Grid, tag: tuple, cells, sets) -> None:
    """`one_of_sets` over the cells, and each digit that every set holds used. Past EXCLUSIVE_LIMIT sets
    (up to OUT_LIMIT), a chosen set rules out the digits it lacks (`[¬set, ¬used d]`): with them unit
    propagation drops every other set once one is chosen, as the pairwise "at most one" does below it."""
    exclusive = len(sets) <= EXCLUSIVE_LIMIT
    one_of_sets(f, _holds(grid, cells, grid.digits), sets, tag, exclusive=exclusive)
    if not exclusive and len(sets) <= OUT_LIMIT:
        allowed = set().union(*sets)
        for s in sets:
            chosen = Not((*tag, "set", s))
            for d in sorted(allowed.difference(s)):
                f.clause([chosen, Not((*tag, "used", d))])
    for d in set(sets[0]).intersection(*sets[1:]):
        f.clause([(*tag, "used", d)])


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
    when the circle holds v, as an x-sum's first cells are), and a v no set makes is out. One literal
    `(*tag, "used", d)` a digit (a cell of the line holds d) serves every v; a set `(*tag, "set", s)`
    needs its digits used, at most one set of v holds, and when the circle holds v each used digit needs
    a set of v that holds it, and digits in none are out."""
    circle, line = cells[0], cells[1:]
    used = {d: (*tag, "used", d) for d in grid.digits}
    for d in grid.digits:
        here = [grid.digit(*cell, d) for cell in line]
        for lit in here:
            f.clause([Not(lit), used[d]])
        f.clause([Not(used[d])] + here)
    for v in grid.digits:
        at = grid.digit(*circle, v)
        sets = digit_sets(len(line), v, grid.size)
        if not sets:
            f.clause([Not(at)])
            continue
        chosen = {s: (*tag, "set", s) for s in sets}
        f.clause([Not(at)] + list(chosen.values()))
        for a, first in enumerate(sets):
            for second in sets[a + 1:]:
                f.clause([Not(chosen[first]), Not(chosen[second])])
            for d in first:
                f.clause([Not(chosen[first]), used[d]])
        for d in grid.digits:
            f.clause([Not(at), Not(used[d])] + [chosen[s] for s in sets if d in s])


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


ENCODE = {"killer": encode_killer, "arrow": encode_arrow, "doublearrow": encode_doublearrow,
          "littlekiller": encode_littlekiller}
HOLDS = {"killer": holds_killer, "arrow": holds_arrow, "doublearrow": holds_doublearrow,
         "littlekiller": holds_littlekiller}
