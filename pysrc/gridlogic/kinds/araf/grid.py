"""The araf Puzzle (a grid of numbers: kinds/_shading.py's Grid), its answer's drawing, its editing
state and its puzz.link form.

Text: one line per row, `.` an empty cell, a number 0-999, `?` a number not given; numbers past 9
between spaces. A solution is a drawing of the lattice (kinds/_borders.py): `|` and `-` the borders
drawn, the grid's frame optional.

puzz.link (pzprjs `araf`): Number16 over the cells (`.` a `?`).
"""

from __future__ import annotations

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import _borders as borders
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_drawn_givens

Puzzle = sh.Grid                       # rows, cols, clues row-major (None, a number, sh.UNKNOWN)
Solution = frozenset                   # the inner edge points where a border is drawn
MAX_NUMBER = 999                       # pzprjs's largest
PART = borders.PART


def _read(token: str, line: int, r: int, c: int):
    return sh.read_clue(token, line, r, c, lo=0, hi=MAX_NUMBER)


def parse_text(text: str) -> Puzzle:
    """The rows of numbers (see the module docstring)."""
    return sh.parse_grid(text, _read, "grid of numbers")


def format_text(puzzle: Puzzle) -> str:
    return sh.format_grid(puzzle)


def draw(puzzle: Puzzle, solution: Solution) -> str:
    """The drawing of an answer, the frame included; a cell shows its number (one character) or `.`."""
    return borders.draw(puzzle, solution)


def read_drawing(puzzle: Puzzle, text: str) -> Solution:
    """The inner borders of a drawing (see `draw`)."""
    return borders.read_drawing(puzzle, text)


# -- the editing state -----------------------------------------------------------------------------
def layout() -> dict:
    """Numbers (or ?) in cells; in play the player draws borders between cells, with × for "no border"."""
    base = sh.grid_layout(0, MAX_NUMBER, "empty", "divide the grid into regions, two numbers in each, of a "
                                                  "size between them")
    return borders.play_layout(base)


def to_state(puzzle: Puzzle) -> dict:
    """The numbers ("" empty, "?"), and the borders part empty."""
    return {**sh.grid_to_state(puzzle), "parts": {PART: {}}}


def from_state(state: dict) -> Puzzle:
    """The puzzle of a state (its numbers); borders among the givens are refused, at the first one."""
    refuse_drawn_givens(state, PART, "an araf's givens are its numbers", "the borders")
    return sh.grid_from_state(state, 0, MAX_NUMBER)


# -- links -------------------------------------------------------------------------------------------
def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link araf data (Number16 over the cells); a number past 999 is refused at its
    cell."""
    puzzle = sh.number16_grid(cols, rows, body, "araf")
    for i, v in enumerate(puzzle.clues):
        if isinstance(v, int) and not 0 <= v <= MAX_NUMBER:
            r, c = divmod(i, cols)
            raise PuzzleSyntaxError(f"puzz.link: r{r + 1}c{c + 1}: {v} is not a number 0-{MAX_NUMBER}", r=r, c=c)
    return puzzle


def to_puzzlink_body(puzzle: Puzzle) -> str:
    return sh.number16_body(puzzle)
