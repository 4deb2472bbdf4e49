"""The kakuro text: `R C`, then R lines of C tokens (`-` black, `0` white, `D,R` a clue), read and written."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._shared import refuse_rules
from gridlogic.text import read_number
from gridlogic.kinds.kakuro.grid import (BLACK, MAX_SIDE, MAX_SUM, WHITE, Puzzle, Solution, _is_number, _puzzle,
                                         _refuse_size, _where)


SUMS = re.compile(r"([0-9]*),([0-9]*)")


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Read `R C`, then R lines of C tokens (`-` black, `0` white, `D,R` clue). (A puzz.link URL is read
    by gridlogic.links.)"""
    refuse_rules("kakuro", rules)
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


def from_old_link(old) -> str:
    """The text of the page's old kakuro payload `COLSxROWS/cells` (its links up to commit 5acefc0): a-z
    a run of 1-26 white cells, A-Z of 1-26 black ones, `D.R` a clue (down D, right R, either may be
    empty), `_` between two clues. `old` is gridlogic/links/legacy.py's OldPayload."""
    m = old.match(r"([0-9]+)x([0-9]+)/([a-zA-Z0-9._]*)")
    rows, cols = old.size(m.group(1), m.group(2))
    tokens: list[str] = []
    for t in old.tokens(m.group(3), r"([a-z])|([A-Z])|([0-9]*)\.([0-9]*)|_"):
        if t.group(1) or t.group(2):
            tokens += ["0" if t.group(1) else "-"] * (old.RUNS.index(t.group(0).lower()) + 1)
        elif t.group(0) != "_":
            down, right = (str(old.number(w)) if w else "" for w in (t.group(3), t.group(4)))
            tokens.append(f"{down},{right}" if down or right else "-")
        if len(tokens) > rows * cols:
            break
    old.count(len(tokens), rows, cols)
    return "\n".join([f"{rows} {cols}"] + [" ".join(tokens[r * cols:(r + 1) * cols]) for r in range(rows)])
