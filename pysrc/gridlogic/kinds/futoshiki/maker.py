"""Futoshiki 4×4 to 9×9: a seeded Latin square with every digit given and every sign between neighbours
drawn; givens and signs are removed (in orbits of the symmetry: a sign's orbit is the signs between the
moved cells) while the kind's grader (grading.py, Unequal's ladder of techniques) capped at the level still
solves, as Tatham's Unequal does (generate/search.py, generate/deduce.py: the grader's board is built from
the kept clues directly; at SIGNS_LAST's levels and sizes the givens go first); rated by that grader. Every
size reaches every level."""

from __future__ import annotations

import functools
import random

from gridlogic.budget import Budget
from gridlogic.errors import RequestError
from gridlogic.generate import deduce, givens, incremental
from gridlogic.generate.search import LEVELS, Candidate
from gridlogic.kinds import futoshiki as kind
from gridlogic.kinds.futoshiki import filling, grading, settling, squares
from gridlogic.kinds.futoshiki.board import Board
from gridlogic.kinds.futoshiki.grid import Puzzle

SYMMETRIES = ("none", "rotate180", "rotate90", "mirror", "diagonal")
DEFAULT = 5
OFFERED = {"easy": range(4, 10), "medium": range(4, 10), "hard": range(4, 10), "fiendish": range(4, 10)}
"""Level -> the sides (the larger of rows and cols) the page's New puzzle panel offers it at (bench/bench_offer.py)."""
SIZES = range(4, 10)
HARD = dict(grading.LEVELS)["hard"]
SIGNS_LAST = {"hard": range(4, 7)}
"""Level -> the sides at which givens go before signs: a puzzle left with its signs needs sets more often
than one left with its givens, so far fewer attempts end too easy; larger grids make hard either way, and
faster in the seeded order (docs/benchmarks.md, "Generating")."""


def levels(rows: int, cols: int) -> tuple[str, ...]:
    """The levels a size can reach: all of them."""
    return LEVELS


def check_size(rows: int, cols: int) -> None:
    """Refuse a size the kind does not take (square, 4 to 9)."""
    if rows != cols or rows not in SIZES:
        raise RequestError(f"futoshiki is square, 4×4 to 9×9 (got {rows}×{cols})", field="rows")


