"""Naming a cave step (walks.walk) in the words players use, when the reason shows it:

- "a number's count": the reason's only clue is one number (what it sees settles the cell);
- "the cave stays connected": a cell left unshaded, with no number in the reason, beside a cell known
  unshaded (the cave must pass through it);
- "shaded cells reach the edge": a cell shaded, with no number in the reason, beside a cell known
  shaded (that group's way out to the edge runs through it).
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

EASY_STEPS = ("a number's count", "the cave stays connected", "shaded cells reach the edge")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    r, c, v, eliminated = fact
    numbers = [key for key in clue_keys if key[0] == "number"]
    if len(numbers) == 1:
        return EASY_STEPS[0]
    if numbers:
        return None
    shaded_now = (v == 1) != bool(eliminated)
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    near = [known.get((r + dr, c + dc)) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    if shaded_now:
        return EASY_STEPS[2] if 1 in near else None
    return EASY_STEPS[1] if 0 in near else None
