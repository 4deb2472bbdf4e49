"""Naming a kurodoko step (walks.walk) in the genre's words."""

from __future__ import annotations

EASY_STEPS = ("a number's count", "shaded cells may not touch", "unshaded cells stay connected")
VALUE_WORDS = {1: ("shaded", "■"), 0: ("empty", "·")}     # "r3c4 must be shaded"; drawn ■ or · in a cell


def name_step(puzzle, fact, clue_keys) -> str | None:
    """"a number's count" when the reason's only clue is one number; with no number, "shaded cells may not
    touch" for a cell beside a placed shaded one that must stay unshaded, else "unshaded cells stay
    connected"; None for reasons of several numbers."""
    r, c, v, eliminated = fact
    clues = [key for key in clue_keys if key[0] == "clue"]
    if len(clues) == 1:
        return EASY_STEPS[0]
    if clues:
        return None
    shaded = {tuple(key[1:3]) for key in clue_keys if key[0] in ("placed", "entry") and key[3] == 1}
    unshaded_forced = (v == 0) != eliminated
    beside = any((r + dr, c + dc) in shaded for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)))
    return EASY_STEPS[1] if unshaded_forced and beside else EASY_STEPS[2]
