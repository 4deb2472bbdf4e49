"""Aligned exclusion (Sudoku Explainer's "aligned pair / triplet exclusion", 6.2 and 7.5).

Take two (three) cells and the cells of two or three candidates that see all of them (the excluders).
A combination of digits for the chosen cells is impossible when two cells that see each other get the
same digit, or when it takes every candidate of an excluder. A candidate of a chosen cell that belongs
to no possible combination is eliminated. As in SE, a triple is a pair plus a cell that one of the pair
sees with at most three candidates.
"""

from __future__ import annotations

import functools

from gridlogic.fits import bits as _digits
from gridlogic.kinds.sudoku.grading.board import Board, Changed, Step, peer_masks, popcount


def _excluders(board: Board, degree: int) -> dict[int, int]:
    """Per base cell (two or more candidates, no peer with one), its excluders (a bit per cell)."""
    cand = board.cand
    count = [popcount(m) for m in cand]
    out = {}
    for i, m in enumerate(cand):
        if count[i] < 2:
            continue
        near = 0
        for j in board.geo.peers[i]:
            k = count[j]
            if k == 1:
                break
            if 2 <= k <= degree:
                near |= 1 << j
        else:
            if near:
                out[i] = near
    return out


def _exclude(board: Board, cells: tuple[int, ...], excluders: int) -> list[tuple[int, int]]:
    """The candidates of `cells` in no combination the excluders (a bit per cell) and the cells' peers
    allow."""
    cand = board.cand
    union = 0
    for i in cells:
        union |= cand[i]
    masks = set()
    while excluders:
        low = excluders & -excluders
        excluders ^= low
        m = cand[low.bit_length() - 1]
        if not m & ~union:
            masks.add(m)
    if not masks:                           # no excluder can be filled by the cells' digits: nothing to gain
        return []
    peer_sets = board.geo.peer_sets
    sees = (cells[1] in peer_sets[cells[0]],) if len(cells) == 2 else \
        (cells[1] in peer_sets[cells[0]], cells[2] in peer_sets[cells[0]], cells[2] in peer_sets[cells[1]])
    allowed = _allowed(tuple(cand[i] for i in cells), tuple(sorted(masks)), sees)
    if allowed is None:
        return []
    return [(i, bit.bit_length()) for k, i in enumerate(cells) for bit in _digits(cand[i] & ~allowed[k])]


def aligned_exclusion(board: Board, degree: int, changed: Changed | None = None) -> Step | None:
    """An aligned pair (degree 2) or triplet (3) exclusion; with `changed`, of cells where one of them or of
    their excluders changed since none was found (what a choice of cells reads: an excluder that lost a
    candidate, or became one, changed; one that went, or a cell that changed elsewhere, rules out no more
    than before; a cell with one candidate, which takes its peers out of the choices, makes it look
    everywhere)."""
    base = _excluders(board, degree)
    dirty = None
    if changed is not None and not any(m & (m - 1) == 0 for m in board.cand if m):
        dirty, peers = changed.cells, peer_masks(board.geo)
    cells = list(base)
    name, score = ("Aligned pair exclusion", 6.2) if degree == 2 else ("Aligned triplet exclusion", 7.5)
    within = sum(1 << i for i in cells)
    for b in range(1, len(cells)):
        c1 = cells[b]
        base1 = base[c1]
        for c0 in _firsts(cells, b, dirty if degree == 2 else None, peers if dirty is not None else ()):
            pair = base[c0] & base1
            if pair & (pair - 1) == 0:                 # fewer than two excluders in common
                continue
            if degree == 2:
                if dirty is not None and not (1 << c0 | 1 << c1 | pair) & dirty:
                    continue
                gone = _exclude(board, (c0, c1), pair)
                if gone:
                    return Step(name, score, (), gone)
                continue
            thirds = (base[c0] | base1) & within & ~(1 << c0 | 1 << c1)
            if dirty is not None and not (1 << c0 | 1 << c1 | pair) & dirty:
                thirds &= dirty                        # (a triple of other thirds reads nothing that changed)
            while thirds:                              # (ascending)
                low = thirds & -thirds
                thirds ^= low
                c2 = low.bit_length() - 1
                common = pair & base[c2]
                if common & (common - 1):
                    if dirty is not None and not (1 << c0 | 1 << c1 | low | common) & dirty:
                        continue
                    gone = _exclude(board, (c0, c1, c2), common)
                    if gone:
                        return Step(name, score, (), gone)
    return None


def _firsts(cells: list[int], b: int, dirty: int | None, peers) -> list[int]:
    """The first cells of the pairs whose second is cells[b], in order: cells[:b], or with `dirty` (a pair's
    changed cells) those a pair with cells[b] reads a change in: itself or a cell seeing both changed."""
    if dirty is None or dirty >> cells[b] & 1:
        return cells[:b]
    reach = dirty                                  # changed cells, and the peers of those seeing cells[b]
    near = dirty & peers[cells[b]]
    while near:
        low = near & -near
        near ^= low
        reach |= peers[low.bit_length() - 1]
    return [c for c in cells[:b] if reach >> c & 1]


@functools.lru_cache(maxsize=1 << 15)
def _allowed(full: tuple[int, ...], masks: tuple[int, ...], sees: tuple[bool, ...]) -> tuple[int, ...] | None:
    """Per cell, the digits in some combination no excluder and no shared unit forbids (None as soon as
    every digit is in one: nothing to eliminate). Given the first cells' digits (a bit each, `taken`), an
    excluder rules out the last cell's digit `m & ~taken` when that is one digit, and every digit when it
    is none; so each choice of the first cells allows the last cell's digits outside those at once.
    Cached: the same candidates and excluders come back from step to step (and from cells to cells)."""
    out = [0] * len(full)
    last = full[-1]
    if len(full) == 2:
        see = sees[0]
        for a in _digits(full[0]):
            ruled = a if see else 0
            for m in masks:
                rest = m & ~a
                if not rest & (rest - 1):
                    ruled |= rest
            others = last & ~ruled
            if others:
                out[0] |= a
                out[1] |= others
        return None if tuple(out) == full else tuple(out)
    see01, see02, see12 = sees
    twos = _digits(full[1])
    for a in _digits(full[0]):
        for b in twos:
            if see01 and a == b:
                continue
            ab = a | b
            ruled = (a if see02 else 0) | (b if see12 else 0)
            for m in masks:
                rest = m & ~ab
                if not rest:
                    break
                if not rest & (rest - 1):
                    ruled |= rest
            else:
                others = last & ~ruled
                if others:
                    out[0] |= a
                    out[1] |= b
                    out[2] |= others
        if tuple(out) == full:
            return None
    return None if tuple(out) == full else tuple(out)
