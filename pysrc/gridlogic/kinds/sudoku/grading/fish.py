"""Basic fish: a digit whose places in k rows lie within k columns is gone from the rest of those
columns (and rows and columns swapped). Scores as Sudoku Explainer: X-wing (k=2) 3.2, swordfish (3) 3.8,
jellyfish (4) 5.2.
"""

from __future__ import annotations

from itertools import combinations

from gridlogic.kinds.sudoku.grading.board import Board, Step

NAMES = {2: ("X-wing", 3.2), 3: ("Swordfish", 3.8), 4: ("Jellyfish", 5.2)}


def fish(board: Board, degree: int) -> Step | None:
    """An X-wing, swordfish or jellyfish of any digit, rows as base first."""
    geo, cand = board.geo, board.cand
    n = geo.size
    name, score = NAMES[degree]
    for bit_index in range(n):
        bit = 1 << bit_index
        for by_rows in (True, False):
            lines = []                                    # (line, mask of cover positions)
            for a in range(n):
                mask = 0
                for b in range(n):
                    i = a * n + b if by_rows else b * n + a
                    if cand[i] & bit:
                        mask |= 1 << b
                if mask and bin(mask).count("1") <= degree:
                    lines.append((a, mask))
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
                    return Step(name, score, (), sorted(gone))
    return None
