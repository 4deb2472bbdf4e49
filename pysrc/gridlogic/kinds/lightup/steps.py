"""Naming a light up step (walks.walk) in the genre's words: by the one clue its reason rests on."""

from __future__ import annotations

EASY_STEPS = ("a number's count", "a cell must be lit", "lights may not see each other")
VALUE_WORDS = {1: ("light", "●"), 0: ("empty", "·")}    # "r3c4 must be light"; drawn ● or · in a cell


def name_step(puzzle, fact, clue_keys) -> str | None:
    """"a number's count" when the reason's only clue is one number, "a cell must be lit" when it is one
    white cell's need of light, "lights may not see each other" when the placed lights alone rule a light
    out; None for reasons of several clues."""
    r, c, v, eliminated = fact
    clues = [key for key in clue_keys if key[0] in ("number", "lit")]
    if not clues:
        return EASY_STEPS[2] if v == 1 and eliminated or v == 0 and not eliminated else None
    if len(clues) != 1:
        return None
    return EASY_STEPS[0] if clues[0][0] == "number" else EASY_STEPS[1]
