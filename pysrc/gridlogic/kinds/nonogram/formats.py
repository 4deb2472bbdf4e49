"""The other formats: puzz.link URLs, Tatham's Pattern game IDs and the TAAI tournament question files."""

from __future__ import annotations

import re
import sys

from gridlogic import links
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds.nonogram.grid import MAX_SIDE, Clue, Puzzle, _numbers, make_puzzle


# -- puzz.link ----------------------------------------------------------------------------------
def from_url(url: str) -> Puzzle:
    """A puzz.link / pzprjs nonogram URL (`…?nonogram/W/H/body`)."""

    if not re.search(r"\?(?:type=[a-z]+&)?nonogram(?:_edit|_play)?/", url.strip()):
        raise PuzzleSyntaxError("not a puzz.link nonogram URL (expected …?nonogram/W/H/body)")
    return links.from_url(sys.modules[__package__], url)


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """A puzzle from puzz.link nonogram data: width `cols`, height `rows` and the clue body."""
    w, h = cols, rows
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: nonogram: at most {MAX_SIDE}×{MAX_SIDE} cells (got {w}×{h})")
    m = re.fullmatch(r"([0-9a-z.\-]*)/?", body)
    if not m:
        bad = next((i for i, ch in enumerate(body) if ch not in "0123456789abcdefghijklmnopqrstuvwxyz.-/"), 0)
        raise PuzzleSyntaxError(f"puzz.link data, character {bad + 1}: unexpected character {body[bad]!r}",
                                col=bad + 1)
    body = m[1]
    per_col, per_row = (h + 1) // 2, (w + 1) // 2
    total = w * per_col + h * per_row
    slots: list[int | None] = []
    i = 0
    while i < len(body) and len(slots) < total:
        ch = body[i]
        if ch in "0123456789abcdef":
            slots.append(int(ch, 16))
            i += 1
        elif ch == "-":
            if not re.fullmatch(r"[0-9a-f]{2}", body[i + 1:i + 3]):
                raise PuzzleSyntaxError(f"puzz.link: bad number at position {i + 1}", col=i + 1)
            slots.append(int(body[i + 1:i + 3], 16))
            i += 3
        elif "g" <= ch <= "z":
            slots.extend([None] * (int(ch, 36) - 15))
            i += 1
        else:
            raise PuzzleSyntaxError("puzz.link: unknown clue numbers ('.') are not supported", col=i + 1)
    if len(slots) < total:
        raise PuzzleSyntaxError(f"puzz.link: the body holds {len(slots)} clue slots, expected {total}")
    slots = slots[:total]

    def lines(start: int, count: int, per: int) -> list[Clue]:
        out = []
        for k in range(count):
            part = slots[start + k * per:start + (k + 1) * per]
            out.append(tuple(v for v in reversed(part) if v))
        return out

    columns = lines(0, w, per_col)
    rows = lines(w * per_col, h, per_row)
    return make_puzzle(w, h, rows, columns)


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle (clues stored nearest-the-grid first)."""
    w, h = puzzle.width, puzzle.height
    slots: list[int | None] = []
    for clues, per in ((puzzle.columns, (h + 1) // 2), (puzzle.rows, (w + 1) // 2)):
        for clue in clues:
            part = list(reversed(clue))
            slots += part + [None] * (per - len(part))
    body, blanks = [], 0
    for v in slots + ["end"]:
        if v is None:
            blanks += 1
            if blanks == 20:
                body.append("z")
                blanks = 0
            continue
        if blanks:
            body.append(chr(ord("g") + blanks - 1))
            blanks = 0
        if v != "end":
            body.append(f"{v:x}" if v < 16 else f"-{v:02x}")
    return f"https://puzz.link/p?nonogram/{w}/{h}/{''.join(body)}"


# -- Tatham's Pattern ---------------------------------------------------------------------------
def from_tatham(game_id: str) -> Puzzle:
    """A Tatham "Pattern" descriptive game ID `WxH:col/…/row/…` (or a permalink ending in it)."""
    text = game_id.strip()
    if "#" in text and ":" in text.split("#", 1)[1]:
        text = text.split("#", 1)[1]
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
