"""The reference: sudoku and binary puzzles the way the z3 tutorials write them.

One z3 `Int` per cell with range constraints, `Distinct` for sudoku units, `Sum` for binary
balance, `Not(And(a == b, b == c))` for triples, pairwise `!=` for knight/king moves,
`b - a != 1` both ways for nonconsecutive, and further solutions by adding
`Or(cell != value, ...)`. Used only by the benchmarks, never by gridlogic itself.
"""

from __future__ import annotations

from z3 import And, Distinct, Int, Not, Or, Solver, Sum, sat


def _enumerate(solver: Solver, cells: list, limit: int) -> list[list[int]]:
    found = []
    while len(found) < limit and solver.check() == sat:
        m = solver.model()
        values = [m.eval(x).as_long() for x in cells]
        found.append(values)
        solver.add(Or([x != v for x, v in zip(cells, values)]))
    return found


def sudoku(givens: list[int], n: int, box: tuple[int, int], rules: tuple[str, ...], limit: int) -> list:
    """Up to `limit` solutions of a sudoku (givens row-major, 0 = empty)."""
    br, bc = box
    x = [[Int(f"x_{r}_{c}") for c in range(n)] for r in range(n)]
    s = Solver()
    s.add([And(1 <= x[r][c], x[r][c] <= n) for r in range(n) for c in range(n)])
    s.add([Distinct(x[r]) for r in range(n)])
    s.add([Distinct([x[r][c] for r in range(n)]) for c in range(n)])
    s.add([Distinct([x[r0 + i][c0 + j] for i in range(br) for j in range(bc)])
           for r0 in range(0, n, br) for c0 in range(0, n, bc)])
    if "diagonal" in rules:
        s.add(Distinct([x[i][i] for i in range(n)]), Distinct([x[i][n - 1 - i] for i in range(n)]))
    moves = []
    if "knight" in rules:
        moves += [(1, 2), (2, 1), (1, -2), (2, -1)]
    if "king" in rules:
        moves += [(1, 1), (1, -1)]
    for r in range(n):
        for c in range(n):
            for dr, dc in moves:
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    s.add(x[r][c] != x[r + dr][c + dc])
            if "nonconsecutive" in rules:
                for r2, c2 in ((r + 1, c), (r, c + 1)):
                    if r2 < n and c2 < n:
                        a, b = x[r][c], x[r2][c2]
                        s.add(b - a != 1, a - b != 1)
    s.add([x[i // n][i % n] == v for i, v in enumerate(givens) if v])
    return _enumerate(s, [v for row in x for v in row], limit)


def binary(givens: list[int | None], width: int, height: int, limit: int) -> list:
    """Up to `limit` solutions of a binary puzzle (givens row-major, None = empty)."""
    x = [[Int(f"b_{r}_{c}") for c in range(width)] for r in range(height)]
    s = Solver()
    s.add([And(0 <= x[r][c], x[r][c] <= 1) for r in range(height) for c in range(width)])
    rows = x
    cols = [[x[r][c] for r in range(height)] for c in range(width)]
    for lines, length in ((rows, width), (cols, height)):
        for line in lines:
            s.add(Sum(line) == length // 2)
            for a, b, c in zip(line, line[1:], line[2:]):
                s.add(Not(And(a == b, b == c)))
        for i in range(len(lines)):
            for j in range(i + 1, len(lines)):
                s.add(Or([a != b for a, b in zip(lines[i], lines[j])]))
    s.add([x[i // width][i % width] == v for i, v in enumerate(givens) if v is not None])
    return _enumerate(s, [v for row in x for v in row], limit)
