"""Naming a skyscrapers step (walks.walk) in the genre's words."""

from __future__ import annotations

EASY_STEPS = ("each height once in a line", "a clue's count of buildings seen")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """"each height once in a line" when the reason holds no clue (the givens and the heights placed
    alone), "a clue's count of buildings seen" when it holds one clue; None for several clues."""
    clues = [key for key in clue_keys if key[0] == "clue"]
    if len(clues) > 1:
        return None
    return EASY_STEPS[len(clues)]
