"""The editing state (gridlogic.layout): a clue field above each column and left of each row."""

from __future__ import annotations

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds.nonogram.grid import MAX_SIDE, Puzzle, _numbers, make_puzzle


def layout() -> dict:
    """Clue fields above each column and left of each row; the cells only show solutions."""
    clue = {"placeholder": "3 1", "pattern": r"^[0-9\s,]*$", "max_length": 4 * MAX_SIDE}
    return {
        "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 10, 15, 20, 25, 30)],
        "default_size": {"rows": 10, "cols": 10}, "free_size": True,
        "min_size": {"rows": 1, "cols": 1}, "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE},
        "size_note": "Clues: block lengths, e.g. 3 1 2 (empty = no block). Paste a .non file, a puzz.link URL "
                     "or a Tatham Pattern ID to load one.",
        "cell": {"editable": False},
        "edges": [{"key": "cols", "side": "top", "label": "column clue", **clue},
                  {"key": "rows", "side": "left", "label": "row clue", **clue}],
        "play": {"values": [0, 1], "on": "all", "cycle": [1, 0], "drag": True, "keys": {"f": 1, "#": 1, "x": 0}},
    }


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: each clue's block lengths separated by spaces ("" for none). The published
    solution (a `.non` goal) is not part of what is edited and is left out."""
    return {"rows": puzzle.height, "cols": puzzle.width, "cells": [""] * (puzzle.width * puzzle.height),
            "edges": {"cols": [" ".join(map(str, clue)) for clue in puzzle.columns],
                      "rows": [" ".join(map(str, clue)) for clue in puzzle.rows]}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state (shape already checked), refused as `parse` would, located."""
    width, height = state["cols"], state["rows"]
    drawn = next((i for i, value in enumerate(state["cells"]) if value), None)
    if drawn is not None:
        r, c = divmod(drawn, width)
        raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: nonogram cells hold no givens (got "
                                f"{excerpt(state['cells'][drawn])})", r=r, c=c)
    where: dict = {}
    clues = {}
    for key, name in (("rows", "row"), ("cols", "column")):
        clues[key] = []
        for i, text in enumerate(state["edges"][key]):
            where[(name, i)] = {"edge": key, "index": i}
            clues[key].append(_numbers(text, f"{name} {i + 1}", where[(name, i)]))
    return make_puzzle(width, height, clues["rows"], clues["cols"], where=where)
