"""The candidate board the grader works on: each cell's candidates as a bitmask (bit d-1 for digit d),
the units (rows, columns, boxes or irregular regions, and the variant's extra units such as diagonals or
disjoint groups) and each cell's peers (the cells of its units, plus knight's or king's moves).
A unit holds every digit once; an irregular region of fewer cells than digits (some cells being in
no region) holds no digit twice but need not hold every digit, so it gives peers and is no unit.

A `Geometry` is shared by every board of one shape (cached); a `Board` holds only the values and the
candidate masks, so copying one for a trial is cheap.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple

ROW, COLUMN, BOX, EXTRA = "row", "column", "box", "extra"
UNIT_RULES = ("diagonal", "antidiagonal", "maindiagonal", "disjoint")
PEER_RULES = ("knight", "king")
MOVES = {"knight": tuple((a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)),
         "king": ((-1, -1), (-1, 1), (1, -1), (1, 1))}


@dataclass(frozen=True, eq=False)
class Geometry:
    """The shape of a grid: units with their kinds, each cell's units and peers. One per shape
    (`geometry` keeps them), so it compares and hashes as itself: caches keyed by it (`crossings`) need
    not hash its tables at every call."""

    size: int
    units: tuple[tuple[int, ...], ...]          # cells of each unit (row-major indices)
    kinds: tuple[str, ...]                      # ROW, COLUMN, BOX or EXTRA per unit
    cell_units: tuple[tuple[int, ...], ...]     # per cell, the units holding it: box, row, column, extra
    peers: tuple[tuple[int, ...], ...]          # per cell, the cells that may not share its digit
                                                # (in the order of its units: box, row, column, extra)
    peer_sets: tuple[frozenset[int], ...]
    all_digits: int                             # mask of every digit


def _regions(size: int, box: tuple[int, int], regions: tuple[int, ...] | None) -> list[list[int]]:
    if regions is not None:
        count = max(regions, default=-1) + 1
        return [[i for i, x in enumerate(regions) if x == k] for k in range(count)]
    br, bc = box
    out = []
    for b in range(size):
        r0, c0 = (b // (size // bc)) * br, (b % (size // bc)) * bc
        out.append([(r0 + i) * size + c0 + j for i in range(br) for j in range(bc)])
    return out


@functools.lru_cache(maxsize=64)
def geometry(size: int, box: tuple[int, int], regions: tuple[int, ...] | None, rules: tuple[str, ...]) -> Geometry:
    """The geometry of a grid of this size, boxes or regions and variant rules."""
    n = size
    units: list[tuple[int, ...]] = []
    kinds: list[str] = []
    for r in range(n):
        units.append(tuple(r * n + c for c in range(n)))
        kinds.append(ROW)
    for c in range(n):
        units.append(tuple(r * n + c for r in range(n)))
        kinds.append(COLUMN)
    boxes = _regions(n, box, regions)
    partial = [cells for cells in boxes if 1 < len(cells) < n]      # no digit twice, not every digit: peers only
    for cells in boxes:
        if len(cells) == n > 1:
            units.append(tuple(cells))
            kinds.append(BOX)
    extra: list[list[int]] = []
    if "diagonal" in rules or "maindiagonal" in rules:
        extra.append([i * n + i for i in range(n)])
    if "diagonal" in rules or "antidiagonal" in rules:
        extra.append([(n - 1 - i) * n + i for i in range(n)])
    if "disjoint" in rules:
        full = [cells for cells in boxes if len(cells) == n]
        extra.extend([[cells[k] for cells in full] for k in range(n)] if len(full) == n else [])
    for cells in extra:
        units.append(tuple(cells))
        kinds.append(EXTRA)
    rank = {BOX: 0, ROW: 1, COLUMN: 2, EXTRA: 3}
    cell_units = [[] for _ in range(n * n)]
    for u, cells in sorted(enumerate(units), key=lambda t: (rank[kinds[t[0]]], t[0])):
        for i in cells:
            cell_units[i].append(u)
    peer_lists = []
    for i in range(n * n):
        peers = {}
        for u in cell_units[i]:                       # SE's order: box, row, column, then extra units
            for j in units[u]:
                peers.setdefault(j, None)
        for cells in partial:
            if i in cells:
                peers.update(dict.fromkeys(cells))
        r, c = divmod(i, n)
        for rule in PEER_RULES:
            if rule in rules:
                for a, b in MOVES[rule]:
                    if 0 <= r + a < n and 0 <= c + b < n:
                        peers.setdefault((r + a) * n + c + b, None)
        peers.pop(i, None)
        peer_lists.append(tuple(peers))
    return Geometry(n, tuple(units), tuple(kinds), tuple(tuple(x) for x in cell_units),
                    tuple(peer_lists), tuple(frozenset(p) for p in peer_lists), (1 << n) - 1)


def digits_of(mask: int) -> list[int]:
    """The digits of a mask, ascending."""
    out = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        out.append(bit.bit_length())
    return out


popcount = int.bit_count
"""The number of digits in a mask (a call with no Python frame)."""


class Board:
    """Values and candidates of one grid state (mutable; `copy` for trials)."""

    __slots__ = ("geo", "values", "cand")

    def __init__(self, geo: Geometry, values: list[int], cand: list[int]) -> None:
        self.geo = geo
        self.values = values
        self.cand = cand

    @classmethod
    def start(cls, geo: Geometry, givens) -> Board:
        """The board of these givens, every other cell's candidates pruned by its peers' givens."""
        n2 = geo.size * geo.size
        board = cls(geo, [0] * n2, [geo.all_digits] * n2)
        for i, d in enumerate(givens):
            if d:
                board.place(i, d)
        return board

    def copy(self) -> Board:
        """An independent copy."""
        return Board(self.geo, self.values[:], self.cand[:])

    def place(self, i: int, d: int) -> None:
        """Write digit d in cell i and remove it from the peers' candidates."""
        self.values[i] = d
        self.cand[i] = 0
        keep = ~(1 << (d - 1))
        cand = self.cand
        for j in self.geo.peers[i]:
            cand[j] &= keep

    def is_solved(self) -> bool:
        """True when every cell holds a digit."""
        return all(self.values)

    def has_contradiction(self, within: int | None = None) -> bool:
        """True when an empty cell has no candidate or a digit has no place in a unit that lacks it; with
        `within` (a bit per cell), looking only at those cells and their units (a board whose other cells
        and units held none still holds none there: the walk passes the cells a step changed)."""
        geo, cand, values = self.geo, self.cand, self.values
        n, full = geo.size, geo.all_digits
        if within is None:
            seen_in = [m | (1 << (v - 1)) if v else m for m, v in zip(cand, values)]   # 0: an empty dead cell
            if 0 in seen_in:
                return True
            for cells in geo.units:
                if len(cells) == n:
                    seen = 0
                    for i in cells:
                        seen |= seen_in[i]
                    if seen != full:
                        return True
            return False
        asked: set[int] = set()
        while within:
            low = within & -within
            within ^= low
            i = low.bit_length() - 1
            if not cand[i] and not values[i]:
                return True
            asked.update(geo.cell_units[i])
        for u in sorted(asked):
            cells = geo.units[u]
            if len(cells) == n:
                seen = 0
                for i in cells:
                    v = values[i]
                    seen |= cand[i] | 1 << (v - 1) if v else cand[i]
                if seen != full:
                    return True
        return False


