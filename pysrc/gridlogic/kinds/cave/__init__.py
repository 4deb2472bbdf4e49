"""Cave (Nikoli's Bag, also Corral; puzz.link `cave`).

Rules, in puzz.link's words: shade some cells so that the unshaded cells form one orthogonally
connected area (the cave) and every shaded cell is connected to the edge of the grid through shaded
cells (no shaded group is enclosed). Numbered cells are unshaded; a number tells how many unshaded
cells it sees in the four directions, up to the first shaded cell or the grid's edge, itself included.
A `?` is a number not given. At least one cell is shaded.

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)) is shaded; they alone are shown. The cave is the rule library's lazy connectivity of the
unshaded cells (cnf/connected.py), the shaded cells' way out its `reach_edge`; each number's count is
cnf/visibility.py's `seen_count`, held as the clue `("number", r, c)` so hints name it. No 2×2
checkerboard (cnf/shading.py) is written out too: the two rules imply it (the shaded diagonal's ways to
the edge would cut the unshaded one's path), and it spares lazy cuts.

The package: this module (the contract: encode, check, render), steps.py (hint steps in cave's words);
kinds/_shading.py holds the grid's text, states and board shared with other shading genres.
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf import connected, shading
from gridlogic.cnf.formula import Formula, Model
from gridlogic.cnf.visibility import seen_count
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.cave.steps import EASY_STEPS, name_step
from gridlogic.lattice import cell_point
from gridlogic.codecs import puzzlink
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "fact_of", "name_step", "from_puzzlink", "to_puzzlink", "PUZZLINK_ALIASES",
           "PUZZLINK_CELLS"]

KEY = "cave"
PUZZLINK_CELLS = "number16"    # its puzz.link data: Number16 over the cells (the page draws a link itself)
TITLE = "Cave"
HOW_TO_PLAY = ("Shade cells so that the unshaded cells form one connected cave and every shaded cell reaches the "
               "grid's edge through shaded cells. A number is never shaded: it counts the unshaded cells it sees "
               "in its row and column, itself included.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
PUZZLINK_ALIASES = ("bag",)     # pzprjs's other name for it
VALUE_WORDS = sh.VALUE_WORDS
fact_of = sh.open_fact_of      # none at a number's cell (never shaded, no cell the player marks)
Puzzle = sh.Grid
Solution = tuple          # 0/1 per cell, row by row (1 shaded)

EXAMPLES = (
    # pzprjs test/script/cave.js (robx/pzprjs): puzz.link cave/6/6/g3q2h3jbj3i3i2g, the answer it accepts
    Example("pzprjs 6×6", ". 3 . . . .\n. . . . . .\n. 2 . . 3 .\n. . . 11 . .\n. . 3 . . .\n3 . . . 2 .\n", (),
            1, "#...##\n###.##\n#.#..#\n......\n.#..##\n.##..#\n"),
    Example("two ways", "2.2\n...\n...\n", (), 2),
    Example("impossible", "11.\n...\n...\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """A grid of numbers (see kinds/_shading.py): `.` empty, a number, `?`; one line per row."""
    refuse_rules(KEY, rules)
    return _sized(sh.parse_grid(text, sh.read_clue, "cave"))


def _sized(grid: Puzzle) -> Puzzle:
    """Refuse a 0 and a number larger than the cells its row and column hold, naming its cell."""
    most = grid.rows + grid.cols - 1
    for (r, c), n in grid.numbered().items():
        if n != sh.UNKNOWN and not 1 <= n <= most:
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: the number {n} is more than the {most} cells it could see"
                                    if n else f"r{r + 1}c{c + 1}: a 0 counts no cell (numbers from 1 to {most})",
                                    r=r, c=c)
    return grid


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A shading: `#` shaded, `.` unshaded, one line per row."""
    return sh.parse_shading(puzzle, text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's text, or the solution's shading."""
    return sh.format_grid(puzzle) if solution is None else sh.format_shading(puzzle, solution)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Numbers unshaded, each counting what it sees (a clue each); the unshaded cells connected, the shaded
    cells reaching the edge, at least one shaded cell."""
    rows, cols = puzzle.rows, puzzle.cols
    sh.show_cells(f, puzzle)
    for (r, c), n in puzzle.numbered().items():
        p = cell_point(r, c)
        f.clause([sh.unshaded(p)])
        if n != sh.UNKNOWN:
            line = [(r, x) for x in range(cols)] + [(y, c) for y in range(rows) if y != r]
            with f.clue(("number", r, c), line, f"the {n} at r{r + 1}c{c + 1}"):
                seen_count(f, rows, cols, p, n, sh.unshaded)
    f.clause([sh.shade(p) for p in lattice.cells(rows, cols)])
    connected.connected_cells(f, rows, cols, sh.unshaded)
    connected.reach_edge(f, rows, cols, sh.shade)
    shading.no_checkerboard(f, rows, cols, sh.shade)    # implied: the cave and the shaded cells' ways out


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The shading of a model."""
    return sh.decode_shading(puzzle, model)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a shading, in pzprjs's order: no shaded cell, a shaded number, the cave in
    parts, a shaded group enclosed, a number that sees another count (independent of the encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    shaded = lambda r, c: bool(solution[r * cols + c])          # noqa: E731
    out = [] if any(solution) else [Violation("none_shaded", (), "no cell is shaded")]
    out += [Violation("number_shaded", ((r, c),), "a number's cell is shaded")
            for (r, c) in puzzle.numbered() if shaded(r, c)]
    out += sh.divided(rows, cols, lambda r, c: not shaded(r, c), "divided", "the unshaded cells are not connected")
    for group in sh.regions(rows, cols, shaded):
        if not any(r in (0, rows - 1) or c in (0, cols - 1) for r, c in group):
            out.append(Violation("enclosed", tuple(group), "shaded cells do not reach the edge"))
    for (r, c), n in puzzle.numbered().items():
        if n == sh.UNKNOWN or shaded(r, c):
            continue
        seen = [(r, c)]
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            y, x = r + dr, c + dc
            while 0 <= y < rows and 0 <= x < cols and not shaded(y, x):
                seen.append((y, x))
                y, x = y + dr, x + dc
        if len(seen) != n:
            out.append(Violation("count", tuple(seen), f"the {n} at r{r + 1}c{c + 1} sees {len(seen)} cells"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The numbers, and a solution's shaded cells."""
    return sh.render_shading(puzzle, solution)


def layout() -> dict:
    """Numbers typed in cells (? for a number not given); in play the other cells are shaded or dotted."""
    return sh.grid_layout(1, 2 * sh.MAX_SIDE - 1, "empty", "Type the numbers (? for one not given). Paste a "
                                                           "puzz.link cave URL to load one.")


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: the numbers in their cells."""
    return sh.grid_to_state(puzzle)


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` would, located."""
    refuse_rules(KEY, rules)
    return _sized(sh.grid_from_state(state, 0, 2 * sh.MAX_SIDE - 1))


# -- puzz.link (pzprjs `cave`, alias `bag`: Number16 over the cells, `.` a ?) ---------------------------
def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link cave data."""
    return _sized(sh.number16_grid(cols, rows, body, "cave"))


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    return puzzlink.url("cave", puzzle.cols, puzzle.rows, sh.number16_body(puzzle))
