"""Number cross: shade cells and write digits so each row's numbers satisfy its clue.

Rules: an N×N grid is divided into regions and each row has a clue. Shade some cells, no two
sharing an edge; put a digit in every other cell. Cells of one *piece* (a connected part of a
region after shading) hold the same digit, and edge-adjacent cells of different pieces differ.
Every maximal run of unshaded cells in a row reads, left to right, as a number of at least two
digits without a leading zero that satisfies the row's clue. The answer is the sum of all numbers.

Search (native, no CNF): the piece rule is equivalent to a local one, "edge-adjacent unshaded
cells are equal exactly when they are in the same region" (a piece is connected, so equality
spreads along it; adjacent cells of one region are always one piece). Two parts of a region that
look separate in the rows so far and are joined by a later row therefore meet their equality
there, when the joining cell is forced by both. So the state after a row is just that row, and
the search goes row by row: a shading of the row compatible with the row above, cell by cell,
then its segments (maximal same-region stretches of a run) left to right; a segment touching its
region above is forced, a new one takes a digit other than its different-region neighbours'. A
prefix test prunes before each free digit (digit sums, palindromes, interval tests for squares,
primes, multiples, ...) and each number is tested when complete. Rows are generated lazily, so
memory stays small however many rows a clue allows.

A dead end says why: the cells whose contents it used (the forcing cell above, the equal digit
next door, the digits of a number its clue refused, the shaded cell that made a run start), each
the nearest that does. The search then goes straight back to the latest choice named
(conflict-directed backjumping), skipping the choices in between, which cannot help, and
remembers the named cells of the row above, so a later row that agrees on them fails at once.
Plain backtracking retried such a dead end for every combination of the unrelated cells before
it: a region given 0 that must start a number in the next row cost 10^k tries, and open grids
("multiple of 1" everywhere) took seconds to minutes. Only subtrees without solutions are skipped,
so the solutions and their order are those of plain backtracking (`backjump=False`).

A clue no number can meet is refused, not searched: at parse when plain without sympy ("square
and prime"), and per number length before the search (`can_meet`: a short list of candidates, or a
bounded digit search), so "no number" comes at once rather than after trying every other row.
`check` recomputes the pieces by flood fill instead, from the rules as stated.

The user's entries (r, c, v) are cell contents: v a digit 0-9, or SHADED_ENTRY (10) for a shaded
cell. The search takes them and yields only the solutions that agree with them: a row that disagrees
is a dead end whose reason is the disagreeing cells, so backjumping and the memory of dead ends hold.

Editing state (gridlogic.layout): the region letters painted on the cells and a clue field right of
each row, holding the canonical phrase; an unknown phrase is refused at its field, without sympy.
"""

from __future__ import annotations

import re
import string
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError, excerpt
from gridlogic.kinds.numbercross_clues import (GRAMMAR, MAX_CLUE_CHARS, PHRASES, can_meet, canonical,
                                               compile_clue, holds, parse_clue, refute, validate_clue)
from gridlogic.model import Board, Example, Violation

KEY = "numbercross"
TITLE = "Number cross"
HOW_TO_PLAY = ("Shade some cells (no two shaded cells side by side) and put a digit in every other cell: one "
               "digit per piece of a region, different digits across piece borders. Each run of unshaded cells "
               "in a row reads as a number of two or more digits with no leading zero that meets the row's "
               "clue. The answer is the sum of all the numbers.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS = ("sympy",)         # prime, cube and prime-power clues; imported only by the clues that need it
MAX_SIZE = 26
REGIONS = string.ascii_uppercase + string.ascii_lowercase
SHADED = "#"
SHADED_INPUT = "#xX"
PROGRESS_EVERY = 20000   # nodes between progress reports
MEMORY_LIMIT = 200_000   # remembered dead ends / tested numbers per row before starting afresh
SHADED_ENTRY = 10        # an entry's value for a shaded cell (0-9 are digits)
VALUE_WORDS = {SHADED_ENTRY: ("shaded", "■")}

__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "Puzzle", "parse", "parse_solution", "format",
           "check", "render", "layout", "to_state", "from_state", "search", "answer_of", "numbers_of",
           "validate_clue", "check_entries", "value_at", "SHADED_ENTRY", "VALUE_WORDS"]