class Changed(NamedTuple):
    """What changed on a board since a technique last found nothing on it (the walk keeps it, grading/solve.py):
    the cells whose candidates changed and the digits that lost a place, as bit masks. A technique whose
    finding in a unit (a digit, a pair of cells) reads only those cells (that digit) looks again only where
    something changed: elsewhere it would find nothing again."""

    cells: int
    digits: int


def changes(before: list[int], after: list[int]) -> Changed:
    """The cells and digits whose candidates differ between two candidate lists."""
    cells = digits = 0
    for i, (a, b) in enumerate(zip(before, after)):
        if a != b:
            cells |= 1 << i
            digits |= a ^ b
    return Changed(cells, digits)


@functools.lru_cache(maxsize=64)
def peer_masks(geo: Geometry) -> tuple[int, ...]:
    """Each cell's peers as a bit mask."""
    return tuple(sum(1 << j for j in peers) for peers in geo.peers)


@functools.lru_cache(maxsize=64)
def unit_masks(geo: Geometry) -> tuple[int, ...]:
    """Each unit's cells as a bit mask."""
    return tuple(sum(1 << i for i in cells) for cells in geo.units)


class Step(tuple):
    """One deduction: (technique, score, placed ((cell, digit), ...), eliminated ((cell, digit), ...),
    pattern), the pattern naming what the eliminations rest on for chains that nest the technique:
    ("cells", cells, digits) for a naked set, ("units", units without, units within, digits) for a
    hidden set, an intersection or a fish (the digits' places in the first units, outside the second)."""

    __slots__ = ()

    def __new__(cls, technique: str, score: float, placed=(), eliminated=(), pattern=None):
        return tuple.__new__(cls, (technique, round(score, 1), tuple(placed), tuple(eliminated), pattern))

    technique = property(lambda self: self[0])
    score = property(lambda self: self[1])
    placed = property(lambda self: self[2])
    eliminated = property(lambda self: self[3])
    pattern = property(lambda self: self[4])


def apply(board: Board, step: Step) -> Changed:
    """Carry out a step's eliminations, then its placements: what changed (`changes` of the candidates
    before and after)."""
    cand, values, peers = board.cand, board.values, board.geo.peers
    cells = digits = 0
    for i, d in step.eliminated:
        bit = 1 << (d - 1)
        if cand[i] & bit:
            cand[i] &= ~bit
            cells |= 1 << i
            digits |= bit
    for i, d in step.placed:
        if not values[i]:
            if cand[i]:
                cells |= 1 << i
                digits |= cand[i]
            bit = 1 << (d - 1)
            values[i] = d
            cand[i] = 0
            for j in peers[i]:
                if cand[j] & bit:
                    cand[j] &= ~bit
                    cells |= 1 << j
                    digits |= bit
    return Changed(cells, digits)


@functools.lru_cache(maxsize=64)
def crossings(geo: Geometry) -> tuple[tuple[int, int, frozenset[int], tuple[int, ...], tuple[int, ...]], ...]:
    """Pairs (box, other unit) whose shared cells number at least two, both ways round: the places
    where a digit confined to one of them leaves the rest of the other; with the rest of each (the box's
    cells, then the other unit's, outside the shared ones)."""
    out = []
    sets = [frozenset(cells) for cells in geo.units]
    for b, kind in enumerate(geo.kinds):
        if kind != BOX:
            continue
        for u, other in enumerate(geo.kinds):
            if other == BOX:
                continue
            common = sets[b] & sets[u]
            if len(common) >= 2:
                out.append((b, u, common, tuple(i for i in geo.units[b] if i not in common),
                            tuple(i for i in geo.units[u] if i not in common)))
    return tuple(out)
