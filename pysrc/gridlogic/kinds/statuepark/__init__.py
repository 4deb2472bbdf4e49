"""Statue park (puzz.link `statuepark`).

Rules, in puzz.link's words: place every piece of the bank in the grid as shaded cells, each exactly
once (rotations and reflections allowed); pieces do not touch each other side by side. Cells with a
black circle are shaded, cells with a white circle are not. All unshaded cells are connected.

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)) is shaded; they alone are shown. Each circle is a clue `("circle", r, c)`; the bank is
the clue `("bank",)` (cnf/polyominoes.py `bank_pieces`: a variable per placement of each piece); the
unshaded cells' lazy connectivity (cnf/connected.py) is the grid's rule.

Text: `pieces:` and the bank (bank.py: a preset's name, or pieces such as `##/#.`) on the first line,
then the grid, one line per row: `.` empty, `W` a white circle, `B` a black circle. State: the circles
as cell symbols, the bank in the extra field `pieces`.

The package: this module (the contract), bank.py (the bank's text and presets), steps.py (hint steps).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from gridlogic.cnf import connected, polyominoes
from gridlogic.cnf.formula import Formula, Model
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.statuepark import bank
from gridlogic.kinds.statuepark.steps import EASY_STEPS, name_step
from gridlogic.codecs import puzzlink
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "fact_of", "name_step", "from_puzzlink", "to_puzzlink"]

KEY = "statuepark"
TITLE = "Statue park"
HOW_TO_PLAY = ("Shade every piece of the bank once (turned or mirrored as you like), no two pieces touching side "
               "by side; black circles are shaded, white ones are not, and the unshaded cells stay connected.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = sh.VALUE_WORDS
fact_of = sh.fact_of
Solution = tuple          # 0/1 per cell, row by row (1 shaded)
CIRCLES = {1: "W", 2: "B"}  # pzprjs's circle values: 1 white, 2 black
BANK_HEAD = "pieces:"

EXAMPLES = (
    # made for this page and checked unique (tests/test_statuepark.py: by brute force too)
    Example("4×4", "pieces: ##/#. ### #\n...W\n....\n.BW.\n..B.\n", (), 1, "###.\n....\n.#.#\n..##\n"),
    Example("two ways", "pieces: ##/#. ##\nBW..\n.B..\n....\n", (), 2),
    Example("impossible", "pieces: ##/##\nB.\nW.\n", (), 0),
)


@dataclass(frozen=True)
class Puzzle:
    """`circles[r * cols + c]` a cell's circle ("W", "B" or None) and `pieces` the bank (puzz.link forms)."""

    rows: int
    cols: int
    circles: tuple[str | None, ...]
    pieces: tuple[str, ...]


def _make(rows: int, cols: int, circles, pieces: tuple[str, ...], where: dict) -> Puzzle:
    size = sum(len(cells) for cells in bank.cells_of(pieces))
    if size > rows * cols:
        raise PuzzleSyntaxError(f"the pieces ({size} cells) do not fit a grid of {rows * cols} cells", **where)
    return Puzzle(rows, cols, tuple(circles), tuple(pieces))


def parse(text: str, rules=(), **_options) -> Puzzle:
    """`pieces:` and the bank on the first line, then the grid (see the module docstring)."""
    refuse_rules(KEY, rules)
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None or not lines[first].strip().lower().startswith(BANK_HEAD):
        raise PuzzleSyntaxError(f"line {(first or 0) + 1}: the first line is {BANK_HEAD} and the bank (a preset's "
                                f"name or pieces such as ##/#.)", line=(first or 0) + 1)
    try:
        pieces = bank.read(lines[first].strip()[len(BANK_HEAD):])
    except PuzzleSyntaxError as error:
        raise PuzzleSyntaxError(f"line {first + 1}: {error}", line=first + 1) from None
    grid = sh.parse_grid("\n" * (first + 1) + "\n".join(lines[first + 1:]), _read_cell, "grid of circles (. W B)")
    return _make(grid.rows, grid.cols, grid.clues, pieces, {"line": first + 1})


def _read_cell(token: str, line: int, r: int, c: int):
    if token in (".", "W", "B"):
        return None if token == "." else token
    raise PuzzleSyntaxError(f"line {line}, r{r + 1}c{c + 1}: {excerpt(token)} is not . W or B", line=line, r=r, c=c)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A shading: `#` shaded, `.` unshaded, one line per row."""
    return sh.parse_shading(_cells(puzzle), text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's text, or the solution's shading."""
    if solution is not None:
        return sh.format_shading(_cells(puzzle), solution)
    rows = ["".join(v or "." for v in puzzle.circles[r * puzzle.cols:(r + 1) * puzzle.cols])
            for r in range(puzzle.rows)]
    return f"{BANK_HEAD} {bank.write(puzzle.pieces)}\n" + "\n".join(rows) + "\n"


