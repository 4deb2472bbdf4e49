"""The sudoku's text (the grid, then its regions, rules and constraint lines) and Tatham's Solo game IDs,
read and written; the page's old links read."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds.sudoku import constraints as drawn
from gridlogic.kinds.sudoku.links import solokiller
from gridlogic.kinds.sudoku.grid import (BOXES, EMPTY, IGNORED, SYMBOLS, Puzzle, Solution, _puzzle, make_puzzle,
                                         normalize_rules)

def _sections(text: str, section: str = "grid") -> tuple[str, list[tuple[int, str]], list[tuple[int, str]], list[str]]:
    """The text's grid (its first lines, unless `section` says the text starts after it), then its
    `regions:` rows, constraint lines and `rules:` names, each with its line number; a grid line after
    them is refused where it is."""
    grid: list[str] = []
    regions: list[tuple[int, str]] = []
    lines: list[tuple[int, str]] = []
    rules: list[str] = []
    for ln, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0].strip() if section != "grid" or line.lstrip().startswith("#") else line
        head = body.strip().lower()
        if head.startswith("regions") and head[7:].strip() in ("", ":"):
            section = "regions"
        elif head.startswith("rules") and head[5:].lstrip().startswith(":"):
            section = "lines"
            rules += [word for word in re.split(r"[\s,]+", body.split(":", 1)[1]) if word]
        elif drawn.is_line(body.split("#", 1)[0]):
            section = "lines"
            lines.append((ln, body))
        elif not head:
            if section == "grid":
                grid.append(line)
        elif section == "grid" and ":" not in line:
            grid.append(line)
        elif section == "regions" and ":" not in line:
            regions.append((ln, body))
        else:
            raise PuzzleSyntaxError(f"line {ln}: {excerpt(body)} is neither a constraint (e.g. killer 17: r1c1 r1c2) "
                                    f"nor a rule line (rules: knight)", line=ln)
    return "\n".join(grid), regions, lines, rules


def _read_regions(rows: list[tuple[int, str]], size: int) -> tuple[int, ...]:
    """Irregular regions: `size` rows of `size` symbols, one symbol per region (`.` a cell in none);
    regions are numbered by their first cell in reading order."""
    if len(rows) != size:
        raise PuzzleSyntaxError(f"regions: {len(rows)} rows; the grid has {size}", line=rows[-1][0] if rows else None)
    ids: dict[str, int] = {}
    out: list[int] = []
    for r, (ln, row) in enumerate(rows):
        symbols = [ch for ch in row if not ch.isspace()]
        if len(symbols) != size:
            raise PuzzleSyntaxError(f"line {ln}: regions row {r + 1} has {len(symbols)} cells; the grid has {size}",
                                    line=ln, r=r)
        out += [-1 if ch == "." else ids.setdefault(ch, len(ids)) for ch in symbols]
    return tuple(out)


# -- Tatham's Solo -------------------------------------------------------------------------------
_SOLO_START = re.compile(r"[0-9]{1,3}(?:x[0-9]{1,3})?[a-z0-9]{0,20}")


def _is_game_id(text: str) -> bool:
    """True for one word that begins with Solo-like parameters and a colon (looked at without a regular
    expression over the whole text, which a long one would make slow)."""
    word = text.strip()
    if ":" not in word or any(ch.isspace() for ch in word):
        return False
    params = word.split(":", 1)[0]
    return _SOLO_START.fullmatch(params) is not None
_SOLO_PARAMS = re.compile(r"([0-9]{1,3})(?:x([0-9]{1,3}))?((?:j|x|k|md?[0-9]*|r[0-9]*|a|d[a-z]?)*)")


def from_tatham(game_id: str, rules=()) -> Puzzle:
    """A Tatham "Solo" descriptive game ID `CxR:desc` (its permalinks are read by gridlogic.links): a side
    of C·R, boxes of C rows × R columns, `x` after the size for the diagonal rule; `desc` row-major,
    a number in decimal per given, a-z a run of 1-26 empty cells, `_` between two numbers; killer IDs
    (`k`) add the cages and their sums (links/solokiller.py). Jigsaw IDs (`j`) are refused, as are box
    shapes this kind does not draw."""
    text = game_id.strip()
    params, colon, desc = text.partition(":")
    m = _SOLO_PARAMS.fullmatch(params)
    if not colon or not m:
        raise PuzzleSyntaxError(f"Solo: bad game ID {excerpt(text)} (expected CxR:description, e.g. 3x3:a1b2…)", line=1)
    c = int(m[1])
    r = int(m[2]) if m[2] else c
    flags = re.sub(r"d[a-z]?", "", m[3])                 # difficulty letters may hold j, x, k: not flags
    if "j" in flags:
        raise PuzzleSyntaxError(f"Solo: jigsaw IDs are not read here (params {excerpt(params)})")
    n = c * r
    if BOXES.get(n) != (c, r):
        shapes = ", ".join(f"{br}x{bc}" for br, bc in BOXES.values())
        raise PuzzleSyntaxError(f"Solo: {excerpt(params)} has boxes of {c} rows × {r} columns, which sudoku "
                                f"here does not draw (Solo sizes read: {shapes})")
    start = len(params) + 2
    if "k" in flags:
        givens, cages = solokiller.read(n, desc, lambda text, top: _solo_grid(text, n, top, start))
    else:
        givens, cages = _solo_grid(desc, n, n, start), ()
    extra = ("diagonal",) if "x" in flags else ()
    names = list(rules.split(",") if isinstance(rules, str) else rules or ()) + list(extra)
    if cages:
        return make_puzzle(n, tuple(givens), normalize_rules(names), None, cages)
    return _puzzle(n, tuple(givens), normalize_rules(names))


def _solo_grid(desc: str, n: int, top: int, start: int) -> list[int]:
    """The n×n cells of a Solo grid description (numbers 1..top); `start`: its first character's place in
    the game ID, for messages."""
    givens: list[int] = []
    number = ""
    for i, ch in enumerate(desc + "_", start):
        if "0" <= ch <= "9":                            # ASCII digits only
            number += ch
            continue
        if number:
            value = int(number) if len(number) <= 3 else 0
            if not 1 <= value <= top:
                what = f"a digit of a {n}×{n} sudoku" if top == n else "a cage's sum"
                raise PuzzleSyntaxError(f"Solo, character {i - len(number)}: {excerpt(number)} is not {what} "
                                        f"(1-{top})", col=i - len(number))
            givens.append(value)
            number = ""
        if "a" <= ch <= "z":
            givens.extend([0] * (ord(ch) - ord("a") + 1))
        elif ch != "_":
            raise PuzzleSyntaxError(f"Solo, character {i}: unexpected {excerpt(ch)} (a number, a-z or _)", col=i)
        if len(givens) > n * n:
            break
    if len(givens) != n * n:
        raise PuzzleSyntaxError(f"Solo: the description holds {len(givens):,}{'+' if len(givens) > n * n else ''} "
                                f"cells; a {n}×{n} sudoku has {n * n}")
    return givens


def to_tatham(puzzle: Puzzle) -> str:
    """The Tatham "Solo" game ID of a puzzle (`x` for the diagonal rule; other rules are not Solo's; `k`
    with killer cages, links/solokiller.py)."""
    c, r = puzzle.box
    killer = bool(puzzle.constraints) and all(con.type == "killer" and con.value for con in puzzle.constraints)
    cages = "," + solokiller.write(puzzle.size, puzzle.constraints, _solo_write) if killer else ""
    return f"{c}x{r}{'x' if 'diagonal' in puzzle.rules else ''}{'k' if killer else ''}:{_solo_write(puzzle.givens)}{cages}"


def _solo_write(values) -> str:
    """A Solo grid description: a number per nonzero value, a-z a run of zeros, `_` between two numbers."""
    out, run, last_number = [], 0, False
    for value in tuple(values) + (-1,):
        if value == 0:
            run += 1
            if run == 26:
                out.append("z")
                run, last_number = 0, False
            continue
        if run:
            out.append(chr(ord("a") + run - 1))
            run, last_number = 0, False
        if value > 0:
            out.append(("_" if last_number else "") + str(value))
            last_number = True
    return "".join(out)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A proposed filled grid in the text format, for `check` (no rule is applied here)."""
    size, _, values = _read_grid(text)
    if size != puzzle.size:
        raise PuzzleSyntaxError(f"the solution is {size}×{size}; the puzzle is {puzzle.size}×{puzzle.size}")
    return values


