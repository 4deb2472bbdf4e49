"""Kurodoko's links: puzz.link (pzprjs `kurodoko`: the clues as Number16) and Simon Tatham's Range game IDs
(`WxH:desc`, the clues in Tatham's run form: gridlogic.codecs.tatham.read_runs)."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, excerpt
from gridlogic.text import read_number
from gridlogic.kinds.kurodoko.grid import MAX_SIDE, UNKNOWN, Puzzle, make_puzzle
from gridlogic.codecs import puzzlink, tatham

TATHAM_ID = re.compile(r"^([0-9]+)x([0-9]+):([a-z_0-9]*)$")


def _size(cols: int, rows: int, what: str) -> None:
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise PuzzleSyntaxError(f"{what} size {cols}×{rows} is out of range 1..{MAX_SIDE}")


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """A puzzle from puzz.link's kurodoko data (a `?` is a clue cell whose number is not given; a 0 is refused:
    a number counts its own cell)."""
    _size(cols, rows, "puzz.link")
    values, _ = puzzlink.decode_number16(body, rows * cols)
    values = (values + [None] * (rows * cols))[:rows * cols]
    if 0 in values:
        r, c = divmod(values.index(0), cols)
        raise PuzzleSyntaxError(f"puzz.link: r{r + 1}c{c + 1}: a 0 counts no cell; kurodoko's numbers count their own "
                                "cell, from 1", r=r, c=c)
    return make_puzzle(rows, cols, [UNKNOWN if v == puzzlink.UNKNOWN else v or 0 for v in values], lambda r, c: {})


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    return puzzlink.url("kurodoko", puzzle.cols, puzzle.rows, puzzlink.encode_number16(
        [puzzlink.UNKNOWN if n == UNKNOWN else n or None for n in puzzle.clues]))


def from_tatham(game_id: str) -> Puzzle:
    """A Tatham Range game ID (`9x6:b3c2_4...`)."""
    m = TATHAM_ID.match("".join(game_id.split()))
    if not m:
        raise PuzzleSyntaxError(f"not a Range game ID (WxH, ':', then the grid): {excerpt(game_id)}")
    cols, rows = read_number(m[1], 3) or 0, read_number(m[2], 3) or 0
    _size(cols, rows, "game ID")
    return make_puzzle(rows, cols, tatham.read_runs(m[3], rows * cols), lambda r, c: {})


def to_tatham(puzzle: Puzzle) -> str:
    """The game ID, as Tatham's generator writes it (Range has no clue without its number)."""
    if UNKNOWN in puzzle.clues:
        r, c = divmod(puzzle.clues.index(UNKNOWN), puzzle.cols)
        raise PuzzleRuleError(f"r{r + 1}c{c + 1}: a Range game ID has no '?': every clue there is a number", r=r, c=c)
    return f"{puzzle.cols}x{puzzle.rows}:{tatham.write_runs(list(puzzle.clues))}"


def is_tatham_id(game_id: str) -> bool:
    """True for a bare game ID of Range's form: WxH and a grid in the run form covering exactly W·H cells
    (Solo's IDs of the same form cover (W·H)² cells), unless its numbers add up to W·H: Rectangles writes
    its IDs in the same form, and there they are the areas of pieces that tile the grid."""
    m = TATHAM_ID.match("".join(game_id.split()))
    if m is None or not re.search(r"[0-9]", m[3]):
        return False
    area = int(m[1]) * int(m[2])
    numbers = [int(n) for n in re.findall(r"[0-9]+", m[3])]
    covered = sum(ord(ch) - ord("a") + 1 for ch in m[3] if ch.isalpha()) + len(numbers)
    return covered == area and area > 1 and sum(numbers) != area
