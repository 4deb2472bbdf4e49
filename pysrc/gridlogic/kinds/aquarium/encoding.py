"""Aquarium's formula: the tanks' settling, the counts, some water.

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at (2r+1, 2c+1))
holds water (the one cell variable of the shading genres); they alone are shown.

The tanks: a water cell fills the cell below it in its tank, and the cells of a row of the tank that are
joined through the tank's cells at that row or lower hold water together (a cycle of implications each;
Noqx writes the rule so). With the first, water fills every cell of its tank it reaches through cells at
its height or lower, row by row down from its own: a reached cell of a lower row is joined, through the
tank's cells at its row or lower, to a reached cell of its row that lies below a reached cell of the row
above.

The counts: a count is a total of the parts of its line that the tanks fill whole (cnf/tally.py): in a
row, the cells that hold water together; down a column, each run of one tank's cells, which fills from
below.

Two formulas, with the same solutions:
- For explanations (`exact_clues`), each tank is a clue `("tank", k)` and each count a clue `("row", r)`
  or `("column", c)`. The count's clauses count the cells of each part exactly on their own; the tank's
  clue adds what it knows of them (a row's part holds water all or none; a run's t-th threshold is its
  t-th cell from below), so that with both on the count reasons in whole parts, as the water does (on the
  made 20×20, 324 conflicts of MiniSat's for both questions became about 60-90).
- The formula that solves (answers, counts, certain cells, candidates, progress) names no clue, since no
  question asked of it switches one off: its clauses carry no selector, so the tanks' implications stay
  binary. Its counts lean on the tanks' rule: a row's part is one step (its size, all or none, read from
  its first cell), a run of a column its cells from below, and the count is `tally.steps_equal` over them,
  clauses over the sums the parts can reach, laid from layers kept by shape.
"""

from __future__ import annotations

from operator import neg

from gridlogic.cnf import tally
from gridlogic.cnf.formula import Formula
from gridlogic.cnf.places import Literals, Places
from gridlogic.kinds import _shading as sh


def encode(puzzle, f: Formula) -> None:
    """Each tank's settling, the counts, some water: as clue blocks for explanations, else plain clauses."""
    keys = cell_keys(puzzle.rows, puzzle.cols)
    x = f.lits(keys) if f.top else f.fresh(keys)               # the cells' variables, row by row
    f.show(keys)
    (_exact if f.exact_clues else _solving)(puzzle, f, keys, x, Layout(puzzle))
    f.clause(keys)


_KEYS: dict[tuple[int, int], tuple] = {}


def cell_keys(rows: int, cols: int) -> tuple:
    """The cells' variables' keys, row by row (kept by the grid's size)."""
    got = _KEYS.get((rows, cols))
    if got is None:
        if len(_KEYS) > 64:
            _KEYS.clear()
        got = _KEYS[(rows, cols)] = tuple(sh.cell_shade(r, c) for r in range(rows) for c in range(cols))
    return got


class Layout:
    """What the rules read of the tanks, cells numbered r * cols + c:
    - `below[k]`: the pairs (i, j) of tank k, j just below i, in the order of i (row by row);
    - `levels[k]`: the groups of tank k's cells that hold water together, of two or more cells: per row,
      the tank's cells of that row joined through the tank's cells at that row or lower (each in order;
      rows from the top, a row's groups by their first cell);
    - `rows[r]` (a counted row): the parts of the row that hold water together, the groups and each cell in
      none, by their first cell; `columns[c]` (a counted column): its runs of one tank's cells (water fills
      each from below), each from its lowest cell up, the highest run first.
    Found in one pass from the lowest row up, joining each cell to the cells of its tank beside and below."""

    def __init__(self, puzzle) -> None:
        rows, cols = puzzle.rows, puzzle.cols
        tank_of = puzzle.tanks.room
        many = len(puzzle.tanks.numbers)
        self.below: list[list[tuple[int, int]]] = [[] for _ in range(many)]
        self.levels: list[list[list[int]]] = [[] for _ in range(many)]
        self.rows: dict[int, list[list[int]]] = {}
        self.columns: dict[int, list[list[int]]] = {}
        parent = list(range(rows * cols))
        by_row = [None] * rows
        for r in range(rows - 1, -1, -1):
            here = r * cols
            for i in range(here, here + cols):
                k = tank_of[i]
                for j in ((i - 1,) if i > here else ()) + ((i + cols,) if r + 1 < rows else ()):
                    if tank_of[j] == k:
                        while parent[j] != j:                  # (the roots, halving the paths)
                            parent[j] = j = parent[parent[j]]
                        a = i
                        while parent[a] != a:
                            parent[a] = a = parent[parent[a]]
                        parent[j] = a
            groups: dict = {}
            for i in range(here, here + cols):
                a = i
                while parent[a] != a:
                    parent[a] = a = parent[parent[a]]
                groups.setdefault(a, []).append(i)
            by_row[r] = list(groups.values())
        for r in range(rows):
            for group in by_row[r]:
                if len(group) > 1:
                    self.levels[tank_of[group[0]]].append(group)
            here = r * cols
            if r + 1 < rows:
                for i in range(here, here + cols):
                    if tank_of[i + cols] == tank_of[i]:
                        self.below[tank_of[i]].append((i, i + cols))
            if puzzle.rows_count[r] is not None:
                self.rows[r] = by_row[r]
        for c, n in enumerate(puzzle.cols_count):
            if n is not None:
                runs, run = [], [(rows - 1) * cols + c]
                for i in range((rows - 2) * cols + c, -1, -cols):
                    if tank_of[i] != tank_of[run[-1]]:
                        runs.append(run)
                        run = []
                    run.append(i)
                runs.append(run)
                self.columns[c] = runs[::-1]


