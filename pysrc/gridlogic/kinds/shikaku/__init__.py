"""Shikaku (Nikoli; puzz.link `shikaku`; Tatham's Rectangles).

Rules, in puzz.link's words: divide the grid into rectangles (squares included) along the grid lines.
Every rectangle holds exactly one number, and the number is how many cells the rectangle has (a `?`
is a number not given: any area).

Variables: the rule library's division into rectangles (gridlogic/cnf/rectangles.py): `("rect", y0,
x0, y1, x1)` a piece, and `("border", y, x)` true when a border runs along the inner edge at lattice
point (y, x) (cell (r, c) at (2r+1, 2c+1)); the borders are shown, and are the answer. Each number is
a clue `("clue", r, c)` (its cell covered by one of its rectangles).

Facts and the page's marks are on the lattice: an inner edge is the fact (y, x, 1) when a border is
drawn there and (y, x, 0) when not (worded "border" and "empty": an edge the player leaves unmarked
counts as open), as the player's borders and crosses are entries at those points.

The package: grid.py (the Puzzle, its drawing, state, puzz.link and Rectangles forms), steps.py (step
names and words); this module wires the contract (encode, check, render).
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf.formula import Formula, Model
from gridlogic.cnf.rectangles import border, rectangles
from gridlogic.kinds import _borders as borders
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.shikaku import grid
from gridlogic.kinds.shikaku.grid import (Puzzle, Solution, from_puzzlink, from_tatham, is_tatham_id, layout, to_state,
                                          to_tatham)
from gridlogic.kinds.shikaku.steps import EASY_STEPS, name_step, say_fact
from gridlogic.codecs import puzzlink
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "PUZZLINK_ID", "PUZZLINK_CELLS",
           "TATHAM_GAME", "HOW_TO_PLAY", "VALUE_WORDS", "fact_of", "name_step", "say_fact", "EASY_STEPS",
           "from_puzzlink", "to_puzzlink", "from_tatham", "to_tatham", "is_tatham_id"]

KEY = "shikaku"
TITLE = "Shikaku"
PUZZLINK_ID = "shikaku"
PUZZLINK_CELLS = "number16"
TATHAM_GAME = "rect"
HOW_TO_PLAY = ("Divide the grid into rectangles along the grid lines: each holds exactly one number, and has that "
               "many cells. Drag along the grid lines to draw borders; tap an edge for a ×.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = {1: ("border", "━"), 0: ("empty", "×")}

EXAMPLES = (
    # pzprjs test/script/shikaku.js (robx/pzprjs): puzz.link shikaku/6/6/j3g56h6t6h23g5j
    Example("pzprjs 6×6", "....3.\n56..6.\n......\n......\n.6..23\n.5....\n", (), 1),
    Example("two ways", "2.\n.2\n", (), 2),
    Example("impossible", "2.2\n2.2\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Rows of numbers, `?` and `.`, or a Rectangles game ID (grid.py)."""
    refuse_rules(KEY, rules)
    return grid.parse_text(text)


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state."""
    refuse_rules(KEY, rules)
    return grid.from_state(state)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's rows, or the drawing of a solution."""
    return grid.format_text(puzzle) if solution is None else grid.draw(puzzle, solution)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A drawing of the borders (see `format`)."""
    return grid.read_drawing(puzzle, text)


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    return puzzlink.url("shikaku", puzzle.cols, puzzle.rows, grid.to_puzzlink_body(puzzle))


def _label(n, r: int, c: int) -> str:
    return f"the {n} at r{r + 1}c{c + 1}"


def encode(puzzle: Puzzle, f: Formula) -> None:
    """The division into rectangles, each number's cover a clue; the borders shown."""
    clues = {lattice.cell_point(r, c): (None if n == sh.UNKNOWN else n) for (r, c), n in puzzle.numbered().items()}

    def clue_of(q):
        r, c = lattice.point_cell(q)
        return f.clue(("clue", r, c), [(r, c)], _label(puzzle.at(r, c), r, c))
    f.show(rectangles(f, puzzle.rows, puzzle.cols, clues, clue_of))


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """A border drawn (y, x, 1) or left open (y, x, 0), at its lattice point."""
    return (key[1], key[2], int(value)) if key[0] == "border" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The borders of a model."""
    return frozenset(p for p in lattice.inner_edges(puzzle.rows, puzzle.cols) if model[border(p)])


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a set of borders: a mark off the inner edges, a piece that is no rectangle,
    holds no number or several, or whose area is not its number, a border ending inside a piece
    (independent of the encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    drawn = set(solution)
    out = borders.off_edges(rows, cols, drawn)
    if out:
        return out
    piece, groups = borders.pieces(rows, cols, drawn)
    for cells in groups:
        where = f"the piece at r{cells[0][0] + 1}c{cells[0][1] + 1}"
        height = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
        width = max(c for _, c in cells) - min(c for _, c in cells) + 1
        if height * width != len(cells):
            out.append(Violation("not_rectangle", cells, f"{where} is not a rectangle"))
        numbers = [puzzle.at(*cell) for cell in cells if puzzle.at(*cell) is not None]
        if not numbers:
            out.append(Violation("no_number", cells, f"{where} holds no number"))
        elif len(numbers) > 1:
            out.append(Violation("numbers", cells, f"{where} holds {len(numbers)} numbers"))
        elif numbers[0] != sh.UNKNOWN and numbers[0] != len(cells):
            out.append(Violation("area", cells, f"{where} has {len(cells)} cells, its number is {numbers[0]}"))
    return out + borders.dead_ends(piece, drawn)


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The numbers; the borders on the lattice."""
    cells = tuple({"r": r, "c": c, "text": "" if puzzle.at(r, c) is None else str(puzzle.at(r, c)),
                   "role": "empty" if puzzle.at(r, c) is None else "given"}
                  for r in range(puzzle.rows) for c in range(puzzle.cols))
    return Board(puzzle.rows, puzzle.cols, cells, {}, {"border": sorted(solution)} if solution else {})
