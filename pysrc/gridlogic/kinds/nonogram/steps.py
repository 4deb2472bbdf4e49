"""Naming a nonogram step (explain.walk): the row clue alone, the column clue alone, or both."""

from __future__ import annotations

from gridlogic.kinds.nonogram.grid import Puzzle
from gridlogic.kinds.nonogram.lines import Automaton


EASY_STEPS = ("the row clue alone", "the column clue alone")
VALUE_WORDS = {1: ("filled", "■"), 0: ("empty", "×")}    # "r3c4 must be filled"; drawn ■ or × over a cell


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The step is "the row clue alone" (or column) when its reason is one line's clue and cells of that
    line, and every placement of the clue over those cells gives the step's cell its value; else None."""
    r, c, v, _ = fact
    lines = [key for key in clue_keys if key[0] in ("row", "col")]
    if len(lines) != 1:
        return None
    way, i = lines[0]
    cells = [(i, x) for x in range(puzzle.width)] if way == "row" else [(x, i) for x in range(puzzle.height)]
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    if (r, c) not in cells or not set(known) <= set(cells):
        return None
    auto = Automaton(puzzle.rows[i] if way == "row" else puzzle.columns[i])
    live = auto.live([known.get(cell, -1) for cell in cells])
    if live is None:
        return None
    empty, filled = auto.cell_values(live, cells.index((r, c)))
    if (empty, filled) != (not v, bool(v)):
        return None
    return EASY_STEPS[way == "col"]
