"""Naming a heyawake step (walks.walk) in the words players use, when the reason shows it:

- "beside a shaded cell": a cell left unshaded because a neighbour is known shaded;
- "the room is full": a cell left unshaded because its room's number is reached by known shaded cells;
- "three rooms in a line": a cell shaded because the rest of its stretch across two room borders is
  known unshaded.
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

EASY_STEPS = ("beside a shaded cell", "the room is full", "three rooms in a line")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    from gridlogic.kinds.heyawake import stretches
    r, c, v, eliminated = fact
    shaded_now = (v == 1) != bool(eliminated)
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    clues = [key for key in clue_keys if key[0] not in ("placed", "entry")]
    if not shaded_now:
        if not clues and any(known.get((r + dr, c + dc)) == 1 for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))):
            return EASY_STEPS[0]
        if len(clues) == 1 and clues[0][0] == "room":
            k = clues[0][1]
            cells = puzzle.rooms()[k]
            if (r, c) in cells and sum(known.get(cell) == 1 for cell in cells) == puzzle.numbers[k]:
                return EASY_STEPS[1]
        return None
    if clues == [("three rooms",)]:
        for cells in stretches(puzzle):
            if (r, c) in cells and all(known.get(cell) == 0 for cell in cells if cell != (r, c)):
                return EASY_STEPS[2]
    return None
