"""Static chains, as Sudoku Explainer finds them: X-cycles and Y-cycles 6.5, forcing X-chains 6.6,
XY-cycles and forcing XY-chains 7.0 (a candidate whose truth would make itself false, or a loop whose
weak links each rule out the candidates seeing both ends), read from the board as it stands
(chains.StaticLinks). The step is the simplest of them all: lowest score, then fewest nodes (its
complexity), then its name and eliminations.

Sudoku Explainer searches breadth first from each start (a candidate on, and for forcing chains off),
each node keeping the first parent that reached it. Found that way, but faster and to the same step:
- A forcing chain's start has one target, itself turned the other way, and what the chain eliminates
  depends on the target alone; its nodes are its distance plus one. So every start's distance is found
  at once, one breadth-first search carrying a bit per start (`_forcing`).
- A cycle's search keeps its first parents, but an off node is followed once (its on nodes are known
  after that), and the cycles are read at the on nodes whose weak link meets an off node that turns the
  start back on. A cycle found at depth t has t nodes, so a search stops at the depth where its score
  can no longer reach the best step found (the least of a total order, so which search runs first
  does not change it).
"""

from __future__ import annotations

from gridlogic.kinds.sudoku.grading.board import Board, Step, popcount
from gridlogic.kinds.sudoku.grading.chains import StaticLinks, ancestors, length_increment, pot, unit_counts

PASSES = (  # (Y links, X links, cycle base and name, forcing chain base and name)
    (False, True, 6.5, "X-cycle", 6.6, "Forcing X-chain"),
    (True, False, 6.5, "Y-cycle", None, None),
    (True, True, 7.0, "XY-cycle", 7.0, "Forcing XY-chain"),
)


def _forcing(links: StaticLinks, starts: list[int], y_links: bool) -> tuple[list[int], int]:
    """The starts whose potential, turned the other way, is the nearest to them (the fewest nodes of any
    start's forcing chain), and that number of nodes: a breadth-first search of every start at once, a
    bit per start, stopped at the first depth where a start reaches its target ([] and 0 when none
    does)."""
    weak, strong = links.weak_table(y_links), links.strong_table(y_links, True)
    bit = {s: 1 << k for k, s in enumerate(starts)}
    reached = dict(bit)                     # potential -> the starts that reached it
    frontier = dict(bit)
    nodes = 1
    while frontier:
        nodes += 1
        gathered: dict[int, int] = {}
        for p, mask in frontier.items():
            for q in (weak if p & 1 else strong)[p]:
                gathered[q] = gathered.get(q, 0) | mask
        frontier = {}
        found = []
        for q, mask in gathered.items():
            new = mask & ~reached.get(q, 0)
            if new:
                reached[q] = reached.get(q, 0) | new
                frontier[q] = new
                if new & bit.get(q ^ 1, 0):
                    found.append(q ^ 1)
        if found:
            return found, nodes
    return [], 0


def _cycles(links: StaticLinks, start: int, y_links: bool, x_links: bool, back: dict[int, list[int]],
            longest: int) -> list:
    """The cycles through on potential `start` (Sudoku Explainer's, as nodes ending back at it), of at
    most `longest` nodes. `back`: on potential -> the off potentials of its weak links that turn `start`
    on."""
    weak, strong = links.weak_table(y_links), links.strong_table(y_links, x_links)
    first = (start, ())
    to_on = {start: first}
    off_seen: set[int] = set()
    pending_on = [first]
    found = []
    length = 0
    while pending_on and length + 2 <= longest:
        length += 2
        next_on = []
        for node in pending_on:
            p = node[0]
            parents = (node,)
            if length >= 4 and p in back:
                above = _ancestors(node)
                found.extend((start, ((q, parents),)) for q in back[p] if q not in above)
            for q in weak[p]:
                if q in off_seen:
                    continue
                off_seen.add(q)
                off = (q, parents)
                for r in strong[q]:
                    if r not in to_on:
                        new = (r, (off,))
                        to_on[r] = new
                        next_on.append(new)
        pending_on = next_on
    return found


def _ancestors(node) -> set[int]:
    """The potentials of a node's chain before it (its first parents up to the start)."""
    out = set()
    while node[1]:
        node = node[1][0]
        out.add(node[0])
    return out


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


def target_eliminations(board: Board, target: int) -> list[tuple[int, int]]:
    """What a chain to `target` eliminates: its candidate (an off target), or the cell's other candidates
    (an on target)."""
    i, d = target >> 6, (target >> 1) & 31
    if not target & 1:
        return [(i, d)] if board.cand[i] >> (d - 1) & 1 else []
    m = board.cand[i] & ~(1 << (d - 1))
    return [(i, e) for e in range(1, board.geo.size + 1) if m >> (e - 1) & 1]


def _longest(best, base: float) -> int:
    """The most nodes a chain of technique base `base` may have and still be no worse than `best`."""
    if best is None:
        return 1 << 30
    k = 1
    while (base + length_increment(k + 1), k + 1) <= (best[0], best[1]):
        k += 1
    return k


def _back(links: StaticLinks, start: int, y_links: bool, x_links: bool) -> dict[int, list[int]]:
    """On potential -> the off potentials of its weak links that turn on potential `start` on (links
    are symmetric: q turns p on when p's off turns q's on; p turns q off when q turns p off)."""
    weak, strong = links.weak_table(y_links), links.strong_table(y_links, x_links)
    back: dict[int, list[int]] = {}
    for r in strong[start ^ 1]:
        for u in weak[r]:
            back.setdefault(u ^ 1, []).append(r ^ 1)
    return back


def static_chain(board: Board, budget=None) -> Step | None:
    """The simplest cycle or forcing chain (X, Y, then XY links)."""
    cand = board.cand
    links = StaticLinks(board, unit_counts(board, cand))
    best = None

    def consider(base: float, k: int, name: str, gone: list) -> None:
        nonlocal best
        found = (base + length_increment(k), k, name, gone)
        best = found if best is None or found < best else best

    def starts(x_links: bool) -> list[int]:
        return [pot(i, d, 1) for i, m in enumerate(cand) if popcount(m) >= 2 and (x_links or popcount(m) == 2)
                for d in range(1, board.geo.size + 1) if m >> (d - 1) & 1]
    for y_links, x_links, _, _, base, name in PASSES:
        if base is None or (best is not None and best[0] < base):
            continue
        if budget is not None:
            budget.check()
        on = starts(True)
        nearest, k = _forcing(links, [q for p in on for q in (p, p ^ 1)], y_links)
        for p in nearest:
            consider(base, k, name, target_eliminations(board, p ^ 1))
    for y_links, x_links, base, name, _, _ in PASSES:
        seen_best, longest = None, 0
        for p in starts(x_links):
            if best is not seen_best or not longest:
                seen_best, longest = best, _longest(best, base)
            if longest < 4:
                break
            back = _back(links, p, y_links, x_links)
            if not back:
                continue
            if budget is not None:
                budget.check()
            for dst in _cycles(links, p, y_links, x_links, back, longest):
                gone = _cycle_eliminations(board, dst)
                if gone:
                    consider(base, ancestors(dst), name, gone)
    if best is None:
        return None
    return Step(best[2], best[0], (), best[3])
