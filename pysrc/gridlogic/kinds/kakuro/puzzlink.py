"""puzz.link's kakuro (pzprjs `kakuro`, an encoding of its own): the interior's cells and clues, then the
sums of the border, read and written. A sum is one character (`_decval`): 0-9 a-j for 0-19, A-Z for
20-45; a run of white cells `k`-`z` (1-16 of them); `.` a black cell without clues."""

from __future__ import annotations

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds.kakuro.grid import BLACK, MAX_SIDE, WHITE, Puzzle, _puzzle
from gridlogic.codecs import puzzlink


def _decval(ch: str) -> int | None:
    if "0" <= ch <= "9" or "a" <= ch <= "j":
        return int(ch, 36) or None
    if "A" <= ch <= "Z":
        return int(ch, 36) + 10
    if ch == "-":
        return None
    raise ValueError(ch)


def _encval(value: int | None) -> str:
    if value is None:
        return "0"
    return "0123456789abcdefghij"[value] if value < 20 else "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[value - 10]


def from_puzzlink(cols, rows, body: str) -> Puzzle:
    """A puzzle from puzz.link's kakuro data (`cols`/`rows` = the interior, without the clue border)."""
    try:
        cols, rows = int(cols), int(rows)
    except (TypeError, ValueError):
        raise PuzzleSyntaxError(f"puzz.link size must be two numbers, got {excerpt(cols)}/{excerpt(rows)}") from None
    if not (1 <= cols < MAX_SIDE and 1 <= rows < MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link size {cols}×{rows} is out of range 1..{MAX_SIDE - 1}")
    inner: list = []
    i = 0

    def fail(message: str):
        raise PuzzleSyntaxError(f"puzz.link data, character {i + 1}: {message}", col=i + 1)

    try:
        while len(inner) < rows * cols:
            if i >= len(body):
                fail(f"the data ends after {len(inner)} of {rows * cols} cells")
            ch = body[i]
            if "k" <= ch <= "z":
                inner.extend([WHITE] * (int(ch, 36) - 19))
                if len(inner) > rows * cols:
                    fail(f"{ch!r} runs past the last cell")
            elif ch == ".":
                inner.append(BLACK)
            else:
                down = _decval(ch)
                i += 1
                if i >= len(body):
                    fail("a clue cell needs two characters")
                inner.append((down, _decval(body[i])))
            i += 1
        top = []
        for x in range(cols):
            if inner[x] is WHITE:
                if i >= len(body):
                    fail(f"the data ends before the sum above column {x + 1}")
                top.append((_decval(body[i]), None))
                i += 1
            else:
                top.append(BLACK)
        left = []
        for y in range(rows):
            if inner[y * cols] is WHITE:
                if i >= len(body):
                    fail(f"the data ends before the sum left of row {y + 1}")
                left.append((None, _decval(body[i])))
                i += 1
            else:
                left.append(BLACK)
    except ValueError:
        fail(f"unexpected character {body[i]!r}")
    if i < len(body):
        fail(f"unexpected extra data {excerpt(body[i:])} (is the size {cols}/{rows} right?)")
    cells = [BLACK, *top]
    for y in range(rows):
        cells += [left[y], *inner[y * cols:(y + 1) * cols]]
    return _puzzle(rows + 1, cols + 1, tuple(cells))


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL: the first row and column (clues only, as every valid puzzle has) become
    the border, the rest the interior."""
    cols, rows = puzzle.cols - 1, puzzle.rows - 1
    out, count = [], 0
    for r in range(1, puzzle.rows):
        for c in range(1, puzzle.cols):
            cell = puzzle.cell(r, c)
            piece = "" if cell is WHITE else "." if cell == BLACK else _encval(cell[0]) + _encval(cell[1])
            count += cell is WHITE
            if count == 0:
                out.append(piece)
            elif piece or count == 16:
                out.append(puzzlink.B36[count + 19] + piece)
                count = 0
    if count:
        out.append(puzzlink.B36[count + 19])
    out += [_encval(puzzle.cell(0, c)[0]) for c in range(1, puzzle.cols) if puzzle.is_white(1, c)]
    out += [_encval(puzzle.cell(r, 0)[1]) for r in range(1, puzzle.rows) if puzzle.is_white(r, 1)]
    return puzzlink.url("kakuro", cols, rows, "".join(out))
