"""Numberlink's unique/multiple verdict by an argument about the least other solution, for puzzles whose
solution fills every cell (the sparse ones, where proving on the plain formula that no second solution
wanders through the empty cells is beyond plain CNF: docs/benchmarks.md, "Numberlink").

The argument. Let S1 be a solution that uses every cell. Rank the cells ring by ring from the border
inwards (a cell's ring is max(|2r-R+1|, |2c-C+1|), its distance from the centre of an R×C grid; outer
rings first, in a ring row-major order: `cell_rank`), and weigh a solution by its used cells, the cell of rank i
weighing 2^i: a solution is the lighter of two when the latest-ranked cell in which they differ is empty
in it. A full solution is the heaviest, so if a solution leaves a cell empty, a lightest solution of all,
S, does too, and allows none of these moves, each of which turns a solution into a valid one that is
lighter (the latest-ranked cell it changes is one it empties; the cells it fills are empty, hold no
number, and the line stays a path between its two numbers):
- a *shortcut*: two cells of one line side by side that the line does not join; join them, the part of
  the line between them dropped (it only empties cells);
- a *corner flip*: the line turns at a corner X of a 2×2 block, between the two corners beside it, while
  the corner opposite X, ranked before X, is empty; it turns there instead (X emptied);
- a *push*: the line runs straight across a cell m, from a to b, while the three cells beside a, m and b
  on one side are empty and ranked before m; it runs through those three instead (m emptied).
Ranked by rings, the moves carry lines outwards and a lightest solution's empty cells gather inwards
(with row-major ranks, whose moves carry lines up only, (b) took more conflicts: docs/benchmarks.md,
"Numberlink's least solution: cells ranked by rings").
And a full solution other than S1 either allows no shortcut or, through one, makes a solution with an
empty cell. So the puzzle has a second solution iff (a) a full one other than S1 allows no shortcut, or
(b) one with an empty cell allows none of the three moves. Without a shortcut, moreover, no 2×2 block of
cells is of one number: its four cells would be joined in a ring, which no line between two numbers
holds. One solver holds the kind's formula, "no shortcut" and "no block", and is asked under "every cell
used" for S1, then for (a) with S1 blocked; (b) is asked of a second solver that holds "no corner flip",
"no push" and "a cell empty" too (faster so than on the first one). Every model is a solution of the
rules (stray loops cut lazily, as the kind's own solve does), so "multiple" comes with a second
solution; "unique" comes from (b) having no model. (Flips of an L along any rectangle are moves too;
with "no block" written out, they made (b) no shorter than the corner flips alone: docs/benchmarks.md.)

"Two cells of one line" is read as "two cells of one number", so the argument needs every number to be
met exactly twice. It decides only unique against multiple: the clauses drop solutions, so counts above
one, and certain cells where there are several solutions, stay with the kind's formula.
"""

from __future__ import annotations

from gridlogic import budget as budget_module
from gridlogic import lattice
from gridlogic.backends import sat
from gridlogic.budget import Budget, BudgetExceeded, tick
from gridlogic.cnf.formula import Formula, Model, Not, Resolved
from gridlogic.cnf.loops import line, visit
from gridlogic.cnf.paths import label

Cell = tuple[int, int]
# The kind asks for the verdict on grids of this many cells or more: on the real puzzles below (5×5 to 8×8)
# the plain formula settled uniqueness sooner than the verdict, on those from 9×9 on as soon or later
# (docs/benchmarks.md, "Numberlink's verdict in the kind")
LEAST_CELLS = 100
# CaDiCaL's options on the last question, (b), a solver of its own: without its stable mode it settled the sparse
# 13×13 and 14×14 in fewer conflicts in each of their eight orientations (docs/benchmarks.md, "Numberlink's
# certain cells"); deciding every variable true first ("forcephase", no saved phases), in 13% and 10% fewer again
# (docs/benchmarks.md, "Numberlink's least-solution question: decisions true first")
LEAST_OPTIONS = {"stabilize": 0, "forcephase": 1}
# ... and with every label's first value false (the steps and visits still true first): fewer conflicts again in
# 6 and 7 of the 8 orientations of the 13×13 and 14×14 (docs/benchmarks.md, "Numberlink's least-solution question:
# labels false first"). S1 and the full question (a) take the labels false first too, on CaDiCaL's options as they are
# (14% and 20% fewer conflicts over the 8 orientations of the 14×14 and 13×13: docs/benchmarks.md, "Numberlink's
# least-solution question: the givens as units")