_EXAMPLE_5 = ("ABCDE\nABCEE\nABCCE\nABBCE\nABBCC\n\n"
              "1\tpower of 7\n2\tfibonacci\n3\tmultiple of 5\n4\tcube\n5\tpalindrome")
EXAMPLES = (
    Example("5x5 (Number Cross 4's example)", _EXAMPLE_5, (), 1, "#343#\n13#55\n13775\n#3375\n7337#"),
    Example("5x5 squares", "EECDA\nEECDA\nECCCA\nECBAA\nBBBAA\n\n1 more than a square\nsquare\n"
            "1 more than a square\nproduct of digits ends in 6\n1 more than a square", (), 1,
            "77842\n#784#\n82#82\n82422\n#442#"),
    Example("4x4 three solutions", "CCAA\nCCBA\nCDBA\nCDBB\n\nproduct of digits ends in 6\npower of 2\n"
            "square\nsquare", (), 3),
    Example("4x4 impossible", "AABB\nAABB\nCCDD\nCCDD\n\nsquare\nsquare\nsquare\nsquare", (), 0),
)


@dataclass(frozen=True)
class Puzzle:
    """Region letters (one string per row) and the canonical clue phrase of each row."""

    regions: tuple[str, ...]
    clues: tuple[str, ...]

    @property
    def size(self) -> int:
        """Rows (= columns)."""
        return len(self.regions)


Solution = tuple  # one string per row: digits, and "#" for shaded cells

CLUE_EXAMPLES = ("square", "palindrome and multiple of 23", "1 more than a palindrome", "sum of digits is 7",
                 "product of digits ends in 1", "power of 7")
_NUMBERED = re.compile(r"\s*([0-9]+)\s*(?:\t|[.:)]\s)\s*")


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Region grid (a letter per cell, a line per row), then one clue per row (see FORMATS.md)."""
    _refuse_rules(rules)
    grid: list[tuple[int, str]] = []
    clue_lines: list[tuple[int, str]] = []
    for ln, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        in_grid = grid and not clue_lines and len(grid) < len(grid[0][1])
        if not line or line.startswith("#"):
            if in_grid:
                _refuse_short_grid(grid)
            continue
        if (not grid or in_grid) and not clue_lines and re.fullmatch(r"\S+", line):
            _grid_row(grid, ln, line)
            continue
        if not grid:
            raise PuzzleSyntaxError(f"line {ln}: expected the region grid first (one letter per cell, "
                                    "no spaces)", line=ln)
        clue_lines.append((ln, raw))
    if not grid:
        raise PuzzleSyntaxError("empty input: no region grid found")
    _refuse_short_grid(grid)
    n = len(grid[0][1])
    if len(clue_lines) > n:
        raise PuzzleSyntaxError(f"expected {n} clues (one per row), got {len(clue_lines)}",
                                line=clue_lines[-1][0])
    clues = [_clue(ln, raw, i) for i, (ln, raw) in enumerate(clue_lines, 1)]
    if len(clues) != n:
        raise PuzzleSyntaxError(f"expected {n} clues (one per row), got {len(clues)}",
                                line=(clue_lines or grid)[-1][0])
    return _make_puzzle([row for _, row in grid], clues, lambda r: {"line": clue_lines[r][0], "r": r})


def _refuse_rules(rules) -> None:
    named = [str(r).strip() for r in (rules.split(",") if isinstance(rules, str) else rules or ()) if str(r).strip()]
    if named:
        raise RequestError(f"numbercross has no rule variants (got {excerpt(named[0])})", field="rules")


def _make_puzzle(regions: list[str], clues: list[tuple], clue_at) -> Puzzle:
    """The Puzzle of read regions and clue syntax trees, refusing a clue no number of 2..N digits can
    meet when that is plain without sympy; `clue_at(r)` locates row r's clue."""
    n = len(regions)
    for r, ast in enumerate(clues):
        reason = refute(ast, n)
        if reason:
            where = clue_at(r)
            place = f"line {where['line']}: " if "line" in where else ""
            raise PuzzleRuleError(f"{place}the clue of row {r + 1}, {excerpt(canonical(ast))}, can never be met by "
                                  f"a number of 2 to {n} digits: {reason}", **where)
    return Puzzle(tuple(regions), tuple(canonical(ast) for ast in clues))


