"""Simon Tatham's run form of a grid of numbers, as several of his games write their IDs (Towers, Range,
Rectangles): read and written for the kinds that read those IDs (gridlogic/links/tatham.py says which kind
reads which game)."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt


def read_runs(desc: str, cells: int, what: str = "game ID") -> list[int]:
    """A grid of numbers as several of Tatham's games write it (Towers' givens, Range's clues): `a`-`z` a run
    of 1-26 empty cells (0), a number a cell's value, `_` between two numbers. Exactly `cells` values, else a
    PuzzleSyntaxError naming the character."""
    values: list[int] = []
    at = 0
    for part in re.findall(r"[a-z]|_|[0-9]+|.", desc, re.S):
        at += len(part)
        if part == "_":
            continue
        if part.isascii() and part.isdigit():
            values.append(int(part[-6:]) if len(part) <= 6 else 10 ** 6)
        elif "a" <= part <= "z":
            values += [0] * (ord(part) - ord("a") + 1)
        else:
            raise PuzzleSyntaxError(f"{what}, character {at}: {excerpt(part)} is not a-z, '_' or a digit")
        if len(values) > cells:
            raise PuzzleSyntaxError(f"{what}, character {at}: the grid runs past its {cells} cells")
    if len(values) != cells:
        raise PuzzleSyntaxError(f"{what}: the grid holds {len(values)} cells, not {cells}")
    return values


def write_runs(values: list[int]) -> str:
    """The run form `read_runs` reads, as Tatham's generators write it (`_` only between two numbers)."""
    out: list[str] = []
    run = 0
    for v in list(values) + [None]:
        if v == 0:
            run += 1
            continue
        while run > 0:
            out.append(chr(ord("a") - 1 + min(run, 26)))
            run -= min(run, 26)
        if v is not None:
            if out and out[-1][-1].isdigit():
                out.append("_")
            out.append(str(v))
    return "".join(out)
