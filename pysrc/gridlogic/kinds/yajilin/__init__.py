"""Yajilin (Nikoli; puzz.link `yajilin`).

Rules: shade some cells and draw a single loop through the centres of cells, moving up, down, left and
right, never crossing or branching. A clue cell is neither shaded nor on the loop; its number counts the
shaded cells in the direction of its arrow, to the edge of the grid. Shaded cells do not touch side by
side. The loop passes through every cell that is neither a clue nor shaded.

Variables: `("line", y, x)` holds when the loop steps between the two cells beside edge point (y, x)
of the lattice (gridlogic/lattice.py: cell (r, c) at (2r+1, 2c+1)), `("shade", y, x)` when the cell at
(y, x) is shaded; both are shown, and the answer is the set of points that hold (lines and shaded
cells). The one loop is the rule library's `loops.loop_through_cells` over the cells without a clue
(lazy cuts), shaded cells apart `shading.apart`; each counting clue is a clue ("arrow", r, c) over the
cells it sees (rules.py, beside the independent check).

Facts and the page's marks are on the lattice: a step (y, x, 1) used or (y, x, 0) not, a cell (y, x, 1)
shaded or (y, x, 0) not (a dot).

The package: grid.py (the Puzzle, text and puzz.link forms), rules.py (the arrows: clauses and check);
kinds/_shadeloop.py holds the shading and the loop, which other genres share.
"""

from __future__ import annotations

from gridlogic.cnf.formula import Formula, Model
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds import _shadeloop
from gridlogic.kinds._shadeloop import PART, VALUE_WORDS, fact_of, say_fact
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.yajilin.grid import (ARROWS, MAX_SIDE, Puzzle, format_text, from_puzzlink, make, parse_text,
                                          picture, read_token, to_puzzlink)
from gridlogic.kinds.yajilin.rules import encode_rules, faults
from gridlogic.codecs.puzzlink import BLANK
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "HOW_TO_PLAY", "VALUE_WORDS",
           "fact_of", "name_step", "say_fact", "from_puzzlink", "to_puzzlink"]

KEY = "yajilin"
TITLE = "Yajilin"
HOW_TO_PLAY = ("Shade cells and draw one loop through the centres of all the other cells, never crossing or "
               "branching. Shaded cells never touch side by side; an arrow's number counts the shaded cells its "
               "way. Tap a cell to shade it (again for a dot); drag from centre to centre to draw.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()

Solution = frozenset           # the edge points of the loop's steps and the cell points of the shaded cells

EXAMPLES = (
    # pzprjs's own test (test/script/yajilin.js), its answer there
    Example("5×5", ". . . . .\n. . . . .\n. . . <2 .\n. . . . .\n. . . . ^0\n", (), 1),
    Example("4×4", ". . . .\n. . . .\n>1 . . .\n. . . .\n", (), 1),
    Example("impossible", ">2 . .\n. . .\n. . .\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Rows of clue tokens and `.` (grid.py)."""
    refuse_rules(KEY, rules)
    return parse_text(text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's rows, or the drawing of a solution (kinds/_loops.py): `#` a shaded cell, a clue cell
    its arrow (`0` none, `+` grey)."""
    if solution is None:
        return format_text(puzzle)
    clues = puzzle.clue_map()

    def char(r: int, c: int) -> str | None:
        clue = clues.get((r, c))
        return None if clue is None else "+" if clue == BLANK else ARROWS[clue[0] - 1] if clue[0] else "0"
    return _shadeloop.draw(puzzle.rows, puzzle.cols, solution, char)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A drawing of the loop with `#` at the shaded cells (see `format`)."""
    return _shadeloop.read(puzzle.rows, puzzle.cols, text)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """The loop, the shading and the arrows (rules.py)."""
    f.show(encode_rules(f, puzzle))


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The steps the model's loop uses and the cells it shades."""
    return _shadeloop.decode(puzzle.rows, puzzle.cols, puzzle.clue_map(), model)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule: a shaded or visited clue cell, shaded cells side by side, a line through a shaded
    cell, a cell left empty, an arrow's count, a line that ends or branches, several loops (rules.py)."""
    return faults(puzzle, frozenset(solution))


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """Why, in yajilin's words: the arrow its reason holds, arrows when several, else the rules of the
    shading and the loop."""
    arrows = [key for key in clue_keys if key[0] == "arrow"]
    if not arrows:
        return "shaded cells apart, the loop through every other cell"
    return "an arrow's count" if len(arrows) == 1 else "arrows together"


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The clue cells; the loop and the shaded cells as marks on the lattice."""
    return _shadeloop.render(puzzle.rows, puzzle.cols, {p: picture(v) for p, v in puzzle.clues}, solution,
                             lambda text: True)


def layout() -> dict:
    """Clue cells: an arrow (^ v < >) with its number, a number alone, ? (a clue cell whose number is not
    given, pzprjs's "0.") or a grey cell (+); the player shades cells and draws the loop between centres."""
    field = [{"key": "n", "label": "number", "min": 0, "max": 99, "at": "c"}]
    arrows = [{"key": name, "token": token, "label": f"{name} arrow", "keys": token, "look": "given", "glyph": glyph,
               "fields": field} for name, token, glyph in zip(("up", "down", "left", "right"), ARROWS, "↑↓←→")]
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 7, 10)],
            "default_size": {"rows": 7, "cols": 7}, "min_size": {"rows": 1, "cols": 2},
            "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE}, "free_size": True,
            "cell": {"numbers": [0, 99],
                     "states": [*arrows, {"key": "unknown", "token": "?", "label": "? (a number not given)",
                                          "keys": "?", "look": "given", "glyph": "?"},
                                {"key": "grey", "token": "+", "label": "grey clue cell", "keys": "+",
                                 "look": "shaded"}],
                     "empty": {"label": "empty"}},
            "parts": [_shadeloop.play_part()],
            "play": {"lattice": PART}}


def _state_token(clue) -> str:
    if clue == BLANK:
        return "+"
    direction, number = clue
    return (ARROWS[direction - 1] if direction else "") + (str(number) if number != "?" or not direction else "")


def to_state(puzzle: Puzzle) -> dict:
    """The clue cells, row by row: "^3" an arrow and its number ("^" the number not given), "3", "+"."""
    clues = puzzle.clue_map()
    return {"rows": puzzle.rows, "cols": puzzle.cols,
            "cells": [_state_token(clues[(r, c)]) if (r, c) in clues else ""
                      for r in range(puzzle.rows) for c in range(puzzle.cols)],
            "parts": {PART: {}}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of a state (its clue cells); marks among the givens are refused, at the first one."""
    refuse_rules(KEY, rules)
    _shadeloop.refuse_marks(state, "a yajilin's givens are its clue cells")
    cols = state["cols"]
    clues = {}
    for i, v in enumerate(state["cells"]):
        if v:
            try:
                clues[divmod(i, cols)] = read_token(v, 0, *divmod(i, cols))
            except PuzzleSyntaxError:
                raise PuzzleSyntaxError(f"r{i // cols + 1}c{i % cols + 1}: {excerpt(v)} is no clue (an arrow "
                                        f"^ v < > and a number, a number, or +)", r=i // cols, c=i % cols) from None
    return make(state["rows"], cols, clues)
