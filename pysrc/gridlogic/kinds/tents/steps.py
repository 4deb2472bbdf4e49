"""Naming a tents step (walks.walk) in the genre's words: by the one clue its reason rests on."""

from __future__ import annotations

EASY_STEPS = ("a row's count", "a column's count", "a tree needs its tent", "tents may not touch",
              "no tree beside it")
VALUE_WORDS = {1: ("tent", "▲"), 0: ("empty", "·")}    # "r3c4 must be tent"; drawn ▲ or · in a cell


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The rule of a step whose reason is one clue: a row's or a column's count, or one tree's need of a
    tent; with no clue, "no tree beside it" for a cell no tree touches, else "tents may not touch" (placed
    tents rule a tent out); None for reasons of several clues."""
    r, c, v, eliminated = fact
    clues = [key for key in clue_keys if key[0] in ("row", "col", "tree")]
    if not clues:
        if (v == 1) != eliminated:
            return None
        lonely = not any((r + dr, c + dc) in puzzle.trees for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)))
        return EASY_STEPS[4] if lonely else EASY_STEPS[3]
    if len(clues) != 1:
        return None
    return EASY_STEPS[("row", "col", "tree").index(clues[0][0])]
