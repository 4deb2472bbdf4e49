"""Numberlink's unique/multiple verdict by a theorem, against the kind's own solve, on the real puzzles of
bench_paths.py, in one run: CPU seconds (time.process_time, encoding included) of each.

    PYTHONPATH=pysrc python bench/bench_numberlink_verdict.py [--limit S] [--solve-limit S] [--only LABEL]

The theorem. Let S1 be a solution that uses every cell, and order solutions by the cells they use, then by
the sum of their used cells' positions in row-major order. If another solution exists, take S, least in that
order among the solutions other than S1. Every move below turns a solution into a valid one that is less in
that order and, having an empty cell, is not S1 (a full solution has no empty cell to move into, and a
shortcut leaves one):
- a shortcut: two cells of one line side by side that the line does not join; join them, the part of the
  line between them dropped (fewer cells);
- an L-flip: the line runs along two sides of a rectangle, down its right or left side and along its
  bottom, while the other two sides' cells between are all empty; it takes the upper two sides instead (as
  many cells, earlier ones).
So S allows no move, and a second solution exists iff one other than S1 allows none. The route measured:
1. S1: the kind's formula with every cell used and no shortcut, on CaDiCaL with gridlogic's options
   (backends/sat/engines.py), stray loops cut lazily as in the kind; checked full from its lines alone;
2. the verdict: the kind's formula with "no shortcut" and "no L-flip" as clauses, S1 blocked: no model is
   `unique`, a model that passes the kind's checker is `multiple`.
"Two cells of one line" is read as "two cells of one number", so the route needs every number twice.
Counts above one and certain cells are not given by it (its clauses drop solutions), only the verdict. A
solve past --limit seconds (wall clock, default 60; --solve-limit for the kind's own) is stopped and shown
as such.
"""

from __future__ import annotations

import argparse
import sys
import time

from bench_paths import PUZZLES
from gridlogic import lattice, solver
from gridlogic.backends.sat.engines import BoundedCalls, load, new_solver
from gridlogic.backends.sat.lazy import lazy_rule
from gridlogic.budget import Budget, BudgetExceeded
from gridlogic.cnf.formula import Formula, Not
from gridlogic.cnf.loops import line, visit
from gridlogic.cnf.paths import label
from gridlogic.kinds import numberlink
from gridlogic.links import import_link

ENGINE = "cadical195"


def formula(puzzle, every_cell: bool) -> Formula:
    """The kind's clauses, no shortcut, and every cell used (when asked) or no L-flip."""
    f = Formula()
    numberlink.encode(puzzle, f)
    numbers = puzzle.numbered()
    values = sorted(set(numbers.values()))
    for (y, x) in lattice.inner_edges(puzzle.rows, puzzle.cols):
        a, b = ((y, x - 1), (y, x + 1)) if y % 2 else ((y - 1, x), (y + 1, x))
        for k in values:
            f.clause([Not(label(a, k)), Not(label(b, k)), line((y, x))])
    if every_cell:
        for r in range(puzzle.rows):
            for c in range(puzzle.cols):
                if (r, c) not in numbers:
                    f.clause([visit(lattice.cell_point(r, c))])
    else:
        for used, empty in l_flips(puzzle.rows, puzzle.cols):
            if not numbers.keys() & set(used[1:-1] + empty):
                f.clause([Not(step(a, b)) for a, b in zip(used, used[1:])]
                         + [visit(lattice.cell_point(*cell)) for cell in empty])
    return f


def step(a, b):
    """The line between two side-by-side cells (r, c)."""
    return line(((2 * a[0] + 2 * b[0]) // 2 + 1, (2 * a[1] + 2 * b[1]) // 2 + 1))


def l_flips(rows: int, cols: int):
    """(the cells of a line's L along a rectangle's lower corner, the cells between of the upper L), for
    each rectangle and each pair of its opposite corners."""
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


def solution_of(f: Formula, puzzle, budget: Budget, blocked=None):
    """A solution of `f` (stray loops cut), or None; `blocked` a solution ruled out first."""
    sat = load(new_solver(ENGINE), f.clauses, budget)
    top = [max(f.pool.top, max((abs(x) for clause in f.clauses for x in clause), default=0))]

    def fresh() -> int:
        top[0] += 1
        return top[0]
    edges = lattice.inner_edges(puzzle.rows, puzzle.cols)
    if blocked is not None:
        sat.add_clause([-f.var(line(e)) if e in blocked else f.var(line(e)) for e in edges])
    calls = BoundedCalls(sat, ENGINE, budget, lazy_rule(f, fresh))
    if not calls.solve(f.assumptions):
        return None
    true = set(x for x in sat.get_model() if x > 0)
    return frozenset(e for e in edges if f.var(line(e)) in true)


def verdict(puzzle, budget: Budget) -> str:
    """`unique` / `multiple` by the theorem, or why it does not apply."""
    numbers = list(puzzle.numbered().values())
    if any(numbers.count(n) != 2 for n in numbers):
        return "a number not met twice"
    first = solution_of(formula(puzzle, True), puzzle, budget)
    if first is None:
        return "no full shortcut-free solution"
    assert not numberlink.check(puzzle, first), "the checker refuses the first solution"
    if not is_full(puzzle, first):
        return "theorem does not apply"
    second = solution_of(formula(puzzle, False), puzzle, budget, blocked=first)
    if second is None:
        return "unique"
    assert not numberlink.check(puzzle, second), "the checker refuses the second solution"
    return "multiple"


def is_full(puzzle, lines) -> bool:
    """Every cell on a line, read from the lines alone."""
    cells = {cell for y, x in lines for cell in (((y, x - 1), (y, x + 1)) if y % 2 else ((y - 1, x), (y + 1, x)))}
    return len(cells) == puzzle.rows * puzzle.cols


def timed(run) -> tuple[float, str]:
    start = time.process_time()
    try:
        status = run()
    except BudgetExceeded:
        status = "stopped"
    return time.process_time() - start, status


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=60, help="seconds a solve at most (default: %(default)s)")
    parser.add_argument("--solve-limit", type=float, default=None,
                        help="seconds the kind's own solve at most (default: --limit)")
    parser.add_argument("--only", default="", help="only the puzzles whose label starts with this")
    args = parser.parse_args(argv)
    own_limit = args.limit if args.solve_limit is None else args.solve_limit
    print("| puzzle | kind's solve s | status | theorem s | verdict | ratio |")
    print("|---|---:|---|---:|---|---:|")
    for label_, url in PUZZLES:
        if not label_.startswith(args.only):
            continue
        puzzle = import_link(url).puzzle
        own_s, own = timed(lambda: solver.solve(numberlink, puzzle, budget=Budget(own_limit * 1000)).status)
        own = "stopped" if own == "unknown" else own
        new_s, new = timed(lambda: verdict(puzzle, Budget(args.limit * 1000)))
        ratio = f"{new_s / own_s:.2f}" if "stopped" not in (own, new) and own_s > 0 else "–"
        print(f"| {label_} | {own_s:.2f} | {own} | {new_s:.2f} | {new} | {ratio} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
