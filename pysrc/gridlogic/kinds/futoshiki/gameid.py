"""Tatham's Unequal game IDs: `N:desc`, read (with its flags U, R, D, L) and written as his generator writes them."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.text import read_number
from gridlogic.kinds.futoshiki.grid import SIZES, Puzzle, _not_a_digit, refuse_clashes


_GAME_ID = re.compile(r"([0-9]+)(a?)(?:d[a-z])?")


def from_tatham(game_id: str) -> Puzzle:
    """A Tatham Unequal game ID (`5:0,0L,...`) or description, whitespace ignored, refused as the drawn
    grid is (its permalinks are read by gridlogic.links)."""
    puzzle = _read_game_id("".join(game_id.split()))
    refuse_clashes(puzzle)
    return puzzle


def _read_game_id(text: str) -> Puzzle:
    """A Tatham Unequal game ID (`5:0,0L,...`) or description."""
    if "#" in text.split(":", 1)[0]:
        raise PuzzleSyntaxError(f"{excerpt(text)} is a random-seed ID: only Tatham's generator can make it "
                                "into a puzzle (copy the game ID, with ':', instead)")
    params, sep, desc = text.partition(":") if ":" in text else ("", "", text)
    n = None
    if sep:
        m = _GAME_ID.fullmatch(params)
        if not m:
            raise PuzzleSyntaxError(f"game ID parameters {excerpt(params)} are not Unequal's (a size, then "
                                    "optionally 'd' and a difficulty letter)", line=1)
        if m.group(2):
            raise PuzzleSyntaxError(f"game ID {excerpt(params)}: Adjacent mode ('a') is not Futoshiki")
        n = read_number(m.group(1), 2)
        if n not in SIZES:
            raise PuzzleSyntaxError(f"game ID size {excerpt(m.group(1))}: sizes are 4×4 to 9×9")
    at = len(params) + len(sep) + 1                       # 1-based position of desc[0] in the text
    entries: list[tuple[int, int, str, int]] = []         # (cell index, value, flags, position)
    i = p = 0
    while p < len(desc):
        while p < len(desc) and "a" <= desc[p] <= "z":
            i, p = i + ord(desc[p]) - 96, p + 1
        if p == len(desc):
            break
        q = p
        while q < len(desc) and desc[q] in "0123456789":
            q += 1
        value = read_number(desc[p:q], 2)
        if value is None:
            raise PuzzleSyntaxError(f"game ID, character {at + p}: expected a cell's number, got "
                                    f"{excerpt(desc[p:q] or desc[p])}", col=at + p)
        flags_at = q
        while q < len(desc) and desc[q] in "URDL":
            q += 1
        entries.append((i, value, desc[flags_at:q], at + p))
        i, p = i + 1, q
        if p < len(desc) and desc[p] != ",":
            raise PuzzleSyntaxError(f"game ID, character {at + p}: expected ',' after a cell, got {desc[p]!r}",
                                    col=at + p)
        p += 1
    if n is None:
        n = next((k for k in SIZES if k * k == i), None)
        if n is None:
            raise PuzzleSyntaxError(f"the description holds {i} cells; sizes are 4×4 (16) to 9×9 (81)")
    if i != n * n:
        raise PuzzleSyntaxError(f"the game ID holds {i} cells; a {n}×{n} grid has {n * n}")
    givens, across, down = [0] * (n * n), [""] * (n * (n - 1)), [""] * (n * (n - 1))
    for k, value, flags, pos in entries:
        r, c = divmod(k, n)
        if value > n:
            raise _not_a_digit(str(value), n, r, c, f" (game ID, character {pos})", col=pos)
        givens[k] = value
        for flag in flags:                                # this cell is greater than that neighbour
            dr, dc = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}[flag]
            if not (0 <= r + dr < n and 0 <= c + dc < n):
                raise PuzzleSyntaxError(f"game ID, character {pos}: flag {flag!r} of r{r + 1}c{c + 1} points off "
                                        "the grid", col=pos, r=r, c=c)
            if dc:
                signs, index, sign = across, r * (n - 1) + min(c, c + dc), ">" if dc > 0 else "<"
            else:
                signs, index, sign = down, min(r, r + dr) * n + c, "v" if dr > 0 else "^"
            if signs[index] not in ("", sign):
                raise PuzzleSyntaxError(f"game ID, character {pos}: r{r + 1}c{c + 1} and r{r + dr + 1}c{c + dc + 1} "
                                        "are each greater than the other", col=pos, r=r, c=c)
            signs[index] = sign
    return Puzzle(n, tuple(givens), tuple(across), tuple(down))


def to_tatham(puzzle: Puzzle) -> str:
    """The puzzle as a Tatham Unequal game ID, as its generator writes them."""
    n = puzzle.size
    out = [f"{n}:"]
    for r in range(n):
        for c in range(n):
            flags = {"U": r and puzzle.down[(r - 1) * n + c] == "^",
                     "R": c < n - 1 and puzzle.across[r * (n - 1) + c] == ">",
                     "D": r < n - 1 and puzzle.down[r * n + c] == "v",
                     "L": c and puzzle.across[r * (n - 1) + c - 1] == "<"}
            out.append(f"{puzzle.givens[r * n + c]}{''.join(f for f, on in flags.items() if on)},")
    return "".join(out)
