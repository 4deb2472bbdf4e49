"""Heyawake (Nikoli; puzz.link `heyawake`).

Rules, in puzz.link's words: the grid is divided into rooms. Shade some cells so that a room with a
number holds exactly that many shaded cells. Shaded cells are not orthogonally adjacent. All unshaded
cells are connected. No horizontal or vertical line of consecutive unshaded cells passes through more
than two rooms (crosses two room borders).

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)) is shaded; they alone are shown. Each room's number is a clue `("room", k)`; every
stretch of a row or column from the cell before one room border to the cell after the next holds a
shaded cell (the clue `("three rooms",)`); shaded cells apart and the unshaded cells' lazy
connectivity (cnf/connected.py) are the grid's rules. Written out besides, as the two imply it: every
cell has an unshaded neighbour (a shaded cell's neighbours are unshaded; an unshaded cell walled in by
shaded ones would be cut off from the unshaded cells beyond them), which spares the lazy cuts the
smallest walls. A room's count is a modulo totalizer (`Formula.exactly`'s "modulo": rooms are large,
and so are their numbers).

The package: this module (the contract: encode, check, render), steps.py (hint steps);
kinds/_rooms.py holds the rooms (text, state, puzz.link) and kinds/_shading.py what shading genres share.
"""

from __future__ import annotations

from gridlogic.cnf import connected, shading
from gridlogic.cnf.formula import Formula, Model
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds import _rooms as grid
from gridlogic.kinds._rooms import ROOM_CHOICE, Puzzle
from gridlogic.lattice import cell_point
from gridlogic.codecs import puzzlink
from gridlogic.kinds.heyawake.steps import EASY_STEPS, name_step
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "fact_of", "name_step", "PUZZLINK_ALIASES", "from_puzzlink", "to_puzzlink"]

