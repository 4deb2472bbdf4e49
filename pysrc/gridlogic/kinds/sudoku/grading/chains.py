"""The implication engine under every chain, as Sudoku Explainer builds it.

A *potential* is "digit d is (not) in cell i", packed in one int: ((i << 5 | d) << 1) | on. A node is
(potential, parents): the potentials that forced it, so a conclusion carries the chain that proves it.
Links: an "on" potential turns off the cell's other digits (a Y link) and the digit in every peer (an X
link); an "off" potential turns on the cell's last other digit (Y) or the digit's last other place in a
unit (X). Static chains read those links from the board as it stands; dynamic chains remove each
potential they turn off, so later links see the narrowed board (their extra parents are the removed
candidates that made a cell or unit bivalue). When the links run dry, a dynamic chain may go on with
more off nodes from other techniques applied to the narrowed board (`propagate`'s `more`): forcing.py
gives intersections, pairs and X-wings from level 1 on (Sudoku Explainer's "Dynamic Forcing Chains
(+)"), and forcing chains themselves at deeper levels (nested chains).

A chain's score is its technique's base plus `length_increment(complexity)`, complexity being the number
of distinct potentials the conclusion rests on.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from gridlogic.kinds.sudoku.grading.board import Board, popcount


def pot(i: int, d: int, on: int) -> int:
    """The potential "d is (on) / is not (off) in cell i"."""
    return ((i << 5 | d) << 1) | on


def length_increment(complexity: int) -> float:
    """Sudoku Explainer's increase for a long chain: 0.1 for each step of 4, 6, 8, 12, 16, 24, ... nodes."""
    added, ceil, odd = 0, 4, False
    length = complexity - 2
    while length > ceil:
        added += 1
        ceil = (ceil * 4) // 3 if odd else (ceil * 3) // 2
        odd = not odd
    return added / 10


def ancestors(*nodes) -> int:
    """The number of distinct potentials in the chains leading to these nodes (each counted once)."""
    seen: set[int] = set()
    stack = list(nodes)
    while stack:
        p, parents = stack.pop()
        if p not in seen:
            seen.add(p)
            stack.extend(parents)
    return len(seen)


def complexity(*nodes) -> int:
    """Sum of the nodes' ancestor counts (Sudoku Explainer counts each chain of a multiple chain apart)."""
    return sum(ancestors(n) for n in nodes)


def on_to_off(board: Board, cand: list[int], node, y_links: bool):
    """The off nodes an on node forces."""
    p = node[0]
    i, d = p >> 6, (p >> 1) & 31
    bit = 1 << (d - 1)
    parents = (node,)
    out = []
    if y_links:
        m = cand[i] & ~bit
        e = 1
        while m:
            if m & 1:
                out.append((((i << 5 | e) << 1), parents))
            m >>= 1
            e += 1
    for j in board.geo.peers[i]:
        if cand[j] & bit:
            out.append((((j << 5 | d) << 1), parents))
    return out


def unit_counts(board: Board, cand: list[int]) -> list[int]:
    """Per unit u and digit d, at u * size + d - 1, the number of the unit's cells with candidate d."""
    geo = board.geo
    n = geo.size
    counts = [0] * (len(geo.units) * n)
    for u, cells in enumerate(geo.units):
        base = u * n
        for i in cells:
            m = cand[i]
            d = 0
            while m:
                if m & 1:
                    counts[base + d] += 1
                m >>= 1
                d += 1
    return counts


def off_to_on(board: Board, cand: list[int], src: list[int], counts: list[int], node, offs: dict,
              y_links: bool, x_links: bool):
    """The on nodes an off node forces (on the current candidates `cand`, whose unit counts are
    `counts`; hidden parents are the candidates removed since `src`)."""
    p = node[0]
    i, d = p >> 6, (p >> 1) & 31
    bit = 1 << (d - 1)
    geo = board.geo
    out = []
    if y_links:
        m = cand[i]
        if popcount(m) == 2:
            other = (m & ~bit).bit_length()
            parents = [node]
            gone = src[i] & ~m
            e = 1
            while gone:
                if gone & 1:
                    parents.append(offs[(i << 5 | e) << 1])
                gone >>= 1
                e += 1
            out.append((((i << 5 | other) << 1) | 1, tuple(parents)))
    if x_links:
        n = geo.size
        units = geo.units
        for u in geo.cell_units[i]:
            if counts[u * n + d - 1] != 2:
                continue
            parents = [node]
            j = -1
            for k in units[u]:
                if cand[k] & bit:
                    if k != i:
                        j = k
                elif src[k] & bit:
                    parents.append(offs[(k << 5 | d) << 1])
            out.append((((j << 5 | d) << 1) | 1, tuple(parents)))
    return out


