"""What the shading genres share (nurikabe, hitori, …): a grid of number clues, read and written as text,
a shading as the answer, its cell facts and its board.

Text of a grid: one line per row, its cells as tokens: `.` an empty cell, a number, `?` a number not
given (pzprjs's "?"). Tokens are separated by spaces; a row without spaces takes one character per
cell (`.5...`). Blank lines at either end are skipped. A first line `RxC` (`3x1`) gives the size; the
writer puts it before a one-column grid holding a number of two or more digits, whose rows have no space
to show where a cell ends (then each row is one cell).

Text of a shading: one line per row, `#` (or `*`, a star) a shaded cell, `.` (or `+`, a digit, `?`) an
unshaded one.

A shading is a tuple of 0/1 per cell, row by row (1 shaded). The variable `("shade", y, x)` is true when
the cell at lattice point (y, x) (gridlogic/lattice.py: cell (r, c) at (2r+1, 2c+1)) is shaded; its fact
is (r, c, 1) shaded or (r, c, 0) unshaded, the values a player enters (1 shaded, 0 unshaded, a dot).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gridlogic.cnf.formula import Model, Not
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.text import read_number
from gridlogic.lattice import cell_point
from gridlogic.codecs import puzzlink
from gridlogic.model import Board, Violation

UNKNOWN = "?"                 # a clue cell whose number is not given
MAX_SIDE = 40
MAX_NUMBER = 9999
VALUE_WORDS = {1: ("shaded", "■"), 0: ("unshaded", "·")}   # "r3c4 must be shaded"
Value = int | str | None      # a cell's clue: None, a number or UNKNOWN


@dataclass(frozen=True)
class Grid:
    """An R×C grid of clues, row by row (None where a cell has none)."""

    rows: int
    cols: int
    clues: tuple[Value, ...]

    def at(self, r: int, c: int) -> Value:
        """The clue at (r, c)."""
        return self.clues[r * self.cols + c]

    def numbered(self) -> dict[tuple[int, int], Value]:
        """The cells holding a clue, with it, row by row."""
        return {divmod(i, self.cols): v for i, v in enumerate(self.clues) if v is not None}


def shade(p: tuple[int, int]) -> tuple:
    """The variable "the cell at lattice point p is shaded"."""
    return ("shade", *p)


def unshaded(p: tuple[int, int]):
    """The literal "the cell at lattice point p is unshaded"."""
    return Not(shade(p))


def cell_shade(r: int, c: int) -> tuple:
    """The variable "cell (r, c) is shaded"."""
    return shade(cell_point(r, c))


# -- text ------------------------------------------------------------------------------------------
def _lines(text: str) -> list[tuple[int, str]]:
    """The rows of a text with their line numbers (from 1), comments and blank ends dropped."""
    rows = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)]
    while rows and not rows[0][1]:
        rows.pop(0)
    while rows and not rows[-1][1]:
        rows.pop()
    return rows


_SIZE = re.compile(r"(\d{1,3})x(\d{1,3})")     # the optional size line, "3x1"


def _sized(rows: list[tuple[int, str]], split: Callable[[str], list[str]],
           read: Callable[[str, int, int, int], Value]) -> tuple[int, Callable[[str], list[str]]] | None:
    """The width the size line at the top of `rows` gives and the split its grid is read with (a whole
    row one cell in a grid one column wide), its line removed; None when the first line is none (a row
    that reads as cells, "1x2" in a grid of labels, is a row)."""
    size = _SIZE.fullmatch(rows[0][1]) if rows else None
    if size is None or _reads(rows[0], split, read):
        return None
    n, _ = rows.pop(0)
    height, width = int(size[1]), int(size[2])
    if not width:
        raise PuzzleSyntaxError(f"line {n}: the size {height}x{width} has no column", line=n)
    if not rows or len(rows) != height:
        raise PuzzleSyntaxError(f"line {n}: the size {height}x{width} says {height} rows, the grid has {len(rows)}",
                                line=n)
    return width, (lambda line: [line]) if width == 1 else split


def _reads(row: tuple[int, str], split: Callable[[str], list[str]], read: Callable[[str, int, int, int], Value]) -> bool:
    """Whether every token of a row reads as a cell."""
    n, line = row
    try:
        for c, token in enumerate(split(line)):
            read(token, n, 0, c)
    except PuzzleSyntaxError:
        return False
    return True


def _tokens(line: str) -> list[str]:
    return line.split() if any(ch.isspace() for ch in line) else list(line)


def _one_column(rows: list[tuple[int, str]], read: Callable[[str, int, int, int], Value]) -> tuple | None:
    """A grid one cell wide whose rows are not all one character long ("10" under "."): its values, when
    no row has a space, some rows are one character long and others longer (read a character a cell they
    could not be a grid), and each row reads whole as one clue (a number, ?) or none; else None."""
    lines = [line for _, line in rows]
    lengths = {len(line) for line in lines}
    if len(lengths) < 2 or 1 not in lengths or any(ch.isspace() for line in lines for ch in line):
        return None
    try:
        values = tuple(read(line, n, r, 0) for r, (n, line) in enumerate(rows))
    except PuzzleSyntaxError:
        return None
    return values if all(v is None or v == UNKNOWN or type(v) is int for v in values) else None   # clues, not marks


def parse_grid(text: str, read: Callable[[str, int, int, int], Value], what: str,
               split: Callable[[str], list[str]] | None = None) -> Grid:
    """The grid of a text, each token read by `read(token, line, r, c)` (a located error when it does not
    read); the rows must be equally long and within MAX_SIDE. `split` cuts a row into its tokens (by
    default: at spaces, or one character each in a row without spaces)."""
    rows = _lines(text)
    sized = _sized(rows, split or _tokens, read)
    if not rows:
        raise PuzzleSyntaxError(f"empty input: a {what} is one line per row (. empty, numbers)")
    if len(rows) > MAX_SIDE:
        raise PuzzleSyntaxError(f"at most {MAX_SIDE} rows (got {len(rows)})", line=rows[MAX_SIDE][0])
    width, first = None, "the first row has"
    if sized is not None:
        (width, split), first = sized, "the size says"
    elif split is None and (column := _one_column(rows, read)) is not None:
        return Grid(len(rows), 1, column)
    grid: list[Value] = []
    for r, (n, line) in enumerate(rows):
        if not line:
            raise PuzzleSyntaxError(f"line {n}: a blank line inside the grid", line=n)
        tokens = (split or _tokens)(line)
        if width is None:
            width = len(tokens)
        if width > MAX_SIDE:
            raise PuzzleSyntaxError(f"line {n}: at most {MAX_SIDE} columns (got {width})", line=n)
        if len(tokens) != width:
            raise PuzzleSyntaxError(f"line {n}: {len(tokens)} cells, {first} {width}", line=n, r=r)
        grid += [read(token, n, r, c) for c, token in enumerate(tokens)]
    return Grid(len(rows), width or 0, tuple(grid))


def read_clue(token: str, line: int, r: int, c: int, lo: int = 0, hi: int = MAX_NUMBER,
              unknown: bool = True) -> Value:
    """A token of a grid of number clues: `.` none, `?` UNKNOWN (when allowed), a number lo..hi."""
    if token == ".":
        return None
    if token == UNKNOWN and unknown:
        return UNKNOWN
    value = read_number(token, 5)
    if value is None or not lo <= value <= hi:
        allowed = f"'.', {'?, ' if unknown else ''}or a number {lo}-{hi}"
        where = {"line": line, "r": r, "c": c} if line else {"r": r, "c": c}
        raise PuzzleSyntaxError(f"{f'line {line}, ' if line else ''}r{r + 1}c{c + 1}: {excerpt(token)} is not "
                                f"{allowed}", **where)
    return value


def format_grid(grid: Grid) -> str:
    """The text of a grid of clues (tokens separated by spaces when some clue is longer than one character;
    the size line first when such a grid is one column wide)."""
    words = ["." if v is None else str(v) for v in grid.clues]
    long = any(len(w) > 1 for w in words)
    size = f"{grid.rows}x1\n" if long and grid.cols == 1 else ""
    sep = " " if long else ""
    return size + "\n".join(sep.join(words[r * grid.cols:(r + 1) * grid.cols]) for r in range(grid.rows)) + "\n"


def parse_shading(grid: Grid, text: str) -> tuple[int, ...]:
    """A shading's text (see the module docstring), R lines of C characters."""
    rows = [line for _, line in _lines(text)]
    if len(rows) != grid.rows:
        raise PuzzleSyntaxError(f"a solution has {grid.rows} rows of # and . (got {len(rows)})")
    out = []
    for r, line in enumerate(rows):
        cells = line.replace(" ", "")
        if len(cells) != grid.cols:
            raise PuzzleSyntaxError(f"solution row {r + 1}: {len(cells)} cells, not {grid.cols}", r=r)
        for c, ch in enumerate(cells):
            if ch not in "#*.+?0123456789":
                raise PuzzleSyntaxError(f"solution r{r + 1}c{c + 1}: {excerpt(ch)} is not # or .", r=r, c=c)
            out.append(int(ch in "#*"))
    return tuple(out)


