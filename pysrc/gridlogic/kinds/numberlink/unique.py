"""Numberlink's unique/multiple verdict by an argument about the least other solution, for puzzles whose
solution fills every cell (the sparse ones, where proving on the plain formula that no second solution
wanders through the empty cells is beyond plain CNF: docs/benchmarks.md, "Numberlink").

The argument. Let S1 be a solution that uses every cell, and order solutions by the cells they use, then
by the sum of their used cells' positions in row-major order. A full solution is last in that order, so
if a solution leaves a cell empty, the least solution of all, S, does too, and allows none of these
moves, each of which turns a solution into a valid one that is less:
- a *shortcut*: two cells of one line side by side that the line does not join; join them, the part of
  the line between them dropped (fewer cells);
- an *L-flip*: the line runs along two sides of a rectangle, down its right or left side and along its
  bottom, while the cells between on the other two sides are all empty; it takes the upper two sides
  instead (as many cells, earlier ones).
And a full solution other than S1 either allows no shortcut or, through one, makes a solution with an
empty cell. So the puzzle has a second solution iff (a) a full one other than S1 allows no shortcut, or
(b) one with an empty cell allows no shortcut and no L-flip. Without a shortcut no 2×2 block of cells
is of one number (its cells would be joined in a ring); written out, that cut the conflicts of (b) by a
factor of 3 to 4 on the sparse puzzles (docs/benchmarks.md). One solver holds the kind's formula, "no
shortcut" and "no block", and is asked under "every cell used" for S1, then for (a) with S1 blocked;
(b) is asked of a second solver that holds "no L-flip" and "a cell empty" too (faster so than on the
first one). Every model is a solution of the rules (stray loops cut lazily, as the kind's own
solve does), so "multiple" comes with a second solution; "unique" comes from (b) having no model.

"Two cells of one line" is read as "two cells of one number", so the argument needs every number to be
met exactly twice. It decides only unique against multiple: the clauses drop solutions, so counts above
one and certain cells stay with the kind's formula.
"""

from __future__ import annotations

from collections.abc import Iterator

from gridlogic import lattice
from gridlogic.backends import sat
from gridlogic.budget import Budget, BudgetExceeded
from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.cnf.loops import line, visit
from gridlogic.cnf.paths import label

Cell = tuple[int, int]
# The kind asks for the verdict on grids of this many cells or more: on the real puzzles below (5×5 to 9×9)
# the plain formula settled uniqueness in less time than the verdict took, from 10×10 on in more or as
# much (docs/benchmarks.md, "Numberlink's verdict")
LEAST_CELLS = 100


def verdict(encode, decode, check, puzzle, engine: str, budget: Budget) -> tuple | None:
    """(S1,) when the puzzle's one solution is S1, (S1, another) when it has more; None when the argument
    does not apply (a number not met twice, no full solution without a shortcut). `encode`, `decode` and
    `check` are the kind's; BudgetExceeded carries S1 once found."""
    numbers = puzzle.numbered()
    values = list(numbers.values())
    if any(values.count(n) != 2 for n in values):
        return None
    free = [visit(lattice.cell_point(r, c)) for r in range(puzzle.rows) for c in range(puzzle.cols)
            if (r, c) not in numbers]
    f = Formula()
    encode(puzzle, f)
    no_shortcut(f, puzzle)
    no_block(f, puzzle)
    full = f.copy()
    full.lazy = f.lazy
    for key in free:
        full.assume(key)
    with sat.questions(full, engine, budget, new=True) as ask:
        truth = ask.model(full.assumptions)
        first = None if truth is None else decode(puzzle, Model(full, truth))
        if first is None or not is_full(puzzle, first) or check(puzzle, first):
            return None
        try:
            truth = ask.other(full.assumptions, truth, full.shown)
            if truth is None:       # (b) on a solver of its own: measured faster than on this one
                truth = _least_with_empty_cell(f, puzzle, free, engine, budget)
        except BudgetExceeded:
            raise BudgetExceeded(1, (first,)) from None
    if truth is None:
        return (first,)
    second = decode(puzzle, Model(f, truth))
    return None if check(puzzle, second) else (first, second)


