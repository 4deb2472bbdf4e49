"""Araf (Nikoli; puzz.link `araf`).

Rules, in puzz.link's words: divide the grid into regions along the grid lines. Every region holds
exactly two numbers, and its size (how many cells it has) is greater than the smaller number and
less than the larger one (so two equal numbers never share a region). A `?` is a number not given:
its region's size only differs from the other number.

Variables: the rule library's regions of two clues (gridlogic/cnf/regions.py `regions_of_two`):
`("pair", p, q)` two numbers sharing a region, `("owner", y, x, qy, qx)` a cell in the region of the pair
whose larger number (or its `?`) is at (qy, qx), a counter of each such region's size, and
`("border", y, x)` true when a border runs along the inner edge at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)); the borders are shown, and are the answer. Each number is a clue `("clue", r, c)`: its
one partner, and the sizes of the pairs it comes first in.

Facts and the page's marks are on the lattice: an inner edge is the fact (y, x, 1) when a border is
drawn there and (y, x, 0) when not (worded "border" and "empty": an edge the player leaves unmarked
counts as open), as the player's borders and crosses are entries at those points.

The package: grid.py (the Puzzle, its drawing, state and puzz.link form), steps.py (step names and
words); this module wires the contract (encode, check, render).
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf.formula import Formula, Model
from gridlogic.cnf.graph import cell_graph
from gridlogic.cnf.rectangles import border
from gridlogic.cnf.regions import regions_of_two
from gridlogic.kinds import _borders as borders
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.araf import grid
from gridlogic.kinds.araf.grid import Puzzle, Solution, from_puzzlink, layout, to_state
from gridlogic.kinds.araf.steps import EASY_STEPS, name_step, say_fact
from gridlogic.codecs import puzzlink
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "PUZZLINK_ID", "PUZZLINK_CELLS",
           "HOW_TO_PLAY", "VALUE_WORDS", "fact_of", "name_step", "say_fact", "EASY_STEPS", "from_puzzlink",
           "to_puzzlink"]

KEY = "araf"
TITLE = "Araf"
PUZZLINK_ID = "araf"
PUZZLINK_CELLS = "number16"
HOW_TO_PLAY = ("Divide the grid into regions along the grid lines: each holds exactly two numbers, and has more "
               "cells than the smaller and fewer than the larger. Drag along the grid lines to draw borders; tap "
               "an edge for a ×.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = {1: ("border", "━"), 0: ("empty", "×")}

EXAMPLES = (
    # made here: numbers placed at random until one division stayed (unique on the smt engine too)
    Example("4×4", "..5.\n.1..\n437.\n...7\n", (), 1),
    Example("three ways", "1.4\n4.1\n", (), 3),
    Example("impossible", "1.\n.4\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Rows of numbers, `?` and `.` (grid.py)."""
    refuse_rules(KEY, rules)
    return grid.parse_text(text)


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state."""
    refuse_rules(KEY, rules)
    return grid.from_state(state)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's rows, or the drawing of a solution."""
    return grid.format_text(puzzle) if solution is None else grid.draw(puzzle, solution)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A drawing of the borders (see `format`)."""
    return grid.read_drawing(puzzle, text)


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    return puzzlink.url("araf", puzzle.cols, puzzle.rows, grid.to_puzzlink_body(puzzle))


def encode(puzzle: Puzzle, f: Formula) -> None:
    """The division into regions of two numbers each; each number's partner and sizes a clue; the
    borders shown."""
    clues = {lattice.cell_point(r, c): (None if n == sh.UNKNOWN else n) for (r, c), n in puzzle.numbered().items()}

    def clue_of(q):
        r, c = lattice.point_cell(q)
        return f.clue(("clue", r, c), [(r, c)], f"the {puzzle.at(r, c)} at r{r + 1}c{c + 1}")
    f.show(regions_of_two(f, cell_graph(puzzle.rows, puzzle.cols), clues, clue_of))


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """A border drawn (y, x, 1) or left open (y, x, 0), at its lattice point."""
    return (key[1], key[2], int(value)) if key[0] == "border" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The borders of a model."""
    return frozenset(p for p in lattice.inner_edges(puzzle.rows, puzzle.cols) if model[border(p)])


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a set of borders, as pzprjs names them: a region whose size equals one of its
    numbers, is smaller than both or larger than both, holds fewer than two numbers or more than two, a
    border ending inside a region; and a mark off the inner edges (independent of the encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    drawn = set(solution)
    out = borders.off_edges(rows, cols, drawn)
    if out:
        return out
    piece, groups = borders.pieces(rows, cols, drawn)
    for cells in groups:
        where = f"the region at r{cells[0][0] + 1}c{cells[0][1] + 1}"
        numbers = [puzzle.at(*cell) for cell in cells if puzzle.at(*cell) is not None]
        size = len(cells)
        if len(numbers) < 2:
            out.append(Violation("fewer_numbers", cells, f"{where} holds {len(numbers) or 'no'} number"
                                                         f"{'' if len(numbers) == 1 else 's'}, not two"))
            continue
        if len(numbers) > 2:
            out.append(Violation("more_numbers", cells, f"{where} holds {len(numbers)} numbers, not two"))
            continue
        known = [n for n in numbers if n != sh.UNKNOWN]
        if size in known:
            out.append(Violation("equal", cells, f"{where} has {size} cells, as many as its number {size}"))
        elif len(known) == 2 and size < min(known):
            out.append(Violation("too_small", cells, f"{where} has {size} cells, fewer than both its numbers "
                                                     f"{known[0]} and {known[1]}"))
        elif len(known) == 2 and size > max(known):
            out.append(Violation("too_big", cells, f"{where} has {size} cells, more than both its numbers "
                                                   f"{known[0]} and {known[1]}"))
    return out + borders.dead_ends(piece, drawn)


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The numbers; the borders on the lattice."""
    cells = tuple({"r": r, "c": c, "text": "" if puzzle.at(r, c) is None else str(puzzle.at(r, c)),
                   "role": "empty" if puzzle.at(r, c) is None else "given"}
                  for r in range(puzzle.rows) for c in range(puzzle.cols))
    return Board(puzzle.rows, puzzle.cols, cells, {}, {"border": sorted(solution)} if solution else {})