def verdict(encode, decode, check, puzzle, engine: str, budget: Budget) -> tuple | None:
    """(S1,) when the puzzle's one solution is S1, (S1, another) when it has more; None when the argument
    does not apply (a number not met twice, no full solution without a shortcut). `encode`, `decode` and
    `check` are the kind's; BudgetExceeded carries S1 once found."""
    values = list(puzzle.numbered().values())
    if any(values.count(n) != 2 for n in values):
        return None
    free = _free(puzzle)
    f = Formula()
    with budget_module.active(budget):        # (the clauses below tick: a large grid's stop within the budget)
        _least(encode, puzzle, f)
    full = f.copy()
    full.lazy = f.lazy
    for key in free:
        full.assume(key)
    with sat.questions(full, engine, budget, new=True) as ask:
        if engine == "cadical195":      # the labels false first here too, CaDiCaL's options as they are (LEAST_OPTIONS)
            steer(ask, full, puzzle, {})
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


def _least(encode, puzzle, f: Formula) -> None:
    """The kind's formula with no shortcut and no block (its phases left out: these questions are its own)."""
    encode(puzzle, f)
    f.phases = ()
    no_shortcut(f, puzzle)
    no_block(f, puzzle)


def _free(puzzle) -> list:
    """The visits of the cells without a number."""
    return [visit(p) for p in _free_points(puzzle)]


