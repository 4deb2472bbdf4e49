"""The yajilin Puzzle, its text form and its puzz.link form.

Text: one line per row, its cells as tokens separated by spaces: `.` an empty cell; a clue cell as an
arrow and a number, `^3` (up), `v3` (down), `<3` (left), `>3` (right) (or the arrows `↑↓←→`), `?` for
the number when it is not given (`^?`); a number alone (`3`) a clue cell with no arrow; `+` a clue cell
with neither (grey).
A row without spaces takes one character per cell (`..+..`). puzz.link (`yajilin`, the flag `b` for
grey clue cells is only how they look): pzprjs's ArrowNumber16 over the cells.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds import _shading as sh
from gridlogic.text import read_number
from gridlogic.codecs import puzzlink
from gridlogic.codecs.puzzlink import BLANK, UNKNOWN

MAX_SIDE = 40
MAX_NUMBER = 999
ARROWS = "^v<>"                  # pzprjs's directions 1-4: up, down, left, right
PICTURES = "↑↓←→"
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
Clue = object                    # BLANK, or (direction 0-4, number or UNKNOWN)


@dataclass(frozen=True)
class Puzzle:
    """An R×C yajilin: its clue cells {(r, c): clue}, sorted (see the module docstring)."""

    rows: int
    cols: int
    clues: tuple[tuple[tuple[int, int], Clue], ...]

    def clue_map(self) -> dict:
        return dict(self.clues)

    def ray(self, r: int, c: int, direction: int) -> list[tuple[int, int]]:
        """The cells from beside (r, c) to the grid's edge along a direction 1-4."""
        dy, dx = STEPS[direction - 1]
        out = []
        r, c = r + dy, c + dx
        while 0 <= r < self.rows and 0 <= c < self.cols:
            out.append((r, c))
            r, c = r + dy, c + dx
        return out


def make(rows: int, cols: int, clues: dict) -> Puzzle:
    """The puzzle, its size checked."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE) or rows * cols < 2:
        raise PuzzleSyntaxError(f"yajilin: sizes are 1×2 to {MAX_SIDE}×{MAX_SIDE} (got {cols}×{rows})")
    return Puzzle(rows, cols, tuple(sorted(clues.items())))


def token(clue: Clue) -> str:
    """A clue's text token (see the module docstring)."""
    if clue == BLANK:
        return BLANK
    direction, number = clue
    return (ARROWS[direction - 1] if direction else "") + str(number)


def picture(clue: Clue) -> str:
    """A clue as drawn: "↑3", "?" or "" for a grey cell."""
    if clue == BLANK:
        return ""
    direction, number = clue
    return (PICTURES[direction - 1] if direction else "") + str(number)


def read_token(word: str, line: int, r: int, c: int) -> Clue | None:
    """A cell's token (see the module docstring); a located error when it is none."""
    if word == ".":
        return None
    if word == BLANK:
        return BLANK
    if word[0] in PICTURES:
        word = ARROWS[PICTURES.index(word[0])] + word[1:]
    direction = ARROWS.index(word[0]) + 1 if word[0] in ARROWS else 0
    rest = word[1:] if direction else word
    number = UNKNOWN if rest in (UNKNOWN, "") and (direction or rest) else read_number(rest, 4)
    if number is None or (number != UNKNOWN and number > MAX_NUMBER):
        where = {"line": line, "r": r, "c": c} if line else {"r": r, "c": c}
        raise PuzzleSyntaxError(f"{f'line {line}, ' if line else ''}r{r + 1}c{c + 1}: {excerpt(word)} is not a "
                                f"clue (an arrow ^ v < > and a number 0-{MAX_NUMBER} or ?, +, or .)", **where)
    return direction, number


def parse_text(text: str) -> Puzzle:
    grid = sh.parse_grid(text, read_token, "yajilin")
    return make(grid.rows, grid.cols, {k: v for k, v in grid.numbered().items()})


def format_text(puzzle: Puzzle) -> str:
    clues = puzzle.clue_map()
    words = [token(clues[(r, c)]) if (r, c) in clues else "." for r in range(puzzle.rows) for c in range(puzzle.cols)]
    sep = " " if any(len(w) > 1 for w in words) else ""
    return "\n".join(sep.join(words[r * puzzle.cols:(r + 1) * puzzle.cols]) for r in range(puzzle.rows)) + "\n"


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link's `yajilin` data: ArrowNumber16 over the cells."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleSyntaxError(f"yajilin: sizes are 1×2 to {MAX_SIDE}×{MAX_SIDE} (got {cols}×{rows})")
    values, _ = puzzlink.decode_arrow_number16(body, rows * cols)
    for i, v in enumerate(values):
        if v not in (None, BLANK) and v[1] != UNKNOWN and v[1] > MAX_NUMBER:
            raise PuzzleSyntaxError(f"yajilin: r{i // cols + 1}c{i % cols + 1}: {v[1]} is past {MAX_NUMBER}",
                                    r=i // cols, c=i % cols)
    return make(rows, cols, {divmod(i, cols): v for i, v in enumerate(values) if v is not None})


def to_puzzlink(puzzle: Puzzle) -> str:
    clues = puzzle.clue_map()
    values = [clues.get((r, c)) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    return puzzlink.url("yajilin", puzzle.cols, puzzle.rows, puzzlink.encode_arrow_number16(values))