KEY = "heyawake"
TITLE = "Heyawake"
HOW_TO_PLAY = ("Shade cells so that each room with a number holds that many shaded cells, no two shaded cells "
               "touch side by side, the unshaded cells stay connected, and no straight line of unshaded cells "
               "crosses two room borders.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
PUZZLINK_ALIASES = ("heyawacky",)
VALUE_WORDS = sh.VALUE_WORDS
fact_of = sh.fact_of
Solution = tuple          # 0/1 per cell, row by row (1 shaded)

EXAMPLES = (
    # pzprjs test/script/heyawake.js (robx/pzprjs): puzz.link heyawake/6/6/lll155007rs12222j
    Example("pzprjs 6×6", "ABBCCD\nABBCCD\nABBCCD\nEEEEED\nFFFGGD\nFFFGGH\n\n22.2.2\n......\n......\n......\n"
            "......\n......\n", (), 1, "#.#..#\n...#..\n#.#.#.\n......\n.#.#.#\n..#...\n"),
    Example("two ways", "AB\nAB\n\n1.\n..\n", (), 2),
    Example("impossible", "AAB\nAAB\n\n3..\n...\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The rooms, a blank line, the numbers (see grid.py)."""
    refuse_rules(KEY, rules)
    return grid.parse_text(text)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A shading: `#` shaded, `.` unshaded, one line per row."""
    return sh.parse_shading(_cells(puzzle), text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's text, or the solution's shading."""
    return grid.format_text(puzzle) if solution is None else sh.format_shading(_cells(puzzle), solution)


def _cells(puzzle: Puzzle) -> sh.Grid:
    """The grid of cells (no clues in cells): what the shared shading helpers read."""
    return sh.Grid(puzzle.rows, puzzle.cols, (None,) * (puzzle.rows * puzzle.cols))


def stretches(puzzle: Puzzle) -> list[list[tuple[int, int]]]:
    """Every run of a row or column from the cell before a room border to the cell after the next one."""
    out = []
    lines = ([[(r, c) for c in range(puzzle.cols)] for r in range(puzzle.rows)]
             + [[(r, c) for r in range(puzzle.rows)] for c in range(puzzle.cols)])
    for cells in lines:
        rooms = [puzzle.room[r * puzzle.cols + c] for r, c in cells]
        borders = [i for i in range(1, len(cells)) if rooms[i] != rooms[i - 1]]
        out += [cells[a - 1:b + 1] for a, b in zip(borders, borders[1:])]
    return out


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Room counts (a clue each), the three-rooms rule (one clue), shaded cells apart, unshaded connected."""
    rows, cols = puzzle.rows, puzzle.cols
    sh.show_cells(f, _cells(puzzle))
    for k, cells in enumerate(puzzle.rooms()):
        n = puzzle.numbers[k]
        if n is not None:
            r, c = cells[0]
            with f.clue(("room", k), cells, f"the {n} of the room at r{r + 1}c{c + 1}"):
                f.exactly([sh.cell_shade(*cell) for cell in cells], n, counter="modulo")
    with f.clue(("three rooms",), (), "no unshaded line through three rooms"):
        for cells in stretches(puzzle):
            f.clause([sh.cell_shade(*cell) for cell in cells])
    shading.apart(f, rows, cols, sh.shade)
    connected.connected_cells(f, rows, cols, sh.unshaded)
    for cell, near in neighbours(rows, cols).items():
        if 1 + len(near) < rows * cols:       # (else no cell lies beyond the wall)
            f.clause([sh.unshaded(cell_point(*p)) for p in near])


def neighbours(rows: int, cols: int) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """Each cell's orthogonal neighbours, in the grid."""
    return {(r, c): [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                     if 0 <= r + dr < rows and 0 <= c + dc < cols]
            for r in range(rows) for c in range(cols)}


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The shading of a model."""
    return sh.decode_shading(_cells(puzzle), model)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a shading: shaded cells side by side, unshaded cells in parts, a room's count,
    an unshaded line through three rooms (independent of the encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    shaded = lambda r, c: bool(solution[r * cols + c])          # noqa: E731
    out = sh.touching(rows, cols, shaded, "adjacent", "shaded cells side by side")
    out += sh.divided(rows, cols, lambda r, c: not shaded(r, c), "divided", "the unshaded cells are not connected")
    for k, cells in enumerate(puzzle.rooms()):
        got = sum(shaded(*cell) for cell in cells)
        if puzzle.numbers[k] is not None and got != puzzle.numbers[k]:
            out.append(Violation("count", tuple(cells), f"a room of {puzzle.numbers[k]} holds {got} shaded cells"))
    room = lambda cell: puzzle.room[cell[0] * cols + cell[1]]      # noqa: E731
    lines = ([[(r, c) for c in range(cols)] for r in range(rows)]
             + [[(r, c) for r in range(rows)] for c in range(cols)])
    for cells in lines:
        runs, run = [], []
        for cell in cells + [None]:
            if cell is None or shaded(*cell):
                runs.append(run)
                run = []
            else:
                run.append(cell)
        for run in runs:
            if sum(room(a) != room(b) for a, b in zip(run, run[1:])) >= 2:
                out.append(Violation("three_rooms", tuple(run), "an unshaded line through three rooms"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The rooms (as the state's items) and numbers, and a solution's shaded cells."""
    firsts = {cells[0]: puzzle.numbers[k] for k, cells in enumerate(puzzle.rooms())}
    clues = tuple(firsts.get(divmod(i, puzzle.cols)) for i in range(puzzle.rows * puzzle.cols))
    return sh.render_shading(sh.Grid(puzzle.rows, puzzle.cols, clues), solution,
                             {"rooms": [[list(x) for x in cells] for cells in puzzle.rooms()]})


def layout() -> dict:
    """Rooms drawn as groups (their number as the group's value); in play every cell is shaded or dotted."""
    base = sh.grid_layout(0, 0, "all", "Draw each room (drag across its cells) and give it its number. Paste a "
                                       "puzz.link heyawake URL to load one.", unknown=False)
    return {**base, "cell": {"editable": False},
            "parts": [{"key": "rooms", "type": "group", "label": "Rooms", "choices": [ROOM_CHOICE],
                       "help": "Every cell belongs to one room; a number says how many of its cells are shaded."}]}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: one room item per room."""
    return grid.to_state(puzzle)


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, located where a cell is in no room or in two."""
    refuse_rules(KEY, rules)
    return grid.from_state(state)


# -- puzz.link (pzprjs `heyawake`: Border, then RoomNumber16) ------------------------------------------
def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link heyawake data."""
    return grid.from_border(cols, rows, body, "heyawake")


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    return puzzlink.url("heyawake", puzzle.cols, puzzle.rows, grid.to_border(puzzle))
