"""Naming a star battle step (walks.walk) in the words players use, when the reason shows it:

- "beside a star": a cell left empty because one of its eight neighbours is a known star;
- "the row is full" (column, region): a cell left empty because its row already has its stars;
- "the last places in the row" (column, region): a star because the row's other cells that are not
  known empty are too few for its stars.
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

VALUE_WORDS = {1: ("star", "★"), 0: ("empty", "·")}     # "r3c4 must be a star"... said "must be star"
WHAT = {"row": "row", "column": "column", "room": "region"}
EASY_STEPS = ("beside a star",) + tuple(f"the {w} is full" for w in WHAT.values()) + tuple(
    f"the last places in the {w}" for w in WHAT.values())


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    from gridlogic.kinds.starbattle import units
    r, c, v, eliminated = fact
    star_now = (v == 1) != bool(eliminated)
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    clues = [key for key in clue_keys if key[0] not in ("placed", "entry")]
    if not star_now and not clues and any(known.get((r + dr, c + dc)) == 1 for dr in (-1, 0, 1)
                                          for dc in (-1, 0, 1) if dr or dc):
        return EASY_STEPS[0]
    if len(clues) != 1:
        return None
    cells = next((cells for key, _, cells in units(puzzle) if key == clues[0]), None)
    if cells is None or (r, c) not in cells:
        return None
    word = WHAT[clues[0][0]]
    stars = sum(known.get(cell) == 1 for cell in cells)
    if not star_now and stars == puzzle.stars:
        return f"the {word} is full"
    open_cells = [cell for cell in cells if known.get(cell) != 0]
    if star_now and len(open_cells) == puzzle.stars:
        return f"the last places in the {word}"
    return None