def _least_with_empty_cell(f: Formula, puzzle, free: list, engine: str, budget: Budget) -> set | None:
    """A model of `f` (the kind's formula, no shortcut, no block) with an empty cell and no L-flip added, or
    None."""
    no_l_flip(f, puzzle)
    f.clause([Not(key) for key in free])
    with sat.questions(f, engine, budget, new=True) as ask:
        return ask.model(f.assumptions)


def no_shortcut(f: Formula, puzzle) -> None:
    """Two side-by-side cells of one number are joined (see the module docstring)."""
    numbers = puzzle.numbered()
    values = sorted(set(numbers.values()))
    for (y, x) in lattice.inner_edges(puzzle.rows, puzzle.cols):
        a, b = ((y, x - 1), (y, x + 1)) if y % 2 else ((y - 1, x), (y + 1, x))
        for k in values:
            both = [_holds(p, k, numbers, len(values) > 1) for p in (a, b)]
            if False not in both:
                f.clause([Not(x) for x in both if x is not True] + [line((y, x))])


def no_block(f: Formula, puzzle) -> None:
    """No 2×2 block of cells of one number: without a shortcut its four cells would be joined in a ring,
    which no line between two numbers holds (a stray ring is a model of the formula, not a solution)."""
    numbers = puzzle.numbered()
    values = sorted(set(numbers.values()))
    for r in range(puzzle.rows - 1):
        for c in range(puzzle.cols - 1):
            for k in values:
                four = [_holds(lattice.cell_point(r + dr, c + dc), k, numbers, len(values) > 1)
                        for dr in (0, 1) for dc in (0, 1)]
                if False not in four:
                    f.clause([Not(x) for x in four if x is not True])


def _holds(p, k, numbers: dict, named: bool):
    """The literal "the cell at point p is on the line of number k": True or False for a number's cell, its
    label when there are several numbers (paths.py), else its visit."""
    cell = lattice.point_cell(p)
    if cell in numbers:
        return numbers[cell] == k
    return label(p, k) if named else visit(p)


def no_l_flip(f: Formula, puzzle) -> None:
    """No line along a rectangle's lower two sides while the cells between on its upper two are empty (see
    the module docstring)."""
    numbers = puzzle.numbered()
    for used, empty in l_flips(puzzle.rows, puzzle.cols):
        if not numbers.keys() & set(used[1:-1] + empty):
            f.clause([Not(_step(a, b)) for a, b in zip(used, used[1:])]
                     + [visit(lattice.cell_point(*cell)) for cell in empty])


def l_flips(rows: int, cols: int) -> Iterator[tuple[list[Cell], list[Cell]]]:
    """(the cells of a line's L along a rectangle's lower two sides, in order; the cells between of its
    upper two sides), for each rectangle and each pair of its opposite corners."""
    for r0 in range(rows):
        for r1 in range(r0 + 1, rows):
            for c0 in range(cols):
                for c1 in range(c0 + 1, cols):
                    top = [(r0, c) for c in range(c0, c1 + 1)]
                    bottom = [(r1, c) for c in range(c0, c1 + 1)]
                    left = [(r, c0) for r in range(r0, r1 + 1)]
                    right = [(r, c1) for r in range(r0, r1 + 1)]
                    yield right + bottom[-2::-1], (top[::-1] + left[1:])[1:-1]
                    yield left + bottom[1:], (top + right[1:])[1:-1]


def is_full(puzzle, lines) -> bool:
    """Every cell on a line, read from the lines alone."""
    cells = {cell for y, x in lines for cell in (((y, x - 1), (y, x + 1)) if y % 2 else ((y - 1, x), (y + 1, x)))}
    return len(cells) == puzzle.rows * puzzle.cols


def _step(a: Cell, b: Cell):
    """The line between two side-by-side cells (r, c)."""
    return line((a[0] + b[0] + 1, a[1] + b[1] + 1))