_VALUE = {**{ch: 0 for ch in EMPTY}, **{ch: i + 1 for i, ch in enumerate(SYMBOLS)},
          **{ch.lower(): i + 1 for i, ch in enumerate(SYMBOLS) if ch.isalpha()}}


_BYTE_VALUE = bytes(_VALUE.get(chr(b), 99) for b in range(256))     # an ASCII symbol's value, 99 for none


def _read_plain(text: str) -> tuple[int, tuple[int, ...]] | None:
    """The usual grid read quickly (N lines of N cells, or one line of N² cells, nothing else on them,
    every symbol a digit of the size), or None: then `_read_grid` reads it and says what is wrong."""
    lines = [line for line in text.splitlines() if line]
    cells = lines[0] if len(lines) == 1 else "".join(lines)
    size = len(lines) if len(lines) > 1 else next((n for n in BOXES if n * n == len(cells)), 0)
    if size not in BOXES or len(cells) != size * size or any(len(line) != size for line in lines[1:2] + lines[2:]):
        return None
    if not cells.isascii():
        return None
    values = tuple(cells.encode().translate(_BYTE_VALUE))
    return (size, values) if max(values) <= size else None


def _read_grid(text: str) -> tuple[int, tuple[int, int], tuple[int, ...]]:
    plain = _read_plain(text)
    if plain is not None:
        return plain[0], BOXES[plain[0]], plain[1]
    cells: list[tuple[str, int, int]] = []
    per_line: list[tuple[int, int]] = []             # (line number, cells on it)
    for ln, line in enumerate(text.splitlines(), 1):
        n_before = len(cells)
        for col, ch in enumerate(line, 1):
            if ch in IGNORED:
                continue
            if ch not in EMPTY and ch.upper() not in SYMBOLS:
                raise PuzzleSyntaxError(f"line {ln}, column {col}: unexpected character {ch!r}",
                                        line=ln, col=col)
            cells.append((ch, ln, col))
        if len(cells) > n_before:
            per_line.append((ln, len(cells) - n_before))
    if not cells:
        raise PuzzleSyntaxError("empty input: no sudoku cells found")
    if len(per_line) > 1:
        counts = [count for _, count in per_line]
        width = max(set(counts), key=lambda n: (counts.count(n), n))     # what most rows have
        if width * len(per_line) != len(cells) and len(per_line) in BOXES:
            width = len(per_line)                  # N rows: each should have N cells
        for r, (ln, count) in enumerate(per_line):
            if count != width:
                missing = f"{width - count} missing" if count < width else f"{count - width} too many"
                raise PuzzleSyntaxError(f"row {r + 1} (line {ln}): expected {width} cells like the other "
                                        f"rows, got {count} ({missing})", line=ln, r=r)
        if width != len(per_line):
            raise PuzzleSyntaxError(f"grid is {len(per_line)} rows of {width} cells; a sudoku is square "
                                    f"({', '.join(f'{n}×{n}' for n in BOXES)})", line=per_line[-1][0])
    size = next((n for n in BOXES if n * n == len(cells)), None)
    if size is None:
        near = min(BOXES, key=lambda n: abs(n * n - len(cells)))
        gap = near * near - len(cells)
        sizes = ", ".join(f"{n}×{n}" for n in BOXES)
        raise PuzzleSyntaxError(f"sudoku: got {len(cells):,} cells on line {per_line[0][0]}; a {near}×{near} "
                                f"sudoku has {near * near} ({abs(gap)} {'missing' if gap > 0 else 'too many'}); "
                                f"sizes: {sizes}", line=per_line[0][0])
    givens = tuple(0 if ch in EMPTY else _read_digit(ch, size, i // size, i % size, line=ln, col=col)
                   for i, (ch, ln, col) in enumerate(cells))
    return size, BOXES[size], givens


def _read_digit(symbol: str, size: int, r: int, c: int, line: int | None = None, col: int | None = None) -> int:
    """The digit a symbol names in a grid of this size (upper or lower case), else a located error."""
    value = SYMBOLS.find(symbol.upper()) + 1 if len(symbol) == 1 else 0
    if not 1 <= value <= size:
        place = f" (line {line}, column {col})" if line else ""
        raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}{place}: {excerpt(symbol)} is not a digit of a {size}×{size} "
                                f"sudoku (1-{SYMBOLS[size - 1]})", line=line, col=col, r=r, c=c)
    return value