def _cells(puzzle: Puzzle) -> sh.Grid:
    return sh.Grid(puzzle.rows, puzzle.cols, puzzle.circles)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Circles (a clue each), the bank's pieces placed apart (a clue), the unshaded cells connected."""
    rows, cols = puzzle.rows, puzzle.cols
    sh.show_cells(f, _cells(puzzle))
    for (r, c), circle in _cells(puzzle).numbered().items():
        word = "black" if circle == "B" else "white"
        with f.clue(("circle", r, c), [(r, c)], f"the {word} circle at r{r + 1}c{c + 1}"):
            f.clause([sh.cell_shade(r, c) if circle == "B" else sh.Not(sh.cell_shade(r, c))])
    with f.clue(("bank",), (), "the bank's pieces, each once, apart"):
        polyominoes.bank_pieces(f, rows, cols, bank.cells_of(puzzle.pieces), sh.shade, "bank")
    connected.connected_cells(f, rows, cols, sh.unshaded)


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The shading of a model."""
    return sh.decode_shading(_cells(puzzle), model)


def signature(cells) -> str:
    """A block's form up to turning and mirroring, as pzprjs names it: the least of its eight bitmaps
    (width, then its rows' bits) (independent of the encoder's shapes)."""
    cells = list(cells)
    forms = []
    for flip in (False, True):
        pts = [(c, r) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            pts = [(c, -r) for r, c in pts]
            r0, c0 = min(r for r, _ in pts), min(c for _, c in pts)
            h, w = max(r for r, _ in pts) - r0 + 1, max(c for _, c in pts) - c0 + 1
            on = {(r - r0, c - c0) for r, c in pts}
            forms.append(f"{w}:" + "".join("1" if (r, c) in on else "0" for r in range(h) for c in range(w)))
    return min(forms)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a shading: a circle shaded wrongly, the unshaded cells in parts, a shaded block
    that is no piece left in the bank, pieces of the bank not placed (independent of the encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    shaded = lambda r, c: bool(solution[r * cols + c])          # noqa: E731
    out = []
    for (r, c), circle in _cells(puzzle).numbered().items():
        if shaded(r, c) != (circle == "B"):
            word = "black circle is not shaded" if circle == "B" else "white circle is shaded"
            out.append(Violation("circle", ((r, c),), f"a {word}"))
    out += sh.divided(rows, cols, lambda r, c: not shaded(r, c), "divided", "the unshaded cells are not connected")
    left = Counter(signature(cells) for cells in bank.cells_of(puzzle.pieces))
    for block in sh.regions(rows, cols, shaded):
        form = signature(block)
        if left[form] > 0:
            left[form] -= 1
        else:
            out.append(Violation("piece", tuple(block), "a shaded block that is no piece left in the bank"))
    missing = sum(left.values())
    if missing:
        out.append(Violation("missing", (), f"{missing} piece{'s' if missing > 1 else ''} of the bank not placed"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The circles (W, B), and a solution's shaded cells."""
    return sh.render_shading(_cells(puzzle), solution, {"pieces": bank.write(puzzle.pieces)})


def layout() -> dict:
    """Circles W and B in cells, the bank in its field; in play every cell is shaded or dotted."""
    base = sh.grid_layout(0, 0, "all", "Put the circles (W white, B black) and write the bank of pieces. Paste a "
                                       "puzz.link statuepark URL to load one.", unknown=False)
    return {**base, "cell": {"symbols": "WB", "empty": {"label": "empty"}},
            "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 7, 10, 12)],
            "default_size": {"rows": 10, "cols": 10},
            "extras": [{"key": "pieces", "label": "Pieces", "placeholder": "pentominoes", "pattern": r"^[a-z#./ ]*$",
                        "max_length": 400, "help": "pentominoes, tetrominoes, double tetrominoes, or pieces "
                                                   "such as ##/#. separated by spaces"}]}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: the circles as cell symbols, the bank in `pieces`."""
    return {"rows": puzzle.rows, "cols": puzzle.cols, "cells": [v or "" for v in puzzle.circles],
            "extras": {"pieces": bank.write(puzzle.pieces)}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, located where a cell or the bank does not read."""
    refuse_rules(KEY, rules)
    cols = state["cols"]
    circles = []
    for i, value in enumerate(state["cells"]):
        if value not in ("", "W", "B"):
            r, c = divmod(i, cols)
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: {excerpt(value)} is not W or B", r=r, c=c)
        circles.append(value or None)
    text = (state.get("extras") or {}).get("pieces") or "pentominoes"
    try:
        pieces = bank.read(text)
    except PuzzleSyntaxError as error:
        raise PuzzleSyntaxError(str(error), extra="pieces") from None
    return _make(state["rows"], cols, circles, pieces, {"extra": "pieces"})


# -- puzz.link (pzprjs `statuepark`: Circle, then the piece bank) -------------------------------------------
def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link statuepark data."""
    if not (1 <= cols <= sh.MAX_SIDE and 1 <= rows <= sh.MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: statuepark: at most {sh.MAX_SIDE}×{sh.MAX_SIDE} cells (got {cols}×{rows})")
    values, at = ([None] * (rows * cols), 0) if body.startswith("/") else puzzlink.decode_circle(body, rows * cols)
    pieces, _ = bank.decode_piece_bank(body, at, bank.PRESETS)
    return _make(rows, cols, [CIRCLES.get(v) for v in values], bank.checked(pieces), {})


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    values = {v: k for k, v in CIRCLES.items()}
    body = puzzlink.encode_circle([values.get(v) for v in puzzle.circles])
    return puzzlink.url("statuepark", puzzle.cols, puzzle.rows, body + bank.encode_piece_bank(puzzle.pieces,
                                                                                                  bank.PRESETS))
