"""Numberlink (Nikoli; puzz.link `numlin`).

Rules: draw lines through the centres of cells, moving up, down, left and right, so that each line joins
two equal numbers. Lines never cross or branch, never pass through a number, and each number is the end
of exactly one line. A line joins no other numbers, and every line ends at numbers. Cells may be left
empty: as in pzprjs's `numlin`, the lines need not pass through every cell.

Variables: `("line", y, x)` holds when a line steps between the two cells beside edge point (y, x) of the
lattice (gridlogic/lattice.py: cell (r, c) at (2r+1, 2c+1)); these are shown, and the answer is the set
of steps used. The rule is the rule library's `paths.paths_between` (cnf/paths.py), each number an
endpoint labelled by its value, whose own clauses are the clue ("number", r, c), so a hint names the
numbers that force its step.

Facts and the page's marks are on the lattice: a step is the fact (y, x, 1) when a line uses it and
(y, x, 0) when not (worded "line" and "empty"), as the player's lines and crosses are entries there.

Text: the grid of numbers, one line per row (kinds/_shading.py's: `.` an empty cell, a number; tokens
separated by spaces when a number has two digits or more). A solution is the drawing of the lines
(kinds/_loops.py), the cells' characters not read. puzz.link (`numlin`): pzprjs's Number16 over the
cells. pzprjs's `?` (a number not given) is refused.
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf import paths
from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.cnf.graph import cell_graph
from gridlogic.cnf.loops import line, visit
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._loops import draw_loop, read_loop
from gridlogic.kinds._shared import refuse_drawn_givens, refuse_rules
from gridlogic.kinds.numberlink import unique
from gridlogic.kinds.numberlink.lines import line_faults, name_step, say_fact
from gridlogic.codecs import puzzlink
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "PUZZLINK_ID", "PUZZLINK_CELLS",
           "HOW_TO_PLAY", "VALUE_WORDS", "fact_of", "name_step", "say_fact", "from_puzzlink", "to_puzzlink", "SAT_ENGINE",
           "verdict"]

KEY = "numberlink"
TITLE = "Numberlink"
PUZZLINK_ID = "numlin"
PUZZLINK_CELLS = "number16"
HOW_TO_PLAY = ("Join each pair of equal numbers with a line through the centres of cells, never crossing or "
               "branching, never through another number; cells may stay empty. Drag from centre to centre to "
               "draw; tap a side for a ×.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = {1: ("line", "━"), 0: ("empty", "×")}
# CaDiCaL: on the real 10×10 puzzles, solve with uniqueness took a tenth to a third of MiniSat's time, and one
# MiniSat did not finish in 45 s took 0.8 s (docs/benchmarks.md, 2026-11-29)
SAT_ENGINE = "cadical195"
PART = "lines"
FULL = ("full",)              # the clue "every cell on a line", where the one solution fills the grid (`encode`)
Puzzle = sh.Grid
Solution = frozenset           # the edge points of the steps the lines use

EXAMPLES = (
    # pzprjs's own test (test/script/numlin.js): puzz.link numlin/5/5/1j2h3m1h2j3, its answer there
    Example("5×5", "1....\n2..3.\n.....\n.1..2\n....3\n", (), 1),
    Example("two ways", "1.\n.1\n", (), 2),
    Example("impossible", "12\n21\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """A grid of numbers, one line per row (see the module docstring)."""
    refuse_rules(KEY, rules)
    return sh.parse_grid(text, _read, "numberlink")


def _read(token: str, line_no: int, r: int, c: int):
    return sh.read_clue(token, line_no, r, c, lo=1, unknown=False)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:  # noqa: A001
    """The puzzle's rows, or the drawing of a solution (a number of two digits or more drawn `o`)."""
    if solution is None:
        return sh.format_grid(puzzle)
    numbers = puzzle.numbered()

    def text(r, c):
        word = str(numbers.get((r, c), "."))
        return word if len(word) == 1 else "o"
    return draw_loop(puzzle.rows, puzzle.cols, solution, text, False)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A drawing of the lines (see `format`)."""
    return read_loop(text, puzzle.rows, puzzle.cols, False)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Paths between the numbers, each number an endpoint labelled by its value (a clue). Once a verdict
    kept below has said the puzzle's one solution, the formula's phases are that solution: its first model,
    which alone it finds slowly on a sparse puzzle, then comes at once (certain cells read it). That solution
    using every cell (the verdict's puzzles), "every cell on a line" is a clue too (FULL, over every cell
    without a number): it holds in the one solution, so it drops none, and a hint leans on it as players do
    (without it, nearly every step of a sparse puzzle is a proof about the whole grid: docs/benchmarks.md)."""
    _paths(puzzle, f)
    for (known, _), found in _VERDICTS.items():
        if known == puzzle and found is not None and len(found) == 1:
            f.phases = [line(p) if p in found[0] else Not(line(p))
                        for p in lattice.inner_edges(puzzle.rows, puzzle.cols)]
            if unique.is_full(puzzle, found[0]):
                _every_cell(puzzle, f)
            return


