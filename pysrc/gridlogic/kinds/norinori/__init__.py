"""Norinori (Nikoli; puzz.link `norinori`).

Rules, in puzz.link's words: the grid is divided into rooms. Shade exactly two cells in every room.
Every shaded cell is orthogonally adjacent to exactly one other shaded cell: the shaded cells form
dominoes (blocks of two cells), which may cross room borders.

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)) is shaded; they alone are shown. Each room is a clue `("room", k)` (exactly two shaded
cells), so hints name it; "a shaded cell has exactly one shaded neighbour" is the grid's rule.

Text: the rooms as kinds/_rooms.py reads them (a label per cell), nothing else. State: the rooms as
the `rooms` part.

The package: this module (the contract), steps.py (hint steps); kinds/_rooms.py holds the rooms
(text, state, puzz.link) and kinds/_shading.py what shading genres share.
"""

from __future__ import annotations

from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.kinds import _rooms as grid
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._rooms import Puzzle
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.norinori.steps import EASY_STEPS, name_step
from gridlogic.model import Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "fact_of", "name_step", "from_puzzlink", "to_puzzlink"]

KEY = "norinori"
TITLE = "Norinori"
HOW_TO_PLAY = ("Shade exactly two cells in every room so that the shaded cells form dominoes: every shaded cell "
               "touches exactly one other shaded cell side by side.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = sh.VALUE_WORDS
fact_of = sh.fact_of
Solution = tuple          # 0/1 per cell, row by row (1 shaded)
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))

EXAMPLES = (
    # pzprjs test/script/norinori.js (robx/pzprjs): puzz.link norinori/5/5/cag4ocjo
    Example("pzprjs 5×5", "AABCC\nBBBCC\nBDDCC\nDDDDD\nEEDDD\n", (), 1, "##...\n..##.\n##..#\n....#\n##...\n"),
    Example("two ways", "ADDC\nADDC\nBBBC\nBBCC\n", (), 2),
    Example("impossible", "AB\nAB\n", (), 0),
)


FORM = grid.Unnumbered(KEY, "norinori", 2, "two shaded cells", "each room holds two shaded cells.")


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The rooms, a label per cell (see kinds/_rooms.py)."""
    refuse_rules(KEY, rules)
    return FORM.parse(text)


parse_solution = FORM.parse_solution
format = FORM.format
_cells = FORM.cells


def neighbours(puzzle: Puzzle, r: int, c: int) -> list[tuple[int, int]]:
    """The cells beside (r, c)."""
    return [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < puzzle.rows and 0 <= c + dc < puzzle.cols]


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Two shaded cells in each room (a clue each); a shaded cell has exactly one shaded neighbour."""
    sh.show_cells(f, _cells(puzzle))
    for k, cells in enumerate(puzzle.rooms()):
        r, c = cells[0]
        with f.clue(("room", k), cells, f"the room at r{r + 1}c{c + 1} (two shaded cells)"):
            f.exactly([sh.cell_shade(*cell) for cell in cells], 2)
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            me = sh.cell_shade(r, c)
            beside = [sh.cell_shade(*cell) for cell in neighbours(puzzle, r, c)]
            f.implies(me, beside)
            for i, a in enumerate(beside):
                for b in beside[i + 1:]:
                    f.clause([Not(me), Not(a), Not(b)])


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The shading of a model."""
    return sh.decode_shading(_cells(puzzle), model)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a shading: a block of shaded cells that is not two cells, a room without
    exactly two shaded cells (independent of the encoder)."""
    shaded = lambda r, c: bool(solution[r * puzzle.cols + c])          # noqa: E731
    out = []
    for block in sh.regions(puzzle.rows, puzzle.cols, shaded):
        if len(block) > 2:
            out.append(Violation("block", tuple(block), f"{len(block)} shaded cells touch: a domino is two"))
        elif len(block) == 1:
            out.append(Violation("single", tuple(block), "a shaded cell touches no other shaded cell"))
    for cells in puzzle.rooms():
        got = sum(shaded(*cell) for cell in cells)
        if got != 2:
            out.append(Violation("count", tuple(cells), f"a room holds {got} shaded cells, not 2"))
    return out


render = FORM.render
layout = FORM.layout
to_state = grid.to_state


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, located where a cell is in no room or in two."""
    refuse_rules(KEY, rules)
    return FORM.from_state(state)


# -- puzz.link (pzprjs `norinori`: Border) -------------------------------------------------------------
from_puzzlink = FORM.from_puzzlink
to_puzzlink = FORM.to_puzzlink
