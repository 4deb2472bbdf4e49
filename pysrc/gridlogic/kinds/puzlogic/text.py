"""The puzlogic text: `cells`, `pieces` and `sum` lines, read with located messages, and written back."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, excerpt
from gridlogic.kinds._shared import refuse_rules
from gridlogic.text import is_number, read_number
from gridlogic.kinds.puzlogic.grid import (AXES, MAX_COORD, MAX_NUMBER_DIGITS, MAX_TARGET, MAX_VALUE, SUM_KINDS,
                                           Puzzle, Solution)
from gridlogic.kinds.puzlogic.sums import _sum_lines, value_sets


class _Line:
    """One meaningful line: its number, keyword, following words and their character columns."""

    def __init__(self, ln: int, line: str) -> None:
        matches = list(re.finditer(r"\S+", line))
        self.ln = ln
        self.word = matches[0].group().lower()
        self.fields = [m.group() for m in matches[1:]]
        self.cols = [m.start() + 1 for m in matches[1:]]

    def ints(self, what: str, first: int = 0, last: int | None = None, low: int = 0,
             high: int = MAX_TARGET) -> list[int]:
        """Fields first..last as whole numbers in low..high, or a located PuzzleSyntaxError."""
        return [_read_int(word, f"line {self.ln}: {what}", low, high, line=self.ln, col=col)
                for word, col in zip(self.fields[first:last], self.cols[first:last])]


def _read_int(word: str, what: str, low: int, high: int, **where) -> int:
    """A whole number in low..high, or a PuzzleSyntaxError located at `where`."""
    if not is_number(word):
        raise PuzzleSyntaxError(f"{what}: {excerpt(word)} is not a whole number", **where)
    n = read_number(word, MAX_NUMBER_DIGITS)
    if n is None or not low <= n <= high:
        raise PuzzleSyntaxError(f"{what}: {excerpt(word) if n is None else n} is out of range {low}..{high}",
                                **where)
    return n


def _lines(text: str):
    for ln, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.strip().startswith("#"):
            yield _Line(ln, line)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """One level block: `cells r c value` lines (0 = empty), `pieces v ...`, `sum all|blue axis index
    target`; `level`, `source`, `solution` and `end` lines are ignored."""
    refuse_rules("puzlogic", rules)
    cells: dict[tuple[int, int], int] = {}
    pieces: list[int] = []
    sums: dict[tuple[str, int, int], int] = {}
    sum_lines: dict[tuple[str, int, int], int] = {}
    seen_level = False
    for line in _lines(text):
        ln, word, fields = line.ln, line.word, line.fields
        if word == "level":
            if seen_level or cells:
                raise PuzzleSyntaxError(f"line {ln}: a second level starts here; give one level at a time",
                                        line=ln)
            seen_level = True
        elif word in ("source", "solution", "end"):
            continue
        elif word == "cells":
            if len(fields) != 3:
                raise PuzzleSyntaxError(f"line {ln}: expected 'cells row col value', got {len(fields)} "
                                        "numbers", line=ln)
            r, c = line.ints("cells", 0, 2, 0, MAX_COORD - 1)
            (value,) = line.ints("cells", 2, 3, 0, MAX_VALUE)
            if (r, c) in cells:
                raise PuzzleSyntaxError(f"line {ln}: cell r{r}c{c} is listed twice", line=ln, r=r, c=c)
            cells[(r, c)] = value
        elif word == "pieces":
            pieces += line.ints("pieces", low=1, high=MAX_VALUE)
        elif word == "sum":
            if len(fields) != 4 or fields[0].lower() not in SUM_KINDS:
                raise PuzzleSyntaxError(f"line {ln}: expected 'sum all|blue axis index target'", line=ln)
            axis, index, target = line.ints("sum", 1)
            if axis > 1:
                raise PuzzleSyntaxError(f"line {ln}: sum axis is 0 (row) or 1 (column), got {axis}", line=ln,
                                        col=line.cols[1])
            key = (fields[0].lower(), axis, index)
            if key in sums:
                raise PuzzleSyntaxError(f"line {ln}: a second {key[0]} sum for {AXES[axis]} {index}", line=ln)
            sums[key] = target
            sum_lines[key] = ln
        else:
            raise PuzzleSyntaxError(f"line {ln}: unknown line {excerpt(word)} (expected cells, pieces or sum)",
                                    line=ln, col=1)
    if not cells:
        raise PuzzleSyntaxError("empty input: no 'cells' lines found")
    return _make_puzzle(cells, pieces, sums, lambda kind, axis, index: {
        "line": sum_lines[(kind, axis, index)], "r" if axis == 0 else "c": index}, {"field": "pieces"})


def _make_puzzle(cells: dict, pieces: list[int], sums: dict, sum_at, pieces_at: dict) -> Puzzle:
    """The canonical Puzzle of cells {(r, c): value}, pieces and sums {(kind, axis, index): target},
    validated; `sum_at(kind, axis, index)` locates a sum's errors and `pieces_at` the pieces'."""
    puzzle = Puzzle(tuple((r, c, v) for (r, c), v in sorted(cells.items())), tuple(sorted(pieces)),
                    tuple(sorted((k, a, i, t) for (k, a, i), t in sums.items())))
    empty = len(puzzle.empty_cells())
    if len(puzzle.pieces) != empty:
        raise PuzzleRuleError(f"{len(puzzle.pieces)} pieces for {empty} empty cells: every piece goes on "
                              "its own empty cell and every empty cell gets one", **pieces_at)
    for axis in (0, 1):
        for index in sorted({cell[axis] for cell in puzzle.cells}):
            seen: dict[int, tuple[int, int]] = {}
            for r, c, v in puzzle.line(axis, index):
                if v and v in seen:
                    (r0, c0) = seen[v]
                    raise PuzzleRuleError(f"{v} is given twice in {AXES[axis]} {index} "
                                          f"(r{r0}c{c0} and r{r}c{c})", r=r, c=c, cells=[[r0, c0], [r, c]])
                seen[v] = (r, c)
    for kind, axis, index, _ in puzzle.sums:
        if not puzzle.line(axis, index):
            where = sum_at(kind, axis, index)
            raise PuzzleRuleError(f"{_line_prefix(where)}the {kind} sum of {AXES[axis]} {index} is for a line "
                                  "without cells", **where)
    for kind, axis, index, target, free, choices, goal in _sum_lines(puzzle):
        if not value_sets(choices, len(free), goal, 0):
            where = sum_at(kind, axis, index)
            rest = f" ({target} minus the given {target - goal})" if goal != target else ""
            raise PuzzleRuleError(f"{_line_prefix(where)}the {kind} sum {target} of {AXES[axis]} {index} "
                                  f"can never be met: no {len(free)} different piece values from "
                                  f"{_values_text(choices)} add up to {goal}{rest}", **where)
    return puzzle


def _line_prefix(where: dict) -> str:
    return f"line {where['line']}: " if "line" in where else ""


def _values_text(values: list[int]) -> str:
    text = " ".join(map(str, values)) or "none"
    return text if len(values) <= 12 else " ".join(map(str, values[:10])) + f" … ({len(values)} values)"


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """Placements as `solution r c value` lines (as in the corpus); other block lines are skipped."""
    out = []
    for line in _lines(text):
        if line.word in ("level", "source", "cells", "pieces", "sum", "end"):
            continue
        if line.word != "solution" or len(line.fields) != 3:
            got = "" if line.word == "solution" else f", got {excerpt(line.word)}"
            raise PuzzleSyntaxError(f"line {line.ln}: expected 'solution row col value'{got}", line=line.ln)
        out.append(tuple(line.ints("solution")))
    return tuple(sorted(out))


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The level block (`cells`, `pieces`, `sum` lines); with a solution, its `solution` lines."""
    if solution is not None:
        return "\n".join(f"solution {r} {c} {v}" for r, c, v in sorted(solution))
    lines = [f"cells {r} {c} {v}" for r, c, v in puzzle.cells]
    lines.append("pieces " + " ".join(map(str, puzzle.pieces)) if puzzle.pieces else "pieces")
    lines += [f"sum {kind} {axis} {index} {target}" for kind, axis, index, target in puzzle.sums]
    return "\n".join(lines)


