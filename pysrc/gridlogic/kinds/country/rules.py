"""Country road's own rules, written as clauses (`encode_rules`) and checked on a drawn loop (`faults`),
side by side and sharing no code. An answer is the set of edge points of the loop's steps."""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf import loops
from gridlogic.cnf.formula import Formula, Not
from gridlogic.kinds._loops import loop_faults
from gridlogic.kinds._rooms import Puzzle
from gridlogic.model import Violation


def room_label(puzzle: Puzzle, k: int) -> str:
    """"the 3 of the room at r2c4" (or "the room at r2c4")."""
    r, c = puzzle.rooms()[k][0]
    n = puzzle.numbers[k]
    return f"the {n} of the room at r{r + 1}c{c + 1}" if n is not None else f"the room at r{r + 1}c{c + 1}"


def border_steps(puzzle: Puzzle) -> list[tuple[tuple[int, int], tuple[int, int], tuple[int, int]]]:
    """(a, b, edge point) for each pair of side-by-side cells in different rooms."""
    rows, cols, room = puzzle.rows, puzzle.cols, puzzle.room
    out = []
    for r in range(rows):
        for c in range(cols):
            for b in ((r, c + 1), (r + 1, c)):
                if b[0] < rows and b[1] < cols and room[r * cols + c] != room[b[0] * cols + b[1]]:
                    out.append(((r, c), b, (r + b[0] + 1, c + b[1] + 1)))
    return out


def encode_rules(f: Formula, puzzle: Puzzle) -> list:
    """One loop through cell centres (loops.py); each room a clue ("room", k): the loop crosses its
    border exactly twice, and its number counts its cells on the loop; cells side by side across a room
    border are not both off the loop (the clue ("beside",)). Returns the shown keys."""
    keys = loops.loop_through_cells(f, puzzle.rows, puzzle.cols)
    steps = border_steps(puzzle)
    rooms = puzzle.rooms()
    visit = lambda cell: loops.visit(lattice.cell_point(*cell))          # noqa: E731
    squares = _squares_away(puzzle) if len(rooms) > 1 else {}
    for k, cells in enumerate(rooms):
        inside = set(cells)
        crossing = [loops.line(p) for a, b, p in steps if (a in inside) != (b in inside)]
        with f.clue(("room", k), cells, room_label(puzzle, k)):
            if len(rooms) > 1:
                f.exactly(crossing, 2)
            if puzzle.numbers[k] is not None:
                f.exactly([visit(cell) for cell in cells], puzzle.numbers[k])
    for k, blocks in squares.items():            # implied: the loop is no 2×2 square away from room k
        with f.clue(("room", k)):
            for r, c in blocks:
                y, x = 2 * r + 1, 2 * c + 1
                f.clause([Not(loops.line(p)) for p in ((y, x + 1), (y + 1, x), (y + 1, x + 2), (y + 2, x + 1))])
    with f.clue(("beside",), (), "cells side by side across a border not both off the loop"):
        for a, b, _ in steps:
            f.clause([visit(a), visit(b)])
    return keys


def _squares_away(puzzle: Puzzle) -> dict[int, list[tuple[int, int]]]:
    """Each 2×2 block of cells (by its top left cell) under the first room none of its cells lies in: that
    room's clue (crossed twice, so visited) rules out a loop that is only the block's square, which with
    every cell's two lines or none is the whole loop. Implied, and lazy cuts of such stray squares spared."""
    rows, cols, room = puzzle.rows, puzzle.cols, puzzle.room
    out: dict = {}
    for r in range(rows - 1):
        for c in range(cols - 1):
            near = {room[y * cols + x] for y in (r, r + 1) for x in (c, c + 1)}
            away = next((k for k in range(len(puzzle.numbers)) if k not in near), None)
            if away is not None:
                out.setdefault(away, []).append((r, c))
    return out


def faults(puzzle: Puzzle, lines: frozenset) -> list[Violation]:
    """Every broken rule of a drawn loop, read off its edges (independent of `encode_rules`)."""
    rows, cols = puzzle.rows, puzzle.cols
    out = [Violation("not_a_step", (), f"({y}, {x}) is not a step between two cells") for y, x in sorted(lines)
           if not (0 < y < 2 * rows and 0 < x < 2 * cols and (y + x) % 2)]
    if out:
        return out
    degree = {}
    for y, x in lines:
        for cell in ((((y - 1) // 2, (x - 2) // 2), ((y - 1) // 2, x // 2)) if y % 2 else
                     (((y - 2) // 2, (x - 1) // 2), (y // 2, (x - 1) // 2))):
            degree[cell] = degree.get(cell, 0) + 1
    on = lambda r, c: degree.get((r, c), 0) > 0         # noqa: E731
    room = puzzle.room
    several = len(puzzle.numbers) > 1
    for k, cells in enumerate(puzzle.rooms()):
        r0, c0 = cells[0]
        where = f"the room at r{r0 + 1}c{c0 + 1}"
        crossings = 0
        for r, c in cells:
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                r1, c1 = r + dr, c + dc
                if 0 <= r1 < rows and 0 <= c1 < cols and room[r1 * cols + c1] != k and \
                        (2 * r + 1 + dr, 2 * c + 1 + dc) in lines:
                    crossings += 1
        visited = sum(on(r, c) for r, c in cells)
        if several and crossings != 2:
            word = "misses" if crossings == 0 else "enters more than once"
            out.append(Violation("rooms", tuple(cells), f"the loop {word} {where}"))
        n = puzzle.numbers[k]
        if n is not None and visited != n:
            out.append(Violation("count", tuple(cells), f"the {n} of {where}: the loop passes {visited} of its cells"))
    for r in range(rows):
        for c in range(cols):
            for r1, c1 in ((r, c + 1), (r + 1, c)):
                if r1 < rows and c1 < cols and room[r * cols + c] != room[r1 * cols + c1] \
                        and not on(r, c) and not on(r1, c1):
                    out.append(Violation("beside", ((r, c), (r1, c1)), f"r{r + 1}c{c + 1} and r{r1 + 1}c{c1 + 1}, "
                                         "side by side across a border, are both off the loop"))
    out += [Violation(code, cells, detail) for code, cells, detail in loop_faults(lines, rows, cols, False)]
    return out
