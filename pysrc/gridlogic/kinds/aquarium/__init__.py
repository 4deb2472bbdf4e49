"""Aquarium (puzz.link `aquarium`).

Rules, in puzz.link's words: the grid is divided into tanks. Fill some cells with water. Water in a tank
settles: a water cell has water beside it (left and right, in its tank) and below it (in its tank), and
connected water in a tank has one level (no empty cell of the tank just above a water cell lower than
the water's surface). A number outside the grid says how many cells of its row or column hold water.
Some water is in the grid.

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)) holds water (the one cell variable of the shading genres); they alone are shown. Each
tank is a clue `("tank", k)`: a water cell fills the cell below it in its tank, and the cells of a row
of the tank that are joined through the tank's cells at that row or lower hold water together (a cycle
of implications each; Noqx writes the rule so). With the first, water fills every cell of its tank it
reaches through cells at its height or lower, row by row down from its own: a reached cell of a lower
row is joined, through the tank's cells at its row or lower, to a reached cell of its row that lies
below a reached cell of the row above. Each count is a clue `("row", r)` or `("column", c)`; some water is
the grid's rule. A count is a total of the parts of its line that the tanks fill whole (cnf/tally.py): in a
row, the cells that hold water together; down a column, each run of one tank's cells, which fills from
below. The count's clauses count the cells of each part exactly on their own; the tank's clue adds what it
knows of them (a row's part holds water all or none; a run's t-th threshold is its t-th cell from below),
so that with both on the count reasons in whole parts, as the water does (on the made 20×20, 324
conflicts of MiniSat's for both questions became about 60-90). Those are the explanations' counts
(`exact_clues`). The formula that solves leans on the tanks' rule instead: a row's part is one step (its
size, all or none, read from its first cell), a run of a column its cells from below, and the count is
`tally.steps_equal` over them, clauses over the sums the parts can reach, laid from layers kept by shape.

The package: this module (the contract: encode, check, render), grid.py (the Puzzle, text, state,
puzz.link), steps.py (hint steps); kinds/_rooms.py holds the tanks' text and state, kinds/_shading.py
what shading genres share.
"""

from __future__ import annotations

from gridlogic.cnf import tally
from gridlogic.cnf.formula import Formula, Model
from gridlogic.cnf.places import Literals, Places
from gridlogic.kinds import _rooms as rooms
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.aquarium import grid
from gridlogic.kinds.aquarium.grid import Puzzle, from_puzzlink, to_puzzlink
from gridlogic.kinds.aquarium.steps import EASY_STEPS, VALUE_WORDS, name_step
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "fact_of", "name_step", "from_puzzlink", "to_puzzlink"]

