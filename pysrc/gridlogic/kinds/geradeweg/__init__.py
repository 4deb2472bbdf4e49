"""Geradeweg (puzz.link `geradeweg`).

Rules: draw a single loop through the centres of cells, moving up, down, left and right, never crossing
or branching; it need not visit every cell. It passes through every numbered cell, and each straight
stretch of the loop through a numbered cell (the horizontal one, the vertical one, or both where the
loop turns there) is as many cells' steps long as the number says. At a `?` the loop turns or goes
straight; where it turns, its two straight stretches are equally long.

Variables: `("line", y, x)` holds when the loop steps between the two cells beside edge point (y, x)
of the lattice (gridlogic/lattice.py: cell (r, c) at (2r+1, 2c+1)); these are shown, and the answer is
the set of steps used. The one loop is the rule library's `loops.loop_through_cells` (lazy cuts); each
number is a clue ("number", r, c) whose clauses are rules.py's (its arms' lengths, `("arm", y, x, d,
k)`: the arm along direction d at least k long), beside the independent check.

Facts and the page's marks are on the lattice: a step (y, x, 1) used or (y, x, 0) not.
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf import loops
from gridlogic.cnf.formula import Formula, Model
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._loops import draw_loop, edge_settled, loop_faults, read_loop
from gridlogic.kinds._shared import refuse_drawn_givens, refuse_rules
from gridlogic.kinds.geradeweg.rules import encode_number, number_fault
from gridlogic.codecs import puzzlink
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "HOW_TO_PLAY", "VALUE_WORDS",
           "fact_of", "name_step", "say_fact", "from_puzzlink", "to_puzzlink", "PUZZLINK_CELLS"]

KEY = "geradeweg"
TITLE = "Geradeweg"
PUZZLINK_CELLS = "number16"
HOW_TO_PLAY = ("Draw one loop through cell centres, never crossing or branching, through every number. Each "
               "straight stretch of the loop through a number is that many steps long; at a ? the loop's two "
               "stretches are equally long. Drag from centre to centre to draw; tap a side for a ×.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = {1: ("line", "━"), 0: ("empty", "×")}
PART = "loop"
MAX_NUMBER = 99

Puzzle = sh.Grid
Solution = frozenset           # the edge points of the steps the loop uses

EXAMPLES = (
    # pzprjs's own tests (test/script/geradeweg.js), their answers there
    Example("5×5", ".....\n.211.\n..2..\n3...4\n.....\n", (), 1),
    Example("3×3", "?..\n??.\n.?.\n", (), 1),
    Example("impossible", "3..\n...\n...\n", (), 0),
)


def _read(token: str, line: int, r: int, c: int):
    return sh.read_clue(token, line, r, c, lo=1, hi=MAX_NUMBER)


def _make(grid: sh.Grid) -> Puzzle:
    if grid.rows < 2 or grid.cols < 2:
        raise PuzzleSyntaxError(f"geradeweg: sizes are 2×2 to {sh.MAX_SIDE}×{sh.MAX_SIDE} "
                                f"(got {grid.cols}×{grid.rows})")
    return grid


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Rows of cells: `.` empty, a number 1-99, `?` (tokens separated by spaces when any is longer)."""
    refuse_rules(KEY, rules)
    return _make(sh.parse_grid(text, _read, "geradeweg"))


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's rows, or the drawing of a solution (kinds/_loops.py), numbers past 9 drawn `#`."""
    if solution is None:
        return sh.format_grid(puzzle)

    def char(r, c):
        v = puzzle.at(r, c)
        return "." if v is None else str(v) if len(str(v)) == 1 else "#"
    return draw_loop(puzzle.rows, puzzle.cols, solution, char, False)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A drawing of the loop (see `format`)."""
    return read_loop(text, puzzle.rows, puzzle.cols, False)


def _label(value, r: int, c: int) -> str:
    return f"the {value} at r{r + 1}c{c + 1}"


def encode(puzzle: Puzzle, f: Formula) -> None:
    """One loop through cell centres; each number a clue (rules.py)."""
    rows, cols = puzzle.rows, puzzle.cols
    f.show(loops.loop_through_cells(f, rows, cols))
    for (r, c), value in puzzle.numbered().items():
        with f.clue(("number", r, c), [(r, c)], _label(value, r, c)):
            encode_number(f, lattice.cell_point(r, c), value, rows, cols)


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """A step used (y, x, 1) or not (y, x, 0), at its lattice point."""
    return (key[1], key[2], int(value)) if key[0] == "line" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The steps the model's loop uses."""
    return frozenset(p for p in lattice.inner_edges(puzzle.rows, puzzle.cols) if model[("line", *p)])


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule: a number the loop misses or passes with a stretch of another length, a line that
    ends or branches, no loop or several (independent of `encode`)."""
    rows, cols = puzzle.rows, puzzle.cols
    out = [Violation("not_a_step", (), f"({y}, {x}) is not a step between two cells") for y, x in sorted(solution)
           if not (0 < y < 2 * rows and 0 < x < 2 * cols and (y + x) % 2)]
    if out:
        return out
    for (r, c), value in puzzle.numbered().items():
        fault = number_fault(frozenset(solution), (2 * r + 1, 2 * c + 1), value)
        if fault:
            out.append(Violation("number", ((r, c),), f"{_label(value, r, c)}: {fault}"))
    out += [Violation(code, cells, detail) for code, cells, detail in loop_faults(solution, rows, cols, False)]
    return out


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """Why, in geradeweg's words: a number's straight stretches, numbers together, or the loop's rule."""
    numbers = [key for key in clue_keys if key[0] == "number"]
    if not numbers:
        return "one loop: no end, no branch"
    return "a number's straight stretches" if len(numbers) == 1 else "numbers together"