def candidate(rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: random.Random, budget: Budget) -> Candidate | None:
    """Every digit of a seeded Latin square given (filling.py's search; SAT when it gives up), every sign
    drawn."""
    n = rows
    state = _blank(n)
    grid = filling.seeded_square(n, rng) if not rules else None
    if grid is None:
        with incremental.Givens(kind, kind.from_state(state, rules=rules), budget) as solver:   # the size's kept solver
            grid = solver.fill(rng)
    if grid is None:
        return None
    clues: dict = {cell: (cell,) for cell in sorted(grid)}
    signs: dict = {}
    for k in range(n * (n - 1)):
        r, c = divmod(k, n - 1)                 # across: (r, c) and (r, c + 1)
        clues[("h", k)] = ((r, c), (r, c + 1))
        signs[("h", k)] = "<" if grid[(r, c)] < grid[(r, c + 1)] else ">"
        r, c = divmod(k, n)                     # down: (r, c) and (r + 1, c)
        clues[("v", k)] = ((r, c), (r + 1, c))
        signs[("v", k)] = "^" if grid[(r, c)] < grid[(r + 1, c)] else "v"

    def written(kept: set) -> object:
        cells = [str(grid[(r, c)]) if (r, c) in kept else "" for r in range(n) for c in range(n)]
        marks = {mark: [signs[(mark, k)] if (mark, k) in kept else "" for k in range(n * (n - 1))] for mark in "hv"}
        return kind.from_state({**state, "cells": cells, "marks": marks}, rules=rules)
    whole = written(set(clues)) if rules else Puzzle(                 # (a Latin square and its signs: valid)
        n, tuple(grid[(r, c)] for r in range(n) for c in range(n)),
        tuple(signs[("h", k)] for k in range(n * (n - 1))), tuple(signs[("v", k)] for k in range(n * (n - 1))))

    def write(kept: set) -> object:
        return whole if len(kept) == len(clues) else written(kept)       # (kept is a subset of the clues)
    full = Board.start(whole)
    sign_of = {_clue_of(key, n): (small, large, key) for small, large, key in full.signs}
    sign_items = list(sign_of.items())
    everything = (1 << n) - 1
    places = [(cell, d, r, n + c, 1 << (d - 1)) for (cell, d), (r, c) in zip(zip(sorted(grid), full.values), sorted(grid))]

    def board(kept: set) -> Board:
        """Board.of's board of the kept digits and signs, counted here as a Latin square's (no digit twice)."""
        seen = [0] * (2 * n)                    # per row, then column: the digits kept
        values = []
        for cell, d, row, column, bit in places:
            if cell in kept:
                values.append(d)
                seen[row] |= bit
                seen[column] |= bit
            else:
                values.append(0)
        cand = [bit if v else everything & ~(seen[row] | seen[column])
                for (_, _, row, column, bit), v in zip(places, values)]
        return Board(n, cand, values, full.units, full.peers, [sign for clue, sign in sign_items if clue in kept])

    lines = [([i - i % n + x for x in range(n)], [i % n + n * y for y in range(n)]) for i in range(n * n)]
    at = {(r, grid[(r, c)]): c for r, c in grid}                    # (row, digit) -> its column
    at_down = {(c, grid[(r, c)]): r for r, c in grid}               # (column, digit) -> its row
    around = {(r, c): ([(r, x) for x in range(n) if x != c], [(y, c) for y in range(n) if y != r]) for r, c in grid}

    def known(kept: set, clue) -> bool:
        """Whether the clue is known at once on the board of the kept clues (`settled` there, read from the
        kept clues without the board): a sign between two given digits; a digit its cell's row and column
        leave alone, or whose row or column has no other place for it (each other cell given, or seeing the
        digit given in its column or row)."""
        if clue in sign_of:
            a, b = clues[clue]
            return a in kept and b in kept
        d = grid[clue]
        row, column = around[clue]
        seen = 0
        for cell in row:
            if cell in kept:
                seen |= 1 << (grid[cell] - 1)
        for cell in column:
            if cell in kept:
                seen |= 1 << (grid[cell] - 1)
        if seen | 1 << (d - 1) == everything:
            return True
        return all(cell in kept or (at_down[(cell[1], d)], cell[1]) in kept for cell in row) \
            or all(cell in kept or (cell[0], at[(cell[0], d)]) in kept for cell in column)

    def settled(board: Board, clue) -> bool:
        """Whether the clue is known: a sign's cells ordered by their candidates, a digit placed or given at
        once by a step of every level (ladder.settles then finds it: each technique is monotone): its cell's
        one candidate left, or its only place in the row or column."""
        if clue in sign_of:
            return board.orders(*sign_of[clue][:2])
        i = clue[0] * n + clue[1]
        cand = board.cand
        if board.values[i] or not cand[i] & (cand[i] - 1):
            return True
        bit = 1 << (full.values[i] - 1)
        return any(not any(cand[j] & bit for j in cells if j != i) for cells in lines[i])

    def rank(clue, level: str) -> int:
        return int(n in SIGNS_LAST.get(level, ()) and clue in sign_of)
    def settles(kept: set, group: tuple, cap: float | None) -> bool | None:
        """The ladder's answer, its easiest techniques written for a batch (settling.py), capped or whole; with
        no cap, no at once where the clues leave several solutions (at sizes whose squares are listed,
        squares.py, once `known` has not said yes) or keep nothing of an intercalate's trade
        (`intercalates`); capped at hard over every clue removed, from the chain of removals with no cap when
        it ends at the clues kept. Asked where the capped ladder solves the kept clues with the group's
        (deduce.reduce, search._too_easy), so signs alone removed where no technique reads them leave the
        climb as it was: yes."""
        if cap not in settling.RUNGS_UP_TO:
            return None
        if cap not in settling.READS_SIGNS and all(clue in sign_of for clue in group):
            return True
        if all(known(kept, clue) for clue in group):
            if cap is None:
                chain.removed(kept, group, False)
            return True

        def goal(board: Board) -> bool:
            return all(settled(board, clue) for clue in group)
        if cap == HARD and len(kept) + len(group) == len(clues):
            easy = chain.too_easy(kept, group)
            if easy is not None:
                return easy
        if cap is not None:
            return settling.settles(board(kept), goal, cap, budget, solution=full.values)
        beyond: list = []
        if listed:
            if not one_solution(kept):
                return False            # (several solutions: no sound technique finishes)
            yes = settling.settles(board(kept), goal, cap, budget, solution=full.values, one=True, beyond=beyond)
        else:
            if not trades:
                trades.append(intercalates(grid, n, {clue: clues[clue] for clue in signs}))
            if any(kept.isdisjoint(trade) for trade in trades[0]):
                return False            # (two solutions left: no sound technique finishes)
            yes = settling.settles(board(kept), goal, cap, budget, solution=full.values, beyond=beyond)
        if yes:
            chain.removed(kept, group, bool(beyond))
        return yes

    trades: list = []                   # the intercalates' trades, once asked with no cap
    chain = deduce.Chain(clues)         # the removals with no cap kept in order: search._too_easy answered from it
    listed = squares.small(n) and not rules
    agree: dict = {}                    # clue -> the listed squares agreeing with it (once asked)

    def one_solution(kept: set) -> bool:
        """Whether the kept clues leave one solution, read from every square of the size (squares.py)."""
        if not agree:
            agree.update(squares.agreeing(n, grid, clues))
        return squares.unique(n, agree, kept)
    return Candidate(write, clues, board=board, settled=settled, rank=rank, settles=settles,
                     unique=one_solution if listed else None)       # (else SAT: oracle.is_unique)


