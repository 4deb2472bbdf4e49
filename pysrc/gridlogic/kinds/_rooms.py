"""What the genres of rooms share: the Puzzle (rooms and their
numbers), its text, its editing state and its puzz.link Border form.

Text: the rooms, one line per row, a label per cell (one character each, or tokens separated by
spaces): a room is a connected group of cells with one label. Then, after a blank line, the numbers
as a grid (`.` none, a number in any cell of its room, `?` a number not given, read as none: it asks
nothing). `format` writes the rooms labelled A-Z, a-z, 0-9 in order of their first cell (numbers of
rooms past 62 as tokens) and each number in its room's first cell.

State: no cell values; the part `rooms` (a group part) holds one item per room, its cells and its
number as the item's value (genres without numbers: ROOM, a choice without value). Every cell is in
exactly one room, and a room's cells are connected.

puzz.link: pzprjs's Border (the rooms), then for heyawake RoomNumber16 (a number per room, in order of
the rooms' first cells).
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.cnf.graph import components
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import _shading as sh
from gridlogic.codecs import puzzlink

LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
ROOM_CHOICE = {"name": "room", "label": "Room", "value": "optional", "look": "region", "colour": "#f2f2f2"}
ROOM = {**ROOM_CHOICE, "value": "none"}


@dataclass(frozen=True)
class Puzzle:
    """`room[r * cols + c]` the room of each cell (rooms numbered in order of their first cell) and
    `numbers[k]` the number of room k (None: none)."""

    rows: int
    cols: int
    room: tuple[int, ...]
    numbers: tuple[int | None, ...]

    def rooms(self) -> list[list[tuple[int, int]]]:
        """Each room's cells, row by row."""
        out: list[list[tuple[int, int]]] = [[] for _ in self.numbers]
        for i, k in enumerate(self.room):
            out[k].append(divmod(i, self.cols))
        return out


def make(rows: int, cols: int, groups: list[list[tuple[int, int]]], numbers: list,
         connected: bool = False) -> Puzzle:
    """The Puzzle of rooms given as cell lists (any order) with their numbers, renumbered in order of
    their first cells; a room whose cells are not connected is refused, located (unless they are known
    to be: `connected`)."""
    pairs = sorted(((sorted(g), n) for g, n in zip(groups, numbers)), key=lambda x: x[0][0])
    room = [0] * (rows * cols)
    for k, (cells, _) in enumerate(pairs):
        if not connected and len(components(cells, _beside)) != 1:
            r, c = cells[0]
            raise PuzzleSyntaxError(f"the room at r{r + 1}c{c + 1} is in several pieces: a room is connected",
                                    cells=[list(x) for x in cells[:20]])
        for r, c in cells:
            room[r * cols + c] = k
    return Puzzle(rows, cols, tuple(room), tuple(None if n == sh.UNKNOWN else n for _, n in pairs))


