"""Country road (Nikoli; puzz.link `country`).

Rules: the grid is divided into rooms. Draw a single loop through the centres of cells, moving up, down,
left and right, never crossing or branching. The loop visits every room exactly once: it enters each
room once and leaves it once. A room's number counts its cells the loop passes through. Two cells side
by side in different rooms are not both left off the loop.

Variables: `("line", y, x)` holds when the loop steps between the two cells beside edge point (y, x)
of the lattice (gridlogic/lattice.py: cell (r, c) at (2r+1, 2c+1)); these are shown, and the answer is
the set of steps used. The one loop is the rule library's `loops.loop_through_cells` (lazy cuts) with
its `("visit", y, x)`; each room is a clue ("room", k) (two crossings of its border, its number's
count), the cells beside a border the clue ("beside",) (rules.py, beside the independent check).

Facts and the page's marks are on the lattice: a step (y, x, 1) used or (y, x, 0) not.

The package: rules.py (clauses and check); kinds/_rooms.py holds the rooms (text, state, puzz.link
Border and RoomNumber16) and kinds/_loops.py the drawing of the loop.
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf.formula import Formula, Model
from gridlogic.kinds import _rooms as grid
from gridlogic.kinds._loops import draw_loop, edge_settled, read_loop
from gridlogic.kinds._rooms import ROOM_CHOICE, Puzzle
from gridlogic.kinds._shared import refuse_drawn_givens, refuse_rules
from gridlogic.kinds.country.rules import encode_rules, faults
from gridlogic.codecs import puzzlink
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "HOW_TO_PLAY", "VALUE_WORDS",
           "fact_of", "name_step", "say_fact", "from_puzzlink", "to_puzzlink"]

KEY = "country"
TITLE = "Country road"
HOW_TO_PLAY = ("Draw one loop through cell centres that visits every room exactly once, never crossing or "
               "branching. A room's number counts its cells on the loop; two cells side by side across a room "
               "border are never both left off the loop. Drag from centre to centre to draw; tap a side for a ×.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = {1: ("line", "━"), 0: ("empty", "×")}
PART = "loop"

Solution = frozenset           # the edge points of the steps the loop uses

EXAMPLES = (
    # pzprjs's own test (test/script/country.js), its answer there
    Example("5×5", "AABBC\nAABBC\nDEEEC\nDFFGG\nDFFGG\n\n2....\n.....\n12...\n.....\n.....\n", (), 1),
    Example("3×3", "AAB\nCAB\nCDD\n\n3..\n...\n...\n", (), 1),
    Example("impossible", "AB\nAB\n\n1.\n..\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The rooms, a blank line, the numbers (kinds/_rooms.py)."""
    refuse_rules(KEY, rules)
    return grid.parse_text(text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's text, or the drawing of a solution (kinds/_loops.py), cells as their rooms' labels."""
    if solution is None:
        return grid.format_text(puzzle)
    labels = grid.format_text(puzzle, numbered=False).split()
    return draw_loop(puzzle.rows, puzzle.cols, solution,
                     lambda r, c: labels[r][c] if len(labels) == puzzle.rows else ".", False)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A drawing of the loop (see `format`)."""
    return read_loop(text, puzzle.rows, puzzle.cols, False)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """One loop; each room a clue (rules.py)."""
    f.show(encode_rules(f, puzzle))


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """A step used (y, x, 1) or not (y, x, 0), at its lattice point."""
    return (key[1], key[2], int(value)) if key[0] == "line" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The steps the model's loop uses."""
    return frozenset(p for p in lattice.inner_edges(puzzle.rows, puzzle.cols) if model[("line", *p)])


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule: a room missed or entered twice, a room's count, two cells off the loop across a
    border, a line that ends or branches, several loops (rules.py)."""
    return faults(puzzle, frozenset(solution))


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """Why, in country road's words: a room's number, rooms visited once, cells beside a border, or the
    loop's own rule."""
    numbered = [k for key in clue_keys if key[0] == "room" for k in key[1:] if puzzle.numbers[k] is not None]
    if numbered:
        return "a room's number" if len(numbered) == 1 else "rooms' numbers together"
    if any(key[0] == "room" for key in clue_keys):
        return "each room visited once"
    if any(key[0] == "beside" for key in clue_keys):
        return "no two cells off the loop across a border"
    return "one loop: no end, no branch"


def say_fact(puzzle: Puzzle, fact) -> str:
    """The line a step settles: "the line r2c3–r2c4 is part of the loop"."""
    return edge_settled(fact, puzzle.rows, puzzle.cols, False)


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The rooms and their numbers; the loop as lines on the lattice."""
    firsts = {cells[0]: puzzle.numbers[k] for k, cells in enumerate(puzzle.rooms())}
    cells = tuple({"r": r, "c": c, "text": "" if firsts.get((r, c)) is None else str(firsts[(r, c)]),
                   "role": "given" if firsts.get((r, c)) is not None else "empty"}
                  for r in range(puzzle.rows) for c in range(puzzle.cols))
    marks = {"line": sorted(solution)} if solution else {}
    return Board(puzzle.rows, puzzle.cols, cells, {"rooms": [[list(x) for x in cells] for cells in puzzle.rooms()]},
                 marks)


def layout() -> dict:
    """Rooms drawn as groups (their number as the group's value); the player draws the loop."""
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 6, 8, 10)],
            "default_size": {"rows": 6, "cols": 6}, "min_size": {"rows": 2, "cols": 2},
            "max_size": {"rows": grid.sh.MAX_SIDE, "cols": grid.sh.MAX_SIDE}, "free_size": True,
            "size_note": "Draw each room (drag across its cells) and give it its number. Paste a puzz.link "
                         "country URL to load one.",
            "cell": {"editable": False},
            "parts": [{"key": "rooms", "type": "group", "label": "Rooms", "choices": [ROOM_CHOICE],
                       "help": "Every cell belongs to one room; a number counts its cells on the loop."},
                      {"key": PART, "type": "lattice", "label": "Loop",
                       "choices": [{"name": "line", "label": "Line", "value": "none", "look": "line"},
                                   {"name": "cross", "label": "No line", "value": "none", "look": "cross"}]}],
            "play": {"lattice": PART}}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: one room item per room, no lines."""
    state = grid.to_state(puzzle)
    state["parts"][PART] = {}
    return state


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state; lines among the givens are refused, at the first one."""
    refuse_rules(KEY, rules)
    refuse_drawn_givens(state, PART, "a country road's givens are its rooms", "the loop")
    return grid.from_state(state)


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link country data: Border, then RoomNumber16."""
    return grid.from_border(cols, rows, body, "country road")


def to_puzzlink(puzzle: Puzzle) -> str:
    return puzzlink.url("country", puzzle.cols, puzzle.rows, grid.to_border(puzzle))
