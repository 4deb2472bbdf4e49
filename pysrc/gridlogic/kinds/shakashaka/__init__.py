"""Shakashaka (puzz.link `shakashaka`).

Rules, in puzz.link's words: place black triangles in some white cells; a triangle fills half a cell,
cut along a diagonal, in one of four orientations. Every white area (what triangles and black cells
leave) is a rectangle, upright or turned 45°. A number in a black cell says how many of the four cells
beside it hold a triangle. Some triangle is placed.

Variables: `("tri", r, c, v)` is true when the white cell (r, c) holds triangle v (1 ◣, 2 ◢, 3 ◥, 4 ◤:
its black half at the bottom left, bottom right, top right, top left corner) and `("white", r, c)` when
it holds none; exactly one holds in each white cell (all shown). Around every vertex of the grid lie
eight 45° sectors (two of each cell there); every run of white sectors around a vertex spans 90°, 180°
or all 360° (a corner of an area, its straight side, its inside): so every white area is a convex
polygon with right angles, a rectangle. Each vertex says so by its prime clauses over the states of its
cells (vertex.py), with no variable of its own.
These are the grid's rules; each number is a clue `("number", r, c)`.

The package: this module (the contract: encode, check, render), grid.py (the Puzzle, text, state,
puzz.link), vertex.py (the rule at a vertex), steps.py (hint steps).
"""

from __future__ import annotations

from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.shakashaka import grid
from gridlogic.kinds.shakashaka.grid import BLACK, TRIANGLES, WHITE, Puzzle, from_puzzlink, to_puzzlink
from gridlogic.kinds.shakashaka.steps import EASY_STEPS, name_step
from gridlogic.kinds.shakashaka.vertex import CELLS, vertex_clauses
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "fact_of", "name_step", "from_puzzlink", "to_puzzlink"]

KEY = "shakashaka"
TITLE = "Shakashaka"
HOW_TO_PLAY = ("Put black triangles in white cells so that every white area is a rectangle (upright or turned "
               "45°); a number counts the triangles beside it. Press near a corner of a cell for the triangle "
               "filling that corner; the right button marks a cell white.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = {0: ("empty", "·"), 1: ("triangle ◣", "◣"), 2: ("triangle ◢", "◢"), 3: ("triangle ◥", "◥"),
               4: ("triangle ◤", "◤")}
