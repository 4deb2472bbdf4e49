"""Naming a puzlogic step (walks.walk) by the clues its reason leans on, as the game's players say them:
a line's sum with the numbers already in it, two sums (crossing at the cell, or apart), the pieces left, or no number twice in a
line."""

from __future__ import annotations

LINES = ("row", "column")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The clue family a step's reason (a minimal set of clues) leans on: "the row's sum" or "the column's
    sum" (the sum of the cell's line, with numbers), "crossing sums" (the sums of the cell's row and column), "two
    sums" (any other two), "the
    pieces left" (the pieces, with numbers but no sum), "no repeat in a line" (numbers only: the cell's
    row or column already holds every other piece value it could take); None for any other mix."""
    sums = [key for key in clue_keys if key[0] == "sum"]
    pieces = any(key[0] == "pieces" for key in clue_keys)
    if pieces:
        return "the pieces left" if not sums else None
    if len(sums) == 1:
        axis, index = sums[0][2:4]
        return f"the {LINES[axis]}'s sum" if fact[axis] == index else None
    if len(sums) == 2:
        r, c = fact[:2]
        return "crossing sums" if {key[2:4] for key in sums} == {(0, r), (1, c)} else "two sums"
    return "no repeat in a line" if not sums else None
