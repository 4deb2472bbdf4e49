"""The futoshiki text: the grid as Tatham's Unequal copies it (the package docstring has the format)."""

from __future__ import annotations

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds.futoshiki.gameid import from_tatham
from gridlogic.kinds.futoshiki.grid import (ACROSS, CELL, SIZES, Puzzle, Solution, _not_a_digit, refuse_clashes,
                                            refuse_rules)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Read the drawn grid (see the package docstring) or a Tatham game ID / description (a permalink is
    read by gridlogic.links)."""
    refuse_rules(rules)
    if any(ch in text for ch in ":,#"):                  # never in a drawn grid
        return from_tatham(text)
    puzzle = Puzzle(*_read_grid(text))
    refuse_clashes(puzzle)
    return puzzle


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A proposed filled grid (N lines of digits, or the drawn grid: its signs are not read)."""
    size, values, _, _ = _read_grid(text)
    if size != puzzle.size:
        raise PuzzleSyntaxError(f"the solution is {size}×{size}; the puzzle is {puzzle.size}×{puzzle.size}")
    return values


def _read_grid(text: str) -> tuple[int, tuple[int, ...], tuple[str, ...], tuple[str, ...]]:
    lines = [(ln, line.rstrip()) for ln, line in enumerate(text.splitlines(), 1)]
    while lines and not lines[-1][1]:
        lines.pop()
    while lines and not lines[0][1]:
        lines.pop(0)
    if not lines:
        raise PuzzleSyntaxError("empty input: no futoshiki grid found")
    drawn = len(lines) > 1 and _is_sign_line(lines[1][1])
    if drawn and len(lines) % 2 == 0:
        raise PuzzleSyntaxError(f"line {lines[-1][0]}: the grid ends with a line of signs; "
                                "a line of cells must come last", line=lines[-1][0])
    cell_lines = lines[::2] if drawn else [(ln, line) for ln, line in lines if line]
    rows = [_read_cells(ln, line) for ln, line in cell_lines]
    n = len(rows)
    if n not in SIZES:
        raise PuzzleSyntaxError(f"futoshiki: the grid has {n} rows; sizes are 4×4 to 9×9",
                                line=lines[-1][0])
    for r, ((ln, _), (cells, _)) in enumerate(zip(cell_lines, rows)):
        if len(cells) != n:
            raise PuzzleSyntaxError(f"row {r + 1} (line {ln}): {len(cells)} cells; a grid of {n} rows "
                                    f"has {n} in each", line=ln, r=r)
        for c, (ch, col) in enumerate(cells):
            if ch not in ".0" and int(ch) > n:
                raise _not_a_digit(ch, n, r, c, f" (line {ln}, column {col})", line=ln, col=col)
    givens = tuple(0 if ch in ".0" else int(ch) for cells, _ in rows for ch, _ in cells)
    across = tuple(sign for _, signs in rows for sign in signs)
    down = [""] * (n * (n - 1))
    for r, (ln, line) in enumerate(lines[1::2] if drawn else ()):
        above, below = ({col - 1: c for c, (_, col) in enumerate(rows[i][0])} for i in (r, r + 1))
        if not _is_sign_line(line) and all(ch in CELL or ch.isspace() for ch in line):
            raise PuzzleSyntaxError(f"line {ln}: cells where the signs between rows {r + 1} and {r + 2} go "
                                    "(a blank line when there are none)", line=ln)
        for pos, ch in enumerate(line):
            if ch.isspace() or ch == ".":
                continue
            if ch in "|-":
                raise _adjacent_bar(ch, ln, pos + 1)
            if ch not in "^vV":
                raise PuzzleSyntaxError(f"line {ln}, column {pos + 1}: unexpected {ch!r} between rows {r + 1} "
                                        f"and {r + 2} (expected '^', 'v', '.' or spaces)", line=ln, col=pos + 1)
            c = above.get(pos, below.get(pos))
            if c is None:
                raise PuzzleSyntaxError(f"line {ln}, column {pos + 1}: {ch!r} stands under no cell (a sign goes "
                                        "under the cell it joins to the one below)", line=ln, col=pos + 1)
            if down[r * n + c]:
                raise PuzzleSyntaxError(f"line {ln}, column {pos + 1}: a second sign between r{r + 1}c{c + 1} "
                                        f"and r{r + 2}c{c + 1}", line=ln, col=pos + 1, mark="v", r=r, c=c)
            down[r * n + c] = ch.lower()
    return n, givens, across, tuple(down)


def _is_sign_line(line: str) -> bool:
    """Blank, or `^`/`v` signs with spaces and `.` fillers (a line of `.` alone is empty cells)."""
    return not line.strip() or (any(ch in "^vV" for ch in line) and all(ch in " \t.^vV" for ch in line))


def _read_cells(ln: int, line: str) -> tuple[list[tuple[str, int]], list[str]]:
    """The cells of one line, each with its column, and the signs between them ("" for none)."""
    cells: list[tuple[str, int]] = []
    signs: list[str] = []
    pending = ""
    for col, ch in enumerate(line, 1):
        if ch.isspace():
            continue
        if ch in CELL:
            if cells:
                signs.append(pending)
            cells.append((ch, col))
            pending = ""
        elif ch in ACROSS:
            if not cells or pending:
                where = "has no cell on its left" if not cells else "follows another sign"
                raise PuzzleSyntaxError(f"line {ln}, column {col}: {ch!r} {where}", line=ln, col=col)
            pending = ch
        elif ch in "|-":
            raise _adjacent_bar(ch, ln, col)
        else:
            hint = " (vertical signs go on the line between two rows)" if ch in "^vV" else \
                " (expected a digit, '.', '<' or '>')"
            raise PuzzleSyntaxError(f"line {ln}, column {col}: unexpected {ch!r}{hint}", line=ln, col=col)
    if pending:
        raise PuzzleSyntaxError(f"line {ln}: {pending!r} at the end has no cell on its right", line=ln)
    return cells, signs


def _adjacent_bar(ch: str, ln: int, col: int) -> PuzzleSyntaxError:
    return PuzzleSyntaxError(f"line {ln}, column {col}: {ch!r} is a bar of Unequal's Adjacent mode, "
                             "which is not Futoshiki", line=ln, col=col)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The drawn grid as Tatham's Unequal copies it; a solution as N lines of digits."""
    n = puzzle.size
    if solution is not None:
        return "\n".join("".join(str(d) for d in solution[r * n:(r + 1) * n]) for r in range(n))
    lines = []
    for r in range(n):
        cells = [str(d) if d else "." for d in puzzle.givens[r * n:(r + 1) * n]]
        signs = [s or " " for s in puzzle.across[r * (n - 1):(r + 1) * (n - 1)]] + [""]
        lines.append("".join(cell + sign for cell, sign in zip(cells, signs)))
        if r < n - 1:
            lines.append(" ".join(s or " " for s in puzzle.down[r * n:(r + 1) * n]).rstrip())
    return "\n".join(lines)
