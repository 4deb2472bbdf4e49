"""Binary puzzles as text: the Puzzle, the rows of 0, 1 and `.`, and Tatham's Unruly game IDs; the page's
old links read."""

from __future__ import annotations

import re
from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError, excerpt

EMPTY = ".-"
MAX_SIDE = 100             # rows and columns (published puzzles go to 20×20 or so)


@dataclass(frozen=True)
class Puzzle:
    """A W×H binary puzzle: givens row-major, None where empty."""

    width: int
    height: int
    givens: tuple[int | None, ...]

    def given(self, r: int, c: int) -> int | None:
        """The given digit at (r, c), or None."""
        return self.givens[r * self.width + c]


Solution = tuple  # row-major 0/1


def parse(text: str, **_options) -> Puzzle:
    """Rows of `0`, `1` and `.`/`-` (empty), one per line; or one line of N² cells; or a Tatham Unruly
    game ID with `u` (see `from_tatham`; its permalinks are read by gridlogic.links)."""
    word = text.strip()
    if ":" in word and not any(ch.isspace() for ch in word) and re.fullmatch(
            r"[0-9]{1,4}x[0-9]{1,4}[a-z]{0,20}", word.split(":", 1)[0]):
        return from_tatham(word)
    rows: list[tuple[int, str]] = [(ln, line.strip()) for ln, line in enumerate(text.splitlines(), 1)
                                   if line.strip()]
    if not rows:
        raise PuzzleSyntaxError("empty input: no binary-puzzle rows found")
    if len(rows) == 1 and len(rows[0][1]) > MAX_SIDE * MAX_SIDE:
        ln, line = rows[0]
        raise PuzzleSyntaxError(f"line {ln}: binary: at most {MAX_SIDE}×{MAX_SIDE} cells "
                                f"(got {len(line):,} cells on one line)", line=ln)
    if len(rows) > 1 and (len(rows) > MAX_SIDE or max(len(row) for _, row in rows) > MAX_SIDE):
        longest = max(len(row) for _, row in rows)
        ln = rows[MAX_SIDE][0] if len(rows) > MAX_SIDE else next(ln for ln, row in rows if len(row) == longest)
        raise PuzzleSyntaxError(f"line {ln}: binary: at most {MAX_SIDE}×{MAX_SIDE} cells "
                                f"(got {longest}×{len(rows)})", line=ln)
    for ln, row in rows:
        for col, ch in enumerate(row, 1):
            if ch not in "01" + EMPTY:
                raise PuzzleSyntaxError(f"line {ln}, column {col}: unexpected character {ch!r} "
                                        "(expected 0, 1, . or -)", line=ln, col=col)
    if len(rows) == 1 and len(rows[0][1]) > 2:
        ln, line = rows[0]
        n = int(round(len(line) ** 0.5))
        if n * n != len(line):
            raise PuzzleSyntaxError(f"line {ln}: a one-line puzzle needs N² cells, got {len(line)}", line=ln)
        rows = [(ln, line[i * n:(i + 1) * n]) for i in range(n)]
    width = len(rows[0][1])
    for i, (ln, row) in enumerate(rows):
        if len(row) != width:
            raise PuzzleSyntaxError(f"row {i + 1} (line {ln}): expected {width} cells, got {len(row)}",
                                    line=ln, r=i)
    _refuse_size(width, len(rows), line=rows[-1][0])
    givens = tuple(None if ch in EMPTY else int(ch) for _, row in rows for ch in row)
    return Puzzle(width, len(rows), givens)


def _refuse_size(width: int, height: int, line: int | None = None) -> None:
    """A PuzzleSyntaxError for a grid with an odd or empty side or a side over MAX_SIDE."""
    if max(width, height) > MAX_SIDE:
        raise PuzzleSyntaxError(f"binary: at most {MAX_SIDE}×{MAX_SIDE} cells (got {width}×{height})", line=line)
    if width % 2 or height % 2 or min(width, height) < 2:
        raise PuzzleSyntaxError(f"the grid is {width}×{height}; both sides must be even and at least 2", line=line)


