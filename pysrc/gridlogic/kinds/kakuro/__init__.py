"""Kakuro (cross sums).

Rules: a grid of black cells, clue cells and white cells. A clue cell carries the sum of the run
of white cells going down from it and/or the run going right. Fill every white cell with 1..9 so
that each run adds up to its clue and holds no digit twice. Every run needs a clue, and every
clue needs a run: a puzzle breaking either, or a clue no set of distinct digits can reach (18 in
two cells, any run longer than nine), is refused at the door with the cell named, as sudoku
refuses a digit given twice: the contradiction is local, visible without search, and almost
always a typo that the user wants pointed at rather than reported as "no solution".

Variables: `("digit", r, c, d)` is true when white cell (r, c) holds d (exactly one per cell).
A run of k cells summing to s admits only the k-sets of distinct digits with that sum (2 cells
summing to 4 admit {1,3} only). So there is no arithmetic in the formula: per run, the shared
sums encoding (gridlogic/cnf/sums.py `one_of_sets`): a selector `("run", r, c, way, "set", digits)` per
admissible set (exactly one chosen), `("run", r, c, way, "used", d)` true iff some cell of the run
holds d (tied both ways to the digit literals), a used digit needs a chosen set that contains it, a
chosen set uses all its digits; and at most one cell per digit.
"A chosen set forbids the other digits" needs no clause of its own: once a set is chosen, unit
propagation turns the other selectors off, and then each digit outside the set. Selectors and
`used` are functions of the digits, so counting over the digits alone is exact.

Each sum is a clue `("sum", way, r, c)` an explanation may name. Only what forces a choice is
guarded by it: some set is chosen, a used digit needs a chosen set holding it, digits in no set are
out. Switched off, every selector may be false and the run is free, so the clauses that merely
follow from a choice stay unguarded and short. One digit per cell and no digit twice in a run
always hold.

Editing state: an R×C grid of cells, each "" (white), "-" (black) or "\\D,R" (a clue; either sum
may be left out, and a clue with neither is a black cell, as `,` is in the text).

The package: grid.py (the Puzzle, its runs, what is refused), text.py (the text format), puzzlink.py
(puzz.link data), steps.py (naming a step), grading.py and board.py (the grader: the techniques a
person uses, for hints, levels and the generator); this module wires the kind's contract (encode, check, render,
layout, states).
"""

from __future__ import annotations

from contextlib import nullcontext

from gridlogic.cnf.formula import Formula, Model
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.kakuro.grid import (BLACK, DIGITS, MAX_SIDE, MAX_SUM, WHITE, Puzzle, Solution, _puzzle,
                                         _refuse_size, _where, runs)
from gridlogic.kinds.kakuro.puzzlink import from_puzzlink, to_puzzlink
from gridlogic.kinds.kakuro.steps import EASY_STEPS, name_step
from gridlogic.kinds.kakuro.text import _read_cell, _token, format, from_old_link, parse, parse_solution
from gridlogic.layout.moves import Move, Symmetry
from gridlogic.model import Board, Example, Violation
from gridlogic.cnf.sums import digit_sets, one_of_sets

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "HOW_TO_PLAY", "SYMMETRY",
           "fact_of", "name_step", "from_puzzlink", "to_puzzlink", "from_old_link", "makers", "grader"]

