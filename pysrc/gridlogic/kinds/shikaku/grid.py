"""The shikaku Puzzle (a grid of numbers: kinds/_shading.py's Grid), its answer's drawing, its editing
state, and its puzz.link and Tatham (Rectangles) forms.

Text: one line per row, `.` an empty cell, a number, `?` a number not given (any area); numbers past 9
between spaces. Also read: a Rectangles game ID `<W>x<H>:<desc>` (the desc in Tatham's run form:
gridlogic.codecs.tatham.read_runs). A solution is a drawing of the lattice (kinds/_loops.py's
`draw_loop` along the borders): `|` and `-` the borders drawn, the grid's frame optional.

puzz.link (pzprjs `shikaku`): Number16 over the cells (`.` a `?`). Rectangles: `WxH[e<factor>][a]:desc`;
a `?` has no form there and is written as an empty cell.
"""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds import _borders as borders
from gridlogic.kinds import _shading as sh
from gridlogic.text import read_number
from gridlogic.kinds._shared import refuse_drawn_givens
from gridlogic.codecs import tatham

Puzzle = sh.Grid                       # rows, cols, clues row-major (None, a number, sh.UNKNOWN)
Solution = frozenset                   # the inner edge points where a border is drawn
MAX_NUMBER = sh.MAX_SIDE * sh.MAX_SIDE
PART = borders.PART
TATHAM_ID = re.compile(r"^([0-9]+)x([0-9]+)(?:e[0-9.]*)?a?:([a-z_0-9]*)$")


def _read(token: str, line: int, r: int, c: int):
    return sh.read_clue(token, line, r, c, lo=1, hi=MAX_NUMBER)


def parse_text(text: str) -> Puzzle:
    """The rows of numbers, or a Rectangles game ID (see the module docstring)."""
    word = text.strip()
    if ":" in word and not any(ch.isspace() for ch in word):
        return from_tatham(word)
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
    base = sh.grid_layout(1, MAX_NUMBER, "empty", "divide the grid into rectangles, one number in each, of that "
                                                  "many cells")
    return borders.play_layout(base)


def to_state(puzzle: Puzzle) -> dict:
    """The numbers ("" empty, "?"), and the borders part empty."""
    return {**sh.grid_to_state(puzzle), "parts": {PART: {}}}


def from_state(state: dict) -> Puzzle:
    """The puzzle of a state (its numbers); borders among the givens are refused, at the first one."""
    refuse_drawn_givens(state, PART, "a shikaku's givens are its numbers", "the borders")
    return sh.grid_from_state(state, 1, MAX_NUMBER)


# -- links -------------------------------------------------------------------------------------------
def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link shikaku data (Number16 over the cells); a number the text would refuse is
    refused at its cell."""
    puzzle = sh.number16_grid(cols, rows, body, "shikaku")
    _numbers(puzzle.clues, cols, "puzz.link")
    return puzzle


def _numbers(values, cols: int, what: str) -> None:
    """Refuse a number outside 1..MAX_NUMBER, at its cell."""
    for i, v in enumerate(values):
        if isinstance(v, int) and not 1 <= v <= MAX_NUMBER:
            r, c = divmod(i, cols)
            raise PuzzleSyntaxError(f"{what}: r{r + 1}c{c + 1}: {v} is not a number 1-{MAX_NUMBER}", r=r, c=c)


def to_puzzlink_body(puzzle: Puzzle) -> str:
    return sh.number16_body(puzzle)


def from_tatham(game_id: str) -> Puzzle:
    """A Rectangles game ID (`7x7:c2b4_3...`)."""
    m = TATHAM_ID.match("".join(game_id.split()))
    if not m:
        raise PuzzleSyntaxError(f"not a Rectangles game ID (WxH, ':', then the grid): {excerpt(game_id)}")
    cols, rows = read_number(m[1], 3) or 0, read_number(m[2], 3) or 0
    if not (1 <= cols <= sh.MAX_SIDE and 1 <= rows <= sh.MAX_SIDE):
        raise PuzzleSyntaxError(f"game ID size {cols}×{rows} is out of range 1..{sh.MAX_SIDE}")
    values = tatham.read_runs(m[3], rows * cols)
    _numbers([v or None for v in values], cols, "game ID")
    return sh.Grid(rows, cols, tuple(v or None for v in values))


def is_tatham_id(game_id: str) -> bool:
    """True for a bare game ID of Rectangles' form: WxH and a grid in the run form covering exactly W·H
    cells whose numbers add up to W·H (each the area of one piece of a tiling of the grid)."""
    m = TATHAM_ID.match("".join(game_id.split()))
    if m is None:
        return False
    cols, rows = int(m[1]), int(m[2])
    try:
        values = tatham.read_runs(m[3], rows * cols)
    except PuzzleSyntaxError:
        return False
    return rows * cols > 1 and sum(values) == rows * cols


def to_tatham(puzzle: Puzzle) -> str:
    """The game ID, as Tatham's generator writes it (a `?` as an empty cell)."""
    values = [v if isinstance(v, int) else 0 for v in puzzle.clues]
    return f"{puzzle.cols}x{puzzle.rows}:{tatham.write_runs(values)}"
