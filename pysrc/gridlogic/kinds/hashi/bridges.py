"""Where bridges may run, a drawing of them, and the answer checked on its own (`bridge_faults`), sharing
no code with the encoder.

An answer is a set of (y, x, n): every edge point of the lattice (gridlogic/lattice.py) a bridge passes,
between two cell centres, with n its bridges, 1 or 2.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError

HORIZONTAL = {1: "-", 2: "="}
VERTICAL = {1: "|", 2: "H"}


@dataclass(frozen=True)
class Span:
    """Two islands that see each other along a row or a column, and the edge points between them."""

    a: tuple[int, int]
    b: tuple[int, int]
    points: tuple[tuple[int, int], ...]
    across: bool                        # along a row

    def inner(self) -> list[tuple[int, int]]:
        """The empty cells the span passes."""
        (r, c), (s, d) = self.a, self.b
        return [(r, k) for k in range(c + 1, d)] if self.across else [(k, c) for k in range(r + 1, s)]


def spans(rows: int, cols: int, islands) -> list[Span]:
    """Every pair of islands with nothing but empty cells between them, along a row or a column."""
    out = []
    for r, c in sorted(islands):
        for dr, dc in ((0, 1), (1, 0)):
            s, d = r + dr, c + dc
            while s < rows and d < cols and (s, d) not in islands:
                s, d = s + dr, d + dc
            if s < rows and d < cols:
                points = tuple((2 * r + 1, 2 * c + 2 * k) for k in range(1, d - c + 1)) if dc else \
                    tuple((2 * r + 2 * k, 2 * c + 1) for k in range(1, s - r + 1))
                out.append(Span((r, c), (s, d), points, bool(dc)))
    return out


# -- the drawing -------------------------------------------------------------------------------------
def draw(rows: int, cols: int, islands: dict, answer) -> str:
    """2R+1 lines of 2C+1 characters: cells at odd/odd places (an island's number, `?`, a bridge's mark
    where one passes, `.` otherwise), `-` `=` (one, two bridges) on the steps along a row, `|` `H` on
    those along a column, `+` at the corners."""
    held = {(y, x): n for y, x, n in answer}
    grid = [["+" if not y % 2 and not x % 2 else " " for x in range(2 * cols + 1)] for y in range(2 * rows + 1)]
    for (y, x), n in held.items():
        grid[y][x] = (HORIZONTAL if y % 2 else VERTICAL)[n]
    for r in range(rows):
        for c in range(cols):
            y, x = 2 * r + 1, 2 * c + 1
            if (r, c) in islands:
                grid[y][x] = str(islands[(r, c)])
            elif (y, x - 1) in held:
                grid[y][x] = HORIZONTAL[held[(y, x - 1)]]
            elif (y - 1, x) in held:
                grid[y][x] = VERTICAL[held[(y - 1, x)]]
            else:
                grid[y][x] = "."
    return "\n".join("".join(line).rstrip() for line in grid) + "\n"


def read(text: str, rows: int, cols: int) -> frozenset:
    """The answer of a drawing made by `draw` (its cells are not read); a located PuzzleSyntaxError for a
    drawing of another size or a mark where no step between two cells is."""
    lines = text.strip("\n").split("\n")
    if len(lines) != 2 * rows + 1:
        raise PuzzleSyntaxError(f"a solution is a drawing of {2 * rows + 1} lines for a {rows}×{cols} grid "
                                f"(got {len(lines)})")
    out = set()
    for y, line in enumerate(lines):
        if len(line.rstrip()) > 2 * cols + 1:
            raise PuzzleSyntaxError(f"solution line {y + 1}: longer than {2 * cols + 1} characters", line=y + 1)
        for x, ch in enumerate(line):
            if (y + x) % 2 == 0 or ch == " ":
                continue
            marks = HORIZONTAL if y % 2 else VERTICAL
            value = next((n for n, m in marks.items() if m == ch), None)
            if value is None or y in (0, 2 * rows) or x in (0, 2 * cols):
                raise PuzzleSyntaxError(f"solution line {y + 1}, column {x + 1}: {ch!r} is not a bridge here "
                                        f"({'/'.join(marks.values())} between two cells)", line=y + 1, col=x + 1)
            out.add((y, x, value))
    return frozenset(out)


# -- the answer checked on its own -------------------------------------------------------------------
def bridge_faults(rows: int, cols: int, islands: dict, answer) -> list[tuple[str, tuple, str]]:
    """(code, cells, detail) for each broken rule, in pzprjs's order: no bridge at all, a bridge that
    stops short of an island or crosses another, an island with too many bridges, islands not all
    joined, an island with too few. `islands` {(r, c): number, or "?"}."""
    held: dict = {}
    for y, x, n in answer:
        held[(y, x)] = n
    if not held:
        return [("no_bridge", (), "no bridge is drawn")] if len(islands) > 1 else []
    out = []
    ends: dict = {cell: 0 for cell in islands}
    near: dict = {cell: set() for cell in islands}
    seen = set()
    for (y, x), n in sorted(held.items()):
        if (y, x) in seen:
            continue
        dy, dx = (0, 1) if y % 2 else (1, 0)
        path = [(y, x)]
        while (path[-1][0] + 2 * dy, path[-1][1] + 2 * dx) in held and \
                ((path[-1][0] + dy - 1) // 2, (path[-1][1] + dx - 1) // 2) not in islands:
            path.append((path[-1][0] + 2 * dy, path[-1][1] + 2 * dx))
        seen.update(path)
        first = ((y - dy - 1) // 2, (x - dx - 1) // 2)
        last = ((path[-1][0] + dy - 1) // 2, (path[-1][1] + dx - 1) // 2)
        counts = {held[p] for p in path}
        where = f"r{first[0] + 1}c{first[1] + 1}–r{last[0] + 1}c{last[1] + 1}"
        if first not in islands or last not in islands:
            out.append(("no_island", (first, last), f"the bridge {where} does not run from island to island"))
            continue
        if len(counts) > 1:
            out.append(("uneven", (first, last), f"the bridge {where} changes between one and two"))
            continue
        ends[first] += n
        ends[last] += n
        near[first].add(last)
        near[last].add(first)
    for y in range(1, 2 * rows, 2):
        for x in range(1, 2 * cols, 2):
            cell = (y // 2, x // 2)
            if cell in islands:
                continue
            across = (y, x - 1) in held or (y, x + 1) in held
            down = (y - 1, x) in held or (y + 1, x) in held
            if across and down:
                out.append(("crossing", (cell,), f"bridges cross at r{cell[0] + 1}c{cell[1] + 1}"))
    if out:
        return out
    for (r, c), n in sorted(islands.items()):
        if n != "?" and ends[(r, c)] > n:
            out.append(("too_many", ((r, c),), f"the {n} at r{r + 1}c{c + 1} has {ends[(r, c)]} bridges"))
    groups = _groups(near)
    if len(groups) > 1:
        out.append(("divided", tuple(groups[1]), f"the islands fall into {len(groups)} groups"))
    for (r, c), n in sorted(islands.items()):
        if n != "?" and ends[(r, c)] < n:
            out.append(("too_few", ((r, c),), f"the {n} at r{r + 1}c{c + 1} has {ends[(r, c)]} bridges"))
    return out


def _groups(near: dict) -> list[list]:
    left, out = set(near), []
    for start in sorted(near):
        if start not in left:
            continue
        left.discard(start)
        group, todo = [start], [start]
        while todo:
            for w in near[todo.pop()]:
                if w in left:
                    left.discard(w)
                    group.append(w)
                    todo.append(w)
        out.append(sorted(group))
    return out