KEY = "kakuro"
TITLE = "Kakuro"
HOW_TO_PLAY = ("Put a digit 1 to 9 in every white cell so that each run of white cells adds up to the clue at "
               "its start (the number under the diagonal for the run below, above it for the run to the right) "
               "and holds no digit twice.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()

EXAMPLES = (
    Example("puzz.link 5x5", "6 6\n- - 12, 4, - -\n- 4,8 0 0 10, -\n,10 0 0 0 0 10,\n"
            ",3 0 0 17,3 0 0\n- ,21 0 0 0 0\n- - ,12 0 0 -", (), 1,
            "6 6\n- - - - - -\n- - 5 3 - -\n- 3 4 1 2 -\n- 1 2 - 1 2\n- - 1 9 3 8\n- - - 8 4 -"),
    Example("2x2 both ways", "3 3\n- 3, 3,\n,3 0 0\n,3 0 0", (), 2),
    Example("3x3 five ways", "4 4\n- 6, 7, 10,\n,6 0 0 0\n,7 0 0 0\n,10 0 0 0", (), 5),
    Example("impossible", "3 3\n- 3, 4,\n,3 0 0\n,3 0 0", (), 0),
)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """One digit per white cell; no digit twice in a run; each sum a clue: one admissible digit set."""
    whites = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if puzzle.is_white(r, c)]
    encode_cells(f, whites)
    f.show((("digit", r, c, d) for r, c in whites for d in DIGITS), fixed_weight=True)
    every = runs(puzzle)
    for run in every:
        holds = encode_run(f, run.cells)
        encode_sum(f, holds, len(run.cells), run.total, ("run", run.r, run.c, run.way),
                   rule=lambda run=run: f.clue(("sum", run.way, run.r, run.c), ((run.r, run.c), *run.cells),
                                               f"the {run.way} sum {run.total} at {_where(run.r, run.c)}"))
    if (sum(run.total for run in every if run.way == "right")
            != sum(run.total for run in every if run.way == "down")):
        # both totals are the sum of every white cell: the sums cannot all hold, known at once
        f.clauses.append([-f.clues[("sum", run.way, run.r, run.c)].selector for run in every])


def encode_cells(f: Formula, cells) -> None:
    """One digit per white cell."""
    for r, c in cells:
        f.exactly_one([("digit", r, c, d) for d in DIGITS])


def encode_run(f: Formula, cells) -> dict[int, list]:
    """No digit twice in a run; its literals "a cell holds d" by digit, for its sum."""
    holds = {d: [("digit", r, c, d) for r, c in cells] for d in DIGITS}
    for lits in holds.values():
        f.at_most_one(lits)
    return holds


