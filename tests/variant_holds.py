"""Does a filled grid keep a variant constraint? Written from ../shared/VARIANTS.md's table alone, for the
link tests: a published solution must keep every constraint and global rule read from its link (which
checks cells, directions and values read from real links without sharing code with the readers)."""

from __future__ import annotations

import math

KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def boxes(size: int) -> list[int]:
    """f-puzzles' default box of each cell: floor(sqrt(N)) rows tall, fewer until they divide N."""
    rows = math.isqrt(size)
    while size % rows:
        rows -= 1
    cols = size // rows
    return [(r // rows) * rows + c // cols for r in range(size) for c in range(size)]


def broken(puzzle: dict, solution: list[int]) -> list[str]:
    """What in a puzzle dict (kinds/sudoku/links/fpuzzles.py's shape) the solution breaks, said shortly."""
    n = puzzle["size"]
    g = {(r, c): solution[r * n + c] for r in range(n) for c in range(n)}
    regions = puzzle["regions"] or boxes(n)
    region = {(r, c): regions[r * n + c] for r in range(n) for c in range(n)}
    out = [f"given {cell}" for cell in g if puzzle["givens"][cell[0] * n + cell[1]] not in (0, g[cell])]
    marked: dict[str, set] = {}
    for constraint in puzzle["constraints"]:
        marked.setdefault(constraint.type, set()).update(constraint.cells)
    for constraint in puzzle["constraints"]:
        if not holds(constraint, g, n, region, marked.get(constraint.type, set())):
            out.append(f"{constraint.type} {constraint.cells}")
    dots = {frozenset(c.cells): c.type for c in puzzle["constraints"] if c.kind.shape == "dot"}
    for (r, c), d in g.items():
        for dr, dc in [(0, 1), (1, 0)]:
            other = g.get((r + dr, c + dc))
            mark = dots.get(frozenset({(r, c), (r + dr, c + dc)}))
            if other is None:
                continue
            if "nonconsecutive" in puzzle["rules"] and mark != "white" and abs(d - other) == 1:
                out.append(f"nonconsecutive r{r + 1}c{c + 1}")
            if "negative_black" in puzzle["rules"] and mark != "black" and max(d, other) == 2 * min(d, other):
                out.append(f"negative black r{r + 1}c{c + 1}")
            if "negative_xv" in puzzle["rules"] and mark not in ("x", "v") and d + other in (5, 10):
                out.append(f"negative xv r{r + 1}c{c + 1}")
        moves = (KNIGHT if "knight" in puzzle["rules"] else []) + \
                ([(1, 1), (1, -1)] if "king" in puzzle["rules"] else [])
        out += [f"{puzzle['rules']} r{r + 1}c{c + 1}" for dr, dc in moves if g.get((r + dr, c + dc)) == d]
    rules = set(puzzle["rules"])
    lines = [[(i, i) for i in range(n)]] if rules & {"maindiagonal", "diagonal"} else []
    lines += [[(i, n - 1 - i) for i in range(n)]] if rules & {"antidiagonal", "diagonal"} else []
    if "disjoint" in puzzle["rules"]:
        order = {}
        for cell in sorted(g):
            order.setdefault(region[cell], []).append(cell)
        lines += [[cells[i] for cells in order.values()] for i in range(n)]
    out += [f"repeat on {line[0]}–{line[-1]}" for line in lines if len({g[x] for x in line}) != len(line)]
    return out


def _outside(c, n: int) -> list[tuple[int, int]]:
    (r, col), = c.cells
    if c.direction:
        dr = 1 if "D" in c.direction else -1
        dc = 1 if "R" in c.direction else -1
        cells = [(r + dr * k, col + dc * k) for k in range(1, 2 * n)]
        return [x for x in cells if 0 <= x[0] < n and 0 <= x[1] < n]
    if r == -1:
        return [(i, col) for i in range(n)]
    if r == n:
        return [(i, col) for i in range(n - 1, -1, -1)]
    if col == -1:
        return [(r, i) for i in range(n)]
    return [(r, i) for i in range(n - 1, -1, -1)]


def holds(c, g: dict, n: int, region: dict, marked: set = frozenset()) -> bool:
    """The solution `g` ({(r, c): digit}) keeps constraint `c` (`marked`: the cells of every constraint of
    its type, which a minimum or maximum cell is not compared with)."""
    v = [g[x] for x in c.cells] if c.kind.shape != "outside" else [g[x] for x in _outside(c, n)]
    t, value = c.type, c.value
    if t in ("killer", "extraregion"):
        return len(set(v)) == len(v) and (value is None or t != "killer" or sum(v) == value)
    if t == "arrow":
        return int("".join(map(str, v))) == sum(g[x] for x in c.more)
    if t == "doublearrow":
        return v[0] + v[-1] == sum(v[1:-1])
    if t in ("thermo", "slowthermo"):
        return all(a < b if t == "thermo" else a <= b for a, b in zip(v, v[1:]))
    if t == "palindrome":
        return v == v[::-1]
    if t == "renban":
        return len(set(v)) == len(v) and max(v) - min(v) == len(v) - 1
    if t in ("whispers", "dutchwhispers"):
        least = value if value is not None else 4 if t == "dutchwhispers" else (n + 1) // 2
        return all(abs(a - b) >= least for a, b in zip(v, v[1:]))
    if t == "between":
        lo, hi = sorted((v[0], v[-1]))
        return all(lo < x < hi for x in v[1:-1])
    if t == "regionsum":
        sums, last = [], None
        for x in c.cells:
            if region[x] != last:
                sums.append(0)
                last = region[x]
            sums[-1] += g[x]
        return len(set(sums)) == 1
    if t in ("entropic", "modular"):
        group = (lambda d: (d - 1) // 3) if t == "entropic" else (lambda d: d % 3)
        return all(len({group(x) for x in v[i:i + 3]}) == len(v[i:i + 3]) for i in range(max(1, len(v) - 2)))
    if t == "zipper":
        half = len(v) // 2
        totals = {v[i] + v[-1 - i] for i in range(half)} | ({v[half]} if len(v) % 2 else set())
        return len(totals) == 1
    if t == "white":
        return abs(v[0] - v[1]) == (value or 1)
    if t == "black":
        return max(v) == (value or 2) * min(v)
    if t in ("x", "v"):
        return sum(v) == (10 if t == "x" else 5)
    if t in ("odd", "even"):
        return v[0] % 2 == (t == "odd")
    if t in ("minimum", "maximum"):
        (r, col), = c.cells
        near = [g[(r + dr, col + dc)] for dr, dc in [(0, 1), (1, 0), (0, -1), (-1, 0)]
                if (r + dr, col + dc) in g and (r + dr, col + dc) not in marked]
        return all(v[0] < x for x in near) if t == "minimum" else all(v[0] > x for x in near)
    if t == "clone":
        return v == [g[x] for x in c.more]
    if t == "quadruple":
        return all(v.count(d) >= c.digits.count(d) for d in c.digits)
    if t == "columnindexer":
        return all(g[(r, g[(r, col)] - 1)] == col + 1 for r, col in c.cells)
    if t == "rowindexer":
        return all(g[(g[(r, col)] - 1, col)] == r + 1 for r, col in c.cells)
    if t == "littlekiller":
        return sum(v) == value
    if t == "sandwich":
        i, j = sorted((v.index(1), v.index(n)))
        return sum(v[i + 1:j]) == value
    if t == "xsum":
        return sum(v[:v[0]]) == value
    if t == "skyscraper":
        return sum(1 for i, x in enumerate(v) if x > max(v[:i], default=0)) == value
    raise AssertionError(f"no check for {t}")
