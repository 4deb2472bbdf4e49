"""Naming a tapa step (walks.walk) in the words players use, when the reason shows it:

- "the clue is complete": a cell left unshaded because the clue beside it already has all its runs
  among the known shaded cells;
- "the clue needs it": a cell shaded because its clue could not be met otherwise (the clue alone);
- "no 2×2 shaded block": a cell left unshaded because its three neighbours in a 2×2 block are shaded;
- "the wall stays connected": a cell shaded with no clue in its reason (the shaded cells must join).
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

EASY_STEPS = ("the clue is complete", "the clue needs it", "no 2×2 shaded block", "the wall stays connected")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    r, c, v, eliminated = fact
    shaded_now = (v == 1) != bool(eliminated)
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    clues = [key for key in clue_keys if key[0] not in ("placed", "entry")]
    if clues == [("no2x2",)] and not shaded_now:
        for dr in (-1, 1):
            for dc in (-1, 1):
                if all(known.get(cell) == 1 for cell in ((r + dr, c), (r, c + dc), (r + dr, c + dc))):
                    return EASY_STEPS[2]
        return None
    if len(clues) == 1 and clues[0][0] == "clue":
        return EASY_STEPS[1] if shaded_now else EASY_STEPS[0]
    if not clues and shaded_now:
        return EASY_STEPS[3]
    return None
