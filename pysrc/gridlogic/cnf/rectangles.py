"""Division into rectangles: the cells of an R×C grid are divided into rectangles, each
holding exactly one clue cell and as many cells as its clue says (a clue of None: any number).

Variables: ("rect", y0, x0, y1, x1) holds when the rectangle from the cell at (y0, x0) (top left) to
the cell at (y1, x1) (bottom right) is one of the pieces; it exists only for the rectangles that hold
one clue cell and have that clue's area. ("border", y, x), at the edge between two adjacent cells,
holds when they lie in different pieces (the answer: the shown variables, returned by `rectangles`).
Rules: every cell lies in exactly one chosen rectangle (so every clue in exactly one: its
rectangles are the only ones over its cell), and a border is drawn exactly where no chosen rectangle
covers both its cells. Borders and divisions determine each other, so counting models over the
borders counts the divisions.
With `clue_of` (a clue cell q -> a context manager, e.g. `lambda q: f.clue(...)`), the cover of each clue
cell (one of its rectangles is chosen) is written inside it, so explanations can name the clue; dropping
a clue then leaves its cell free of rectangles, which only relaxes the rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext

from gridlogic import lattice
from gridlogic.cnf.graph import between, cell_graph, define_any
from gridlogic.cnf.formula import Formula, Not

Clues = dict[tuple[int, int], int | None]
Box = tuple[int, int, int, int]          # cell points: y0, x0 (top left), y1, x1 (bottom right)


def border(p: tuple[int, int]) -> tuple:
    """The variable "a border runs along the edge at p"."""
    return ("border", *p)


def rectangles(f: Formula, rows: int, cols: int, clues: Clues,
               clue_of: Callable[[tuple[int, int]], AbstractContextManager] | None = None) -> list:
    """Divide the grid into rectangles, one per clue, of the clue's area (each clue cell's cover inside
    `clue_of(q)` when given); returns the border keys."""
    hold = clue_of or (lambda q: nullcontext())
    boxes = [box for q, area in clues.items() for box in boxes_of(rows, cols, q, area, clues)]
    over: dict = {p: [] for p in lattice.cells(rows, cols)}
    for box in boxes:
        for p in cells_of(box):
            over[p].append(("rect", *box))
    for p in lattice.cells(rows, cols):
        if p in clues:
            f.at_most_one(over[p])
            with hold(p):
                f.clause(over[p])
        else:
            f.exactly_one(over[p])
    keys = []
    for a, b in cell_graph(rows, cols).links:
        keys.append(border(between(a, b)))
        under_b = set(over[b])
        both = [key for key in over[a] if key in under_b]
        define_any(f, Not(border(between(a, b))), both)
    return keys


def boxes_of(rows: int, cols: int, q: tuple[int, int], area: int | None, clues: Clues) -> Iterator[Box]:
    """The rectangles over the clue cell q with its area (any when None) and no other clue cell."""
    r, c = lattice.point_cell(q)
    for h in range(1, rows + 1):
        for w in range(1, cols + 1):
            if area is not None and h * w != area:
                continue
            for top in range(max(0, r - h + 1), min(r, rows - h) + 1):
                for left in range(max(0, c - w + 1), min(c, cols - w) + 1):
                    box = (2 * top + 1, 2 * left + 1, 2 * (top + h) - 1, 2 * (left + w) - 1)
                    if all(p == q or p not in clues for p in cells_of(box)):
                        yield box


def cells_of(box: Box) -> list[tuple[int, int]]:
    """The cell points of a rectangle."""
    y0, x0, y1, x1 = box
    return [(y, x) for y in range(y0, y1 + 1, 2) for x in range(x0, x1 + 1, 2)]
