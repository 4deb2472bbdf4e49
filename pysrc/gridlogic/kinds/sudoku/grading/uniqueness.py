"""Techniques that assume the puzzle has one solution (used only on plain sudoku, where a deadly
pattern's two digits could be swapped without touching any other cell).

Unique rectangle (4.5, as Sudoku Explainer rates a loop of four cells): cells in two rows, two columns
and two boxes that all hold digits {a,b}. Type 1: three hold only {a,b}, so the fourth is not a nor b.
Type 2: two hold only {a,b} and the other two {a,b,z}: z is in one of those, so it leaves the cells
seeing both. Type 3: the other two hold extra digits which, taken as one cell, make a naked set with other
cells of a unit they share (4.5 + 0.1 per cell beyond one), or the pair with other digits makes a
hidden set there (4.5 + 0.1 per digit beyond two). Type 4: two hold only {a,b} and, in a unit holding
the other two, a has no other place: so b is gone from both. BUG type 1 (5.6): every empty cell has two candidates but one, which has three;
each digit appears twice per unit except one of that cell's digits, which must be its value.
"""

from __future__ import annotations

from itertools import combinations

from gridlogic.kinds.sudoku.grading.board import BOX, Board, Step, digits_of, popcount


def _rectangles(board: Board):
    """Each (cells, pair mask) of four cells in two rows, columns and boxes holding a bivalue pair."""
    geo, cand = board.geo, board.cand
    n = geo.size
    box_of = {}
    for u, kind in enumerate(geo.kinds):
        if kind == BOX:
            for i in geo.units[u]:
                box_of[i] = u
    for i, m in enumerate(cand):
        if popcount(m) != 2:
            continue
        r1, c1 = divmod(i, n)
        for c2 in range(n):
            if c2 == c1 or cand[r1 * n + c2] & m != m:
                continue
            for r2 in range(n):
                if r2 == r1:
                    continue
                cells = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
                if any(cand[j] & m != m for j in cells[2:]):
                    continue
                if len({box_of.get(j) for j in cells}) != 2:
                    continue
                yield cells, m


def unique_rectangle(board: Board) -> Step | None:
    """The simplest unique rectangle of type 1, 2, 3 or 4 (lowest score, then type)."""
    geo, cand = board.geo, board.cand
    n = geo.size
    found = []
    for cells, m in _rectangles(board):
        extra = [j for j in cells if cand[j] != m]
        if len(extra) == 1:
            j = extra[0]
            gone = [(j, d) for d in (x + 1 for x in range(n) if m >> x & 1)]
            found.append((4.5, 1, gone))
            continue
        if len(extra) != 2:
            continue
        a, b = extra
        rest = (cand[a] | cand[b]) & ~m
        if popcount(rest) == 1:
            seen = geo.peer_sets[a] & geo.peer_sets[b]
            gone = sorted((i, rest.bit_length()) for i in seen if cand[i] & rest)
            if gone:
                found.append((4.5, 2, gone))
        common = sorted(set(geo.cell_units[a]) & set(geo.cell_units[b]))
        if popcount(rest) >= 2:
            for u in common:
                found.extend(_type3(board, u, a, b, m, rest))
        for u in common:
            for bit in (m & -m, m & ~(m & -m)):
                if all(not cand[i] & bit for i in geo.units[u] if i not in (a, b)):
                    other = m & ~bit
                    found.append((4.5, 4, sorted((j, other.bit_length()) for j in (a, b))))
    if not found:
        return None
    score, kind, gone = min(found)
    return Step(f"Unique rectangle type {kind}", score, (), gone)


def _type3(board: Board, u: int, a: int, b: int, pair: int, extra: int) -> list:
    """Type 3: the extra digits of the rectangle's two cells act as one cell of a naked set in unit u
    (or, with the rectangle's pair, as a hidden set there)."""
    cand, values = board.cand, board.values
    others = [i for i in board.geo.units[u] if i not in (a, b) and not values[i]]
    out = []
    for degree in range(popcount(extra), 5):
        for combo in combinations([i for i in others if popcount(cand[i]) <= degree], degree - 1):
            union = extra
            for i in combo:
                union |= cand[i]
            if popcount(union) == degree:
                gone = [(i, d) for i in others if i not in combo for d in digits_of(cand[i] & union)]
                if gone:
                    out.append((round(4.5 + 0.1 * (degree - 1), 1), 3, sorted(gone)))
        if 2 * degree < len(others) + 2:
            spots = {}
            for i in others:
                for d in digits_of(cand[i]):
                    spots.setdefault(d, set()).add(i)
            free = [d for d in sorted(spots) if not (1 << (d - 1)) & (pair | extra)]
            for combo in combinations(free, degree - 2):
                places = set()
                for d in combo:
                    places |= spots[d]
                places |= {i for i in others if cand[i] & pair}
                if len(places) == degree - 1:
                    keep = pair | sum(1 << (d - 1) for d in combo)
                    gone = [(i, d) for i in sorted(places) for d in digits_of(cand[i] & ~keep)]
                    if gone:
                        out.append((round(4.5 + 0.1 * (degree - 2), 1), 3, gone))
    return out


def bug(board: Board) -> Step | None:
    """BUG type 1: the one cell with three candidates takes the digit found three times in its units."""
    geo, cand, values = board.geo, board.cand, board.values
    odd = None
    for i, m in enumerate(cand):
        if values[i]:
            continue
        k = popcount(m)
        if k == 2:
            continue
        if k != 3 or odd is not None:
            return None
        odd = i
    if odd is None:
        return None
    for x in range(geo.size):
        bit = 1 << x
        if not cand[odd] & bit:
            continue
        if all(sum(1 for i in geo.units[u] if cand[i] & bit) == 3 for u in geo.cell_units[odd]) \
                and _is_grave(board, odd, bit):
            return Step("BUG type 1", 5.6, [(odd, x + 1)])
    return None


def _is_grave(board: Board, odd: int, bit: int) -> bool:
    """True when, without `bit` in cell `odd`, every digit has two or no places in every unit."""
    cand = board.cand
    for cells in board.geo.units:
        counts = {}
        for i in cells:
            m = cand[i] & ~bit if i == odd else cand[i]
            while m:
                b = m & -m
                m ^= b
                counts[b] = counts.get(b, 0) + 1
        if any(k != 2 for k in counts.values()):
            return False
    return True
