"""Statue park's bank of pieces: its text, its presets (pzprjs's), and each piece's cells.

Text of a bank: a preset's name (`pentominoes`, `tetrominoes`, `double tetrominoes`, or its puzz.link
letter `p`, `t`, `d`), or the pieces separated by spaces, each its rows of `#` (a cell) and `.` joined
by `/` (`##/#.` an L of three). A piece is kept as it is written: its puzz.link form (pzprjs's
BankPiece) is read and written as it lies.
"""

from __future__ import annotations

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.links import puzzlink

PRESETS = {
    "p": ("337k", "15v", "24as", "24bo", "23fg", "337i", "23rg", "334u", "335s", "33bk", "24bk", "337o"),
    "t": ("14u", "23bg", "22u", "23f", "23eg"),
    "d": ("14u", "14u", "23bg", "23bg", "22u", "22u", "23f", "23f", "23eg", "23eg"),
}
NAMES = {"p": "pentominoes", "t": "tetrominoes", "d": "double tetrominoes"}
MAX_PIECES = 30
MAX_PIECE = 12             # cells of one piece


def read(text: str) -> tuple[str, ...]:
    """The pieces' puzz.link forms of a bank's text, refused in words where it does not read."""
    words = text.strip()
    for key, name in NAMES.items():
        if words in (key, name):
            return PRESETS[key]
    pieces = []
    for word in words.split():
        rows = word.split("/")
        if any(set(row) - {"#", "."} for row in rows) or len({len(row) for row in rows}) != 1:
            raise PuzzleSyntaxError(f"the piece {excerpt(word)} is rows of # and . of one length joined by /")
        cells = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"}
        if not cells or len(cells) > MAX_PIECE or not _connected(cells):
            raise PuzzleSyntaxError(f"the piece {excerpt(word)} is 1 to {MAX_PIECE} cells joined side by side")
        pieces.append(puzzlink.encode_piece(cells))
    if not pieces or len(pieces) > MAX_PIECES:
        raise PuzzleSyntaxError(f"the bank is a preset ({', '.join(NAMES.values())}) or 1 to {MAX_PIECES} pieces "
                                f"such as ##/#. (got {excerpt(words)})")
    return tuple(pieces)


def write(pieces: tuple[str, ...]) -> str:
    """The text of a bank: its preset's name, or its pieces."""
    for key, preset in PRESETS.items():
        if preset == tuple(pieces):
            return NAMES[key]
    out = []
    for form in pieces:
        cells = puzzlink.decode_piece(form)
        h, w = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
        out.append("/".join("".join("#" if (r, c) in cells else "." for c in range(w)) for r in range(h)))
    return " ".join(out)


def cells_of(pieces: tuple[str, ...]) -> list[frozenset]:
    """Each piece's cells."""
    return [puzzlink.decode_piece(form) for form in pieces]


def checked(pieces: list[str]) -> tuple[str, ...]:
    """Pieces read from a link, each a connected piece of at most MAX_PIECE cells, at most MAX_PIECES."""
    if not 1 <= len(pieces) <= MAX_PIECES:
        raise PuzzleSyntaxError(f"puzz.link: the bank holds 1 to {MAX_PIECES} pieces (got {len(pieces)})")
    for form in pieces:
        cells = puzzlink.decode_piece(form)
        if len(cells) > MAX_PIECE or not _connected(cells):
            raise PuzzleSyntaxError(f"puzz.link: the piece {excerpt(form)} is not 1 to {MAX_PIECE} cells joined "
                                    f"side by side")
    return tuple(pieces)


def _connected(cells: set) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if cell in cells and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return len(seen) == len(cells)
