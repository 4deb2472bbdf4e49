"""Masyu (Nikoli; puzz.link `mashu`; Tatham's Pearl).

Rules: draw a single loop through the centres of cells, moving up, down, left and right, never crossing
or branching; it passes through every pearl. On a white pearl the loop goes straight, and it turns in
the cell before or after it (or both). On a black pearl the loop turns, and it goes straight through
the next cell on both sides of the turn. The loop need not visit every cell.

Variables: `("line", y, x)` holds when the loop steps between the two cells beside edge point (y, x)
of the lattice (gridlogic/lattice.py: cell (r, c) at (2r+1, 2c+1)); these are shown, and the answer is
the set of steps used. The one loop is the rule library's `loops.loop_through_cells` (lazy cuts,
docs/rule-library.md); each pearl is a clue ("pearl", r, c) whose clauses are pearls.py's, beside the
independent check of the same rules.

Facts and the page's marks are on the lattice: a step is the fact (y, x, 1) when the loop uses it and
(y, x, 0) when it does not (worded "line" and "empty"), as the player's lines and crosses are entries
at those points.

The package: grid.py (the Puzzle, text, puzz.link and Pearl forms), pearls.py (the pearls' clauses and
their check), steps.py (step names); the answer's drawing and the one-loop check are kinds/_loops.py.
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf import loops
from gridlogic.cnf.formula import Formula, Model
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._loops import draw_loop, loop_faults, read_loop
from gridlogic.kinds._shared import refuse_drawn_givens, refuse_rules
from gridlogic.kinds.masyu.grid import (MAX_SIDE, Puzzle, format_text, from_puzzlink, from_tatham, make,
                                        parse_text, to_puzzlink, to_tatham)
from gridlogic.kinds.masyu.pearls import BLACK, WHITE, encode_pearl, pearl_faults
from gridlogic.kinds.masyu.steps import name_step, pearl_label, say_fact
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "PUZZLINK_ID", "PUZZLINK_ALIASES", "TATHAM_GAME",
           "HOW_TO_PLAY", "VALUE_WORDS", "fact_of", "name_step", "say_fact", "from_puzzlink", "to_puzzlink", "from_tatham",
           "to_tatham"]

KEY = "masyu"
TITLE = "Masyu"
PUZZLINK_ID = "mashu"
PUZZLINK_ALIASES = ('masyu', 'pearl')
TATHAM_GAME = "pearl"
HOW_TO_PLAY = ("Draw one loop through the centres of cells, never crossing or branching, through every pearl. On a "
               "white pearl it goes straight and turns in a cell next to it; on a black pearl it turns and goes "
               "straight on through the next cell both ways. Drag from centre to centre to draw; tap a side for a ×.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = {1: ("line", "━"), 0: ("empty", "×")}
PART = "loop"
SYMBOLS = {WHITE: "W", BLACK: "B"}

Solution = frozenset           # the edge points of the steps the loop uses

EXAMPLES = (
    # pzprjs's own test (test/script/mashu.js), its answer there
    Example("6×6", "..W...\n.B..W.\n......\n...B..\n.W....\n......\n", (), 1),
    Example("4×4", "B..B\n....\n....\nB..B\n", (), 1),
    Example("two ways", "B..\n...\n...\n", (), 2),
    Example("impossible", "BB.\n...\n...\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Rows of `W`, `B` and `.`, or a Pearl game ID (grid.py)."""
    refuse_rules(KEY, rules)
    return parse_text(text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's rows, or the drawing of a solution (kinds/_loops.py)."""
    if solution is None:
        return format_text(puzzle)
    pearls = puzzle.pearl_map()
    return draw_loop(puzzle.rows, puzzle.cols, solution,
                     lambda r, c: SYMBOLS[pearls[(r, c)]] if (r, c) in pearls else ".", False)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A drawing of the loop (see `format`)."""
    return read_loop(text, puzzle.rows, puzzle.cols, False)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """One loop through cell centres; each pearl a clue."""
    rows, cols = puzzle.rows, puzzle.cols
    f.show(loops.loop_through_cells(f, rows, cols))
    for (r, c), colour in puzzle.pearls:
        with f.clue(("pearl", r, c), [(r, c)], pearl_label(colour, r, c)):
            encode_pearl(f, lattice.cell_point(r, c), colour, rows, cols)


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """A step used (y, x, 1) or not (y, x, 0), at its lattice point."""
    return (key[1], key[2], int(value)) if key[0] == "line" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The steps the model's loop uses."""
    return frozenset(p for p in lattice.inner_edges(puzzle.rows, puzzle.cols) if model[loops.line(p)])


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule: a step off the grid, a pearl the loop misses or takes wrongly, a line that ends
    or branches, no loop or several (independent of `encode`)."""
    rows, cols = puzzle.rows, puzzle.cols
    out = [Violation("not_a_step", (), f"({y}, {x}) is not a step between two cells") for y, x in sorted(solution)
           if not (0 < y < 2 * rows and 0 < x < 2 * cols and (y + x) % 2)]
    if out:
        return out
    for (r, c), colour in puzzle.pearls:
        fault = pearl_faults(solution, (2 * r + 1, 2 * c + 1), colour)
        if fault:
            out.append(Violation("pearl", ((r, c),), f"{pearl_label(colour, r, c)}: {fault}"))
    out += [Violation(code, cells, detail) for code, cells, detail in loop_faults(solution, rows, cols, False)]
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The pearls; the loop as lines on the lattice."""
    pearls = puzzle.pearl_map()
    cells = tuple({"r": r, "c": c, "text": SYMBOLS[pearls[(r, c)]] if (r, c) in pearls else "",
                   "role": "given" if (r, c) in pearls else "empty"}
                  for r in range(puzzle.rows) for c in range(puzzle.cols))
    marks = {"line": sorted(solution)} if solution else {}
    return Board(puzzle.rows, puzzle.cols, cells, {}, marks)


def layout() -> dict:
    """Pearls W and B in cells; the player draws the loop between centres, with crosses."""
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (6, 8, 10)],
            "default_size": {"rows": 6, "cols": 6}, "min_size": {"rows": 2, "cols": 2},
            "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE}, "free_size": True,
            "cell": {"symbols": "WB", "empty": {"label": "empty"}},
            "parts": [{"key": PART, "type": "lattice", "label": "Loop",
                       "choices": [{"name": "line", "label": "Line", "value": "none", "look": "line"},
                                   {"name": "cross", "label": "No line", "value": "none", "look": "cross"}]}],
            "play": {"lattice": PART}}


def to_state(puzzle: Puzzle) -> dict:
    """The pearls, row by row ("W", "B", "" empty)."""
    pearls = puzzle.pearl_map()
    return {"rows": puzzle.rows, "cols": puzzle.cols,
            "cells": [SYMBOLS.get(pearls.get((r, c)), "") for r in range(puzzle.rows) for c in range(puzzle.cols)],
            "parts": {PART: {}}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of a state (its pearls); lines among the givens are refused, at the first one."""
    refuse_rules(KEY, rules)
    refuse_drawn_givens(state, PART, "a masyu's givens are its pearls", "the loop")
    cols = state["cols"]
    for i, v in enumerate(state["cells"]):
        if v not in ("", "W", "B"):
            raise PuzzleSyntaxError(f"r{i // cols + 1}c{i % cols + 1}: {excerpt(v)} is no pearl (W or B)",
                                    r=i // cols, c=i % cols)
    return make(state["rows"], cols, {(i // cols, i % cols): (WHITE if v == "W" else BLACK)
                                      for i, v in enumerate(state["cells"]) if v})
