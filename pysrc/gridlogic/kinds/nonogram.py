"""Nonogram (paint by numbers).

Rules: a W×H grid; each row and column has a clue, the lengths in order of its blocks of filled
cells, with at least one empty cell between blocks. Fill cells to match every clue. Many
published nonograms have several solutions, so a second one is always looked for.

Variables: `("black", r, c)` is true when cell (r, c) is filled; only these are shown, so
counting is over pictures. Each line is a regular constraint: its clue `3 1` reads as the word
`###.#` with optional extra `.` at the start, the end and after each gap; a deterministic
automaton walks it, state q meaning "q letters of the word matched". `("state", line, i, q)` is
true when the automaton is in state q before cell i; where a state has two ways on (a block may
start here or not), `("move", line, i, q, v)` is "in state q and cell i is v". Only live states
are created (reachable from the start, able to reach the end), so a line costs about
length × slack variables, never one per placement; a state reached by a single move is that
move's variable, so a block's inner states are its start. Forward, backward and value-support
clauses (Bacchus's encoding of `regular`) make unit propagation on a line exactly the classic
line solver: it fixes every cell on which all placements agree.

Line solving first: the same automata as bit masks (`Automaton.live`) run the row/column
fixpoint in Python; forced cells become units and finished lines get no clauses. It pays
(bench/bench_nonogram.py): Swing 45×45 becomes 2025 unit clauses instead of 119k clauses, Merka
solves in 0.11 s instead of 0.48 s, the TAAI 25×25 median drops from 53 to 35 ms. Knotty and Faase
stay hard for it: line solving fixes 79 of 1600 and 1424 of 7600 cells, probing (each open cell
tried both ways, line solved to the fixpoint) none more of Knotty's and 813 more of Faase's.

The symmetric guess: when at least GUESS_OPEN_CELLS cells stay open and the clues keep a mirror or
a turn of the box of lines with blocks (`symmetries`), the formula carries `guess`
(`symmetric_formula`): the puzzle with its picture forced to all of them, one variable per orbit of
cells, one automaton per line up to symmetry. The SAT backend solves it first (a bounded number of
conflicts) and takes its picture as the solver's phases; a guess only steers, so answers are the same
with or without it. Designed pictures are often symmetric, and a symmetric picture is what a
search over the whole grid misses: Knotty's clues keep the quarter turn, its first published picture
does too, and the guess (a quarter of the cells and 20 of its 78 open lines: a row and its image
column differ only in the empty cell outside the turned box, so lines are compared within the empty
cells at their ends) finds it in 8k-9k conflicts, after which the second picture (14 cells apart)
is a few hundred conflicts away from those phases. Through `api.handle`: `multiple`, both pictures
checked, 0.55 s CPU with minisat22 and 1.7-2.2 s with cadical195, 5.5-8.8 s in Pyodide (bench/bench_nonogram.py
--guess-only; cadical195's guess takes 5k-14k conflicts since it is solved in time-sized pieces that a
budget can stop, see backends/sat.py; 2.2 s of its 2.6 s went to the guess while its 78 lines were all encoded),
where before no engine found even the first picture in 120 s (cadical195 once settled it in 136 s).
Below 1000 open cells the guess is not worth its cost (webpbn #65, 810 open cells and a mirror:
0.09 s without, 0.16 s with, before lines were merged up to symmetry). Faase has no symmetry and
stays slow (cadical195 377 s): with cadical195 none of probing as presolve, an order encoding of
block starts (alone or beside the automaton), phases from per-line fill probabilities or from belief
propagation, or `stabilizeonly` found its first picture in 60 s, nor did glucose4 or maplechrono
(60 s) or kissat404 (140 s). Its hard part is the scattered dots of rows 48-95: with the published
picture's rows 48-95 given, cadical195 ends in 1.3k conflicts; with rows 0-47 given, not in 160k.

Formats: `.non` (Simpson; `goal` = published solution, metadata ignored), puzz.link URLs
(`from_puzzlink`/`to_puzzlink`), Tatham "Pattern" game IDs (`from_tatham`/`to_tatham`) and the
TAAI tournament question files (`read_taai`). `parse` recognises all four.

Clues: each row's and column's clue (`("row", r)`, `("col", c)`) is one an explanation may name.
A line's automaton is guarded by its clue (on its start, its end and its cells' support clauses:
switched off, all its states may be false). Explanations build the formula with `exact_clues`:
then no line solving, every line whole, so switching lines off leaves exactly the others and a
set of lines found to conflict (or to force a cell) is minimal; the formula then carries `line_steps`
as its `clue_steps`, so that a hint path takes what one line forces from the line solver (each with a
minimal set of the line's known cells) and asks the SAT solver only beyond that. Otherwise the cells line solving
forces are plain units: the clues still label the lines, but switching one off leaves them.

Editing state (gridlogic.layout): a clue field above each column ("cols") and left of each row
("rows"); the cells hold nothing (solutions are drawn on them). A `.non` goal is metadata, like
its title, and is not carried: `from_state(to_state(p))` is `p` without its goal.
"""

