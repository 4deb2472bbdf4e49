"""The number cross text: the region letters row by row, then one clue per row (numbered or not), read
with located messages; a solution as rows of digits and `#`."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.numbercross.clues import parse_clue
from gridlogic.kinds.numbercross.grid import (MAX_SIZE, SHADED, SHADED_INPUT, Puzzle, Solution, _is_region,
                                              _make_puzzle, _not_region)

_NUMBERED = re.compile(r"\s*([0-9]+)\s*(?:\t|[.:)]\s)\s*")


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Region grid (a letter per cell, a line per row), then one clue per row (see FORMATS.md)."""
    refuse_rules("numbercross", rules)
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


def from_old_link(old) -> str:
    """The text of the page's old number cross payload `N/region letters/row clues` (its links up to
    commit 5acefc0): the letters row by row, the clues joined by `_`, spaces in a clue as `.`. `old` is
    gridlogic/links/legacy.py's OldPayload."""
    m = old.match(r"([0-9]+)/([A-Za-z]+)/([A-Za-z0-9._]*)")
    n, _ = old.size(m.group(1), m.group(1))
    regions, words = m.group(2), m.group(3).split("_")
    if n < 2 or len(regions) != n * n or len(words) != n:
        old.refuse(f"{len(regions)} region letters and {len(words)} clues for a {n}×{n} grid")
    grid = [regions[r * n:(r + 1) * n] for r in range(n)]
    return "\n".join(grid + [""] + [f"{r + 1}\t{' '.join(w.split('.'))}" for r, w in enumerate(words)])
