"""Star battle (puzz.link `starbattle`).

Rules, in puzz.link's words: the grid is divided into regions. Place stars in some cells so that every
row, every column and every region holds exactly the given number of stars. Stars do not touch each
other, not even diagonally.

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)) holds a star (the one cell variable of the shading genres); they alone are shown. Each
row, column and region is a clue (`("row", r)`, `("column", c)`, `("room", k)`: exactly N stars), so
hints name it; stars apart (no two of the eight neighbours) is the grid's rule.

Text: the number of stars on the first line, then the regions as kinds/_rooms.py reads them (a label
per cell). State: the regions as the `rooms` part, the number of stars in the extra field `stars`.

The package: this module (the contract), steps.py (hint steps); kinds/_rooms.py holds the regions
(text, state, puzz.link) and kinds/_shading.py what shading genres share.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.cnf import shading
from gridlogic.cnf.formula import Formula, Model
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds import _rooms as rooms
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.text import read_number
from gridlogic.kinds.starbattle.steps import EASY_STEPS, VALUE_WORDS, name_step
from gridlogic.codecs import puzzlink
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "fact_of", "name_step", "from_puzzlink", "to_puzzlink"]

KEY = "starbattle"
TITLE = "Star battle"
HOW_TO_PLAY = ("Place stars so that every row, column and region holds the given number of stars, and no two "
               "stars touch, not even diagonally.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
fact_of = sh.fact_of
Solution = tuple          # 0/1 per cell, row by row (1 a star)
MAX_STARS = sh.MAX_SIDE // 2

EXAMPLES = (
    # pzprjs test/script/starbattle.js (robx/pzprjs): puzz.link starbattle/6/6/1/4ilbhgdnmhou
    Example("pzprjs 6×6", "1\nAAABBB\nABBBCC\nADDEEC\nFFDDEC\nFEEEEC\nFCCCCC\n", (), 1,
            ".#....\n...#..\n.....#\n..#...\n....#.\n#.....\n"),
    Example("two ways", "1\nAAAA\nBBBB\nCCCC\nDDDD\n", (), 2),
    Example("impossible", "1\nAB\nAB\n", (), 0),
)


@dataclass(frozen=True)
class Puzzle:
    """The regions (kinds/_rooms.py's Puzzle, without numbers) and the stars each row, column and region holds."""

    regions: rooms.Puzzle
    stars: int

    @property
    def rows(self) -> int:
        return self.regions.rows

    @property
    def cols(self) -> int:
        return self.regions.cols


def _make(regions: rooms.Puzzle, stars: int, where: dict) -> Puzzle:
    if not 1 <= stars <= MAX_STARS:
        raise PuzzleSyntaxError(f"the number of stars is 1 to {MAX_STARS} (got {stars})", **where)
    return Puzzle(regions, stars)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The number of stars on the first line, then the regions (a label per cell)."""
    refuse_rules(KEY, rules)
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise PuzzleSyntaxError("empty input: the number of stars, then the regions, a label per cell")
    stars = read_number(lines[first].strip(), 3)
    if stars is None:
        raise PuzzleSyntaxError(f"line {first + 1}: the first line is the number of stars, not "
                                f"{excerpt(lines[first].strip())}", line=first + 1)
    regions = rooms.parse_text("\n" * (first + 1) + "\n".join(lines[first + 1:]), numbered=False)
    return _make(regions, stars, {"line": first + 1})


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """The stars: `#` (or `*`) a star, `.` none, one line per row."""
    return sh.parse_shading(_cells(puzzle), text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's text, or the solution's stars (`#`)."""
    if solution is not None:
        return sh.format_shading(_cells(puzzle), solution)
    return f"{puzzle.stars}\n" + rooms.format_text(puzzle.regions, numbered=False)


def _cells(puzzle: Puzzle) -> sh.Grid:
    return sh.Grid(puzzle.rows, puzzle.cols, (None,) * (puzzle.rows * puzzle.cols))


def units(puzzle: Puzzle) -> list[tuple[tuple, str, list[tuple[int, int]]]]:
    """(key, label, cells) of every row, column and region."""
    out = [(("row", r), f"row {r + 1}", [(r, c) for c in range(puzzle.cols)]) for r in range(puzzle.rows)]
    out += [(("column", c), f"column {c + 1}", [(r, c) for r in range(puzzle.rows)]) for c in range(puzzle.cols)]
    out += [(("room", k), f"the region at r{cells[0][0] + 1}c{cells[0][1] + 1}", cells)
            for k, cells in enumerate(puzzle.regions.rooms())]
    return out


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Exactly N stars in each row, column and region (a clue each); no two stars touch."""
    rows, cols = puzzle.rows, puzzle.cols
    sh.show_cells(f, _cells(puzzle))
    for key, label, cells in units(puzzle):
        with f.clue(key, cells, f"{label} ({puzzle.stars} star{'s' if puzzle.stars > 1 else ''})"):
            f.exactly([sh.cell_shade(*cell) for cell in cells], puzzle.stars)
    shading.apart(f, rows, cols, sh.shade, diagonal=True)


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The stars of a model."""
    return sh.decode_shading(_cells(puzzle), model)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule: two stars touching, a row, column or region with another number of stars
    (independent of the encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    star = lambda r, c: bool(solution[r * cols + c])           # noqa: E731
    out = sh.touching(rows, cols, star, "touch", "two stars touch", diagonal=True)
    lines = [("row", [(r, c) for c in range(cols)]) for r in range(rows)]
    lines += [("column", [(r, c) for r in range(rows)]) for c in range(cols)]
    lines += [("region", cells) for cells in puzzle.regions.rooms()]
    for what, cells in lines:
        got = sum(star(*cell) for cell in cells)
        if got != puzzle.stars:
            out.append(Violation(what, tuple(cells), f"a {what} holds {got} stars, not {puzzle.stars}"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The regions, and a solution's stars (as shaded cells on the lattice)."""
    return sh.render_shading(_cells(puzzle), solution,
                             {"rooms": [[list(x) for x in cells] for cells in puzzle.regions.rooms()],
                              "stars": puzzle.stars})


def layout() -> dict:
    """Regions drawn as groups and the number of stars in a field; in play a press puts a star."""
    base = sh.grid_layout(0, 0, "all", "Draw each region (drag across its cells) and give the number of stars. "
                                       "Paste a puzz.link starbattle URL to load one.", unknown=False)
    return {**base, "cell": {"editable": False},
            "play": {**base["play"], "keys": {"*": 1, "s": 1, "x": 0, "d": 0}},
            "extras": [{"key": "stars", "label": "Stars", "placeholder": "1", "pattern": "^[0-9]*$", "max_length": 2,
                        "help": "Stars in each row, column and region"}],
            "parts": [{"key": "rooms", "type": "group", "label": "Regions", "choices": [rooms.ROOM],
                       "help": "Every cell belongs to one region."}]}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: the regions and the number of stars."""
    state = rooms.to_state(puzzle.regions)
    return {**state, "extras": {"stars": str(puzzle.stars)}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, located where a cell is in no region or the stars do not read."""
    refuse_rules(KEY, rules)
    text = ((state.get("extras") or {}).get("stars") or "").strip()
    stars = read_number(text, 3)
    if stars is None:
        raise PuzzleSyntaxError(f"the number of stars must be a whole number (got {excerpt(text)})", extra="stars")
    return _make(rooms.from_state(state), stars, {"extra": "stars"})


# -- puzz.link (pzprjs `starbattle`: the number of stars, `/`, then Border) ------------------------------
def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link starbattle data."""
    count, _, border = body.partition("/")
    stars = read_number(count, 3)
    if stars is None:
        raise PuzzleSyntaxError(f"puzz.link: starbattle: {excerpt(count)} is not a number of stars")
    return _make(rooms.from_border(cols, rows, border, "starbattle", numbered=False), stars, {})


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    body = f"{puzzle.stars}/" + rooms.to_border(puzzle.regions, numbered=False)
    return puzzlink.url("starbattle", puzzle.cols, puzzle.rows, body)
