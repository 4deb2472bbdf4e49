"""Naming a ripple effect step (walks.walk) in the words players use, when the reason shows it:

- "a room holds each number once": the reason is one room (and placed numbers);
- "equal numbers too close": the reason is one row's or one column's spacing (and placed numbers).
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

EASY_STEPS = ("a room holds each number once", "equal numbers too close")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    clues = [key for key in clue_keys if key[0] not in ("given", "placed", "entry")]
    if len(clues) != 1:
        return None
    return EASY_STEPS[0] if clues[0][0] == "room" else EASY_STEPS[1]