@functools.lru_cache(maxsize=None)
def _blank(n: int) -> dict:
    """The editing state of an empty n×n grid (givens.blank_state), read once per size: only read here (a
    puzzle's state is a new dict with its own cells and marks)."""
    return givens.blank_state(kind, n, n)


def intercalates(grid: dict[tuple[int, int], int], n: int, signs: dict) -> list[frozenset]:
    """The square's intercalates as clues to keep: four cells at the corners of two rows and two columns
    holding a and b crosswise, whose digits swapped give another Latin square; with them, the signs (clue ->
    its two cells) the swap would break. Clues keeping none of one such set leave two solutions."""
    at: dict = {}                           # cell -> the signs touching it
    for clue, cells in signs.items():
        for cell in cells:
            at.setdefault(cell, []).append(clue)
    out = []
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    a, b = grid[(r1, c1)], grid[(r1, c2)]
                    if grid[(r2, c1)] != b or grid[(r2, c2)] != a:
                        continue
                    swapped = {(r1, c1): b, (r1, c2): a, (r2, c1): a, (r2, c2): b}
                    broken = {clue for cell in swapped for clue in at.get(cell, ())
                              if (swapped.get(signs[clue][0], grid[signs[clue][0]])
                                  < swapped.get(signs[clue][1], grid[signs[clue][1]]))
                              != (grid[signs[clue][0]] < grid[signs[clue][1]])}
                    out.append(frozenset([*swapped, *broken]))
    return out


def _clue_of(key: tuple, n: int) -> tuple[str, int]:
    """The candidate's clue of a board's sign key ("sign", mark, r, c): (mark, its index in the marks)."""
    _, mark, r, c = key
    return mark, r * (n - 1) + c if mark == "h" else r * n + c
