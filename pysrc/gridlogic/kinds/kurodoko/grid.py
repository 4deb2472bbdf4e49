"""The kurodoko Puzzle, its text form and its editing state.

Text: one line per row, one word per cell: `.` an empty cell, a number (its clue) or `?` (a clue cell whose
number is not given: unshaded, counting nothing), separated by spaces. A solution is the same grid with `#`
on each shaded cell (other cells `.` or their clue).

    . . . 7 .
    5 . . . .
    . . 2 . .
    . . . . 2
    . 4 . . .
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._shared import refuse_rules
from gridlogic.text import read_number

MAX_SIDE = 40
SHADED, EMPTY, UNKNOWN = "#", ".", "?"


@dataclass(frozen=True)
class Puzzle:
    """`clues` row-major: 0 where a cell has none, UNKNOWN where its number is not given."""

    rows: int
    cols: int
    clues: tuple

    def numbers(self) -> list[tuple[int, int, int]]:
        """The clue cells with a number (r, c, n), row by row."""
        return [(*divmod(i, self.cols), n) for i, n in enumerate(self.clues) if n and n != UNKNOWN]

    def circles(self) -> list[tuple[int, int]]:
        """Every clue cell (r, c), with a number or not, row by row: never shaded."""
        return [divmod(i, self.cols) for i, n in enumerate(self.clues) if n]


Solution = frozenset     # the shaded cells (r, c)


def make_puzzle(rows: int, cols: int, clues: list, where=lambda r, c: {"r": r, "c": c}) -> Puzzle:
    """The puzzle, a clue refused when more cells than its row and column hold could be seen."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleSyntaxError(f"size {rows}×{cols} is out of range 1..{MAX_SIDE}")
    for i, n in enumerate(clues):
        if n != UNKNOWN and n > rows + cols - 1:
            r, c = divmod(i, cols)
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: {n} is more than the {rows + cols - 1} cells it could see",
                                    **where(r, c))
    return Puzzle(rows, cols, tuple(clues))


def _clue(word: str, what: str, **where) -> int | str:
    if word == EMPTY:
        return 0
    if word == UNKNOWN:
        return UNKNOWN
    n = read_number(word, 3)
    if not n:
        raise PuzzleSyntaxError(f"{what}: {excerpt(word)} is not a number from 1, '?' or '.'", **where)
    return n


def parse_grid(text: str) -> Puzzle:
    """The text form (see the module docstring)."""
    lines = [(n, line.split()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise PuzzleSyntaxError("empty input: no rows")
    cols = len(lines[0][1])
    clues = []
    for r, (n, words) in enumerate(lines):
        if len(words) != cols:
            raise PuzzleSyntaxError(f"row {r + 1} has {len(words)} cells, row 1 has {cols}", line=n)
        clues += [_clue(w, f"r{r + 1}c{c + 1}", line=n, col=c + 1) for c, w in enumerate(words)]
    return make_puzzle(len(lines), cols, clues, lambda r, c: {"line": lines[r][0], "col": c + 1})


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """The shaded cells of a solution text (the grid with `#` on each shaded cell)."""
    lines = [line.split() for line in text.splitlines() if line.strip()]
    if len(lines) != puzzle.rows or any(len(words) != puzzle.cols for words in lines):
        raise PuzzleSyntaxError(f"a solution is {puzzle.rows} rows of {puzzle.cols} words")
    shaded = set()
    for r, words in enumerate(lines):
        for c, w in enumerate(words):
            if w == SHADED:
                shaded.add((r, c))
            elif w != EMPTY and w != str(puzzle.clues[r * puzzle.cols + c]):
                raise PuzzleSyntaxError(f"r{r + 1}c{c + 1} of the solution: {excerpt(w)} is not '#', '.' or its "
                                        "clue", r=r, c=c)
    return frozenset(shaded)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The canonical text, the shaded cells `#` when a solution is given."""
    shaded = solution or frozenset()
    return "\n".join(" ".join(SHADED if (r, c) in shaded else str(puzzle.clues[r * puzzle.cols + c] or EMPTY)
                              for c in range(puzzle.cols)) for r in range(puzzle.rows))


def layout() -> dict:
    """Numbers on cells; in play, a shaded cell (1) or a dot (0) on the others."""
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 7, 9, 10, 12, 15)],
            "default_size": {"rows": 9, "cols": 9}, "free_size": True,
            "min_size": {"rows": 1, "cols": 1}, "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE},
            "size_note": "a number counts the unshaded cells it sees, itself included",
            "cell": {"numbers": [1, 2 * MAX_SIDE - 1], "empty": {"label": "empty cell"},
                     "states": [{"key": "unknown", "token": UNKNOWN, "label": "? (a number not given)", "keys": "?",
                                 "look": "given", "glyph": "?"}]},
            "play": {"values": [0, 1], "on": "empty", "cycle": [1, 0], "drag": True,
                     "keys": {"#": 1, "s": 1, "d": 0, ".": 0}}}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: a clue's number, "" elsewhere."""
    return {"rows": puzzle.rows, "cols": puzzle.cols, "cells": [str(n) if n else "" for n in puzzle.clues]}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` refuses the same grid."""
    refuse_rules("kurodoko", rules)
    cols = state["cols"]
    clues = [_clue(v or EMPTY, f"r{i // cols + 1}c{i % cols + 1}", r=i // cols, c=i % cols)
             for i, v in enumerate(state["cells"])]
    return make_puzzle(state["rows"], cols, clues)
