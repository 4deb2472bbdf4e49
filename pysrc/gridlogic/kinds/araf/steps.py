"""Naming an araf step (walks.walk) in the genre's words, and saying what it settles."""

from __future__ import annotations

from gridlogic.kinds import _borders as borders

EASY_STEPS = ("every region holds two numbers", "a number's region", "numbers' regions")


def name_step(puzzle, fact, clue_keys) -> str | None:
    """"every region holds two numbers" when the step follows from the division alone (each region two
    numbers, its size between them: the numbers' places, not their values); "a number's region" when it
    rests on one number's partner and size ("numbers' regions" for several)."""
    numbers = [key for key in clue_keys if key[0] == "clue"]
    return EASY_STEPS[min(len(numbers), 2)]


def say_fact(puzzle, fact) -> str:
    """The edge a step settles: "the border between r2c3 and r2c4 is drawn" (or "stays open")."""
    return borders.say_fact(puzzle, fact)
