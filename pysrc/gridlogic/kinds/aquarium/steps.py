"""Naming an aquarium step (walks.walk) in the words players use, when the reason shows it:

- "the water spreads": a cell filled because a filled cell of its tank at its height or below reaches it
  (water finds one level and fills everything beneath it);
- "no water over an empty cell": a cell left empty because a cell of its tank that water from it would
  reach is known empty;
- "the row is full" (column): a cell left empty because its row already holds its count of water;
- "the last places in the row" (column): a cell filled because the row's cells not known empty are
  just its count.
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

VALUE_WORDS = {1: ("water", "■"), 0: ("empty", "·")}
EASY_STEPS = ("the water spreads", "no water over an empty cell", "the row is full", "the column is full",
              "the last places in the row", "the last places in the column")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    r, c, v, eliminated = fact
    water = (v == 1) != bool(eliminated)
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    clues = [key for key in clue_keys if key[0] not in ("placed", "entry")]
    if len(clues) != 1:
        return None
    key = clues[0]
    if key[0] == "tank":
        return EASY_STEPS[0] if water else EASY_STEPS[1]
    if key[0] not in ("row", "column"):
        return None
    cells = ([(key[1], x) for x in range(puzzle.cols)] if key[0] == "row"
             else [(y, key[1]) for y in range(puzzle.rows)])
    n = (puzzle.rows_count if key[0] == "row" else puzzle.cols_count)[key[1]]
    if (r, c) not in cells or n is None:
        return None
    if not water and sum(known.get(cell) == 1 for cell in cells) == n:
        return f"the {key[0]} is full"
    if water and sum(known.get(cell) != 0 for cell in cells) == n:
        return f"the last places in the {key[0]}"
    return None