def _is_region(letter: str) -> bool:
    return len(letter) == 1 and letter in REGIONS


def _not_region(letter: str, place: str, **where) -> PuzzleSyntaxError:
    """The refusal of a cell that holds no region letter."""
    if not letter:
        return PuzzleSyntaxError(f"{place}: no region: paint the cell with a letter", **where)
    return PuzzleSyntaxError(f"{place}: unexpected character {excerpt(letter)} in the region grid (regions are "
                             "letters)", **where)


def _refuse_short_grid(grid: list[tuple[int, str]]) -> None:
    n = len(grid[0][1])
    if len(grid) < n:
        raise PuzzleSyntaxError(f"the region grid has {len(grid)} rows of {n} cells; it must be square",
                                line=grid[-1][0])


def _grid_row(grid: list[tuple[int, str]], ln: int, line: str) -> None:
    for col, ch in enumerate(line, 1):
        if not _is_region(ch):
            raise _not_region(ch, f"line {ln}, column {col}", line=ln, col=col, r=len(grid), c=col - 1)
    width = len(grid[0][1]) if grid else len(line)
    if not grid and not 2 <= width <= MAX_SIZE:
        raise PuzzleSyntaxError(f"line {ln}: numbercross: 2×2 to {MAX_SIZE}×{MAX_SIZE} cells (got a row of "
                                f"{width:,})", line=ln)
    if len(line) != width:
        raise PuzzleSyntaxError(f"row {len(grid) + 1} (line {ln}): expected {width} cells, got {len(line)}",
                                line=ln, r=len(grid))
    grid.append((ln, line))


