"""Naming a shakashaka step (walks.walk) in the words players use, when the reason shows it:

- "the number is full": a cell left without a triangle because the number beside it already has its
  triangles;
- "the number needs it": a cell given a triangle because the number beside it could not be met otherwise;
- "white areas are rectangles": a step made by the shape of the white areas alone (no number in its
  reason).
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

EASY_STEPS = ("the number is full", "the number needs it", "white areas are rectangles")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    r, c, v, eliminated = fact
    clues = [key for key in clue_keys if key[0] not in ("placed", "entry")]
    if not clues:
        return EASY_STEPS[2]
    if len(clues) == 1 and clues[0][0] == "number":
        triangle = (v != 0) != bool(eliminated)
        return EASY_STEPS[1] if triangle else EASY_STEPS[0]
    return None
