"""The skyscrapers Puzzle, its text form and its editing state.

Text: N + 2 lines of N + 2 words, as pzprjs draws the board: the first line the clues above the columns,
the last those below, and each line between a row's left clue, its N cells and its right clue; the four
corners are `.`. A clue or a cell is a number or `.` (none). A solution is N rows of N heights (1-9, then
A-G; or numbers between spaces), or the same frame with every cell filled.

    . . . . . .
    . . . . . .
    4 . . . . .
    . . . . . 3
    . . . . . .
    . . 1 3 . .
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._shared import refuse_rules
from gridlogic.text import read_number

MAX_SIZE = 16
SIDES = ("top", "bottom", "left", "right")      # pzprjs's and Tatham's order of the clues
SYMBOLS = "123456789ABCDEFG"


@dataclass(frozen=True)
class Puzzle:
    """`givens` row-major (0 empty); `clues[side]` one per line (None: no clue), in SIDES order."""

    size: int
    givens: tuple
    clues: tuple                  # (top, bottom, left, right), each a tuple of `size`

    def line(self, side: int, i: int) -> list[tuple[int, int]]:
        """The cells seen from clue i of a side, nearest first."""
        n = self.size
        return [[(k, i) for k in range(n)], [(n - 1 - k, i) for k in range(n)],
                [(i, k) for k in range(n)], [(i, n - 1 - k) for k in range(n)]][side]


Solution = tuple     # the heights, row-major


def _number(word: str, what: str, most: int, **where) -> int:
    n = read_number(word, 3)
    if n is None or not 1 <= n <= most:
        raise PuzzleSyntaxError(f"{what}: {excerpt(word)} is not a number 1..{most} or '.'", **where)
    return n


def make_puzzle(size: int, givens: list, clues: list, where=lambda r, c: {"r": r, "c": c}) -> Puzzle:
    """The puzzle, refused when a height repeats in a line of givens."""
    if not 1 <= size <= MAX_SIZE:
        raise PuzzleSyntaxError(f"size {size} is out of range 1..{MAX_SIZE}")
    for r in range(size):
        for c in range(size):
            v = givens[r * size + c]
            twin = next(((r2, c2) for r2, c2 in [(r, k) for k in range(c)] + [(k, c) for k in range(r)]
                         if givens[r2 * size + c2] == v), None) if v else None
            if twin:
                raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: {v} is also at r{twin[0] + 1}c{twin[1] + 1}", **where(r, c))
    return Puzzle(size, tuple(givens), tuple(tuple(side) for side in clues))


def parse_frame(text: str) -> Puzzle:
    """The text form (see the module docstring)."""
    lines = [(n, line.split()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    size = len(lines) - 2
    if not 1 <= size <= MAX_SIZE:
        raise PuzzleSyntaxError(f"expected 3 to {MAX_SIZE + 2} lines (the clues, the rows, the clues), got "
                                f"{len(lines)}")
    for n, words in lines:
        if len(words) != size + 2:
            raise PuzzleSyntaxError(f"line {n} has {len(words)} words, not {size + 2}", line=n)

    def read(word: str, what: str, n: int, col: int) -> int | None:
        return None if word == "." else _number(word, what, size, line=n, col=col)

    top = [read(w, f"the clue above column {c}", lines[0][0], c) for c, w in enumerate(lines[0][1][1:-1], 1)]
    bottom = [read(w, f"the clue below column {c}", lines[-1][0], c) for c, w in enumerate(lines[-1][1][1:-1], 1)]
    left, right, givens = [], [], []
    for r, (n, words) in enumerate(lines[1:-1]):
        left.append(read(words[0], f"the clue left of row {r + 1}", n, 1))
        right.append(read(words[-1], f"the clue right of row {r + 1}", n, size + 2))
        givens += [read(w, f"r{r + 1}c{c + 1}", n, c + 2) or 0 for c, w in enumerate(words[1:-1])]
    for n, words in (lines[0], lines[-1]):
        for col in (0, -1):
            if words[col] != ".":
                raise PuzzleSyntaxError(f"line {n}: a corner holds '.', not {excerpt(words[col])}", line=n)
    return make_puzzle(size, givens, [top, bottom, left, right],
                       lambda r, c: {"line": lines[r + 1][0], "col": c + 2})


def _word(n) -> str:
    return "." if not n else str(n)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The canonical frame; for a solution, its N rows of heights (symbols: 1-9, then A-G)."""
    n, (top, bottom, left, right) = puzzle.size, puzzle.clues
    if solution is not None:
        return "\n".join("".join(SYMBOLS[v - 1] if 1 <= v <= len(SYMBOLS) else "?" for v in solution[r * n:(r + 1) * n])
                         for r in range(n))
    cells = puzzle.givens
    lines = [" ".join([".", *map(_word, top), "."])]
    for r in range(n):
        lines.append(" ".join([_word(left[r]), *map(_word, cells[r * n:(r + 1) * n]), _word(right[r])]))
    lines.append(" ".join([".", *map(_word, bottom), "."]))
    return "\n".join(lines)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """The heights of a solution text: N rows of N heights (symbols as `format` writes them, or numbers
    between spaces), or the frame filled."""
    n = puzzle.size
    lines = [line.split() for line in text.splitlines() if line.strip()]
    if len(lines) == n and all(len(words) == 1 and len(words[0]) == n for words in lines):
        rows = [[SYMBOLS.find(ch) + 1 if ch in SYMBOLS else 0 for ch in words[0]] for words in lines]
        if all(all(rows_) for rows_ in rows):
            return tuple(v for row in rows for v in row)
    if len(lines) == n + 2:
        frame = [line.split() for line in format(puzzle).splitlines()]
        if lines[0] != frame[0] or lines[-1] != frame[-1] or any(
                len(words) != n + 2 or (words[0], words[-1]) != (want[0], want[-1])
                for words, want in zip(lines[1:-1], frame[1:-1])):
            raise PuzzleSyntaxError("the solution's frame does not hold the puzzle's clues")
        lines = [words[1:-1] for words in lines[1:-1]]
    if len(lines) != n or any(len(words) != n for words in lines):
        raise PuzzleSyntaxError(f"a solution is {n} rows of {n} numbers (or the whole frame)")
    out = []
    for r, words in enumerate(lines):
        for c, w in enumerate(words):
            v = read_number(w, 3)
            if v is None:
                raise PuzzleSyntaxError(f"r{r + 1}c{c + 1} of the solution: {excerpt(w)} is not a number", r=r, c=c)
            out.append(v)
    return tuple(out)


