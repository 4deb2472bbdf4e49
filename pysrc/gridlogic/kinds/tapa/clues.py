"""Tapa's clues: a list of one to four numbers in a cell (`?` a number not given), read and written in
the text, the editing state and puzz.link.

Text: one line per row, its cells as tokens separated by spaces: `.` an empty cell, a clue as its
numbers joined by commas (`3,1,1`, `?,2`, `0`); the commas may be left out (`311`: every number of a
list is one digit). A row without spaces takes one character per cell (`3..5.`), or, holding a comma,
is one cell (a one-column grid).

State: a clue cell holds its numbers as digits (`311`, `?2`): the way puzz.link types them, one key
after another.

A list is allowed as pzprjs allows it: one number 0-8 or `?`; two to four numbers, none 0, with their
sum (a `?` counted 1) and the gaps between them fitting the eight neighbours (sum + count <= 8).
"""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds import _shading as sh
from gridlogic.codecs import puzzlink
from gridlogic.codecs.puzzlink import B36

UNKNOWN = sh.UNKNOWN
Clue = tuple              # the numbers of a clue, each an int or UNKNOWN


def read_list(word: str) -> Clue | None:
    """The clue of a word (`3,1,1`, `311`, `?`), or None when it is no allowed list."""
    parts = word.split(",") if "," in word else list(word)
    if not 1 <= len(parts) <= 4 or any(p != UNKNOWN and not (len(p) == 1 and p in "0123456789") for p in parts):
        return None
    clue = tuple(UNKNOWN if p == UNKNOWN else int(p) for p in parts)
    return clue if allowed(clue) else None


def allowed(clue: Clue) -> bool:
    """pzprjs's isValidQnums (see the module docstring)."""
    if len(clue) == 1:
        return clue[0] == UNKNOWN or 0 <= clue[0] <= 8
    return 0 not in clue and len(clue) + sum(1 if n == UNKNOWN else n for n in clue) <= 8


def word(clue: Clue, sep: str = ",") -> str:
    """A clue as the text (`sep` ",") or the state ("") writes it."""
    return sep.join(str(n) for n in clue)


WHAT = "'.' or a clue: one number 0-8, or two to four numbers 1-5 joined by commas, ? for one not given"


def read_token(token: str, line: int, r: int, c: int) -> Clue | None:
    """A token of the text (see the module docstring), refused located."""
    if token == ".":
        return None
    clue = read_list(token)
    if clue is None:
        where = {"line": line, "r": r, "c": c} if line else {"r": r, "c": c}
        raise PuzzleSyntaxError(f"{f'line {line}, ' if line else ''}r{r + 1}c{c + 1}: {excerpt(token)} is not "
                                f"{WHAT} (sum and count at most 8)", **where)
    return clue


def _split(line: str) -> list[str]:
    """A row's tokens: at spaces; a row without spaces one character a cell, unless it holds a comma."""
    return line.split() if any(ch.isspace() for ch in line) or "," in line else list(line)


def parse_text(text: str) -> sh.Grid:
    """The grid of a text."""
    return sh.parse_grid(text, read_token, "grid of tapa clues", _split)


def format_text(grid: sh.Grid) -> str:
    """The canonical text of a grid."""
    return sh.format_grid(sh.Grid(grid.rows, grid.cols, tuple(None if v is None else word(v) for v in grid.clues)))


def to_state(grid: sh.Grid) -> dict:
    """The editing state: each clue's digits in its cell."""
    return {"rows": grid.rows, "cols": grid.cols, "cells": ["" if v is None else word(v, "") for v in grid.clues]}


def from_state(state: dict) -> sh.Grid:
    """The grid of an editing state, refused located."""
    cols = state["cols"]
    values = [None if not cell.strip() else read_token(cell.strip(), 0, *divmod(i, cols))
              for i, cell in enumerate(state["cells"])]
    return sh.Grid(state["rows"], cols, tuple(values))


