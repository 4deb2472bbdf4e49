"""Kakuro (cross sums).

Rules: a grid of black cells, clue cells and white cells. A clue cell carries the sum of the run
of white cells going down from it and/or the run going right. Fill every white cell with 1..9 so
that each run adds up to its clue and holds no digit twice. Every run needs a clue, and every
clue needs a run: a puzzle breaking either, or a clue no set of distinct digits can reach (18 in
two cells, any run longer than nine), is refused at the door with the cell named, as sudoku
refuses a digit given twice: the contradiction is local, visible without search, and almost
always a typo that the user wants pointed at rather than reported as "no solution".

Variables: `("digit", r, c, d)` is true when white cell (r, c) holds d (exactly one per cell).
A run of k cells summing to s admits only the k-sets of distinct digits with that sum (2 cells
summing to 4 admit {1,3} only). So there is no arithmetic in the formula: per run, the shared
sums encoding (gridlogic/sums.py `one_of_sets`): a selector `("run", r, c, way, "set", digits)` per
admissible set (exactly one chosen), `("run", r, c, way, "used", d)` true iff some cell of the run
holds d (tied both ways to the digit literals), a used digit needs a chosen set that contains it, a
chosen set uses all its digits; and at most one cell per digit.
"A chosen set forbids the other digits" needs no clause of its own: once a set is chosen, unit
propagation turns the other selectors off, and then each digit outside the set. Selectors and
`used` are functions of the digits, so counting over the digits alone is exact.

Each sum is a clue `("sum", way, r, c)` an explanation may name. Only what forces a choice is
guarded by it: some set is chosen, a used digit needs a chosen set holding it, digits in no set are
out. Switched off, every selector may be false and the run is free, so the clauses that merely
follow from a choice stay unguarded and short. One digit per cell and no digit twice in a run
always hold.

Editing state: an R×C grid of cells, each "" (white), "-" (black) or "\\D,R" (a clue; either sum
may be left out, and a clue with neither is a black cell, as `,` is in the text).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

from gridlogic import links
from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError, excerpt
from gridlogic.formula import Formula, Model
from gridlogic.kinds._text import is_number, read_number
from gridlogic.model import Board, Example, Violation
from gridlogic.sums import digit_sets, one_of_sets

KEY = "kakuro"
TITLE = "Kakuro"
HOW_TO_PLAY = ("Put a digit 1 to 9 in every white cell so that each run of white cells adds up to the clue at "
               "its start (the number under the diagonal for the run below, above it for the run to the right) "
               "and holds no digit twice.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
DIGITS = range(1, 10)
MAX_SIDE = 50              # rows and columns, clue row and column included (janko's largest: 31×46)
MAX_SUM = 45               # 1 + 2 + ... + 9
WAYS = {"down": (1, 0), "right": (0, 1)}

Clue = tuple  # (down sum or None, right sum or None); (None, None) is a plain black cell
BLACK: Clue = (None, None)
WHITE = None

EXAMPLES = (
    Example("puzz.link 5x5", "6 6\n- - 12, 4, - -\n- 4,8 0 0 10, -\n,10 0 0 0 0 10,\n"
            ",3 0 0 17,3 0 0\n- ,21 0 0 0 0\n- - ,12 0 0 -", (), 1,
            "6 6\n- - - - - -\n- - 5 3 - -\n- 3 4 1 2 -\n- 1 2 - 1 2\n- - 1 9 3 8\n- - - 8 4 -"),
    Example("2x2 both ways", "3 3\n- 3, 3,\n,3 0 0\n,3 0 0", (), 2),
    Example("3x3 five ways", "4 4\n- 6, 7, 10,\n,6 0 0 0\n,7 0 0 0\n,10 0 0 0", (), 5),
    Example("impossible", "3 3\n- 3, 4,\n,3 0 0\n,3 0 0", (), 0),
)


@dataclass(frozen=True)
class Puzzle:
    """An R×C kakuro: row-major cells, each WHITE (None) or a clue (down, right), BLACK = (None, None)."""

    rows: int
    cols: int
    cells: tuple

    def cell(self, r: int, c: int):
        """The cell at (r, c): WHITE or a (down, right) clue."""
        return self.cells[r * self.cols + c]

    def is_white(self, r: int, c: int) -> bool:
        """True for a cell to be filled with a digit."""
        return 0 <= r < self.rows and 0 <= c < self.cols and self.cell(r, c) is WHITE


@dataclass(frozen=True)
class Run:
    """A maximal line of white cells and the clue cell before it."""

    r: int                      # the clue cell
    c: int
    way: str                    # "down" or "right"
    total: int
    cells: tuple


Solution = tuple  # row-major digits, 0 in clue and black cells


def _is_number(word: str) -> bool:
    return is_number(word)


def _where(r: int, c: int) -> str:
    return f"r{r + 1}c{c + 1}"


# -- text --------------------------------------------------------------------------------------
SUMS = re.compile(r"([0-9]*),([0-9]*)")


def _refuse_rules(rules) -> None:
    names = rules.split(",") if isinstance(rules, str) else rules or ()
    named = [str(r).strip() for r in names if str(r).strip()]
    if named:
        raise RequestError(f"kakuro has no rule variants (got {excerpt(named[0])})", field="rules")


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Read `R C`, then R lines of C tokens (`-` black, `0` white, `D,R` clue); or a puzz.link URL."""
    _refuse_rules(rules)
    if links_looks_like_url(text):
        return from_url(text.strip())
    rows: list[tuple[int, list[str], list[int]]] = []     # line number, tokens, their columns
    extra_rows = 0
    for ln, line in enumerate(text.splitlines(), 1):
        if line.strip().startswith("---"):
            break                                   # a corpus block's solution part follows
        if line.strip() and not line.strip().startswith(("#", "===")):
            if len(rows) > MAX_SIDE + 1:               # refused below: count the rest, read no more
                extra_rows += 1
                continue
            found = list(re.finditer(r"\S+", line))
            rows.append((ln, [m.group() for m in found], [m.start() + 1 for m in found]))
    if not rows:
        raise PuzzleSyntaxError("empty input: no kakuro rows found")
    size = None
    ln0, first, _ = rows[0]
    if len(first) == 2 and all(_is_number(t) for t in first) and first != ["0", "0"]:
        if any(read_number(t, 3) is None for t in first):
            shown = "×".join(t if len(t) <= 12 else excerpt(t) for t in first)
            raise PuzzleSyntaxError(f"line {ln0}: kakuro: at most {MAX_SIDE}×{MAX_SIDE} cells (got {shown})",
                                    line=ln0)
        size = (read_number(first[0], 3), read_number(first[1], 3))
        if max(size) > MAX_SIDE:
            raise PuzzleSyntaxError(f"line {ln0}: kakuro: at most {MAX_SIDE}×{MAX_SIDE} cells "
                                    f"(got {size[0]}×{size[1]})", line=ln0)
        rows = rows[1:]
        if len(rows) + extra_rows != size[0]:
            raise PuzzleSyntaxError(f"line {ln0}: the size line says {size[0]} rows, "
                                    f"but {len(rows) + extra_rows} follow", line=ln0)
    if not rows:
        raise PuzzleSyntaxError("no kakuro rows after the size line")
    n_cols = size[1] if size else len(rows[0][1])
    _refuse_size(len(rows) + extra_rows, n_cols, line=(rows[MAX_SIDE] if len(rows) > MAX_SIDE else rows[0])[0])
    cells = []
    for r, (ln, tokens, cols) in enumerate(rows):
        if len(tokens) != n_cols:
            raise PuzzleSyntaxError(f"row {r + 1} (line {ln}): expected {n_cols} cells, got {len(tokens)}",
                                    line=ln, r=r)
        for c, (token, col) in enumerate(zip(tokens, cols)):
            cells.append(_read_cell(token, "0", "", r, c, line=ln, col=col))
    return _puzzle(len(rows), n_cols, tuple(cells))


