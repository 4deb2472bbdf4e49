"""Tatham's Solo game IDs in killer mode, `CxRk[flags]:givens,cages,sums` (text.py reads and writes the
plain ones and hands these here).

- givens: as a plain Solo ID (a number per given, a-z a run of 1-26 empty cells, `_` between numbers);
- cages: the lines between cages, first the C·R·(C·R-1) lines between horizontal neighbours in reading
  order, then as many between vertical neighbours, column by column; a letter a-y is that many non-lines
  followed by a line, `_` a line at once, `z` 25 non-lines and no line; a virtual line ends the list;
  cells not parted by a line share a cage;
- sums: a grid as the givens' with each cage's sum in one of its cells (Solo writes it in the cage's first
  cell in reading order; any one cell is read).
"""

from __future__ import annotations

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds.sudoku.constraints import Constraint


def read(n: int, desc: str, read_grid) -> tuple[list[int], tuple[Constraint, ...]]:
    """The givens and the cages (killer constraints) of a killer description; `read_grid(text, top)` reads
    a Solo grid of numbers 1..top (text.py's)."""
    parts = desc.split(",")
    if len(parts) != 3:
        raise PuzzleSyntaxError(f"Solo killer: {excerpt(desc)} is not givens,cages,sums (3 parts, got {len(parts)})")
    givens = read_grid(parts[0], n)
    owner = _cages(n, parts[1])
    sums = read_grid(parts[2], n * (n + 1) // 2)
    cells: dict[int, list[tuple[int, int]]] = {}
    for i in range(n * n):
        cells.setdefault(owner[i], []).append(divmod(i, n))
    cages = []
    for root, members in sorted(cells.items(), key=lambda item: item[1][0]):
        values = {sums[r * n + c] for r, c in members} - {0}
        r, c = members[0]
        if len(values) != 1:
            raise PuzzleSyntaxError(f"Solo killer: the cage at r{r + 1}c{c + 1} has "
                                    f"{'no sum' if not values else 'sums ' + ', '.join(map(str, sorted(values)))}",
                                    r=r, c=c)
        cages.append(Constraint("killer", tuple(members), values.pop()))
    return givens, tuple(cages)


def _edge(n: int, pos: int) -> tuple[int, int]:
    """The two cells the line at this position parts."""
    if pos < n * (n - 1):
        y, x = divmod(pos, n - 1)
        return y * n + x, y * n + x + 1
    x, y = divmod(pos - n * (n - 1), n - 1)
    return y * n + x, (y + 1) * n + x


def _cages(n: int, text: str) -> list[int]:
    """Each cell's cage (a representative cell), from the lines between cages."""
    parent = list(range(n * n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    pos, lines = 0, 2 * n * (n - 1)
    for ch in text:
        if ch == "_":
            run = 0
        elif "a" <= ch <= "z":
            run = ord(ch) - ord("a") + 1
        else:
            raise PuzzleSyntaxError(f"Solo killer: {excerpt(ch)} in the cages' lines (a-z or _)")
        if pos + run > lines:
            raise PuzzleSyntaxError("Solo killer: the cages' lines run past the grid")
        for _ in range(run):
            a, b = _edge(n, pos)
            parent[find(a)] = find(b)
            pos += 1
        pos += run != 26
    if pos != lines + 1:
        raise PuzzleSyntaxError(f"Solo killer: the cages' lines cover {pos - 1} places; a {n}×{n} grid has {lines}")
    return [find(i) for i in range(n * n)]


def write(n: int, constraints, write_grid) -> str:
    """The cages and sums parts of a killer description (`write_grid(values)`: text.py's grid writer)."""
    owner = {}
    sums = [0] * (n * n)
    for k, con in enumerate(constraints):
        for r, c in con.cells:
            owner[r * n + c] = k
        r, c = min(con.cells)
        sums[r * n + c] = con.value
    out, run = [], 0
    for pos in range(2 * n * (n - 1) + 1):
        if pos < 2 * n * (n - 1):
            a, b = _edge(n, pos)
            if owner.get(a, -1 - a) == owner.get(b, -1 - b):
                run += 1
                continue
        while run > 25:
            out.append("z")
            run -= 25
        out.append(chr(ord("a") + run - 1) if run else "_")
        run = 0
    return "".join(out) + "," + write_grid(sums)
