"""The tents Puzzle, its text form and its editing state.

Text: the first line holds the column counts, one word per column (a number, or `-` for none); then one
line per row: its cells (`.` empty, `T` a tree; spaces between them are free) and, after a space, the
row's count (a number or `-`; it may be left out). A solution is the same grid with `A` on each tent.

    2 - 0 - -
    ..T.. 1
    ..... -
    .T..T
    ...T.
    .T... 1
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._shared import refuse_rules
from gridlogic.text import read_number

MAX_SIDE = 50
EMPTY, TREE, TENT, NONE = ".", "T", "A", "-"
STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))


@dataclass(frozen=True)
class Puzzle:
    """`trees` the tree cells; `cols_count` / `rows_count` each line's count of tents (None: no number)."""

    rows: int
    cols: int
    trees: frozenset
    cols_count: tuple
    rows_count: tuple

    def open_cells(self) -> list[tuple[int, int]]:
        """The cells that are no tree, row by row."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in self.trees]

    def beside(self, r: int, c: int) -> list[tuple[int, int]]:
        """The cells orthogonally next to (r, c) that are no tree."""
        return [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols
                and (r + dr, c + dc) not in self.trees]


Solution = frozenset     # the tents' cells (r, c)


def _count(word: str, what: str, limit: int, **where) -> int | None:
    if word == NONE:
        return None
    n = read_number(word, 3)
    if n is None or n > limit:
        raise PuzzleSyntaxError(f"{what}: {excerpt(word)} is not a count 0..{limit} or '-'", **where)
    return n


def make_puzzle(rows: list[str], cols_count: list, rows_count: list, where=lambda r, c: {"r": r, "c": c}) -> Puzzle:
    """The puzzle of equal rows of cells and the counts, each checked."""
    height, width = len(rows), len(rows[0]) if rows else 0
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise PuzzleSyntaxError(f"size {height}×{width} is out of range 1..{MAX_SIDE}")
    trees: set = set()
    for r, row in enumerate(rows):
        if len(row) != width:
            raise PuzzleSyntaxError(f"row {r + 1} has {len(row)} cells, row 1 has {width}", **where(r, 0))
        for c, ch in enumerate(row):
            if ch not in EMPTY + TREE:
                raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: {excerpt(ch)} is not '.' or 'T'", **where(r, c))
            if ch == TREE:
                trees.add((r, c))
    for name, counts, length in (("column", cols_count, height), ("row", rows_count, width)):
        for i, n in enumerate(counts):
            if n is not None and n > min((length + 1) // 2, len(trees)):
                why = (f"at most {(length + 1) // 2} tents fit apart in {length} cells" if n > (length + 1) // 2
                       else f"there are {len(trees)} trees")
                raise PuzzleSyntaxError(f"{name} {i + 1}'s count {n} cannot be met: {why}",
                                        **({"edge": "cols" if name == "column" else "rows", "index": i}))
    return Puzzle(height, width, frozenset(trees), tuple(cols_count), tuple(rows_count))


def parse_grid(text: str) -> Puzzle:
    """The text form (see the module docstring)."""
    lines = [(n, line.split()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) < 2:
        raise PuzzleSyntaxError("expected a line of column counts, then one line per row")
    head_n, head = lines[0]
    cells, rows_count = [], []
    for r, (n, words) in enumerate(lines[1:]):
        counted = len(words) > 1 and (words[-1] == NONE or words[-1].isdigit())
        cells.append("".join(words[:-1] if counted else words))
        rows_count.append(_count(words[-1], f"row {r + 1}'s count", 10 ** 3, line=n) if counted else None)
    width = len(cells[0])
    if len(head) != width:
        raise PuzzleSyntaxError(f"line 1 has {len(head)} column counts for {width} columns", line=head_n)
    cols_count = [_count(w, f"column {c + 1}'s count", len(cells), line=head_n) for c, w in enumerate(head)]
    for r, n in enumerate(rows_count):
        if n is not None and n > width:
            raise PuzzleSyntaxError(f"row {r + 1}'s count {n} is more than its {width} cells", line=lines[r + 1][0])
    return make_puzzle(cells, cols_count, rows_count, lambda r, c: {"line": lines[r + 1][0], "col": c + 1})


def _is_count(word: str) -> bool:
    return word == NONE or (word.isascii() and word.isdigit() and len(word) <= 3)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """The tents of a solution text: the grid with `A` on each tent, each row's count after it and the
    line of column counts first as `format` writes them, or left out."""
    lines = [(n, line.split()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) == puzzle.rows + 1 and len(lines[0][1]) == puzzle.cols and all(map(_is_count, lines[0][1])):
        lines = lines[1:]                                 # the column counts
    if len(lines) != puzzle.rows:
        raise PuzzleSyntaxError(f"a solution is {puzzle.rows} rows of {puzzle.cols} cells")
    tents = set()
    for r, (n, words) in enumerate(lines):
        row = words[0]
        if len(words) > 2 or (len(words) == 2 and not _is_count(words[1])) or len(row) != puzzle.cols \
                or any(ch not in EMPTY + TREE + TENT for ch in row):
            raise PuzzleSyntaxError(f"row {r + 1} of the solution is not {puzzle.cols} of '.', 'T', 'A' "
                                    "(and its count)", line=n)
        tents.update((r, c) for c, ch in enumerate(row) if ch == TENT)
    return frozenset(tents)


def _word(n) -> str:
    return NONE if n is None else str(n)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The canonical text, the tents `A` when a solution is given."""
    tents = solution or frozenset()
    lines = [" ".join(map(_word, puzzle.cols_count))]
    for r in range(puzzle.rows):
        row = "".join(TREE if (r, c) in puzzle.trees else TENT if (r, c) in tents else EMPTY
                      for c in range(puzzle.cols))
        lines.append(f"{row} {_word(puzzle.rows_count[r])}")
    return "\n".join(lines)