def reach_static(links, start: int) -> tuple[dict[int, int], tuple[int, int] | None]:
    """`propagate` from one potential, not dynamic (links read from the board as it stands), on `links`:
    potential -> the potentials it forces, in on_to_off's and off_to_on's order (static_links.StaticLinks'
    tables: a link met twice there is met once here, which changes nothing, as the second meeting finds the
    potential reached). Each node has one parent, the node it follows, so it is told by the number of
    potentials of its chain (`ancestors`: its depth and one) rather than built: (potential -> that number,
    on and off potentials in one dict, an on one being odd and an off one even; a contradiction as the
    numbers of its on and off nodes, or None)."""
    size = {start: 1}
    pending_on: list[int] = [start] if start & 1 else []
    pending_off: list[int] = [] if start & 1 else [start]
    at_on = at_off = 0
    while True:
        if at_on < len(pending_on):                # every on node first (they add off nodes only)
            for p in pending_on[at_on:]:
                k = size[p] + 1
                for q in links[p]:
                    if q | 1 in size:
                        return size, (size[q | 1], k)
                    if q not in size:
                        size[q] = k
                        pending_off.append(q)
            at_on = len(pending_on)
        if at_off == len(pending_off):
            break
        p = pending_off[at_off]                    # then one off node
        at_off += 1
        k = size[p] + 1
        for q in links[p]:
            if q & ~1 in size:
                return size, (k, size[q & ~1])
            if q not in size:
                size[q] = k
                pending_on.append(q)
    return size, None


More = Callable[[Board, list[int], list[int], dict], list]    # (board, narrowed cand, src, off nodes) -> off nodes


def propagate(board: Board, starts, dynamic: bool, y_links: bool = True, more: More | None = None,
              counts: list[int] | None = None):
    """Follow every implication from the start nodes: (on nodes, off nodes, contradiction) where the
    contradiction, if any, is (an on node, the off node of the same potential). `more`: for a dynamic
    chain, the further off nodes other techniques find on the narrowed board once the links run dry
    (see the module docstring). `counts`: the board's `unit_counts`, when the caller has them."""
    src = board.cand
    cand = src[:] if dynamic else src
    if counts is None:
        counts = unit_counts(board, src)
    if dynamic:
        counts = counts[:]
    geo = board.geo
    n = geo.size
    cell_units = geo.cell_units
    on: dict[int, tuple] = {}
    off: dict[int, tuple] = {}
    pending_on: deque = deque()
    pending_off: deque = deque()
    for node in starts:
        if node[0] & 1:
            on[node[0]] = node
            pending_on.append(node)
        else:
            off[node[0]] = node
            pending_off.append(node)
    while True:
        while pending_on or pending_off:
            if pending_on:
                node = pending_on.popleft()
                for new in on_to_off(board, cand, node, y_links):
                    q = new[0]
                    if q | 1 in on:
                        return on, off, (on[q | 1], new)
                    if q not in off:
                        off[q] = new
                        pending_off.append(new)
            else:
                node = pending_off.popleft()
                made = off_to_on(board, cand, src, counts, node, off, y_links, True)
                if dynamic:
                    p = node[0]
                    i, d = p >> 6, (p >> 1) & 31
                    if cand[i] >> (d - 1) & 1:
                        cand[i] &= ~(1 << (d - 1))
                        for u in cell_units[i]:
                            counts[u * n + d - 1] -= 1
                for new in made:
                    q = new[0]
                    if q & ~1 in off:
                        return on, off, (new, off[q & ~1])
                    if q not in on:
                        on[q] = new
                        pending_on.append(new)
        if more is None or not dynamic:
            return on, off, None
        added = more(board, cand, src, off)
        if not added:
            return on, off, None
        counts = unit_counts(board, cand)
        for new in added:
            if new[0] | 1 in on:
                return on, off, (on[new[0] | 1], new)
            off[new[0]] = new
            pending_off.append(new)


def offs_of(potentials, off: dict):
    """The off nodes of these (cell, digit) potentials (those the chain turned off)."""
    for i, d in potentials:
        node = off.get((i << 5 | d) << 1)
        if node is not None:
            yield node


def rule_parents(board: Board, cand: list[int], src: list[int], pattern) -> list[tuple[int, int]]:
    """The removed candidates a technique's step rests on (as Sudoku Explainer's getRuleParents)."""
    geo = board.geo
    if pattern is None:
        return []
    if pattern[0] == "cells":                       # naked set: the cells' other digits
        _, cells, digits = pattern
        return [(i, d) for i in cells for d in range(1, geo.size + 1) if src[i] >> (d - 1) & 1
                and not digits >> (d - 1) & 1]
    if pattern[0] == "hidden":                      # hidden set: its digits elsewhere in the unit
        _, u, cells, digits = pattern
        return [(i, d) for i in geo.units[u] if i not in cells for d in range(1, geo.size + 1)
                if digits >> (d - 1) & 1 and src[i] >> (d - 1) & 1]
    _, inside, outside, bit = pattern                # intersection or fish: the digit's removed places
    d = bit.bit_length()
    covered = {i for u in outside for i in geo.units[u]}
    return [(i, d) for u in inside for i in geo.units[u]
            if i not in covered and src[i] & bit and not cand[i] & bit]
