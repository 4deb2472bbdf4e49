"""Yin-yang's Puzzle (kinds/_shading.py's Grid: None, WHITE or BLACK per cell), its text, editing state
and puzz.link form.

Text: one line per row, one character per cell (or tokens separated by spaces): `.` an empty cell, `W`
(or `o`) a white circle, `B` (or `x`) a black one. A solution is one line per row, `#` black and `.`
white (`+`, `o` read as white). puzz.link: pzprjs's Circle form (three cells per character in base 3: 1
white, 2 black)."""

from __future__ import annotations

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.codecs import puzzlink

WHITE, BLACK = 1, 2            # pzprjs's circle values
TOKENS = {".": None, "W": WHITE, "w": WHITE, "o": WHITE, "B": BLACK, "b": BLACK, "x": BLACK}
SYMBOLS = {WHITE: "W", BLACK: "B"}
Puzzle = sh.Grid


def _read(token: str, line: int, r: int, c: int):
    if token not in TOKENS:
        where = {"line": line, "r": r, "c": c} if line else {"r": r, "c": c}
        raise PuzzleSyntaxError(f"{f'line {line}, ' if line else ''}r{r + 1}c{c + 1}: {excerpt(token)} is not '.', "
                                "W (a white circle) or B (a black one)", **where)
    return TOKENS[token]


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The text form (see the module docstring)."""
    refuse_rules("yinyang", rules)
    return sh.parse_grid(text, _read, "yin-yang")


def parse_solution(puzzle: Puzzle, text: str) -> tuple[int, ...]:
    """A colouring: `#` black, `.` white, one line per row."""
    return sh.parse_shading(puzzle, text.replace("o", "."))


def format(puzzle: Puzzle, solution=None) -> str:
    """The puzzle's text, or the solution's colouring."""
    if solution is not None:
        return sh.format_shading(puzzle, solution)
    marks = [SYMBOLS.get(v, ".") for v in puzzle.clues]
    return "\n".join("".join(marks[r * puzzle.cols:(r + 1) * puzzle.cols]) for r in range(puzzle.rows)) + "\n"


def layout() -> dict:
    """Circles W and B typed in cells; in play every other cell is made black (1) or white (0)."""
    base = sh.grid_layout(1, 1, "empty", "Type W or B for the given circles. Paste a puzz.link yinyang URL to load "
                                         "one.", unknown=False)
    base["cell"] = {"symbols": "WB", "empty": {"label": "empty"}}
    base["play"]["keys"] = {"#": 1, "s": 1, "b": 1, "x": 0, "d": 0, "w": 0}
    base["default_size"] = {"rows": 6, "cols": 6}
    return base


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: "W", "B" or "" per cell."""
    return {"rows": puzzle.rows, "cols": puzzle.cols, "cells": [SYMBOLS.get(v, "") for v in puzzle.clues]}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` would, located."""
    refuse_rules("yinyang", rules)
    cols = state["cols"]
    return Puzzle(state["rows"], cols, tuple(_read(cell or ".", 0, *divmod(i, cols))
                                             for i, cell in enumerate(state["cells"])))


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link yinyang data."""
    if not (1 <= cols <= sh.MAX_SIDE and 1 <= rows <= sh.MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: yinyang: at most {sh.MAX_SIDE}×{sh.MAX_SIDE} cells (got {cols}×{rows})")
    values, _ = puzzlink.decode_circle(body, rows * cols)
    return Puzzle(rows, cols, tuple(values))


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    return puzzlink.url("yinyang", puzzle.cols, puzzle.rows, puzzlink.encode_circle(list(puzzle.clues)))
