"""Kurodoko (Nikoli; Simon Tatham's Range).

Rules: shade some cells. Shaded cells never share an edge; all unshaded cells form one orthogonally
connected area; numbered cells stay unshaded, and a number says how many unshaded cells it sees along
its row and its column in the four directions, up to the first shaded cell or the grid's edge, itself
included. A `?` (puzz.link's circle without a number) is a clue cell whose number is not given: unshaded.

Variables: `("shade", r, c)` is true when cell (r, c) is shaded (shown); the rule library's families reach it
from the cell's lattice point (2r+1, 2c+1).
Always: clue cells unshaded, no two shaded cells side by side, the unshaded cells connected
(gridlogic.cnf.connected, lazy by default). Clues an explanation may name: each number (`("clue", r, c)`:
gridlogic.cnf.visibility.seen_count's sees variables counted).

The package: grid.py (the Puzzle, its text form and editing state), text.py (reading a text or a game ID),
links.py (puzz.link and Tatham game IDs), steps.py (naming a step); this module wires the kind's contract.
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf.connected import connected_cells
from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.cnf.visibility import seen_count
from gridlogic.kinds.kurodoko.grid import Puzzle, Solution, format, from_state, layout, parse_solution, to_state
from gridlogic.kinds.kurodoko.links import from_puzzlink, from_tatham, is_tatham_id, to_puzzlink, to_tatham
from gridlogic.kinds.kurodoko.steps import EASY_STEPS, VALUE_WORDS, name_step
from gridlogic.kinds.kurodoko.text import parse
from gridlogic.layout.moves import Symmetry
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "HOW_TO_PLAY", "SYMMETRY", "fact_of",
           "name_step", "EASY_STEPS", "VALUE_WORDS", "PUZZLINK_ID", "from_puzzlink", "to_puzzlink",
           "TATHAM_GAME", "from_tatham", "to_tatham", "is_tatham_id"]

KEY = "kurodoko"
TITLE = "Kurodoko"
HOW_TO_PLAY = ("Shade cells so that no two shaded cells touch by a side and the unshaded cells stay connected. "
               "A number is never shaded: it counts the unshaded cells it sees in its row and column, itself "
               "included. Click a cell to shade it, again (or right-click) for a dot.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
PUZZLINK_ID = "kurodoko"
TATHAM_GAME = "range"
SYMMETRY = Symmetry()

EXAMPLES = (
    # pzprjs test/script/kurodoko.js: its URL 5/5/i7g5l2l2g4i and the answer its last failcheck accepts
    Example("pzprjs 5x5", ". . . 7 .\n5 . . . .\n. . 2 . .\n. . . . 2\n. 4 . . .", (), 1,
            ". # . 7 .\n5 . # . .\n. # 2 . #\n. . # . 2\n# 4 . . #"),
    Example("3x3", ". . .\n2 . .\n. . 4", (), 1, ". . .\n2 # .\n# . 4"),
    Example("five ways", ". .\n. .", (), 5),
    Example("impossible", "1 .\n. .", (), 0),
)


def shade(p: tuple[int, int]) -> tuple:
    """The variable "the cell at lattice point p is shaded", named by the cell's row and column (so the
    symmetries' moves of cells apply to it)."""
    return ("shade", *lattice.point_cell(p))


def unshaded(p: tuple[int, int]):
    return Not(shade(p))


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Clue cells unshaded, shaded cells apart, the unshaded cells connected; each number's count a clue."""
    rows, cols = puzzle.rows, puzzle.cols
    f.show(shade(p) for p in lattice.cells(rows, cols))
    for p in lattice.cells(rows, cols):
        for q in lattice.neighbours(p, rows, cols):
            if q > p:
                f.clause([unshaded(p), unshaded(q)])
    connected_cells(f, rows, cols, unshaded)
    for r, c in puzzle.circles():
        f.clause([unshaded(lattice.cell_point(r, c))])
    for r, c, n in puzzle.numbers():
        p = lattice.cell_point(r, c)
        line = [(r, x) for x in range(cols)] + [(y, c) for y in range(rows) if y != r]
        with f.clue(("clue", r, c), line, f"the {n} at r{r + 1}c{c + 1}"):
            seen_count(f, rows, cols, p, n, unshaded)


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact of a shown variable: (r, c, 1) shaded, (r, c, 0) unshaded; none for a numbered cell
    (never shaded, and no cell the player marks)."""
    if key[0] != "shade" or puzzle.clues[key[1] * puzzle.cols + key[2]]:
        return None
    return key[1], key[2], int(value)


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The shaded cells of a model."""
    return frozenset(lattice.point_cell(p) for p in lattice.cells(puzzle.rows, puzzle.cols) if model[shade(p)])


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a shading (independent of the encoder): a shaded number, shaded cells side by
    side, unshaded cells in several parts, a number that sees another count."""
    rows, cols = puzzle.rows, puzzle.cols
    shaded = {cell for cell in solution if 0 <= cell[0] < rows and 0 <= cell[1] < cols}
    out = [Violation("outside", (cell,), "no such cell") for cell in sorted(set(solution) - shaded)]
    out += [Violation("number_shaded", ((r, c),), f"the {puzzle.clues[r * cols + c]} at r{r + 1}c{c + 1} is shaded")
            for r, c in puzzle.circles() if (r, c) in shaded]
    out += [Violation("adjacent", ((r, c), (r + dr, c + dc)), "shaded cells touch")
            for r, c in sorted(shaded) for dr, dc in ((0, 1), (1, 0)) if (r + dr, c + dc) in shaded]
    white = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in shaded]
    if white:
        reached, todo = {white[0]}, [white[0]]
        while todo:
            r, c = todo.pop()
            for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if q in set(white) - reached:
                    reached.add(q)
                    todo.append(q)
        if len(reached) != len(white):
            out.append(Violation("divided", tuple(sorted(set(white) - reached)), "unshaded cells cut off"))
    for r, c, n in puzzle.numbers():
        seen = 1
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            y, x = r + dr, c + dc
            while 0 <= y < rows and 0 <= x < cols and (y, x) not in shaded:
                seen, y, x = seen + 1, y + dr, x + dc
        if seen != n:
            out.append(Violation("count", ((r, c),), f"the {n} sees {seen} cells"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """Numbers as givens, the shaded cells of a solution black."""
    shaded = solution or frozenset()
    cells = []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            n = puzzle.clues[r * puzzle.cols + c]
            role = "given" if n else "black" if (r, c) in shaded else "empty"
            cells.append({"r": r, "c": c, "text": str(n) if n else "", "role": role})
    return Board(puzzle.rows, puzzle.cols, tuple(cells))