def _solving(puzzle, f: Formula, keys, x: list[int], at: Layout) -> None:
    """The formula that solves: the tanks' clauses and the counts' diagrams, no clue blocks."""
    out = f.clauses
    for below, levels in zip(at.below, at.levels):
        out += [(-x[i], x[j]) for i, j in below]
        for level in levels:
            ring = [x[i] for i in level]
            out += zip(map(neg, ring), ring[1:] + ring[:1])
    for r, parts in at.rows.items():
        tally.steps_equal(f, ("row", r), [[(len(part), x[part[0]])] for part in parts], puzzle.rows_count[r])
    for c, runs in at.columns.items():
        tally.steps_equal(f, ("column", c), [list(enumerate([x[i] for i in run], 1)) for run in runs],
                          puzzle.cols_count[c])


def _exact(puzzle, f: Formula, keys, x: list[int], at: Layout) -> None:
    """The formula for explanations: each tank and each count a clue block (see the module docstring)."""
    cols = puzzle.cols
    tank_of = puzzle.tanks.room
    parts: list[list] = [[] for _ in at.below]                 # a tank's parts: (the count's key, name, cells)
    for r, groups in at.rows.items():
        for part in groups:
            parts[tank_of[part[0]]].append(("row", ("row", r, part[0] % cols), part))
    for c, runs in at.columns.items():
        for run in runs[::-1]:
            parts[tank_of[run[0]]].append(("column", ("column", c, run[0] // cols), run))
    for k, tank in enumerate(puzzle.tanks.rooms()):
        with f.clue(("tank", k), tank, f"the tank at r{tank[0][0] + 1}c{tank[0][1] + 1}"):
            lits = Literals(f)
            out = lits.clauses
            out += [[-x[i], x[j]] for i, j in at.below[k]]
            for ring in at.levels[k]:
                out += [[-x[i], x[j]] for i, j in zip(ring, ring[1:] + ring[:1])]
            for key, name, part in parts[k]:                   # what the exact counts may learn
                if len(part) > 1:
                    ts = [lits(t) for t in tally.thresholds(name, [keys[i] for i in part])]
                    out += [[-ts[0], ts[-1]]] if key == "row" else [[-t, x[i]] for t, i in zip(ts, part)]
            lits.add_to(f)
    for key, counted, count in (("row", at.rows, puzzle.rows_count), ("column", at.columns, puzzle.cols_count)):
        for i, groups in counted.items():
            n = count[i]
            line = [(i, c) for c in range(cols)] if key == "row" else [(r, i) for r in range(puzzle.rows)]
            with f.clue((key, i), line, f"the {n} of {key} {i + 1}"):
                places = Places()
                names = [(key, i, part[0] % cols if key == "row" else part[0] // cols) for part in groups]
                items = [tally.unary(places, name, [keys[j] for j in part]) for name, part in zip(names, groups)]
                tally.total_equals(places, (key, i), items, n)
                places.add_to(f)
