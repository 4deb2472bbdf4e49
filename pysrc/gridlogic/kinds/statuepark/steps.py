"""Naming a statue park step (walks.walk) in the words players use, when the reason shows it:

- "a black circle" / "a white circle": a circle's cell, shaded or left unshaded by its circle alone;
- "beside a placed piece": a cell left unshaded because the bank's rule alone keeps it so beside known
  shaded cells;
- "the bank's pieces": any other step whose reason is the bank's rule alone.
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

EASY_STEPS = ("a black circle", "a white circle", "beside a placed piece", "the bank's pieces")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    r, c, v, eliminated = fact
    shaded_now = (v == 1) != bool(eliminated)
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    clues = [key for key in clue_keys if key[0] not in ("placed", "entry")]
    if clues == [("circle", r, c)]:
        return EASY_STEPS[0] if shaded_now else EASY_STEPS[1]
    if clues == [("bank",)]:
        beside = any(known.get((r + dr, c + dc)) == 1 for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
        return EASY_STEPS[2] if not shaded_now and beside else EASY_STEPS[3]
    return None
