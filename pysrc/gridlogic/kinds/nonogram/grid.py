"""The nonogram Puzzle and its clues, checked alike whichever format they were read from, and the checker
(independent of the encoding) that also refuses a `.non` goal breaking its clues."""

from __future__ import annotations

import re
from dataclasses import dataclass

from gridlogic.errors import EXCERPT_CHARS, PuzzleRuleError, PuzzleSyntaxError, excerpt
from gridlogic.text import is_number, read_number
from gridlogic.model import Violation

MAX_SIDE = 100             # width and height (the corpus's largest, Faase, is 80×95)

Clue = tuple[int, ...]


@dataclass(frozen=True)
class Puzzle:
    """A W×H nonogram: row clues top to bottom, column clues left to right, optional goal."""

    width: int
    height: int
    rows: tuple[Clue, ...]
    columns: tuple[Clue, ...]
    goal: tuple[int, ...] | None = None      # published solution, row-major 0/1


Solution = tuple  # row-major 0/1


# -- validation shared by every reader ---------------------------------------------------------
def _clue_text(clue: Clue) -> str:
    return " ".join(map(str, clue)) or "0"


def _clue_quote(clue: Clue) -> str:
    """A clue as messages quote it: whole up to EXCERPT_CHARS characters, else its first blocks and their count."""
    text = _clue_text(clue)
    if len(text) <= EXCERPT_CHARS:
        return text
    return text[:text.rfind(" ", 0, EXCERPT_CHARS - 1)] + f" … ({len(clue)} blocks)"


def make_puzzle(width: int, height: int, rows, columns, goal=None,
                where: dict | None = None) -> Puzzle:
    """A validated Puzzle: sizes, clue counts, clues that fit, equal totals, goal that fits; `where`
    locates errors: "width", "height", "rows", "columns", "goal" and ("row" | "column", i) map to
    the location of that part (a clue that does not fit is at its row or column by default)."""
    where = where or {}
    for name, value in (("width", width), ("height", height)):
        if not 1 <= value <= MAX_SIDE:
            raise PuzzleSyntaxError(f"nonogram: {name} must be 1 to {MAX_SIDE} (at most {MAX_SIDE}×{MAX_SIDE} "
                                    f"cells), got {value}", **where.get(name, {}))
    rows, columns = tuple(tuple(r) for r in rows), tuple(tuple(c) for c in columns)
    for name, clues, want in (("row", rows, height), ("column", columns, width)):
        if len(clues) != want:
            raise PuzzleSyntaxError(f"expected {want} {name} clues, got {len(clues)}",
                                    **where.get(name + "s", {}))
    for name, clues, length in (("row", rows, width), ("column", columns, height)):
        for i, clue in enumerate(clues):
            at = where.get((name, i), {"r": i} if name == "row" else {"c": i})
            if any(b < 1 for b in clue):
                raise PuzzleSyntaxError(f"{name} {i + 1}: block lengths must be at least 1", **at)
            need = sum(clue) + len(clue) - 1
            if need > length:
                raise PuzzleRuleError(f"{name} {i + 1}: clue {_clue_quote(clue)} needs {need} cells, "
                                      f"the line has {length}", **at)
    row_total, col_total = sum(map(sum, rows)), sum(map(sum, columns))
    if row_total != col_total:
        raise PuzzleRuleError(f"the row clues fill {row_total} cells but the column clues fill {col_total}")
    puzzle = Puzzle(width, height, rows, columns, None)
    if goal is not None:
        goal = tuple(goal)
        if len(goal) != width * height:
            raise PuzzleSyntaxError(f"goal: expected {width * height} cells, got {len(goal)}",
                                    **where.get("goal", {}))
        broken = check(puzzle, goal)
        if broken:
            raise PuzzleRuleError(f"goal: the published solution breaks {broken[0].detail}",
                                  **where.get("goal", {}))
        puzzle = Puzzle(width, height, rows, columns, goal)
    return puzzle


def _numbers(text: str, what: str, where: dict) -> Clue:
    """The block lengths of a clue (`3 1`, `3,1`; `0` or nothing: no block), errors located at `where`."""
    tokens = [t for t in re.split(r"[,\s]+", text.strip()) if t]
    out = []
    if len(tokens) > MAX_SIDE:
        raise PuzzleSyntaxError(f"{what}: at most {MAX_SIDE} blocks in a clue, got {len(tokens):,}", **where)
    for t in tokens:
        if not is_number(t):
            raise PuzzleSyntaxError(f"{what}: bad number {excerpt(t)}", **where)
        block = read_number(t, 3)
        if block is None:
            raise PuzzleSyntaxError(f"{what}: a block is at most {MAX_SIDE} cells long, got {excerpt(t)}",
                                    **where)
        out.append(block)
    if out == [0]:
        return ()
    return tuple(out)


# -- checking -------------------------------------------------------------------------------------
def runs(values) -> Clue:
    """The block lengths of a line of 0/1."""
    out, length = [], 0
    for v in list(values) + [0]:
        if v:
            length += 1
        elif length:
            out.append(length)
            length = 0
    return tuple(out)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every row and column whose blocks differ from its clue (independent of the encoder)."""
    w, h = puzzle.width, puzzle.height
    if len(solution) != w * h:
        return [Violation("shape", (), f"expected {w * h} cells, got {len(solution)}")]
    out = []
    bad = [(r, c) for r in range(h) for c in range(w) if solution[r * w + c] not in (0, 1)]
    if bad:
        out.append(Violation("value", tuple(bad), "cells must be 0 or 1"))
    for r in range(h):
        got = runs(solution[r * w:(r + 1) * w])
        if got != puzzle.rows[r]:
            out.append(Violation("row_clue", tuple((r, c) for c in range(w)),
                                 f"row {r + 1}: clue {_clue_quote(puzzle.rows[r])}, got {_clue_quote(got)}"))
    for c in range(w):
        got = runs(solution[c::w])
        if got != puzzle.columns[c]:
            out.append(Violation("col_clue", tuple((r, c) for r in range(h)),
                                 f"column {c + 1}: clue {_clue_quote(puzzle.columns[c])}, got {_clue_quote(got)}"))
    return out
