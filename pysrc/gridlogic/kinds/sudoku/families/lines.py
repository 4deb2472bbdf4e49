"""Lines: thermometers, palindromes, renban, whispers, between, region-sum, entropic, modular and zipper lines.

Rules (a line is its cells in order, digits 1..N):
- thermo: strictly increasing from the bulb (cells[0]); slowthermo: never decreasing.
- palindrome: cells[i] and cells[-1 - i] hold the same digit.
- renban: the digits are a set of consecutive digits, none repeated.
- whispers / dutchwhispers: neighbours on the line differ by at least the value (`effective_value`:
  German (N + 1) // 2, 5 on a 9×9; Dutch 4).
- between: the cells strictly between the two ends hold digits strictly between the ends' digits.
- regionsum: the line, cut wherever it passes from one region into another (`grid.region_of`; coming
  back into a region starts a new segment), has segments of equal sums. A cell in no region belongs to
  no segment and does not cut the line (as the variant solver f-puzzles runs reads it).
- entropic: every three consecutive cells hold one low, one middle and one high digit, the groups being
  (d - 1) * 3 // N (1-3, 4-6, 7-9 on a 9×9). Said pairwise: cells one or two apart hold different groups,
  so a two-cell line holds two groups (again as that solver reads it); cells three apart then share one.
- modular: likewise with the residues mod 3.
- zipper: cells equally far from the line's centre add up to the same total; on a line of odd length
  the centre cell holds that total.

Encoding: thermometers, whispers, entropic and modular lines relate pairs of cells (`_encode.relate`:
forbidden digit pairs as 2-clauses, support clauses each way); a thermometer relates neighbours only: with
the support clauses, unit propagation carries a digit's bound along the whole line (cell j at least j - i
above cell i) as the relation of every two cells would, in far fewer clauses. A renban line
chooses one window of consecutive digits (`(*tag, "run", low)`), which needs each of its own digits and
bars the others through one `(*tag, "used", d)` a digit (a cell holds d), not one clause a cell: a used
digit needs a window that holds it, and one window holds, so a window bars the digits outside it without
a clause of each. A between line's direction is one variable (`(*tag, "up")`: first end below the last).
A zipper's total is chosen once (`(*tag, "total", s)`) and each pair's digits determine each other
under it. A region-sum segment lies in one region, so its digits never repeat: like a kakuro run it is
one of the sets of distinct digits (`sums.one_of_sets`) making one of the totals every segment can make,
each set naming its total (`(*tag, "total", s)`) and each total needing one of its sets in every segment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridlogic.cnf.formula import Formula, Not, negate
from gridlogic.cnf.sums import digit_sets, one_of_sets
from gridlogic.kinds.sudoku.constraints import Constraint, effective_value
from gridlogic.kinds.sudoku.families._encode import distinct, recorded, relate, relate_pairs, same

if TYPE_CHECKING:
    from gridlogic.kinds.sudoku.families import Grid

EXCLUSIVE_LIMIT = 10    # "at most one set" of a region-sum segment is stated (pairwise) up to this many sets


def encode_thermo(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Strictly increasing from the bulb."""
    relate_pairs(f, grid, list(zip(constraint.cells, constraint.cells[1:])), lambda x, y: y > x, key="thermo")


