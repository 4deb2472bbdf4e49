"""The checker, from the rules as stated (pieces by flood fill, clues by the reference evaluator), the
answer (the sum of the numbers), and the user's entries."""

from __future__ import annotations

import re

from gridlogic.errors import RequestError
from gridlogic.kinds.numbercross.clues import holds, parse_clue
from gridlogic.kinds.numbercross.grid import SHADED, SHADED_ENTRY, Puzzle, Solution
from gridlogic.model import Violation


def numbers_of(solution: Solution) -> list[list[str]]:
    """Per row, the digit strings of its maximal unshaded runs."""
    return [[run for run in row.split(SHADED) if run] for row in solution]


def answer_of(puzzle: Puzzle, solution: Solution) -> int | str:
    """The sum of all numbers (a string when too big for a JavaScript number)."""
    total = sum(int(run) for row in numbers_of(solution) for run in row)
    return total if total < 2 ** 53 else str(total)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a proposed grid; pieces recomputed by flood fill from scratch."""
    n, regions = puzzle.size, puzzle.regions
    if len(solution) != n or any(len(row) != n for row in solution):
        return [Violation("shape", (), f"expected {n} rows of {n} cells")]
    out: list[Violation] = []
    cells = [(r, c) for r in range(n) for c in range(n)]
    bad = [(r, c) for r, c in cells if solution[r][c] not in "0123456789" + SHADED]
    if bad:
        return [Violation("symbol", tuple(bad), "cells must hold a digit or #")]
    open_ = {(r, c) for r, c in cells if solution[r][c] != SHADED}
    for r, c in cells:
        for r2, c2 in ((r, c + 1), (r + 1, c)):
            if r2 < n and c2 < n and (r, c) not in open_ and (r2, c2) not in open_:
                out.append(Violation("shaded_adjacent", ((r, c), (r2, c2))))
    piece: dict[tuple[int, int], int] = {}
    for start in sorted(open_):
        if start in piece:
            continue
        piece[start], stack, members = len(piece), [start], [start]
        label = piece[start]
        while stack:
            r, c = stack.pop()
            for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if (r2, c2) in open_ and (r2, c2) not in piece and regions[r2][c2] == regions[r][c]:
                    piece[(r2, c2)] = label
                    stack.append((r2, c2))
                    members.append((r2, c2))
        if len({solution[r][c] for r, c in members}) > 1:
            out.append(Violation("piece", tuple(sorted(members)), "one piece holds different digits"))
    for (r, c), label in sorted(piece.items()):
        for r2, c2 in ((r, c + 1), (r + 1, c)):
            if piece.get((r2, c2), label) != label and solution[r][c] == solution[r2][c2]:
                out.append(Violation("neighbour", ((r, c), (r2, c2)), "adjacent pieces hold the same digit"))
    for r, row in enumerate(solution):
        for m in re.finditer(r"[0-9]+", row):
            run = tuple((r, c) for c in range(m.start(), m.end()))
            if len(m.group()) < 2:
                out.append(Violation("short", run, "a number needs at least two digits"))
            elif m.group().startswith("0"):
                out.append(Violation("leading_zero", run, f"{m.group()} starts with 0"))
            elif not holds(parse_clue(puzzle.clues[r]), int(m.group())):
                out.append(Violation("clue", run, f"{m.group()} is not {puzzle.clues[r]}"))
    return out


def check_entries(puzzle: Puzzle, entries) -> None:
    """Refuse an entry outside the grid or with a value no cell holds (0-9, or 10 for shaded)."""
    n = puzzle.size
    for r, c, v in entries:
        if not (0 <= r < n and 0 <= c < n):
            raise RequestError(f"an entry is at r{r + 1}c{c + 1}, outside this {n}×{n} grid", field="entries")
        if not 0 <= v <= SHADED_ENTRY:
            raise RequestError(f"an entry puts {v} at r{r + 1}c{c + 1}: a cell holds a digit 0-9, "
                               f"or {SHADED_ENTRY} for shaded", field="entries")


def value_at(solution: Solution, r: int, c: int) -> int:
    """What a solution's cell holds as an entry's value: its digit, or SHADED_ENTRY."""
    ch = solution[r][c]
    return SHADED_ENTRY if ch == SHADED else int(ch)
