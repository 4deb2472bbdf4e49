"""Basic fish: a digit whose places in k rows lie within k columns is gone from the rest of those
columns (and rows and columns swapped). Scores as Sudoku Explainer: X-wing (k=2) 3.2, swordfish (3) 3.8,
jellyfish (4) 5.2.
"""

from __future__ import annotations

from itertools import combinations

from gridlogic.kinds.sudoku.grading.board import Board, Changed, Step

NAMES = {2: ("X-wing", 3.2), 3: ("Swordfish", 3.8), 4: ("Jellyfish", 5.2)}


def fish(board: Board, degree: int, changed: Changed | None = None) -> Step | None:
    """An X-wing, swordfish or jellyfish of any digit, rows as base first (with `changed`, of the digits that
    lost a place since none was found: a fish reads its digit's places alone)."""
    geo, cand = board.geo, board.cand
    n = geo.size
    name, score = NAMES[degree]
    asked = geo.all_digits if changed is None else changed.digits
    if not asked:
        return None
    places = ([[0] * n for _ in range(n)], [[0] * n for _ in range(n)])   # by rows, by columns: digit, line
    for i, m in enumerate(cand):                                          # (of the digits asked)
        m &= asked
        if not m:
            continue
        r, c = divmod(i, n)
        while m:
            low = m & -m
            m ^= low
            d = low.bit_length() - 1
            places[0][d][r] |= 1 << c
            places[1][d][c] |= 1 << r
    for bit_index in range(n):
        bit = 1 << bit_index
        if not asked & bit:
            continue
        for by_rows in (True, False):
            lines = [(a, mask) for a, mask in enumerate(places[not by_rows][bit_index])     # (line, cover places)
                     if mask and mask.bit_count() <= degree]
            if len(lines) < degree:
                continue
            for combo in combinations(lines, degree):
                cover = 0
                for _, mask in combo:
                    cover |= mask
                if bin(cover).count("1") != degree:
                    continue
                base = {a for a, _ in combo}
                gone = []
                for b in range(n):
                    if cover >> b & 1:
                        for a in range(n):
                            i = a * n + b if by_rows else b * n + a
                            if a not in base and cand[i] & bit:
                                gone.append((i, bit_index + 1))
                if gone:
                    base_units = tuple(a if by_rows else n + a for a in sorted(base))
                    cover_units = tuple(n + b if by_rows else b for b in range(n) if cover >> b & 1)
                    return Step(name, score, (), sorted(gone), ("units", base_units, cover_units, bit))
    return None
