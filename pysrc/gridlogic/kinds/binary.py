"""Binary puzzle (Takuzu, Binairo).

Rules: fill a W×H grid (both even) with 0 and 1 so that (1) no three equal digits are adjacent
in a row or column, (2) every row and column holds as many 0s as 1s, (3) no two rows and no two
columns are equal.

Variables: `("one", r, c)` is true when cell (r, c) holds 1. Rule 1 is two clauses per window of
three; rule 2 an exactly-W/2 cardinality per row (H/2 per column); rule 3 gives each pair of lines
difference flags `("rowdiff", i, j, c)` that imply the two cells differ, at least one flag set.
The rules depend only on the size and are cached; givens are assumptions, so one solver serves
every puzzle of a size. Solutions are counted over the `one` variables only. Each given is a clue
`("given", r, c)` an explanation may name; the three rules always hold.

Editing state: a W×H grid (both even) of cells, each "", "0" or "1".
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.formula import Formula, Model, Not
from gridlogic.model import Board, Example, Violation

KEY = "binary"
TITLE = "Binary puzzle (Takuzu)"
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
EMPTY = ".-"
MAX_SIDE = 100             # rows and columns (published puzzles go to 20×20 or so)

EXAMPLES = (
    Example("6x6", "1..0..\n..00.1\n.00..1\n......\n00.1..\n.1..00", (), 1),
    Example("impossible 2x2", "1.\n1.", (), 0),
    Example("empty 4x4", "....\n....\n....\n....", (), None),
)


@dataclass(frozen=True)
class Puzzle:
    """A W×H binary puzzle: givens row-major, None where empty."""

    width: int
    height: int
    givens: tuple[int | None, ...]

    def given(self, r: int, c: int) -> int | None:
        """The given digit at (r, c), or None."""
        return self.givens[r * self.width + c]


Solution = tuple  # row-major 0/1


def parse(text: str, **_options) -> Puzzle:
    """Rows of `0`, `1` and `.`/`-` (empty), one per line; or one line of N² cells."""
    rows: list[tuple[int, str]] = [(ln, line.strip()) for ln, line in enumerate(text.splitlines(), 1)
                                   if line.strip()]
    if not rows:
        raise PuzzleSyntaxError("empty input: no binary-puzzle rows found")
    if len(rows) == 1 and len(rows[0][1]) > MAX_SIDE * MAX_SIDE:
        ln, line = rows[0]
        raise PuzzleSyntaxError(f"line {ln}: binary: at most {MAX_SIDE}×{MAX_SIDE} cells "
                                f"(got {len(line):,} cells on one line)", line=ln)
    if len(rows) > 1 and (len(rows) > MAX_SIDE or max(len(row) for _, row in rows) > MAX_SIDE):
        longest = max(len(row) for _, row in rows)
        ln = rows[MAX_SIDE][0] if len(rows) > MAX_SIDE else next(ln for ln, row in rows if len(row) == longest)
        raise PuzzleSyntaxError(f"line {ln}: binary: at most {MAX_SIDE}×{MAX_SIDE} cells "
                                f"(got {longest}×{len(rows)})", line=ln)
    for ln, row in rows:
        for col, ch in enumerate(row, 1):
            if ch not in "01" + EMPTY:
                raise PuzzleSyntaxError(f"line {ln}, column {col}: unexpected character {ch!r} "
                                        "(expected 0, 1, . or -)", line=ln, col=col)
    if len(rows) == 1 and len(rows[0][1]) > 2:
        ln, line = rows[0]
        n = int(round(len(line) ** 0.5))
        if n * n != len(line):
            raise PuzzleSyntaxError(f"line {ln}: a one-line puzzle needs N² cells, got {len(line)}", line=ln)
        rows = [(ln, line[i * n:(i + 1) * n]) for i in range(n)]
    width = len(rows[0][1])
    for i, (ln, row) in enumerate(rows):
        if len(row) != width:
            raise PuzzleSyntaxError(f"row {i + 1} (line {ln}): expected {width} cells, got {len(row)}",
                                    line=ln, r=i)
    _refuse_size(width, len(rows), line=rows[-1][0])
    givens = tuple(None if ch in EMPTY else int(ch) for _, row in rows for ch in row)
    return Puzzle(width, len(rows), givens)


def _refuse_size(width: int, height: int, line: int | None = None) -> None:
    """A PuzzleSyntaxError for a grid with an odd or empty side or a side over MAX_SIDE."""
    if max(width, height) > MAX_SIDE:
        raise PuzzleSyntaxError(f"binary: at most {MAX_SIDE}×{MAX_SIDE} cells (got {width}×{height})", line=line)
    if width % 2 or height % 2 or min(width, height) < 2:
        raise PuzzleSyntaxError(f"the grid is {width}×{height}; both sides must be even and at least 2", line=line)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A proposed filled grid in the text format, for `check`."""
    filled = parse(text)
    if (filled.width, filled.height) != (puzzle.width, puzzle.height):
        raise PuzzleSyntaxError(f"the solution is {filled.width}×{filled.height}; "
                                f"the puzzle is {puzzle.width}×{puzzle.height}")
    return filled.givens


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The canonical text: rows of 0/1 and `.`."""
    values = solution if solution is not None else puzzle.givens
    w = puzzle.width
    return "\n".join("".join("." if v is None else str(v) for v in values[r * w:(r + 1) * w])
                     for r in range(puzzle.height))


@functools.lru_cache(maxsize=16)
def rules_formula(width: int, height: int) -> Formula:
    """The formula of an empty W×H grid: no three in a line, balance, distinct lines (cached)."""
    f = Formula()
    rows = [[(r, c) for c in range(width)] for r in range(height)]
    cols = [[(r, c) for r in range(height)] for c in range(width)]
    f.show((("one", r, c) for r in range(height) for c in range(width)), fixed_weight=True)
    for tag, lines in (("rowdiff", rows), ("coldiff", cols)):
        for line in lines:
            cells = [("one", r, c) for r, c in line]
            for a, b, c in zip(cells, cells[1:], cells[2:]):
                f.clause([a, b, c])
                f.clause([Not(a), Not(b), Not(c)])
            f.exactly(cells, len(cells) // 2)
        for i in range(len(lines)):
            for j in range(i + 1, len(lines)):
                flags = []
                for k, (p, q) in enumerate(zip(lines[i], lines[j])):
                    flag = (tag, i, j, k)
                    flags.append(flag)
                    f.implies(flag, [("one", *p), ("one", *q)])
                    f.implies(flag, [Not(("one", *p)), Not(("one", *q))])
                f.clause(flags)
    return f


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Rules from the cached base of this size; givens as assumptions, each a clue."""
    f.include(rules_formula(puzzle.width, puzzle.height))
    for i, v in enumerate(puzzle.givens):
        if v is not None:
            r, c = divmod(i, puzzle.width)
            f.given(("one", r, c) if v else Not(("one", r, c)), ("given", r, c), ((r, c),),
                    f"the {v} at r{r + 1}c{c + 1}")


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: (r, c, 1) or (r, c, 0)."""
    return (key[1], key[2], int(value)) if key[0] == "one" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The 0/1 grid of a model."""
    return tuple(int(model[("one", r, c)]) for r in range(puzzle.height) for c in range(puzzle.width))


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a filled grid (independent of the encoder)."""
    w, h = puzzle.width, puzzle.height
    if len(solution) != w * h:
        return [Violation("shape", (), f"expected {w * h} cells, got {len(solution)}")]
    grid = [solution[r * w:(r + 1) * w] for r in range(h)]
    out: list[Violation] = []
    for r in range(h):
        for c in range(w):
            if grid[r][c] not in (0, 1):
                out.append(Violation("digit", ((r, c),)))
            g = puzzle.givens[r * w + c]
            if g is not None and g != grid[r][c]:
                out.append(Violation("given", ((r, c),)))
    columns = [tuple(grid[r][c] for r in range(h)) for c in range(w)]
    for name, lines, length in (("row", [tuple(x) for x in grid], w), ("col", columns, h)):
        for i, line in enumerate(lines):
            at = (lambda k, i=i, name=name: (i, k) if name == "row" else (k, i))
            for k in range(length - 2):
                if line[k] == line[k + 1] == line[k + 2]:
                    out.append(Violation("three", (at(k), at(k + 1), at(k + 2))))
            if line.count(1) * 2 != length:
                out.append(Violation("balance", tuple(at(k) for k in range(length))))
            for j in range(i):
                if lines[j] == line:
                    out.append(Violation(f"same_{name}", (at(0),), f"{name}s {j + 1} and {i + 1}"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """Cells with their digit and role (given / solved / empty)."""
    cells = []
    for i, g in enumerate(puzzle.givens):
        value = g if g is not None else (solution[i] if solution else None)
        role = "given" if g is not None else ("solved" if value is not None else "empty")
        cells.append({"r": i // puzzle.width, "c": i % puzzle.width,
                      "text": "" if value is None else str(value), "role": role})
    return Board(puzzle.height, puzzle.width, tuple(cells))


def layout() -> dict:
    """What the editor draws: even-sided grids of 0 and 1, any size up to MAX_SIDE."""
    return {
        "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (4, 6, 8, 10, 12, 14, 16, 20)],
        "default_size": {"rows": 6, "cols": 6},
        "min_size": {"rows": 2, "cols": 2}, "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE},
        "free_size": True, "size_note": "both sides even",
        "cell": {"symbols": "01", "empty": {"label": "empty", "look": "white"}},
    }


def to_state(puzzle: Puzzle) -> dict:
    """The editing state of a puzzle: "0", "1" or "" per cell."""
    return {"rows": puzzle.height, "cols": puzzle.width,
            "cells": ["" if v is None else str(v) for v in puzzle.givens]}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` refuses the same grid."""
    height, width = state["rows"], state["cols"]
    _refuse_size(width, height)
    for i, value in enumerate(state["cells"]):
        if value not in ("", "0", "1"):
            r, c = divmod(i, width)
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: unexpected {excerpt(value)} (expected 0, 1 or empty)",
                                    r=r, c=c)
    return Puzzle(width, height, tuple(int(v) if v else None for v in state["cells"]))


