"""Naming a shikaku step (walks.walk) in the genre's words, and saying what it settles."""

from __future__ import annotations

from gridlogic.kinds import _borders as borders

EASY_STEPS = ("every cell in one number's rectangle", "a number's cell covered", "numbers' cells covered")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """"every cell in one number's rectangle" when the step follows from the rectangles the numbers may
    make (of their areas, over no other number) covering every cell once; "a number's cell covered" when
    a number's own cell must lie in one of its rectangles too ("numbers' cells covered" for several)."""
    numbers = [key for key in clue_keys if key[0] == "clue"]
    return EASY_STEPS[min(len(numbers), 2)]


def say_fact(puzzle, fact) -> str:
    """The edge a step settles: "the border between r2c3 and r2c4 is drawn" (or "stays open")."""
    return borders.say_fact(puzzle, fact)
