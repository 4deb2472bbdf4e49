"""Creek's puzzle: numbers on the corners of an R×C grid, as text, as the page's editing state and as
puzz.link data.

Text: R+1 lines of C+1 tokens, the corners row by row: `.` a corner without a number, `0`-`4` a
number, `?` a number not given. Tokens are separated by spaces, or one character each in a line
without spaces (kinds/_shading.py reads the lines).

State: the cells hold nothing; the numbers are the `clues` part, a part of numbers at corners
(gridlogic/layout/vertex.py): {"clue": [[y, x, text], ...]}, the corner (i, j) at lattice point
(2i, 2j).

puzz.link `creek/<cols>/<rows>/<data>`: pzprjs's 4Cross, 4Cell over the (R+1)×(C+1) corners
(codecs/puzzlink.py); its `.` a number not given.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import _shading as sh
from gridlogic.lattice import cells_beside
from gridlogic.codecs import puzzlink

MAX_SIDE = sh.MAX_SIDE
PART = "clues"
CLUE = "clue"
Value = int | str | None


@dataclass(frozen=True)
class Creek:
    """R×C cells and the (R+1)×(C+1) corners' numbers, row by row (None without one, "?" not given)."""

    rows: int
    cols: int
    corners: tuple[Value, ...]

    def at(self, i: int, j: int) -> Value:
        """The number at corner (i, j): the corner above and left of cell (i, j)."""
        return self.corners[i * (self.cols + 1) + j]

    def numbered(self) -> dict[tuple[int, int], Value]:
        """The corners holding a number, with it, row by row."""
        return {divmod(k, self.cols + 1): v for k, v in enumerate(self.corners) if v is not None}


def cells_around(rows: int, cols: int, i: int, j: int) -> list[tuple[int, int]]:
    """The one to four cells (r, c) that meet at corner (i, j), row by row."""
    return cells_beside((2 * i, 2 * j), rows, cols)


def corner_name(rows: int, cols: int, i: int, j: int) -> str:
    """Corner (i, j) in words: "the top-left corner of r2c3" (a cell it is a corner of)."""
    r, c = min(i, rows - 1), min(j, cols - 1)
    return f"the {'top' if i == r else 'bottom'}-{'left' if j == c else 'right'} corner of r{r + 1}c{c + 1}"


# -- text ------------------------------------------------------------------------------------------
def parse_text(text: str) -> Creek:
    """The puzzle of a text (see the module docstring), located errors otherwise."""
    grid = sh.parse_grid(text, lambda *a: sh.read_clue(*a, lo=0, hi=4), "creek's grid of corners")
    if grid.rows < 2 or grid.cols < 2:
        raise PuzzleSyntaxError(f"a creek of R×C cells has R+1 lines of C+1 corners: at least 2 lines of 2 "
                                f"(got {grid.rows} of {grid.cols})")
    return Creek(grid.rows - 1, grid.cols - 1, grid.clues)


def format_text(puzzle: Creek) -> str:
    """The text of a puzzle."""
    return sh.format_grid(sh.Grid(puzzle.rows + 1, puzzle.cols + 1, puzzle.corners))


# -- the editing state -----------------------------------------------------------------------------
def to_state(puzzle: Creek) -> dict:
    """The editing state: empty cells, the numbers in the corners part."""
    numbers = [[2 * i, 2 * j, str(v)] for (i, j), v in puzzle.numbered().items()]
    return {"rows": puzzle.rows, "cols": puzzle.cols, "cells": [""] * (puzzle.rows * puzzle.cols),
            "parts": {PART: {CLUE: numbers} if numbers else {}}}


def from_state(state: dict) -> Creek:
    """The puzzle of an editing state (its shape checked already): a number above 4 refused, located."""
    rows, cols = state["rows"], state["cols"]
    for k, cell in enumerate(state["cells"]):
        if cell:
            r, c = divmod(k, cols)
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: a creek's cells hold nothing (its numbers sit on the "
                                    f"corners)", r=r, c=c)
    corners: list[Value] = [None] * ((rows + 1) * (cols + 1))
    for y, x, text in (state.get("parts") or {}).get(PART, {}).get(CLUE, []):
        i, j = y // 2, x // 2
        if text != "?" and int(text) > 4:
            raise PuzzleSyntaxError(f"{corner_name(rows, cols, i, j)}: {text} is not a number 0-4 (a corner "
                                    f"touches four cells at most)", part=PART, point=[y, x],
                                    cells=[list(x) for x in cells_around(rows, cols, i, j)])
        corners[i * (cols + 1) + j] = sh.UNKNOWN if text == "?" else int(text)
    return Creek(rows, cols, tuple(corners))


# -- puzz.link -------------------------------------------------------------------------------------
def from_puzzlink(cols: int, rows: int, body: str) -> Creek:
    """The puzzle of puzz.link creek data (pzprjs's 4Cross over the corners)."""
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: creek: at most {MAX_SIDE}×{MAX_SIDE} cells (got {cols}×{rows})")
    values, _ = puzzlink.decode_4cross(body.split("/")[0], rows, cols)
    return Creek(rows, cols, tuple(sh.UNKNOWN if v == puzzlink.UNKNOWN else v for v in values))


def to_puzzlink(puzzle: Creek) -> str:
    """The puzz.link URL of a puzzle."""
    values = [puzzlink.UNKNOWN if v == sh.UNKNOWN else v for v in puzzle.corners]
    return puzzlink.url("creek", puzzle.cols, puzzle.rows, puzzlink.encode_4cell(values))
