"""The simple loop Puzzle, its text form and its puzz.link form.

Text: rows of cells, `#` a black cell (also `*`, `x`), `.` a white one. puzz.link (`simpleloop`):
pzprjs's Bitmap (decodeBinary) over the cells, a set bit a black cell.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds._loops import read_clue_rows, write_clue_rows
from gridlogic.codecs import puzzlink

MAX_SIDE = 60


@dataclass(frozen=True)
class Puzzle:
    """An R×C simple loop: its black cells, (r, c) each, sorted."""

    rows: int
    cols: int
    black: tuple[tuple[int, int], ...]


def make(rows: int, cols: int, black) -> Puzzle:
    """The puzzle, its size checked (a loop needs two rows and two columns)."""
    if not (2 <= rows <= MAX_SIDE and 2 <= cols <= MAX_SIDE):
        raise PuzzleSyntaxError(f"simple loop: sizes are 2×2 to {MAX_SIDE}×{MAX_SIDE} (got {cols}×{rows})")
    return Puzzle(rows, cols, tuple(sorted(black)))


def parse_text(text: str) -> Puzzle:
    rows, cols, black = read_clue_rows(text, lambda ch: True if ch in "#*x" else None, MAX_SIDE, "simple loop")
    return make(rows, cols, black)


def format_text(puzzle: Puzzle) -> str:
    return write_clue_rows(puzzle.rows, puzzle.cols, dict.fromkeys(puzzle.black, True), lambda _: "#")


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link's `simpleloop` data: Bitmap over the cells."""
    if not (2 <= rows <= MAX_SIDE and 2 <= cols <= MAX_SIDE):
        raise PuzzleSyntaxError(f"simple loop: sizes are 2×2 to {MAX_SIDE}×{MAX_SIDE} (got {cols}×{rows})")
    bits, _ = puzzlink.decode_bitmap(body, rows * cols)
    return make(rows, cols, [(i // cols, i % cols) for i, bit in enumerate(bits) if bit])


def to_puzzlink(puzzle: Puzzle) -> str:
    black = set(puzzle.black)
    bits = [(r, c) in black for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return puzzlink.url("simpleloop", puzzle.cols, puzzle.rows, puzzlink.encode_bitmap(bits))