def layout() -> dict:
    """Trees on cells, a count above each column and left of each row; in play, a tent (1) or grass (0)."""
    count = {"placeholder": "", "pattern": "^[0-9]*$", "max_length": 2}
    return {"sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 6, 8, 10, 12, 15)],
            "default_size": {"rows": 8, "cols": 8}, "free_size": True,
            "min_size": {"rows": 1, "cols": 1}, "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE},
            "size_note": "T: a tree; the numbers count the tents of a row or column",
            "cell": {"symbols": TREE, "empty": {"label": "empty cell"}},
            "edges": [{"key": "cols", "side": "top", "label": "tents in the column", **count},
                      {"key": "rows", "side": "left", "label": "tents in the row", **count}],
            "play": {"values": [0, 1], "on": "empty", "cycle": [1, 0], "drag": True,
                     "keys": {"a": 1, "t": 1, "g": 0, ".": 0}}}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: "T" a tree, "" an empty cell; the counts as edge fields ("" for none)."""
    return {"rows": puzzle.rows, "cols": puzzle.cols,
            "cells": [TREE if (r, c) in puzzle.trees else "" for r in range(puzzle.rows) for c in range(puzzle.cols)],
            "edges": {"cols": ["" if n is None else str(n) for n in puzzle.cols_count],
                      "rows": ["" if n is None else str(n) for n in puzzle.rows_count]}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` refuses the same grid."""
    refuse_rules("tents", rules)
    rows, cols = state["rows"], state["cols"]
    cells = state["cells"]
    for i, value in enumerate(cells):
        if value not in ("", TREE):
            r, c = divmod(i, cols)
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: {excerpt(value)} is not a tree", r=r, c=c)
    edges = state.get("edges") or {}
    counts = {}
    for key, n, side, what in (("cols", cols, rows, "column"), ("rows", rows, cols, "row")):
        words = list(edges.get(key) or [""] * n)
        counts[key] = [None if not w.strip() else _count(w.strip(), f"{what} {i + 1}'s count", side,
                                                          edge=key, index=i) for i, w in enumerate(words)]
    return make_puzzle(["".join(TREE if cells[r * cols + c] else EMPTY for c in range(cols)) for r in range(rows)],
                       counts["cols"], counts["rows"])
