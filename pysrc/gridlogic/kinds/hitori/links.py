"""Hitori's links: puzz.link (pzprjs's own hitori encoding) and Tatham's Singles game IDs.

puzz.link `hitori/<cols>/<rows>/<data>`: one piece per cell, row by row: `0`-`9`, `a`-`z` a number in
base 36; `-` and two base-36 digits a number up to 1295; `@` (or `%`) a number not given; `.` a cell
without a number (pzprjs reads any other character so, and so do we, refusing only what it never writes).

Singles `<w>x<h>[d<level>]:<desc>` (or `<n>:` for a square): one character per cell, row by row, `1`-`9`,
`a`-`z` (10-35), `A`-`Z` (36-61); Tatham's generator writes numbers up to the larger side.
"""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, excerpt
from gridlogic.kinds import _shading as sh
from gridlogic.text import read_number
from gridlogic.codecs import puzzlink

MAX_NUMBER = 36 * 36 - 1            # the largest number pzprjs's hitori URL holds
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
B62 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_PARAMS = re.compile(r"([0-9]{1,3})(?:x([0-9]{1,3}))?(?:d[a-z])?")


def from_puzzlink(cols: int, rows: int, body: str) -> sh.Grid:
    """The puzzle of puzz.link hitori data."""
    if not (1 <= cols <= sh.MAX_SIDE and 1 <= rows <= sh.MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: hitori: at most {sh.MAX_SIDE}×{sh.MAX_SIDE} cells (got {cols}×{rows})")
    values: list = []
    i = 0
    while i < len(body) and len(values) < rows * cols:
        ch = body[i]
        if ch in B36:
            values.append(int(ch, 36))
        elif ch == "-":
            pair = body[i + 1:i + 3]
            if len(pair) != 2 or any(x not in B36 for x in pair):
                raise PuzzleSyntaxError(f"puzz.link data, character {i + 1}: '-' needs two base-36 digits",
                                        col=i + 1)
            values.append(int(pair, 36))
            i += 2
        elif ch in "@%":
            values.append(sh.UNKNOWN)
        elif ch in "./":
            values.append(None)
        else:
            raise PuzzleSyntaxError(f"puzz.link data, character {i + 1}: unexpected character {excerpt(ch)}",
                                    col=i + 1)
        i += 1
    values += [None] * (rows * cols - len(values))
    for k, v in enumerate(values):
        if v == 0:
            r, c = divmod(k, cols)
            raise PuzzleSyntaxError(f"puzz.link: hitori: r{r + 1}c{c + 1} holds 0 (numbers start at 1)", r=r, c=c)
    return sh.Grid(rows, cols, tuple(values))


def to_puzzlink(puzzle: sh.Grid) -> str:
    """The puzz.link URL of a puzzle."""
    def piece(v) -> str:
        if v is None:
            return "."
        if v == sh.UNKNOWN:
            return "@"
        return B36[v] if v < 36 else "-" + B36[v // 36] + B36[v % 36]
    return puzzlink.url("hitori", puzzle.cols, puzzle.rows, "".join(piece(v) for v in puzzle.clues))


def from_tatham(game_id: str) -> sh.Grid:
    """The puzzle of a Singles game ID `<w>x<h>:<desc>` (whitespace ignored)."""
    text = "".join(game_id.split())
    params, sep, desc = text.partition(":")
    m = _PARAMS.fullmatch(params) if sep else None
    if m is None:
        raise PuzzleSyntaxError(f"not a Singles game ID (<w>x<h>:<numbers>): {excerpt(text)}")
    cols = read_number(m[1], 3)
    rows = read_number(m[2], 3) if m[2] else cols
    if not (1 <= cols <= sh.MAX_SIDE and 1 <= rows <= sh.MAX_SIDE):
        raise PuzzleSyntaxError(f"Singles: at most {sh.MAX_SIDE}×{sh.MAX_SIDE} cells (got {cols}×{rows})")
    if len(desc) != rows * cols:
        raise PuzzleSyntaxError(f"Singles game ID: {len(desc)} numbers for {cols}×{rows} cells")
    bad = next((i for i, ch in enumerate(desc) if B62.find(ch) < 1), None)
    if bad is not None:
        raise PuzzleSyntaxError(f"Singles game ID, number {bad + 1}: {excerpt(desc[bad])} is not 1-9, a-z or A-Z",
                                r=bad // cols, c=bad % cols)
    return sh.Grid(rows, cols, tuple(B62.index(ch) for ch in desc))


def to_tatham(puzzle: sh.Grid) -> str:
    """The Singles game ID of a puzzle whose every cell holds a number up to 61."""
    for k, v in enumerate(puzzle.clues):
        if not (isinstance(v, int) and 1 <= v < len(B62)):
            r, c = divmod(k, puzzle.cols)
            raise PuzzleRuleError(f"r{r + 1}c{c + 1}: a Singles game ID holds a number 1-61 in every cell", r=r, c=c)
    return f"{puzzle.cols}x{puzzle.rows}:" + "".join(B62[v] for v in puzzle.clues)


def is_tatham_id(game_id: str) -> bool:
    """True for a bare ID of `<w>x<h>:` and one number 1..max(w, h) per cell, which no Solo ID has (its
    description covers (w·h)² cells)."""
    params, _, desc = "".join(game_id.split()).removeprefix("#").partition(":")
    m = _PARAMS.fullmatch(params)
    if not m:
        return False
    w = int(m[1])
    h = int(m[2]) if m[2] else w
    return len(desc) == w * h and all(0 < B62.find(ch) <= max(w, h) for ch in desc)
