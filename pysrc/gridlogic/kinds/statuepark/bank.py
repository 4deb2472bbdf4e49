"""Statue park's bank of pieces: its text, its presets (pzprjs's), and each piece's cells.

Text of a bank: a preset's name (`pentominoes`, `tetrominoes`, `double tetrominoes`, or its puzz.link
letter `p`, `t`, `d`), or the pieces separated by spaces, each its rows of `#` (a cell) and `.` joined
by `/` (`##/#.` an L of three). A piece is kept as it is written: its puzz.link form (pzprjs's
BankPiece) is read and written as it lies.
"""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.text import read_number
from gridlogic.codecs import puzzlink
from gridlogic.codecs.puzzlink import B36

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
        pieces.append(encode_piece(cells))
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
        cells = decode_piece(form)
        h, w = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
        out.append("/".join("".join("#" if (r, c) in cells else "." for c in range(w)) for r in range(h)))
    return " ".join(out)


def cells_of(pieces: tuple[str, ...]) -> list[frozenset]:
    """Each piece's cells."""
    return [decode_piece(form) for form in pieces]


def checked(pieces: list[str]) -> tuple[str, ...]:
    """Pieces read from a link, each a connected piece of at most MAX_PIECE cells, at most MAX_PIECES."""
    if not 1 <= len(pieces) <= MAX_PIECES:
        raise PuzzleSyntaxError(f"puzz.link: the bank holds 1 to {MAX_PIECES} pieces (got {len(pieces)})")
    for form in pieces:
        cells = decode_piece(form)
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


# -- the puzz.link forms (pzprjs's BankPiece and decodePieceBank) --------------------------------------
def decode_piece(text: str) -> frozenset:
    """The cells (r, c) of a bank piece: its width and height (a base-36 digit each), then its w×h cells
    row by row, one bit each (1 filled), five to a base-32 digit, the first the highest; zero digits at
    the end may be left out. A piece with no filled cell is refused."""
    if len(text) < 3 or any(ch not in B36[:32] for ch in text[2:]) or text[0] not in B36 or text[1] not in B36:
        raise PuzzleSyntaxError(f"puzz.link: {excerpt(text)} is not a piece (width, height, cells)")
    w, h = B36.index(text[0]), B36.index(text[1])
    bits = "".join(format(B36.index(ch), "05b") for ch in text[2:]).ljust(w * h, "0")
    cells = frozenset(divmod(i, w) for i in range(w * h) if w and bits[i] == "1")
    if not cells or "1" in bits[w * h:]:
        raise PuzzleSyntaxError(f"puzz.link: the piece {excerpt(text)} has no cells or cells past its {w}×{h}")
    return cells


def encode_piece(cells) -> str:
    """The bank form of a piece (its cells as they lie, moved to touch row 0 and column 0)."""
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    moved = {(r - r0, c - c0) for r, c in cells}
    h, w = max(r for r, _ in moved) + 1, max(c for _, c in moved) + 1
    if w > 35 or h > 35:
        raise ValueError("a piece wider or taller than 35 cells has no bank form")
    bits = "".join("1" if (r, c) in moved else "0" for r in range(h) for c in range(w))
    digits = "".join(B36[int(bits[i:i + 5].ljust(5, "0"), 2)] for i in range(0, len(bits), 5))
    return B36[w] + B36[h] + digits.rstrip("0")


def decode_piece_bank(body: str, at: int, presets: dict) -> tuple[list[str], int]:
    """The pieces of a bank at `at`: `//<key>` a preset (`presets`: key to its pieces' forms), else
    `/<count>/<piece>/<piece>…`; the pieces' forms as written, and where reading stopped."""
    rest = body[at:]
    if rest.startswith("//"):
        key = rest[2:3]
        if key not in presets:
            raise puzzlink.refuse(body, at + 2, f"{excerpt(key)} is not a bank of pieces ({', '.join(presets)})")
        return list(presets[key]), at + 3
    if not rest.startswith("/"):
        raise puzzlink.refuse(body, at, "the bank of pieces starts with /")
    parts = rest[1:].split("/")
    count = read_number(parts[0], 3)
    if count is None or len(parts) < count + 1:
        raise puzzlink.refuse(body, at + 1, "the bank is the number of pieces, then each piece after a /")
    pieces = parts[1:count + 1]
    return pieces, at + 1 + len("/".join(parts[:count + 1]))


def encode_piece_bank(pieces: Sequence[str], presets: dict) -> str:
    """The bank form of pieces' forms: a preset's `//<key>` when they are its pieces in its order."""
    for key, preset in presets.items():
        if list(preset) == list(pieces):
            return "//" + key
    return "/" + "/".join([str(len(pieces)), *pieces])
