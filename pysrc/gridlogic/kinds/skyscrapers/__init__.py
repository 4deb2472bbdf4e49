"""Skyscrapers (Tatham's Towers).

Rules: fill the N×N grid with heights 1..N, each once in every row and every column. A number outside the
grid says how many buildings are seen from there looking along its row or column: a building is seen when
it is taller than every building before it. Given heights stay.

Variables: `("digit", r, c, d)` is true when cell (r, c) holds height d (the Latin square of
gridlogic.cnf.latin, shown); each clue's `("seen", ...)` and `("lower", ...)` come from
gridlogic.cnf.visibility.skyline. Clues an explanation may name: each given height (`("given", r, c)`,
held by assumption) and each outside number (`("clue", side, i)`); the Latin square always holds.

The package: grid.py (the Puzzle, its text form and editing state), text.py (reading a text or a game ID),
links.py (puzz.link and Tatham game IDs), steps.py (naming a step); this module wires the kind's contract.
"""

from __future__ import annotations

from gridlogic.cnf.formula import Formula, Model
from gridlogic.cnf.latin import latin_square
from gridlogic.cnf.visibility import skyline
from gridlogic.kinds._shared import given_cells
from gridlogic.kinds.skyscrapers.grid import (SIDES, Puzzle, Solution, format, from_state, layout, parse_solution,
                                              to_state)
from gridlogic.kinds.skyscrapers.links import from_puzzlink, from_tatham, is_tatham_id, to_puzzlink, to_tatham
from gridlogic.kinds.skyscrapers.steps import EASY_STEPS, name_step
from gridlogic.kinds.skyscrapers.text import parse
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "HOW_TO_PLAY", "GIVEN_VALUES",
           "fact_of", "name_step", "EASY_STEPS", "PUZZLINK_ID", "PUZZLINK_ALIASES", "from_puzzlink", "to_puzzlink", "TATHAM_GAME",
           "from_tatham", "to_tatham", "is_tatham_id"]

KEY = "skyscrapers"
TITLE = "Skyscrapers"
HOW_TO_PLAY = ("Fill the grid with heights 1 to N, each once in every row and column. A number outside says how "
               "many buildings are seen from there: a taller building hides the lower ones behind it.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
GIVEN_VALUES = True
PUZZLINK_ID = "skyscrapers"
PUZZLINK_ALIASES = ('building', 'skyscraper')
TATHAM_GAME = "towers"

EXAMPLES = (
    # Tatham's Towers, a permalink quoted in a public solver's source (its answer found here, checked twice)
    Example("Tatham 5x5", "5:/3/3///3/2/2//3////2//3///2/,m1f2d", (), 1,
            "52143\n31425\n43512\n15234\n24351"),
    # pzprjs test/script/skyscrapers.js: its URL 4/4/k13h4j3g and the answer its last failcheck accepts
    Example("pzprjs 4x4", ". . . . . .\n. . . . . .\n4 . . . . .\n. . . . . 3\n. . . . . .\n. . 1 3 . .", (), 1,
            "2143\n1234\n4312\n3421"),
    Example("two ways", ". . . .\n. . . .\n. . . .\n. . . .", (), 2),
    Example("impossible", ". 1 1 .\n. . . .\n. . . .\n. . . .", (), 0),
)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """The Latin square; given heights as assumptions, each outside number a clue."""
    n = puzzle.size
    latin_square(f, n)
    for i, v in enumerate(puzzle.givens):
        if v:
            r, c = divmod(i, n)
            f.given(("digit", r, c, v), ("given", r, c), ((r, c),), f"the {v} at r{r + 1}c{c + 1}")
    for k, side in enumerate(SIDES):
        for i, total in enumerate(puzzle.clues[k]):
            if total is None:
                continue
            line = puzzle.line(k, i)
            where = f"{'column' if k < 2 else 'row'} {i + 1}"
            with f.clue(("clue", side, i), line, f"the {total} {_place(side)} {where}"):
                skyline(f, line, n, total, (side, i))


def _place(side: str) -> str:
    return {"top": "above", "bottom": "below", "left": "left of", "right": "right of"}[side]


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: a height placed, nothing for one ruled out."""
    return key[1:] if value and key[0] == "digit" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The heights of a model."""
    n = puzzle.size
    return tuple(next((d for d in range(1, n + 1) if model[("digit", r, c, d)]), 0)
                 for r in range(n) for c in range(n))


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a filled grid (independent of the encoder)."""
    n = puzzle.size
    if len(solution) != n * n:
        return [Violation("shape", (), f"expected {n * n} cells, got {len(solution)}")]
    out: list[Violation] = []
    for i, (v, g) in enumerate(zip(solution, puzzle.givens)):
        cell = divmod(i, n)
        if v not in range(1, n + 1):
            out.append(Violation("range", (cell,), f"{v!r} is not 1..{n}"))
        elif g and g != v:
            out.append(Violation("given", (cell,), f"the given is {g}"))
    for name, lines in (("row", [[(r, c) for c in range(n)] for r in range(n)]),
                        ("column", [[(r, c) for r in range(n)] for c in range(n)])):
        for line in lines:
            heights = [solution[r * n + c] for r, c in line]
            if len(set(heights)) != n:
                out.append(Violation(name, tuple(line), "a height repeats"))
    for k, side in enumerate(SIDES):
        for i, total in enumerate(puzzle.clues[k]):
            if total is None:
                continue
            line = puzzle.line(k, i)
            tallest, seen = 0, 0
            for r, c in line:
                if solution[r * n + c] > tallest:
                    tallest, seen = solution[r * n + c], seen + 1
            if seen != total:
                out.append(Violation("clue", tuple(line), f"{seen} seen from the {side}, not {total}"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The heights (givens and solved), the clues for the margins."""
    cells = given_cells(puzzle.givens, puzzle.size, solution)
    return Board(puzzle.size, puzzle.size, cells, {side: list(puzzle.clues[k]) for k, side in enumerate(SIDES)})
