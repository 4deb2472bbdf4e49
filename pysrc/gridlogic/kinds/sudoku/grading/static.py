"""Static chains, as Sudoku Explainer finds them: X-cycles and Y-cycles 6.5, forcing X-chains 6.6,
XY-cycles and forcing XY-chains 7.0 (a candidate whose truth would make itself false, or a loop whose
weak links each rule out the candidates seeing both ends), read from the board as it stands
(`StaticLinks`, static_links.py). The step is the simplest of them all: lowest score, then fewest nodes (its
complexity), then its name and eliminations.

Sudoku Explainer searches breadth first from each start (a candidate on, and for forcing chains off),
each node keeping the first parent that reached it. Found that way, but faster and to the same step:
- A forcing chain's start has one target, itself turned the other way, and what the chain eliminates
  depends on the target alone; its nodes are its distance plus one. So every start's distance is found
  at once, one breadth-first search carrying a bit per start, met in the middle (`_forcing`: the links
  being symmetric, it stops at about half the depth).
- A cycle's search keeps its first parents, but an off node is followed once (its on nodes are known
  after that), and the cycles are read at the on nodes whose weak link meets an off node that turns the
  start back on. A cycle found at depth t has t nodes, so a search stops at the depth where its score
  can no longer reach the best step found (the least of a total order, so which search runs first
  does not change it).
"""

from __future__ import annotations

from gridlogic.kinds.sudoku.grading.board import Board, Step
from gridlogic.kinds.sudoku.grading.chains import length_increment
from gridlogic.kinds.sudoku.grading.static_links import MOST_KEPT, StaticLinks

_BY_DIGIT: dict[tuple, tuple] = {}     # digits' X passes kept (`_x_digit`), MOST_KEPT at most
_SCRATCH: dict[int, tuple[list[int], list[int]]] = {}   # size -> `_forcing`'s lists, zero between searches
PASSES = (  # (Y links, X links, cycle base and name, forcing chain base and name)
    (False, True, 6.5, "X-cycle", 6.6, "Forcing X-chain"),
    (True, False, 6.5, "Y-cycle", None, None),
    (True, True, 7.0, "XY-cycle", 7.0, "Forcing XY-chain"),
)


def _forcing(links: StaticLinks, starts: list[int], y_links: bool) -> tuple[list[int], int]:
    """The starts whose potential, turned the other way, is the nearest to them (the fewest nodes of any
    start's forcing chain), and that number of nodes ([] and 0 when none has one): a breadth-first search
    of every start at once, a bit per start, met in the middle. The links are symmetric (`_back`): x
    reached from start s in b steps, x turned the other way (x ^ 1) reaches s ^ 1 in b steps, so s's
    distance to s ^ 1 is the least sum of its distances to x and to x ^ 1, over the potentials x (x = s
    among them); the two are never equal (the links alternate on and off, and x and x ^ 1 are one of each).
    Halfway along a shortest chain of d steps (d is odd), x has both at most (d + 1) / 2 steps away. So in
    the first round t where a start reaches some x whose other way it reached before, every start's
    distance is at least 2t - 1, and those reaching such an x in round t are at 2t - 1 exactly (their x
    ^ 1 was reached in round t - 1, or the sum would be less): their chains have 2t nodes, and the search
    stops at half the depth of a search to the targets."""
    follow = links.table(y_links, True)
    reached, gathered = _scratch(len(follow))      # potential -> the starts that reached it; (a round's)
    frontier = []
    for k, s in enumerate(starts):
        reached[s] = 1 << k
        frontier.append((s, 1 << k))
    met = [starts]                                 # the potentials reached or gathered, zero again after
    rounds = 0
    try:
        while frontier:
            rounds += 1
            touched = []
            met.append(touched)
            for p, mask in frontier:
                for q in follow[p]:
                    if gathered[q]:
                        gathered[q] |= mask
                    else:
                        gathered[q] = mask
                        touched.append(q)
            frontier = []
            found = 0
            for q in touched:
                new = gathered[q] & ~reached[q]
                gathered[q] = 0
                if new:
                    reached[q] |= new
                    frontier.append((q, new))
                    found |= new & reached[q ^ 1]
            if found:
                return [s for k, s in enumerate(starts) if found >> k & 1], 2 * rounds
        return [], 0
    finally:
        for some in met:
            for q in some:
                reached[q] = gathered[q] = 0