# -- naming a step (explain.walk) -----------------------------------------------------------------
def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The rule a step's reason shows, found on the reason's values alone: a pair (two equal cells
    beside it in a line), a sandwich (it lies between two equal cells), line balance (its row or
    column already holds half of the other digit), no duplicate line (its line, open in it and one
    more cell, matches a full line elsewhere that differs on those two); None when none proves it."""
    r, c, v, _ = fact
    known: dict[tuple[int, int], int] = {}
    for key in clue_keys:
        if key[0] == "given":
            known[key[1:3]] = puzzle.given(*key[1:3])
        elif key[0] in ("placed", "entry"):
            known[key[1:3]] = key[3]
    other = 1 - v
    for dr, dc in ((0, 1), (1, 0)):
        if any(known.get((r + s * dr, c + s * dc)) == other == known.get((r + 2 * s * dr, c + 2 * s * dc))
               for s in (1, -1)):
            return "pair"
        if known.get((r - dr, c - dc)) == other == known.get((r + dr, c + dc)):
            return "sandwich"
    rows = [[(i, x) for x in range(puzzle.width)] for i in range(puzzle.height)]
    cols = [[(x, i) for x in range(puzzle.height)] for i in range(puzzle.width)]
    if any(sum(known.get(cell) == other for cell in line) == len(line) // 2 for line in (rows[r], cols[c])):
        return "line balance"
    for lines, i in ((rows, r), (cols, c)):
        at = lines[i].index((r, c))
        open_at = [k for k, cell in enumerate(lines[i]) if cell not in known]
        if len(open_at) != 2 or at not in open_at:
            continue
        for line in lines:
            if all(cell in known for cell in line) and len({known[line[k]] for k in open_at}) == 2 \
                    and known[line[at]] == other \
                    and all(known[mine] == known[theirs] for mine, theirs in zip(lines[i], line) if mine in known):
                return "no duplicate line"
    return None
