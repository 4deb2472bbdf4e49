"""Skyscrapers' links: puzz.link (pzprjs `skyscrapers`: the clues as Number16ExCell, above, below, left,
right, then the given heights as Number16 when there are any) and Simon Tatham's Towers game IDs
(`N[d<letter>]:<4N clues>[,<grid>]`: the clues above, below, left and right, `/` between them, empty for
none; the grid `a`-`z` a run of 1-26 empty cells, a number a given height, `_` between two numbers)."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.text import read_number
from gridlogic.kinds.skyscrapers.grid import MAX_SIZE, Puzzle, make_puzzle
from gridlogic.codecs import puzzlink, tatham

TATHAM_ID = re.compile(r"^([0-9]+)(?:d[a-z])?:((?:[0-9]*/)*[0-9]*)(?:,([a-z_0-9]*))?$")


def _clues(values: list, n: int, what: str) -> list:
    for v in values:
        if v is not None and not (isinstance(v, int) and 1 <= v <= n):
            raise PuzzleSyntaxError(f"{what}: a clue {v} is not 1..{n}")
    return [values[k * n:(k + 1) * n] for k in range(4)]


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """A puzzle from puzz.link's skyscrapers data."""
    if cols != rows or not 1 <= cols <= MAX_SIZE:
        raise PuzzleSyntaxError(f"puzz.link size {cols}×{rows}: skyscrapers are square, 1..{MAX_SIZE}")
    n = cols
    values, at = puzzlink.decode_number16_excell(body, 4 * n)
    clues = _clues((values + [None] * (4 * n))[:4 * n], n, "puzz.link")
    cells, _ = puzzlink.decode_number16(body, n * n, at)
    cells = (cells + [None] * (n * n))[:n * n]
    if any(v is not None and not (isinstance(v, int) and 1 <= v <= n) for v in cells):
        raise PuzzleSyntaxError(f"puzz.link: a given height is not 1..{n}")
    return make_puzzle(n, [v or 0 for v in cells], clues)


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    body = puzzlink.encode_number16_excell([v for side in puzzle.clues for v in side])
    if any(puzzle.givens):
        body += puzzlink.encode_number16([v or None for v in puzzle.givens])
    return puzzlink.url("skyscrapers", puzzle.size, puzzle.size, body)


def from_tatham(game_id: str) -> Puzzle:
    """A Tatham Towers game ID (`5:2/3//1/...,b3a4`)."""
    m = TATHAM_ID.match("".join(game_id.split()))
    if not m:
        raise PuzzleSyntaxError(f"not a Towers game ID (N, ':', the clues, then the grid): {excerpt(game_id)}")
    n = read_number(m[1], 3) or 0
    if not 1 <= n <= MAX_SIZE:
        raise PuzzleSyntaxError(f"game ID size {excerpt(m[1])} is out of range 1..{MAX_SIZE}")
    words = m[2].split("/")
    if len(words) != 4 * n:
        raise PuzzleSyntaxError(f"game ID: {len(words)} clues, not {4 * n} (four sides of {n})")
    clues = _clues([read_number(w, 3) if w else None for w in words], n, "game ID")
    givens = tatham.read_runs(m[3], n * n) if m[3] is not None else [0] * (n * n)
    if any(not 0 <= v <= n for v in givens):
        raise PuzzleSyntaxError(f"game ID: a given height is not 1..{n}")
    return make_puzzle(n, givens, clues, lambda r, c: {})


def to_tatham(puzzle: Puzzle) -> str:
    """The game ID, as Tatham's generator writes it."""
    clues = "/".join("" if v is None else str(v) for side in puzzle.clues for v in side)
    if not any(puzzle.givens):
        return f"{puzzle.size}:{clues}"
    return f"{puzzle.size}:{clues},{tatham.write_runs(list(puzzle.givens))}"


def is_tatham_id(game_id: str) -> bool:
    """True for a bare game ID of Towers' form: N, then 4N clues between slashes."""
    m = TATHAM_ID.match("".join(game_id.split()))
    return m is not None and len(m[2].split("/")) == 4 * int(m[1])