def _scratch(size: int) -> tuple[list[int], list[int]]:
    """Two lists of `size` zeros for `_forcing`, kept (`_SCRATCH`): a list that long costs about as much to
    make as a search of one digit's links; the search leaves them zero again."""
    found = _SCRATCH.get(size)
    if found is None:
        found = _SCRATCH[size] = ([0] * size, [0] * size)
    return found


def _cycles(links: StaticLinks, follow: list, start: int, back: dict[int, list[int]], longest: int) -> list:
    """The cycles through on potential `start` (Sudoku Explainer's, as nodes ending back at it) that
    eliminate something, as (their nodes, what they eliminate), of at most `longest` nodes, on the links
    `follow` (StaticLinks.table): those of the fewest nodes only, since a longer one from the same start
    never makes a simpler step. `back`: on potential -> the off potentials of its weak links that turn
    `start` on. (Each on node is followed once, so the search ends once every node of `back` but the start
    has been, or at the first depth where a cycle eliminates something: every cycle found at one depth has
    as many nodes, its depth and two, as it closes through an on node met at that depth less two, one off
    potential met nowhere before it, and the start. Each potential met keeps the one it was first met from,
    its first parent.)"""
    found = []
    left = len(back) - (start in back)
    if not left:
        return found
    parent = {start: start}                        # the on and off potentials met (never the same number)
    pending_on = [start]
    length = 0
    while pending_on and length + 2 <= longest:
        length += 2
        next_on = []
        last = length + 2 > longest                # (its on nodes' closings are read, nothing beyond them)
        for p in pending_on:
            if length >= 4 and p in back:
                chain = [p]                        # the cycle's nodes from p, back to the start
                while chain[-1] != start:
                    chain.append(parent[chain[-1]])
                closing = [q for q in back[p] if q not in chain]
                if closing:
                    cells, sides = _sides(links, chain)
                    for q in closing:
                        gone = _cycle_eliminations(links, cells, sides, q)
                        if gone:
                            found.append((length, gone))
                left -= 1
                if not left:
                    return found
            if found or last:                      # (nothing deeper is asked)
                continue
            for q in follow[p]:
                if q in parent:
                    continue
                parent[q] = p
                for r in follow[q]:
                    if r not in parent:
                        parent[r] = q
                        next_on.append(r)
        if found:
            return found
        pending_on = next_on
    return found


def _sides(links: StaticLinks, chain: list[int]) -> tuple[int, tuple[dict, dict]]:
    """Of a cycle's nodes (`chain`: on potentials and off ones), their cells, and per off and on nodes,
    digit -> the cells seeing one of them."""
    peers = links.peer_masks
    cells = 0
    sides: tuple[dict, dict] = ({}, {})
    for p in chain:
        i, d = p >> 6, (p >> 1) & 31
        cells |= 1 << i
        side = sides[p & 1]
        side[d] = side.get(d, 0) | peers[i]
    return cells, sides


def _cycle_eliminations(links: StaticLinks, cells: int, sides: tuple[dict, dict], off: int) -> list[tuple[int, int]]:
    """The candidates a cycle eliminates (its cells and sides as `_sides` gives them, and its last
    node, the off potential `off`): outside its cells, seeing one of its on nodes and one of its off nodes
    of their digit."""
    peers, places = links.peer_masks, links.places
    i, e = off >> 6, (off >> 1) & 31
    cells |= 1 << i
    out = []
    for d, mask in sides[1].items():
        seen = sides[0].get(d, 0)
        if d == e:
            seen |= peers[i]
        both = mask & seen & places[d] & ~cells
        while both:
            low = both & -both
            both ^= low
            out.append((low.bit_length() - 1, d))
    return sorted(out)


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


