"""The aquarium Puzzle: its tanks (kinds/_rooms.py's rooms, without numbers) and the counts outside the
grid, its text form, its editing state and its puzz.link form.

Text: the first line holds the column counts (the numbers above the grid), one word per column (a
number, or `-` for none); the second line the row counts (the numbers left of the grid), one word per
row; then the tanks as kinds/_rooms.py reads rooms (a label per cell). A solution is a shading (`#`
water, `.` empty).

    - - - 3
    2 1 3 -
    ABCC
    ADDC
    EEDD
    EEFD

State: the tanks as the `rooms` part, the counts as the edge fields `cols` and `rows`.

puzz.link (pzprjs `aquarium`): Border, `/`, then Number16ExCell (the column counts, then the row
counts). pzprjs's flag `r` (one water level per tank, "aquarium_regions") is a variant this kind does
not play: the envelope drops flags, so such a URL is read with the rules above.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds import _rooms as rooms
from gridlogic.text import read_number
from gridlogic.codecs import puzzlink

NONE = "-"


@dataclass(frozen=True)
class Puzzle:
    """The tanks (`tanks.room[i]` the tank of cell i) and each column's and row's count (None: none)."""

    tanks: rooms.Puzzle
    cols_count: tuple
    rows_count: tuple

    @property
    def rows(self) -> int:
        return self.tanks.rows

    @property
    def cols(self) -> int:
        return self.tanks.cols


def _count(word: str, what: str, most: int, **where) -> int | None:
    if word == NONE:
        return None
    n = read_number(word, 3)
    if n is None or n > most:
        raise PuzzleSyntaxError(f"{what}: {excerpt(word)} is not a count 0..{most} or '-'", **where)
    return n


def _counts(line: tuple[int, str], many: int, what: str, most: int) -> list:
    n, text = line
    words = text.split()
    if len(words) != many:
        raise PuzzleSyntaxError(f"line {n}: {len(words)} {what} counts for {many} {what}s", line=n)
    return [_count(w, f"line {n}, {what} {i + 1}'s count", most, line=n) for i, w in enumerate(words)]


def parse_text(text: str) -> Puzzle:
    """The text form (see the module docstring)."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) < 3:
        raise PuzzleSyntaxError("expected the column counts, the row counts, then the tanks (a label per cell)")
    first = lines[1][0]
    tanks = rooms.parse_text("\n" * first + "\n".join(text.splitlines()[first:]), numbered=False)
    cols_count = _counts(lines[0], tanks.cols, "column", tanks.rows)
    rows_count = _counts(lines[1], tanks.rows, "row", tanks.cols)
    return Puzzle(tanks, tuple(cols_count), tuple(rows_count))


def _word(n) -> str:
    return NONE if n is None else str(n)


def format_text(puzzle: Puzzle) -> str:
    """The canonical text of a puzzle."""
    return (" ".join(map(_word, puzzle.cols_count)) + "\n" + " ".join(map(_word, puzzle.rows_count)) + "\n"
            + rooms.format_text(puzzle.tanks, numbered=False))


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: the tanks and the counts as edge fields ("" for none)."""
    return {**rooms.to_state(puzzle.tanks),
            "edges": {"cols": ["" if n is None else str(n) for n in puzzle.cols_count],
                      "rows": ["" if n is None else str(n) for n in puzzle.rows_count]}}


def from_state(state: dict) -> Puzzle:
    """The puzzle of an editing state, located where a cell is in no tank or a count does not read."""
    tanks = rooms.from_state(state)
    edges = state.get("edges") or {}
    counts = {}
    for key, n, most, what in (("cols", tanks.cols, tanks.rows, "column"), ("rows", tanks.rows, tanks.cols, "row")):
        words = (list(edges.get(key) or []) + [""] * n)[:n]
        counts[key] = [None if not w.strip() else _count(w.strip(), f"{what} {i + 1}'s count", most,
                                                          edge=key, index=i) for i, w in enumerate(words)]
    return Puzzle(tanks, tuple(counts["cols"]), tuple(counts["rows"]))


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link aquarium data."""
    border, _, numbers = body.partition("/")
    tanks = rooms.from_border(cols, rows, border, "aquarium", numbered=False)
    counts, _ = puzzlink.decode_number16_excell(numbers, cols + rows)
    counts = (counts + [None] * (cols + rows))[:cols + rows]
    counts = [None if n == puzzlink.UNKNOWN else n for n in counts]
    for i, n in enumerate(counts):
        most = rows if i < cols else cols
        if n is not None and not 0 <= n <= most:
            line = f"column {i + 1}" if i < cols else f"row {i - cols + 1}"
            raise PuzzleSyntaxError(f"puzz.link: aquarium: {line}'s count {n} is not 0..{most}")
    return Puzzle(tanks, tuple(counts[:cols]), tuple(counts[cols:]))


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    body = (rooms.to_border(puzzle.tanks, numbered=False) + "/"
            + puzzlink.encode_number16_excell(list(puzzle.cols_count) + list(puzzle.rows_count)))
    return puzzlink.url("aquarium", puzzle.cols, puzzle.rows, body)
