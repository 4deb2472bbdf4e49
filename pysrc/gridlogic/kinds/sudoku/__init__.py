"""Sudoku with combinable variant rules.

Rules: an N×N grid (N = r·c, boxes of r rows × c columns) holds digits 1..N once per row,
column and box. Variants, combinable: `knight` (cells a knight's move apart differ), `king`
(diagonal neighbours differ), `nonconsecutive` (orthogonal neighbours are not consecutive),
`diagonal` (both main diagonals distinct). `miracle` = knight + king + nonconsecutive.

Variables: `("digit", r, c, d)` is true when cell (r, c) holds d. Each cell, and each digit per
row, column and box, is exactly-one; the variants forbid pairs of literals. The rules part depends
only on (N, box, rules) and is cached; givens are assumptions, so one solver serves a whole batch.
Clues an explanation may name: each given (`("given", r, c)`, its digit literal held by assumption)
and each variant rule (`("rule", name)`, its clauses guarded in the cached base), so a classic
puzzle solved with the miracle rules left on can name the rule that breaks it.

Editing state: an N×N grid of cells, each "" or a digit symbol (1-9 then A-Z); rules travel apart.
"""

from __future__ import annotations

import functools
import math
import operator
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace

from gridlogic import links
from gridlogic.kinds.sudoku import constraints as drawn
from gridlogic.kinds.sudoku.constraints import Constraint
from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError, excerpt
from gridlogic.formula import Clue, Formula, Model, Not
from gridlogic.model import Board, Example, Violation

KEY = "sudoku"
TITLE = "Sudoku"
HOW_TO_PLAY = ("Put a digit in every empty cell so that each row, each column and each box holds every digit "
               "once. Variant rules add more: knight and king (cells a knight's or a king's move apart differ), "
               "nonconsecutive (side-by-side cells are not consecutive) and diagonal (both diagonals hold "
               "distinct digits).")


def box_shape(n: int) -> tuple[int, int]:
    """f-puzzles' box of an n×n grid: the tallest of at most √n rows that divides n (6: 2×3, 12: 3×4;
    a prime n: boxes of one row)."""
    rows = math.isqrt(n)
    while n % rows:
        rows -= 1
    return rows, n // rows


BOXES = {n: box_shape(n) for n in (*range(1, 17), 25)}
RULES = ("knight", "king", "nonconsecutive", "diagonal", "antidiagonal", "maindiagonal", "disjoint", "negative_black",
         "negative_xv")
ALIASES = {"miracle": ("knight", "king", "nonconsecutive"), "x": ("diagonal",),
           "antiknight": ("knight",), "antiking": ("king",), "negative_white": ("nonconsecutive",),
           "disjointgroups": ("disjoint",)}
# Rules that depend on the constraints drawn (the pairs without a dot): encoded with them, not in the base,
# by the family rule of that name (families.GLOBAL_ENCODE)
DRAWN_RULES = {"nonconsecutive": "negative-white", "negative_black": "negative-black", "negative_xv": "negative-xv"}
NEEDS: tuple[str, ...] = ()
GIVEN_VALUES = True          # givens are cell values (setter helpers)
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
EMPTY = ".0"
IGNORED = set(" \t\r|-+")

EXAMPLES = (
    Example("classic", "....1..3.\n..9..5..8\n8.4..6.25\n......6..\n..8..4...\n12..87...\n"
            "3..9..2..\n.65..8...\n9........", (), 1,
            "752819436\n639245718\n814736925\n473592681\n598164372\n"
            "126387549\n387951264\n265478193\n941623857"),
    Example("miracle", "\n".join(["........."] * 4 + ["..1......", "......2.."] + ["........."] * 3),
            ("miracle",), 1,
            "483726159\n726159483\n159483726\n837261594\n261594837\n"
            "594837261\n372615948\n615948372\n948372615"),
    Example("empty miracle", "\n".join(["........."] * 9), ("miracle",), 72),
    Example("4x4", "1...\n..2.\n.3..\n...4", (), None),
    Example("impossible", "12345678.\n........9\n" + "\n".join(["........."] * 7), (), 0),
)


@dataclass(frozen=True)
class Puzzle:
    """An N×N sudoku: givens row-major (0 = empty), box shape, variant rules, and the irregular regions
    and constraints drawn on it."""

    size: int
    box: tuple[int, int]
    givens: tuple[int, ...]
    rules: tuple[str, ...] = ()
    regions: tuple[int, ...] | None = None          # irregular regions: each cell's (row-major), -1 none
    constraints: tuple[Constraint, ...] = ()        # variant clues drawn on the grid (constraints.py)

    def given(self, r: int, c: int) -> int:
        """The given digit at (r, c), 0 if empty."""
        return self.givens[r * self.size + c]


Solution = tuple  # row-major digits


