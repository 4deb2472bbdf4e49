"""Tents' links: puzz.link (pzprjs `tents`: the counts as Number16ExCell, columns then rows, then the trees
as 1Cell) and Simon Tatham's Tents game IDs (`WxH[d<letter>]:desc,<w column counts>,<h row counts>`;
desc `a`-`y` a run of 1-25 empty cells then a tree, `_` a tree at once, `z` 25 empty cells)."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.text import read_number
from gridlogic.kinds.tents.grid import MAX_SIDE, Puzzle
from gridlogic.codecs import puzzlink

TATHAM_ID = re.compile(r"^([0-9]+)x([0-9]+)(?:d[a-z])?:([a-z_]*)((?:,[0-9]+)*)$")


def _size(cols: int, rows: int, what: str) -> None:
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise PuzzleSyntaxError(f"{what} size {cols}×{rows} is out of range 1..{MAX_SIDE}")


def _checked(rows: int, cols: int, trees, cols_count, rows_count, what: str) -> Puzzle:
    for i, (n, most) in enumerate([(n, rows) for n in cols_count] + [(n, cols) for n in rows_count]):
        if n is not None and not (isinstance(n, int) and 0 <= n <= most):
            line = f"column {i + 1}" if i < cols else f"row {i - cols + 1}"
            raise PuzzleSyntaxError(f"{what}: {line}'s count {n} is not 0..{most}")
    return Puzzle(rows, cols, frozenset(trees), tuple(cols_count), tuple(rows_count))


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """A puzzle from puzz.link's tents data."""
    _size(cols, rows, "puzz.link")
    counts, at = puzzlink.decode_number16_excell(body, cols + rows)
    counts = (counts + [None] * (cols + rows))[:cols + rows]
    marks, _ = puzzlink.decode_1cell(body, rows * cols, at)
    trees = {divmod(k, cols) for k, m in enumerate(marks) if m}
    return _checked(rows, cols, trees, counts[:cols], counts[cols:], "puzz.link")


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    counts = puzzlink.encode_number16_excell(list(puzzle.cols_count) + list(puzzle.rows_count))
    marks = [(r, c) in puzzle.trees for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return puzzlink.url("tents", puzzle.cols, puzzle.rows, counts + puzzlink.encode_1cell(marks))


def from_tatham(game_id: str) -> Puzzle:
    """A Tatham Tents game ID (`8x8de:desc,counts`)."""
    m = TATHAM_ID.match("".join(game_id.split()))
    if not m:
        raise PuzzleSyntaxError(f"not a Tents game ID (WxH, ':', the trees, then the counts): {excerpt(game_id)}")
    cols, rows = read_number(m[1], 3) or 0, read_number(m[2], 3) or 0
    _size(cols, rows, "game ID")
    trees, i, cells = set(), 0, rows * cols
    for k, ch in enumerate(m[3]):
        i += 0 if ch == "_" else min(ord(ch) - ord("a") + 1, 25)
        if i > cells or (i == cells and (ch == "z" or k + 1 < len(m[3]))):
            raise PuzzleSyntaxError(f"game ID, character {k + 1} of the trees: past the last of {cells} cells")
        if i == cells:
            break
        if ch != "z":
            trees.add(divmod(i, cols))
            i += 1
    if i != cells:
        raise PuzzleSyntaxError(f"game ID: the trees' part ends at cell {i + 1} of {cells}")
    counts = [read_number(w, 4) for w in m[4].split(",")[1:]]
    if len(counts) != cols + rows:
        raise PuzzleSyntaxError(f"game ID: {len(counts)} counts, not {cols} columns and {rows} rows")
    return _checked(rows, cols, trees, counts[:cols], counts[cols:], "game ID")


def to_tatham(puzzle: Puzzle) -> str:
    """The game ID, as Tatham's generator writes it (every count given; a missing one written 0)."""
    out, run = [], 0
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            if (r, c) not in puzzle.trees:
                run += 1
                continue
            while run > 25:
                out.append("z")
                run -= 25
            out.append("_" if run == 0 else chr(ord("a") + run - 1))
            run = 0
    while run > 25:
        out.append("z")
        run -= 25
    out.append("_" if run == 0 else chr(ord("a") + run - 1))        # the last run ends on the last cell
    counts = ",".join(str(n or 0) for n in list(puzzle.cols_count) + list(puzzle.rows_count))
    return f"{puzzle.cols}x{puzzle.rows}:{''.join(out)},{counts}"


def is_tatham_id(game_id: str) -> bool:
    """True for a bare game ID of Tents' form: WxH, then trees in `a`-`z`/`_` and w + h counts after commas."""
    m = TATHAM_ID.match("".join(game_id.split()))
    return m is not None and len(m[4].split(",")) - 1 == int(m[1]) + int(m[2])
