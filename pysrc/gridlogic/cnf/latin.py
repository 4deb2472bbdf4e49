"""The Latin square that sudoku and futoshiki share (Tatham's latin.c serves Solo and Unequal alike):
variables `("digit", r, c, d)`, each cell exactly one digit of 1..N (the shown variables, a solution
filling N² of them), each row and column every digit once, and more units that hold no digit twice."""

from __future__ import annotations

from collections.abc import Iterable

from gridlogic.cnf.formula import Formula


def latin_square(f: Formula, size: int) -> None:
    """Each cell one digit of 1..size (shown), each row and each column every digit once."""
    digits = range(1, size + 1)
    cells = [(r, c) for r in range(size) for c in range(size)]
    for r, c in cells:
        f.exactly_one([("digit", r, c, d) for d in digits])
    f.show((("digit", r, c, d) for r, c in cells for d in digits), fixed_weight=True)
    for r in range(size):
        distinct(f, [(r, c) for c in range(size)], size)
    for c in range(size):
        distinct(f, [(r, c) for r in range(size)], size)


def distinct(f: Formula, unit: Iterable[tuple[int, int]], size: int) -> None:
    """No digit twice in the unit's cells: each digit exactly once when it has a cell per digit."""
    unit = list(unit)
    for d in range(1, size + 1):
        lits = [("digit", r, c, d) for r, c in unit]
        if len(unit) == size:
            f.exactly_one(lits)
        elif len(unit) > 1:
            f.at_most_one(lits)