def format_shading(grid: Grid, shading: Sequence[int]) -> str:
    """The text of a shading."""
    marks = ["#" if s else "." for s in shading]
    return "\n".join("".join(marks[r * grid.cols:(r + 1) * grid.cols]) for r in range(grid.rows)) + "\n"


# -- the solver's side -----------------------------------------------------------------------------
def show_cells(f, grid: Grid) -> None:
    """Show every cell's shade variable: a solution is a shading."""
    f.show(cell_shade(r, c) for r in range(grid.rows) for c in range(grid.cols))


def decode_shading(grid: Grid, model: Model) -> tuple[int, ...]:
    """The shading of a model."""
    return tuple(int(model[cell_shade(r, c)]) for r in range(grid.rows) for c in range(grid.cols))


def fact_of(puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact of a shade variable: (r, c, 1) shaded, (r, c, 0) unshaded."""
    if key[0] != "shade":
        return None
    return (key[1] - 1) // 2, (key[2] - 1) // 2, int(value)


def render_shading(grid: Grid, shading: Sequence[int] | None = None, extras: dict | None = None) -> Board:
    """The clues as given cells, and a shading's cells drawn black (its unshaded cells as dots)."""
    cells, shaded, dots = [], [], []
    for i, clue in enumerate(grid.clues):
        r, c = divmod(i, grid.cols)
        on = bool(shading and shading[i])
        role = "black" if on else ("given" if clue is not None else "empty")
        cells.append({"r": r, "c": c, "text": "" if clue is None else str(clue), "role": role})
        if shading is not None:
            (shaded if on else dots).append(cell_point(r, c))
    marks = {"shade": shaded, "dot": [p for p in dots if grid.clues[(p[0] // 2) * grid.cols + p[1] // 2] is None]}
    return Board(grid.rows, grid.cols, tuple(cells), extras or {}, marks if shading is not None else {})


# -- components, for the checkers (no code shared with the encoders) ---------------------------------
def regions(rows: int, cols: int, member: Callable[[int, int], bool]) -> list[list[tuple[int, int]]]:
    """The orthogonally connected groups of the cells where `member(r, c)` holds, each sorted, in the
    order of their first cell."""
    seen: set[tuple[int, int]] = set()
    out = []
    for r0 in range(rows):
        for c0 in range(cols):
            if (r0, c0) in seen or not member(r0, c0):
                continue
            seen.add((r0, c0))
            todo, group = [(r0, c0)], []
            while todo:
                r, c = todo.pop()
                group.append((r, c))
                for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= r2 < rows and 0 <= c2 < cols and (r2, c2) not in seen and member(r2, c2):
                        seen.add((r2, c2))
                        todo.append((r2, c2))
            out.append(sorted(group))
    return out


# -- the editing state -----------------------------------------------------------------------------
PLAY = {"values": [0, 1], "cycle": [1, 0], "drag": True, "keys": {"#": 1, "s": 1, "x": 0, "d": 0}}
"""Play as puz.link shades: a press shades a cell (again: a dot, again: nothing), the right button dots
it, a drag paints what the press made; keys # or s shade, x or d dot."""


def grid_layout(lo: int, hi: int, on: str, note: str, unknown: bool = True) -> dict:
    """A grid of number clues edited cell by cell (numbers lo..hi, and `?` when `unknown`), played by
    shading the cells `on` says ("empty": the cells without a clue; "all")."""
    cell: dict = {"numbers": [lo, hi], "empty": {"label": "empty"}}
    if unknown:
        cell["states"] = [{"key": "unknown", "token": UNKNOWN, "label": "? (a number not given)", "keys": "?",
                           "look": "given", "glyph": "?"}]
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 7, 10, 15, 20)],
            "default_size": {"rows": 7, "cols": 7}, "free_size": True,
            "min_size": {"rows": 1, "cols": 1}, "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE},
            "size_note": note, "cell": cell, "play": {**PLAY, "on": on}}


def grid_to_state(grid: Grid) -> dict:
    """The editing state of a grid of clues."""
    return {"rows": grid.rows, "cols": grid.cols, "cells": ["" if v is None else str(v) for v in grid.clues]}


def grid_from_state(state: dict, lo: int, hi: int, unknown: bool = True) -> Grid:
    """The grid of an editing state (shape already checked), each cell read as the text's token."""
    cols = state["cols"]
    values = [read_clue(cell or ".", 0, *divmod(i, cols), lo=lo, hi=hi, unknown=unknown) if cell != "." else
              _refuse_dot(i, cols) for i, cell in enumerate(state["cells"])]
    return Grid(state["rows"], cols, tuple(values))


def _refuse_dot(i: int, cols: int):
    r, c = divmod(i, cols)
    raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: '.' is not a number", r=r, c=c)


# -- puzz.link: a number (or ?) per cell, pzprjs's Number16 ---------------------------------------------
def number16_grid(cols: int, rows: int, body: str, what: str) -> Grid:
    """The grid of puzz.link Number16 data over the cells (within MAX_SIDE; data past the cells is left,
    as pzprjs leaves it)."""
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: {what}: at most {MAX_SIDE}×{MAX_SIDE} cells (got {cols}×{rows})")
    values, _ = puzzlink.decode_number16(body.split("/")[0], rows * cols)
    values = (values + [None] * (rows * cols))[:rows * cols]
    return Grid(rows, cols, tuple(UNKNOWN if v == puzzlink.UNKNOWN else v for v in values))


def number16_body(grid: Grid) -> str:
    """The Number16 data of a grid's clues."""
    return puzzlink.encode_number16([puzzlink.UNKNOWN if v == UNKNOWN else v for v in grid.clues])


def touching(rows: int, cols: int, on: Callable[[int, int], bool], code: str, words: str,
             diagonal: bool = False) -> list[Violation]:
    """A violation for each two cells where `on` holds side by side (or corner to corner with `diagonal`)."""
    steps = ((0, 1), (1, 0)) + (((1, -1), (1, 1)) if diagonal else ())
    return [Violation(code, ((r, c), (r + dr, c + dc)), words) for r in range(rows) for c in range(cols)
            for dr, dc in steps if on(r, c) and 0 <= r + dr < rows and 0 <= c + dc < cols and on(r + dr, c + dc)]


def divided(rows: int, cols: int, on: Callable[[int, int], bool], code: str, words: str) -> list[Violation]:
    """A violation for each part of the cells where `on` holds but the largest, when they are in parts."""
    parts = regions(rows, cols, on)
    if len(parts) < 2:
        return []
    biggest = max(parts, key=len)
    return [Violation(code, tuple(p), words) for p in parts if p is not biggest]


def open_fact_of(puzzle: Grid, key, value: bool) -> tuple[int, int, int] | None:
    """`fact_of` for a grid whose clue cells are never the player's to mark (play on the empty cells):
    the cell fact of a shade variable, none at a clue's cell (its colour is a given, not a step)."""
    fact = fact_of(puzzle, key, value)
    return None if fact is None or puzzle.at(fact[0], fact[1]) is not None else fact