def encode_slowthermo(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Never decreasing from the bulb."""
    relate_pairs(f, grid, list(zip(constraint.cells, constraint.cells[1:])), lambda x, y: x <= y,
                 key="slowthermo")


def encode_palindrome(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The line reads the same both ways."""
    cells = constraint.cells
    for i in range(len(cells) // 2):
        same(f, grid, cells[i], cells[-1 - i])


def encode_renban(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Distinct consecutive digits, in any order."""
    distinct(f, grid, constraint.cells)
    recorded(f, grid, tag, constraint.cells, "renban", _renban)


def _renban(f: Formula, grid: Grid, tag: tuple, cells) -> None:
    n = grid.size
    lows = range(1, n - len(cells) + 2)
    runs = {low: (*tag, "run", low) for low in lows}
    if not runs:
        f.clause([])
        return
    f.exactly_one(list(runs.values()))
    for d in grid.digits:
        holders = [run for low, run in runs.items() if low <= d < low + len(cells)]
        here = [grid.digit(r, c, d) for r, c in cells]
        if len(holders) == len(runs):
            for run in runs.values():
                f.clause([Not(run)] + here)
            continue
        used = (*tag, "used", d)      # a cell holds d: a function of the digits
        for lit in here:
            f.clause([Not(lit), used])
        f.clause([Not(used)] + here)
        f.clause([Not(used)] + holders)        # (a window without d then bars it: the others are off)
        for run in holders:
            f.clause([Not(run)] + here)


def encode_whispers(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Neighbours on the line differ by at least the value."""
    gap = effective_value(constraint, grid.size)
    relate_pairs(f, grid, list(zip(constraint.cells, constraint.cells[1:])), lambda x, y: abs(x - y) >= gap,
                 key=("whispers", gap))


def encode_between(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The cells between the ends lie strictly between the ends' digits."""
    recorded(f, grid, tag, constraint.cells, "between", _between)


def _between(f: Formula, grid: Grid, tag: tuple, cells) -> None:
    digits = grid.digits
    first, last = cells[0], cells[-1]
    up = (*tag, "up")
    relate(f, grid, first, last, lambda x, y: abs(x - y) >= 2, key="apart2")
    for d in digits:              # `up` holds exactly when the first end is the lower
        f.clause([Not(up), Not(grid.digit(*first, d))] + [grid.digit(*last, e) for e in digits if e > d])
        f.clause([up, Not(grid.digit(*first, d))] + [grid.digit(*last, e) for e in digits if e < d])
    for r, c in cells[1:-1]:
        for direction, low, high in ((up, first, last), (Not(up), last, first)):
            for d in digits:
                for e in digits:
                    if e <= d:
                        f.clause([negate(direction), Not(grid.digit(*low, d)), Not(grid.digit(r, c, e))])
                    if e >= d:
                        f.clause([negate(direction), Not(grid.digit(*high, d)), Not(grid.digit(r, c, e))])


def _segments(cells, grid: Grid) -> list[list]:
    runs: list[list] = []
    last = None
    for cell in cells:
        region = grid.region_of.get(cell)
        if region is None:
            continue
        if region != last:
            runs.append([])
        runs[-1].append(cell)
        last = region
    return runs


def encode_regionsum(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """The line's segments in each region have equal sums."""
    runs = _segments(constraint.cells, grid)
    if len(runs) < 2:
        return
    lengths = tuple(len(run) for run in runs)
    recorded(f, grid, tag, [cell for run in runs for cell in run], ("regionsum", lengths),
             lambda f, grid, tag, cells: _regionsum(f, grid, tag, cells, lengths))


def _regionsum(f: Formula, grid: Grid, tag: tuple, cells, lengths: tuple[int, ...]) -> None:
    n = grid.size
    totals = [s for s in range(1, n * (n + 1) // 2 + 1) if all(digit_sets(k, s, n) for k in lengths)]
    if not totals:
        f.clause([])
        return
    start = 0
    for k, length in enumerate(lengths):
        run = cells[start:start + length]
        start += length
        sets = [found for s in totals for found in digit_sets(length, s, n)]
        one_of_sets(f, {d: [grid.digit(*cell, d) for cell in run] for d in grid.digits}, sets, (*tag, k),
                    exclusive=len(sets) <= EXCLUSIVE_LIMIT)
        for found in sets:                  # a segment's set names the total; the total needs a set
            f.clause([Not((*tag, k, "set", found)), (*tag, "total", sum(found))])
        for s in totals:
            f.clause([Not((*tag, "total", s))] + [(*tag, k, "set", found) for found in digit_sets(length, s, n)])


def _apart(f: Formula, grid: Grid, cells, group, name: str) -> None:
    """Cells one or two apart hold different groups, cells three apart the same (`name`: the grouping)."""
    for same_group, gaps in ((False, (1, 2)), (True, (3,))):
        relate_pairs(f, grid, [(a, cells[i + gap]) for i, a in enumerate(cells) for gap in gaps if i + gap < len(cells)],
                     lambda x, y: (group(x) == group(y)) == same_group, key=(name, same_group))


def encode_entropic(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Every three consecutive cells hold a low, a middle and a high digit."""
    n = grid.size
    _apart(f, grid, constraint.cells, lambda d: (d - 1) * 3 // n, "entropic")


def encode_modular(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Every three consecutive cells hold the three residues mod 3."""
    _apart(f, grid, constraint.cells, lambda d: d % 3, "modular")


def encode_zipper(f: Formula, constraint: Constraint, grid: Grid, tag: tuple) -> None:
    """Cells equally far from the centre add up to the same total, the centre cell's on odd lines."""
    recorded(f, grid, tag, constraint.cells, "zipper", _zipper)


def _zipper(f: Formula, grid: Grid, tag: tuple, cells) -> None:
    n, digits = grid.size, grid.digits
    half, odd = len(cells) // 2, len(cells) % 2 == 1
    totals = {s: (*tag, "total", s) for s in range(2, (n if odd else 2 * n) + 1)}
    if not totals:
        f.clause([])
        return
    f.exactly_one(list(totals.values()))
    for i in range(half):
        pair = (cells[i], cells[-1 - i])
        for s, total in totals.items():
            for one, other in (pair, pair[::-1]):
                f.clause([Not(total)] + [grid.digit(*one, d) for d in digits if 1 <= s - d <= n])
                for d in digits:
                    rest = [grid.digit(*other, s - d)] if 1 <= s - d <= n else []
                    f.clause([Not(total), Not(grid.digit(*one, d))] + rest)
    if odd:
        centre = cells[half]
        for d in digits:
            if d in totals:
                f.iff(totals[d], grid.digit(*centre, d))
            else:
                f.clause([Not(grid.digit(*centre, d))])


def _line(constraint: Constraint, values, grid: Grid) -> list[int]:
    return [values[r * grid.size + c] for r, c in constraint.cells]


def holds_thermo(constraint: Constraint, values, grid: Grid) -> bool:
    """Each digit above the one before."""
    line = _line(constraint, values, grid)
    return all(a < b for a, b in zip(line, line[1:]))


def holds_slowthermo(constraint: Constraint, values, grid: Grid) -> bool:
    """No digit below the one before."""
    line = _line(constraint, values, grid)
    return all(a <= b for a, b in zip(line, line[1:]))


def holds_palindrome(constraint: Constraint, values, grid: Grid) -> bool:
    """Same digits read both ways."""
    line = _line(constraint, values, grid)
    return line == line[::-1]


def holds_renban(constraint: Constraint, values, grid: Grid) -> bool:
    """A set of consecutive digits, no repeat."""
    line = _line(constraint, values, grid)
    return len(set(line)) == len(line) and max(line) - min(line) == len(line) - 1


def holds_whispers(constraint: Constraint, values, grid: Grid) -> bool:
    """Neighbours differ by at least the value."""
    line, gap = _line(constraint, values, grid), effective_value(constraint, grid.size)
    return all(abs(a - b) >= gap for a, b in zip(line, line[1:]))


def holds_between(constraint: Constraint, values, grid: Grid) -> bool:
    """Inner digits strictly between the ends'."""
    line = _line(constraint, values, grid)
    low, high = sorted((line[0], line[-1]))
    return all(low < d < high for d in line[1:-1])


def holds_regionsum(constraint: Constraint, values, grid: Grid) -> bool:
    """Equal sums of the segments in each region."""
    sums: list[int] = []
    previous = None
    for r, c in constraint.cells:
        here = grid.region_of.get((r, c))
        if here is None:
            continue
        if here != previous:
            sums.append(0)
            previous = here
        sums[-1] += values[r * grid.size + c]
    return len(set(sums)) <= 1


def _groups_hold(line: list[int], group) -> bool:
    if len(line) == 2:
        return group(line[0]) != group(line[1])
    return all(len({group(d) for d in line[i:i + 3]}) == 3 for i in range(len(line) - 2))


def holds_entropic(constraint: Constraint, values, grid: Grid) -> bool:
    """Low, middle and high in every three consecutive cells."""
    n = grid.size
    return _groups_hold(_line(constraint, values, grid), lambda d: (d - 1) * 3 // n)


def holds_modular(constraint: Constraint, values, grid: Grid) -> bool:
    """Three residues mod 3 in every three consecutive cells."""
    return _groups_hold(_line(constraint, values, grid), lambda d: d % 3)


def holds_zipper(constraint: Constraint, values, grid: Grid) -> bool:
    """Equal sums of cells equally far from the centre (the centre cell's, on odd lines)."""
    line = _line(constraint, values, grid)
    sums = {line[i] + line[-1 - i] for i in range(len(line) // 2)}
    if len(line) % 2:
        sums.add(line[len(line) // 2])
    return len(sums) == 1


ENCODE = {"thermo": encode_thermo, "slowthermo": encode_slowthermo, "palindrome": encode_palindrome,
          "renban": encode_renban, "whispers": encode_whispers, "dutchwhispers": encode_whispers,
          "between": encode_between, "regionsum": encode_regionsum, "entropic": encode_entropic,
          "modular": encode_modular, "zipper": encode_zipper}
HOLDS = {"thermo": holds_thermo, "slowthermo": holds_slowthermo, "palindrome": holds_palindrome,
         "renban": holds_renban, "whispers": holds_whispers, "dutchwhispers": holds_whispers,
         "between": holds_between, "regionsum": holds_regionsum, "entropic": holds_entropic,
         "modular": holds_modular, "zipper": holds_zipper}