def _every_cell(puzzle: Puzzle, f: Formula) -> None:
    """The clue FULL: every cell without a number is on a line."""
    numbers = puzzle.numbered()
    free = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if (r, c) not in numbers]
    with f.clue(FULL, free, "the grid being full (as its one solution is)"):
        for r, c in free:
            f.clause([visit(lattice.cell_point(r, c))])


def _paths(puzzle: Puzzle, f: Formula) -> None:
    numbers = puzzle.numbered()
    ends = {lattice.cell_point(r, c): n for (r, c), n in numbers.items()}

    def end_of(p):
        r, c = lattice.point_cell(p)
        return f.clue(("number", r, c), [(r, c)], f"the {numbers[(r, c)]} at r{r + 1}c{c + 1}")
    f.show(paths.paths_between(f, cell_graph(puzzle.rows, puzzle.cols), ends, end_of))


def verdict(puzzle: Puzzle, engine: str, budget) -> tuple | None:
    """Unique or not, for a puzzle whose solution fills every cell, by unique.py's argument (from
    unique.LEAST_CELLS cells on: below, the plain formula settles it sooner)."""
    if puzzle.rows * puzzle.cols < unique.LEAST_CELLS:
        return None
    key = (puzzle, engine)
    if key not in _VERDICTS:                # (a stop raises: nothing kept)
        found = unique.verdict(encode, decode, check, puzzle, engine, budget)
        if len(_VERDICTS) >= VERDICTS_KEPT:
            del _VERDICTS[next(iter(_VERDICTS))]
        _VERDICTS[key] = found
    return _VERDICTS[key]


# The last few verdicts, by puzzle and engine: a solve and its certain cells ask the same one
VERDICTS_KEPT = 4
_VERDICTS: dict = {}


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """A step used (y, x, 1) or not (y, x, 0), at its lattice point."""
    return (key[1], key[2], int(value)) if key[0] == "line" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The steps the model's lines use."""
    return frozenset(p for p in lattice.inner_edges(puzzle.rows, puzzle.cols) if model[line(p)])


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule (lines.py's `line_faults`, independent of `encode`), after steps off the grid."""
    rows, cols = puzzle.rows, puzzle.cols
    out = [Violation("not_a_step", (), f"({y}, {x}) is not a step between two cells") for y, x in sorted(solution)
           if not (0 < y < 2 * rows and 0 < x < 2 * cols and (y + x) % 2)]
    if out:
        return out
    return [Violation(code, cells, detail) for code, cells, detail in line_faults(puzzle.numbered(), solution,
                                                                                   rows, cols)]


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The numbers; the lines on the lattice."""
    numbers = puzzle.numbered()
    cells = tuple({"r": r, "c": c, "text": str(numbers.get((r, c), "")),
                   "role": "given" if (r, c) in numbers else "empty"}
                  for r in range(puzzle.rows) for c in range(puzzle.cols))
    marks = {"line": sorted(solution)} if solution else {}
    return Board(puzzle.rows, puzzle.cols, cells, {}, marks)


def layout() -> dict:
    """Numbers in cells; the player draws lines between centres, with crosses."""
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 7, 10, 15)],
            "default_size": {"rows": 7, "cols": 7}, "min_size": {"rows": 1, "cols": 2},
            "max_size": {"rows": sh.MAX_SIDE, "cols": sh.MAX_SIDE}, "free_size": True,
            "cell": {"numbers": [1, sh.MAX_NUMBER], "empty": {"label": "empty"}},
            "parts": [{"key": PART, "type": "lattice", "label": "Lines",
                       "choices": [{"name": "line", "label": "Line", "value": "none", "look": "line"},
                                   {"name": "cross", "label": "No line", "value": "none", "look": "cross"}]}],
            "play": {"lattice": PART}}


def to_state(puzzle: Puzzle) -> dict:
    """The numbers, row by row ("" empty)."""
    return {**sh.grid_to_state(puzzle), "parts": {PART: {}}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of a state (its numbers); lines among the givens are refused, at the first one."""
    refuse_rules(KEY, rules)
    refuse_drawn_givens(state, PART, "a numberlink's givens are its numbers", "the lines")
    return sh.grid_from_state(state, 1, sh.MAX_NUMBER, unknown=False)


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link's `numlin` data: Number16 over the cells (a `?` refused, at its cell)."""
    grid = sh.number16_grid(cols, rows, body, "numberlink")
    for (r, c), n in grid.numbered().items():
        if n == sh.UNKNOWN:
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: a number not given (?) has no numberlink rule here",
                                    r=r, c=c)
        if n < 1:
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: numbers start at 1 (got {n})", r=r, c=c)
    return grid


def to_puzzlink(puzzle: Puzzle) -> str:
    return puzzlink.url(PUZZLINK_ID, puzzle.cols, puzzle.rows, sh.number16_body(puzzle))
