"""Naming a creek step (walks.walk) in the words players use, when the reason shows it:

- "the number needs it": a cell shaded because the number at one of its corners could not be reached
  otherwise (that number alone, with the cells known around it);
- "the number is complete": a cell left unshaded because the number at one of its corners already
  has all its shaded cells;
- "the unshaded cells stay connected": a cell left unshaded with no number in its reason (shading it
  would cut the unshaded cells in two).
Anything else is left unnamed (the sentence still names the numbers of its reason).
"""

from __future__ import annotations

EASY_STEPS = ("the number needs it", "the number is complete", "the unshaded cells stay connected")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    r, c, v, eliminated = fact
    shaded_now = (v == 1) != bool(eliminated)
    numbers = [key for key in clue_keys if key[0] == "corner"]
    others = [key for key in clue_keys if key[0] not in ("corner", "placed", "entry")]
    if len(numbers) == 1 and not others:
        _, i, j = numbers[0]
        if i in (r, r + 1) and j in (c, c + 1):
            return EASY_STEPS[0] if shaded_now else EASY_STEPS[1]
        return None
    if not numbers and not others and not shaded_now:
        return EASY_STEPS[2]
    return None
