"""What the genres that divide a grid of numbers along borders share (pieces drawn by the player's
borders): the drawing of an answer and its reading, the pieces a set of borders makes, and the borders
that end inside a piece.

An answer is a frozenset of inner edge points (lattice.py: cell (r, c) at (2r+1, 2c+1)) where a border
is drawn. Its drawing is kinds/_loops.py's `draw_loop` along the borders, the grid's frame included
(optional when read); a cell shows its number (one character; `#` for longer ones) or `.`.
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.kinds._loops import draw_loop, read_loop
from gridlogic.model import Violation


PART = "borders"
"""The lattice part the player draws borders in (with × for "no border")."""


def play_layout(base: dict) -> dict:
    """A grid layout of numbers (`base`) played by drawing borders between cells, with × for none."""
    return {**base, "parts": [{"key": PART, "type": "lattice", "label": "Borders",
                               "choices": [{"name": "border", "label": "Border", "value": "none", "look": "border"},
                                           {"name": "cross", "label": "No border", "value": "none",
                                            "look": "cross"}]}],
            "play": {"lattice": PART, "inner": True}}


def frame(rows: int, cols: int) -> set:
    """The edge points of the grid's outer frame."""
    return {p for p in lattice.points(rows, cols, "edge") if lattice.is_outer(p, rows, cols)}


def draw(puzzle, solution) -> str:
    """The drawing of an answer of a grid of numbers (`puzzle.at(r, c)`), the frame included."""
    def text(r: int, c: int) -> str:
        v = puzzle.at(r, c)
        return "." if v is None else str(v) if len(str(v)) == 1 else "#"
    return draw_loop(puzzle.rows, puzzle.cols, set(solution) | frame(puzzle.rows, puzzle.cols), text, True)


def read_drawing(puzzle, text: str) -> frozenset:
    """The inner borders of a drawing (see `draw`)."""
    return frozenset(read_loop(text, puzzle.rows, puzzle.cols, True) - frame(puzzle.rows, puzzle.cols))


def off_edges(rows: int, cols: int, drawn) -> list[Violation]:
    """A mark that is no inner edge between two cells, each named."""
    return [Violation("not_an_edge", (), f"{lattice.format_point(p)} is not an edge between two cells")
            for p in sorted(drawn) if not (0 < p[0] < 2 * rows and 0 < p[1] < 2 * cols and sum(p) % 2)]


def pieces(rows: int, cols: int, drawn) -> tuple[dict, list[tuple]]:
    """The pieces of a set of inner borders: each cell's first cell of its piece, and each piece's cells
    sorted (in order of their first cell)."""
    drawn = set(drawn)
    piece: dict = {}
    for start in ((r, c) for r in range(rows) for c in range(cols)):
        if start in piece:
            continue
        piece[start], todo = start, [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < rows and 0 <= c2 < cols and (r2, c2) not in piece \
                        and (r + r2 + 1, c + c2 + 1) not in drawn:
                    piece[(r2, c2)] = start
                    todo.append((r2, c2))
    groups: dict = {}
    for cell, first in piece.items():
        groups.setdefault(first, []).append(cell)
    return piece, [tuple(sorted(cells)) for _, cells in sorted(groups.items())]


def dead_ends(piece: dict, drawn) -> list[Violation]:
    """A border between two cells of one piece (it ends inside the piece), each named."""
    out = []
    for y, x in sorted(drawn):
        a, b = ((y // 2, x // 2 - 1), (y // 2, x // 2)) if y % 2 else ((y // 2 - 1, x // 2), (y // 2, x // 2))
        if piece[a] == piece[b]:
            out.append(Violation("dead_end", (a, b), f"a border between r{a[0] + 1}c{a[1] + 1} and "
                                                     f"r{b[0] + 1}c{b[1] + 1} ends inside a piece"))
    return out


def say_fact(puzzle, fact) -> str:
    """The edge a hint step settles: "the border between r2c3 and r2c4 is drawn" (or "stays open")."""
    y, x, v, gone = fact
    a, b = (lattice.point_cell(p) for p in lattice.edge_cells((y, x), puzzle.rows, puzzle.cols))
    verdict = "is drawn" if (v == 1) != bool(gone) else "stays open"
    return f"the border between r{a[0] + 1}c{a[1] + 1} and r{b[0] + 1}c{b[1] + 1} {verdict}"
