"""The slitherlink Puzzle, its text form, and its puzz.link and Tatham (Loopy) forms.

Text: rows of cells, `0`-`4` a clue, `?` a clue whose number is hidden (pzprjs draws one; it asks
nothing of the loop), `.` an empty cell. puzz.link (`slither`): pzprjs's 4Cell over the cells.
Loopy: `<W>x<H>[t0][d<level>]:<desc>`, the square grid only; the desc goes through the cells row by
row, a digit a clue, `a`-`z` 1-26 empty cells.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._loops import read_clue_rows, read_desc, write_clue_rows, write_desc
from gridlogic.text import read_number
from gridlogic.codecs import puzzlink

MAX_SIDE = 60
UNKNOWN = puzzlink.UNKNOWN            # "?"
_LOOPY = re.compile(r"([0-9]{1,4})(?:x([0-9]{1,4}))?(?:t([0-9]+))?(?:d[a-z])?")


@dataclass(frozen=True)
class Puzzle:
    """An R×C slitherlink: clues {(r, c): 0-4 or UNKNOWN}."""

    rows: int
    cols: int
    clues: tuple[tuple[tuple[int, int], int | str], ...]

    def clue_map(self) -> dict:
        """{(r, c): clue}."""
        return dict(self.clues)


def make(rows: int, cols: int, clues: dict) -> Puzzle:
    """The puzzle, its size checked."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleSyntaxError(f"slitherlink: sizes are 1×1 to {MAX_SIDE}×{MAX_SIDE} (got {cols}×{rows})")
    return Puzzle(rows, cols, tuple(sorted(clues.items())))


def _read(ch: str):
    return int(ch) if ch in "01234" else (UNKNOWN if ch == "?" else None)


def parse_text(text: str) -> Puzzle:
    """Rows of `0`-`4`, `?` and `.` (see the module docstring), or a Loopy game ID."""
    word = text.strip()
    if ":" in word and not any(ch.isspace() for ch in word):
        return from_tatham(word)
    rows, cols, clues = read_clue_rows(text, _read, MAX_SIDE, "slitherlink")
    return make(rows, cols, clues)


def format_text(puzzle: Puzzle) -> str:
    return write_clue_rows(puzzle.rows, puzzle.cols, puzzle.clue_map(), str)


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link's `slither` data: 4Cell over the cells."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleSyntaxError(f"slitherlink: sizes are 1×1 to {MAX_SIDE}×{MAX_SIDE} (got {cols}×{rows})")
    values, _ = puzzlink.decode_4cell(body, rows * cols)
    return make(rows, cols, {(i // cols, i % cols): v for i, v in enumerate(values) if v is not None})


def to_puzzlink(puzzle: Puzzle) -> str:
    clues = puzzle.clue_map()
    values = [clues.get((r, c)) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return puzzlink.url("slither", puzzle.cols, puzzle.rows, puzzlink.encode_4cell(values))


def from_tatham(game_id: str) -> Puzzle:
    """A Loopy game ID (square grid; see the module docstring)."""
    text = "".join(game_id.split())
    params, _, desc = text.partition(":")
    m = _LOOPY.fullmatch(params)
    if not m:
        raise PuzzleSyntaxError(f"game ID parameters {excerpt(params)} are not Loopy's (<W>x<H>, then t and "
                                "a grid type, d and a level)")
    if m[3] not in (None, "0"):
        raise PuzzleSyntaxError(f"Loopy grid type t{m[3]} is not the square grid (t0): only square grids are read")
    cols = read_number(m[1], 4)
    rows = read_number(m[2], 4) if m[2] else cols
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleSyntaxError(f"slitherlink: sizes are 1×1 to {MAX_SIDE}×{MAX_SIDE} (got {cols}×{rows})")
    clues = read_desc(desc, rows, cols, lambda ch: int(ch) if ch in "01234" else None, len(params) + 2,
                      "a clue of a square grid (0-4)")
    return make(rows, cols, clues)


def to_tatham(puzzle: Puzzle) -> str:
    """The Loopy game ID, as its generator writes one (the square grid, runs of empty cells as letters;
    a hidden number is left empty)."""
    desc = write_desc(puzzle.rows, puzzle.cols, puzzle.clue_map(), lambda v: None if v == UNKNOWN else str(v))
    return f"{puzzle.cols}x{puzzle.rows}t0:{desc}"
