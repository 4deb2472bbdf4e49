"""Naming a yin-yang step (walks.walk) in the words players use, when the reason shows it:

- "no 2×2 block of one colour": the reason's only rule is one colour's 2×2 rule, and the cell's three
  partners in some 2×2 block are known to be of that colour;
- "each colour stays connected": no 2×2 rule in the reason (the cell joins its colour's cells).
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

EASY_STEPS = ("no 2×2 block of one colour", "each colour stays connected")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    r, c, v, eliminated = fact
    blocks = [key for key in clue_keys if key[0] == "no2x2"]
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    known.update({tuple(key[1:3]): int(puzzle.at(*key[1:3]) == 2) for key in clue_keys if key[0] == "given"})
    if not blocks:
        return EASY_STEPS[1]
    if len(blocks) > 1:
        return None
    want = int(blocks[0][1] == "black")                  # the colour of the three partners
    for dr in (-1, 1):
        for dc in (-1, 1):
            if all(known.get(cell) == want for cell in ((r + dr, c), (r, c + dc), (r + dr, c + dc))):
                return EASY_STEPS[0]
    return None
