"""Aquarium (puzz.link `aquarium`).

Rules, in puzz.link's words: the grid is divided into tanks. Fill some cells with water. Water in a tank
settles: a water cell has water beside it (left and right, in its tank) and below it (in its tank), and
connected water in a tank has one level (no empty cell of the tank just above a water cell lower than
the water's surface). A number outside the grid says how many cells of its row or column hold water.
Some water is in the grid.

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at (2r+1, 2c+1))
holds water; they alone are shown. In the formula for explanations each tank is a clue `("tank", k)` and
each count a clue `("row", r)` or `("column", c)`; some water is the grid's rule (encoding.py).

The package: this module (the contract: encode, check, render), encoding.py (the formula), grid.py (the
Puzzle, text, state, puzz.link), steps.py (hint steps); kinds/_rooms.py holds the tanks' text and state,
kinds/_shading.py what shading genres share.
"""

from __future__ import annotations

from gridlogic.cnf.formula import Formula, Model
from gridlogic.kinds import _rooms as rooms
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.aquarium import encoding, grid
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


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Each tank's settling, the counts, some water (encoding.py: the tanks and counts as clue blocks in a
    formula for explanations, plain clauses in one that solves)."""
    encoding.encode(puzzle, f)


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The water of a model (its cells' variables read at once)."""
    keys = encoding.cell_keys(puzzle.rows, puzzle.cols)
    return tuple(map(int, map(model.true_vars.__contains__, map(model.pool.obj2id.get, keys))))


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
