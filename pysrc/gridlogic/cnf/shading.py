"""No 2×2 block of a colour: in every 2×2 square of cells of an R×C grid, at least one cell is not
of the colour (nurikabe's shaded cells, LITS, the unshaded cells of a few genres).

`apart`: no two cells of a colour side by side (or also corner to corner).

Variables: none of its own; `colour(cell point)` names the literal "this cell has the colour", such as
("shade", y, x) or Not(("shade", y, x)). One clause per 2×2 block.
"""

from __future__ import annotations

from collections.abc import Callable

from gridlogic.cnf.formula import Formula, Lit, negate


def blocks_2x2(rows: int, cols: int) -> list[list[tuple[int, int]]]:
    """The cell points of every 2×2 block, row by row (top left first)."""
    return [[(y, x), (y, x + 2), (y + 2, x), (y + 2, x + 2)]
            for y in range(1, 2 * rows - 2, 2) for x in range(1, 2 * cols - 2, 2)]


def no_2x2(f: Formula, rows: int, cols: int, colour: Callable[[tuple[int, int]], Lit]) -> None:
    """No 2×2 block whose four cells all have the colour."""
    for block in blocks_2x2(rows, cols):
        f.clause([negate(colour(p)) for p in block])


def apart(f: Formula, rows: int, cols: int, colour: Callable[[tuple[int, int]], Lit], diagonal: bool = False) -> None:
    """No two cells of the colour side by side (hitori's and heyawake's shaded cells), nor corner to corner
    with `diagonal` (star battle's stars). One clause per pair of neighbours."""
    for y in range(1, 2 * rows, 2):
        for x in range(1, 2 * cols, 2):
            steps = ((0, 2), (2, 0)) + (((2, -2), (2, 2)) if diagonal else ())
            for dy, dx in steps:
                if y + dy < 2 * rows and 0 < x + dx < 2 * cols:
                    f.clause([negate(colour((y, x))), negate(colour((y + dy, x + dx)))])
