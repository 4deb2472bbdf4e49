"""A seeded solution grid for the generator without SAT, where the grader's geometry holds every rule.

Depth first on the grader's candidate masks (grading/board.py: units, and knight's or king's moves as
peers): the open cell with the fewest candidates next (ties by a seeded order of the cells), its digits in a
seeded order, a placement undone when it leaves a peer no candidate. Every choice is drawn from the seed
before the search starts, so the grid depends on the seed alone, on CPython and in Pyodide. A search that
takes more than `MOST_TRIES` placements per cell gives up (None), and the maker fills by SAT instead.
"""

from __future__ import annotations

import random

from gridlogic.kinds.sudoku.grading.board import geometry

Cell = tuple[int, int]
MOST_TRIES = 20             # placements per cell before giving up (a plain 9×9 needs about one each)


def seeded_grid(puzzle, rng: random.Random) -> dict[Cell, int] | None:
    """A solution grid of the empty `puzzle` (its shape and rules, which the grader takes), as {cell:
    digit}, or None when the search gives up."""
    n = puzzle.size
    geo = geometry(n, puzzle.box, puzzle.regions, tuple(puzzle.rules))
    cells = list(range(n * n))
    rng.shuffle(cells)
    prefer = [rng.sample(range(1, n + 1), n) for _ in range(n * n)]
    values = [0] * (n * n)
    cand = [geo.all_digits] * (n * n)
    peers = geo.peers
    stack = []                  # (cell, its digits left to try, the candidates before it)
    tries = MOST_TRIES * n * n
    while True:
        i = _fewest(values, cand, cells)
        if i < 0:
            return {divmod(j, n): values[j] for j in range(n * n)}
        stack.append((i, [d for d in prefer[i] if cand[i] >> (d - 1) & 1], cand))
        while True:
            if not stack:
                return None
            i, left, before = stack[-1]
            values[i] = 0
            if not left:
                stack.pop()
                continue
            tries -= 1
            if tries < 0:
                return None
            d = left.pop(0)
            cand = before[:]
            keep = ~(1 << (d - 1))
            dead = False
            for j in peers[i]:
                m = cand[j] & keep
                cand[j] = m
                if not m and not values[j]:
                    dead = True
            if not dead:
                values[i] = d
                cand[i] = 0
                break


def _fewest(values: list[int], cand: list[int], order: list[int]) -> int:
    """The open cell with the fewest candidates, the first in the seeded `order` among them (-1: none)."""
    best, least = -1, 99
    for i in order:
        if not values[i]:
            k = cand[i].bit_count()
            if k < least:
                if k <= 1:
                    return i
                best, least = i, k
    return best