def from_old_link(old) -> str:
    """The text of the page's old puzlogic payload `COLSxROWS/positions/pieces/sums` (its links up to
    commit 5acefc0): `-` a gap, `.` an empty cell, 1-9 a-z a value of 1-35, `~NN` one of 36-99; pieces
    joined by `.`; sums `a0.1.12` (a all, b blue; axis 0 row, 1 column; index; target) joined by `_`.
    `old` is gridlogic/links/legacy.py's OldPayload."""
    m = old.match(r"([0-9]+)x([0-9]+)/([-.~0-9a-z]*)/([0-9.]*)/([ab0-9._]*)")
    rows, cols = old.size(m.group(1), m.group(2))
    lines = []
    positions = old.tokens(m.group(3), r"~([0-9][0-9])|[-.0-9a-z]")
    if len(positions) != rows * cols:
        old.refuse(f"{len(positions)} positions for {cols}x{rows}")
    for i, t in enumerate(positions):
        if t.group(0) != "-":
            value = 0 if t.group(0) == "." else int(t.group(1)) if t.group(1) else old.B36.index(t.group(0))
            lines.append(f"cells {i // cols} {i % cols} {value}")
    lines.append(" ".join(["pieces", *(str(old.number(w)) for w in m.group(4).split(".") if w)]))
    sums: dict[tuple[str, int, int], int] = {}
    for word in m.group(5).split("_") if m.group(5) else []:
        sm = re.fullmatch(r"([ab])([01])\.([0-9]+)\.([0-9]+)", word)
        if not sm:
            old.refuse(f"sum {excerpt(word)} is not a0.INDEX.TARGET or b1.INDEX.TARGET")
        index, target = (old.number(w) for w in sm.group(3, 4))
        sums[("all" if sm.group(1) == "a" else "blue", int(sm.group(2)), index)] = target
    lines += [f"sum {k} {axis} {index} {target}" for (k, axis, index), target in sorted(sums.items())]
    return "\n".join(lines)