from __future__ import annotations

import re
from collections import deque
import sys
from dataclasses import dataclass
from functools import partial

from gridlogic.budget import tick
from gridlogic import links
from gridlogic.errors import EXCERPT_CHARS, PuzzleRuleError, PuzzleSyntaxError, excerpt
from gridlogic.formula import Formula, Model, Not
from gridlogic.kinds._text import is_number, read_number
from gridlogic.model import Board, Example, Violation

KEY = "nonogram"
TITLE = "Nonogram"
HOW_TO_PLAY = ("Fill cells so that each row and each column shows its clue: the lengths of its blocks of filled "
               "cells, in order, with at least one empty cell between blocks. Cross out the cells you know are "
               "empty.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
MAX_SIDE = 100             # width and height (the corpus's largest, Faase, is 80×95)

Clue = tuple[int, ...]

EXAMPLES = (
    Example("simpson 4x5", "width 4\nheight 5\n\nrows\n4\n1,1\n1,1\n1,2\n3\n\ncolumns\n5\n1,1\n1,2\n4\n",
            (), 1, "####\n#..#\n#..#\n#.##\n###."),
    Example("dancer 5x10", "width 5\nheight 10\n\nrows\n2\n2,1\n1,1\n3\n1,1\n1,1\n2\n1,1\n1,2\n2\n\n"
            "columns\n2,1\n2,1,3\n7\n1,3\n2,1\n", (), 1,
            ".##..\n.##.#\n..#.#\n.###.\n#.#..\n#.#..\n..##.\n.#.#.\n.#.##\n##..."),
    Example("not line-solvable 4x4", "4x4:2/1/2/1/1.1/2/1/1", (), 1, "#..#\n##..\n..#.\n..#."),
    Example("two diagonals", "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n", (), 2),
    Example("impossible", "width 3\nheight 3\nrows\n1\n1\n1,1\ncolumns\n1\n1,1\n1\n", (), 0),
)


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


# -- .non ----------------------------------------------------------------------------------------
KEYWORD = re.compile(r"^[A-Za-z_]")
KNOWN = {"width", "height", "rows", "columns", "goal", "title", "by", "copyright", "catalogue",
         "license", "color", "saved", "maxrule"}


def parse(text: str, rules=(), **_options) -> Puzzle:
    """A `.non` file; also a puzz.link URL, a Tatham Pattern ID or one TAAI question."""
    stripped = text.strip()
    if not stripped:
        raise PuzzleSyntaxError("empty input: no nonogram found")
    if "nonogram/" in stripped and "\n" not in stripped:
        return from_url(stripped)
    if re.match(r"^(\S*#)?[0-9]+(x[0-9]+)?:", stripped):
        return from_tatham(stripped)
    if stripped.startswith("$"):
        puzzles = read_taai(text)
        if len(puzzles) != 1:
            raise PuzzleSyntaxError(f"expected one TAAI puzzle, got {len(puzzles)}")
        return puzzles[0][1]
    return parse_non(text)


def parse_non(text: str) -> Puzzle:
    """A `.non` file (Simpson's format as extended by mikix/nonogram-db)."""
    lines = text.splitlines()
    size: dict[str, int] = {}
    clues: dict[str, list[Clue]] = {}
    where: dict = {}
    goal = None
    n = 0
    while n < len(lines):
        ln, raw = n + 1, lines[n].strip()
        n += 1
        if not raw or not KEYWORD.match(raw):
            if raw:
                raise PuzzleSyntaxError(f"line {ln}: a clue line outside `rows`/`columns`", line=ln)
            continue
        word, _, rest = raw.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("width", "height"):
            size[word] = _size(rest, word, ln)
            where[word] = {"line": ln}
        elif word in ("rows", "columns"):
            dim = "height" if word == "rows" else "width"
            if rest:
                size.setdefault(dim, _size(rest, word, ln))
            if dim not in size:
                raise PuzzleSyntaxError(f"line {ln}: `{word}` before `{dim}`: missing {dim}", line=ln)
            want = size[dim]
            block = []
            while n < len(lines):
                body = lines[n].strip()
                word_here = body.split(" ")[0].lower()
                if word_here in KNOWN or (KEYWORD.match(body) and sum(1 for b in block if b[1]) >= want):
                    break
                block.append((n + 1, body))
                n += 1
            filled = [b for b in block if b[1]]
            if len(filled) != want:
                while block and not block[-1][1]:
                    block.pop()
                while block and not block[0][1]:
                    block.pop(0)
                if len(block) != want:
                    raise PuzzleSyntaxError(f"line {ln}: `{word}` needs {want} clue lines "
                                            f"({dim} {want}), got {len(filled)}", line=ln)
                filled = block
            name = word[:-1] if word == "rows" else "column"
            where[name + "s"] = {"line": ln}
            out = []
            for i, (cl, body) in enumerate(filled):
                where[(name, i)] = {"line": cl, "r" if name == "row" else "c": i}
                out.append(_numbers(body, f"line {cl}: {name} {i + 1}", {"line": cl}))
            clues[word] = out
        elif word == "goal":
            where["goal"] = {"line": ln}
            body = rest.strip().strip('"').replace(" ", "")
            goal = tuple(0 if ch == "0" else 1 for ch in body)
    for dim in ("width", "height"):
        if dim not in size:
            raise PuzzleSyntaxError(f"missing `{dim}` line")
    for word in ("rows", "columns"):
        if word not in clues:
            raise PuzzleSyntaxError(f"missing `{word}` section")
    return make_puzzle(size["width"], size["height"], clues["rows"], clues["columns"], goal, where)


def _size(word: str, what: str, ln: int) -> int:
    if not is_number(word):
        raise PuzzleSyntaxError(f"line {ln}: {what}: bad number {excerpt(word)}", line=ln)
    value = read_number(word, 3)
    if value is None or value > MAX_SIDE:
        raise PuzzleSyntaxError(f"line {ln}: nonogram: {what} must be 1 to {MAX_SIDE} (at most "
                                f"{MAX_SIDE}×{MAX_SIDE} cells), got {excerpt(word)}", line=ln)
    return value


def to_non(puzzle: Puzzle, goal: Solution | None = None) -> str:
    """The `.non` text; `goal` (or the puzzle's own) is written as the published solution."""
    goal = goal if goal is not None else puzzle.goal
    out = [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    out += [",".join(map(str, clue)) or "0" for clue in puzzle.rows]
    out += ["", "columns"]
    out += [",".join(map(str, clue)) or "0" for clue in puzzle.columns]
    if goal is not None:
        out += ["", 'goal "' + "".join(map(str, goal)) + '"']
    return "\n".join(out) + "\n"


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The canonical `.non` text; with a solution, rows of `#` (filled) and `.`."""
    if solution is None:
        return to_non(puzzle)
    w = puzzle.width
    return "\n".join("".join("#" if v else "." for v in solution[r * w:(r + 1) * w])
                     for r in range(puzzle.height))


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A proposed picture: rows of `#`/`X`/`1` (filled) and `.`/`-`/`0` (empty)."""
    rows = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if len(rows) != puzzle.height:
        raise PuzzleSyntaxError(f"the solution has {len(rows)} rows; the puzzle has {puzzle.height}")
    cells = []
    for r, row in enumerate(rows):
        row = row.replace(" ", "").replace("\t", "")
        if len(row) != puzzle.width:
            raise PuzzleSyntaxError(f"row {r + 1}: expected {puzzle.width} cells, got {len(row)}", r=r)
        for c, ch in enumerate(row):
            if ch in "#Xx1":
                cells.append(1)
            elif ch in ".-0_ ":
                cells.append(0)
            else:
                raise PuzzleSyntaxError(f"row {r + 1}, column {c + 1}: unexpected character {ch!r}",
                                        r=r, c=c)
    return tuple(cells)


# -- the editing state (gridlogic.layout) ------------------------------------------------------
def layout() -> dict:
    """Clue fields above each column and left of each row; the cells only show solutions."""
    clue = {"placeholder": "3 1", "pattern": r"^[0-9\s,]*$", "max_length": 4 * MAX_SIDE}
    return {
        "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (5, 10, 15, 20, 25, 30)],
        "default_size": {"rows": 10, "cols": 10}, "free_size": True,
        "min_size": {"rows": 1, "cols": 1}, "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE},
        "size_note": "Clues: block lengths, e.g. 3 1 2 (empty = no block). Paste a .non file, a puzz.link URL "
                     "or a Tatham Pattern ID to load one.",
        "cell": {"editable": False},
        "edges": [{"key": "cols", "side": "top", "label": "column clue", **clue},
                  {"key": "rows", "side": "left", "label": "row clue", **clue}],
        "play": {"values": [0, 1], "on": "all", "cycle": [1, 0], "drag": True, "keys": {"f": 1, "#": 1, "x": 0}},
    }


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: each clue's block lengths separated by spaces ("" for none). The published
    solution (a `.non` goal) is not part of what is edited and is left out."""
    return {"rows": puzzle.height, "cols": puzzle.width, "cells": [""] * (puzzle.width * puzzle.height),
            "edges": {"cols": [" ".join(map(str, clue)) for clue in puzzle.columns],
                      "rows": [" ".join(map(str, clue)) for clue in puzzle.rows]}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state (shape already checked), refused as `parse` would, located."""
    width, height = state["cols"], state["rows"]
    drawn = next((i for i, value in enumerate(state["cells"]) if value), None)
    if drawn is not None:
        r, c = divmod(drawn, width)
        raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: nonogram cells hold no givens (got "
                                f"{excerpt(state['cells'][drawn])})", r=r, c=c)
    where: dict = {}
    clues = {}
    for key, name in (("rows", "row"), ("cols", "column")):
        clues[key] = []
        for i, text in enumerate(state["edges"][key]):
            where[(name, i)] = {"edge": key, "index": i}
            clues[key].append(_numbers(text, f"{name} {i + 1}", where[(name, i)]))
    return make_puzzle(width, height, clues["rows"], clues["cols"], where=where)


# -- puzz.link ----------------------------------------------------------------------------------
def from_url(url: str) -> Puzzle:
    """A puzz.link / pzprjs nonogram URL (`…?nonogram/W/H/body`)."""

    if not re.search(r"\?(?:type=[a-z]+&)?nonogram(?:_edit|_play)?/", url.strip()):
        raise PuzzleSyntaxError("not a puzz.link nonogram URL (expected …?nonogram/W/H/body)")
    return links.from_url(sys.modules[__name__], url)


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """A puzzle from puzz.link nonogram data: width `cols`, height `rows` and the clue body."""
    w, h = cols, rows
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise PuzzleSyntaxError(f"puzz.link: nonogram: at most {MAX_SIDE}×{MAX_SIDE} cells (got {w}×{h})")
    m = re.fullmatch(r"([0-9a-z.\-]*)/?", body)
    if not m:
        bad = next((i for i, ch in enumerate(body) if ch not in "0123456789abcdefghijklmnopqrstuvwxyz.-/"), 0)
        raise PuzzleSyntaxError(f"puzz.link data, character {bad + 1}: unexpected character {body[bad]!r}",
                                col=bad + 1)
    body = m[1]
    per_col, per_row = (h + 1) // 2, (w + 1) // 2
    total = w * per_col + h * per_row
    slots: list[int | None] = []
    i = 0
    while i < len(body) and len(slots) < total:
        ch = body[i]
        if ch in "0123456789abcdef":
            slots.append(int(ch, 16))
            i += 1
        elif ch == "-":
            if not re.fullmatch(r"[0-9a-f]{2}", body[i + 1:i + 3]):
                raise PuzzleSyntaxError(f"puzz.link: bad number at position {i + 1}", col=i + 1)
            slots.append(int(body[i + 1:i + 3], 16))
            i += 3
        elif "g" <= ch <= "z":
            slots.extend([None] * (int(ch, 36) - 15))
            i += 1
        else:
            raise PuzzleSyntaxError("puzz.link: unknown clue numbers ('.') are not supported", col=i + 1)
    if len(slots) < total:
        raise PuzzleSyntaxError(f"puzz.link: the body holds {len(slots)} clue slots, expected {total}")
    slots = slots[:total]

    def lines(start: int, count: int, per: int) -> list[Clue]:
        out = []
        for k in range(count):
            part = slots[start + k * per:start + (k + 1) * per]
            out.append(tuple(v for v in reversed(part) if v))
        return out

    columns = lines(0, w, per_col)
    rows = lines(w * per_col, h, per_row)
    return make_puzzle(w, h, rows, columns)


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle (clues stored nearest-the-grid first)."""
    w, h = puzzle.width, puzzle.height
    slots: list[int | None] = []
    for clues, per in ((puzzle.columns, (h + 1) // 2), (puzzle.rows, (w + 1) // 2)):
        for clue in clues:
            part = list(reversed(clue))
            slots += part + [None] * (per - len(part))
    body, blanks = [], 0
    for v in slots + ["end"]:
        if v is None:
            blanks += 1
            if blanks == 20:
                body.append("z")
                blanks = 0
            continue
        if blanks:
            body.append(chr(ord("g") + blanks - 1))
            blanks = 0
        if v != "end":
            body.append(f"{v:x}" if v < 16 else f"-{v:02x}")
    return f"https://puzz.link/p?nonogram/{w}/{h}/{''.join(body)}"


# -- Tatham's Pattern ---------------------------------------------------------------------------
def from_tatham(game_id: str) -> Puzzle:
    """A Tatham "Pattern" descriptive game ID `WxH:col/…/row/…` (or a permalink ending in it)."""
    text = game_id.strip()
    if "#" in text and ":" in text.split("#", 1)[1]:
        text = text.split("#", 1)[1]
    params, colon, desc = text.partition(":")
    if not colon:
        raise PuzzleSyntaxError("a Pattern game ID needs `params:description` (a random seed is not a puzzle)")
    m = re.fullmatch(r"([0-9]{1,4})(?:x([0-9]{1,4}))?", params)
    if not m:
        raise PuzzleSyntaxError(f"Pattern: bad size {excerpt(params)} (expected WxH or N)")
    w = int(m[1])
    h = int(m[2]) if m[2] else w
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise PuzzleSyntaxError(f"Pattern: nonogram: at most {MAX_SIDE}×{MAX_SIDE} cells (got {w}×{h})")
    if "," in desc:
        raise PuzzleSyntaxError("Pattern: cell givens (`,…` section) are not supported")
    fields = desc.split("/")
    if len(fields) != w + h:
        raise PuzzleSyntaxError(f"Pattern: expected {w + h} clues ({w} columns, {h} rows), got {len(fields)}")
    clues = []
    for k, field in enumerate(fields):
        what = f"column {k + 1}" if k < w else f"row {k - w + 1}"
        clues.append(_numbers(field.replace(".", " "), f"Pattern {what}", {}))
    return make_puzzle(w, h, clues[w:], clues[:w])


def to_tatham(puzzle: Puzzle) -> str:
    """The Tatham "Pattern" game ID of a puzzle."""
    fields = [".".join(map(str, clue)) for clue in puzzle.columns + puzzle.rows]
    return f"{puzzle.width}x{puzzle.height}:" + "/".join(fields)


# -- TAAI tournament question files ---------------------------------------------------------------
def read_taai(text: str, size: int = 25) -> list[tuple[str, Puzzle]]:
    """Puzzles of a TAAI/TCGA question file: `$k`, then `size` column clues, then `size` row clues."""
    lines = text.splitlines()
    out = []
    n = 0
    while n < len(lines):
        head = lines[n].strip()
        if not head:
            n += 1
            continue
        if not head.startswith("$"):
            raise PuzzleSyntaxError(f"line {n + 1}: expected `$k` to start a puzzle", line=n + 1)
        body = lines[n + 1:n + 1 + 2 * size]
        if len(body) < 2 * size:
            raise PuzzleSyntaxError(f"line {n + 1}: puzzle {excerpt(head)} has {len(body)} clue lines, "
                                    f"expected {2 * size}", line=n + 1)
        clues = [_numbers(b, f"line {n + 2 + k}", {"line": n + 2 + k}) for k, b in enumerate(body)]
        out.append((head[1:], make_puzzle(size, size, clues[size:], clues[:size])))
        n += 1 + 2 * size
    return out


# -- line solving and the encoding ----------------------------------------------------------------
class Automaton:
    """The clue's word `###.#` as bit masks over its states 0..len(word)."""

    def __init__(self, clue: Clue) -> None:
        word = []
        for b in clue:
            word += [1] * b + [0]
        self.size = len(word[:-1])
        word = word[:-1]
        self.fill = sum(1 << q for q in range(self.size) if word[q] == 1)     # reads #, goes q+1
        self.gap = sum(1 << q for q in range(self.size) if word[q] == 0)      # reads ., goes q+1
        self.stay = sum(1 << q for q in range(self.size + 1)                  # reads ., stays
                        if q == 0 or q == self.size or word[q - 1] == 0)

    def live(self, known: list[int]) -> list[int] | None:
        """Per position, the states on some accepting path that agrees with `known` (-1 unknown)."""
        fill, gap, stay = self.fill, self.gap, self.stay
        reach = [1]
        for v in known:
            here, nxt = reach[-1], 0
            if v != 0:
                nxt |= (here & fill) << 1
            if v != 1:
                nxt |= (here & stay) | ((here & gap) << 1)
            reach.append(nxt)
        back = 1 << self.size
        if not reach[-1] & back:
            return None
        live = [0] * (len(known) + 1)
        live[-1] = back
        for i in range(len(known) - 1, -1, -1):
            v, later = known[i], back >> 1
            back = 0
            if v != 0:
                back |= fill & later
            if v != 1:
                back |= (stay & live[i + 1]) | (gap & later)
            back &= reach[i]
            live[i] = back
        return live

    def fits(self, known: list[int]) -> bool:
        """Whether some placement of the clue agrees with `known` (-1 unknown): `live`'s forward half."""
        fill, gap, stay = self.fill, self.gap, self.stay
        here = 1
        for v in known:
            if v == 1:
                here = (here & fill) << 1
            elif v == 0:
                here = (here & stay) | ((here & gap) << 1)
            else:
                here = ((here & fill) << 1) | (here & stay) | ((here & gap) << 1)
            if not here:
                return False
        return bool(here >> self.size & 1)

    def cell_values(self, live: list[int], i: int) -> tuple[bool, bool]:
        """Whether cell i can be empty, and whether it can be filled, along live states."""
        here, later = live[i], live[i + 1]
        empty = bool((here & self.stay & later) or (here & self.gap & (later >> 1)))
        filled = bool(here & self.fill & (later >> 1))
        return empty, filled


def _cell_lines(puzzle: Puzzle) -> list[tuple[tuple, Clue, list[tuple[int, int]]]]:
    """(tag, clue, cells) for every row and column."""
    out = [(("row", r), clue, [(r, c) for c in range(puzzle.width)]) for r, clue in enumerate(puzzle.rows)]
    out += [(("col", c), clue, [(r, c) for r in range(puzzle.height)]) for c, clue in enumerate(puzzle.columns)]
    return out


def line_solve(puzzle: Puzzle) -> dict[tuple[int, int], int] | None:
    """Cells forced by the rows and columns alone (the classic line-solver fixpoint), or None.

    Lines wait in a queue, first in first out; a line is queued again when a cell of it is newly
    forced by the line crossing it (one pass over a line finds every cell it forces, so a line never
    requeues itself). Cells are indexes r * W + c of one flat list."""
    w, h = puzzle.width, puzzle.height
    lines = ([range(r * w, r * w + w) for r in range(h)]          # line k < h: row k; else column k - h
             + [range(c, w * h, w) for c in range(w)])
    autos = [Automaton(clue) for clue in (*puzzle.rows, *puzzle.columns)]
    grid = [-1] * (w * h)
    todo, queued = deque(range(len(lines))), [True] * len(lines)
    while todo:
        tick()
        k = todo.popleft()
        queued[k] = False
        cells = lines[k]
        values = [grid[i] for i in cells]
        auto = autos[k]
        live = auto.live(values)
        if live is None:
            return None
        if -1 not in values:
            continue
        fill, gap, stay = auto.fill, auto.gap, auto.stay
        for pos, i in enumerate(cells):
            if values[pos] == -1:                     # Automaton.cell_values, inlined (the hot loop)
                here, later = live[pos], live[pos + 1]
                filled = bool(here & fill & (later >> 1))
                empty = bool((here & stay & later) or (here & gap & (later >> 1)))
                if empty != filled:
                    grid[i] = int(filled)
                    other = h + i % w if k < h else i // w
                    if not queued[other]:
                        queued[other] = True
                        todo.append(other)
    return {divmod(i, w): v for i, v in enumerate(grid) if v >= 0}


def encode(puzzle: Puzzle, f: Formula, presolve: bool = True) -> None:
    """One automaton per line, each line a clue. Line solving first unless the clues must be exact:
    forced cells are units and finished lines get no automaton. A contradiction found by line solving
    encodes every line whole instead. When many cells stay open and the clues are symmetric, the
    formula carries a `guess`: the same puzzle with its picture forced to that symmetry."""
    f.show((("black", r, c) for r in range(puzzle.height) for c in range(puzzle.width)),
           fixed_weight=True)                # every picture fills sum(row clues) cells
    known = (line_solve(puzzle) or {}) if presolve and not f.exact_clues else {}
    if presolve and not f.exact_clues and puzzle.width * puzzle.height - len(known) >= GUESS_OPEN_CELLS:
        guess = symmetric_formula(puzzle, known)
        if guess is not None:
            f.guess = guess
    for (r, c), v in known.items():
        f.clauses.append([f.var(("black", r, c)) * (1 if v else -1)])
    if f.exact_clues:
        f.clue_steps = partial(line_steps, puzzle)
    for tag, clue, cells in _cell_lines(puzzle):
        where = f"row {tag[1] + 1}" if tag[0] == "row" else f"column {tag[1] + 1}"
        with f.clue(tag, cells, f"{where}'s clue {_clue_text(clue)}") as line:
            pass                             # the automaton is guarded on its own clauses only
        values = [known.get(cell, -1) for cell in cells]
        if -1 in values:
            encode_line(f, tag, Automaton(clue), [("black", *cell) for cell in cells], values, [-line.selector])


def encode_line(f: Formula, tag, auto: Automaton, cells: list, known: list[int], guard: list[int] = ()) -> None:
    """The automaton along one line, over its live states only (see the module docstring).

    The `guard` literals go on the start, the accepting end and each cell's support clauses only:
    with them false, every state may be false and the line no longer constrains its cells, while
    the clauses that only define states and moves need no guard (they stay short).

    Every variable is named by its key through `f.var`; the clauses are then appended as integer
    lists, because building them from keys was measured at 4-5× the cost and dominated the
    solve time of 25×25 puzzles.
    """
    live = auto.live(known)
    n = len(cells)
    var, out = f.var, f.clauses
    xs = [var(x) for x in cells]

    def states(i: int) -> list[int]:
        bits, q, found = live[i], 0, []
        while bits:
            if bits & 1:
                found.append(q)
            bits >>= 1
            q += 1
        return found

    guard = list(guard)
    here = {q: var(("state", tag, 0, q)) for q in states(0)}
    for q in here.values():
        out.append([q] + guard)
    for i in range(n):
        tick()
        x, v_known = xs[i], known[i]
        later = live[i + 1]
        incoming: dict[int, list[int]] = {q: [] for q in states(i + 1)}
        fills, empties = [], []
        for q, s in here.items():
            bit = 1 << q
            outs = []
            if v_known != 0 and bit & auto.fill and later & (bit << 1):
                outs.append((x, q + 1))
            if v_known != 1:
                if bit & auto.gap and later & (bit << 1):
                    outs.append((-x, q + 1))
                elif bit & auto.stay and later & bit:
                    outs.append((-x, q))
            if len(outs) == 1:                       # one way on: the state itself is the move
                (xv, nq), = outs
                if v_known == -1:
                    out.append([-s, xv])
                (fills if xv > 0 else empties).append(s)
                incoming[nq].append(s)
            else:
                moves = []
                for xv, nq in outs:
                    t = var(("move", tag, i, q, int(xv > 0)))
                    out.extend(([-t, s], [-t, xv], [-s, -xv, t]))
                    (fills if xv > 0 else empties).append(t)
                    incoming[nq].append(t)
                    moves.append(t)
                out.append([-s] + moves)
        if v_known == -1:
            out.append([-x] + fills + guard)
            out.append([x] + empties + guard)
        here = {}
        for q, preds in incoming.items():
            if len(preds) == 1:                      # reached one way only: the same variable
                here[q] = preds[0]
                continue
            s = here[q] = var(("state", tag, i + 1, q))
            out.append([-s] + preds)
            out.extend([-p, s] for p in preds)
    out.append([here[auto.size]] + guard)


def line_steps(puzzle: Puzzle, tag, known: dict[tuple[int, int], int]) -> list[tuple[tuple[int, int], int, list]]:
    """The cells the clue of line `tag` (("row", r) or ("col", c)) forces, given the `known` values of some
    of its cells (the line solver on one line): (cell, value, needed) each, `needed` a minimal set of the
    known cells with which the clue alone still forces it (deletion, the farthest from the cell first)."""
    way, i = tag
    cells = [(i, x) for x in range(puzzle.width)] if way == "row" else [(x, i) for x in range(puzzle.height)]
    auto = Automaton(puzzle.rows[i] if way == "row" else puzzle.columns[i])
    values = [known.get(cell, -1) for cell in cells]
    live = auto.live(values)
    if live is None:
        return []
    out = []
    for j, v in enumerate(values):
        if v != -1:
            continue
        empty, filled = auto.cell_values(live, j)
        if empty == filled:
            continue
        trial = list(values)
        trial[j] = int(empty)                      # the other value, which no placement allows
        needed = []
        for k in sorted((k for k, v in enumerate(values) if v != -1), key=lambda k: (-abs(k - j), k)):
            trial[k] = -1
            if auto.fits(trial):
                trial[k] = values[k]
                needed.append(cells[k])
        out.append((cells[j], int(filled), sorted(needed)))
    return out


GUESS_OPEN_CELLS = 1000    # open cells after line solving from which a symmetric guess is tried (see encode)


def _core(puzzle: Puzzle) -> tuple[int, int, int, int] | None:
    """(first row, first column, height, width) of the box of lines with blocks; None when empty."""
    rows = [r for r, clue in enumerate(puzzle.rows) if clue]
    cols = [c for c, clue in enumerate(puzzle.columns) if clue]
    if not rows:
        return None
    return rows[0], cols[0], rows[-1] - rows[0] + 1, cols[-1] - cols[0] + 1


def symmetries(puzzle: Puzzle) -> list[dict[tuple[int, int], tuple[int, int]]]:
    """The mirrors and rotations of the box of lines with blocks (outside it every cell is empty) that
    map every row and column onto a line with the same clue (read backwards when the line is): each a
    map of the box's cells. Empty when there are none."""
    core = _core(puzzle)
    if core is None:
        return []
    r0, c0, h, w = core
    moves = [lambda i, j: (i, w - 1 - j), lambda i, j: (h - 1 - i, j), lambda i, j: (h - 1 - i, w - 1 - j)]
    if h == w:
        moves += [lambda i, j: (j, i), lambda i, j: (w - 1 - j, h - 1 - i),
                  lambda i, j: (j, h - 1 - i), lambda i, j: (w - 1 - j, i)]
    lines = {}
    for i in range(h):
        lines[tuple((r0 + i, c0 + j) for j in range(w))] = puzzle.rows[r0 + i]
    for j in range(w):
        lines[tuple((r0 + i, c0 + j) for i in range(h))] = puzzle.columns[c0 + j]
    found = []
    for move in moves:
        image = {(r0 + i, c0 + j): (r0 + a, c0 + b) for i in range(h) for j in range(w)
                 for a, b in (move(i, j),)}
        if all(lines.get(tuple(image[x] for x in cells)) == clue
               or lines.get(tuple(image[x] for x in reversed(cells))) == clue[::-1]
               for cells, clue in lines.items()):
            found.append(image)
    return found


def symmetric_formula(puzzle: Puzzle, known: dict[tuple[int, int], int]) -> Formula | None:
    """The puzzle with its picture forced to every symmetry of its clues (`symmetries`): one variable
    per orbit of cells (the others equal to it), one automaton per line up to symmetry, the `known`
    cells as units. A picture of it is a picture of the puzzle; it has far fewer choices, and designed
    pictures (knots, mandalas) are often symmetric. None without symmetries or when the known cells
    already break them."""
    maps = symmetries(puzzle)
    if not maps:
        return None
    head = {}

    def find(x):
        while head.get(x, x) != x:
            x = head[x] = head.get(head[x], head[x])
        return x
    for image in maps:
        for a, b in image.items():
            ra, rb = find(a), find(b)
            if ra != rb:
                head[max(ra, rb)] = min(ra, rb)
    rep = {cell: find(cell) for image in maps for cell in image}
    value: dict[tuple[int, int], int] = {}
    for cell, v in known.items():
        root = rep.get(cell, cell)
        if value.setdefault(root, v) != v:
            return None
    g = Formula()
    done = set()
    for tag, clue, cells in _cell_lines(puzzle):
        roots = tuple(rep.get(cell, cell) for cell in cells)
        values = [value.get(root, -1) for root in roots]
        lo, hi = 0, len(roots)                 # a line is its cells within the empty ones at its ends
        while lo < hi and values[lo] == 0:     # (outside the box a symmetry moves, a row and its
            lo += 1                            # image column differ only there)
        while hi > lo and values[hi - 1] == 0:
            hi -= 1
        inner = roots[lo:hi]
        if (inner, clue) in done or (inner[::-1], clue[::-1]) in done:
            continue
        done.add((inner, clue))
        if -1 in values:
            encode_line(g, tag, Automaton(clue), [("black", *root) for root in roots], values)
    for root, v in value.items():
        g.clauses.append([g.var(("black", *root)) * (1 if v else -1)])
    for cell, root in rep.items():
        if cell != root:
            x, y = g.var(("black", *cell)), g.var(("black", *root))
            g.clauses.extend(([-x, y], [x, -y]))
    return g


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: (r, c, 1) filled or (r, c, 0) empty."""
    return (key[1], key[2], int(value)) if key[0] == "black" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The picture of a model, row-major 0/1."""
    return tuple(int(model[("black", r, c)]) for r in range(puzzle.height) for c in range(puzzle.width))


# -- checking and drawing --------------------------------------------------------------------------
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


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The grid (filled cells `black`) plus the clues as `row_clues` / `col_clues`."""
    cells = []
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            filled = bool(solution and solution[r * puzzle.width + c])
            cells.append({"r": r, "c": c, "text": "", "role": "black" if filled else "empty"})
    extras = {"row_clues": [list(x) for x in puzzle.rows], "col_clues": [list(x) for x in puzzle.columns]}
    return Board(puzzle.height, puzzle.width, tuple(cells), extras)


# -- naming a step (explain.walk) -----------------------------------------------------------------
EASY_STEPS = ("the row clue alone", "the column clue alone")
VALUE_WORDS = {1: ("filled", "■"), 0: ("empty", "×")}    # "r3c4 must be filled"; drawn ■ or × over a cell


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The step is "the row clue alone" (or column) when its reason is one line's clue and cells of that
    line, and every placement of the clue over those cells gives the step's cell its value; else None."""
    r, c, v, _ = fact
    lines = [key for key in clue_keys if key[0] in ("row", "col")]
    if len(lines) != 1:
        return None
    way, i = lines[0]
    cells = [(i, x) for x in range(puzzle.width)] if way == "row" else [(x, i) for x in range(puzzle.height)]
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    if (r, c) not in cells or not set(known) <= set(cells):
        return None
    auto = Automaton(puzzle.rows[i] if way == "row" else puzzle.columns[i])
    live = auto.live([known.get(cell, -1) for cell in cells])
    if live is None:
        return None
    empty, filled = auto.cell_values(live, cells.index((r, c)))
    if (empty, filled) != (not v, bool(v)):
        return None
    return EASY_STEPS[way == "col"]
