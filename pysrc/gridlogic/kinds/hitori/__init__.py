"""Hitori (Nikoli; puzz.link `hitori`; Tatham's Singles).

Rules, in puzz.link's words: shade some cells so that no number appears more than once in a row or a
column among the unshaded cells. Shaded cells are not orthogonally adjacent. All unshaded cells are
connected. (A cell may hold no number, `.`, or a number not given, `?`: neither repeats.)

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)) is shaded; they alone are shown. For each row or column and each number it holds more
than once, at most one of those cells stays unshaded: the clue `("same", "row"|"column", i, n)`, so
hints name "the 3 repeated in row 2". Shaded cells apart and the unshaded cells' lazy connectivity
(cnf/connected.py) are the grid's rules.

The package: this module (the contract: encode, check, render), links.py (puzz.link and Tatham IDs),
steps.py (hint steps in hitori's words); kinds/_shading.py holds what shading genres share.
"""

from __future__ import annotations

from collections import defaultdict

from gridlogic.cnf import connected, shading
from gridlogic.cnf.formula import Formula, Model, negate
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.hitori.links import (MAX_NUMBER, from_puzzlink, from_tatham, is_tatham_id, to_puzzlink,
                                          to_tatham)
from gridlogic.kinds.hitori.steps import EASY_STEPS, name_step
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "TATHAM_GAME", "fact_of", "name_step", "from_puzzlink", "to_puzzlink", "from_tatham",
           "to_tatham", "is_tatham_id"]

KEY = "hitori"
TITLE = "Hitori"
HOW_TO_PLAY = ("Shade cells so that no number repeats in a row or a column among the unshaded cells, no two "
               "shaded cells touch side by side, and the unshaded cells stay connected.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
TATHAM_GAME = "singles"
VALUE_WORDS = sh.VALUE_WORDS
fact_of = sh.fact_of
Puzzle = sh.Grid
Solution = tuple          # 0/1 per cell, row by row (1 shaded)
LINES = ("row", "column")

EXAMPLES = (
    # pzprjs test/script/hitori.js (robx/pzprjs): puzz.link hitori/4/4/1114142333214213
    Example("pzprjs 4×4", "1114\n1423\n3321\n4213\n", (), 1, "#.#.\n....\n#.#.\n...#\n"),
    Example("two ways", "12\n33\n", (), 2),
    Example("impossible", "312\n122\n232\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """A grid of numbers (see kinds/_shading.py), one line per row."""
    refuse_rules(KEY, rules)
    return sh.parse_grid(text, lambda *a: sh.read_clue(*a, lo=1, hi=MAX_NUMBER), "hitori")


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A shading: `#` shaded, `.` unshaded, one line per row."""
    return sh.parse_shading(puzzle, text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's text, or the solution's shading."""
    return sh.format_grid(puzzle) if solution is None else sh.format_shading(puzzle, solution)


def repeats(puzzle: Puzzle) -> list[tuple[tuple, list[tuple[int, int]]]]:
    """(("same", line, index, n), its cells) for each number held more than once by a row or column."""
    out = []
    for axis, line in enumerate(LINES):
        for i in range(puzzle.rows if axis == 0 else puzzle.cols):
            cells = [(i, k) for k in range(puzzle.cols)] if axis == 0 else [(k, i) for k in range(puzzle.rows)]
            by_number: dict = defaultdict(list)
            for cell in cells:
                if isinstance(puzzle.at(*cell), int):
                    by_number[puzzle.at(*cell)].append(cell)
            out += [(("same", line, i, n), group) for n, group in sorted(by_number.items()) if len(group) > 1]
    return out


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Each repeated number unshaded once at most per line (a clue each), shaded cells apart, the unshaded
    cells connected."""
    rows, cols = puzzle.rows, puzzle.cols
    sh.show_cells(f, puzzle)
    for key, cells in repeats(puzzle):
        _, line, i, n = key
        with f.clue(key, cells, f"the {n} repeated in {line} {i + 1}"):
            f.at_most_one([negate(sh.cell_shade(r, c)) for r, c in cells])
    shading.apart(f, rows, cols, sh.shade)
    connected.connected_cells(f, rows, cols, sh.unshaded)


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The shading of a model."""
    return sh.decode_shading(puzzle, model)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a shading: shaded cells side by side, the unshaded cells in parts, a number
    repeated among a line's unshaded cells (independent of the encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    shaded = lambda r, c: bool(solution[r * cols + c])          # noqa: E731
    out = sh.touching(rows, cols, shaded, "adjacent", "shaded cells side by side")
    out += sh.divided(rows, cols, lambda r, c: not shaded(r, c), "divided", "the unshaded cells are not connected")
    for r in range(rows):
        out += _repeated("row", [(r, c) for c in range(cols)], puzzle, shaded)
    for c in range(cols):
        out += _repeated("column", [(r, c) for r in range(rows)], puzzle, shaded)
    return out


def _repeated(line: str, cells: list, puzzle: Puzzle, shaded) -> list[Violation]:
    seen: dict = defaultdict(list)
    for cell in cells:
        n = puzzle.at(*cell)
        if isinstance(n, int) and not shaded(*cell):
            seen[n].append(cell)
    return [Violation("repeat", tuple(group), f"{n} repeats in a {line}") for n, group in seen.items()
            if len(group) > 1]


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The numbers, and a solution's shaded cells."""
    return sh.render_shading(puzzle, solution)


def layout() -> dict:
    """Numbers typed in cells; in play every cell is shaded or dotted."""
    return sh.grid_layout(1, MAX_NUMBER, "all", "Type the numbers. Paste a puzz.link hitori URL or a Tatham "
                                                "Singles ID to load one.")


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: the numbers in their cells."""
    return sh.grid_to_state(puzzle)


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` would, located."""
    refuse_rules(KEY, rules)
    return sh.grid_from_state(state, 1, MAX_NUMBER)
