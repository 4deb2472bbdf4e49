"""Naming a hitori step (walks.walk) in the words players use, when the reason shows it:

- "a repeated number": a cell shaded because a cell of the same number in its row or column is known
  unshaded (the reason: that number's clue and the unshaded cell);
- "beside a shaded cell": a cell left unshaded because a neighbour is known shaded.
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

from gridlogic.kinds._shading import Grid

EASY_STEPS = ("a repeated number", "beside a shaded cell")


def name_step(puzzle: Grid, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    r, c, v, eliminated = fact
    shaded_now = (v == 1) != bool(eliminated)
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    same = [key for key in clue_keys if key[0] == "same"]
    if shaded_now:
        if len(same) != 1:
            return None
        _, line, i, n = same[0]
        if puzzle.at(r, c) != n or (r if line == "row" else c) != i:
            return None
        partners = [cell for cell, value in known.items() if value == 0 and puzzle.at(*cell) == n
                    and (cell[0] if line == "row" else cell[1]) == i and cell != (r, c)]
        return EASY_STEPS[0] if partners else None
    if not same and any(known.get((r + dr, c + dc)) == 1 for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))):
        return EASY_STEPS[1]
    return None
