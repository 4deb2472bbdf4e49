"""The ripple effect Puzzle: rooms and the numbers given in cells, its text, editing state and puzz.link form.

Text: the rooms, one line per row, a label per cell (as kinds/_rooms.py reads them); then, after a blank
line, the given numbers as a grid (`.` empty, a number 1..the size of its room; numbers past 9 between
spaces). A solution is the same numbers grid with every cell filled.

    AABB
    ACCB

    1...
    ...2

State: the cells hold the given numbers ("" empty); the part `rooms` (a group part) one item per room.
puzz.link (pzprjs `ripple`): Border (the rooms), then Number16 over the cells.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import _rooms
from gridlogic.kinds import _shading as sh
from gridlogic.codecs import puzzlink

MAX_NUMBER = sh.MAX_SIDE * 2        # the largest room a number may fill (and the largest number typed)


@dataclass(frozen=True)
class Puzzle:
    """`room[r * cols + c]` the room of each cell (in order of their first cells), `givens` row-major (0 none)."""

    rows: int
    cols: int
    room: tuple[int, ...]
    givens: tuple[int, ...]

    def rooms(self) -> list[list[tuple[int, int]]]:
        """Each room's cells, row by row."""
        out: list[list[tuple[int, int]]] = [[] for _ in range(max(self.room) + 1)]
        for i, k in enumerate(self.room):
            out[k].append(divmod(i, self.cols))
        return out

    def size_at(self, r: int, c: int) -> int:
        """The size of the room of cell (r, c): its cells hold 1..this."""
        k = self.room[r * self.cols + c]
        return self.room.count(k)


Solution = tuple        # the numbers, row-major


def make(rooms: _rooms.Puzzle, givens) -> Puzzle:
    """The puzzle of the rooms and the givens (None or 0 empty), refused where a given does not fit its
    room or repeats in it."""
    puzzle = Puzzle(rooms.rows, rooms.cols, rooms.room, tuple(g or 0 for g in givens))
    seen: dict = {}
    for i, g in enumerate(puzzle.givens):
        r, c = divmod(i, puzzle.cols)
        if g == sh.UNKNOWN or g == puzzlink.UNKNOWN:
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: a given without its number ('?') is not read here", r=r, c=c)
        if not g:
            continue
        size = puzzle.size_at(r, c)
        if not 1 <= g <= size:
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: {g} does not fit a room of {size} cells (1..{size})", r=r, c=c)
        twin = seen.setdefault((puzzle.room[i], g), (r, c))
        if twin != (r, c):
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: a second {g} in the room of r{twin[0] + 1}c{twin[1] + 1}",
                                    r=r, c=c)
    return puzzle


def _rooms_of(puzzle: Puzzle) -> _rooms.Puzzle:
    return _rooms.Puzzle(puzzle.rows, puzzle.cols, puzzle.room, (None,) * (max(puzzle.room) + 1))


def _blocks(text: str) -> tuple[str, str, int]:
    """The rooms block, the numbers block (its lines kept in place) and the blank line between them."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    gap = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return "\n".join(lines[:gap]), "\n" * gap + "\n".join(lines[gap:]), gap


def parse(text: str) -> Puzzle:
    """The rooms, a blank line, the given numbers (see the module docstring)."""
    rooms_text, numbers_text, gap = _blocks(text)
    rooms = _rooms.parse_text(rooms_text, numbered=False)
    givens = [0] * (rooms.rows * rooms.cols)
    if numbers_text.strip():
        grid = sh.parse_grid(numbers_text, lambda *a: sh.read_clue(*a, lo=1, hi=MAX_NUMBER, unknown=False),
                             "grid of numbers")
        if (grid.rows, grid.cols) != (rooms.rows, rooms.cols):
            raise PuzzleSyntaxError(f"the numbers are {grid.rows}×{grid.cols}, the rooms {rooms.rows}×{rooms.cols}",
                                    line=gap + 1)
        givens = list(grid.clues)
    return make(rooms, givens)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's text, or a solution's numbers grid."""
    if solution is not None:
        return sh.format_grid(sh.Grid(puzzle.rows, puzzle.cols, tuple(v or None for v in solution)))
    numbers = sh.format_grid(sh.Grid(puzzle.rows, puzzle.cols, tuple(g or None for g in puzzle.givens)))
    return _rooms.format_text(_rooms_of(puzzle), numbered=False) + "\n" + numbers


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A solution's numbers grid (every cell a number)."""
    grid = sh.parse_grid(text, lambda *a: sh.read_clue(*a, lo=1, hi=MAX_NUMBER, unknown=False), "solution")
    if (grid.rows, grid.cols) != (puzzle.rows, puzzle.cols):
        raise PuzzleSyntaxError(f"the solution is {grid.rows}×{grid.cols}, the puzzle {puzzle.rows}×{puzzle.cols}")
    empty = next((i for i, v in enumerate(grid.clues) if v is None), None)
    if empty is not None:
        r, c = divmod(empty, puzzle.cols)
        raise PuzzleSyntaxError(f"r{r + 1}c{c + 1} of the solution is empty", r=r, c=c)
    return tuple(grid.clues)


# -- the editing state ---------------------------------------------------------------------------------
def layout() -> dict:
    """Numbers in cells, rooms drawn as groups; in play every empty cell takes a number."""
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (4, 6, 8, 10)],
            "default_size": {"rows": 6, "cols": 6}, "free_size": True,
            "min_size": {"rows": 1, "cols": 1}, "max_size": {"rows": sh.MAX_SIDE, "cols": sh.MAX_SIDE},
            "size_note": "every room holds 1 to its size once; two equal numbers N in a row or column have at "
                         "least N cells between them",
            "cell": {"numbers": [1, MAX_NUMBER], "empty": {"label": "empty"}},
            "parts": [{"key": "rooms", "type": "group", "label": "Rooms", "choices": [_rooms.ROOM],
                       "help": "Every cell belongs to one room; a room of N cells holds 1 to N once each."}],
            "play": {"values": [1, MAX_NUMBER], "on": "empty", "pencil": True}}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: the givens in the cells, one room item per room."""
    state = _rooms.to_state(_rooms_of(puzzle))
    return {**state, "cells": [str(g) if g else "" for g in puzzle.givens]}


def from_state(state: dict) -> Puzzle:
    """The puzzle of an editing state, located where a cell is in no room or a given does not fit."""
    rooms = _rooms.from_state(state)
    givens = []
    for i, value in enumerate(state["cells"]):
        r, c = divmod(i, state["cols"])
        givens.append(sh.read_clue(value, 0, r, c, lo=1, hi=MAX_NUMBER, unknown=False) if value else None)
    return make(rooms, givens)


# -- puzz.link (pzprjs `ripple`: Border, then Number16) -----------------------------------------------------
def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link ripple data."""
    if not (1 <= cols <= sh.MAX_SIDE and 1 <= rows <= sh.MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: ripple: at most {sh.MAX_SIDE}×{sh.MAX_SIDE} cells (got {cols}×{rows})")
    vertical, horizontal, at = puzzlink.decode_border(body, rows, cols)
    groups = puzzlink.rooms_of(rows, cols, vertical, horizontal)
    values, _ = puzzlink.decode_number16(body, rows * cols, at)
    return make(_rooms.make(rows, cols, groups, [None] * len(groups)), (values + [None] * rows * cols)[:rows * cols])


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    body = _rooms.to_border(_rooms_of(puzzle), numbered=False)
    body += puzzlink.encode_number16([g or None for g in puzzle.givens])
    return puzzlink.url("ripple", puzzle.cols, puzzle.rows, body)