def _back(follow: list, p: int, reached: bytearray) -> dict[int, list[int]]:
    """On potential -> its weak links' off potentials that turn on potential `p` on (links are symmetric:
    r ^ 1 turns p on as p ^ 1 turns r on, and u ^ 1 turns r ^ 1 off as r turns u off), for the on
    potentials some off one turns on (`reached`, StaticLinks.reached): a cycle search meets no other."""
    back: dict[int, list[int]] = {}
    for r in follow[p ^ 1]:
        for u in follow[r]:
            if reached[u ^ 1]:
                back.setdefault(u ^ 1, []).append(r ^ 1)
    return back


def _x_digit(links: StaticLinks, d: int, budget=None) -> tuple[int, tuple[int, ...], tuple | None]:
    """Digit d's forcing X-chains and X-cycles, which read its places alone: (the fewest nodes of its forcing
    X-chains, 0 for none; their starts; its simplest X-cycle as (score, nodes, name, eliminations), or None).
    Kept by its places and those in cells of two digits or more (`_BY_DIGIT`): a walk's next search mostly
    meets the same places of all digits but one. (A forcing chain's eliminations, read from its start, are
    the caller's: an on target's are its cell's other digits.)"""
    places = links.places[d]
    key = (links.board.geo, d, places, places & links.multi)
    found = _BY_DIGIT.get(key)
    if found is not None:
        return found
    if budget is not None:
        budget.check()
    _, _, cycle_base, cycle_name, _, _ = PASSES[0]
    starts = []
    left = places & links.multi
    while left:
        low = left & -left
        left ^= low
        starts.append(((low.bit_length() - 1) << 5 | d) << 1 | 1)
    nearest, k = _forcing(links, [q for p in starts for q in (p, p ^ 1)], False)
    follow = links.table(False, True)
    reached = links.reached(False, True)
    simplest = None
    for p in starts:
        if not follow[p ^ 1]:
            continue
        if budget is not None:
            budget.check()
        for nodes, gone in _cycles(links, follow, p, _back(follow, p, reached), 1 << 30):
            one = (cycle_base + length_increment(nodes), nodes, cycle_name, gone)
            simplest = one if simplest is None or one < simplest else simplest
    found = (k, tuple(nearest), simplest)
    if len(_BY_DIGIT) >= MOST_KEPT:
        _BY_DIGIT.clear()
    _BY_DIGIT[key] = found
    return found


def static_chain(board: Board, budget=None) -> Step | None:
    """The simplest cycle or forcing chain (X, Y, then XY links)."""
    links = StaticLinks(board)
    best = None

    def consider(base: float, k: int, name: str, gone: list) -> None:
        nonlocal best
        found = (base + length_increment(k), k, name, gone)
        best = found if best is None or found < best else best

    starts = {x_links: [((i << 5 | d) << 1) | 1 for i, digits in enumerate(links.digits)
                        if len(digits) >= 2 and (x_links or len(digits) == 2) for d in digits]
              for x_links in (False, True)}
    _, _, _, _, base, name = PASSES[0]
    for d in range(1, board.geo.size + 1):          # X links: each digit on its own
        k, nearest, simplest = _x_digit(links, d, budget)
        for p in nearest:
            consider(base, k, name, target_eliminations(board, p ^ 1))
        if simplest is not None and (best is None or simplest < best):
            best = simplest
    for y_links, x_links, cycle_base, cycle, base, name in PASSES[1:]:
        if base is not None and (best is None or best[0] >= base):
            if budget is not None:
                budget.check()
            nearest, k = _forcing(links, [q for p in starts[True] for q in (p, p ^ 1)], y_links)
            for p in nearest:
                consider(base, k, name, target_eliminations(board, p ^ 1))
        follow = links.table(y_links, x_links)
        reached = links.reached(y_links, x_links)
        seen_best, longest = None, 0
        for p in starts[x_links]:
            if best is not seen_best or not longest:
                seen_best, longest = best, _longest(best, cycle_base)
            if longest < 4:
                break
            if not follow[p ^ 1]:
                continue
            if budget is not None:
                budget.check()
            for nodes, gone in _cycles(links, follow, p, _back(follow, p, reached), longest):
                consider(cycle_base, nodes, cycle, gone)
    if best is None:
        return None
    return Step(best[2], best[0], (), best[3])