def encode_sum(f: Formula, holds: dict[int, list], count: int, total: int, tag: tuple, when=None,
               rule=nullcontext) -> None:
    """A run's sum (`holds` from encode_run, `count` cells): a set is chosen, and a digit of the run is in
    it; only while `when` holds, when given, and inside `rule()`, a clue's block (off, no set need be
    chosen)."""
    one_of_sets(f, holds, digit_sets(count, total), tag, when=when, rule=rule)


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: a digit placed, nothing for a digit ruled out."""
    return key[1:] if value and key[0] == "digit" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The digit grid of a model (0 outside white cells)."""
    return tuple(next((d for d in DIGITS if model[("digit", r, c, d)]), 0) if puzzle.is_white(r, c) else 0
                 for r in range(puzzle.rows) for c in range(puzzle.cols))


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a filled grid (independent of the encoder): walks out from each clue."""
    n = puzzle.rows * puzzle.cols
    if len(solution) != n:
        return [Violation("shape", (), f"expected {n} cells, got {len(solution)}")]
    grid = [list(solution[r * puzzle.cols:(r + 1) * puzzle.cols]) for r in range(puzzle.rows)]
    out: list[Violation] = []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            white = puzzle.cells[r * puzzle.cols + c] is None
            if white and not (isinstance(grid[r][c], int) and 1 <= grid[r][c] <= 9):
                out.append(Violation("empty" if not grid[r][c] else "range", ((r, c),)))
            elif not white and grid[r][c]:
                out.append(Violation("not_white", ((r, c),), "a digit in a clue or black cell"))
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            cell = puzzle.cells[r * puzzle.cols + c]
            if cell is None:
                continue
            for total, (dr, dc) in ((cell[0], (1, 0)), (cell[1], (0, 1))):
                if total is None:
                    continue
                line = []
                y, x = r + dr, c + dc
                while y < puzzle.rows and x < puzzle.cols and puzzle.cells[y * puzzle.cols + x] is None:
                    line.append((y, x))
                    y, x = y + dr, x + dc
                digits = [grid[y][x] for y, x in line]
                if len(set(digits)) < len(digits):
                    out.append(Violation("repeat", tuple(line), f"clue at {_where(r, c)}"))
                if all(isinstance(d, int) and 1 <= d <= 9 for d in digits) and sum(digits) != total:
                    out.append(Violation("sum", ((r, c), *line), f"{sum(digits)} instead of {total}"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """White cells with their digit, clue cells with `down`/`right` sums, black cells."""
    cells = []
    for i, cell in enumerate(puzzle.cells):
        r, c = divmod(i, puzzle.cols)
        if cell is WHITE:
            value = solution[i] if solution else 0
            cells.append({"r": r, "c": c, "text": str(value) if value else "",
                          "role": "solved" if value else "empty"})
        elif cell == BLACK:
            cells.append({"r": r, "c": c, "text": "", "role": "black"})
        else:
            cells.append({"r": r, "c": c, "text": "", "role": "clue", "down": cell[0], "right": cell[1]})
    return Board(puzzle.rows, puzzle.cols, tuple(cells))


def layout() -> dict:
    """What the editor draws: white, black and clue cells (two sums each), the first row and column black."""
    sums = [{"key": way, "label": way, "min": 1, "max": MAX_SUM, "at": at}
            for way, at in (("down", "bl"), ("right", "tr"))]
    return {
        "sizes": [{"rows": r, "cols": c, "label": f"{r}×{c}"}
                  for r, c in ((6, 6), (8, 8), (10, 10), (10, 12), (12, 12), (14, 14), (16, 20))],
        "default_size": {"rows": 8, "cols": 8},
        "min_size": {"rows": 2, "cols": 2}, "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE}, "free_size": True,
        "size_note": "sizes count the clue row and column (the first row and column hold clues only)",
        "cell": {"states": [{"key": "black", "token": "-", "label": "black", "keys": "bB-", "look": "black"},
                            {"key": "clue", "token": "\\", "label": "clue", "keys": "cC\\", "look": "clue",
                             "fields": sums}],
                 "empty": {"label": "white", "look": "white"}, "blank_border": "-"},
        "play": {"values": [1, 9], "on": "empty", "pencil": True},
    }


def _moved_clue(value: str, move: Move) -> str:
    """A cell's value after a move: a clue's down and right sums trade places under a transpose."""
    if move.swap and value.startswith("\\"):
        down, right = value[1:].split(",")
        return f"\\{right},{down}"
    return value


SYMMETRY = Symmetry(cell=_moved_clue, allows=lambda puzzle, move: move.name in ("identity", "transpose"))
"""Only the identity and the transpose keep every clue reading its runs rightwards and downwards."""


def to_state(puzzle: Puzzle) -> dict:
    """The editing state of a puzzle: "" white, "-" black, "\\D,R" a clue."""
    cells = ["" if cell is WHITE else "-" if cell == BLACK else "\\" + _token(cell) for cell in puzzle.cells]
    return {"rows": puzzle.rows, "cols": puzzle.cols, "cells": cells}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` refuses the same grid."""
    refuse_rules("kakuro", rules)
    rows, cols = state["rows"], state["cols"]
    _refuse_size(rows, cols)
    return _puzzle(rows, cols, tuple(_read_cell(token, "", "\\", *divmod(i, cols))
                                     for i, token in enumerate(state["cells"])))


def makers() -> dict:
    """The generator's makers (the contract's Maker): maker.py, a seeded layout and digits that leave one solution."""
    from gridlogic.kinds.kakuro import maker
    return {(): maker}


def grader(puzzle: Puzzle):
    """The human-technique grader (grading.py: run arithmetic, area sums, trial): every puzzle."""
    from gridlogic.kinds.kakuro import grading
    return grading