def from_tatham(game_id: str) -> Puzzle:
    """A Tatham "Unruly" descriptive game ID `WxHu:desc`:
    row-major, a letter skips 0-24 empty cells (`a`/`A` none) and puts 0 (lower case) or 1 (upper
    case), `z`/`Z` skips 25; the positions total W·H+1. Only IDs with `u` (no two rows or columns
    equal) are this kind's rules: without it lines may repeat, which a binary puzzle here forbids."""
    text = game_id.strip()
    params, _, desc = text.partition(":")
    m = re.fullmatch(r"([0-9]{1,4})x([0-9]{1,4})((?:u|d[a-z]?)*)", params)
    if not m:
        raise PuzzleSyntaxError(f"Unruly: bad parameters {excerpt(params)} (expected WxH, e.g. 8x8u)")
    if "u" not in re.sub(r"d[a-z]?", "", m[3]):
        raise PuzzleSyntaxError(f"Unruly {excerpt(params)} lets rows or columns repeat, which a binary puzzle "
                                "here forbids: only IDs with 'u' (unique rows and columns) are read")
    w, h = int(m[1]), int(m[2])
    if not (2 <= w <= MAX_SIDE and 2 <= h <= MAX_SIDE) or w % 2 or h % 2:
        raise PuzzleSyntaxError(f"Unruly: {w}×{h}: sides must be even, at most {MAX_SIDE}")
    cells = ["."] * (w * h)
    pos = 0
    for i, ch in enumerate(desc, len(params) + 2):
        if ch in "zZ":
            pos += 25
            continue
        if not ("a" <= ch <= "y" or "A" <= ch <= "Y"):
            raise PuzzleSyntaxError(f"Unruly, character {i}: unexpected {excerpt(ch)} (a-z or A-Z)", col=i)
        pos += ord(ch.lower()) - ord("a")
        if pos < w * h:
            cells[pos] = "0" if ch.islower() else "1"
        pos += 1
        if pos > w * h + 1:
            break
    if pos != w * h + 1:
        raise PuzzleSyntaxError(f"Unruly: the description covers {pos:,} positions; a {w}×{h} grid needs "
                                f"{w * h + 1:,} (its cells and one more)")
    return parse("\n".join("".join(cells[r * w:(r + 1) * w]) for r in range(h)))


def to_tatham(puzzle: Puzzle) -> str:
    """The Tatham "Unruly" game ID of a puzzle (with `u`: rows and columns differ here)."""
    out, run = [], 0
    for v in tuple(puzzle.givens) + (0,):
        if v is None:
            run += 1
            if run == 25:
                out.append("z")
                run = 0
            continue
        out.append(chr((ord("a") if v == 0 else ord("A")) + run))
        run = 0
    return f"{puzzle.width}x{puzzle.height}u:{''.join(out)}"


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A proposed filled grid in the text format, for `check`."""
    filled = parse(text)
    if (filled.width, filled.height) != (puzzle.width, puzzle.height):
        raise PuzzleSyntaxError(f"the solution is {filled.width}×{filled.height}; "
                                f"the puzzle is {puzzle.width}×{puzzle.height}")
    return filled.givens


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The canonical text: rows of 0/1 and `.`."""
    values = solution if solution is not None else puzzle.givens
    w = puzzle.width
    return "\n".join("".join("." if v is None else str(v) for v in values[r * w:(r + 1) * w])
                     for r in range(puzzle.height))


def from_old_link(old) -> str:
    """The rows of the page's old binary payload `COLSxROWS/cells` (its links up to commit 5acefc0): 0 or
    1 per given, a-z a run of 1-26 empty cells. `old` is gridlogic/links/legacy.py's OldPayload."""
    return old.grid_text()
