"""Chain techniques, tried as Sudoku Explainer tries them; each returns its simplest conclusion (lowest
score, then fewest nodes).

- `static_chain`: X-cycles and Y-cycles 6.5, forcing X-chains 6.6, XY-cycles and forcing XY-chains 7.0
  (a candidate whose truth would make itself false, or a loop whose weak links each rule out the
  candidates seeing both ends).
- `multiple_chain`: from each candidate of a cell (or each place of a digit in a unit), or from a
  candidate both true and false, the potentials every branch agrees on; and a candidate whose truth
  (falsity) leads to a contradiction. Nishio forcing chains 7.5 (X links only, dynamic, contradictions
  only), multiple forcing chains 8.0 (static), dynamic forcing chains 8.5, dynamic forcing chains (+)
  9.0, nested forcing chains 9.5 and 10.0 (levels 2 and 3).
Each score grows by `chains.length_increment` of the chain's size.
"""

from __future__ import annotations

from gridlogic.kinds.sudoku.grading import basic, fish
from gridlogic.kinds.sudoku.grading.board import Board, Step, popcount
from gridlogic.kinds.sudoku.grading.chains import (More, StaticLinks, ancestors, complexity, length_increment, offs_of,
                                                   pot, propagate, rule_parents, unit_counts)

MULTIPLE_BASE = {"nishio": 7.5, "multiple": 8.0, "dynamic": 8.5}
NAMES = {7.5: "Nishio forcing chain", 8.0: "Multiple forcing chain", 8.5: "Dynamic forcing chain",
         9.0: "Dynamic forcing chain (+)", 9.5: "Nested forcing chain", 10.0: "Nested forcing chain"}


def _ancestors(node) -> set[int]:
    """The keys of the node's ancestors (its first parents up to the start, itself left out)."""
    out = set()
    while node[1]:
        node = node[1][0]
        out.add(node[0])
    return out


def _cycles(links: StaticLinks, start, y_links: bool, x_links: bool) -> list:
    """The on nodes that come back to `start` after at least four links (Sudoku Explainer's BFS)."""
    weak, strong = links.weak_table(y_links), links.strong_table(y_links, x_links)
    to_on = {start[0]: start}
    pending_on, pending_off = [start], []
    found, length = [], 0
    goal = start[0]
    while pending_on or pending_off:
        length += 1
        for node in pending_on:
            parents = (node,)
            above = _ancestors(node)
            for q in weak[node[0]]:
                if q not in above:
                    pending_off.append((q, parents))
        pending_on = []
        length += 1
        for node in pending_off:
            parents = (node,)
            for q in strong[node[0]]:
                if length >= 4 and q == goal:
                    found.append((q, parents))
                if q not in to_on:
                    new = (q, parents)
                    pending_on.append(new)
                    to_on[q] = new
        pending_off = []
    return found


def _forcing(links: StaticLinks, start, y_links: bool) -> list:
    """Targets proving `start` wrong: an off node of an on start or an on node of an off start."""
    weak, strong = links.weak_table(y_links), links.strong_table(y_links, True)
    to_on, to_off = {}, {}
    (to_on if start[0] & 1 else to_off)[start[0]] = start
    pending_on = [start] if start[0] & 1 else []
    pending_off = [] if start[0] & 1 else [start]
    found = {}
    while pending_on or pending_off:
        for node in pending_on:
            parents = (node,)
            for q in weak[node[0]]:
                if q | 1 == start[0] and q not in found:
                    found[q] = (q, parents)
                if q not in to_off:
                    new = (q, parents)
                    to_off[q] = new
                    pending_off.append(new)
        pending_on = []
        for node in pending_off:
            parents = (node,)
            for q in strong[node[0]]:
                if q & ~1 == start[0] and q not in found:
                    found[q] = (q, parents)
                if q not in to_on:
                    new = (q, parents)
                    to_on[q] = new
                    pending_on.append(new)
        pending_off = []
    return list(found.values())


def _cycle_eliminations(board: Board, dst) -> list[tuple[int, int]]:
    chain, node = [], dst
    while node[1]:
        chain.append(node)
        node = node[1][0]
    cells = {n[0] >> 6 for n in chain}
    forward, back = set(), set()
    cand = board.cand
    for n in chain:
        i, d = n[0] >> 6, (n[0] >> 1) & 31
        bit = 1 << (d - 1)
        for j in board.geo.peers[i]:
            if j not in cells and cand[j] & bit:
                (forward if n[0] & 1 else back).add((j, d))
    return sorted(forward & back)


def _target_eliminations(board: Board, target: int) -> list[tuple[int, int]]:
    i, d = target >> 6, (target >> 1) & 31
    if not target & 1:
        return [(i, d)] if board.cand[i] >> (d - 1) & 1 else []
    m = board.cand[i] & ~(1 << (d - 1))
    return [(i, e) for e in range(1, board.geo.size + 1) if m >> (e - 1) & 1]


