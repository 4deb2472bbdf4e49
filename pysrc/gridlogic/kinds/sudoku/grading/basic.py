"""Singles and intersections, with Sudoku Explainer's "direct" variants (a pointing, claiming or hidden
set that is at once followed by a hidden single in the same place, rated below the plain technique
because a player sees the single without writing any candidate).

Scores: last empty cell of a unit 1.0; hidden single in a box 1.2, in a row, column or extra unit 1.5;
direct pointing 1.7, direct claiming 1.9; direct hidden pair 2.0; naked single 2.3; direct hidden triple
2.5; pointing 2.6; claiming 2.8.
"""

from __future__ import annotations

import functools
from itertools import combinations
from operator import itemgetter

from gridlogic.kinds.sudoku.grading.board import (BOX, Board, Changed, Geometry, Step, crossings, digits_of, popcount,
                                                  unit_masks)


@functools.lru_cache(maxsize=64)
def _full_units(geo: Geometry) -> tuple[tuple[tuple[int, ...], itemgetter, bool], ...]:
    """Per unit holding every digit, in order: its cells, a reader of their entries in a list indexed by
    cell, and whether it is a box."""
    return tuple((cells, itemgetter(*cells), geo.kinds[u] == BOX) for u, cells in enumerate(geo.units)
                 if len(cells) == geo.size > 1)


def hidden_single(board: Board) -> Step | None:
    """The easiest hidden single: a unit's last empty cell, then a box's, then a line's."""
    cand, values = board.cand, board.values
    units = _full_units(board.geo)
    for cells, read, _ in units:
        found = read(values)
        if found.count(0) == 1:
            i = cells[found.index(0)]
            if cand[i]:
                return Step("Hidden single (last cell)", 1.0, [(i, cand[i].bit_length())])
    for want in (True, False):
        for cells, read, box in units:
            if box != want:
                continue
            once = twice = 0
            for m in read(cand):
                twice |= once & m
                once |= m
            once &= ~twice
            if once:
                bit = once & -once
                i = next(i for i in cells if cand[i] & bit)
                return Step("Hidden single", 1.2 if want else 1.5, [(i, bit.bit_length())])
    return None


def naked_single(board: Board) -> Step | None:
    """A cell with one candidate left."""
    cand = board.cand
    for i, m in enumerate(cand):
        if m and not (m & (m - 1)):
            return Step("Naked single", 2.3, [(i, m.bit_length())])
    return None


@functools.lru_cache(maxsize=64)
def _crossing_reads(geo: Geometry) -> tuple[tuple[int, int], ...]:
    """Per crossing (board.crossings), the cells an intersection there reads, a bit per cell: the box and the
    other unit; and those a direct one reads (the units of either's kind meeting the other, where its hidden
    single would be)."""
    masks = unit_masks(geo)
    out = []
    for b, u, *_ in crossings(geo):
        plain = wide = masks[b] | masks[u]
        for v, kind in enumerate(geo.kinds):
            if (kind == geo.kinds[b] and masks[v] & masks[u]) or (kind == geo.kinds[u] and masks[v] & masks[b]):
                wide |= masks[v]
        out.append((plain, wide))
    return tuple(out)


def _locked(board: Board, changed: Changed | None = None, direct: bool = False):
    """Each (box, unit, digit bit, pointing?) where the digit's places in one lie within the other (with
    `changed`, at the crossings where the cells an intersection, or a `direct` one, reads have changed)."""
    cand = board.cand
    reads = _crossing_reads(board.geo) if changed is not None else None
    for k, (b, u, common, rest_b, rest_u) in enumerate(crossings(board.geo)):
        if reads is not None and not reads[k][direct] & changed.cells:
            continue
        inside = 0
        for i in common:
            inside |= cand[i]
        if not inside:
            continue
        out_b = out_u = 0
        for i in rest_b:
            out_b |= cand[i]
        for i in rest_u:
            out_u |= cand[i]
        for pointing, region, other, rest in ((True, b, u, inside & ~out_b), (False, u, b, inside & ~out_u)):
            while rest:
                bit = rest & -rest
                rest ^= bit
                yield region, other, common, bit, pointing


def _eliminations(board: Board, unit: int, common, bit: int) -> list[tuple[int, int]]:
    cand = board.cand
    d = bit.bit_length()
    return [(i, d) for i in board.geo.units[unit] if i not in common and cand[i] & bit]


def direct_locking(board: Board, changed: Changed | None = None) -> Step | None:
    """A pointing (claiming) whose eliminations leave a hidden single of that digit in a unit of the
    same kind as the confining one (with `changed`, where the board changed since none was found)."""
    geo, cand = board.geo, board.cand
    best = None
    for region, other, common, bit, pointing in _locked(board, changed, True):
        gone = _eliminations(board, other, common, bit)
        if not gone:
            continue
        removed = {i for i, _ in gone}
        kind = geo.kinds[region]
        for i in sorted(removed):
            for u3 in geo.cell_units[i]:
                if u3 == region or geo.kinds[u3] != kind:
                    continue
                left = [j for j in geo.units[u3] if cand[j] & bit and j not in removed]
                if len(left) == 1:
                    score = 1.7 if pointing else 1.9
                    step = Step("Direct pointing" if pointing else "Direct claiming", score,
                                [(left[0], bit.bit_length())], gone)
                    if pointing:
                        return step
                    best = best or step
    return best


