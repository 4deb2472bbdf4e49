"""The `.non` text (Simpson's format: `width`, `height`, `rows`, `columns`, `goal`) and `parse`, which
recognises every format."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.text import is_number, read_number
from gridlogic.kinds.nonogram.formats import from_tatham, read_taai
from gridlogic.kinds.nonogram.grid import MAX_SIDE, Clue, Puzzle, Solution, _numbers, make_puzzle


KEYWORD = re.compile(r"^[A-Za-z_]")
KNOWN = {"width", "height", "rows", "columns", "goal", "title", "by", "copyright", "catalogue",
         "license", "color", "saved", "maxrule"}


def parse(text: str, rules=(), **_options) -> Puzzle:
    """A `.non` file; also a Tatham Pattern game ID or one TAAI question (a puzz.link URL or a Pattern
    permalink is read by gridlogic.links)."""
    stripped = text.strip()
    if not stripped:
        raise PuzzleSyntaxError("empty input: no nonogram found")
    if re.match(r"^[0-9]+(x[0-9]+)?:", stripped):
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
        word, rest = (*raw.split(None, 1), "")[:2]
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
                word_here = body.split(None, 1)[0].lower() if body else ""
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
