"""Koburin (puzz.link `koburin`).

Rules: shade some cells and draw a single loop through the centres of cells, moving up, down, left and
right, never crossing or branching. A numbered cell is neither shaded nor on the loop; its number counts
the shaded cells orthogonally next to it. Shaded cells do not touch side by side. The loop passes
through every cell that is neither numbered nor shaded.

Variables: `("line", y, x)` holds when the loop steps between the two cells beside edge point (y, x)
of the lattice (gridlogic/lattice.py: cell (r, c) at (2r+1, 2c+1)), `("shade", y, x)` when the cell at
(y, x) is shaded; both are shown, and the answer is the set of points that hold. The shading and the
loop are kinds/_shadeloop.py's (the rule library's loop through the cells without a number, lazy cuts,
and `shading.apart`); each number is a clue ("number", r, c) over its neighbours.

Facts and the page's marks are on the lattice: a step (y, x, 1) used or (y, x, 0) not, a cell (y, x, 1)
shaded or (y, x, 0) not (a dot).
"""

from __future__ import annotations

from gridlogic.cnf.formula import Formula, Model
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import _shading as sh
from gridlogic.kinds import _shadeloop
from gridlogic.kinds._shadeloop import PART, VALUE_WORDS, fact_of, say_fact
from gridlogic.kinds._shared import refuse_rules
from gridlogic.codecs import puzzlink
from gridlogic.model import Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "HOW_TO_PLAY", "VALUE_WORDS",
           "fact_of", "name_step", "say_fact", "from_puzzlink", "to_puzzlink"]

