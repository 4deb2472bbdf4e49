"""Naming a futoshiki step (walks.walk): inequality, or Latin square single."""

from __future__ import annotations

from gridlogic.kinds.futoshiki.grid import Puzzle


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The rule a step's reason shows, found on the reason alone: each cell's candidates are the digits
    its row and column leave it (less eliminations), then narrowed along the reason's signs to a
    fixpoint (a < b: b above a's least, a below b's greatest). When that leaves the cell v alone, or v
    no other place in its row or column (a placement), or rules v out (an elimination): "inequality"
    when the reason has a sign, "Latin square single" when it has none (placements only); else None."""
    r, c, v, eliminated = fact
    n = puzzle.size
    known: dict[tuple[int, int], int] = {}
    gone: set[tuple[int, int, int]] = set()
    less: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for key in clue_keys:
        if key[0] == "given":
            known[key[1:3]] = puzzle.givens[key[1] * n + key[2]]
        elif key[0] in ("placed", "entry"):
            known[key[1:3]] = key[3]
        elif key[0] == "eliminated":
            gone.add(tuple(key[1:]))
        elif key[0] == "sign":
            _, mark, r0, c0 = key
            a, b = ((r0, c0), (r0, c0 + 1)) if mark == "h" else ((r0, c0), (r0 + 1, c0))
            sign = puzzle.across[r0 * (n - 1) + c0] if mark == "h" else puzzle.down[r0 * n + c0]
            less.append((a, b) if sign in "<^" else (b, a))
    cells = [(i, j) for i in range(n) for j in range(n)]
    left = {cell: {known[cell]} if cell in known else
            {d for d in range(1, n + 1) if (*cell, d) not in gone}
            - {d for x, d in known.items() if x != cell and (x[0] == cell[0] or x[1] == cell[1])}
            for cell in cells}
    changed = True
    while changed and all(left.values()):
        changed = False
        for small, large in less:
            if not (left[small] and left[large]):
                break
            low, high = min(left[small]), max(left[large])
            narrowed_small, narrowed_large = {d for d in left[small] if d < high}, {d for d in left[large] if d > low}
            if (narrowed_small, narrowed_large) != (left[small], left[large]):
                left[small], left[large], changed = narrowed_small, narrowed_large, True
    if not all(left.values()) or (r, c) in known:
        return None
    if eliminated:
        proven = bool(less) and v not in left[(r, c)]
    else:
        lines = ([(r, j) for j in range(n)], [(i, c) for i in range(n)])
        proven = left[(r, c)] == {v} or any(all(v not in left[x] for x in line if x != (r, c)) for line in lines)
    if not proven:
        return None
    return "inequality" if less else "Latin square single"