def _refuse_size(rows: int, cols: int, line: int | None = None) -> None:
    """A PuzzleSyntaxError for a grid under 2×2 or over MAX_SIDE a side."""
    if rows < 2 or cols < 2:
        raise PuzzleSyntaxError(f"a kakuro is at least 2×2 (one clue row and column), got {rows}×{cols}")
    if rows > MAX_SIDE or cols > MAX_SIDE:
        place = f"line {line}: " if line else ""
        raise PuzzleSyntaxError(f"{place}kakuro: at most {MAX_SIDE}×{MAX_SIDE} cells (got {rows}×{cols})",
                                line=line)


def _read_cell(token: str, white: str, clue: str, r: int, c: int, line: int | None = None,
               col: int | None = None):
    """The cell a token names: `white`, `-` black, or `clue` + `D,R`; a located error otherwise."""
    if token == white:
        return WHITE
    if token == "-":
        return BLACK
    where = _where(r, c) + (f" (line {line}, column {col})" if line else "")
    sums = token[len(clue):]
    m = SUMS.fullmatch(sums) if token.startswith(clue) else None
    if not m:
        raise PuzzleSyntaxError(f"{where}: unexpected {excerpt(token)} (expected {white or 'empty'}, "
                                f"- or {clue}D,R like {clue}16, or {clue},7)", line=line, col=col, r=r, c=c)
    down, right = (read_number(x) if x else None for x in m.groups())
    if any(x and (total is None or total > MAX_SUM) for x, total in zip(m.groups(), (down, right))):
        raise PuzzleSyntaxError(f"{where}: a sum is at most {MAX_SUM} (nine digits 1–9), got {excerpt(sums)}",
                                line=line, col=col, r=r, c=c)
    if down == 0 or right == 0:
        raise PuzzleSyntaxError(f"{where}: a sum is at least 1 (leave it out for no clue): {excerpt(sums)}",
                                line=line, col=col, r=r, c=c)
    return (down, right)


