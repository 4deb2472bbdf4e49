"""Naming a kakuro step (walks.walk): the run's digit sets, the crossing runs' digit sets."""

from __future__ import annotations

from gridlogic.kinds.kakuro.grid import DIGITS, Puzzle, runs
from gridlogic.cnf.sums import digit_sets


EASY_STEPS = ("the run's digit sets", "the crossing runs' digit sets")


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The run's digit sets (or the crossing runs') when the reason is the sum of one or both runs
    through the cell, digits in those runs and eliminations at the cell, and what those leave the cell
    proves the step: each sum's sets that hold its run's digits, less every digit in a run of the cell
    (no digit twice in a run); else None."""
    r, c, v, eliminated = fact
    every = runs(puzzle)
    by_sum = {("sum", run.way, run.r, run.c): run for run in every}
    mine = [by_sum.get(tuple(key)) for key in clue_keys if key[0] == "sum"]
    through = [run for run in every if (r, c) in run.cells]
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    gone = {key[3] for key in clue_keys if key[0] == "eliminated" and tuple(key[1:3]) == (r, c)}
    if not 1 <= len(mine) <= 2 or any(run not in through for run in mine) or (r, c) in known \
            or not set(known) <= {cell for run in through for cell in run.cells} \
            or len(gone) != sum(key[0] == "eliminated" for key in clue_keys):
        return None
    left = set(DIGITS) - gone - set(known.values())
    for run in mine:
        held = {known[cell] for cell in run.cells if cell in known}
        left &= {d for digits in digit_sets(len(run.cells), run.total) if held <= set(digits) for d in digits}
    if (v not in left) if eliminated else (left == {v}):
        return EASY_STEPS[len(mine) - 1]
    return None