def from_puzzlink(cols: int, rows: int, body: str) -> sh.Grid:
    """The grid of puzz.link tapa data."""
    if not (1 <= cols <= sh.MAX_SIDE and 1 <= rows <= sh.MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: tapa: at most {sh.MAX_SIDE}×{sh.MAX_SIDE} cells (got {cols}×{rows})")
    values, _ = decode_number_lists(body, rows * cols)
    values = (values + [None] * (rows * cols))[:rows * cols]
    out = []
    for i, v in enumerate(values):
        clue = None if v is None else tuple(UNKNOWN if n == puzzlink.UNKNOWN else n for n in v)
        if clue is not None and not allowed(clue):
            r, c = divmod(i, cols)
            raise PuzzleSyntaxError(f"puzz.link: tapa: r{r + 1}c{c + 1}: the clue {word(clue)} does not fit "
                                    "around a cell", r=r, c=c)
        out.append(clue)
    return sh.Grid(rows, cols, tuple(out))


def to_puzzlink(grid: sh.Grid) -> str:
    """The puzz.link URL of a grid."""
    values = [None if v is None else [puzzlink.UNKNOWN if n == UNKNOWN else n for n in v] for v in grid.clues]
    return puzzlink.url("tapa", grid.cols, grid.rows, encode_number_lists(values))


# -- puzz.link's clue lists (pzprjs's decodeNumber_tapa): up to four numbers a cell ----------------------
def decode_number_lists(body: str, count: int, at: int = 0) -> tuple[list, int]:
    """pzprjs's clue lists (its decodeNumber_tapa): a list of one to four numbers per cell (puzz.link's
    UNKNOWN for a number not given), None an empty cell. `0`-`8` one number, `9` four 1s, `.` one UNKNOWN;
    `a`-`f` and a character, a base-36 number: 360 + 6a + b two numbers (0 UNKNOWN), 396 + 16a + 4b + c
    three, 460 + 8a + 4b + 2c + d four (1 a 1, 0 UNKNOWN); `g`-`z` a run of 1-20 empty cells."""
    values: list = []
    i = at
    while i < len(body) and len(values) < count:
        ch = body[i]
        if "0" <= ch <= "8":
            values.append([int(ch)])
        elif ch == "9":
            values.append([1, 1, 1, 1])
        elif ch == ".":
            values.append([puzzlink.UNKNOWN])
        elif "a" <= ch <= "f":
            if i + 1 >= len(body) or body[i + 1] not in B36:
                raise puzzlink.refuse(body, i, f"{ch!r} needs a second character")
            n = int(body[i:i + 2], 36)
            if 360 <= n < 396:
                digits = [(n - 360) // 6, (n - 360) % 6]
            elif 396 <= n < 460:
                digits = [(n - 396) // 16, (n - 396) // 4 % 4, (n - 396) % 4]
            elif 460 <= n < 476:
                digits = [(n - 460) >> k & 1 for k in (3, 2, 1, 0)]
            else:
                raise puzzlink.refuse(body, i, f"{body[i:i + 2]!r} is no list of numbers")
            values.append([d or puzzlink.UNKNOWN for d in digits])
            i += 1
        elif "g" <= ch <= "z":
            values.extend([None] * (int(ch, 36) - 15))
        else:
            raise puzzlink.unexpected(body, i)
        i += 1
    return values, i


def encode_number_lists(values: Sequence) -> str:
    """The clue-list data of the lists (None an empty cell), as pzprjs writes it; a list pzprjs cannot
    write (a 0 among several numbers, numbers too large for their place) is a ValueError."""
    out, run = [], 0
    for value in values:
        if value is None:
            run += 1
            continue
        nums = [0 if n == puzzlink.UNKNOWN else n for n in value]
        if len(nums) == 1:
            word = "." if value[0] == puzzlink.UNKNOWN else str(nums[0])
            ok = value[0] == puzzlink.UNKNOWN or 0 <= nums[0] <= 8
        elif len(nums) == 4 and nums == [1, 1, 1, 1]:
            word, ok = "9", True
        else:
            top = {2: 6, 3: 4, 4: 2}.get(len(nums), 0)
            ok = top > 0 and all(0 <= n < top for n in nums) and not any(n == 0 for n in value)
            base, scale = {2: (360, 6), 3: (396, 4), 4: (460, 2)}.get(len(nums), (0, 1))
            n = base + sum(d * scale ** (len(nums) - 1 - k) for k, d in enumerate(nums))
            word = B36[n // 36] + B36[n % 36]
        if not ok:
            raise ValueError(f"no clue-list form for {value!r}")
        out += [puzzlink.runs(run, 16, 20), word]
        run = 0
    out.append(puzzlink.runs(run, 16, 20))
    return "".join(out)
