"""Naming a LITS step (walks.walk) in the words players use, when the reason shows it:

- "no 2×2 block": a cell left unshaded because the other three cells of a 2×2 block are known shaded;
- "the room is full": a cell left unshaded because its room already has four known shaded cells;
- "the last places in the room": a cell shaded because its room's cells that are not known unshaded
  are four;
- "no two like tetrominoes touch": a step whose reason is the same-shape rule and rooms' tetrominoes.
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

EASY_STEPS = ("no 2×2 block", "the room is full", "the last places in the room", "no two like tetrominoes touch")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    r, c, v, eliminated = fact
    shaded_now = (v == 1) != bool(eliminated)
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    clues = [key for key in clue_keys if key[0] not in ("placed", "entry")]
    if not clues and not shaded_now:
        for dr in (-1, 0):
            for dc in (-1, 0):
                block = [(r + dr + i, c + dc + j) for i in (0, 1) for j in (0, 1)]
                if all(known.get(cell) == 1 for cell in block if cell != (r, c)):
                    return EASY_STEPS[0]
        return None
    if ("same shape",) in clues and all(key[0] in ("room", "same shape") for key in clues):
        return EASY_STEPS[3]
    if len(clues) != 1 or clues[0][0] != "room":
        return None
    cells = puzzle.rooms()[clues[0][1]]
    if (r, c) not in cells:
        return None
    if not shaded_now and sum(known.get(cell) == 1 for cell in cells) == 4:
        return EASY_STEPS[1]
    if shaded_now and sum(known.get(cell) != 0 for cell in cells) == 4:
        return EASY_STEPS[2]
    return None
