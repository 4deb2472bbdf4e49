"""Slitherlink (Nikoli; puzz.link `slither`; Tatham's Loopy).

Rules: draw lines between the dots (along the cells' sides) to make a single loop that does not
cross or branch. A number tells how many of its cell's four sides the loop uses; a cell without a
number may have any number of them.

Variables: `("line", y, x)` holds when the loop uses the side at edge point (y, x) of the lattice
(gridlogic/lattice.py: cell (r, c) at (2r+1, 2c+1); the sides, the outer border included, at mixed
parity). These are shown: the answer is the set of sides used. The one loop is the rule library's
`loops.loop_on_edges` (degree 0 or 2 at each dot written out, one loop left to lazy cuts,
docs/rule-library.md); each number is a clue ("clue", r, c) counting its cell's four sides.

Facts and the page's marks are on the lattice: a side is the fact (y, x, 1) when the loop uses it and
(y, x, 0) when it does not (worded "line" and "empty": a side the player leaves unmarked counts as
empty), as the player's lines and crosses are entries at those points.

The package: grid.py (the Puzzle, text, puzz.link and Loopy forms), steps.py (step names); the answer's
drawing and the independent loop check are kinds/_loops.py, which the loop genres share.
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf import loops
from gridlogic.cnf.formula import Formula, Model
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._loops import draw_loop, loop_faults, read_loop
from gridlogic.kinds._shared import refuse_drawn_givens, refuse_rules
from gridlogic.kinds.slitherlink.grid import (MAX_SIDE, UNKNOWN, Puzzle, format_text, from_puzzlink, from_tatham,
                                              make, parse_text, to_puzzlink, to_tatham)
from gridlogic.kinds.slitherlink.steps import clue_label, name_step, say_fact
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "PUZZLINK_ID", "PUZZLINK_ALIASES", "TATHAM_GAME",
           "HOW_TO_PLAY", "VALUE_WORDS", "fact_of", "name_step", "say_fact", "from_puzzlink", "to_puzzlink", "from_tatham",
           "to_tatham"]

KEY = "slitherlink"
TITLE = "Slitherlink"
PUZZLINK_ID = "slither"
PUZZLINK_ALIASES = ('slitherlink',)
TATHAM_GAME = "loopy"
HOW_TO_PLAY = ("Draw one loop along the cells' sides, from dot to dot, never crossing or branching. A number says "
               "how many of its cell's four sides the loop uses. Drag along the sides to draw; tap a side for a ×.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = {1: ("line", "━"), 0: ("empty", "×")}
PART = "loop"

Solution = frozenset           # the edge points the loop uses

EXAMPLES = (
    # pzprjs's own test (test/script/slither.js), its answer there
    Example("5×5", "2..1.\n.2..1\n..2..\n3..3.\n.0..3\n", (), 1),
    Example("plus", ".3.\n3.3\n.3.\n", (), 1),
    Example("two ways", "3.\n.3\n", (), 2),
    Example("impossible", "3..\n.0.\n...\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Rows of `0`-`4`, `?` and `.`, or a Loopy game ID (grid.py)."""
    refuse_rules(KEY, rules)
    return parse_text(text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's rows, or the drawing of a solution (kinds/_loops.py)."""
    if solution is None:
        return format_text(puzzle)
    clues = puzzle.clue_map()
    return draw_loop(puzzle.rows, puzzle.cols, solution, lambda r, c: str(clues.get((r, c), ".")), True)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A drawing of the loop (see `format`)."""
    return read_loop(text, puzzle.rows, puzzle.cols, True)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """One loop along the sides; each number counts its cell's sides."""
    rows, cols = puzzle.rows, puzzle.cols
    f.show(loops.loop_on_edges(f, rows, cols))
    for (r, c), n in puzzle.clues:
        if n == UNKNOWN:
            continue
        with f.clue(("clue", r, c), [(r, c)], clue_label(n, r, c)):
            f.exactly([loops.line(e) for e in lattice.cell_edges(lattice.cell_point(r, c), rows, cols)], n)


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """A side used (y, x, 1) or left empty (y, x, 0), at its lattice point."""
    return (key[1], key[2], int(value)) if key[0] == "line" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The sides the model's loop uses."""
    return frozenset(p for p in lattice.points(puzzle.rows, puzzle.cols, "edge") if model[loops.line(p)])


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule: a mark off the sides, a number with too many or too few sides, a line that
    ends or branches, no loop or several (independent of `encode`)."""
    rows, cols = puzzle.rows, puzzle.cols
    out = [Violation("not_a_side", (), f"({y}, {x}) is not a side of the grid") for y, x in sorted(solution)
           if not (0 <= y <= 2 * rows and 0 <= x <= 2 * cols and (y + x) % 2)]
    if out:
        return out
    for (r, c), n in puzzle.clues:
        y, x = 2 * r + 1, 2 * c + 1
        got = sum(p in solution for p in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)))
        if n != UNKNOWN and got != n:
            out.append(Violation("number", ((r, c),), f"the {n} at r{r + 1}c{c + 1} has {got} sides of the loop"))
    out += [Violation(code, cells, detail) for code, cells, detail in loop_faults(solution, rows, cols, True)]
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The numbers; the loop as borders on the lattice."""
    clues = puzzle.clue_map()
    cells = tuple({"r": r, "c": c, "text": str(clues[(r, c)]) if (r, c) in clues else "",
                   "role": "given" if (r, c) in clues else "empty"}
                  for r in range(puzzle.rows) for c in range(puzzle.cols))
    marks = {"border": sorted(solution)} if solution else {}
    return Board(puzzle.rows, puzzle.cols, cells, {}, marks)


def layout() -> dict:
    """Numbers 0-4 (or ?) in cells; the player draws the loop on the sides, with crosses."""
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 7, 10)] +
                     [{"rows": 10, "cols": 18, "label": "18×10"}],
            "default_size": {"rows": 5, "cols": 5}, "min_size": {"rows": 1, "cols": 1},
            "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE}, "free_size": True,
            "cell": {"symbols": "01234?", "empty": {"label": "empty"}},
            "parts": [{"key": PART, "type": "lattice", "label": "Loop",
                       "choices": [{"name": "line", "label": "Line", "value": "none", "look": "border"},
                                   {"name": "cross", "label": "No line", "value": "none", "look": "cross"}]}],
            "play": {"lattice": PART}}


def to_state(puzzle: Puzzle) -> dict:
    """The numbers, row by row ("" empty)."""
    clues = puzzle.clue_map()
    return {"rows": puzzle.rows, "cols": puzzle.cols,
            "cells": [str(clues.get((r, c), "")) for r in range(puzzle.rows) for c in range(puzzle.cols)],
            "parts": {PART: {}}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of a state (its numbers); lines among the givens are refused, at the first one."""
    refuse_rules(KEY, rules)
    refuse_drawn_givens(state, PART, "a slitherlink's givens are its numbers", "the loop")
    cols = state["cols"]
    for i, v in enumerate(state["cells"]):
        if v not in ("", "0", "1", "2", "3", "4", "?"):
            raise PuzzleSyntaxError(f"r{i // cols + 1}c{i % cols + 1}: {excerpt(v)} is no slitherlink number "
                                    "(0-4 or ?)", r=i // cols, c=i % cols)
    return make(state["rows"], cols, {(i // cols, i % cols): (UNKNOWN if v == "?" else int(v))
                                      for i, v in enumerate(state["cells"]) if v})
