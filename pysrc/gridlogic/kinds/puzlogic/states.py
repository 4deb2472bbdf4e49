"""The editing state (gridlogic.layout): the lattice with gaps, the sums on four edges, the pieces in one field."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.puzlogic.grid import AXES, MAX_COORD, MAX_NUMBER_DIGITS, MAX_TARGET, MAX_VALUE, Puzzle
from gridlogic.kinds.puzlogic.text import _make_puzzle, _read_int


GAP = "-"                  # a lattice position without a cell
SUM_EDGES = {("all", 0): "row_all", ("all", 1): "col_all", ("blue", 0): "row_blue", ("blue", 1): "col_blue"}


def layout() -> dict:
    """The lattice as the page edits it: numbers, gaps and empty cells, four sums per line, the pieces."""
    target = {"pattern": "^[0-9]*$", "max_length": MAX_NUMBER_DIGITS}
    return {
        "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (3, 4, 5, 6, 7, 8)],
        "default_size": {"rows": 5, "cols": 5}, "free_size": True,
        "min_size": {"rows": 1, "cols": 1}, "max_size": {"rows": MAX_COORD, "cols": MAX_COORD},
        "size_note": "rows and columns count from 0, as in level files",
        "cell": {"numbers": [1, MAX_VALUE],
                 "states": [{"key": "gap", "token": GAP, "label": "no cell", "keys": "g-", "look": "gap"}],
                 "empty": {"label": "empty cell (gets a piece)"}},
        "edges": [{"key": "row_all", "side": "left", "label": "sum of all cells", "placeholder": "all", **target},
                  {"key": "col_all", "side": "top", "label": "sum of all cells", "placeholder": "all", **target},
                  {"key": "row_blue", "side": "right", "label": "sum of placed pieces", "placeholder": "blue",
                   "tone": "blue", **target},
                  {"key": "col_blue", "side": "bottom", "label": "sum of placed pieces", "placeholder": "blue",
                   "tone": "blue", **target}],
        "extras": [{"key": "pieces", "label": "Pieces", "placeholder": "1 2 3 4 5 6", "pattern": "^[0-9 ,]*$",
                    "max_length": 3 * MAX_COORD * MAX_COORD}],
        "play": {"values": [1, MAX_VALUE], "on": "empty", "pieces": "pieces"},
    }


def to_state(puzzle: Puzzle) -> dict:
    """The editing state of a puzzle: the lattice from (0, 0) to its last row and column."""
    rows = 1 + max(r for r, _, _ in puzzle.cells)
    cols = 1 + max(c for _, c, _ in puzzle.cells)
    given = {(r, c): v for r, c, v in puzzle.cells}
    cells = [GAP if (r, c) not in given else str(given[(r, c)] or "") for r in range(rows) for c in range(cols)]
    edges = {key: [""] * (rows if axis == 0 else cols) for (_, axis), key in SUM_EDGES.items()}
    for kind, axis, index, target in puzzle.sums:
        edges[SUM_EDGES[kind, axis]][index] = str(target)
    return {"rows": rows, "cols": cols, "cells": cells, "edges": edges,
            "extras": {"pieces": " ".join(map(str, puzzle.pieces))}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state (shape already checked), refused as `parse` would, located."""
    refuse_rules("puzlogic", rules)
    cells: dict[tuple[int, int], int] = {}
    for i, text in enumerate(state["cells"]):
        r, c = divmod(i, state["cols"])
        if text != GAP:
            cells[(r, c)] = _read_int(text, f"r{r}c{c}", 1, MAX_VALUE, r=r, c=c) if text else 0
    if not cells:
        raise PuzzleSyntaxError("no cells: every position is a gap")
    words = re.split(r"[\s,]+", state["extras"]["pieces"].strip())
    pieces = [_read_int(w, "pieces", 1, MAX_VALUE, extra="pieces") for w in words if w]
    sums = {}
    for (kind, axis), key in SUM_EDGES.items():
        for index, text in enumerate(state["edges"][key]):
            if text.strip():
                sums[(kind, axis, index)] = _read_int(text.strip(), f"the {kind} sum of {AXES[axis]} {index}",
                                                      0, MAX_TARGET, edge=key, index=index)
    return _make_puzzle(cells, pieces, sums, lambda kind, axis, index: {"edge": SUM_EDGES[kind, axis], "index": index},
                        {"extra": "pieces"})
