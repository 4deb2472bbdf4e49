"""Blocks of equal numbers: each cell of an R×C grid holds one number of 1..most, and every
block (an orthogonally connected group of cells holding the same number n) has exactly n cells. Blocks
need no clue: a block's size is its number, wherever it lies.

Variables: ("digit", r, c, d) holds when cell (r, c) holds d (exactly one per cell; returned, to be
shown). Written out: a 1 has no neighbouring 1; a cell holding d ≥ 2 has a neighbour holding d (when d
fits the grid at all). Left to a lazy rule (`Blocks`; cnf/graph.py's `add_lazy`) for each block of a
model that breaks the rule: a block of d with more than d cells gets the cut "not all of these d + 1
connected cells hold d" (a path grown from its first cell), one with fewer gets, for each of its cells,
"that cell does not hold d, or a cell beside the block does" (else the cell's block would lie within
this one, too small). All these cuts hold in every filling that keeps the rule, so the models over the
digits are exactly the fillings.

`counts_of_numbers` adds how many cells hold each number when some numbers are held (a puzzle's givens);
`sole_blocks` joins the cells of a number given that has room for only one block of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gridlogic.cnf.graph import add_lazy
from gridlogic.cnf.formula import Formula, Lit, Model, Not, Resolved

Cell = tuple[int, int]
COUNTER_SIZE = 20000           # counts_of_numbers leaves out a count over more literals × bound


def digit(r: int, c: int, d: int) -> tuple:
    """The variable "cell (r, c) holds d"."""
    return ("digit", r, c, d)


def _beside(rows: int, cols: int, r: int, c: int) -> list[Cell]:
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if 0 <= r + dr < rows and 0 <= c + dc < cols]


def number_blocks(f: Formula, rows: int, cols: int, most: int) -> list:
    """Every block of equal numbers 1..most has as many cells as its number; returns the digit keys."""
    keys = []
    for r in range(rows):
        for c in range(cols):
            f.exactly_one([digit(r, c, d) for d in range(1, most + 1)])
            keys += [digit(r, c, d) for d in range(1, most + 1)]
            for d in range(1, most + 1):
                near = [digit(r2, c2, d) for r2, c2 in _beside(rows, cols, r, c)]
                if d == 1:
                    for lit in near:
                        f.clause([Not(digit(r, c, 1)), Not(lit)])
                elif d > rows * cols:
                    f.clause([Not(digit(r, c, d))])
                else:
                    f.clause([Not(digit(r, c, d)), *near])
    add_lazy(f, Blocks(rows, cols, most))
    return keys


def counts_of_numbers(f: Formula, rows: int, cols: int, most: int, numbers) -> None:
    """How many cells hold each number when each of `numbers` (1..most; a puzzle's givens) is held by
    some cell: a number n among them has a block of n cells; blocks of different numbers share no cell,
    so with S the sum of the distinct numbers and slack = cells - S, at most slack cells hold a number not
    among them and at most n + slack hold n (and no filling holds them all when S exceeds the cells).
    "At least n cells hold n" is not written: it follows from the blocks, and its counters (n × cells
    variables each) only slowed the search (docs/benchmarks.md). Written under ("all held", n, ...), which holds when each of the
    numbers is somewhere in the grid (("held", n) when a cell holds n): a rule of every filling, whatever
    the givens, so switching a given off (explanations, the setter) leaves it true. A count whose
    counter would be too large (COUNTER_SIZE) is left out."""
    values = sorted(set(numbers))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    slack = len(cells) - sum(values)
    if not values or slack >= len(cells):
        return
    held = ("all held", *values)
    for n in values:
        for r, c in cells:
            f.implies(digit(r, c, n), ("held", n))
    f.clause([held] + [Not(("held", n)) for n in values])
    if slack < 0:
        f.clause([Not(held)])
        return
    others = [digit(r, c, d) for r, c in cells for d in range(1, most + 1) if d not in values]
    if slack * len(others) <= COUNTER_SIZE:
        f.at_most(others, slack, when=held)
    for n in values:
        holding = [digit(r, c, n) for r, c in cells]
        if n + slack < len(cells) and (n + slack) * len(cells) <= COUNTER_SIZE:
            f.at_most(holding, n + slack, when=held)


def sole_blocks(f: Formula, rows: int, cols: int, most: int, givens: dict[Cell, int]) -> None:
    """One block of each number n ≥ 3 given that fewer than 2n cells may hold, reached from a given n:
    with every number given held (as under `counts_of_numbers`, the same literal), n + slack cells at most
    hold n (blocks of different numbers share no cell), too few for two blocks of n; so a cell holding n
    lies in the block of each given cell that holds n, within n - 1 steps of it through cells holding n.
    Written as reach labels from the first given n in the grid's order: ("sole reach", n, r, c, k) holds
    only when the cell holds n and is within k steps of it that way (k = 0: the given cell holding n);
    a cell holding n is so reached within n - 1 steps, under "every number given is held" and the given
    cell holding n (a rule of every filling, whatever the givens; switching a given off leaves it true).
    No cut of the lazy rule is needed then for such a number's blocks too small: their cells are joined
    in the first model."""
    values = sorted(set(givens.values()))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    slack = len(cells) - sum(values)
    if not values or not 0 <= slack < len(cells):
        return
    held = ("all held", *values)
    near = _neighbours(rows, cols)
    for n in values:
        if n < 3 or n + slack >= 2 * n:
            continue
        root = min(cell for cell, v in givens.items() if v == n)
        steps = _steps(near, root)

        def reach(cell: Cell, k: int) -> Lit:
            return digit(*root, n) if k == 0 else ("sole reach", n, *cell, k)
        for k in range(1, n):
            for cell in cells:
                if steps[cell] <= k:
                    f.clause([Not(reach(cell, k)), digit(*cell, n)])
                    f.clause([Not(reach(cell, k))] + [reach(w, k - 1) for w in [cell, *near[cell]]
                                                       if steps[w] <= k - 1])
        for cell in cells:
            if cell != root:
                f.clause([Not(held), Not(digit(*root, n)), Not(digit(*cell, n))]
                         + ([reach(cell, n - 1)] if steps[cell] <= n - 1 else []))


def _steps(near: dict[Cell, list[Cell]], start: Cell) -> dict[Cell, int]:
    """Each cell's fewest steps from `start`."""
    steps = {start: 0}
    todo = [start]
    for cell in todo:
        for w in near[cell]:
            if w not in steps:
                steps[w] = steps[cell] + 1
                todo.append(w)
    return steps


@dataclass(frozen=True)
class Blocks:
    """The lazy rule of `number_blocks` (see the module docstring)."""

    rows: int
    cols: int
    most: int

    def __call__(self, model: Model) -> list[Resolved]:
        value: dict[Cell, int] = {}
        keys = model.pool.id2obj
        for v in model.true_vars:
            key = keys.get(v)
            if key is not None and key[0] == "digit" and len(key) == 4:
                value[key[1:3]] = key[3]
        near = _neighbours(self.rows, self.cols)
        by_number: dict[int, list[list[Cell]]] = {}
        seen: set[Cell] = set()
        for cell in sorted(value):                # each block from its first cell, as graph.components
            if cell in seen:
                continue
            d = value[cell]
            seen.add(cell)
            block, stack = [cell], [cell]
            while stack:
                for w in near[stack.pop()]:
                    if w not in seen and value.get(w) == d:
                        seen.add(w)
                        block.append(w)
                        stack.append(w)
            if len(block) != d:
                by_number.setdefault(d, []).append(sorted(block))
        var = model.pool.obj2id                  # (every digit variable is in the formula)
        out = []
        for d in sorted(by_number):
            for block in by_number[d]:
                if len(block) > d:
                    grown = _grown(block, d + 1, self.rows, self.cols)
                    out.append(Resolved([-var["digit", r, c, d] for r, c in grown]))
                else:
                    inside = set(block)
                    rim = [var["digit", r, c, d] for r, c in sorted({w for cell in block for w in near[cell]} - inside)]
                    out += [Resolved([-var["digit", r, c, d], *rim]) for r, c in block]
        return out


@lru_cache(maxsize=16)
def _neighbours(rows: int, cols: int) -> dict[Cell, list[Cell]]:
    return {(r, c): _beside(rows, cols, r, c) for r in range(rows) for c in range(cols)}


def _grown(block: list[Cell], size: int, rows: int, cols: int) -> list[Cell]:
    """`size` connected cells of a block, grown breadth first from its first cell."""
    inside = set(block)
    out, seen = [block[0]], {block[0]}
    i = 0
    while len(out) < size:
        for w in _beside(rows, cols, *out[i]):
            if w in inside and w not in seen and len(out) < size:
                seen.add(w)
                out.append(w)
        i += 1
    return out