def _clue(ln: int, raw: str, index: int) -> tuple:
    m = _NUMBERED.match(raw)
    if m:
        number = m.group(1)
        if number.lstrip("0") != str(index):
            shown = number if len(number) <= 9 else excerpt(number)
            raise PuzzleSyntaxError(f"line {ln}: clue numbered {shown} but it is the clue of row {index}",
                                    line=ln, r=index - 1)
        start = m.end()
    else:
        start = len(raw) - len(raw.lstrip())
    return parse_clue(raw[start:], line=ln, col=start + 1)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A proposed grid: rows of digits with `#` (or `x`) shaded; an `answer:` line is ignored."""
    rows = []
    for ln, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.lower().startswith(("answer", "# ")):
            continue
        for col, ch in enumerate(line, 1):
            if not (ch.isdigit() and ch.isascii()) and ch not in SHADED_INPUT:
                raise PuzzleSyntaxError(f"line {ln}, column {col}: unexpected character {ch!r} "
                                        "(expected a digit or # for shaded)", line=ln, col=col)
        if len(line) != puzzle.size:
            raise PuzzleSyntaxError(f"row {len(rows) + 1} (line {ln}): expected {puzzle.size} cells, "
                                    f"got {len(line)}", line=ln, r=len(rows))
        rows.append("".join(SHADED if ch in SHADED_INPUT else ch for ch in line))
    if len(rows) != puzzle.size:
        raise PuzzleSyntaxError(f"expected {puzzle.size} rows, got {len(rows)}")
    return tuple(rows)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """Canonical puzzle text, or with a solution its grid (digits, `#` shaded)."""
    if solution is not None:
        return "\n".join(solution)
    return "\n".join(puzzle.regions) + "\n\n" + "\n".join(f"{i}\t{c}" for i, c in enumerate(puzzle.clues, 1))


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


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """Cells with region letters; shaded cells `black`, digits `solved`; clues and answer as extras."""
    n = puzzle.size
    cells = []
    for r in range(n):
        for c in range(n):
            ch = solution[r][c] if solution else ""
            cells.append({"r": r, "c": c, "text": "" if ch == SHADED else ch, "region": puzzle.regions[r][c],
                          "role": "black" if ch == SHADED else "solved" if ch else "empty"})
    extras = {"regions": list(puzzle.regions), "clues": list(puzzle.clues)}
    if solution:
        extras["answer"] = answer_of(puzzle, solution)
    return Board(n, n, tuple(cells), extras)


def layout() -> dict:
    """A square grid painted with region letters and a clue field right of each row."""
    return {
        "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in range(3, 16)],
        "default_size": {"rows": 5, "cols": 5}, "square": True, "free_size": True,
        "min_size": {"rows": 2, "cols": 2}, "max_size": {"rows": MAX_SIZE, "cols": MAX_SIZE},
        "cell": {"symbols": REGIONS, "paint": True, "empty": {"label": "no region yet"}, "blank_cell": "A"},
        "edges": [{"key": "clues", "side": "right", "label": "clue", "placeholder": "square", "wide": True,
                   "max_length": MAX_CLUE_CHARS, "help": GRAMMAR,
                   "suggestions": list(dict.fromkeys(CLUE_EXAMPLES + PHRASES))}],
        "play": {"values": [0, SHADED_ENTRY], "on": "all", "pencil": True, "keys": {"#": SHADED_ENTRY, "x": SHADED_ENTRY}},
    }


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: the region letters and each row's clue phrase as written canonically."""
    return {"rows": puzzle.size, "cols": puzzle.size, "cells": [letter for row in puzzle.regions for letter in row],
            "edges": {"clues": list(puzzle.clues)}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state (shape already checked), refused as `parse` would, located;
    like `parse`, it needs no sympy."""
    _refuse_rules(rules)
    n = state["rows"]
    if not (n == state["cols"] and 2 <= n <= MAX_SIZE):
        raise PuzzleSyntaxError(f"numbercross: square, 2×2 to {MAX_SIZE}×{MAX_SIZE} cells (got {n}×{state['cols']})")
    for i, letter in enumerate(state["cells"]):
        if not _is_region(letter):
            r, c = divmod(i, n)
            raise _not_region(letter, f"r{r + 1}c{c + 1}", r=r, c=c)
    regions = ["".join(state["cells"][r * n:(r + 1) * n]) for r in range(n)]
    clues = [parse_clue(phrase, row=r) for r, phrase in enumerate(state["edges"]["clues"])]
    return _make_puzzle(regions, clues, lambda r: {"edge": "clues", "index": r})


def _shadings(n: int) -> list[int]:
    """Row shading masks: no two shaded cells adjacent, every unshaded run ≥ 2 cells (the plain
    listing; `_row_shadings` walks the same masks in the same order, pruned by the row above)."""
    out: list[int] = []

    def extend(c: int, mask: int, run: int) -> None:
        if c == n:
            if run != 1:
                out.append(mask)
            return
        extend(c + 1, mask, run + 1)
        if run != 1 and not (c and mask >> (c - 1) & 1):
            extend(c + 1, mask | 1 << c, 0)

    extend(0, 0, 0)
    return out


def _span(lo: int, hi: int) -> int:
    """Column bits lo..hi (lo clipped at 0)."""
    return (1 << (hi + 1)) - (1 << max(lo, 0))


def _nearest(columns: int, lo: int, hi: int) -> int:
    """The column of the bits `columns` nearest to lo..hi (one inside it if any)."""
    within = columns & _span(lo, hi)
    if within:
        return (within & -within).bit_length() - 1
    left, right = columns & ((1 << lo) - 1), columns >> (hi + 1)
    if not right:
        return left.bit_length() - 1
    after = hi + (right & -right).bit_length()
    return after if not left or after - hi <= lo - (left.bit_length() - 1) else left.bit_length() - 1


def _row_shadings(here: str, above: str, prev_mask: int, prev: tuple[int, ...] | None, length_ok: list[bool],
                  tick: Callable[[], None], backjump: bool):
    """The shadings of a row that the row above allows, in `_shadings` order, each with its segments
    (start, end, forced digit or None, its last forcing column, excluded digits as bits, first of its
    run, forcing columns as bits); a forcing column has the same region above, unshaded.

    Cell by cell, unshaded before shaded, so a prefix the row above rules out is cut once. The
    caller sends back, for each shading, why it led nowhere: (cells of the row above, cells of this
    row whose being shaded or not matters); a cell not named keeps its other choice from being
    tried. Returns the same pair for the whole row, this row's cells taken out. Reasons name the
    nearest cells that make them, so they stay short.
    """
    n = len(here)
    closed: list[tuple] = []

    def step(c: int, mask: int, run: int, seg):
        tick()
        if c == n:
            if run == 1:
                return 0, _span(n - 2, n - 1)
            if not length_ok[run]:
                return 0, _span(n - run - 1, n - 1)
            return (yield mask, closed + [(seg[0], n, *seg[1:])] if run else closed[:])
        outside = status = 0
        new = not run or here[c] != here[c - 1]
        if new and run:
            closed.append((seg[0], c, *seg[1:]))
        a, forced, flast, excl, first, forcers = (c, None, -1, 0, not run, 0) if new else seg
        bad = 0
        if prev is not None and prev[c] >= 0:
            up = prev[c]
            if above[c] != here[c]:
                if forced == up:
                    bad, lo = 1 << flast | 1 << c, flast
                excl |= 1 << up
            elif forced is None:
                if excl >> up & 1:
                    lo = next(x for x in range(c - 1, a - 1, -1) if prev[x] == up and above[x] != here[x])
                    bad = 1 << c | 1 << lo
                elif first and up == 0:
                    bad, lo = 1 << c, a - 1
                elif not first and closed[-1][2] == up:
                    bad, lo = 1 << c | 1 << closed[-1][3], closed[-1][3]
                forced, flast, forcers = up, c, 1 << c
            elif forced != up:
                bad, lo = 1 << flast | 1 << c, flast
            else:
                flast, forcers = c, forcers | 1 << c
        if bad:
            outside, status = bad, _span(lo, c)
        else:
            outside, status = yield from step(c + 1, mask, run + 1, (a, forced, flast, excl, first, forcers))
        if new and run:
            closed.pop()
        if backjump and not bad and not status >> c & 1:
            return outside, status               # the failure does not depend on this cell: skip shading it
        if run == 1 or (not run and c):          # a one-cell run, or next to a shaded cell
            status |= _span(c - 2 if run else c - 1, c)
        elif prev_mask >> c & 1:
            outside |= 1 << c
        elif not length_ok[run]:
            status |= _span(c - run - 1, c)
        else:
            if run:
                closed.append((seg[0], c, *seg[1:]))
            more, why = yield from step(c + 1, mask | 1 << c, 0, None)
            if run:
                closed.pop()
            if backjump and not why >> c & 1:
                return more, why
            outside |= more
            status |= why
        return outside, status & ~(1 << c)

    return step(0, 0, 0, None)


def _row_spec(segs: list[tuple], here: str, above: str, prev: tuple[int, ...] | None, prune: bool) -> list[tuple]:
    """Per segment, what the digit search needs: (start, width, forced digit or None, forcing columns
    as bits, {excluded digit: its column above}, first of its run, run length, last of its run, test
    the prefix after it, and as column bits: itself, its run up to its end, its run with the shaded
    cells around it)."""
    n = len(here)
    spec: list[tuple] = []
    i = 0
    while i < len(segs):
        j = i + 1
        while j < len(segs) and not segs[j][5]:
            j += 1
        start, end = segs[i][0], segs[j - 1][1]
        for t in range(i, j):
            a, b, forced, _, _, first, forcers = segs[t]
            excl: dict[int, int] = {}
            if prev is not None:
                for c in range(a, b):
                    if prev[c] >= 0 and above[c] != here[c]:
                        excl.setdefault(prev[c], c)
            spec.append((a, b - a, forced, forcers, excl, first, end - start, t + 1 == j,
                         prune and t + 1 < j and segs[t + 1][2] is None,
                         _span(a, b - 1), _span(start, b - 1), _span(start - 1, min(end, n - 1))))
        i = j
    return spec


def _fill_row(spec: list[tuple], n: int, mask: int, pred, cache: dict[int, bool], tick: Callable[[], None],
              backjump: bool, tally: dict):
    """Each digit row for one shading, one at a time: segments left to right, prefix-pruned, numbers
    tested; `tick` is called once per digit tried. The caller sends back, for each row, the cells
    of it that explain why the rows below led nowhere (every cell once they held a solution).
    Returns why no more rows help, as column bits: (cells of the row above, cells of this row whose
    digits matter, cells of this row whose being shaded or not matters). A failure that does not
    involve a segment's digit skips its other digits (conflict-directed backjumping, counted in
    tally["jumps"]); a reason names the nearest cells that make it, so it stays short."""
    digits = [-1] * n

    def fill(si: int, value: int, k: int, last: int):
        if si == len(spec):
            below = yield tuple(digits)
            return 0, below & ~mask, below
        a, w, forced, forcers, excl, first, length, run_end, check_next, own, upto, around = spec[si]
        outside = inside = status = touched = 0       # touched: own cells the reasons name
        if first and forced is None and a:
            status, touched = 1 << (a - 1), 1 << a     # no leading 0 after a shaded cell
        scale, ones = 10 ** w, (10 ** w - 1) // 9
        for d in (forced,) if forced is not None else range(1 if first else 0, 10):
            if d == last:
                inside |= 1 << (a - 1)
                touched |= 1 << a
                continue
            if d in excl:
                outside |= 1 << excl[d]
                touched |= 1 << excl[d]
                continue
            tick()
            v = value * scale + d * ones
            if run_end:
                ok = cache.get(v)
                if ok is None:
                    if len(cache) >= MEMORY_LIMIT:
                        cache.clear()
                    ok = cache[v] = pred.test(v)
                if not ok:
                    inside |= upto
                    status |= around
                    touched |= own
                    continue
            elif check_next and not pred.prefix_ok(v, k + w, length):
                inside |= upto
                status |= around
                touched |= own
                continue
            digits[a:a + w] = [d] * w
            if run_end:
                more, deeper, shaded = yield from fill(si + 1, 0, 0, -1)
            else:
                more, deeper, shaded = yield from fill(si + 1, v, k + w, d)
            if backjump and not deeper & own:
                tally["jumps"] += 1
                return more, deeper, shaded
            outside |= more
            inside |= deeper
            status |= shaded
            touched |= deeper & own
        if touched:                                   # the named cells share one digit: the cells between
            lo, hi = (touched & -touched).bit_length() - 1, touched.bit_length()   # them are unshaded
            if forced is not None:                    # and the digit is the nearest forcing cell's
                f = _nearest(forcers, lo, hi - 1)
                outside |= 1 << f
                lo, hi = min(lo, f), max(hi, f + 1)
            status |= (1 << hi) - (1 << lo)
        return outside, inside & ~own, status

    return fill(0, 0, 0, -1)


def search(puzzle: Puzzle, on_progress: Callable[[int], None] | None = None, stats: dict | None = None,
           *, prune: bool = True, remember: bool = True, backjump: bool = True,
           entries=()) -> Iterator[Solution]:
    """Every solution (that agrees with the user's `entries`), row by row (see the module docstring);
    reports nodes through on_progress.

    Rows are generated lazily, one cell and one digit at a time, so memory stays small and the
    first solutions come at once however many there are. Before searching, each row's clue is
    checked against each number length (`can_meet`): a clue no number of the row's lengths meets is
    a PuzzleRuleError. `stats` receives nodes, backjumps, dead ends remembered and seconds at the
    end; `prune`/`remember`/`backjump` switch off the prefix tests, the memory of dead ends and the
    backjumping (for benchmarks and tests: the solutions and their order are the same either way).
    """
    n, regions = puzzle.size, puzzle.regions
    check_entries(puzzle, entries)
    wanted: list[list[tuple[int, int]]] = [[] for _ in range(n)]     # per row: (column, digit or -1 shaded)
    for r, c, v in entries:
        wanted[r].append((c, -1 if v == SHADED_ENTRY else v))
    tally = {"nodes": 0, "next": PROGRESS_EVERY, "every": PROGRESS_EVERY, "report": on_progress,
             "solutions": 0, "jumps": 0, "dead": 0}

    def tick() -> None:
        tally["nodes"] += 1
        if tally["nodes"] >= tally["next"]:
            tally["next"] += tally["every"]
            if tally["report"]:
                tally["report"](tally["nodes"])

    asts = [parse_clue(clue) for clue in puzzle.clues]
    preds = [compile_clue(ast) for ast in asts]
    met: dict[tuple[str, int], bool | None] = {}
    for r in range(n):
        for length in range(2, n + 1):
            if (puzzle.clues[r], length) not in met:
                met[(puzzle.clues[r], length)] = can_meet(asts[r], preds[r], length, tick=tick)
        if not any(met[(puzzle.clues[r], length)] is not False for length in range(2, n + 1)):
            raise PuzzleRuleError(f"row {r + 1}: no number of 2 to {n} digits is {excerpt(puzzle.clues[r])}", r=r)
    length_ok = [[length == 0 or (length >= 2 and met[(clue, length)] is not False) for length in range(n + 1)]
                 for clue in puzzle.clues]
    every = (1 << n) - 1                         # "a solution was found below": no cell may be skipped
    # per row: the columns a dead end named (as bits) → (those columns, their contents in each row above)
    dead: list[dict[int, tuple[tuple[int, ...], set]]] = [{} for _ in range(n)]
    grid: list[tuple[int, ...]] = [()] * n
    caches: list[dict[int, bool]] = [{} for _ in range(n)]

    def rows_below(r: int, prev_mask: int, prev: tuple[int, ...] | None) -> Iterator[Solution]:
        """The solutions from row r on; returns, as column bits, the cells of row r - 1 whose
        contents explain why there are no more (every column once one was found)."""
        if r and wanted[r - 1]:                          # row r - 1 against the entries: the cells
            unlike = 0                                   # that differ are why it leads nowhere
            for c, d in wanted[r - 1]:
                if prev[c] != d:
                    unlike |= 1 << c
            if unlike:
                return unlike
        if r == n:
            tally["solutions"] += 1
            yield tuple("".join(SHADED if d < 0 else str(d) for d in row) for row in grid)
            return every
        for named, (columns, seen) in dead[r].items():    # a row above that agrees with a dead end's
            if tuple([prev[c] for c in columns]) in seen:  # named cells leads nowhere either
                return named
        before = tally["solutions"]
        here, above = regions[r], regions[r - 1] if r else ""
        walk = _row_shadings(here, above, prev_mask, prev, length_ok[r], tick, backjump)
        why = None
        while True:
            try:
                mask, segs = walk.send(why)
            except StopIteration as stop:
                outside = stop.value[0]
                break
            rows = _fill_row(_row_spec(segs, here, above, prev, prune), n, mask, preds[r], caches[r], tick,
                             backjump, tally)
            below = None
            while True:
                try:
                    grid[r] = rows.send(below)
                except StopIteration as stop:
                    outside, _, status = stop.value
                    break
                below = yield from rows_below(r + 1, mask, grid[r])
            why = outside, status
        if tally["solutions"] > before:
            return every
        if remember:
            if tally["dead"] >= MEMORY_LIMIT:
                for known in dead:
                    known.clear()
                tally["dead"] = 0
            columns = tuple(c for c in range(n) if outside >> c & 1)
            dead[r].setdefault(outside, (columns, set()))[1].add(tuple([prev[c] for c in columns]))
            tally["dead"] += 1
        return outside

    started = time.perf_counter()
    try:
        yield from rows_below(0, 0, None)
    finally:
        if stats is not None:
            stats.update(nodes=tally["nodes"], backjumps=tally["jumps"], dead_states=tally["dead"],
                         seconds=round(time.perf_counter() - started, 4))
    if on_progress:
        on_progress(tally["nodes"])
