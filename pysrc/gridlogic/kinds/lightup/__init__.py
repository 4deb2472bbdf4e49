"""Light up (Akari; Simon Tatham's Light Up).

Rules (Nikoli's): place lights in some white cells. A light lights its own cell and every white cell
in its row and its column up to the first black cell or the grid's edge. Every white cell is lit; no
light is lit by another light (no two lights see each other); a number on a black cell says how many
lights are on the cells orthogonally next to it. Black cells without a number take any number.

Variables: `("light", r, c)` is true when the white cell (r, c) holds a light (shown; a solution is
its set of lights). A *segment* is a maximal run of white cells in a row or a column
(gridlogic.cnf.visibility): at most one light per segment always holds. Clues an explanation may
name: each number (`("number", r, c)`: exactly n lights beside it) and each white cell
(`("lit", r, c)`: a light in its row segment or its column segment).

The package: grid.py (the Puzzle, its text form and editing state), text.py (reading a text or a game
ID), links.py (puzz.link and Tatham game IDs), steps.py (naming a step); this module wires the kind's contract (encode, check, render).
"""

from __future__ import annotations

from gridlogic.cnf.formula import Formula, Model
from gridlogic.cnf.visibility import segments
from gridlogic.kinds.lightup.grid import (WALL, WHITE, Puzzle, Solution, format, from_state, layout,
                                          parse_solution, to_state)
from gridlogic.kinds.lightup.links import from_puzzlink, from_tatham, is_tatham_id, to_puzzlink, to_tatham
from gridlogic.kinds.lightup.text import parse
from gridlogic.kinds.lightup.steps import EASY_STEPS, VALUE_WORDS, name_step
from gridlogic.layout.moves import Symmetry
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "HOW_TO_PLAY", "SYMMETRY", "fact_of",
           "name_step", "EASY_STEPS", "VALUE_WORDS", "PUZZLINK_ID", "PUZZLINK_ALIASES", "from_puzzlink", "to_puzzlink",
           "TATHAM_GAME", "from_tatham", "to_tatham", "is_tatham_id"]

KEY = "lightup"
TITLE = "Light up"
HOW_TO_PLAY = ("Put lights in white cells so that every white cell is lit: a light shines along its row and "
               "column up to a black cell. No light may shine on another, and a number on a black cell counts "
               "the lights next to it. Click a cell for a light, again (or right-click) for a dot: no light.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
PUZZLINK_ID = "lightup"
PUZZLINK_ALIASES = ('akari',)
TATHAM_GAME = "lightup"
SYMMETRY = Symmetry()

EXAMPLES = (
    # pzprjs test/script/lightup.js: its URL 6/6/nekcakbl and the answer its last check accepts
    Example("pzprjs 6x6", "......\n..4...\n....2.\n.0....\n...1..\n......", (), 1,
            "..*...\n.*4*..\n..*.2*\n.0..*.\n*..1..\n...*.."),
    Example("5x5", "..X..\n.1...\n0...X\n...2.\n..X..", (), 1, "*.X*.\n.1*..\n0...X\n.*.2*\n*.X*."),
    Example("seven ways", "...\n.X.\n...", (), 7),
    Example("impossible", ".1.\n.4.\n...", (), 0),
)


def _point(r: int, c: int) -> tuple[int, int]:
    return 2 * r + 1, 2 * c + 1


def encode(puzzle: Puzzle, f: Formula) -> None:
    """At most one light per segment always; each number and each white cell's being lit as clues."""
    white = puzzle.white()
    f.show(("light", r, c) for r, c in white)
    walls = {_point(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if puzzle.at(r, c) != WHITE}
    runs_of: dict[tuple[int, int], list] = {}
    for run in segments(puzzle.rows, puzzle.cols, walls):
        cells = [((y - 1) // 2, (x - 1) // 2) for y, x in run]
        f.at_most_one([("light", r, c) for r, c in cells])
        for cell in cells:
            runs_of.setdefault(cell, []).extend(cells)
    for r, c, n in puzzle.numbers():
        near = puzzle.beside(r, c)
        with f.clue(("number", r, c), [(r, c), *near], f"the {n} at r{r + 1}c{c + 1}"):
            f.exactly([("light", *cell) for cell in near], n)
    for r, c in white:
        seen = sorted(set(runs_of[(r, c)]))
        with f.clue(("lit", r, c), seen, f"the light r{r + 1}c{c + 1} needs"):
            f.clause([("light", *cell) for cell in seen])


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact of a shown variable: (r, c, 1) a light, (r, c, 0) none."""
    return (key[1], key[2], int(value)) if key[0] == "light" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The lights of a model."""
    return frozenset(cell for cell in puzzle.white() if model[("light", *cell)])


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a set of lights (independent of the encoder): a light off a white cell,
    two lights that see each other, a dark cell, a number with another count of lights beside it."""
    out: list[Violation] = []
    lights = set(solution)
    for r, c in sorted(lights):
        if not (0 <= r < puzzle.rows and 0 <= c < puzzle.cols) or puzzle.at(r, c) != WHITE:
            out.append(Violation("not_white", ((r, c),), "a light sits only on a white cell"))
    lit: set[tuple[int, int]] = set()
    for r, c in sorted(cell for cell in lights if cell not in {v.cells[0] for v in out}):
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            y, x = r, c
            while 0 <= y < puzzle.rows and 0 <= x < puzzle.cols and puzzle.at(y, x) == WHITE:
                lit.add((y, x))
                if (y, x) != (r, c) and (y, x) in lights and (dr, dc) in ((0, 1), (1, 0)):
                    out.append(Violation("lights_see", ((r, c), (y, x)), "two lights shine on each other"))
                y, x = y + dr, x + dc
    for r, c in puzzle.white():
        if (r, c) not in lit:
            out.append(Violation("dark", ((r, c),), "a white cell no light shines on"))
    for r, c, n in puzzle.numbers():
        got = sum((y, x) in lights for y, x in puzzle.beside(r, c))
        if got != n:
            out.append(Violation("number", ((r, c),), f"{got} lights beside the {n}"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """Black cells (`black`; a numbered one a given with its number, as the editor draws it), white cells,
    the lights ● of a solution."""
    cells = []
    lights = solution or frozenset()
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            ch = puzzle.at(r, c)
            if ch == WHITE:
                cells.append({"r": r, "c": c, "text": "●" if (r, c) in lights else "",
                              "role": "solved" if (r, c) in lights else "empty"})
            elif ch == WALL:
                cells.append({"r": r, "c": c, "text": "", "role": "black"})
            else:
                cells.append({"r": r, "c": c, "text": ch, "role": "given"})
    return Board(puzzle.rows, puzzle.cols, tuple(cells))
