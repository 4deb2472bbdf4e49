"""Yin-Yang (puzz.link `yinyang`; Nikoli's Shiromaru-Kuromaru).

Rules, in puzz.link's words: place a white or a black circle in every empty cell. All black circles are
orthogonally connected, and so are all white circles. There is no 2×2 block of circles of one colour.
The given circles keep their colour.

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)) holds a black circle, false for a white one; they alone are shown. Both colours are the
rule library's lazy connectivity (cnf/connected.py), with what it implies written out (no 2×2
checkerboard, two runs around the border: cnf/shading.py); the 2×2 rule cnf/shading.py's, held for each
colour as the clue `("no2x2", colour)` so hints name it; each given circle is the clue
`("given", r, c)`.

The package: this module (the contract: encode, check, render), grid.py (text, states, puzz.link),
steps.py (hint steps in yin-yang's words); kinds/_shading.py holds what shading genres share.
"""

from __future__ import annotations

from gridlogic.cnf import connected, shading
from gridlogic.cnf.formula import Formula, Model
from gridlogic.kinds import _shading as sh
from gridlogic.kinds.yinyang import grid
from gridlogic.kinds.yinyang.grid import (BLACK, WHITE, Puzzle, format, from_puzzlink, from_state, layout, parse,
                                          parse_solution, to_puzzlink, to_state)
from gridlogic.kinds.yinyang.steps import EASY_STEPS, name_step
from gridlogic.lattice import cell_point
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "fact_of", "name_step", "from_puzzlink", "to_puzzlink"]

KEY = "yinyang"
TITLE = "Yin-Yang"
HOW_TO_PLAY = ("Make every cell black or white so that the black cells are all connected, the white cells are all "
               "connected and no 2×2 block is of one colour. Given circles keep their colour. Click a cell for "
               "black, again (or right-click) for white.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = {1: ("black", "■"), 0: ("white", "○")}     # "r3c4 must be black"
fact_of = sh.open_fact_of      # none at a given circle (no cell the player marks)
Solution = tuple          # 0/1 per cell, row by row (1 black)
COLOURS = {BLACK: "black", WHITE: "white"}

EXAMPLES = (
    # pzprjs test/script/yinyang.js (robx/pzprjs): puzz.link yinyang/5/5/016612300, the answer it accepts
    Example("pzprjs 5×5", ".....\nW.B..\nB...W\n..B.W\n.....\n", (), 1,
            ".....\n.###.\n##...\n.###.\n.....\n"),
    Example("two ways", "B..\nW..\n..W\n", (), 2),
    Example("impossible", "WB\nBW\n", (), 0),
)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Given circles (a clue each), both colours connected, no 2×2 block of one colour (a clue each)."""
    rows, cols = puzzle.rows, puzzle.cols
    sh.show_cells(f, puzzle)
    for (r, c), colour in puzzle.numbered().items():
        with f.clue(("given", r, c), [(r, c)], f"the {COLOURS[colour]} circle at r{r + 1}c{c + 1}"):
            f.clause([sh.shade(cell_point(r, c)) if colour == BLACK else sh.unshaded(cell_point(r, c))])
    connected.connected_cells(f, rows, cols, sh.shade, name="black")
    connected.connected_cells(f, rows, cols, sh.unshaded, name="white")
    shading.no_checkerboard(f, rows, cols, sh.shade)            # implied by the two connected colours
    shading.border_runs(f, rows, cols, sh.shade, "border")
    with f.clue(("no2x2", "black"), (), "no 2×2 black block"):
        shading.no_2x2(f, rows, cols, sh.shade)
    with f.clue(("no2x2", "white"), (), "no 2×2 white block"):
        shading.no_2x2(f, rows, cols, sh.unshaded)


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The colouring of a model (1 black)."""
    return sh.decode_shading(puzzle, model)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a colouring, in pzprjs's order: a 2×2 block of black, of white, the black cells
    in parts, the white cells in parts; and a given circle of the other colour (independent of the
    encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    black = lambda r, c: bool(solution[r * cols + c])          # noqa: E731
    out = [Violation("given", ((r, c),), f"the {COLOURS[colour]} circle at r{r + 1}c{c + 1} changed colour")
           for (r, c), colour in puzzle.numbered().items() if black(r, c) != (colour == BLACK)]
    for want, word in ((True, "black"), (False, "white")):
        for r in range(rows - 1):
            for c in range(cols - 1):
                block = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
                if all(black(*cell) == want for cell in block):
                    out.append(Violation(f"2x2_{word}", block, f"a 2×2 block is all {word}"))
    out += sh.divided(rows, cols, black, "black_divided", "the black cells are not connected")
    out += sh.divided(rows, cols, lambda r, c: not black(r, c), "white_divided", "the white cells are not connected")
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The given circles (W, B), and a solution's other cells: black, or white (○, as the player's entry)."""
    board = sh.render_shading(Puzzle(puzzle.rows, puzzle.cols, tuple(grid.SYMBOLS.get(v) for v in puzzle.clues)),
                              solution)
    def look(cell: dict) -> dict:
        if puzzle.at(cell["r"], cell["c"]) is not None:
            return {**cell, "role": "given"}
        return cell if solution is None or cell["role"] == "black" else {**cell, "text": VALUE_WORDS[0][1],
                                                                          "role": "solved"}
    cells = tuple(look(cell) for cell in board.cells)
    return Board(board.rows, board.cols, cells, board.extras, board.lattice_marks)