def _beside(cell: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def parse_text(text: str, numbered: bool = True) -> Puzzle:
    """The rooms block, then (after a blank line, when `numbered`) the numbers block."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    gap = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    labels = sh.parse_grid("\n".join(lines[:gap]), lambda token, *_: token, "grid of rooms (a label per cell)")
    rows, cols = labels.rows, labels.cols
    groups = _by_label(labels)
    numbers = [None] * len(groups)
    if any(line.strip() for line in lines[gap:]) and not numbered:
        extra = next(i for i in range(gap, len(lines)) if lines[i].strip())
        raise PuzzleSyntaxError(f"line {extra + 1}: nothing follows the rooms here", line=extra + 1)
    if any(line.strip() for line in lines[gap:]):
        grid = sh.parse_grid("\n" * gap + "\n".join(lines[gap:]), sh.read_clue, "numbers")
        if (grid.rows, grid.cols) != (rows, cols):
            raise PuzzleSyntaxError(f"the numbers are {grid.rows}×{grid.cols}, the rooms {rows}×{cols}",
                                    line=gap + 1)
        where = {cell: k for k, group in enumerate(groups) for cell in group}
        for (r, c), n in grid.numbered().items():
            k = where[(r, c)]
            if numbers[k] is not None:
                raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: a second number in one room", r=r, c=c)
            numbers[k] = n
    return _fits(make(rows, cols, groups, numbers, connected=True))


def _by_label(labels: sh.Grid) -> list[list[tuple[int, int]]]:
    """The rooms: connected groups of cells with one label (each sorted, in order of their first cell)."""
    cols, label = labels.cols, labels.clues
    room = [-1] * len(label)
    out = []
    for start, own in enumerate(label):
        if room[start] < 0:
            room[start] = len(out)
            group, stack = [start], [start]
            while stack:
                i = stack.pop()
                c = i % cols
                for j in (i - cols, i + cols, i - 1 if c else -1, i + 1 if c + 1 < cols else -1):
                    if 0 <= j < len(label) and room[j] < 0 and label[j] == own:
                        room[j] = len(out)
                        group.append(j)
                        stack.append(j)
            out.append([divmod(i, cols) for i in sorted(group)])
    return out


def _fits(puzzle: Puzzle) -> Puzzle:
    """Refuse a number larger than its room."""
    for k, cells in enumerate(puzzle.rooms()):
        n = puzzle.numbers[k]
        if n is not None and n > len(cells):
            r, c = cells[0]
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: {n} shaded cells do not fit a room of {len(cells)}",
                                    r=r, c=c)
    return puzzle


def format_text(puzzle: Puzzle, numbered: bool = True) -> str:
    """The text of a puzzle (rooms, then a blank line and the numbers when `numbered`)."""
    many = len(puzzle.numbers) > len(LABELS)
    words = [str(k) if many else LABELS[k] for k in puzzle.room]
    sep = " " if many else ""
    rooms = "\n".join(sep.join(words[r * puzzle.cols:(r + 1) * puzzle.cols]) for r in range(puzzle.rows))
    if not numbered:
        return rooms + "\n"
    firsts = {cells[0]: puzzle.numbers[k] for k, cells in enumerate(puzzle.rooms())}
    clues = tuple(firsts.get(divmod(i, puzzle.cols)) for i in range(puzzle.rows * puzzle.cols))
    return rooms + "\n\n" + sh.format_grid(sh.Grid(puzzle.rows, puzzle.cols, clues))


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: one room item per room, its number as its value."""
    items = []
    for k, cells in enumerate(puzzle.rooms()):
        item = {"name": "room", "cells": [list(x) for x in cells]}
        if puzzle.numbers[k] is not None:
            item["value"] = str(puzzle.numbers[k])
        items.append(item)
    return {"rows": puzzle.rows, "cols": puzzle.cols, "cells": [""] * (puzzle.rows * puzzle.cols),
            "parts": {"rooms": items}}


def from_state(state: dict) -> Puzzle:
    """The puzzle of an editing state: every cell in one room, located where it is not."""
    rows, cols = state["rows"], state["cols"]
    items = (state.get("parts") or {}).get("rooms") or []
    owner: dict = {}
    for index, item in enumerate(items):
        for r, c in item["cells"]:
            if (r, c) in owner:
                raise PuzzleSyntaxError(f"r{r + 1}c{c + 1} is in two rooms", part="rooms", index=index,
                                        cells=[[r, c]])
            owner[(r, c)] = index
    missing = [[r, c] for r in range(rows) for c in range(cols) if (r, c) not in owner]
    if missing:
        r, c = missing[0]
        raise PuzzleSyntaxError(f"r{r + 1}c{c + 1} is in no room ({len(missing)} cells are not): draw the rooms",
                                cells=missing[:20])
    numbers = []
    for index, item in enumerate(items):
        value = item.get("value", "")
        numbers.append(int(value) if value else None)
    return _fits(make(rows, cols, [[tuple(x) for x in item["cells"]] for item in items], numbers))


def from_border(cols: int, rows: int, body: str, what: str, numbered: bool = True) -> Puzzle:
    """The puzzle of puzz.link Border data (then RoomNumber16 when `numbered`)."""
    if not (1 <= cols <= sh.MAX_SIDE and 1 <= rows <= sh.MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: {what}: at most {sh.MAX_SIDE}×{sh.MAX_SIDE} cells (got {cols}×{rows})")
    vertical, horizontal, at = puzzlink.decode_border(body, rows, cols)
    groups = puzzlink.rooms_of(rows, cols, vertical, horizontal)
    values = puzzlink.decode_room_number16(body, len(groups), at)[0] if numbered else []
    values = (values + [None] * len(groups))[:len(groups)]
    return _fits(make(rows, cols, groups, values))


def to_border(puzzle: Puzzle, numbered: bool = True) -> str:
    """The puzz.link Border data of the rooms (then RoomNumber16 when `numbered`)."""
    rows, cols, room = puzzle.rows, puzzle.cols, puzzle.room
    vertical = [room[r * cols + c] != room[r * cols + c + 1] for r in range(rows) for c in range(cols - 1)]
    horizontal = [room[r * cols + c] != room[(r + 1) * cols + c] for r in range(rows - 1) for c in range(cols)]
    numbers = puzzlink.encode_room_number16(list(puzzle.numbers)) if numbered else ""
    return puzzlink.encode_border(vertical, horizontal) + numbers



class Unnumbered:
    """The text, state, board and puzz.link Border form of a genre of rooms without numbers whose answer
    is a shading: each room must be large enough for what it holds (`least` cells), else a located
    message says so. Its bound methods are the genre's contract functions of the same names."""

    def __init__(self, key: str, pid: str, least: int, holds: str, layout_help: str) -> None:
        self.key, self.pid, self.least, self.holds, self.layout_help = key, pid, least, holds, layout_help

    def fits(self, puzzle: Puzzle) -> Puzzle:
        """The puzzle, or a message at the first room too small for what it holds."""
        for cells in puzzle.rooms():
            if len(cells) < self.least:
                r, c = cells[0]
                size = "one cell" if len(cells) == 1 else f"{len(cells)} cells"
                raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: a room of {size} cannot hold {self.holds}", r=r, c=c)
        return puzzle

    @staticmethod
    def cells(puzzle: Puzzle) -> sh.Grid:
        """The grid of the puzzle's cells, none holding a clue."""
        return sh.Grid(puzzle.rows, puzzle.cols, (None,) * (puzzle.rows * puzzle.cols))

    def parse(self, text: str) -> Puzzle:
        """The rooms, a label per cell (see the module docstring)."""
        return self.fits(parse_text(text, numbered=False))

    def parse_solution(self, puzzle: Puzzle, text: str) -> tuple:
        """A shading: `#` shaded, `.` unshaded, one line per row."""
        return sh.parse_shading(self.cells(puzzle), text)

    def format(self, puzzle: Puzzle, solution: tuple | None = None) -> str:
        """The puzzle's text, or the solution's shading."""
        if solution is None:
            return format_text(puzzle, numbered=False)
        return sh.format_shading(self.cells(puzzle), solution)

    def render(self, puzzle: Puzzle, solution: tuple | None = None):
        """The rooms, and a solution's shaded cells."""
        return sh.render_shading(self.cells(puzzle), solution,
                                 {"rooms": [[list(x) for x in cells] for cells in puzzle.rooms()]})

    def layout(self) -> dict:
        """Rooms drawn as groups; in play every cell is shaded or dotted."""
        base = sh.grid_layout(0, 0, "all", f"Draw each room (drag across its cells). Paste a puzz.link {self.pid} "
                                           "URL to load one.", unknown=False)
        return {**base, "cell": {"editable": False},
                "parts": [{"key": "rooms", "type": "group", "label": "Rooms", "choices": [ROOM],
                           "help": f"Every cell belongs to one room; {self.layout_help}"}]}

    def from_state(self, state: dict) -> Puzzle:
        """The puzzle of an editing state, located where a cell is in no room or in two."""
        return self.fits(from_state(state))

    def from_puzzlink(self, cols: int, rows: int, body: str) -> Puzzle:
        """The puzzle of puzz.link Border data."""
        return self.fits(from_border(cols, rows, body, self.pid, numbered=False))

    def to_puzzlink(self, puzzle: Puzzle) -> str:
        """The puzz.link URL of a puzzle."""
        return puzzlink.url(self.pid, puzzle.cols, puzzle.rows, to_border(puzzle, numbered=False))
