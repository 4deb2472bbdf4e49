"""The other formats: puzz.link data, the page's old links, Tatham's Pattern game IDs and the TAAI tournament
question files."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds.nonogram.grid import MAX_SIDE, Clue, Puzzle, _numbers, make_puzzle
from gridlogic.codecs import puzzlink


# -- puzz.link (pzprjs `nonogram`: Number16ExCell, the clues above the columns, then left of the rows) ----
def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """A puzzle from puzz.link nonogram data: width `cols`, height `rows`, and the clue body: per column
    (h+1)//2 slots, per row (w+1)//2, each line's clues nearest the grid first."""
    w, h = cols, rows
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: nonogram: at most {MAX_SIDE}×{MAX_SIDE} cells (got {w}×{h})")
    per_col, per_row = (h + 1) // 2, (w + 1) // 2
    total = w * per_col + h * per_row
    m = re.fullmatch(r"([0-9a-z.\-]*)/?", body)
    if not m:
        bad = next((i for i, ch in enumerate(body) if ch not in "0123456789abcdefghijklmnopqrstuvwxyz.-/"), 0)
        raise PuzzleSyntaxError(f"puzz.link data, character {bad + 1}: unexpected character {body[bad]!r}",
                                col=bad + 1)
    slots, _ = puzzlink.decode_number16_excell(m[1], total)     # (data past the slots is left, as pzprjs does)
    if puzzlink.UNKNOWN in slots[:total]:
        raise PuzzleSyntaxError("puzz.link: unknown clue numbers ('.') are not supported")
    if len(slots) < total:
        raise PuzzleSyntaxError(f"puzz.link: the body holds {len(slots)} clue slots, expected {total}")

    def lines(start: int, count: int, per: int) -> list[Clue]:
        return [tuple(v for v in reversed(slots[start + k * per:start + (k + 1) * per]) if v) for k in range(count)]

    return make_puzzle(w, h, lines(w * per_col, h, per_row), lines(0, w, per_col))


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle (clues stored nearest-the-grid first)."""
    w, h = puzzle.width, puzzle.height
    slots: list[int | None] = []
    for clues, per in ((puzzle.columns, (h + 1) // 2), (puzzle.rows, (w + 1) // 2)):
        for clue in clues:
            part = list(reversed(clue))
            slots += part + [None] * (per - len(part))
    return puzzlink.url("nonogram", w, h, puzzlink.encode_number16_excell(slots))


# -- the page's old links -----------------------------------------------------------------------------
def from_old_link(old) -> str:
    """The `.non` text of the page's old nonogram payload `COLSxROWS/row clues/column clues` (its links up
    to commit 5acefc0): lines joined by `-`, numbers in a line by `.`. `old` is
    gridlogic/links/legacy.py's OldPayload."""
    m = old.match(r"([0-9]+)x([0-9]+)/([0-9.-]*)/([0-9.-]*)")
    height, width = old.size(m.group(1), m.group(2))
    lines = []
    for name, body, n in (("row", m.group(3), height), ("column", m.group(4), width)):
        clues = [""] if n == 1 and body == "" else body.split("-")
        if len(clues) != n:
            old.refuse(f"{len(clues)} {name} clues for {n} {name}s")
        for clue in clues:
            if not re.fullmatch(r"([0-9]+(\.[0-9]+)*)?", clue):
                old.refuse(f"{name} clue {excerpt(clue)} is not numbers joined by '.'")
        lines.append([",".join(clue.split(".")) if clue else "0" for clue in clues])
    return "\n".join([f"width {width}", f"height {height}", "", "rows", *lines[0], "", "columns", *lines[1]]) + "\n"


# -- Tatham's Pattern ---------------------------------------------------------------------------
def from_tatham(game_id: str) -> Puzzle:
    """A Tatham "Pattern" descriptive game ID `WxH:col/…/row/…` (its permalinks are read by gridlogic.links)."""
    text = game_id.strip()
    params, colon, desc = text.partition(":")
    if not colon:
        raise PuzzleSyntaxError("a Pattern game ID needs `params:description` (a random seed is not a puzzle)")
    m = re.fullmatch(r"([0-9]{1,4})(?:x([0-9]{1,4}))?", params)
    if not m:
        raise PuzzleSyntaxError(f"Pattern: bad size {excerpt(params)} (expected WxH or N)")
    w = int(m[1])
    h = int(m[2]) if m[2] else w
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise PuzzleSyntaxError(f"Pattern: nonogram: at most {MAX_SIDE}×{MAX_SIDE} cells (got {w}×{h})")
    if "," in desc:
        raise PuzzleSyntaxError("Pattern: cell givens (`,…` section) are not supported")
    fields = desc.split("/")
    if len(fields) != w + h:
        raise PuzzleSyntaxError(f"Pattern: expected {w + h} clues ({w} columns, {h} rows), got {len(fields)}")
    clues = []
    for k, field in enumerate(fields):
        what, where = (f"column {k + 1}", {"col": k}) if k < w else (f"row {k - w + 1}", {"row": k - w})
        clues.append(_numbers(field.replace(".", " "), f"Pattern {what}", where))
    return make_puzzle(w, h, clues[w:], clues[:w])


def to_tatham(puzzle: Puzzle) -> str:
    """The Tatham "Pattern" game ID of a puzzle."""
    fields = [".".join(map(str, clue)) for clue in puzzle.columns + puzzle.rows]
    return f"{puzzle.width}x{puzzle.height}:" + "/".join(fields)


# -- TAAI tournament question files ---------------------------------------------------------------
def read_taai(text: str, size: int = 25) -> list[tuple[str, Puzzle]]:
    """Puzzles of a TAAI/TCGA question file: `$k`, then `size` column clues, then `size` row clues."""
    lines = text.splitlines()
    out = []
    n = 0
    while n < len(lines):
        head = lines[n].strip()
        if not head:
            n += 1
            continue
        if not head.startswith("$"):
            raise PuzzleSyntaxError(f"line {n + 1}: expected `$k` to start a puzzle", line=n + 1)
        body = lines[n + 1:n + 1 + 2 * size]
        if len(body) < 2 * size:
            raise PuzzleSyntaxError(f"line {n + 1}: puzzle {excerpt(head)} has {len(body)} clue lines, "
                                    f"expected {2 * size}", line=n + 1)
        clues = [_numbers(b, f"line {n + 2 + k}", {"line": n + 2 + k}) for k, b in enumerate(body)]
        out.append((head[1:], make_puzzle(size, size, clues[size:], clues[:size])))
        n += 1 + 2 * size
    return out