def say_fact(puzzle: Puzzle, fact) -> str:
    """The line a step settles: "the line r2c3–r2c4 is part of the loop"."""
    return edge_settled(fact, puzzle.rows, puzzle.cols, False)


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The numbers (a `?` as a clue the page draws from its state); the loop as lines on the lattice."""
    cells = tuple({"r": r, "c": c, "text": "" if puzzle.at(r, c) is None else str(puzzle.at(r, c)),
                   "role": "empty" if puzzle.at(r, c) is None else "clue" if puzzle.at(r, c) == sh.UNKNOWN else "given"}
                  for r in range(puzzle.rows) for c in range(puzzle.cols))
    marks = {"line": sorted(solution)} if solution else {}
    return Board(puzzle.rows, puzzle.cols, cells, {}, marks)


def layout() -> dict:
    """Numbers (and ?) in cells; the player draws the loop between centres, with crosses."""
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 6, 8, 10)],
            "default_size": {"rows": 6, "cols": 6}, "min_size": {"rows": 2, "cols": 2},
            "max_size": {"rows": sh.MAX_SIDE, "cols": sh.MAX_SIDE}, "free_size": True,
            "cell": {"numbers": [1, MAX_NUMBER],
                     "states": [{"key": "unknown", "token": sh.UNKNOWN, "label": "? (equal stretches)", "keys": "?",
                                 "look": "given", "glyph": "?"}],
                     "empty": {"label": "empty"}},
            "parts": [{"key": PART, "type": "lattice", "label": "Loop",
                       "choices": [{"name": "line", "label": "Line", "value": "none", "look": "line"},
                                   {"name": "cross", "label": "No line", "value": "none", "look": "cross"}]}],
            "play": {"lattice": PART}}


def to_state(puzzle: Puzzle) -> dict:
    """The numbers, row by row ("" empty)."""
    return {**sh.grid_to_state(puzzle), "parts": {PART: {}}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of a state (its numbers); lines among the givens are refused, at the first one."""
    refuse_rules(KEY, rules)
    refuse_drawn_givens(state, PART, "a geradeweg's givens are its numbers", "the loop")
    return _make(sh.grid_from_state(state, 1, MAX_NUMBER))


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link's `geradeweg` data: Number16 over the cells."""
    grid = sh.number16_grid(cols, rows, body, "geradeweg")
    for i, v in enumerate(grid.clues):
        if v is not None and v != sh.UNKNOWN and not 1 <= v <= MAX_NUMBER:
            raise PuzzleSyntaxError(f"geradeweg: r{i // cols + 1}c{i % cols + 1}: {v} is not a number 1-{MAX_NUMBER}",
                                    r=i // cols, c=i % cols)
    return _make(grid)


def to_puzzlink(puzzle: Puzzle) -> str:
    return puzzlink.url("geradeweg", puzzle.cols, puzzle.rows, sh.number16_body(puzzle))
