"""Hashiwokakero (Nikoli; puzz.link `hashikake`; Simon Tatham's Bridges).

Rules: some cells are islands, each with a number. Draw bridges between islands, horizontally or
vertically, in straight lines; at most two bridges join the same two islands. Bridges never cross each
other and never pass through an island. The number on an island is how many bridges end there (a double
bridge counts two); an island `?` may have any number. All islands are connected into one group by the
bridges.

Variables: for each pair of islands that see each other along a row or a column (bridges.py `spans`),
and each edge point (y, x) of the lattice between them (gridlogic/lattice.py: cell (r, c) at
(2r+1, 2c+1)), ("bridge", y, x, n) holds when n (0, 1 or 2) bridges pass there: exactly one n at each
point, the same at every point of a pair's way. These are shown; the answer is the set of (y, x, n)
with n 1 or 2, a bridge's count at every edge point it passes. Two ways through one empty cell, one
along a row and one along a column, are never both used. Each island's count is a clue ("island", r, c):
its bridges (one for a way used, one more for a double) add up to its number. The islands are joined
through the ways used (cnf/connected.py `joined`, lazy cuts).

Facts and the page's marks are on the lattice: (y, x, n) the count n at an edge point (0: no bridge, an
×), as the player's marks are entries there.

Text: the grid, one line per row (kinds/_shading.py's): `.` an empty cell, `1`-`8` an island, `?` an
island of any count. A solution is a drawing (bridges.py `draw`): `-` `=` one or two bridges along a row,
`|` `H` along a column. puzz.link (`hashikake`): pzprjs's Number16 over the cells, `.` an island of any
count. Tatham's Bridges game IDs (`7x7m2:…`) are read and written.
"""

from __future__ import annotations

from gridlogic.cnf.connected import joined
from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_drawn_givens, refuse_rules
from gridlogic.kinds.hashi.bridges import bridge_faults, draw, read, spans
from gridlogic.kinds.hashi.links import (MOST, PUZZLINK_ID, from_puzzlink, from_tatham, is_tatham_id, to_puzzlink,
                                         to_tatham)
from gridlogic.kinds.hashi.steps import island_label, name_step, say_fact
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "PUZZLINK_ID", "PUZZLINK_ALIASES",
           "PUZZLINK_CELLS", "TATHAM_GAME", "HOW_TO_PLAY", "VALUE_WORDS", "fact_of", "name_step", "say_fact",
           "from_puzzlink", "to_puzzlink", "from_tatham", "to_tatham", "is_tatham_id"]