def normalize_rules(rules) -> tuple[str, ...]:
    """Rule names (list or comma string) expanded and sorted; unknown names are an error."""
    if isinstance(rules, str):
        rules = [r for r in rules.split(",")]
    out: set[str] = set()
    for name in rules or ():
        name = name.strip().lower()
        if not name:
            continue
        if name in ALIASES:
            out.update(ALIASES[name])
        elif name in RULES:
            out.add(name)
        else:
            known = ", ".join(RULES + tuple(ALIASES))
            raise RequestError(f"unknown sudoku rule {excerpt(name)} (known: {known})", field="rules")
    return tuple(r for r in RULES if r in out)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Read N² cells (`.`/`0` empty, 1-9 then A-Z); whitespace, `|`, `-`, `+` are ignored; or a
    puzz.link sudoku URL."""

    if links.looks_like_url(text, sys.modules[__name__]):
        puzzle = links.from_url(sys.modules[__name__], text.strip())
        return Puzzle(puzzle.size, puzzle.box, puzzle.givens, normalize_rules(rules))
    if _is_game_id(text):
        return from_solo(text, rules)
    grid, region_rows, lines, more_rules = _sections(text)
    size, _, givens = _read_grid(grid)
    regions = _read_regions(region_rows, size) if region_rows else None
    constraints = tuple(drawn.read_line(line, size, ln) for ln, line in lines)
    names = list(rules.split(",") if isinstance(rules, str) else rules or ()) + more_rules
    return _puzzle(size, givens, normalize_rules(names), regions, constraints)


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
    """True for one word whose part after its last `#` begins with Solo-like parameters and a colon
    (looked at without a regular expression over the whole text, which a long one would make slow)."""
    word = text.strip()
    if ":" not in word or any(ch.isspace() for ch in word):
        return False
    params = word.rsplit("#", 1)[-1].split(":", 1)[0]
    return _SOLO_START.fullmatch(params) is not None
_SOLO_PARAMS = re.compile(r"([0-9]{1,3})(?:x([0-9]{1,3}))?((?:j|x|k|md?[0-9]*|r[0-9]*|a|d[a-z]?)*)")


def from_solo(game_id: str, rules=()) -> Puzzle:
    """A Tatham "Solo" descriptive game ID `CxR:desc` (also after the `#` of a Solo page's URL): a side
    of C·R, boxes of C rows × R columns, `x` after the size for the diagonal rule; `desc` row-major,
    a number in decimal per given, a-z a run of 1-26 empty cells, `_` between two numbers. Jigsaw
    (`j`) and killer (`k`) IDs are refused, as are box shapes this kind does not draw."""
    text = game_id.strip()
    if "#" in text:
        text = text.rsplit("#", 1)[1]
    params, colon, desc = text.partition(":")
    m = _SOLO_PARAMS.fullmatch(params)
    if not colon or not m:
        raise PuzzleSyntaxError(f"Solo: bad game ID {excerpt(text)} (expected CxR:description, e.g. 3x3:a1b2…)")
    c = int(m[1])
    r = int(m[2]) if m[2] else c
    flags = re.sub(r"d[a-z]?", "", m[3])                 # difficulty letters may hold j, x, k: not flags
    if "j" in flags or "k" in flags:
        raise PuzzleSyntaxError(f"Solo: jigsaw and killer IDs are not read here (params {excerpt(params)})")
    n = c * r
    if BOXES.get(n) != (c, r):
        shapes = ", ".join(f"{br}x{bc}" for br, bc in BOXES.values())
        raise PuzzleSyntaxError(f"Solo: {excerpt(params)} has boxes of {c} rows × {r} columns, which sudoku "
                                f"here does not draw (Solo sizes read: {shapes})")
    givens: list[int] = []
    number = ""
    for i, ch in enumerate(desc + "_", len(params) + 2):
        if ch.isdigit():
            number += ch
            continue
        if number:
            value = int(number) if len(number) <= 3 else 0
            if not 1 <= value <= n:
                raise PuzzleSyntaxError(f"Solo, character {i - len(number)}: {excerpt(number)} is not a digit of a "
                                        f"{n}×{n} sudoku (1-{n})", col=i - len(number))
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
    extra = ("diagonal",) if "x" in flags else ()
    names = list(rules.split(",") if isinstance(rules, str) else rules or ()) + list(extra)
    return _puzzle(n, tuple(givens), normalize_rules(names))


def to_solo(puzzle: Puzzle) -> str:
    """The Tatham "Solo" game ID of a puzzle (`x` for the diagonal rule; other rules are not Solo's)."""
    c, r = puzzle.box
    out, run, last_number = [], 0, False
    for value in puzzle.givens + (-1,):
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
    return f"{c}x{r}{'x' if 'diagonal' in puzzle.rules else ''}:{''.join(out)}"


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


def make_puzzle(size: int, givens: tuple[int, ...], rules: tuple[str, ...] = (), regions: tuple[int, ...] | None = None,
                constraints: tuple[Constraint, ...] = ()) -> Puzzle:
    """A puzzle from its parts (read elsewhere, e.g. from an f-puzzles link), checked as `parse` checks."""
    if size not in BOXES or len(givens) != size * size or (regions is not None and len(regions) != size * size):
        raise PuzzleSyntaxError(f"a {size}×{size} sudoku is not drawn here (sizes 1-16 and 25)")
    for constraint in constraints:
        drawn.validate(constraint, size)
    return _puzzle(size, givens, rules, regions, constraints)


def _puzzle(size: int, givens: tuple[int, ...], rules: tuple[str, ...], regions: tuple[int, ...] | None = None,
            constraints: tuple[Constraint, ...] = ()) -> Puzzle:
    """The puzzle of read givens, refused when a digit is given twice in a unit or a region holds more
    cells than there are digits."""
    if regions is not None:
        for region in range(max(regions, default=-1) + 1):
            cells = [divmod(i, size) for i, x in enumerate(regions) if x == region]
            if len(cells) > size:
                raise PuzzleRuleError(f"a region holds {len(cells)} cells; a {size}×{size} sudoku has {size} digits",
                                      cells=[list(x) for x in cells])
    puzzle = Puzzle(size, BOXES[size], givens, rules, regions, constraints)
    _refuse_repeated_givens(puzzle)
    return puzzle


@functools.lru_cache(maxsize=32)
def _units(size: int, box: tuple[int, int], regions: tuple[int, ...] | None = None) -> list[tuple[str, list[tuple[int, int]]]]:
    """The rows, columns and boxes (or the irregular regions) of a grid, named."""
    br, bc = box
    units = [(f"row {r + 1}", [(r, c) for c in range(size)]) for r in range(size)]
    units += [(f"column {c + 1}", [(r, c) for r in range(size)]) for c in range(size)]
    units += [(f"{'box' if regions is None else 'region'} {i + 1}", list(cells))
              for i, cells in enumerate(_regions(size, box, regions))]
    return units


@functools.lru_cache(maxsize=32)
def _regions(size: int, box: tuple[int, int], regions: tuple[int, ...] | None = None) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The boxes, or the irregular regions (cells in reading order; a region without cells is none)."""
    if regions is not None:
        return tuple(tuple(divmod(i, size) for i, x in enumerate(regions) if x == region)
                     for region in range(max(regions, default=-1) + 1))
    br, bc = box
    return tuple(tuple((r0 + i, c0 + j) for i in range(br) for j in range(bc))
                 for b in range(size) for r0, c0 in [((b // (size // bc)) * br, (b % (size // bc)) * bc)])


@functools.lru_cache(maxsize=32)
def _unit_values(size: int, box: tuple[int, int],
                 regions: tuple[int, ...] | None = None) -> list[Callable[[tuple[int, ...]], tuple[int, ...]]]:
    """Per unit, a function from the grid's values to the unit's values (as a tuple)."""
    return [(lambda values, get=operator.itemgetter(*(r * size + c for r, c in cells)): tuple(get(values))
             if len(cells) > 1 else (values[cells[0][0] * size + cells[0][1]],))
            for _, cells in _units(size, box, regions) if cells]


def _refuse_repeated_givens(puzzle: Puzzle) -> None:
    givens, n = puzzle.givens, puzzle.size
    for values in _unit_values(n, puzzle.box, puzzle.regions):
        unit = values(givens)
        empty = unit.count(0)
        if len(set(unit)) != len(unit) - empty + (empty > 0):
            break
    else:
        return                                          # the usual case, checked quickly; else find where
    for name, cells in _units(puzzle.size, puzzle.box, puzzle.regions):
        seen: dict[int, tuple[int, int]] = {}
        for r, c in cells:
            d = givens[r * n + c]
            if d and d in seen:
                (r0, c0) = seen[d]
                raise PuzzleRuleError(f"{SYMBOLS[d - 1]} is given twice in {name} "
                                      f"(r{r0 + 1}c{c0 + 1} and r{r + 1}c{c + 1})",
                                      r=r, c=c, cells=[[r0, c0], [r, c]])
            seen[d] = (r, c)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The canonical text: one row per line, `.` for empty; then the irregular regions and the
    constraints drawn, if any (not with a solution)."""
    values = solution if solution is not None else puzzle.givens
    n = puzzle.size
    grid = "\n".join("".join(SYMBOLS[v - 1] if v else "." for v in values[r * n:(r + 1) * n]) for r in range(n))
    if solution is not None:
        return grid
    return "\n".join([grid, *drawn_lines(puzzle)])


REGION_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def drawn_lines(puzzle: Puzzle) -> list[str]:
    """The text lines after the grid: the `regions:` rows, then one line per constraint."""
    lines = []
    if puzzle.regions is not None:
        n = puzzle.size
        lines.append("regions:")
        lines += ["".join("." if x < 0 else REGION_SYMBOLS[x % len(REGION_SYMBOLS)] for x in puzzle.regions[r * n:(r + 1) * n])
                  for r in range(n)]
    lines += [drawn.write_line(c) for c in puzzle.constraints]
    return lines


def _offsets(rule: str) -> list[tuple[int, int]]:
    if rule == "knight":
        return [(1, 2), (2, 1), (1, -2), (2, -1)]
    if rule == "king":
        return [(1, 1), (1, -1)]
    return []


@functools.lru_cache(maxsize=16)
def rules_formula(size: int, box: tuple[int, int], rules: tuple[str, ...],
                  regions: tuple[int, ...] | None = None) -> Formula:
    """The formula of an empty grid of this shape under these rules (cached, shared); `rules` here are
    those that hold whatever is drawn (see DRAWN_RULES)."""
    f = Formula()
    digits = range(1, size + 1)
    cells = [(r, c) for r in range(size) for c in range(size)]
    for r, c in cells:
        f.exactly_one([("digit", r, c, d) for d in digits])
    f.show((("digit", r, c, d) for r, c in cells for d in digits), fixed_weight=True)
    for _, unit in _units(size, box, regions):
        _distinct(f, unit, size)
    diagonals = {"maindiagonal": [(i, i) for i in range(size)], "antidiagonal": [(size - 1 - i, i) for i in range(size)]}
    for rule, units in (("diagonal", list(diagonals.values())), ("maindiagonal", [diagonals["maindiagonal"]]),
                        ("antidiagonal", [diagonals["antidiagonal"]]), ("disjoint", _disjoint(size, box, regions))):
        if rule in rules:
            with f.clue(("rule", rule), (), f"the {RULE_WORDS.get(rule, rule)} rule"):
                for unit in units:
                    _distinct(f, unit, size)
    for rule in ("knight", "king"):
        if rule not in rules:
            continue
        with f.clue(("rule", rule), (), f"the {rule} rule"):
            for r, c in cells:
                for dr, dc in _offsets(rule):
                    r2, c2 = r + dr, c + dc
                    if 0 <= r2 < size and 0 <= c2 < size:
                        for d in digits:
                            f.clause([Not(("digit", r, c, d)), Not(("digit", r2, c2, d))])
    if "nonconsecutive" in rules:
        with f.clue(("rule", "nonconsecutive"), (), "the nonconsecutive rule"):
            for r, c in cells:
                for r2, c2 in ((r + 1, c), (r, c + 1)):
                    if r2 < size and c2 < size:
                        for d in range(1, size):
                            f.clause([Not(("digit", r, c, d)), Not(("digit", r2, c2, d + 1))])
                            f.clause([Not(("digit", r, c, d + 1)), Not(("digit", r2, c2, d))])
    return f


RULE_WORDS = {"antidiagonal": "anti-diagonal", "maindiagonal": "main diagonal", "disjoint": "disjoint groups",
              "negative_black": "negative black dot", "negative_xv": "negative XV"}


def _distinct(f: Formula, unit, size: int) -> None:
    """No digit twice in the unit: once each when it has a cell per digit."""
    for d in range(1, size + 1):
        lits = [("digit", r, c, d) for r, c in unit]
        if len(unit) == size:
            f.exactly_one(lits)
        elif len(unit) > 1:
            f.at_most_one(lits)


def _disjoint(size: int, box: tuple[int, int], regions: tuple[int, ...] | None) -> list[list[tuple[int, int]]]:
    """The disjoint groups: the cells at the same place (in reading order) of every box or region."""
    groups: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    for region in _regions(size, box, regions):
        for i, cell in enumerate(region):
            groups[i].append(cell)
    return [g for g in groups if len(g) > 1]


def base_rules(puzzle: Puzzle) -> tuple[str, ...]:
    """The puzzle's rules that go in the cached base (those not depending on the dots drawn)."""
    return tuple(r for r in puzzle.rules if r not in DRAWN_RULES
                 or (r == "nonconsecutive" and not any(c.type == "white" for c in puzzle.constraints)))


def grid_of(puzzle: Puzzle):
    """The shape its constraints live on (families.Grid)."""
    from gridlogic.kinds.sudoku.families import Grid

    return Grid(puzzle.size, _regions(puzzle.size, puzzle.box, puzzle.regions))


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Rules from the cached base; givens as assumptions, each a clue; each constraint drawn a clue of
    its own (its family's clauses), and the rules over the pairs without a dot."""
    base = base_rules(puzzle)
    f.include(rules_formula(puzzle.size, puzzle.box, base, puzzle.regions))
    clues = _given_clues(puzzle.size, puzzle.box, base, puzzle.regions)
    f.hold(clues[i][d] for i, d in enumerate(puzzle.givens) if d)
    drawn_rules = [r for r in puzzle.rules if r not in base]
    if not puzzle.constraints and not drawn_rules:
        return
    from gridlogic.kinds.sudoku import families

    grid = grid_of(puzzle)
    for i, constraint in enumerate(_merged(puzzle.constraints)):
        cells = (drawn.outside_cells(constraint, puzzle.size) if constraint.kind.shape == "outside"
                 else constraint.cells + constraint.more)
        with f.clue(("constraint", i), cells, drawn.label(constraint, puzzle.size)):
            families.ENCODE[constraint.type](f, constraint, grid, ("aux", i))
    for rule in drawn_rules:
        with f.clue(("rule", rule), (), f"the {RULE_WORDS.get(rule, rule)} rule"):
            families.GLOBAL_ENCODE[DRAWN_RULES[rule]](f, puzzle.constraints, grid, ("aux", rule))


def _merged(constraints: tuple[Constraint, ...]) -> tuple[Constraint, ...]:
    """The constraints as encoded and checked: the minimum (maximum) cells as one constraint, since
    each compares with its neighbours not marked the same way."""
    out, seen = [], {}
    for constraint in constraints:
        if constraint.type in ("minimum", "maximum"):
            if constraint.type in seen:
                i = seen[constraint.type]
                out[i] = replace(out[i], cells=out[i].cells + constraint.cells)
                continue
            seen[constraint.type] = len(out)
        out.append(constraint)
    return tuple(out)


@functools.lru_cache(maxsize=16)
def _given_clues(size: int, box: tuple[int, int], rules: tuple[str, ...],
                 regions: tuple[int, ...] | None = None) -> tuple[tuple[Clue | None, ...], ...]:
    """Per cell (reading order), per digit 1..size: the clue "digit d given at this cell", over the
    cached base's variables (made once per shape: a request's givens are then looked up)."""
    base = rules_formula(size, box, rules, regions)
    return tuple((None, *(Clue(("given", r, c), base.var(("digit", r, c, d)), ((r, c),),
                               f"the {SYMBOLS[d - 1]} at r{r + 1}c{c + 1}") for d in range(1, size + 1)))
                 for r in range(size) for c in range(size))


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: a digit placed, nothing for a digit ruled out."""
    return key[1:] if value and key[0] == "digit" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The digit grid of a model."""
    n = puzzle.size
    grid = [0] * (n * n)
    for key in model.true_keys():
        if key[0] == "digit":
            grid[key[1] * n + key[2]] = key[3]
    return tuple(grid)


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a filled grid (independent of the encoder)."""
    n = puzzle.size
    br, bc = puzzle.box
    grid = [list(solution[r * n:(r + 1) * n]) for r in range(n)]
    out: list[Violation] = []
    if len(solution) != n * n:
        return [Violation("shape", (), f"expected {n * n} cells, got {len(solution)}")]
    for r in range(n):
        for c in range(n):
            if not 1 <= grid[r][c] <= n:
                out.append(Violation("range", ((r, c),)))
            g = puzzle.givens[r * n + c]
            if g and g != grid[r][c]:
                out.append(Violation("given", ((r, c),)))

    def distinct(code: str, group: list[tuple[int, int]]) -> None:
        seen: dict[int, tuple[int, int]] = {}
        for r, c in group:
            if grid[r][c] in seen:
                out.append(Violation(code, (seen[grid[r][c]], (r, c))))
            seen[grid[r][c]] = (r, c)

    for name, unit in _units(n, puzzle.box, puzzle.regions):
        distinct(name.split()[0].replace("column", "col").replace("region", "box"), unit)
    diagonals = {"maindiagonal": [(i, i) for i in range(n)], "antidiagonal": [(n - 1 - i, i) for i in range(n)]}
    for rule, units in (("diagonal", list(diagonals.values())), ("maindiagonal", [diagonals["maindiagonal"]]),
                        ("antidiagonal", [diagonals["antidiagonal"]]),
                        ("disjoint", _disjoint(n, puzzle.box, puzzle.regions))):
        if rule in puzzle.rules:
            for unit in units:
                distinct("diagonal" if "diagonal" in rule else rule, unit)
    moves = {"knight": [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)],
             "king": [(a, b) for a in (-1, 1) for b in (-1, 1)]}
    for rule, deltas in moves.items():
        if rule in puzzle.rules:
            for r in range(n):
                for c in range(n):
                    for a, b in deltas:
                        if 0 <= r + a < n and 0 <= c + b < n and (r, c) < (r + a, c + b) \
                                and grid[r][c] == grid[r + a][c + b]:
                            out.append(Violation(rule, ((r, c), (r + a, c + b))))
    if "nonconsecutive" in base_rules(puzzle):
        for r in range(n):
            for c in range(n):
                for a, b in ((0, 1), (1, 0)):
                    if r + a < n and c + b < n and abs(grid[r][c] - grid[r + a][c + b]) == 1:
                        out.append(Violation("nonconsecutive", ((r, c), (r + a, c + b))))
    if puzzle.constraints or set(puzzle.rules) - set(base_rules(puzzle)):
        out += _drawn_violations(puzzle, tuple(solution))
    return out


def _drawn_violations(puzzle: Puzzle, values: tuple[int, ...]) -> list[Violation]:
    """The constraints drawn (and the rules over pairs without a dot) that a filled grid breaks."""
    from gridlogic.kinds.sudoku import families

    grid = grid_of(puzzle)
    out = [Violation(c.type, drawn.outside_cells(c, puzzle.size) if c.kind.shape == "outside" else c.cells + c.more,
                     drawn.label(c, puzzle.size))
           for c in _merged(puzzle.constraints) if not families.HOLDS[c.type](c, values, grid)]
    for rule in set(puzzle.rules) - set(base_rules(puzzle)):
        if not families.GLOBAL_HOLDS[DRAWN_RULES[rule]](puzzle.constraints, values, grid):
            out.append(Violation(rule, ()))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """Cells with their text and role (given / solved / empty), and the box shape."""
    n = puzzle.size
    cells = []
    for i, g in enumerate(puzzle.givens):
        value = g or (solution[i] if solution else 0)
        role = "given" if g else ("solved" if value else "empty")
        cells.append({"r": i // n, "c": i % n, "text": SYMBOLS[value - 1] if value else "", "role": role})
    extras = {"box": list(puzzle.box), "rules": list(puzzle.rules)}
    if puzzle.regions is not None:
        extras["regions"] = list(puzzle.regions)
    if puzzle.constraints:
        extras["constraints"] = [_drawing(c, n) for c in puzzle.constraints]
    return Board(n, n, tuple(cells), extras)


def _drawing(constraint: Constraint, size: int) -> dict:
    """A constraint as the page draws it: its type, shape, cells (an outside clue's cell one step out),
    `more`, value, digits, direction and label."""
    out = {"type": constraint.type, "shape": constraint.kind.shape, "cells": [list(x) for x in constraint.cells],
           "label": drawn.label(constraint, size)}
    if constraint.more:
        out["more"] = [list(x) for x in constraint.more]
    if constraint.value is not None:
        out["value"] = constraint.value
    if constraint.digits:
        out["digits"] = list(constraint.digits)
    if constraint.direction:
        out["direction"] = constraint.direction
    return out


def layout() -> dict:
    """What the editor draws: the sizes with their boxes, square grids of digit symbols."""
    return {
        "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}", "box": list(BOXES[n])} for n in BOXES],
        "default_size": {"rows": 9, "cols": 9},
        "min_size": {"rows": min(BOXES), "cols": min(BOXES)}, "max_size": {"rows": max(BOXES), "cols": max(BOXES)},
        "free_size": False, "square": True,
        "cell": {"symbols": {str(n): SYMBOLS[:n] for n in BOXES}, "empty": {"label": "empty", "look": "white"}},
        "extras": [{"key": "drawn", "label": "Variant clues", "lines": 3, "max_length": 50_000,
                    "placeholder": "killer 17: r1c1 r1c2 r2c1",
                    "help": "one per line: killer, arrow, thermo, white, black, x, v, littlekiller, sandwich, "
                            "odd, even, renban, whispers, palindrome… (regions: then one row per grid row)"}],
        "play": {"values": "symbols", "on": "empty", "pencil": True},
    }


def to_state(puzzle: Puzzle) -> dict:
    """The editing state of a puzzle: its givens as symbols, "" where empty."""
    return {"rows": puzzle.size, "cols": puzzle.size, "cells": [SYMBOLS[d - 1] if d else "" for d in puzzle.givens],
            "extras": {"drawn": "\n".join(drawn_lines(puzzle))}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` refuses the same grid."""
    size = state["rows"]
    if size != state["cols"] or size not in BOXES:
        sizes = ", ".join(f"{n}×{n}" for n in BOXES)
        raise PuzzleSyntaxError(f"{state['rows']}×{state['cols']} is not a sudoku size ({sizes})")
    givens = tuple(_read_digit(value, size, i // size, i % size) if value else 0
                   for i, value in enumerate(state["cells"]))
    text = (state.get("extras") or {}).get("drawn", "")
    regions, constraints, more_rules = None, (), []
    if text.strip():
        try:
            _, region_rows, lines, more_rules = _sections(text, "lines")
            regions = _read_regions(region_rows, size) if region_rows else None
            constraints = tuple(drawn.read_line(line, size, ln) for ln, line in lines)
        except PuzzleSyntaxError as err:             # located in the field (its message names the line)
            raise PuzzleSyntaxError(f"Variant clues, {err.message}", extra="drawn") from None
    names = list(rules.split(",") if isinstance(rules, str) else rules or ()) + more_rules
    return _puzzle(size, givens, normalize_rules(names), regions, constraints)


# -- puzz.link (pzprjs `sudoku`: Number16 over the cells, row-major; the box shape is implied) ---
_HEX = "0123456789abcdef"
_NUMBER16_WIDTH = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "@": (3, 8192), "%": (3, 8192),
                   "*": (4, 12240), "$": (5, 77776)}


def from_puzzlink(cols, rows, body: str) -> Puzzle:
    """A puzzle from puzz.link sudoku data: `cols`/`rows` and the Number16 body after them."""
    if not (isinstance(cols, int) and isinstance(rows, int)):
        raise PuzzleSyntaxError(f"puzz.link size must be two numbers, got {excerpt(cols)}/{excerpt(rows)}")
    if cols != rows or cols not in BOXES:
        sizes = ", ".join(f"{n}/{n}" for n in BOXES)
        raise PuzzleSyntaxError(f"puzz.link sudoku size {cols}/{rows} is not one of {sizes}")
    n = cols
    body = body.rstrip("/")
    givens: list[int] = []
    i = 0
    while i < len(body) and len(givens) < n * n:
        ch = body[i]
        if ch in _HEX:
            value, i = int(ch, 16), i + 1
        elif ch in _NUMBER16_WIDTH:
            width, offset = _NUMBER16_WIDTH[ch]
            chunk = body[i + 1:i + 1 + width]
            if len(chunk) != width or any(x not in _HEX for x in chunk):
                raise PuzzleSyntaxError(f"puzz.link data, character {i + 1}: {ch!r} needs {width} hex digits",
                                        col=i + 1)
            value, i = int(chunk, 16) + offset, i + 1 + width
        elif "g" <= ch <= "z":
            givens.extend([0] * (int(ch, 36) - 15))
            i += 1
            continue
        elif ch == ".":
            raise PuzzleSyntaxError(f"puzz.link data, character {i + 1}: '?' cells are not a sudoku given",
                                    col=i + 1)
        else:
            raise PuzzleSyntaxError(f"puzz.link data, character {i + 1}: unexpected character {ch!r}",
                                    col=i + 1)
        if not 1 <= value <= n:
            cell = len(givens)
            raise PuzzleSyntaxError(f"puzz.link data, character {i}: r{cell // n + 1}c{cell % n + 1} holds "
                                    f"{value}, not 1..{n}", col=i, r=cell // n, c=cell % n)
        givens.append(value)
    if len(givens) > n * n or i < len(body):
        raise PuzzleSyntaxError(f"puzz.link data runs past the {n * n} cells of a {n}×{n} grid")
    givens.extend([0] * (n * n - len(givens)))       # pzprjs leaves trailing empty cells out
    return _puzzle(n, tuple(givens), ())


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle (puzz.link sudoku has no variant rules: they are refused)."""
    if puzzle.rules:
        raise RequestError(f"puzz.link sudoku has no variant rules ({', '.join(puzzle.rules)})", field="rules")
    out: list[str] = []
    run = 0
    for value in puzzle.givens:
        if not value:
            run += 1
            if run == 20:
                out.append("z")
                run = 0
            continue
        if run:
            out.append("0123456789abcdefghijklmnopqrstuvwxyz"[run + 15])
            run = 0
        out.append(_HEX[value] if value < 16 else f"-{value:02x}")
    if run:
        out.append("0123456789abcdefghijklmnopqrstuvwxyz"[run + 15])
    body = "".join(out)
    if body and not body[-1].isalnum():
        body += "/"
    return f"https://puzz.link/p?sudoku/{puzzle.size}/{puzzle.size}/{body}"


# -- naming a step (explain.walk) -----------------------------------------------------------------
EASY_STEPS = ("naked single", "hidden single")
SUBSETS = {2: "pair", 3: "triple"}


def units_of(puzzle: Puzzle) -> list[list[tuple[int, int]]]:
    """The boxes: a step whose cells lie in one box needs one unit only."""
    return [cells for name, cells in _units(puzzle.size, puzzle.box, puzzle.regions)
            if name.startswith(("box", "region"))]


CONSTRAINT_STEPS = {"killer": "cage combination", "arrow": "arrow sum", "doublearrow": "arrow sum",
                    "thermo": "thermometer order", "slowthermo": "thermometer order", "white": "kropki pair",
                    "black": "kropki pair", "x": "XV pair", "v": "XV pair", "littlekiller": "little killer sum",
                    "sandwich": "sandwich sum", "xsum": "x-sum", "skyscraper": "skyscraper count",
                    "renban": "renban set", "whispers": "whispers difference", "dutchwhispers": "whispers difference",
                    "palindrome": "palindrome pair", "between": "between line", "odd": "parity", "even": "parity"}


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The technique a step's reason shows: a classic one (`classic_step`), else, when the reason leans
    on constraints of one family only, that family's deduction ("cage combination", "arrow sum",
    "thermometer order", "kropki pair", ...); None for a chain."""
    classic = classic_step(puzzle, fact, clue_keys)
    if classic is not None:
        return classic
    merged = _merged(puzzle.constraints)
    names = {CONSTRAINT_STEPS.get(merged[key[1]].type) for key in clue_keys
             if key[0] == "constraint" and isinstance(key[1], int) and key[1] < len(merged)}
    return names.pop() if len(names) == 1 else None


def classic_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The classic technique a step's reason shows, found on the reason alone (its digits and
    eliminations under the row, column and box rules): naked or hidden single, pointing, claiming,
    naked or hidden pair or triple; None when none of them proves the step (a chain). (A reason that
    needs a constraint is never one of them: a reason is minimal.)"""
    r, c, v, eliminated = fact
    seen = _Seen(puzzle, clue_keys)
    units = [cells for _, cells in _units(puzzle.size, puzzle.box, puzzle.regions) if (r, c) in cells]
    if not eliminated:
        if seen.candidates(r, c) == {v}:
            return "naked single"
        if any(seen.places(unit, v) == [(r, c)] for unit in units):
            return "hidden single"
        return None
    if (r, c) in seen.values or v not in seen.candidates(r, c):
        return None
    boxes = units_of(puzzle)
    lines = [unit for unit in units if unit not in boxes]
    for line in lines:                          # v's places in a box all on this line, the box elsewhere
        if any((r, c) not in box and set(seen.places(box, v)) <= set(line) for box in boxes if set(box) & set(line)):
            return "pointing"
    box = next(unit for unit in units if unit in boxes)
    all_lines = [cells for name, cells in _units(puzzle.size, puzzle.box, puzzle.regions)
                 if not name.startswith(("box", "region"))]
    if any((r, c) not in line and set(seen.places(line, v)) <= set(box) for line in all_lines if set(box) & set(line)):
        return "claiming"
    for k, subset in SUBSETS.items():
        for unit in units:
            if _naked(seen, unit, (r, c), v, k):
                return f"naked {subset}"
            if _hidden(seen, unit, (r, c), v, k):
                return f"hidden {subset}"
    return None


class _Seen:
    """What a reason shows: the digits it places (givens, entries, earlier steps) and eliminates."""

    def __init__(self, puzzle: Puzzle, clue_keys) -> None:
        self.size = puzzle.size
        self.region_of = {cell: i for i, cells in enumerate(_regions(puzzle.size, puzzle.box, puzzle.regions))
                          for cell in cells}
        self.values: dict[tuple[int, int], int] = {}
        self.gone: set[tuple[int, int, int]] = set()
        for key in clue_keys:
            if key[0] == "given":
                self.values[key[1:3]] = puzzle.given(*key[1:3])
            elif key[0] in ("placed", "entry"):
                self.values[key[1:3]] = key[3]
            elif key[0] == "eliminated":
                self.gone.add(tuple(key[1:]))

    def sees(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """True when two cells share a row, column or box."""
        region = self.region_of.get(a)
        return a != b and (a[0] == b[0] or a[1] == b[1] or (region is not None and region == self.region_of.get(b)))

    def candidates(self, r: int, c: int) -> set[int]:
        """The digits the reason leaves a cell: its own when placed, else those no seen cell holds."""
        if (r, c) in self.values:
            return {self.values[(r, c)]}
        held = {d for cell, d in self.values.items() if self.sees(cell, (r, c))}
        return {d for d in range(1, self.size + 1) if d not in held and (r, c, d) not in self.gone}

    def places(self, unit: list[tuple[int, int]], d: int) -> list[tuple[int, int]]:
        """The cells of a unit the reason leaves open to d (a cell holding d included)."""
        return [cell for cell in unit if d in self.candidates(*cell)]


def _naked(seen: _Seen, unit, cell, v: int, k: int) -> bool:
    """k other open cells of the unit whose candidates, v among them, are k digits in all."""
    from itertools import combinations

    open_cells = [x for x in unit if x != cell and x not in seen.values]
    return any(len(digits) == k and v in digits
               for group in combinations(open_cells, k)
               for digits in [set().union(*(seen.candidates(*x) for x in group))])


def _hidden(seen: _Seen, unit, cell, v: int, k: int) -> bool:
    """k digits other than v whose places in the unit are k cells in all, the cell among them."""
    from itertools import combinations

    free = [d for d in range(1, seen.size + 1) if d != v and d not in {seen.values.get(x) for x in unit}]
    return any(len(cells) == k and cell in cells
               for digits in combinations(free, k)
               for cells in [set().union(*(seen.places(unit, d) for d in digits))])
