"""What the rule library's model-count tests share (tests/test_rules_*.py): counting a formula's models,
and the brute force they are checked against, written apart from the library: every set of cells of
a small grid, and its parts found by flood fill."""

from __future__ import annotations

from itertools import product

from gridlogic.backends import sat
from gridlogic.formula import Formula


def count(f: Formula) -> int:
    """Every model of `f` on its shown variables (lazy rules kept: see backends/sat.py)."""
    _, n, complete = sat.enumerate_models(f, 100_000, keep=0)
    assert complete
    return n


def shade(p: tuple[int, int]) -> tuple:
    """The shading variable of the cell at lattice point p."""
    return ("shade", *p)


def grid(rows: int, cols: int) -> list[tuple[int, int]]:
    """The cells (r, c) of an R×C grid, row by row."""
    return [(r, c) for r in range(rows) for c in range(cols)]


def subsets(cells: list) -> list[set]:
    """Every set of the cells."""
    return [{p for p, on in zip(cells, bits) if on} for bits in product((0, 1), repeat=len(cells))]


def parts(chosen: set) -> list[set]:
    """The orthogonally connected parts of a set of cells (r, c), by flood fill."""
    left, out = set(chosen), []
    while left:
        start = left.pop()
        part, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if q in left:
                    left.discard(q)
                    part.add(q)
                    todo.append(q)
        out.append(part)
    return out


def is_connected(chosen: set) -> bool:
    """At most one part (the empty set counts as connected)."""
    return len(parts(chosen)) <= 1