def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The canonical text: one row per line, `.` for empty; then the irregular regions, the rules and the
    constraints drawn, if any (not with a solution)."""
    values = solution if solution is not None else puzzle.givens
    n = puzzle.size
    grid = "\n".join("".join(SYMBOLS[v - 1] if v else "." for v in values[r * n:(r + 1) * n]) for r in range(n))
    if solution is not None:
        return grid
    return "\n".join([grid, *drawn_lines(puzzle)])


REGION_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def drawn_lines(puzzle: Puzzle) -> list[str]:
    """The text lines after the grid: the `regions:` rows, the `rules:` line, then one line per constraint."""
    lines = []
    if puzzle.regions is not None:
        n = puzzle.size
        lines.append("regions:")
        lines += ["".join("." if x < 0 else REGION_SYMBOLS[x % len(REGION_SYMBOLS)] for x in puzzle.regions[r * n:(r + 1) * n])
                  for r in range(n)]
    if puzzle.rules:
        lines.append("rules: " + ", ".join(puzzle.rules))
    lines += [drawn.write_line(c) for c in puzzle.constraints]
    return lines



def from_old_link(old) -> str:
    """The grid of the page's old sudoku payload `COLSxROWS/cells` (its links up to commit 5acefc0): a
    digit symbol per given, a-z a run of 1-26 empty cells. `old` is gridlogic/links/legacy.py's OldPayload."""
    return old.grid_text()
