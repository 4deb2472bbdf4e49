"""The implication engine under every chain, as Sudoku Explainer builds it.

A *potential* is "digit d is (not) in cell i", packed in one int: ((i << 5 | d) << 1) | on. A node is
(potential, parents): the potentials that forced it, so a conclusion carries the chain that proves it.
Links: an "on" potential turns off the cell's other digits (a Y link) and the digit in every peer (an X
link); an "off" potential turns on the cell's last other digit (Y) or the digit's last other place in a
unit (X). Static chains read those links from the board as it stands; dynamic chains remove each
potential they turn off, so later links see the narrowed board (their extra parents are the removed
candidates that made a cell or unit bivalue). From level 1 on, when the links run dry the chain also
applies intersections, pairs and X-wings to the narrowed board (Sudoku Explainer's "Dynamic Forcing
Chains (+)"), and deeper levels add forcing chains themselves (nested chains).

A chain's score is its technique's base plus `length_increment(complexity)`, complexity being the number
of distinct potentials the conclusion rests on.
"""

from __future__ import annotations

from collections import deque

from gridlogic.kinds.sudoku.grading.board import Board, popcount


def pot(i: int, d: int, on: int) -> int:
    """The potential "d is (on) / is not (off) in cell i"."""
    return ((i << 5 | d) << 1) | on


def cell_of(p: int) -> int:
    return p >> 6


def digit_of(p: int) -> int:
    return (p >> 1) & 31


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


def off_to_on(board: Board, cand: list[int], src: list[int], node, offs: dict, y_links: bool, x_links: bool):
    """The on nodes an off node forces (on the current candidates `cand`; hidden parents are the
    candidates removed since `src`)."""
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
        for u in geo.cell_units[i]:
            places = [j for j in geo.units[u] if cand[j] & bit]
            if len(places) == 2:
                j = places[1] if places[0] == i else places[0]
                parents = [node]
                for k in geo.units[u]:
                    if src[k] & bit and not cand[k] & bit:
                        parents.append(offs[(k << 5 | d) << 1])
                out.append((((j << 5 | d) << 1) | 1, tuple(parents)))
    return out


def propagate(board: Board, starts, dynamic: bool, y_links: bool = True, level: int = 0, budget=None):
    """Follow every implication from the start nodes: (on nodes, off nodes, contradiction) where the
    contradiction, if any, is (an on node, the off node of the same potential)."""
    src = board.cand
    cand = src[:] if dynamic else src
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
                made = off_to_on(board, cand, src, node, off, y_links, True)
                if dynamic:
                    p = node[0]
                    cand[p >> 6] &= ~(1 << (((p >> 1) & 31) - 1))
                for new in made:
                    q = new[0]
                    if q & ~1 in off:
                        return on, off, (new, off[q & ~1])
                    if q not in on:
                        on[q] = new
                        pending_on.append(new)
        if level <= 0 or not dynamic:
            return on, off, None
        added = _advanced(board, cand, src, off, level, budget)
        if not added:
            return on, off, None
        for new in added:
            if new[0] | 1 in on:
                return on, off, (on[new[0] | 1], new)
            off[new[0]] = new
            pending_off.append(new)


def _advanced(board: Board, cand: list[int], src: list[int], off: dict, level: int, budget) -> list:
    """Off nodes found by simple techniques (and, from level 2, chains) on the narrowed candidates."""
    from gridlogic.kinds.sudoku.grading import basic, fish, forcing
    narrowed = Board(board.geo, board.values, cand)
    rules = [basic.locking, lambda b: basic.hidden_set(b, 2), lambda b: basic.naked_set(b, 2),
             lambda b: fish.fish(b, 2)]
    if level >= 2:
        rules.append(lambda b: forcing.static_chain(b, budget))
    if level >= 3:
        rules.append(lambda b: forcing.multiple_chain(b, budget, multiple=True, dynamic=False, level=0))
    geo = board.geo
    for rule in rules:
        step = rule(narrowed)
        if step is None:
            continue
        out = []
        for j, e in step.eliminated:
            q = (j << 5 | e) << 1
            if q in off:
                continue
            bit = 1 << (e - 1)
            best = None
            for u in geo.cell_units[j]:
                gone = [off[(k << 5 | e) << 1] for k in geo.units[u] if src[k] & bit and not cand[k] & bit]
                if gone and (best is None or len(gone) < len(best)):
                    best = gone
            out.append((q, tuple(best or ())))
        if out:
            return out
    return []
