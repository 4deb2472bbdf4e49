"""The light up Puzzle, its text form and its editing state.

Text: one line per row, one character per cell: `.` a white cell, `X` (or `#`) a black cell without a
number, `0`-`4` a black cell with its number; spaces are free and blank lines are skipped. A solution
is the same grid with `*` on each light (white cells without one stay `.`). `format` writes `X`: a text
starting `#0#` would be read as a Tatham random-seed link.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._shared import refuse_rules

MAX_SIDE = 50
WHITE, WALL, LIGHT = ".", "X", "*"
WALLS = "X#"             # a black cell without a number, as read
NUMBERS = "01234"
STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))


@dataclass(frozen=True)
class Puzzle:
    """`cells` row-major: WHITE, WALL or a number 0-4 as its character."""

    rows: int
    cols: int
    cells: tuple[str, ...]

    def at(self, r: int, c: int) -> str:
        return self.cells[r * self.cols + c]

    def white(self) -> list[tuple[int, int]]:
        """The white cells, row by row."""
        return [divmod(i, self.cols) for i, ch in enumerate(self.cells) if ch == WHITE]

    def numbers(self) -> list[tuple[int, int, int]]:
        """The numbered black cells (r, c, n), row by row."""
        return [(*divmod(i, self.cols), int(ch)) for i, ch in enumerate(self.cells) if ch in NUMBERS]

    def beside(self, r: int, c: int) -> list[tuple[int, int]]:
        """The white cells orthogonally next to (r, c)."""
        return [(r + dr, c + dc) for dr, dc in STEPS
                if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols and self.at(r + dr, c + dc) == WHITE]


Solution = frozenset     # the lights' cells (r, c)


def _lines(text: str) -> list[tuple[int, str]]:
    """The non-blank lines (1-based number, characters without spaces)."""
    return [(n, "".join(line.split())) for n, line in enumerate(text.splitlines(), 1) if line.strip()]


def make_puzzle(rows: list[str], where=lambda r, c: {"r": r, "c": c}) -> Puzzle:
    """The puzzle of equal rows of characters, each checked (`where` locates a cell in messages)."""
    if not rows:
        raise PuzzleSyntaxError("empty input: no rows")
    height, width = len(rows), len(rows[0])
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise PuzzleSyntaxError(f"size {height}×{width} is out of range 1..{MAX_SIDE}")
    for r, row in enumerate(rows):
        if len(row) != width:
            raise PuzzleSyntaxError(f"row {r + 1} has {len(row)} cells, row 1 has {width}", **where(r, 0))
        for c, ch in enumerate(row):
            if ch not in WHITE + WALLS + NUMBERS:
                raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: {excerpt(ch)} is not '.', 'X' or a number 0-4",
                                        **where(r, c))
    return Puzzle(height, width, tuple(WALL if ch in WALLS else ch for ch in "".join(rows)))


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """The lights of a solution text (the grid with `*` on each light)."""
    lines = _lines(text)
    if len(lines) != puzzle.rows or any(len(row) != puzzle.cols for _, row in lines):
        raise PuzzleSyntaxError(f"a solution is {puzzle.rows} rows of {puzzle.cols} cells")
    lights = set()
    for r, (n, row) in enumerate(lines):
        for c, ch in enumerate(row):
            if ch == LIGHT:
                lights.add((r, c))
            elif ch not in WHITE + WALLS + NUMBERS:
                raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: {excerpt(ch)} is not '*', '.', 'X' or 0-4",
                                        line=n, col=c + 1)
    return frozenset(lights)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The canonical text, with the lights `*` when a solution is given."""
    lights = solution or frozenset()
    return "\n".join("".join(LIGHT if (r, c) in lights else puzzle.at(r, c) for c in range(puzzle.cols))
                     for r in range(puzzle.rows))


def layout() -> dict:
    """White cells, black cells and numbered black cells; in play, a light (1) or a dot (0) on white."""
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 7, 10, 14, 18)],
            "default_size": {"rows": 7, "cols": 7}, "free_size": True,
            "min_size": {"rows": 1, "cols": 1}, "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE},
            "size_note": "a number on a black cell: how many lights touch it",
            "cell": {"symbols": NUMBERS,
                     "states": [{"key": "wall", "token": WALL, "label": "black cell", "keys": "#bBxX",
                                 "look": "black"}],
                     "empty": {"label": "white cell"}},
            "play": {"values": [0, 1], "on": "empty", "cycle": [1, 0], "drag": True, "keys": {"l": 1, "*": 1, "d": 0, ".": 0}}}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: "" white, "X" black, a digit a numbered black cell."""
    return {"rows": puzzle.rows, "cols": puzzle.cols,
            "cells": ["" if ch == WHITE else ch for ch in puzzle.cells]}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` refuses the same grid."""
    refuse_rules("lightup", rules)
    cols = state["cols"]
    cells = [value or WHITE for value in state["cells"]]
    for i, value in enumerate(cells):
        if len(value) != 1:
            r, c = divmod(i, cols)
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: {excerpt(value)} is not 'X' or a number 0-4", r=r, c=c)
    return make_puzzle(["".join(cells[r * cols:(r + 1) * cols]) for r in range(state["rows"])])