Solution = tuple          # a value per cell, row by row: 0 white (or a black cell), 1-4 a triangle
EXAMPLES = (
    # pzprjs test/script/shakashaka.js (robx/pzprjs): puzz.link shakashaka/6/6/cgbhdhegdrb
    Example("pzprjs 6×6", "2...1.\n...3..\n..4...\n3.....\n......\n...1..\n", (), 1,
            "2◤◥.1.\n◤.◢3◤◥\n◣◢4◤.◢\n3◤◥◣◢.\n◤.◢.◤◥\n◣◢.1◣◢\n"),
    Example("two ways", "...\n...\n", (), 2),
    Example("impossible", "4..\n...\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """One line per row: `.` white, `#` black, 0-4 a black cell's number (see grid.py)."""
    refuse_rules(KEY, rules)
    return grid.parse_text(text)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """The triangles ◣ ◢ ◥ ◤ in the grid, `.` a white cell without one."""
    return grid.parse_solution(puzzle, text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's text, or the solution's triangles."""
    return grid.format_text(puzzle, solution)


def _white(puzzle: Puzzle) -> list[tuple[int, int]]:
    return [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if puzzle.at(r, c) is None]


def encode(puzzle: Puzzle, f: Formula) -> None:
    """A state per white cell, the white angle at each vertex, the numbers (a clue each), some triangle."""
    rows, cols = puzzle.rows, puzzle.cols
    white = _white(puzzle)
    state = lambda r, c, v: ("white", r, c) if v == WHITE else ("tri", r, c, v)      # noqa: E731
    f.show(state(r, c, v) for r, c in white for v in (WHITE, *TRIANGLES))
    for r, c in white:
        f.exactly_one([state(r, c, v) for v in (WHITE, *TRIANGLES)])
    open_cells = set(white)
    for y in range(rows + 1):
        for x in range(cols + 1):
            cells = [(y + dr, x + dc) for (dr, dc), _ in CELLS]
            present = tuple(cell in open_cells for cell in cells)
            lits = [state(*cell, v) for cell, here in zip(cells, present) if here for v in (WHITE, *TRIANGLES)]
            f.pattern(lits, vertex_clauses(present))
    for (r, c), n in puzzle.numbered().items():
        if n == BLACK:
            continue
        near = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if (r + dr, c + dc) in open_cells]
        with f.clue(("number", r, c), [(r, c), *near], f"the {n} at r{r + 1}c{c + 1}"):
            f.exactly([Not(("white", *cell)) for cell in near], n)
    f.clause([("tri", r, c, v) for r, c in white for v in TRIANGLES])


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact of a shown variable: (r, c, v) the cell holds v (0 white, 1-4 a triangle)."""
    if not value:
        return None
    return (key[1], key[2], WHITE) if key[0] == "white" else (key[1], key[2], key[3]) if key[0] == "tri" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The triangles of a model."""
    return tuple(next((v for v in TRIANGLES if model[("tri", r, c, v)]), WHITE) if puzzle.at(r, c) is None
                 else WHITE for r in range(puzzle.rows) for c in range(puzzle.cols))


# -- the checker: white areas drawn as quarter cells, each area's area against its bounding boxes ---------
# A cell's quarters: 0 top, 1 right, 2 bottom, 3 left; a triangle blackens the two quarters at its corner.
BLACKENS = {1: {2, 3}, 2: {1, 2}, 3: {0, 1}, 4: {0, 3}}
# The quarters' corners in doubled coordinates (x, y) from the cell's top left: centre (1, 1).
QUARTER = {0: ((0, 0), (2, 0), (1, 1)), 1: ((2, 0), (2, 2), (1, 1)), 2: ((0, 2), (2, 2), (1, 1)),
           3: ((0, 0), (0, 2), (1, 1))}


def _areas(puzzle: Puzzle, solution: Solution) -> list[list[tuple[int, int, int]]]:
    """The white areas, each a list of white quarters (r, c, q), joined across their sides."""
    rows, cols = puzzle.rows, puzzle.cols
    white = {(r, c, q) for r in range(rows) for c in range(cols) if puzzle.at(r, c) is None
             for q in range(4) if q not in BLACKENS.get(solution[r * cols + c], set())}
    seen, out = set(), []
    for start in sorted(white):
        if start in seen:
            continue
        seen.add(start)
        todo, area = [start], []
        while todo:
            r, c, q = todo.pop()
            area.append((r, c, q))
            near = [(r, c, (q + 1) % 4), (r, c, (q + 3) % 4),
                    {0: (r - 1, c, 2), 1: (r, c + 1, 3), 2: (r + 1, c, 0), 3: (r, c - 1, 1)}[q]]
            for nxt in near:
                if nxt in white and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        out.append(area)
    return out


def _is_rectangle(area: list[tuple[int, int, int]]) -> bool:
    """Whether the quarters fill their upright bounding box or their 45° one (each quarter's area is 1
    in doubled coordinates)."""
    points = [(2 * c + x, 2 * r + y) for r, c, q in area for x, y in QUARTER[q]]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    us, vs = [x + y for x, y in points], [x - y for x, y in points]
    return len(area) in ((max(xs) - min(xs)) * (max(ys) - min(ys)), (max(us) - min(us)) * (max(vs) - min(vs)) // 2)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule (independent of the encoder): no triangle, a triangle on a black cell, a number
    with another count of triangles beside it, a white area that is not a rectangle."""
    rows, cols = puzzle.rows, puzzle.cols
    at = lambda r, c: solution[r * cols + c] if 0 <= r < rows and 0 <= c < cols else WHITE   # noqa: E731
    out: list[Violation] = []
    if not any(solution):
        out.append(Violation("no_triangle", (), "there is no triangle"))
    for (r, c), n in puzzle.numbered().items():
        if solution[r * cols + c]:
            out.append(Violation("black", ((r, c),), "a triangle in a black cell"))
        if n != BLACK:
            near = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
            got = sum(1 for y, x in near if at(y, x) and puzzle.at(y, x) is None if 0 <= y < rows and 0 <= x < cols)
            if got != n:
                out.append(Violation("number", ((r, c),), f"the {n} at r{r + 1}c{c + 1} has {got} triangles beside it"))
    for area in _areas(puzzle, solution):
        if not _is_rectangle(area):
            cells = tuple(sorted({(r, c) for r, c, _ in area}))
            out.append(Violation("rectangle", cells, "a white area that is not a rectangle"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """Black cells (their numbers), and a solution's triangles as the cells' text."""
    cells = []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            v = puzzle.at(r, c)
            if v is not None:
                cells.append({"r": r, "c": c, "text": "" if v == BLACK else str(v), "role": "black"})
            else:
                tri = TRIANGLES.get(solution[r * puzzle.cols + c], "") if solution else ""
                cells.append({"r": r, "c": c, "text": tri, "role": "solved" if tri else "empty"})
    return Board(puzzle.rows, puzzle.cols, tuple(cells))


def layout() -> dict:
    """Black cells (# or a number 0-4) typed in cells; in play a press near a corner of a white cell puts
    the triangle filling that corner (again: takes it away), the right button marks the cell white."""
    base = sh.grid_layout(0, 4, "empty", "Type the black cells: # or their number 0-4. Paste a puzz.link "
                                         "shakashaka URL to load one.", unknown=False)
    cell = {**base["cell"], "states": [{"key": "black", "token": BLACK, "label": "a black cell", "keys": "#",
                                        "look": "black"}]}
    return {**base, "cell": cell,
            "play": {"values": [0, 4], "on": "empty", "cycle": [1, 2, 3, 4, 0], "corners": [4, 3, 2, 1],
                     "keys": {"x": 0, "d": 0, ".": 0}}}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: `#` or the number in each black cell."""
    return grid.to_state(puzzle)


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, located where a cell does not read."""
    refuse_rules(KEY, rules)
    return grid.from_state(state)
