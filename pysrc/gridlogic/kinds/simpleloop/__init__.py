"""Simple loop (puzz.link `simpleloop`).

Rules: draw a single loop through the centres of cells, moving up, down, left and right, never crossing
or branching. It passes through every white cell exactly once, and through no black cell.

Variables: `("line", y, x)` holds when the loop steps between the two cells beside edge point (y, x)
of the lattice (gridlogic/lattice.py: cell (r, c) at (2r+1, 2c+1)); these are shown. The one loop is
the rule library's `loops.loop_through_cells` over the whole grid (lazy cuts, docs/rule-library.md),
and a white cell is visited (`("visit", y, x)`, the family's own variable) by the grid's rules. Each
black cell is a clue ("black", r, c): the loop does not visit it. So a hint names the black cells that
force its step.

Facts and the page's marks are on the lattice, as for every loop genre: a step is (y, x, 1) when the
loop uses it, (y, x, 0) when not (kinds/_loops.py).
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf import loops
from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._loops import draw_loop, edge_settled, loop_faults, read_loop
from gridlogic.kinds._shared import refuse_drawn_givens, refuse_rules
from gridlogic.kinds.simpleloop.grid import MAX_SIDE, Puzzle, format_text, from_puzzlink, make, parse_text, to_puzzlink
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "HOW_TO_PLAY", "VALUE_WORDS",
           "fact_of", "name_step", "say_fact", "from_puzzlink", "to_puzzlink"]

KEY = "simpleloop"
TITLE = "Simple loop"
HOW_TO_PLAY = ("Draw one loop through the centres of all the white cells, each once, never crossing or branching; "
               "black cells stay off the loop. Drag from centre to centre to draw; tap a side for a ×.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = {1: ("line", "━"), 0: ("empty", "×")}
PART = "loop"

Solution = frozenset           # the edge points of the steps the loop uses

EXAMPLES = (
    # pzprjs's own test (test/script/simpleloop.js), its answer there
    Example("5×5", "###..\n#....\n.....\n...#.\n.....\n", (), 1),
    Example("ring", "....\n.##.\n....\n", (), 1),
    Example("several", "....\n....\n....\n....\n", (), 6),
    Example("impossible", "...\n...\n...\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Rows of `#` and `.` (grid.py)."""
    refuse_rules(KEY, rules)
    return parse_text(text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's rows, or the drawing of a solution (kinds/_loops.py)."""
    if solution is None:
        return format_text(puzzle)
    black = set(puzzle.black)
    return draw_loop(puzzle.rows, puzzle.cols, solution, lambda r, c: "#" if (r, c) in black else ".", False)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A drawing of the loop (see `format`)."""
    return read_loop(text, puzzle.rows, puzzle.cols, False)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """One loop through cell centres; white cells on it, each black cell a clue keeping it off."""
    rows, cols = puzzle.rows, puzzle.cols
    f.show(loops.loop_through_cells(f, rows, cols))
    black = set(puzzle.black)
    for r in range(rows):
        for c in range(cols):
            p = lattice.cell_point(r, c)
            if (r, c) not in black:
                f.clause([loops.visit(p)])
                continue
            with f.clue(("black", r, c), [(r, c)], f"the black cell r{r + 1}c{c + 1}"):
                f.clause([Not(loops.visit(p))])


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """A step used (y, x, 1) or not (y, x, 0), at its lattice point."""
    return (key[1], key[2], int(value)) if key[0] == "line" else None


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """Why: every white cell is on the loop, with the black cells its reason holds kept off it."""
    return "black cells off the loop" if any(key[0] == "black" for key in clue_keys) else \
        "one loop through every white cell"


def say_fact(puzzle: Puzzle, fact) -> str:
    """The line a step settles: "the line r2c3–r2c4 is part of the loop"."""
    return edge_settled(fact, puzzle.rows, puzzle.cols, False)


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The steps the model's loop uses."""
    return frozenset(p for p in lattice.inner_edges(puzzle.rows, puzzle.cols) if model[loops.line(p)])


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule: a step off the grid, a black cell on the loop, a white cell off it, a line that
    ends or branches, no loop or several (independent of `encode`)."""
    rows, cols = puzzle.rows, puzzle.cols
    out = [Violation("not_a_step", (), f"({y}, {x}) is not a step between two cells") for y, x in sorted(solution)
           if not (0 < y < 2 * rows and 0 < x < 2 * cols and (y + x) % 2)]
    if out:
        return out
    black = set(puzzle.black)
    for r in range(rows):
        for c in range(cols):
            y, x = 2 * r + 1, 2 * c + 1
            on = any(q in solution for q in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)))
            if on and (r, c) in black:
                out.append(Violation("black", ((r, c),), f"the loop passes the black cell r{r + 1}c{c + 1}"))
            elif not on and (r, c) not in black:
                out.append(Violation("white", ((r, c),), f"the loop misses the white cell r{r + 1}c{c + 1}"))
    out += [Violation(code, cells, detail) for code, cells, detail in loop_faults(solution, rows, cols, False)]
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The black cells; the loop as lines on the lattice."""
    black = set(puzzle.black)
    cells = tuple({"r": r, "c": c, "text": "", "role": "black" if (r, c) in black else "empty"}
                  for r in range(puzzle.rows) for c in range(puzzle.cols))
    marks = {"line": sorted(solution)} if solution else {}
    return Board(puzzle.rows, puzzle.cols, cells, {}, marks)


def layout() -> dict:
    """Black cells (#); the player draws the loop between centres, with crosses."""
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 6, 8, 10)],
            "default_size": {"rows": 6, "cols": 6}, "min_size": {"rows": 2, "cols": 2},
            "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE}, "free_size": True,
            "cell": {"states": [{"key": "black", "token": "#", "label": "black cell", "keys": "#x",
                                                 "look": "black"}],
                     "empty": {"label": "white"}},
            "parts": [{"key": PART, "type": "lattice", "label": "Loop",
                       "choices": [{"name": "line", "label": "Line", "value": "none", "look": "line"},
                                   {"name": "cross", "label": "No line", "value": "none", "look": "cross"}]}],
            "play": {"lattice": PART}}


def to_state(puzzle: Puzzle) -> dict:
    """The cells, row by row ("#" black, "" white)."""
    black = set(puzzle.black)
    return {"rows": puzzle.rows, "cols": puzzle.cols,
            "cells": ["#" if (r, c) in black else "" for r in range(puzzle.rows) for c in range(puzzle.cols)],
            "parts": {PART: {}}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of a state (its black cells); lines among the givens are refused, at the first one."""
    refuse_rules(KEY, rules)
    refuse_drawn_givens(state, PART, "a simple loop's givens are its black cells", "the loop")
    cols = state["cols"]
    for i, v in enumerate(state["cells"]):
        if v not in ("", "#"):
            raise PuzzleSyntaxError(f"r{i // cols + 1}c{i % cols + 1}: {excerpt(v)} is neither black (#) nor white",
                                    r=i // cols, c=i % cols)
    return make(state["rows"], cols, [(i // cols, i % cols) for i, v in enumerate(state["cells"]) if v])