def locking(board: Board, changed: Changed | None = None) -> Step | None:
    """Pointing (a box's digit confined to one line) or claiming (a line's digit confined to one box); with
    `changed`, where the board changed since none was found."""
    best = None
    for region, other, common, bit, pointing in _locked(board, changed):
        gone = _eliminations(board, other, common, bit)
        if gone:
            step = Step("Pointing" if pointing else "Claiming", 2.6 if pointing else 2.8, (), gone,
                        ("units", (region,), (other,), bit))
            if pointing:
                return step
            best = best or step
    return best


def _hidden_sets(board: Board, degree: int, direct: bool, changed: Changed | None = None):
    """Each (unit, digits mask, cells) where `degree` digits fit in exactly `degree` cells (with the
    unit's places of every digit: bit -> its cells); with `changed`, in the units that changed."""
    geo, cand, values = board.geo, board.cand, board.values
    masks = unit_masks(geo) if changed is not None else None
    for u, cells in enumerate(geo.units):
        if masks is not None and not masks[u] & changed.cells:
            continue
        empty = [i for i in cells if not values[i]]
        if len(cells) != geo.size or len(empty) <= (degree if direct else 2 * degree):
            continue
        one = two = three = four = five = 0      # the digits with at least 1, 2, ... 5 places
        for i in empty:
            m = cand[i]
            five |= four & m
            four |= three & m
            three |= two & m
            two |= one & m
            one |= m
        fit = two & ~(three, four, five)[degree - 2]     # the digits with 2 to `degree` places
        digits = []
        while fit:
            bit = fit & -fit
            fit ^= bit
            digits.append(bit)
        if len(digits) < degree:
            continue
        spots = {}                               # digit -> its places, a bit per cell of `empty`
        for bit in digits:
            mask = 0
            for k, i in enumerate(empty):
                if cand[i] & bit:
                    mask |= 1 << k
            spots[bit] = mask
        where = None
        for combo in combinations(digits, degree):
            union = 0
            for bit in combo:
                union |= spots[bit]
            if popcount(union) == degree:
                places = {i for k, i in enumerate(empty) if union >> k & 1}
                if where is None:
                    where = {}
                    for i in empty:
                        m = cand[i]
                        while m:
                            bit = m & -m
                            m ^= bit
                            where.setdefault(bit, []).append(i)
                yield u, sum(combo), places, where


def direct_hidden_set(board: Board, degree: int, changed: Changed | None = None) -> Step | None:
    """A hidden pair (triple) whose cells, kept for its digits, leave another digit a hidden single (with
    `changed`, in the units that changed since none was found)."""
    for u, digits, places, where in _hidden_sets(board, degree, True, changed):
        for bit, spots in sorted(where.items()):
            if bit & digits or len(spots) < 2:
                continue
            left = [i for i in spots if i not in places]
            if len(left) == 1:
                gone = [(i, d) for i in sorted(places) for d in digits_of(board.cand[i] & ~digits)]
                name = "Direct hidden pair" if degree == 2 else "Direct hidden triple"
                return Step(name, 2.0 if degree == 2 else 2.5, [(left[0], bit.bit_length())], gone)
    return None


def hidden_set(board: Board, degree: int, changed: Changed | None = None) -> Step | None:
    """A hidden pair, triple or quad: its cells lose every other candidate (with `changed`, in the units that
    changed since none was found)."""
    for u, digits, places, _ in _hidden_sets(board, degree, False, changed):
        gone = [(i, d) for i in sorted(places) for d in digits_of(board.cand[i] & ~digits)]
        if gone:
            return Step(("Hidden pair", "Hidden triple", "Hidden quad")[degree - 2],
                        (3.4, 4.0, 5.4)[degree - 2], (), gone, ("hidden", u, tuple(sorted(places)), digits))
    return None


def naked_set(board: Board, degree: int, changed: Changed | None = None) -> Step | None:
    """A naked pair, triple or quad: its digits leave the unit's other cells (with `changed`, in the units
    that changed since none was found)."""
    geo, cand = board.geo, board.cand
    masks = unit_masks(geo) if changed is not None else None
    for u, cells in enumerate(geo.units):
        if masks is not None and not masks[u] & changed.cells:
            continue
        small = [i for i in cells if 1 < popcount(cand[i]) <= degree]
        if len(small) < degree:
            continue
        for combo in combinations(small, degree):
            union = 0
            for i in combo:
                union |= cand[i]
            if popcount(union) != degree:
                continue
            gone = [(i, d) for i in cells if i not in combo and cand[i] & union for d in digits_of(cand[i] & union)]
            if gone:
                return Step(("Naked pair", "Naked triple", "Naked quad")[degree - 2],
                            (3.0, 3.6, 5.0)[degree - 2], (), gone, ("cells", combo, union))
    return None