def layout() -> dict:
    """Heights as symbols per size, a clue field on each of the four sides."""
    clue = {"placeholder": "", "pattern": "^[0-9]*$", "max_length": 3}
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (4, 5, 6, 7, 8, 9)],
            "default_size": {"rows": 5, "cols": 5}, "free_size": True, "square": True,
            "min_size": {"rows": 1, "cols": 1}, "max_size": {"rows": MAX_SIZE, "cols": MAX_SIZE},
            "size_note": "a clue counts the buildings seen from its side (taller ones hide lower ones)",
            "cell": {"symbols": {str(n): SYMBOLS[:n] for n in range(1, MAX_SIZE + 1)},
                     "empty": {"label": "empty", "look": "white"}},
            "edges": [{"key": side, "side": side, "label": f"buildings seen from the {side}", **clue}
                      for side in SIDES],
            "play": {"values": "symbols", "on": "empty", "pencil": True}}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: heights as symbols, the clues as edge fields ("" for none)."""
    n = puzzle.size
    return {"rows": n, "cols": n, "cells": [SYMBOLS[v - 1] if v else "" for v in puzzle.givens],
            "edges": {side: ["" if v is None else str(v) for v in puzzle.clues[k]] for k, side in enumerate(SIDES)}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` refuses the same grid."""
    refuse_rules("skyscrapers", rules)
    n = state["rows"]
    if state["cols"] != n:
        raise PuzzleSyntaxError(f"skyscrapers are square: {n}×{state['cols']}")
    givens = []
    for i, value in enumerate(state["cells"]):
        if value and (value not in SYMBOLS[:n] or len(value) != 1):
            r, c = divmod(i, n)
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: {excerpt(value)} is not a height 1..{n}", r=r, c=c)
        givens.append(SYMBOLS.index(value) + 1 if value else 0)
    edges = state.get("edges") or {}
    clues = []
    for side in SIDES:
        words = list(edges.get(side) or [""] * n)
        clues.append([None if not w.strip() else _number(w.strip(), f"the {side} clue {i + 1}", n, edge=side, index=i)
                      for i, w in enumerate(words)])
    return make_puzzle(n, givens, clues)