def _puzzle(rows: int, cols: int, cells: tuple) -> Puzzle:
    """The puzzle of read cells, refused when a run or a clue is wrong (see `runs`)."""
    puzzle = Puzzle(rows, cols, cells)
    runs(puzzle)
    return puzzle


def runs(puzzle: Puzzle) -> list[Run]:
    """Every run with its clue; a PuzzleRuleError for a run without clue, a clue without run or
    a sum its run cannot reach."""
    out = []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            cell = puzzle.cell(r, c)
            for i, (way, (dr, dc)) in enumerate(WAYS.items()):
                if cell is WHITE:
                    before = (r - dr, c - dc)
                    if not puzzle.is_white(*before) and (
                            min(before) < 0 or puzzle.cell(*before)[i] is None):
                        raise PuzzleRuleError(f"{_where(r, c)}: the run going {way} from here has no sum "
                                              f"(the cell {'above' if dr else 'to its left'} needs one)",
                                              r=r, c=c)
                    continue
                total = cell[i]
                if total is None:
                    continue
                k = 1
                while puzzle.is_white(r + k * dr, c + k * dc):
                    k += 1
                length = k - 1
                if length == 0:
                    raise PuzzleRuleError(f"{_where(r, c)}: the {way} sum {total} has no run (the cell "
                                          f"{'below' if dr else 'to the right'} is not white)", r=r, c=c)
                if not digit_sets(length, total):
                    reach = (f"{length * (length + 1) // 2}–{45 - (9 - length) * (10 - length) // 2}"
                             if length <= 9 else "nothing: a run holds at most 9 cells")
                    raise PuzzleRuleError(f"{_where(r, c)}: the {way} sum {total} cannot be made from "
                                          f"{length} different digits 1–9 (they reach {reach})", r=r, c=c)
                out.append(Run(r, c, way, total,
                               tuple((r + j * dr, c + j * dc) for j in range(1, length + 1))))
    return out


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A filled grid like the corpus `--- solution` part: digits in white cells, `-` elsewhere."""
    rows = [(ln, line.split()) for ln, line in enumerate(text.splitlines(), 1)
            if line.strip() and not line.strip().startswith(("#", "---"))]
    if rows and len(rows[0][1]) == 2 and all(_is_number(t) and t != "0" for t in rows[0][1]):
        ln, (n_rows, n_cols) = rows[0][0], (read_number(t) for t in rows[0][1])
        if (n_rows, n_cols) != (puzzle.rows, puzzle.cols):
            n_rows, n_cols = (excerpt(t) if read_number(t) is None else t for t in rows[0][1])
            raise PuzzleSyntaxError(f"line {ln}: the solution is {n_rows}×{n_cols}; "
                                    f"the puzzle is {puzzle.rows}×{puzzle.cols}", line=ln)
        rows = rows[1:]
    if len(rows) != puzzle.rows:
        raise PuzzleSyntaxError(f"the solution has {len(rows)} rows; the puzzle has {puzzle.rows}")
    values = []
    for r, (ln, tokens) in enumerate(rows):
        if len(tokens) != puzzle.cols:
            raise PuzzleSyntaxError(f"row {r + 1} (line {ln}): expected {puzzle.cols} cells, "
                                    f"got {len(tokens)}", line=ln, r=r)
        for c, token in enumerate(tokens):
            if token in ("-", ".", "0"):
                values.append(0)
            elif len(token) == 1 and token in "123456789":
                values.append(int(token))
            else:
                raise PuzzleSyntaxError(f"{_where(r, c)} (line {ln}): unexpected {excerpt(token)} "
                                        "(expected a digit 1-9 or -)", line=ln, r=r, c=c)
    return tuple(values)


def _token(cell) -> str:
    if cell is WHITE:
        return "0"
    if cell == BLACK:
        return "-"
    return f"{'' if cell[0] is None else cell[0]},{'' if cell[1] is None else cell[1]}"


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The corpus text: `R C` then the rows; with a solution, its grid (digits, `-` elsewhere)."""
    lines = [f"{puzzle.rows} {puzzle.cols}"]
    for r in range(puzzle.rows):
        row = range(r * puzzle.cols, (r + 1) * puzzle.cols)
        if solution is None:
            lines.append(" ".join(_token(puzzle.cells[i]) for i in row))
        else:
            lines.append(" ".join((str(solution[i]) if solution[i] else "0") if puzzle.cells[i] is WHITE
                                  else "-" for i in row))
    return "\n".join(lines)