KEY = "hashi"
TITLE = "Hashiwokakero"
PUZZLINK_ALIASES = ("hashi", "bridges")      # pzprjs's own short name, and its alias
PUZZLINK_CELLS = "number16"
TATHAM_GAME = "bridges"
HOW_TO_PLAY = ("Join the islands with bridges along rows and columns, one or two between two islands, never "
               "crossing; each island's number counts its bridges, and all islands are joined. Drag from an "
               "island towards another to draw a bridge, again for a double one, a third time to remove it; "
               "tap between two islands for a ×.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
# 0 worded "empty": a way left unmarked has no bridge
VALUE_WORDS = {0: ("empty", "×"), 1: ("one bridge", "─"), 2: ("two bridges", "═")}
PART = "bridges"
LOOKS = {"line": 1, "double": 2}      # how the Board and the player draw one bridge and two
Puzzle = sh.Grid
Solution = frozenset           # (y, x, n): n bridges (1 or 2) at each edge point a bridge passes

EXAMPLES = (
    # pzprjs's own test (test/script/hashikake.js): puzz.link hashikake/5/5/4g2i3h23k3g1g3g4g3, its answer there
    Example("5×5", "4.2..\n.3..2\n3....\n.3.1.\n3.4.3\n", (), 1),
    Example("two ways", "3.3\n...\n3.3\n", (), 2),
    Example("impossible", "1.1\n...\n1.1\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """A grid of islands, one line per row (see the module docstring)."""
    refuse_rules(KEY, rules)
    return sh.parse_grid(text, _read, "hashiwokakero")


def _read(token: str, line_no: int, r: int, c: int):
    return sh.read_clue(token, line_no, r, c, lo=1, hi=MOST)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:  # noqa: A001
    """The puzzle's rows, or the drawing of a solution."""
    if solution is None:
        return sh.format_grid(puzzle)
    return draw(puzzle.rows, puzzle.cols, puzzle.numbered(), solution)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A drawing of the bridges (see `format`)."""
    return read(text, puzzle.rows, puzzle.cols)


def _count(p, n: int) -> tuple:
    return ("bridge", p[0], p[1], n)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """A count 0-2 for each way between two islands, equal along it; ways never cross; each island's
    count a clue; the islands joined."""
    islands = puzzle.numbered()
    ways = spans(puzzle.rows, puzzle.cols, islands)
    for way in ways:
        first = way.points[0]
        f.exactly_one([_count(first, n) for n in range(3)])
        for p in way.points[1:]:
            for n in range(3):
                f.iff(_count(p, n), _count(first, n))
    f.show(_count(p, n) for way in ways for p in way.points for n in range(3))
    along = {cell: way for way in ways if way.across for cell in way.inner()}
    for way in ways:
        for cell in way.inner() if not way.across else ():
            if cell in along:
                f.clause([_count(way.points[0], 0), _count(along[cell].points[0], 0)])
    for (r, c), n in islands.items():
        if n == sh.UNKNOWN:
            continue
        ends = [way.points[0] if way.a == (r, c) else way.points[-1] for way in ways if (r, c) in (way.a, way.b)]
        with f.clue(("island", r, c), [(r, c)], island_label(n, r, c)):
            f.exactly([Not(_count(p, 0)) for p in ends] + [_count(p, 2) for p in ends], n)
    if len(islands) > 1:
        joined(f, sorted(islands), {(way.a, way.b): Not(_count(way.points[0], 0)) for way in ways})


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """n bridges at an edge point (y, x, n), when its variable holds (its negation rules n out)."""
    return (key[1], key[2], key[3]) if key[0] == "bridge" and value else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The bridges of a model, at every edge point they pass."""
    out = set()
    for way in spans(puzzle.rows, puzzle.cols, puzzle.numbered()):
        n = next(n for n in range(3) if model[_count(way.points[0], n)])
        out.update((y, x, n) for y, x in way.points if n)
    return frozenset(out)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule (bridges.py's `bridge_faults`, independent of `encode`), after marks that are no
    bridge between two cells."""
    rows, cols = puzzle.rows, puzzle.cols
    out = [Violation("not_a_bridge", (), f"({y}, {x}, {n}) is not one or two bridges between two cells")
           for y, x, n in sorted(solution)
           if not (0 < y < 2 * rows and 0 < x < 2 * cols and (y + x) % 2 and n in (1, 2))]
    if out:
        return out
    return [Violation(code, cells, detail)
            for code, cells, detail in bridge_faults(rows, cols, puzzle.numbered(), solution)]


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The islands; the bridges as lines on the lattice, single or double."""
    numbers = puzzle.numbered()
    cells = tuple({"r": r, "c": c, "text": str(numbers.get((r, c), "")),
                   "role": "given" if (r, c) in numbers else "empty"}
                  for r in range(puzzle.rows) for c in range(puzzle.cols))
    marks = {look: sorted((y, x) for y, x, n in solution or () if n == count) for look, count in LOOKS.items()}
    return Board(puzzle.rows, puzzle.cols, cells, {}, {look: points for look, points in marks.items() if points})


def layout() -> dict:
    """Islands in cells; the player draws bridges between them, with crosses."""
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 7, 10, 15)],
            "default_size": {"rows": 7, "cols": 7}, "min_size": {"rows": 1, "cols": 2},
            "max_size": {"rows": sh.MAX_SIDE, "cols": sh.MAX_SIDE}, "free_size": True,
            "cell": {"numbers": [1, MOST], "empty": {"label": "empty"}, "ring": True,
                     "states": [{"key": "unknown", "token": sh.UNKNOWN, "label": "? (any number of bridges)",
                                 "keys": "?", "look": "given",
                                 "glyph": "?"}]},
            "parts": [{"key": PART, "type": "lattice", "label": "Bridges",
                       "choices": [{"name": "line", "label": "Bridge", "value": "none", "look": "line"},
                                   {"name": "double", "label": "Two bridges", "value": "none", "look": "double"},
                                   {"name": "cross", "label": "No bridge", "value": "none", "look": "cross"}]}],
            "play": {"lattice": PART, "spans": True}}


def to_state(puzzle: Puzzle) -> dict:
    """The islands, row by row ("" empty)."""
    return {**sh.grid_to_state(puzzle), "parts": {PART: {}}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of a state (its islands); bridges among the givens are refused, at the first one."""
    refuse_rules(KEY, rules)
    refuse_drawn_givens(state, PART, "a hashiwokakero's givens are its islands", "the bridges")
    return sh.grid_from_state(state, 1, MOST)
