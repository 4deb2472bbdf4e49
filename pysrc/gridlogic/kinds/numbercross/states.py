"""The editing state (gridlogic.layout): region letters painted on the cells, a clue field right of each row."""

from __future__ import annotations

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.numbercross.clues import GRAMMAR, MAX_CLUE_CHARS, PHRASES, parse_clue
from gridlogic.kinds.numbercross.grid import (MAX_SIZE, REGIONS, SHADED_ENTRY, Puzzle, _is_region, _make_puzzle,
                                              _not_region)

CLUE_EXAMPLES = ("square", "palindrome and multiple of 23", "1 more than a palindrome", "sum of digits is 7",
                 "product of digits ends in 1", "power of 7")


def layout() -> dict:
    """A square grid painted with region letters and a clue field right of each row."""
    return {
        "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in range(3, 16)],
        "default_size": {"rows": 5, "cols": 5}, "square": True, "free_size": True,
        "min_size": {"rows": 2, "cols": 2}, "max_size": {"rows": MAX_SIZE, "cols": MAX_SIZE},
        "cell": {"symbols": REGIONS, "paint": True, "empty": {"label": "no region yet"}, "blank_cell": "A"},
        "edges": [{"key": "clues", "side": "right", "label": "clue", "placeholder": "square", "wide": True,
                   "max_length": MAX_CLUE_CHARS, "help": GRAMMAR,
                   "suggestions": list(dict.fromkeys(CLUE_EXAMPLES + PHRASES))}],
        "play": {"values": [0, SHADED_ENTRY], "on": "all", "pencil": True, "keys": {"#": SHADED_ENTRY, "x": SHADED_ENTRY}},
    }


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: the region letters and each row's clue phrase as written canonically."""
    return {"rows": puzzle.size, "cols": puzzle.size, "cells": [letter for row in puzzle.regions for letter in row],
            "edges": {"clues": list(puzzle.clues)}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state (shape already checked), refused as `parse` would, located;
    like `parse`, it needs no sympy."""
    refuse_rules("numbercross", rules)
    n = state["rows"]
    if not (n == state["cols"] and 2 <= n <= MAX_SIZE):
        raise PuzzleSyntaxError(f"numbercross: square, 2×2 to {MAX_SIZE}×{MAX_SIZE} cells (got {n}×{state['cols']})")
    for i, letter in enumerate(state["cells"]):
        if not _is_region(letter):
            r, c = divmod(i, n)
            raise _not_region(letter, f"r{r + 1}c{c + 1}", r=r, c=c)
    regions = ["".join(state["cells"][r * n:(r + 1) * n]) for r in range(n)]
    clues = [parse_clue(phrase, row=r) for r, phrase in enumerate(state["edges"]["clues"])]
    return _make_puzzle(regions, clues, lambda r: {"edge": "clues", "index": r})