def static_chain(board: Board, budget=None) -> Step | None:
    """The simplest cycle or forcing chain (X, Y, then XY links)."""
    best = None
    cand = board.cand
    links = StaticLinks(board, unit_counts(board, cand))
    for y_links, x_links in ((False, True), (True, False), (True, True)):
        base_cycle = 7.0 if y_links and x_links else 6.5
        if best is not None and best[0] < base_cycle:
            break
        for i, m in enumerate(cand):
            if popcount(m) < 2 or (not x_links and popcount(m) != 2):
                continue
            if budget is not None:
                budget.check()
            for d in range(1, board.geo.size + 1):
                if not m >> (d - 1) & 1:
                    continue
                start = (pot(i, d, 1), ())
                for dst in _cycles(links, start, y_links, x_links):
                    gone = _cycle_eliminations(board, dst)
                    if gone:
                        k = ancestors(dst)
                        kind = "XY-cycle" if y_links and x_links else ("Y-cycle" if y_links else "X-cycle")
                        cand_step = (base_cycle + length_increment(k), k, kind, gone)
                        best = min(best, cand_step) if best else cand_step
                if not x_links:
                    continue
                base = 7.0 if y_links else 6.6
                for start in ((pot(i, d, 1), ()), (pot(i, d, 0), ())):
                    for dst in _forcing(links, start, y_links):
                        gone = _target_eliminations(board, dst[0])
                        if gone:
                            k = ancestors(dst)
                            kind = "Forcing XY-chain" if y_links else "Forcing X-chain"
                            cand_step = (base + length_increment(k), k, kind, gone)
                            best = min(best, cand_step) if best else cand_step
    if best is None:
        return None
    return Step(best[2], best[0], (), best[3])


def multiple_chain(board: Board, budget=None, multiple: bool = True, dynamic: bool = True, level: int = 0,
                   nishio: bool = False) -> Step | None:
    """The simplest Nishio, multiple, dynamic or nested forcing chain (see the module docstring)."""
    if level >= 2:
        base = 9.5 + 0.5 * (level - 2)
    elif level == 1:
        base = 9.0
    else:
        base = 7.5 if nishio else (8.5 if dynamic else 8.0)
    geo, cand = board.geo, board.cand
    y_links = not nishio
    cache: dict[int, tuple] = {}
    counts = unit_counts(board, cand)
    more = _narrowed(level, budget) if level > 0 else None

    def run(p: int):
        if p not in cache:
            if budget is not None:
                budget.check()
            cache[p] = propagate(board, [(p, ())], dynamic, y_links, more, counts)
        return cache[p]

    found = []                                      # (complexity, target, nodes)

    def note(target: int, *nodes) -> None:
        if _target_eliminations(board, target):
            found.append((complexity(*nodes), target))

    for i, m in enumerate(cand):
        card = popcount(m)
        if not (card > 2 or (card > 1 and dynamic)):
            continue
        digits = [d for d in range(1, geo.size + 1) if m >> (d - 1) & 1]
        results = {}
        for d in digits:
            on1, off1, absurd1 = run(pot(i, d, 1))
            results[d] = (on1, off1)
            if dynamic or nishio:
                if absurd1:
                    note(pot(i, d, 0), *absurd1)
                on2, off2, absurd2 = run(pot(i, d, 0))
                if absurd2:
                    note(pot(i, d, 1), *absurd2)
                if card >= 3 and dynamic and not nishio and not absurd1 and not absurd2:
                    for q, node in on1.items():
                        if q in on2:
                            note(q, node, on2[q])
                    for q, node in off1.items():
                        if q in off2:
                            note(q, node, off2[q])
            if nishio:
                continue
            bit = 1 << (d - 1)
            for u in geo.cell_units[i]:
                places = [j for j in geo.units[u] if cand[j] & bit]
                if places[0] != i or not (len(places) == 2 or (multiple and len(places) > 2)):
                    continue
                _agreements([run(pot(j, d, 1)) for j in places], note)
        if not nishio and (card == 2 or (multiple and card > 2)):
            _agreements([run(pot(i, d, 1)) for d in digits], note)
    if not found:
        return None
    k, target = min(found)
    return Step(NAMES[base], base + length_increment(k), (), _target_eliminations(board, target))


def _agreements(outcomes, note) -> None:
    """Note each potential that every branch turns on (off)."""
    for side in (0, 1):
        first = outcomes[0][side]
        common = set(first)
        for o in outcomes[1:]:
            common &= o[side].keys()
        for q in sorted(common):
            note(q, *(o[side][q] for o in outcomes))


def _narrowed(level: int, budget) -> More:
    """A dynamic chain's further off nodes at `level` (see chains.propagate): those found by simple
    techniques (and, from level 2, chains) on the narrowed candidates."""
    rules = [basic.locking, lambda b: basic.hidden_set(b, 2), lambda b: basic.naked_set(b, 2),
             lambda b: fish.fish(b, 2)]
    if level >= 2:
        rules.append(lambda b: static_chain(b, budget))
    if level >= 3:
        rules.append(lambda b: multiple_chain(b, budget, multiple=True, dynamic=False, level=0))

    def more(board: Board, cand: list[int], src: list[int], off: dict) -> list:
        narrowed = Board(board.geo, board.values, cand)
        for rule in rules:
            step = rule(narrowed)
            if step is None:
                continue
            parents = tuple(offs_of(rule_parents(board, cand, src, step.pattern), off))
            out = []
            for j, e in step.eliminated:
                q = (j << 5 | e) << 1
                if q not in off:
                    out.append((q, parents))
            if out:
                return out
        return []
    return more
