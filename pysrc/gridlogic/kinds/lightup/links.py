"""Light up's links: puzz.link (pzprjs `lightup`: 4Cell data, a black cell without a number its
UNKNOWN `.`) and Simon Tatham's Light Up game IDs (`WxH[b..][s..][d..]:desc`, desc one character per
cell: `B` a black cell, `0`-`4` a numbered one, `a`-`z` a run of 1-26 white cells)."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.text import read_number
from gridlogic.kinds.lightup.grid import MAX_SIDE, NUMBERS, WALL, WHITE, Puzzle
from gridlogic.codecs import puzzlink

TATHAM_ID = re.compile(r"^([0-9]+)x([0-9]+)((?:[bsd][0-9]*)*):([a-zA-Z0-9]*)$")


def _size(cols, rows, what: str) -> tuple[int, int]:
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise PuzzleSyntaxError(f"{what} size {cols}×{rows} is out of range 1..{MAX_SIDE}")
    return cols, rows


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """A puzzle from puzz.link's lightup data."""
    cols, rows = _size(cols, rows, "puzz.link")
    values, _ = puzzlink.decode_4cell(body, rows * cols)
    cells = tuple(WHITE if v is None else WALL if v == puzzlink.UNKNOWN else str(v) for v in values)
    return Puzzle(rows, cols, cells)


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    values = [None if ch == WHITE else puzzlink.UNKNOWN if ch == WALL else int(ch) for ch in puzzle.cells]
    return puzzlink.url("lightup", puzzle.cols, puzzle.rows, puzzlink.encode_4cell(values))


def from_tatham(game_id: str) -> Puzzle:
    """A Tatham Light Up game ID (`7x7b20s4d1:desc`; a random-seed ID is refused by gridlogic.links)."""
    m = TATHAM_ID.match("".join(game_id.split()))
    if not m:
        raise PuzzleSyntaxError(f"not a Light Up game ID (WxH, parameters, ':', then the grid): {excerpt(game_id)}")
    cols, rows = _size(read_number(m[1], 3) or 0, read_number(m[2], 3) or 0, "game ID")
    cells: list[str] = []
    for i, ch in enumerate(m[4]):
        if "a" <= ch <= "z":
            cells += [WHITE] * (ord(ch) - ord("a") + 1)
        elif ch == "B" or ch in NUMBERS:
            cells.append(WALL if ch == "B" else ch)
        else:
            raise PuzzleSyntaxError(f"game ID, character {i + 1} of the grid: {excerpt(ch)} is not a-z, B or 0-4")
        if len(cells) > rows * cols:
            raise PuzzleSyntaxError(f"game ID: the grid runs past {rows * cols} cells at character {i + 1}")
    if len(cells) != rows * cols:
        raise PuzzleSyntaxError(f"game ID: the grid holds {len(cells)} cells, not {rows * cols}")
    return Puzzle(rows, cols, tuple(cells))


def is_tatham_id(game_id: str) -> bool:
    """True for a bare game ID that is surely Light Up's: a `b<percent>` parameter, or a `B` in a grid
    that also holds a number (Pearl's grids hold `B` and `W` and no number)."""
    m = TATHAM_ID.match("".join(game_id.split()))
    return m is not None and ("b" in m[3] or ("B" in m[4] and any(ch in NUMBERS for ch in m[4])))


def to_tatham(puzzle: Puzzle) -> str:
    """The game ID, as Tatham's generator writes its grid."""
    out, run = [], 0
    for ch in puzzle.cells:
        if ch == WHITE:
            if run == 26:
                out.append("z")
                run = 0
            run += 1
            continue
        if run:
            out.append(chr(ord("a") + run - 1))
            run = 0
        out.append("B" if ch == WALL else ch)
    if run:
        out.append(chr(ord("a") + run - 1))
    return f"{puzzle.cols}x{puzzle.rows}:{''.join(out)}"
