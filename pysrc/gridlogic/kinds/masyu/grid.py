"""The masyu Puzzle, its text form, and its puzz.link and Tatham (Pearl) forms.

Text: rows of cells, `W` (or `w`, `o`, `1`) a white pearl, `B` (or `b`, `x`, `2`) a black one, `.` an
empty cell. puzz.link (`mashu`, also `masyu`, `pearl`): pzprjs's Circle over the cells (1 white,
2 black). Pearl: `<W>x<H>[d<level>][n]:<desc>`, the desc going through the cells row by row, `W` and
`B` a pearl, `a`-`z` 1-26 empty cells.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._loops import read_clue_rows, read_desc, write_clue_rows, write_desc
from gridlogic.text import read_number
from gridlogic.kinds.masyu.pearls import BLACK, WHITE
from gridlogic.codecs import puzzlink

MAX_SIDE = 60
NAMES = {WHITE: "white", BLACK: "black"}
_READ = {"W": WHITE, "w": WHITE, "o": WHITE, "1": WHITE, "B": BLACK, "b": BLACK, "x": BLACK, "2": BLACK}
_PEARL = re.compile(r"([0-9]{1,4})(?:x([0-9]{1,4}))?(?:d[a-z])?n?")


@dataclass(frozen=True)
class Puzzle:
    """An R×C masyu: pearls {(r, c): WHITE or BLACK}."""

    rows: int
    cols: int
    pearls: tuple[tuple[tuple[int, int], int], ...]

    def pearl_map(self) -> dict:
        """{(r, c): colour}."""
        return dict(self.pearls)


def make(rows: int, cols: int, pearls: dict) -> Puzzle:
    """The puzzle, its size checked (a loop needs two rows and two columns)."""
    if not (2 <= rows <= MAX_SIDE and 2 <= cols <= MAX_SIDE):
        raise PuzzleSyntaxError(f"masyu: sizes are 2×2 to {MAX_SIDE}×{MAX_SIDE} (got {cols}×{rows})")
    return Puzzle(rows, cols, tuple(sorted(pearls.items())))


def parse_text(text: str) -> Puzzle:
    """Rows of pearls and `.` (see the module docstring), or a Pearl game ID."""
    word = text.strip()
    if ":" in word and not any(ch.isspace() for ch in word):
        return from_tatham(word)
    rows, cols, pearls = read_clue_rows(text, _READ.get, MAX_SIDE, "masyu")
    return make(rows, cols, pearls)


def format_text(puzzle: Puzzle) -> str:
    return write_clue_rows(puzzle.rows, puzzle.cols, puzzle.pearl_map(), lambda v: "W" if v == WHITE else "B")


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link's `mashu` data: Circle over the cells."""
    if not (2 <= rows <= MAX_SIDE and 2 <= cols <= MAX_SIDE):
        raise PuzzleSyntaxError(f"masyu: sizes are 2×2 to {MAX_SIDE}×{MAX_SIDE} (got {cols}×{rows})")
    values, _ = puzzlink.decode_circle(body, rows * cols)
    return make(rows, cols, {(i // cols, i % cols): v for i, v in enumerate(values) if v})


def to_puzzlink(puzzle: Puzzle) -> str:
    pearls = puzzle.pearl_map()
    values = [pearls.get((r, c)) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return puzzlink.url("mashu", puzzle.cols, puzzle.rows, puzzlink.encode_circle(values))


def from_tatham(game_id: str) -> Puzzle:
    """A Pearl game ID (see the module docstring)."""
    text = "".join(game_id.split())
    params, _, desc = text.partition(":")
    m = _PEARL.fullmatch(params)
    if not m:
        raise PuzzleSyntaxError(f"game ID parameters {excerpt(params)} are not Pearl's (<W>x<H>, then d and a level)")
    cols = read_number(m[1], 4)
    rows = read_number(m[2], 4) if m[2] else cols
    if not (2 <= rows <= MAX_SIDE and 2 <= cols <= MAX_SIDE):
        raise PuzzleSyntaxError(f"masyu: sizes are 2×2 to {MAX_SIDE}×{MAX_SIDE} (got {cols}×{rows})")
    pearls = read_desc(desc, rows, cols, {"W": WHITE, "B": BLACK}.get, len(params) + 2, "a pearl (B or W)")
    return make(rows, cols, pearls)


def to_tatham(puzzle: Puzzle) -> str:
    """The Pearl game ID, as its generator writes one (runs of empty cells as letters)."""
    desc = write_desc(puzzle.rows, puzzle.cols, puzzle.pearl_map(), lambda v: "W" if v == WHITE else "B")
    return f"{puzzle.cols}x{puzzle.rows}:{desc}"