def _free_points(puzzle) -> list:
    """The points of the cells without a number."""
    numbers = puzzle.numbered()
    return [lattice.cell_point(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if (r, c) not in numbers]


def _least_with_empty_cell(f: Formula, puzzle, free: list, engine: str, budget: Budget) -> set | None:
    """A model of `f` (the kind's formula, no shortcut, no block) with an empty cell, no corner flip and no
    push added, or None."""
    with budget_module.active(budget):
        with_empty_cell(f, puzzle, free)
    with sat.questions(f, engine, budget, new=True) as ask:
        return ask_least(ask, f, puzzle, engine)


def ask_least(ask, f: Formula, puzzle, engine: str, options: dict = LEAST_OPTIONS) -> set | None:
    """(b) asked of `ask`, questions to a new solver holding `f`: the givens (the numbers' clue blocks) added as
    unit clauses rather than assumed (on the 14×14 and 13×13, 3% and 14% more conflicts, each of them about a
    quarter cheaper: docs/benchmarks.md, "Numberlink's least-solution question: the givens as units"), and on CaDiCaL
    steered (`steer`)."""
    ask.add([given] for given in f.assumptions)
    if engine == "cadical195":
        steer(ask, f, puzzle, options)
    return ask.model([])


def steer(ask, f: Formula, puzzle, options: dict = LEAST_OPTIONS) -> None:
    """The search of `ask`, questions to a CaDiCaL solver holding `f`: `options`, and the labels false first (see
    LEAST_OPTIONS)."""
    ask.configure(options)
    values = sorted(set(puzzle.numbered().values()))
    if len(values) > 1:
        ids = f.pool.obj2id
        labels = (ids.get(label(p, k)) for p in _free_points(puzzle) for k in values)
        ask.prefer([-v for v in labels if v is not None])


def with_empty_cell(f: Formula, puzzle, free: list) -> None:
    """(b)'s own clauses on `f` (the kind's formula, no shortcut, no block): no corner flip, no push, a cell of
    `free` empty."""
    rank = cell_rank(puzzle)
    no_corner_flip(f, puzzle, rank)
    no_push(f, puzzle, rank)
    f.clause([Not(key) for key in free])


def no_shortcut(f: Formula, puzzle) -> None:
    """Two side-by-side cells of one number are joined (see the module docstring)."""
    on = _on_lines(f, puzzle)
    for (y, x) in lattice.inner_edges(puzzle.rows, puzzle.cols):
        a, b = ((y, x - 1), (y, x + 1)) if y % 2 else ((y - 1, x), (y + 1, x))
        tick()
        joined = f.lit(line((y, x)))
        for both in zip(on[a], on[b]):
            if False not in both:
                f.clause(Resolved([-v for v in both if v is not True] + [joined]))


def no_block(f: Formula, puzzle) -> None:
    """No 2×2 block of cells of one number: without a shortcut its four cells would be joined in a ring,
    which no line between two numbers holds (a stray ring is a model of the formula, not a solution)."""
    on = _on_lines(f, puzzle)
    for r in range(puzzle.rows - 1):
        for c in range(puzzle.cols - 1):
            tick()
            points = [lattice.cell_point(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)]
            for four in zip(*(on[p] for p in points)):
                if False not in four:
                    f.clause(Resolved([-v for v in four if v is not True]))


def _on_lines(f: Formula, puzzle) -> dict:
    """{cell point: per number k in order, "the cell is on the line of k"}: True or False for a number's cell,
    else the integer literal of its label when there are several numbers (paths.py), else of its visit."""
    numbers = puzzle.numbered()
    values = sorted(set(numbers.values()))
    named = len(values) > 1
    out = {}
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            p = lattice.cell_point(r, c)
            if (r, c) in numbers:
                out[p] = [numbers[r, c] == k for k in values]
            else:
                out[p] = f.lits([label(p, k) for k in values]) if named else [f.lit(visit(p))] * len(values)
    return out


def cell_rank(puzzle) -> dict:
    """{(r, c): rank}: the cells ring by ring from the border inwards, in a ring in row-major order (see the
    module docstring)."""
    rows, cols = puzzle.rows, puzzle.cols
    cells = sorted(((r, c) for r in range(rows) for c in range(cols)),
                   key=lambda q: (-max(abs(2 * q[0] - rows + 1), abs(2 * q[1] - cols + 1)), q))
    return {cell: i for i, cell in enumerate(cells)}


def no_corner_flip(f: Formula, puzzle, rank: dict) -> None:
    """No line turning at a corner of a 2×2 block while the opposite corner, ranked before it, is empty
    (see the module docstring)."""
    numbers = puzzle.numbered()
    for r in range(puzzle.rows - 1):
        for c in range(puzzle.cols - 1):
            block = ((r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c))
            for i in (0, 1):
                turn, empty = sorted((block[i], block[i + 2]), key=rank.__getitem__, reverse=True)
                ends = (block[i + 1], block[(i + 3) % 4])
                if turn not in numbers and empty not in numbers:
                    f.clause([Not(_step(ends[0], turn)), Not(_step(turn, ends[1])),
                              visit(lattice.cell_point(*empty))])


def no_push(f: Formula, puzzle, rank: dict) -> None:
    """No line running straight across a cell beside three empty cells ranked before it (see the module
    docstring)."""
    numbers = puzzle.numbered()
    for (r, c), at in rank.items():
        tick()
        if (r, c) in numbers:
            continue
        for dr, dc in lattice.STEPS:               # the side; the line runs across it
            a, b = (r - dc, c - dr), (r + dc, c + dr)
            side = [(y + dr, x + dc) for y, x in (a, (r, c), b)]
            if all(q in rank for q in (a, b, *side)) and all(rank[q] < at and q not in numbers for q in side):
                f.clause([Not(_step(a, (r, c))), Not(_step((r, c), b)),
                          *(visit(lattice.cell_point(*q)) for q in side)])


def is_full(puzzle, lines) -> bool:
    """Every cell on a line, read from the lines alone."""
    cells = {cell for y, x in lines for cell in (((y, x - 1), (y, x + 1)) if y % 2 else ((y - 1, x), (y + 1, x)))}
    return len(cells) == puzzle.rows * puzzle.cols


def _step(a: Cell, b: Cell):
    """The line between two side-by-side cells (r, c)."""
    return line((a[0] + b[0] + 1, a[1] + b[1] + 1))
