"""Cheap logic before the grader, for the generator: whether singles alone fill a grid.

Singles only place digits, and every single of a puzzle with one solution is right, so which singles are
taken first does not matter: if singles fill the grid from the givens, they fill it from any state the
grader reaches (each single of that run still holds there, or its cell is filled). Hence:
- hidden singles alone fill the grid exactly when the grader capped at easy (1.5: hidden singles are its
  only technique up to there) solves the puzzle;
- hidden and naked singles fill it only if the grader capped at medium (2.5) solves it: before any step
  above 2.5 it always finds a single (1.0 to 2.3), or a direct technique scoring less. When they do not,
  the direct techniques may still solve it: only the grader can tell.
"""

from __future__ import annotations

from gridlogic.kinds.sudoku.grading.board import Board, Geometry, geometry

Cell = tuple[int, int]


_UNITS: dict[int, tuple] = {}           # id(geometry) -> (geometry, its units holding every digit)


def _full_units(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    kept = _UNITS.get(id(geo))
    if kept is None or kept[0] is not geo:
        if len(_UNITS) >= 16:
            _UNITS.clear()
        kept = _UNITS[id(geo)] = (geo, tuple(cells for cells in geo.units if len(cells) == geo.size))
    return kept[1]


def fill(board: Board, naked: bool) -> bool:
    """Place hidden singles (and, `naked`, naked singles) on `board` until none is left; True when it is
    full. (For a puzzle with one solution.)"""
    geo, cand, values = board.geo, board.cand, board.values
    units = _full_units(geo)
    place = board.place
    placed = True
    while placed:
        placed = False
        for cells in units:
            once = twice = 0
            for i in cells:
                m = cand[i]
                twice |= once & m
                once |= m
            once &= ~twice
            while once:
                bit = once & -once
                once ^= bit
                for i in cells:
                    if cand[i] & bit:
                        place(i, bit.bit_length())
                        placed = True
                        break
        if naked:
            for i, m in enumerate(cand):
                if m and not m & (m - 1):
                    place(i, m.bit_length())
                    placed = True
    return all(values)


def within(puzzle, givens: dict[Cell, int], level: str) -> bool | None:
    """Whether the grader capped at `level` solves `puzzle` (its shape and rules) with these givens (a
    puzzle with one solution), as far as singles tell: at easy exactly, at medium and hard True when
    singles fill the grid, else None (only the grader can tell); None at the levels above."""
    if level not in ("easy", "medium", "hard"):
        return None
    n = puzzle.size
    values = [0] * (n * n)
    for (r, c), d in givens.items():
        values[r * n + c] = d
    board = Board.start(geometry(n, puzzle.box, puzzle.regions, tuple(puzzle.rules)), values)
    if level == "easy":
        return fill(board, naked=False)
    return True if fill(board, naked=True) else None
