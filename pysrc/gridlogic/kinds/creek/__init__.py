"""Creek (puzz.link `creek`).

Rules, in puzz.link's words: shade some cells. A number on a corner of the grid tells how many of the
(up to four) cells around that corner are shaded. All unshaded cells form one orthogonally connected
area.

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)) is shaded; they alone are shown. Each number is a clue `("corner", i, j)` (exactly n
shaded cells around corner (i, j), lattice point (2i, 2j): cnf/shading.py `corner_count`), so hints
name "the 3 at the top-left corner of r2c3"; the unshaded cells' lazy connectivity (cnf/connected.py)
is the grid's rule.

The package: this module (the contract: encode, check, render), grid.py (the puzzle, its text, state
and puzz.link data), steps.py (hint steps in creek's words); kinds/_shading.py holds what shading
genres share (the shading's text, facts and components).
"""

from __future__ import annotations

from gridlogic.cnf import connected, shading
from gridlogic.cnf.formula import Formula, Model
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.creek import grid
from gridlogic.kinds.creek.grid import Creek, cells_around, corner_name, from_puzzlink, to_puzzlink
from gridlogic.kinds.creek.steps import EASY_STEPS, name_step
from gridlogic.lattice import cell_point
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "fact_of", "name_step", "from_puzzlink", "to_puzzlink"]

KEY = "creek"
TITLE = "Creek"
HOW_TO_PLAY = ("Shade cells so that each number on a corner counts the shaded cells around that corner, and "
               "the unshaded cells stay connected.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = sh.VALUE_WORDS
fact_of = sh.fact_of
Puzzle = Creek
Solution = tuple          # 0/1 per cell, row by row (1 shaded)

EXAMPLES = (
    Example("4×4", "....0\n.....\n.33..\n1...1\n.....\n", (), 1, "....\n.##.\n##..\n...#\n"),
    Example("two ways", "0..\n.2.\n...\n", (), 2),
    Example("impossible", "0..\n.4.\n...\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The corners' numbers, R+1 lines of C+1 (grid.py)."""
    refuse_rules(KEY, rules)
    return grid.parse_text(text)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A shading: `#` shaded, `.` unshaded, one line per row of cells."""
    return sh.parse_shading(puzzle, text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's text, or the solution's shading."""
    return grid.format_text(puzzle) if solution is None else sh.format_shading(puzzle, solution)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Each number's count around its corner (a clue each), the unshaded cells connected."""
    rows, cols = puzzle.rows, puzzle.cols
    sh.show_cells(f, puzzle)
    for (i, j), n in puzzle.numbered().items():
        if not isinstance(n, int):
            continue
        with f.clue(("corner", i, j), cells_around(rows, cols, i, j), f"the {n} at {corner_name(rows, cols, i, j)}"):
            shading.corner_count(f, rows, cols, (2 * i, 2 * j), sh.shade, n)
    connected.connected_cells(f, rows, cols, sh.unshaded)


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The shading of a model."""
    return sh.decode_shading(puzzle, model)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a shading: a number with more or fewer shaded cells around its corner, the
    unshaded cells in parts (independent of the encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    shaded = lambda r, c: bool(solution[r * cols + c])          # noqa: E731
    out = []
    for (i, j), n in puzzle.numbered().items():
        if not isinstance(n, int):
            continue
        cells = [(r, c) for r in (i - 1, i) for c in (j - 1, j) if 0 <= r < rows and 0 <= c < cols]
        count = sum(shaded(r, c) for r, c in cells)
        if count != n:
            more = "more" if count > n else "fewer"
            around = ", ".join(f"r{r + 1}c{c + 1}" for r, c in cells)
            out.append(Violation("corner", tuple(cells), f"{count} shaded cell{'s' * (count != 1)} around the {n} on the corner of "
                                                         f"{around}: {more} than it says"))
    out += sh.divided(rows, cols, lambda r, c: not shaded(r, c), "divided", "the unshaded cells are not connected")
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The empty cells with the corners' numbers (`corners`: [[y, x, text], ...]), and a solution's
    shaded cells."""
    cells, shaded, dots = [], [], []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            on = bool(solution and solution[r * puzzle.cols + c])
            cells.append({"r": r, "c": c, "text": "", "role": "black" if on else "empty"})
            if solution is not None:
                (shaded if on else dots).append(cell_point(r, c))
    numbers = [[2 * i, 2 * j, str(v)] for (i, j), v in puzzle.numbered().items()]
    marks = {"shade": shaded, "dot": dots} if solution is not None else {}
    return Board(puzzle.rows, puzzle.cols, tuple(cells), {"corners": numbers}, marks)


def layout() -> dict:
    """Numbers typed on the grid's corners; in play every cell is shaded or dotted."""
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 7, 10, 15, 20)],
            "default_size": {"rows": 7, "cols": 7}, "free_size": True,
            "min_size": {"rows": 1, "cols": 1}, "max_size": {"rows": grid.MAX_SIDE, "cols": grid.MAX_SIDE},
            "size_note": "Tap near a corner and type its number (0-4, ? not given). Paste a puzz.link creek "
                         "URL to load one.",
            "cell": {"editable": False, "empty": {"label": "empty"}},
            "parts": [{"key": grid.PART, "type": "vertex", "label": "Numbers",
                       "choices": [{"name": grid.CLUE, "label": "Number", "value": "number", "look": "number"}],
                       "help": "tap near a corner, then type 0-4 (? a number not given, Backspace clears)"}],
            "play": {**sh.PLAY, "on": "all"}}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: the numbers on their corners."""
    return grid.to_state(puzzle)


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` would, located."""
    refuse_rules(KEY, rules)
    return grid.from_state(state)
