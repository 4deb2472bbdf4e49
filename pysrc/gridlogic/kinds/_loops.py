"""What the loop genres share that is no rule family: a grid of one-character clues as text, the loop
of an answer as a drawing, an independent check that lines make one loop, and an edge as a cell fact.

An answer is the set of edge points (gridlogic/lattice.py) the loop uses: ("line", y, x) variables
that hold. Read either way: along cell borders, vertex to vertex (slitherlink, `on_borders`), or
between cell centres (masyu and the others).

The answer's text is a drawing of the (2R+1)×(2C+1) lattice, one character a point: `+` a vertex,
`-` or `|` an edge the loop uses (`-` horizontal, `|` vertical as drawn), a space an edge it does not,
and at each cell its clue's character, or `.`. Drawn both ways: for a loop through cell centres the
cells are the loop's nodes and its steps are the edges between them.

The loop genres' facts are the edges themselves, (y, x, 1) used and (y, x, 0) not (gridlogic/layout/play.py:
a kind played on the lattice alone); `edge_words` says an edge for hints: a border as a side of the
cell it belongs to (its lower or right cell's top or left side; the outer edges of the last row and
column the bottom and right sides of theirs), a step between centres by its two cells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.lattice import Point

SIDES = {1: "top", 2: "left", 3: "bottom", 4: "right"}
EMPTY = "."
Clues = dict            # (r, c) -> the clue's value


# -- a grid of clues as text -------------------------------------------------------------------------
def read_clue_rows(text: str, read: Callable[[str], object], max_side: int, title: str) -> tuple[int, int, Clues]:
    """(rows, cols, clues) of rows of one-character cells, `.` empty (blank lines skipped, spaces
    ignored); `read(ch)` the clue a character stands for, or None when it stands for none (a
    PuzzleSyntaxError names the character's place)."""
    rows = [(ln, "".join(line.split())) for ln, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not rows:
        raise PuzzleSyntaxError(f"empty input: no {title} rows found")
    width = len(rows[0][1])
    if len(rows) > max_side or width > max_side:
        raise PuzzleSyntaxError(f"{title}: at most {max_side}×{max_side} cells (got {width}×{len(rows)})",
                                line=rows[min(len(rows), max_side + 1) - 1][0])
    clues: Clues = {}
    for r, (ln, row) in enumerate(rows):
        if len(row) != width:
            raise PuzzleSyntaxError(f"row {r + 1} (line {ln}): expected {width} cells, got {len(row)}", line=ln, r=r)
        for c, ch in enumerate(row):
            if ch == EMPTY:
                continue
            value = read(ch)
            if value is None:
                raise PuzzleSyntaxError(f"line {ln}, column {c + 1}: unexpected character {excerpt(ch)}",
                                        line=ln, col=c + 1)
            clues[(r, c)] = value
    return len(rows), width, clues


def write_clue_rows(rows: int, cols: int, clues: Clues, write: Callable[[object], str]) -> str:
    """The rows of clue characters (`write(value)`), `.` empty."""
    return "\n".join("".join(write(clues[(r, c)]) if (r, c) in clues else EMPTY for c in range(cols))
                     for r in range(rows)) + "\n"


# -- the loop as a drawing --------------------------------------------------------------------------
def draw_loop(rows: int, cols: int, lines: Iterable[Point], cell_text: Callable[[int, int], str],
              on_borders: bool) -> str:
    """The drawing of an answer (see the module docstring); `cell_text(r, c)` the character at a cell."""
    used = set(lines)
    out = []
    for y in range(2 * rows + 1):
        row = []
        for x in range(2 * cols + 1):
            if y % 2 and x % 2:
                row.append(cell_text(y // 2, x // 2))
            elif not y % 2 and not x % 2:
                row.append("+")
            elif (y, x) in used:
                row.append("|" if (y % 2) == on_borders else "-")
            else:
                row.append(" ")
        out.append("".join(row).rstrip())
    return "\n".join(out) + "\n"


def read_loop(text: str, rows: int, cols: int, on_borders: bool) -> frozenset[Point]:
    """The edges of a drawing made by `draw_loop` (cells' characters are not read); a PuzzleSyntaxError
    names a mark where no edge is, or a drawing of another size."""
    lines = text.strip("\n").split("\n")
    if len(lines) != 2 * rows + 1:
        raise PuzzleSyntaxError(f"a solution is a drawing of {2 * rows + 1} lines for a {rows}×{cols} grid "
                                f"(got {len(lines)})")
    used = set()
    for y, line in enumerate(lines):
        if len(line.rstrip()) > 2 * cols + 1:
            raise PuzzleSyntaxError(f"solution line {y + 1}: longer than {2 * cols + 1} characters", line=y + 1)
        for x, ch in enumerate(line):
            if ch in "-|":
                if (y + x) % 2 == 0:
                    raise PuzzleSyntaxError(f"solution line {y + 1}, column {x + 1}: {ch!r} is not on an edge",
                                            line=y + 1, col=x + 1)
                if not on_borders and (y in (0, 2 * rows) or x in (0, 2 * cols)):
                    raise PuzzleSyntaxError(f"solution line {y + 1}, column {x + 1}: a line leaves the grid",
                                            line=y + 1, col=x + 1)
                used.add((y, x))
    return frozenset(used)


# -- one loop, checked without the rule library -----------------------------------------------------
def loop_faults(lines: Iterable[Point], rows: int, cols: int, on_borders: bool) -> list[tuple[str, tuple, str]]:
    """What keeps the edges from making one loop: (code, cells, detail) for each node with a dead end
    ("dead_end") or a branch ("branch"), then "no_loop" when there is no edge and "loops" when the
    lines fall apart; cells are 0-based (r, c) near the fault. Shares nothing with the encoders."""
    ends: dict[Point, list[Point]] = {}
    for y, x in lines:
        if y % 2:                                  # an edge at odd y: its nodes left and right (x ± 1)
            pair = ((y - 1, x), (y + 1, x)) if on_borders else ((y, x - 1), (y, x + 1))
        else:
            pair = ((y, x - 1), (y, x + 1)) if on_borders else ((y - 1, x), (y + 1, x))
        for node in pair:
            ends.setdefault(node, []).append(pair[1] if node == pair[0] else pair[0])
    out = []
    for node in sorted(ends):
        degree = len(ends[node])
        if degree != 2:
            code, word = ("dead_end", "a line ends here") if degree == 1 else ("branch", f"{degree} lines meet here")
            out.append((code, _cells_at(node, rows, cols), word))
    if not ends:
        return [("no_loop", (), "no line is drawn")]
    seen = {min(ends)}
    todo = [min(ends)]
    while todo:
        for w in ends[todo.pop()]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    if len(seen) < len(ends):
        apart = sorted(set(ends) - seen)
        out.append(("loops", _cells_at(apart[0], rows, cols), "the lines make more than one loop"))
    return out


def _cells_at(node: Point, rows: int, cols: int) -> tuple:
    """The cells at a node: itself when a cell, the (up to four) cells around a vertex."""
    y, x = node
    if y % 2 and x % 2:
        return ((y // 2, x // 2),)
    return tuple(((y + dy) // 2, (x + dx) // 2) for dy in (-1, 1) for dx in (-1, 1)
                 if 0 < y + dy < 2 * rows and 0 < x + dx < 2 * cols)


# -- an edge in words ------------------------------------------------------------------------------
def side_of(p: Point, rows: int, cols: int) -> tuple[int, int, int]:
    """(r, c, side) of a border: the cell it belongs to and which of its SIDES it is (see the module
    docstring)."""
    y, x = p
    if y % 2 == 0:                                    # between the cells above and below
        return (y // 2, x // 2, 1) if y < 2 * rows else (rows - 1, x // 2, 3)
    return (y // 2, x // 2, 2) if x < 2 * cols else (y // 2, cols - 1, 4)


def edge_words(p: Point, rows: int, cols: int, on_borders: bool) -> str:
    """An edge in words: "the top side of r2c3" (a border) or "the line r2c3–r2c4" (between centres)."""
    if on_borders:
        r, c, side = side_of(p, rows, cols)
        return f"the {SIDES[side]} side of r{r + 1}c{c + 1}"
    y, x = p
    a, b = ((y // 2, x // 2 - 1), (y // 2, x // 2)) if y % 2 else ((y // 2 - 1, x // 2), (y // 2, x // 2))
    return f"the line r{a[0] + 1}c{a[1] + 1}–r{b[0] + 1}c{b[1] + 1}"


def edge_settled(fact: tuple[int, int, int, bool], rows: int, cols: int, on_borders: bool) -> str:
    """What a step settles of an edge: "the top side of r2c3 is part of the loop" or "the line r2c3–r2c4
    stays empty" (`fact` (y, x, v, ruled out) at a lattice point, v 1 for a line)."""
    y, x, v, gone = fact
    verdict = "is part of the loop" if (v == 1) != bool(gone) else "stays empty"
    return f"{edge_words((y, x), rows, cols, on_borders)} {verdict}"


# -- Tatham's descriptions: a clue per character, runs of empty cells as letters ----------------------
def read_desc(desc: str, rows: int, cols: int, read: Callable[[str], object], at: int, what: str) -> Clues:
    """The clues of a Loopy or Pearl description: `a`-`z` 1-26 empty cells, else `read(ch)` a cell's clue
    (None: not a character of this game's; `what` names them in the message); `at` the description's
    place in the text, for messages."""
    clues: Clues = {}
    i = 0
    for k, ch in enumerate(desc):
        if "a" <= ch <= "z":
            i += ord(ch) - ord("a") + 1
            continue
        value = read(ch)
        if value is None:
            raise PuzzleSyntaxError(f"game ID, character {at + k}: {ch!r} is not {what} (or a-z for empty cells)",
                                    col=at + k)
        if i < rows * cols:
            clues[(i // cols, i % cols)] = value
        i += 1
    if i != rows * cols:
        raise PuzzleSyntaxError(f"game ID: the description covers {i} cells, the grid has {rows * cols}")
    return clues


def write_desc(rows: int, cols: int, clues: Clues, write: Callable[[object], str | None]) -> str:
    """A description as Tatham's generators write one: `write(clue)` a cell's character (None: empty)."""
    out, run = [], 0
    for r in range(rows):
        for c in range(cols):
            ch = write(clues[(r, c)]) if (r, c) in clues else None
            if ch is None:
                run += 1
                continue
            out.append(_letters(run) + ch)
            run = 0
    return "".join(out) + _letters(run)


def _letters(run: int) -> str:
    out = ""
    while run:
        out += chr(ord("a") + min(run, 26) - 1)
        run -= min(run, 26)
    return out
