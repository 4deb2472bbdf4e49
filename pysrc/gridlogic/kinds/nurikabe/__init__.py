"""Nurikabe (Nikoli; puzz.link `nurikabe`).

Rules, in puzz.link's words: shade some cells of the grid. Cells with numbers stay unshaded. Each
number is in an island (an orthogonally connected group of unshaded cells) of exactly that many
cells, and every island holds exactly one number. All shaded cells are connected. There is no 2×2
block of shaded cells. A `?` is a number not given: its island may have any size.

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)) is shaded; they alone are shown, so counts count shadings. The islands are the rule
library's regions by clue (cnf/regions.py: `("owner", …)` labels, each number's clauses inside its own
clue `("number", r, c)` so hints name it), the wall its lazy connectivity (cnf/connected.py), the 2×2
rule cnf/shading.py's, held as the clue `("no2x2",)`.

The package: this module (the contract: encode, check, render), steps.py (hint steps in nurikabe's
words); kinds/_shading.py holds the grid's text, states and board shared with other shading genres.
"""

from __future__ import annotations

from gridlogic.cnf import connected, regions, shading
from gridlogic.cnf.formula import Formula, Model
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.nurikabe.steps import EASY_STEPS, name_step
from gridlogic import lattice
from gridlogic.lattice import cell_point
from gridlogic.codecs import puzzlink
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "fact_of", "name_step", "from_puzzlink", "to_puzzlink", "PUZZLINK_CELLS"]

KEY = "nurikabe"
PUZZLINK_CELLS = "number16"    # its puzz.link data: Number16 over the cells (the page draws a link itself)
TITLE = "Nurikabe"
HOW_TO_PLAY = ("Shade cells so that each number sits in an island of unshaded cells of that size, one number "
               "per island, the shaded cells are all connected and no 2×2 block is shaded.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = sh.VALUE_WORDS
fact_of = sh.fact_of
Puzzle = sh.Grid
Solution = tuple          # 0/1 per cell, row by row (1 shaded)

EXAMPLES = (
    # pzprjs test/script/nurikabe.js (robx/pzprjs): puzz.link nurikabe/5/5/g5k2o1k3g
    Example("pzprjs 5×5", ".5...\n..2..\n.....\n..1..\n...3.\n", (), 1,
            "..###\n.#..#\n.####\n.#.#.\n###..\n"),
    Example("two ways", "2..\n...\n..2\n", (), 2),
    Example("impossible", "1.\n.1\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """A grid of numbers (see kinds/_shading.py): `.` empty, a number, `?`; one line per row."""
    refuse_rules(KEY, rules)
    return _sized(sh.parse_grid(text, sh.read_clue, "nurikabe"))


def _sized(grid: Puzzle) -> Puzzle:
    """Refuse a 0 and a number larger than the grid, naming its cell."""
    for (r, c), n in grid.numbered().items():
        if n != sh.UNKNOWN and not 1 <= n <= grid.rows * grid.cols:
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: the number {n} does not fit a {grid.rows}×{grid.cols} grid "
                                    f"(1 to {grid.rows * grid.cols})", r=r, c=c)
    return grid


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A shading: `#` shaded, `.` unshaded, one line per row."""
    return sh.parse_shading(puzzle, text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's text, or the solution's shading."""
    return sh.format_grid(puzzle) if solution is None else sh.format_shading(puzzle, solution)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Islands by number (regions of unshaded cells), one connected wall, no 2×2 shaded block."""
    rows, cols = puzzle.rows, puzzle.cols
    sh.show_cells(f, puzzle)
    numbers = {cell_point(r, c): (None if n == sh.UNKNOWN else n) for (r, c), n in puzzle.numbered().items()}

    def number(q):
        r, c = (q[0] - 1) // 2, (q[1] - 1) // 2
        return f.clue(("number", r, c), [(r, c)], f"the {puzzle.at(r, c)} at r{r + 1}c{c + 1}")

    regions.region_cells(f, rows, cols, sh.unshaded, numbers, number, lazy_unsized=True)
    if not numbers:                                  # no island: every cell is shaded (then one wall)
        for p in lattice.cells(rows, cols):
            f.clause([sh.shade(p)])
    connected.connected_cells(f, rows, cols, sh.shade)
    with f.clue(("no2x2",), (), "no 2×2 shaded block"):
        shading.no_2x2(f, rows, cols, sh.shade)


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The shading of a model."""
    return sh.decode_shading(puzzle, model)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a shading, in pzprjs's order: a shaded number, a shaded 2×2 block, a wall in
    parts, an island without a number, with two, of the wrong size (independent of the encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    shaded = lambda r, c: bool(solution[r * cols + c])          # noqa: E731
    out = [Violation("number_shaded", ((r, c),), "a number's cell is shaded")
           for (r, c) in puzzle.numbered() if shaded(r, c)]
    for r in range(rows - 1):
        for c in range(cols - 1):
            block = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
            if all(shaded(*cell) for cell in block):
                out.append(Violation("2x2", block, "a 2×2 block is shaded"))
    out += sh.divided(rows, cols, shaded, "wall", "the shaded cells are not connected")
    for island in sh.regions(rows, cols, lambda r, c: not shaded(r, c)):
        held = [cell for cell in island if puzzle.at(*cell) is not None]
        if not held:
            out.append(Violation("no_number", tuple(island), "an island without a number"))
        elif len(held) > 1:
            out.append(Violation("two_numbers", tuple(held), "an island with several numbers"))
        elif puzzle.at(*held[0]) != sh.UNKNOWN and puzzle.at(*held[0]) != len(island):
            out.append(Violation("size", tuple(island), f"the island of the {puzzle.at(*held[0])} has "
                                                        f"{len(island)} cells"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The numbers, and a solution's shaded cells."""
    return sh.render_shading(puzzle, solution)


def layout() -> dict:
    """Numbers typed in cells (? for a number not given); in play the other cells are shaded or dotted."""
    return sh.grid_layout(1, sh.MAX_NUMBER, "empty", "Type the numbers (? for one not given). Paste a puzz.link "
                                                     "nurikabe URL to load one.")


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: the numbers in their cells."""
    return sh.grid_to_state(puzzle)


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` would, located."""
    refuse_rules(KEY, rules)
    return _sized(sh.grid_from_state(state, 0, sh.MAX_NUMBER))


# -- puzz.link (pzprjs `nurikabe`: Number16 over the cells) -------------------------------------------
def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link nurikabe data."""
    return _sized(sh.number16_grid(cols, rows, body, "nurikabe"))


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    return puzzlink.url("nurikabe", puzzle.cols, puzzle.rows, sh.number16_body(puzzle))
