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

The package: grid.py (the Puzzle, text and puzz.link forms), rules.py (clauses and check).
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf.formula import Formula, Model
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._loops import draw_loop, edge_settled, read_loop
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.yajilin.grid import (ARROWS, MAX_SIDE, Puzzle, format_text, from_puzzlink, make, parse_text,
                                          picture, read_token, to_puzzlink)
from gridlogic.kinds.yajilin.rules import encode_rules, faults
from gridlogic.links.puzzlink import BLANK
from gridlogic.model import Board, Example, Violation

# The contract's parts (kinds/contract.py): all this module gives the rest of gridlogic
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
VALUE_WORDS = {1: ("line", "━"), 0: ("empty", "×")}
PART = "loop"

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


def _cell_char(puzzle: Puzzle, solution) -> callable:
    clues = puzzle.clue_map()

    def char(r: int, c: int) -> str:
        if (r, c) in clues:
            clue = clues[(r, c)]
            return "+" if clue == BLANK else (ARROWS[clue[0] - 1] if clue[0] else "0")
        return "#" if (2 * r + 1, 2 * c + 1) in solution else "."
    return char


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's rows, or the drawing of a solution (kinds/_loops.py): `#` a shaded cell, a clue cell
    its arrow (`0` none, `+` grey)."""
    if solution is None:
        return format_text(puzzle)
    return draw_loop(puzzle.rows, puzzle.cols, solution, _cell_char(puzzle, solution), False)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A drawing of the loop with `#` at the shaded cells (see `format`)."""
    lines = read_loop(text, puzzle.rows, puzzle.cols, False)
    rows = text.strip("\n").split("\n")
    shaded = {(y, x) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#" and y % 2 and x % 2}
    return frozenset(lines | shaded)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """The loop, the shading and the arrows (rules.py)."""
    f.show(encode_rules(f, puzzle))


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """A step used or not, a cell shaded or not, at its lattice point."""
    return (key[1], key[2], int(value)) if key[0] in ("line", "shade") else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The steps the model's loop uses and the cells it shades."""
    rows, cols = puzzle.rows, puzzle.cols
    given = puzzle.clue_map()
    lines = {p for p in lattice.inner_edges(rows, cols) if model[("line", *p)]}
    shaded = {lattice.cell_point(r, c) for r in range(rows) for c in range(cols)
              if (r, c) not in given and model[("shade", *lattice.cell_point(r, c))]}
    return frozenset(lines | shaded)


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


def say_fact(puzzle: Puzzle, fact) -> str:
    """What a step settles: "r2c3 is shaded" or "the line r2c3–r2c4 is part of the loop"."""
    y, x, v, gone = fact
    if y % 2 and x % 2:
        return f"r{y // 2 + 1}c{x // 2 + 1} is {'shaded' if (v == 1) != bool(gone) else 'not shaded'}"
    return edge_settled(fact, puzzle.rows, puzzle.cols, False)


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The clue cells; the loop and the shaded cells as marks on the lattice."""
    clues = puzzle.clue_map()
    cells = tuple({"r": r, "c": c, "text": picture(clues[(r, c)]) if (r, c) in clues else "",
                   "role": "given" if (r, c) in clues else "empty"}
                  for r in range(puzzle.rows) for c in range(puzzle.cols))
    marks = {}
    if solution:
        marks = {"line": sorted(p for p in solution if (p[0] + p[1]) % 2),
                 "shade": sorted(p for p in solution if p[0] % 2 and p[1] % 2)}
    return Board(puzzle.rows, puzzle.cols, cells, {}, marks)


def layout() -> dict:
    """Clue cells: an arrow (^ v < >) with its number, a number alone or a grey cell (+); the player shades
    cells and draws the loop between centres."""
    field = [{"key": "n", "label": "number", "min": 0, "max": 99}]
    arrows = [{"key": name, "token": token, "label": f"{name} arrow", "keys": token, "look": "clue", "fields": field}
              for name, token in zip(("up", "down", "left", "right"), ARROWS)]
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 7, 10)],
            "default_size": {"rows": 7, "cols": 7}, "min_size": {"rows": 1, "cols": 2},
            "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE}, "free_size": True,
            "cell": {"numbers": [0, 99],
                     "states": [*arrows, {"key": "grey", "token": "+", "label": "grey clue cell", "keys": "+",
                                          "look": "clue"}],
                     "empty": {"label": "empty"}},
            "parts": [{"key": PART, "type": "lattice", "label": "Loop",
                       "choices": [{"name": "line", "label": "Line", "value": "none", "look": "line"},
                                   {"name": "cross", "label": "No line", "value": "none", "look": "cross"},
                                   {"name": "shade", "label": "Shaded", "value": "none", "look": "shade"},
                                   {"name": "dot", "label": "Dot", "value": "none", "look": "dot"}]}],
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
    marks = (state.get("parts") or {}).get(PART) or {}
    for name, points in marks.items():
        if points:
            raise PuzzleSyntaxError(f"a yajilin's givens are its clue cells: shade and draw in play mode "
                                    f"(a {name} at {lattice.format_point(tuple(points[0]))})", part=PART)
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