KEY = "koburin"
TITLE = "Koburin"
HOW_TO_PLAY = ("Shade cells and draw one loop through the centres of all the other cells, never crossing or "
               "branching. Numbered cells are neither; a number counts the shaded cells next to it, and shaded "
               "cells never touch side by side. Tap a cell to shade it (again for a dot); drag from centre to "
               "centre to draw.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()

Puzzle = sh.Grid
Solution = frozenset           # the edge points of the loop's steps and the cell points of the shaded cells

EXAMPLES = (
    # pzprjs's own test (test/script/koburin.js), its answer there
    Example("5×5", "2....\n....2\n..1..\n.?...\n.....\n", (), 1),
    Example("4×4", "....\n.2..\n....\n....\n", (), 1),
    Example("impossible", "4..\n...\n...\n", (), 0),
)


def _read(token: str, line: int, r: int, c: int):
    return sh.read_clue(token, line, r, c, lo=0, hi=4)


def _make(grid: sh.Grid) -> Puzzle:
    if grid.rows * grid.cols < 2:
        raise PuzzleSyntaxError(f"koburin: sizes are 1×2 to {sh.MAX_SIDE}×{sh.MAX_SIDE} "
                                f"(got {grid.cols}×{grid.rows})")
    return grid


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Rows of cells: `.` empty, a number 0-4, `?` a number not given."""
    refuse_rules(KEY, rules)
    return _make(sh.parse_grid(text, _read, "koburin"))


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's rows, or the drawing of a solution (kinds/_shadeloop.py): `#` a shaded cell."""
    if solution is None:
        return sh.format_grid(puzzle)
    return _shadeloop.draw(puzzle.rows, puzzle.cols, solution,
                           lambda r, c: None if puzzle.at(r, c) is None else str(puzzle.at(r, c)))


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A drawing of the loop with `#` at the shaded cells (see `format`)."""
    return _shadeloop.read(puzzle.rows, puzzle.cols, text)


def _around(puzzle: Puzzle, r: int, c: int) -> list[tuple[int, int]]:
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < puzzle.rows and 0 <= c + dc < puzzle.cols]


def encode(puzzle: Puzzle, f: Formula) -> None:
    """The shading and the loop (kinds/_shadeloop.py); each number a clue over its neighbours."""
    numbered = puzzle.numbered()
    f.show(_shadeloop.encode(f, puzzle.rows, puzzle.cols, numbered))
    for (r, c), n in numbered.items():
        if n == sh.UNKNOWN:
            continue
        with f.clue(("number", r, c), [(r, c)], f"the {n} at r{r + 1}c{c + 1}"):
            f.exactly([sh.cell_shade(*q) for q in _around(puzzle, r, c)], n)


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The steps the model's loop uses and the cells it shades."""
    return _shadeloop.decode(puzzle.rows, puzzle.cols, puzzle.numbered(), model)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule: a shaded or visited numbered cell, shaded cells side by side, a line through a
    shaded cell, a cell left empty, a number's count, a line that ends or branches, several loops."""
    numbered = puzzle.numbered()
    out = _shadeloop.faults(puzzle.rows, puzzle.cols, numbered, frozenset(solution))
    if out and out[0].code == "not_a_point":
        return out
    shaded = _shadeloop.shaded_cells(solution)
    for (r, c), n in numbered.items():
        got = sum((r + dr, c + dc) in shaded for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
        if n != sh.UNKNOWN and got != n:
            out.append(Violation("number", ((r, c),), f"the {n} at r{r + 1}c{c + 1} has {got} shaded cells next to it"))
    return out


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """Why, in koburin's words: a number's shaded neighbours, numbers together, or the shading and the loop."""
    numbers = [key for key in clue_keys if key[0] == "number"]
    if not numbers:
        return "shaded cells apart, the loop through every other cell"
    return "a number's shaded neighbours" if len(numbers) == 1 else "numbers together"


def render(puzzle: Puzzle, solution: Solution | None = None):
    """The numbered cells; the loop and the shaded cells as marks on the lattice."""
    return _shadeloop.render(puzzle.rows, puzzle.cols, {p: str(v) for p, v in puzzle.numbered().items()}, solution,
                             lambda text: text == sh.UNKNOWN)


def layout() -> dict:
    """Numbers 0-4 (and ?) in cells; the player shades cells and draws the loop between centres."""
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 7, 10)],
            "default_size": {"rows": 7, "cols": 7}, "min_size": {"rows": 1, "cols": 2},
            "max_size": {"rows": sh.MAX_SIDE, "cols": sh.MAX_SIDE}, "free_size": True,
            "cell": {"numbers": [0, 4],
                     "states": [{"key": "unknown", "token": sh.UNKNOWN, "label": "? (a number not given)",
                                 "keys": "?", "look": "given",
                                 "glyph": "?"}],
                     "empty": {"label": "empty"}},
            "parts": [_shadeloop.play_part()],
            "play": {"lattice": PART}}


def to_state(puzzle: Puzzle) -> dict:
    """The numbers, row by row ("" empty)."""
    return {**sh.grid_to_state(puzzle), "parts": {PART: {}}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of a state (its numbers); marks among the givens are refused, at the first one."""
    refuse_rules(KEY, rules)
    _shadeloop.refuse_marks(state, "a koburin's givens are its numbers")
    return _make(sh.grid_from_state(state, 0, 4))


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link's `koburin` data: 4Cell over the cells."""
    if not (1 <= cols <= sh.MAX_SIDE and 1 <= rows <= sh.MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: koburin: at most {sh.MAX_SIDE}×{sh.MAX_SIDE} cells (got {cols}×{rows})")
    values, _ = puzzlink.decode_4cell(body, rows * cols)
    values = (values + [None] * (rows * cols))[:rows * cols]
    return _make(sh.Grid(rows, cols, tuple(sh.UNKNOWN if v == puzzlink.UNKNOWN else v for v in values)))


def to_puzzlink(puzzle: Puzzle) -> str:
    values = [puzzlink.UNKNOWN if v == sh.UNKNOWN else v for v in puzzle.clues]
    return puzzlink.url("koburin", puzzle.cols, puzzle.rows, puzzlink.encode_4cell(values))