# -- puzz.link ---------------------------------------------------------------------------------
def _decval(ch: str) -> int | None:
    if "0" <= ch <= "9" or "a" <= ch <= "j":
        return int(ch, 36) or None
    if "A" <= ch <= "Z":
        return int(ch, 36) + 10
    if ch == "-":
        return None
    raise ValueError(ch)


def _encval(value: int | None) -> str:
    if value is None:
        return "0"
    return "0123456789abcdefghij"[value] if value < 20 else "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[value - 10]


def from_puzzlink(cols, rows, body: str) -> Puzzle:
    """A puzzle from puzz.link's kakuro data (`cols`/`rows` = the interior, without the clue border)."""
    try:
        cols, rows = int(cols), int(rows)
    except (TypeError, ValueError):
        raise PuzzleSyntaxError(f"puzz.link size must be two numbers, got {excerpt(cols)}/{excerpt(rows)}") from None
    if not (1 <= cols < MAX_SIDE and 1 <= rows < MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link size {cols}×{rows} is out of range 1..{MAX_SIDE - 1}")
    inner: list = []
    i = 0

    def fail(message: str):
        raise PuzzleSyntaxError(f"puzz.link data, character {i + 1}: {message}", col=i + 1)

    try:
        while len(inner) < rows * cols:
            if i >= len(body):
                fail(f"the data ends after {len(inner)} of {rows * cols} cells")
            ch = body[i]
            if "k" <= ch <= "z":
                inner.extend([WHITE] * (int(ch, 36) - 19))
                if len(inner) > rows * cols:
                    fail(f"{ch!r} runs past the last cell")
            elif ch == ".":
                inner.append(BLACK)
            else:
                down = _decval(ch)
                i += 1
                if i >= len(body):
                    fail("a clue cell needs two characters")
                inner.append((down, _decval(body[i])))
            i += 1
        top = []
        for x in range(cols):
            if inner[x] is WHITE:
                if i >= len(body):
                    fail(f"the data ends before the sum above column {x + 1}")
                top.append((_decval(body[i]), None))
                i += 1
            else:
                top.append(BLACK)
        left = []
        for y in range(rows):
            if inner[y * cols] is WHITE:
                if i >= len(body):
                    fail(f"the data ends before the sum left of row {y + 1}")
                left.append((None, _decval(body[i])))
                i += 1
            else:
                left.append(BLACK)
    except ValueError:
        fail(f"unexpected character {body[i]!r}")
    if i < len(body):
        fail(f"unexpected extra data {excerpt(body[i:])} (is the size {cols}/{rows} right?)")
    cells = [BLACK, *top]
    for y in range(rows):
        cells += [left[y], *inner[y * cols:(y + 1) * cols]]
    return _puzzle(rows + 1, cols + 1, tuple(cells))


def from_url(url: str) -> Puzzle:
    """A puzzle from a puzz.link / pzv.jp URL `…?kakuro/<cols>/<rows>/<body>`."""
    return links.from_url(sys.modules[__name__], url)


def links_looks_like_url(text: str) -> bool:
    """True when the text is one word holding `?kakuro/` (a URL pasted as puzzle text)."""
    return links.looks_like_url(text, sys.modules[__name__])


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL: the first row and column (clues only, as every valid puzzle has) become
    the border, the rest the interior."""
    cols, rows = puzzle.cols - 1, puzzle.rows - 1
    out, count = [], 0
    for r in range(1, puzzle.rows):
        for c in range(1, puzzle.cols):
            cell = puzzle.cell(r, c)
            piece = "" if cell is WHITE else "." if cell == BLACK else _encval(cell[0]) + _encval(cell[1])
            count += cell is WHITE
            if count == 0:
                out.append(piece)
            elif piece or count == 16:
                out.append(format_base36(count + 19) + piece)
                count = 0
    if count:
        out.append(format_base36(count + 19))
    out += [_encval(puzzle.cell(0, c)[0]) for c in range(1, puzzle.cols) if puzzle.is_white(1, c)]
    out += [_encval(puzzle.cell(r, 0)[1]) for r in range(1, puzzle.rows) if puzzle.is_white(r, 1)]
    return f"https://puzz.link/p?kakuro/{cols}/{rows}/{''.join(out)}"


def format_base36(n: int) -> str:
    """One base-36 digit (n < 36), lower case."""
    return "0123456789abcdefghijklmnopqrstuvwxyz"[n]


# -- solving -----------------------------------------------------------------------------------
def encode(puzzle: Puzzle, f: Formula) -> None:
    """One digit per white cell; no digit twice in a run; each sum a clue: one admissible digit set."""
    whites = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if puzzle.is_white(r, c)]
    for r, c in whites:
        f.exactly_one([("digit", r, c, d) for d in DIGITS])
    f.show((("digit", r, c, d) for r, c in whites for d in DIGITS), fixed_weight=True)
    every = runs(puzzle)
    for run in every:
        holds = {d: [("digit", r, c, d) for r, c in run.cells] for d in DIGITS}
        for lits in holds.values():
            f.at_most_one(lits)
        # the clue: a set is chosen, and a digit of the run is in it (off, no set need be chosen)
        one_of_sets(f, holds, digit_sets(len(run.cells), run.total), ("run", run.r, run.c, run.way),
                    rule=lambda run=run: f.clue(("sum", run.way, run.r, run.c), ((run.r, run.c), *run.cells),
                                                f"the {run.way} sum {run.total} at {_where(run.r, run.c)}"))
    if (sum(run.total for run in every if run.way == "right")
            != sum(run.total for run in every if run.way == "down")):
        # both totals are the sum of every white cell: the sums cannot all hold, known at once
        f.clauses.append([-f.clues[("sum", run.way, run.r, run.c)].selector for run in every])


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: a digit placed, nothing for a digit ruled out."""
    return key[1:] if value and key[0] == "digit" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The digit grid of a model (0 outside white cells)."""
    return tuple(next((d for d in DIGITS if model[("digit", r, c, d)]), 0) if puzzle.is_white(r, c) else 0
                 for r in range(puzzle.rows) for c in range(puzzle.cols))


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a filled grid (independent of the encoder): walks out from each clue."""
    n = puzzle.rows * puzzle.cols
    if len(solution) != n:
        return [Violation("shape", (), f"expected {n} cells, got {len(solution)}")]
    grid = [list(solution[r * puzzle.cols:(r + 1) * puzzle.cols]) for r in range(puzzle.rows)]
    out: list[Violation] = []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            white = puzzle.cells[r * puzzle.cols + c] is None
            if white and not (isinstance(grid[r][c], int) and 1 <= grid[r][c] <= 9):
                out.append(Violation("empty" if not grid[r][c] else "range", ((r, c),)))
            elif not white and grid[r][c]:
                out.append(Violation("not_white", ((r, c),), "a digit in a clue or black cell"))
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            cell = puzzle.cells[r * puzzle.cols + c]
            if cell is None:
                continue
            for total, (dr, dc) in ((cell[0], (1, 0)), (cell[1], (0, 1))):
                if total is None:
                    continue
                line = []
                y, x = r + dr, c + dc
                while y < puzzle.rows and x < puzzle.cols and puzzle.cells[y * puzzle.cols + x] is None:
                    line.append((y, x))
                    y, x = y + dr, x + dc
                digits = [grid[y][x] for y, x in line]
                if len(set(digits)) < len(digits):
                    out.append(Violation("repeat", tuple(line), f"clue at {_where(r, c)}"))
                if all(isinstance(d, int) and 1 <= d <= 9 for d in digits) and sum(digits) != total:
                    out.append(Violation("sum", ((r, c), *line), f"{sum(digits)} instead of {total}"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """White cells with their digit, clue cells with `down`/`right` sums, black cells."""
    cells = []
    for i, cell in enumerate(puzzle.cells):
        r, c = divmod(i, puzzle.cols)
        if cell is WHITE:
            value = solution[i] if solution else 0
            cells.append({"r": r, "c": c, "text": str(value) if value else "",
                          "role": "solved" if value else "empty"})
        elif cell == BLACK:
            cells.append({"r": r, "c": c, "text": "", "role": "black"})
        else:
            cells.append({"r": r, "c": c, "text": "", "role": "clue", "down": cell[0], "right": cell[1]})
    return Board(puzzle.rows, puzzle.cols, tuple(cells))


def layout() -> dict:
    """What the editor draws: white, black and clue cells (two sums each), the first row and column black."""
    sums = [{"key": way, "label": way, "min": 1, "max": MAX_SUM, "at": at}
            for way, at in (("down", "bl"), ("right", "tr"))]
    return {
        "sizes": [{"rows": r, "cols": c, "label": f"{r}×{c}"}
                  for r, c in ((6, 6), (8, 8), (10, 10), (10, 12), (12, 12), (14, 14), (16, 20))],
        "default_size": {"rows": 8, "cols": 8},
        "min_size": {"rows": 2, "cols": 2}, "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE}, "free_size": True,
        "size_note": "sizes count the clue row and column (the first row and column hold clues only)",
        "cell": {"states": [{"key": "black", "token": "-", "label": "black", "keys": "bB-", "look": "black"},
                            {"key": "clue", "token": "\\", "label": "clue", "keys": "cC\\", "look": "clue",
                             "fields": sums}],
                 "empty": {"label": "white", "look": "white"}, "blank_border": "-"},
        "play": {"values": [1, 9], "on": "empty", "pencil": True},
    }


def to_state(puzzle: Puzzle) -> dict:
    """The editing state of a puzzle: "" white, "-" black, "\\D,R" a clue."""
    cells = ["" if cell is WHITE else "-" if cell == BLACK else "\\" + _token(cell) for cell in puzzle.cells]
    return {"rows": puzzle.rows, "cols": puzzle.cols, "cells": cells}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` refuses the same grid."""
    _refuse_rules(rules)
    rows, cols = state["rows"], state["cols"]
    _refuse_size(rows, cols)
    return _puzzle(rows, cols, tuple(_read_cell(token, "", "\\", *divmod(i, cols))
                                     for i, token in enumerate(state["cells"])))


# -- naming a step (explain.walk) -----------------------------------------------------------------
EASY_STEPS = ("the run's digit sets", "the crossing runs' digit sets")


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The run's digit sets (or the crossing runs') when the reason is the sum of one or both runs
    through the cell, digits in those runs and eliminations at the cell, and what those leave the cell
    proves the step: each sum's sets that hold its run's digits, less every digit in a run of the cell
    (no digit twice in a run); else None."""
    r, c, v, eliminated = fact
    every = runs(puzzle)
    by_sum = {("sum", run.way, run.r, run.c): run for run in every}
    mine = [by_sum.get(tuple(key)) for key in clue_keys if key[0] == "sum"]
    through = [run for run in every if (r, c) in run.cells]
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    gone = {key[3] for key in clue_keys if key[0] == "eliminated" and tuple(key[1:3]) == (r, c)}
    if not 1 <= len(mine) <= 2 or any(run not in through for run in mine) or (r, c) in known \
            or not set(known) <= {cell for run in through for cell in run.cells} \
            or len(gone) != sum(key[0] == "eliminated" for key in clue_keys):
        return None
    left = set(DIGITS) - gone - set(known.values())
    for run in mine:
        held = {known[cell] for cell in run.cells if cell in known}
        left &= {d for digits in digit_sets(len(run.cells), run.total) if held <= set(digits) for d in digits}
    if (v not in left) if eliminated else (left == {v}):
        return EASY_STEPS[len(mine) - 1]
    return None
