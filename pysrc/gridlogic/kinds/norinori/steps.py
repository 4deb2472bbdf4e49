"""Naming a norinori step (walks.walk) in the words players use, when the reason shows it:

- "beside a domino": a cell left unshaded because a neighbour is a known shaded cell that already has
  its shaded partner, or because a neighbour is one of the last two places of a room (not its own), side
  by side: the room's domino;
- "the room is full": a cell left unshaded because its room already has two known shaded cells;
- "the last places in the room": a cell shaded because its room's cells that are not known unshaded
  are two;
- "a shaded cell needs a partner": a cell shaded because it is the last neighbour of a known shaded
  cell that is not known unshaded.
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

EASY_STEPS = ("beside a domino", "the room is full", "the last places in the room", "a shaded cell needs a partner")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    from gridlogic.kinds.norinori import neighbours
    r, c, v, eliminated = fact
    shaded_now = (v == 1) != bool(eliminated)
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    clues = [key for key in clue_keys if key[0] not in ("placed", "entry")]
    if not clues:
        for cell in neighbours(puzzle, r, c):
            if known.get(cell) != 1:
                continue
            others = [n for n in neighbours(puzzle, *cell) if n != (r, c)]
            if not shaded_now and any(known.get(n) == 1 for n in others):
                return EASY_STEPS[0]
            if shaded_now and all(known.get(n) == 0 for n in others):
                return EASY_STEPS[3]
        return None
    if len(clues) != 1 or clues[0][0] != "room":
        return None
    cells = puzzle.rooms()[clues[0][1]]
    if (r, c) not in cells:
        return EASY_STEPS[0] if not shaded_now and _beside_last_two(puzzle, cells, known, (r, c)) else None
    if not shaded_now and sum(known.get(cell) == 1 for cell in cells) == 2:
        return EASY_STEPS[1]
    if shaded_now and sum(known.get(cell) != 0 for cell in cells) == 2:
        return EASY_STEPS[2]
    return None


def _beside_last_two(puzzle, cells, known: dict, cell: tuple[int, int]) -> bool:
    """Whether `cell` is beside one of the room's last two places (its `cells` not known unshaded), and
    those two are side by side (they are shaded: a domino)."""
    from gridlogic.kinds.norinori import neighbours
    left = [x for x in cells if known.get(x) != 0]
    return len(left) == 2 and left[1] in neighbours(puzzle, *left[0]) and \
        any(x in left for x in neighbours(puzzle, *cell))
