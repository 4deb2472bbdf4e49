"""The shakashaka Puzzle: black cells (with a number 0-4, or none), its text, its editing state, its
puzz.link form, and the triangles of a solution.

Text: one line per row, a character per cell (or tokens separated by spaces): `.` a white cell, `#`
(or `?`) a black cell without a number, 0-4 a black cell with its number. A solution is the same grid
with a triangle in some white cells: ◣ ◢ ◥ ◤, each drawn by its black half (◣: the half at the bottom
left corner), and `.` (or `+`) a white cell without one.

State: `#` or a number in a black cell, "" a white one.

puzz.link (pzprjs `shakashaka`): 4Cell (a number 0-4, `.` a black cell without one).
"""

from __future__ import annotations

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds import _shading as sh
from gridlogic.codecs import puzzlink

BLACK = "#"
WHITE = 0
TRIANGLES = {1: "◣", 2: "◢", 3: "◥", 4: "◤"}      # the value of each triangle: its black corner BL, BR, TR, TL
GLYPH = {g: v for v, g in TRIANGLES.items()}
Puzzle = sh.Grid          # each black cell BLACK or its number, None a white cell


def _read(token: str, line: int, r: int, c: int):
    if token == ".":
        return None
    if token in (BLACK, "?"):
        return BLACK
    if len(token) == 1 and token in "01234":
        return int(token)
    where = {"line": line, "r": r, "c": c} if line else {"r": r, "c": c}
    raise PuzzleSyntaxError(f"{f'line {line}, ' if line else ''}r{r + 1}c{c + 1}: {excerpt(token)} is not '.', "
                            "'#' or a number 0-4", **where)


def parse_text(text: str) -> Puzzle:
    """The grid of a text (see the module docstring)."""
    return sh.parse_grid(text, _read, "grid of black cells")


def format_text(puzzle: Puzzle, solution=None) -> str:
    """The text of a puzzle, or of a solution (its triangles in the white cells)."""
    words = []
    for i, v in enumerate(puzzle.clues):
        words.append(str(v) if v is not None else TRIANGLES.get(solution[i], ".") if solution else ".")
    return "\n".join("".join(words[r * puzzle.cols:(r + 1) * puzzle.cols]) for r in range(puzzle.rows)) + "\n"


def parse_solution(puzzle: Puzzle, text: str) -> tuple:
    """A solution's text: a value per cell (0 white, 1-4 a triangle; black cells 0)."""
    lines = [line.replace(" ", "") for line in text.splitlines() if line.strip()]
    if len(lines) != puzzle.rows or any(len(line) != puzzle.cols for line in lines):
        raise PuzzleSyntaxError(f"a solution is {puzzle.rows} rows of {puzzle.cols} cells (◣ ◢ ◥ ◤ or .)")
    out = []
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch in GLYPH and puzzle.at(r, c) is None:
                out.append(GLYPH[ch])
            elif ch in ".+" or (puzzle.at(r, c) is not None and ch == str(puzzle.at(r, c))):
                out.append(WHITE)
            else:
                raise PuzzleSyntaxError(f"solution r{r + 1}c{c + 1}: {excerpt(ch)} is not a triangle or '.'",
                                        r=r, c=c)
    return tuple(out)


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: `#` or the number in each black cell."""
    return {"rows": puzzle.rows, "cols": puzzle.cols, "cells": ["" if v is None else str(v) for v in puzzle.clues]}


def from_state(state: dict) -> Puzzle:
    """The puzzle of an editing state, refused located."""
    cols = state["cols"]
    return sh.Grid(state["rows"], cols, tuple(_read(cell.strip() or ".", 0, *divmod(i, cols))
                                              for i, cell in enumerate(state["cells"])))


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link shakashaka data."""
    if not (1 <= cols <= sh.MAX_SIDE and 1 <= rows <= sh.MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: shakashaka: at most {sh.MAX_SIDE}×{sh.MAX_SIDE} cells "
                                f"(got {cols}×{rows})")
    values, _ = puzzlink.decode_4cell(body, rows * cols)
    return sh.Grid(rows, cols, tuple(BLACK if v == puzzlink.UNKNOWN else v for v in values))


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    values = [puzzlink.UNKNOWN if v == BLACK else v for v in puzzle.clues]
    return puzzlink.url("shakashaka", puzzle.cols, puzzle.rows, puzzlink.encode_4cell(values))