KEY = "aquarium"
TITLE = "Aquarium"
HOW_TO_PLAY = ("Fill cells with water so that each tank's water lies flat at one level and fills everything "
               "beneath it, and the numbers outside count the water cells of their row or column.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
fact_of = sh.fact_of
Solution = tuple          # 0/1 per cell, row by row (1 water)

EXAMPLES = (
    # pzprjs test/script/aquarium.js (robx/pzprjs): puzz.link aquarium/4/4/bu8i90/i3213g
    Example("pzprjs 4×4", "- - - 3\n2 1 3 -\nAABB\nCABD\nCACD\nCCCD\n", (), 1, "..##\n..#.\n#.##\n####\n"),
    Example("two ways", "- -\n1 1\nAB\nAB\n", (), 2),
    Example("impossible", "- -\n1 -\nAA\nAA\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The column counts, the row counts, then the tanks (see grid.py)."""
    refuse_rules(KEY, rules)
    return grid.parse_text(text)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """The water: `#` water, `.` empty, one line per row."""
    return sh.parse_shading(_cells(puzzle), text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's text, or the solution's water."""
    return grid.format_text(puzzle) if solution is None else sh.format_shading(_cells(puzzle), solution)


def _cells(puzzle: Puzzle) -> sh.Grid:
    return sh.Grid(puzzle.rows, puzzle.cols, (None,) * (puzzle.rows * puzzle.cols))


def levels(tank: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The groups of a tank's cells that hold water together: per row, the tank's cells of that row joined
    through the tank's cells at that row or lower (groups of two or more, each sorted; rows from the top, a
    row's groups by their first cell). Found from the lowest row up, joining each row to what lies below."""
    parent: dict = {}

    def root(p):
        while parent[p] != p:
            parent[p] = p = parent[parent[p]]
        return p

    by_row: dict = {}
    for p in sorted(tank):
        by_row.setdefault(p[0], []).append(p)
    out = []
    for row in sorted(by_row, reverse=True):
        here = by_row[row]
        for p in here:
            parent[p] = p
            for q in ((p[0], p[1] - 1), (p[0] + 1, p[1])):      # (the cells beside it and below are in)
                if q in parent:
                    parent[root(q)] = root(p)
        groups: dict = {}
        for p in here:
            groups.setdefault(root(p), []).append(p)
        out.append([g for g in groups.values() if len(g) > 1])
    return [g for row in reversed(out) for g in sorted(row)]


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Each tank's settling (a clue each), the counts (a clue each), some water."""
    sh.show_cells(f, _cells(puzzle))
    rows, cols = puzzle.rows, puzzle.cols
    keys = [sh.cell_shade(r, c) for r in range(rows) for c in range(cols)]
    x = f.lits(keys)                                           # the cells' variables, row by row
    tank_of = puzzle.tanks.room
    tanks = puzzle.tanks.rooms()
    joined = [levels(tank) for tank in tanks]
    parts = counted_parts(puzzle, tanks, joined)
    for k, tank in enumerate(tanks):
        with f.clue(("tank", k), tank, f"the tank at r{tank[0][0] + 1}c{tank[0][1] + 1}"):
            at = Literals(f)
            out = at.clauses
            for r, c in tank:
                i = r * cols + c
                if r + 1 < rows and tank_of[i + cols] == k:
                    out.append([-x[i], x[i + cols]])
            for level in joined[k]:
                ring = [r * cols + c for r, c in level]
                out += [[-x[i], x[j]] for i, j in zip(ring, ring[1:] + ring[:1])]
            for key, name, part in parts[k] if f.exact_clues else ():    # what the exact counts may learn
                if len(part) > 1:
                    ts = [at(t) for t in tally.thresholds(name, [keys[i] for i in part])]
                    out += [[-ts[0], ts[-1]]] if key == "row" else [[-t, x[i]] for t, i in zip(ts, part)]
            at.add_to(f)
    mine: dict = {}
    for k in range(len(tanks)):
        for key, name, part in parts[k]:
            mine.setdefault(name[:2], []).append((name, part))
    for key, counts in (("row", puzzle.rows_count), ("column", puzzle.cols_count)):
        for i, n in enumerate(counts):
            if n is not None:
                line = [(i, c) for c in range(cols)] if key == "row" else [(r, i) for r in range(rows)]
                with f.clue((key, i), line, f"the {n} of {key} {i + 1}"):
                    if f.exact_clues:
                        at = Places()
                        items = [tally.unary(at, name, [keys[j] for j in part]) for name, part in sorted(mine[key, i])]
                        tally.total_equals(at, (key, i), items, n)
                        at.add_to(f)
                    else:
                        tally.steps_equal(f, (key, i), [steps(key, [x[j] for j in part]) for _, part in sorted(mine[key, i])], n)
    f.clause(keys)


def steps(key: str, lits: list[int]) -> list[tuple[int, int]]:
    """A part's steps, as the tanks fill it: a row's part all or none, a run of a column from below."""
    return [(len(lits), lits[0])] if key == "row" else list(enumerate(lits, 1))


def counted_parts(puzzle: Puzzle, tanks: list, joined: list) -> list[list]:
    """For each tank, the parts a count reads whole, as (the count's key, the part's name, its cells, each
    r * cols + c): in a counted row, the cells that hold water together (`levels`, and each cell in none),
    named ("row", r, first column); down a counted column, each run of the tank's cells from its lowest
    cell up (water fills it from below), named ("column", c, its lowest row)."""
    out: list[list] = [[] for _ in tanks]
    tank_of = puzzle.tanks.room
    cols = puzzle.cols
    for k, tank in enumerate(tanks):
        together = {cell: level for level in joined[k] for cell in level}
        seen: set = set()
        for cell in tank:                                      # (row by row)
            if puzzle.rows_count[cell[0]] is not None and cell not in seen:
                group = together.get(cell, [cell])
                seen.update(group)
                out[k].append(("row", ("row", cell[0], group[0][1]), [r * cols + c for r, c in group]))
    for c, n in enumerate(puzzle.cols_count):
        r = puzzle.rows - 1
        while n is not None and r >= 0:
            k, low = tank_of[r * cols + c], r
            while r > 0 and tank_of[(r - 1) * cols + c] == k:
                r -= 1
            out[k].append(("column", ("column", c, low), list(range(low * cols + c, (r - 1) * cols + c, -cols))))
            r -= 1
    return out


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The water of a model."""
    return sh.decode_shading(_cells(puzzle), model)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule (independent of the encoder, as pzprjs checks): no water at all, a water cell
    beside or above an empty cell of its tank, a body of water with two levels, a count not met."""
    rows, cols = puzzle.rows, puzzle.cols
    wet = lambda r, c: bool(solution[r * cols + c])           # noqa: E731
    tank = lambda r, c: puzzle.tanks.room[r * cols + c]        # noqa: E731
    same = lambda a, b: 0 <= b[0] < rows and 0 <= b[1] < cols and tank(*a) == tank(*b)    # noqa: E731
    out: list[Violation] = []
    if not any(solution):
        out.append(Violation("no_water", (), "there is no water"))
    for r in range(rows):
        for c in range(cols):
            if wet(r, c) and any(same((r, c), b) and not wet(*b) for b in ((r, c - 1), (r, c + 1), (r + 1, c))):
                out.append(Violation("support", ((r, c),), "water beside or above an empty cell of its tank"))
    bodies = {}
    for r in range(rows):
        for c in range(cols):
            if wet(r, c):
                bodies.setdefault(tank(r, c), []).append((r, c))
    for cells in bodies.values():
        for body in sh.regions(rows, cols, lambda r, c, s=set(cells): (r, c) in s):
            top = min(r for r, _ in body)
            if any(r > top and same((r, c), (r - 1, c)) and not wet(r - 1, c) for r, c in body):
                out.append(Violation("level", tuple(body), "a body of water with two levels"))
    for name, counts, line in (("row", puzzle.rows_count, lambda i: [(i, x) for x in range(cols)]),
                               ("column", puzzle.cols_count, lambda i: [(y, i) for y in range(rows)])):
        for i, n in enumerate(counts):
            got = sum(wet(*cell) for cell in line(i))
            if n is not None and got != n:
                out.append(Violation(name, tuple(line(i)), f"{name} {i + 1} holds {got} water cells, not {n}"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The tanks, the counts for the margins, and a solution's water (shaded cells on the lattice)."""
    return sh.render_shading(_cells(puzzle), solution,
                             {"rooms": [[list(x) for x in cells] for cells in puzzle.tanks.rooms()],
                              "row_counts": list(puzzle.rows_count), "col_counts": list(puzzle.cols_count)})


def layout() -> dict:
    """Tanks drawn as groups, a count above each column and left of each row; in play a press fills a
    cell with water (again: a dot)."""
    base = sh.grid_layout(0, 0, "all", "Draw each tank (drag across its cells) and the counts outside. Paste a "
                                       "puzz.link aquarium URL to load one.", unknown=False)
    count = {"placeholder": "", "pattern": "^[0-9]*$", "max_length": 2}
    return {**base, "cell": {"editable": False},
            "edges": [{"key": "cols", "side": "top", "label": "water cells in the column", **count},
                      {"key": "rows", "side": "left", "label": "water cells in the row", **count}],
            "parts": [{"key": "rooms", "type": "group", "label": "Tanks", "choices": [rooms.ROOM],
                       "help": "Every cell belongs to one tank."}]}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: the tanks and the counts."""
    return grid.to_state(puzzle)


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, located where a cell is in no tank or a count does not read."""
    refuse_rules(KEY, rules)
    return grid.from_state(state)
