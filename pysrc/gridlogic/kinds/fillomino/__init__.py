"""Fillomino (Nikoli; puzz.link `fillomino`; Tatham's Filling).

Rules, in puzz.link's words: divide the grid into blocks and write a number in every cell so that each
block's cells all hold the number of cells the block has; blocks of the same size never share a side.
Given numbers stay; a block may hold no given number. Said as numbers alone: every orthogonally
connected group of cells holding the same number n has exactly n cells.

Variables: the rule library's blocks of equal numbers (gridlogic/cnf/blocks.py): `("digit", r, c, d)`
true when cell (r, c) holds d, d up to the puzzle's bound (shown); blocks too big or too small are cut
lazily. How many cells hold each number given is counted too, when every number given is somewhere in
the grid (blocks.py's `counts_of_numbers`: its block and the other numbers' blocks must fit), and a
number given with room for only one block of it is joined eagerly (`sole_blocks`). The bound:
the largest given or 9, whichever is larger, at most the grid's cells (a block of an unclued region
larger than that is not looked for). Each given is a clue `("given", r, c)` held by
assumption.

The package: grid.py (the Puzzle, text, state, puzz.link and Filling forms); this module wires the
contract (encode, check, render, hint names).
"""

from __future__ import annotations

from gridlogic.cnf.blocks import counts_of_numbers, number_blocks, sole_blocks
from gridlogic.cnf.formula import Formula, Model
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import given_cells, refuse_rules
from gridlogic.kinds.fillomino import grid
from gridlogic.kinds.fillomino.grid import (Puzzle, Solution, format, from_puzzlink, from_tatham, is_tatham_id,
                                            layout, parse_solution, to_state, to_tatham)
from gridlogic.codecs import puzzlink
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "HOW_TO_PLAY", "GIVEN_VALUES",
           "fact_of", "name_step", "EASY_STEPS", "PUZZLINK_ID", "PUZZLINK_CELLS", "from_puzzlink", "to_puzzlink",
           "TATHAM_GAME", "from_tatham", "to_tatham", "is_tatham_id"]

KEY = "fillomino"
TITLE = "Fillomino"
HOW_TO_PLAY = ("Write a number in every cell so that each block of equal numbers has as many cells as its number "
               "(blocks of the same size never touch side by side).")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
GIVEN_VALUES = True
PUZZLINK_ID = "fillomino"
PUZZLINK_CELLS = "number16"
TATHAM_GAME = "filling"
EASY_STEPS = ("a block's size is its number",)

EXAMPLES = (
    # made here: a filling's givens taken away while one filling stays (unique on the smt engine too)
    Example("4×4", "1...\n.42.\n441.\n..3.\n", (), 1, "1333\n4422\n4413\n2233\n"),
    Example("five ways", "..\n..\n", (), 5),
    Example("impossible", "1.\n1.\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Rows of numbers and `.`, or a Filling game ID (grid.py)."""
    refuse_rules(KEY, rules)
    return grid.parse_text(text)


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state."""
    refuse_rules(KEY, rules)
    return grid.from_state(state)


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    return puzzlink.url("fillomino", puzzle.cols, puzzle.rows, sh.number16_body(puzzle))


def bound(puzzle: Puzzle) -> int:
    """The largest number a filling may use (see the module docstring)."""
    return min(puzzle.rows * puzzle.cols, max([9] + [v for v in puzzle.clues if v is not None]))


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Blocks of equal numbers of their size; givens as assumptions."""
    most = bound(puzzle)
    f.show(number_blocks(f, puzzle.rows, puzzle.cols, most), fixed_weight=True)
    for (r, c), v in puzzle.numbered().items():
        if v > most:                    # more cells than the grid has: no block can be its size
            with f.clue(("given", r, c), ((r, c),), f"the {v} at r{r + 1}c{c + 1}"):
                f.clause([])
        else:
            f.given(("digit", r, c, v), ("given", r, c), ((r, c),), f"the {v} at r{r + 1}c{c + 1}")
    kept = {cell: v for cell, v in puzzle.numbered().items() if v <= most}
    counts_of_numbers(f, puzzle.rows, puzzle.cols, most, list(kept.values()))
    sole_blocks(f, puzzle.rows, puzzle.cols, most, kept)


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """A number placed; nothing for one ruled out."""
    return key[1:] if value and key[0] == "digit" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The numbers of a model."""
    most = bound(puzzle)
    return tuple(next((d for d in range(1, most + 1) if model[("digit", r, c, d)]), 0)
                 for r in range(puzzle.rows) for c in range(puzzle.cols))


def name_step(puzzle, fact, clue_keys) -> str | None:
    """Every step rests on the one rule (with the givens and numbers placed)."""
    return EASY_STEPS[0]


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a filled grid: a given changed, a cell without a number, a block of equal
    numbers whose size is not its number (independent of the encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    if len(solution) != rows * cols:
        return [Violation("shape", (), f"expected {rows * cols} cells, got {len(solution)}")]
    out: list[Violation] = []
    for i, (v, g) in enumerate(zip(solution, puzzle.clues)):
        if not isinstance(v, int) or v < 1:
            out.append(Violation("empty", (divmod(i, cols),), "a cell without a number"))
        elif g is not None and v != g:
            out.append(Violation("given", (divmod(i, cols),), f"the given is {g}"))
    if out:
        return out
    seen: set = set()
    for start in ((r, c) for r in range(rows) for c in range(cols)):
        if start in seen:
            continue
        n = solution[start[0] * cols + start[1]]
        block, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for r2, c2 in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= r2 < rows and 0 <= c2 < cols and (r2, c2) not in block and solution[r2 * cols + c2] == n:
                    block.add((r2, c2))
                    todo.append((r2, c2))
        seen |= block
        if len(block) != n:
            cells = tuple(sorted(block))
            out.append(Violation("size", cells, f"a block of {n}s at r{cells[0][0] + 1}c{cells[0][1] + 1} has "
                                                f"{len(block)} cells"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The numbers (givens and solved)."""
    givens = [v or 0 for v in puzzle.clues]
    return Board(puzzle.rows, puzzle.cols, given_cells(givens, puzzle.cols, solution))
