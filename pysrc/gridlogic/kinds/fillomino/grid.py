"""The fillomino Puzzle (a grid of given numbers: kinds/_shading.py's Grid), its text, editing state, and
its puzz.link and Tatham (Filling) forms.

Text: one line per row, `.` an empty cell, a number (numbers past 9 between spaces). A solution is the
same grid with every cell filled. Also read: a Filling game ID `<W>x<H>:<desc>` (a digit per given
cell, `a`-`z` 1-26 empty cells).

puzz.link (pzprjs `fillomino`): Number16 over the cells (a `?` is refused: fillomino's givens are
numbers). Filling: `WxH:desc`, numbers 1-9 only.
"""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._loops import read_desc, write_desc
from gridlogic.text import read_number

Puzzle = sh.Grid                       # rows, cols, givens row-major (None empty)
Solution = tuple                       # the numbers, row-major
MAX_NUMBER = 99
FILLING_ID = re.compile(r"^([0-9]+)x([0-9]+):([a-z0-9]*)$")


def _read(token: str, line: int, r: int, c: int):
    return sh.read_clue(token, line, r, c, lo=1, hi=MAX_NUMBER, unknown=False)


def parse_text(text: str) -> Puzzle:
    """The rows of numbers, or a Filling game ID (see the module docstring)."""
    word = text.strip()
    if ":" in word and not any(ch.isspace() for ch in word):
        return from_tatham(word)
    return sh.parse_grid(text, _read, "grid of numbers")


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A filled grid of numbers."""
    grid = sh.parse_grid(text, _read, "solution")
    if (grid.rows, grid.cols) != (puzzle.rows, puzzle.cols):
        raise PuzzleSyntaxError(f"the solution is {grid.rows}×{grid.cols}, the puzzle {puzzle.rows}×{puzzle.cols}")
    empty = next((i for i, v in enumerate(grid.clues) if v is None), None)
    if empty is not None:
        r, c = divmod(empty, puzzle.cols)
        raise PuzzleSyntaxError(f"r{r + 1}c{c + 1} of the solution is empty", r=r, c=c)
    return tuple(grid.clues)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's rows, or a solution's."""
    return sh.format_grid(puzzle if solution is None else sh.Grid(puzzle.rows, puzzle.cols, tuple(solution)))


def layout() -> dict:
    """Numbers in cells; in play every empty cell takes a number."""
    base = sh.grid_layout(1, MAX_NUMBER, "empty", "fill the grid with numbers: each block of equal numbers has "
                                                  "as many cells as its number", unknown=False)
    return {**base, "play": {"values": [1, MAX_NUMBER], "on": "empty", "pencil": True}}


def to_state(puzzle: Puzzle) -> dict:
    return sh.grid_to_state(puzzle)


def from_state(state: dict) -> Puzzle:
    return sh.grid_from_state(state, 1, MAX_NUMBER, unknown=False)


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link fillomino data (Number16 over the cells)."""
    grid = sh.number16_grid(cols, rows, body, "fillomino")
    for i, v in enumerate(grid.clues):
        if v is not None and not (isinstance(v, int) and 1 <= v <= MAX_NUMBER):
            r, c = divmod(i, cols)
            raise PuzzleSyntaxError(f"puzz.link: r{r + 1}c{c + 1}: {excerpt(str(v))} is not a number 1-{MAX_NUMBER}",
                                    r=r, c=c)
    return grid


def from_tatham(game_id: str) -> Puzzle:
    """A Filling game ID (see the module docstring)."""
    text = "".join(game_id.split())
    m = FILLING_ID.match(text)
    if not m:
        raise PuzzleSyntaxError(f"not a Filling game ID (WxH, ':', then the grid): {excerpt(game_id)}")
    cols, rows = read_number(m[1], 3) or 0, read_number(m[2], 3) or 0
    if not (1 <= cols <= sh.MAX_SIDE and 1 <= rows <= sh.MAX_SIDE):
        raise PuzzleSyntaxError(f"game ID size {cols}×{rows} is out of range 1..{sh.MAX_SIDE}")
    clues = read_desc(m[3], rows, cols, lambda ch: int(ch) if ch in "123456789" else None, len(text) - len(m[3]) + 1,
                      "a number 1-9")
    return sh.Grid(rows, cols, tuple(clues.get(divmod(i, cols)) for i in range(rows * cols)))


def is_tatham_id(game_id: str) -> bool:
    """True for a bare game ID of Filling's form: WxH and a grid of letters (runs of empty cells) and
    digits 1-9, one a cell, covering exactly W·H cells (Solo's IDs cover (W·H)² cells; Range's read a
    run of digits as one number)."""
    m = FILLING_ID.match("".join(game_id.split()))
    if m is None or not re.search(r"[1-9]", m[3]) or "0" in m[3]:
        return False
    covered = sum(ord(ch) - ord("a") + 1 if ch.isalpha() else 1 for ch in m[3])
    return covered == int(m[1]) * int(m[2]) > 1


def to_tatham(puzzle: Puzzle) -> str:
    """The Filling game ID (givens past 9 have no form there and are left out)."""
    clues = {divmod(i, puzzle.cols): v for i, v in enumerate(puzzle.clues) if v is not None and v <= 9}
    return f"{puzzle.cols}x{puzzle.rows}:{write_desc(puzzle.rows, puzzle.cols, clues, str)}"
