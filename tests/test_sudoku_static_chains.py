"""Static chains (grading/static.py) against a plain search written here: Sudoku Explainer's breadth-first
search from every start to its end, each node keeping its first parent, and the least (score, nodes,
name, eliminations) of all it finds. The grader's search (all starts at once for forcing chains, cycle
searches cut by the best found) must give the same step on every board where the grader asks for one,
including boards with no static chain, and a digit's X pass kept from an earlier board (static._BY_DIGIT)
gives the step a search from nothing gives (as do its X links kept, static_links._X_LINKS, which give the plain
links). The links a search keeps (StaticLinks.reached, the Y-cycles'
table, listed for on potentials in cells of two digits) are those of the plain links it can meet. Multiple forcing chains' propagation on the board's links
as they stand (chains.reach_static, each node told by its chain's size) gives what chains.propagate gives.
"""

from __future__ import annotations

from conftest import corpus_lines

from gridlogic.kinds import sudoku
from gridlogic.kinds.sudoku import grading
from gridlogic.kinds.sudoku.grading import solve, static, static_links
from gridlogic.kinds.sudoku.grading.board import Board, Step
from gridlogic.kinds.sudoku.grading.chains import ancestors, length_increment, pot, propagate, reach_static
from gridlogic.kinds.sudoku.grading.static import static_chain

PUZZLES = [                  # fiendish ones the generator made (seeds 0-2)
    "...62...42......9......1...3....9.4...81.....97..68.1..9......7.569....3.3...75..",
    "4...5...6...3.6.1..527......9.......3.1....2.8..1...34.4.9..7...36......2..6.7...",
    "..9..2.5...8....2..6...53.1834...5........2.9..13....8...74.....93.........1...7.",
]


def _links(board: Board):
    """Per on potential its off ones, per off potential its on ones, by X, Y and both links."""
    geo, cand = board.geo, board.cand
    weak = {False: {}, True: {}}
    strong = {(False, True): {}, (True, False): {}, (True, True): {}}
    for i, m in enumerate(cand):
        digits = [d for d in range(1, geo.size + 1) if m >> (d - 1) & 1]
        for d in digits:
            p, bit = (i << 5 | d) << 1, 1 << (d - 1)
            by_y = [(i << 5 | e) << 1 for e in digits if e != d]
            by_x = [(j << 5 | d) << 1 for j in geo.peers[i] if cand[j] & bit]
            weak[False][p | 1], weak[True][p | 1] = by_x, by_y + by_x
            y_on = [((i << 5 | e) << 1) | 1 for e in digits if e != d] if len(digits) == 2 else []
            x_on = []
            for u in geo.cell_units[i]:
                others = [j for j in geo.units[u] if j != i and cand[j] & bit]
                if len(others) == 1 and ((others[0] << 5 | d) << 1) | 1 not in x_on:
                    x_on.append(((others[0] << 5 | d) << 1) | 1)
            strong[(False, True)][p], strong[(True, False)][p] = x_on, y_on
            strong[(True, True)][p] = y_on + [q for q in x_on if q not in y_on]
    return weak, strong


def _chain(node) -> list:
    out = []
    while node[1]:
        out.append(node)
        node = node[1][0]
    return out


def _count(node) -> int:
    return len({n[0] for n in _chain(node)} | {_start(node)})


def _start(node) -> int:
    while node[1]:
        node = node[1][0]
    return node[0]


def _cycles(weak, strong, start):
    to_on, pending_on, found, length = {start[0]: start}, [start], [], 0
    while pending_on:
        length += 2
        pending_off = [(q, (node,)) for node in pending_on for q in weak[node[0]]
                       if q not in {n[0] for n in _chain(node)} | {_start(node)}]
        pending_on = []
        for node in pending_off:
            for q in strong[node[0]]:
                if length >= 4 and q == start[0]:
                    found.append((q, (node,)))
                if q not in to_on:
                    to_on[q] = (q, (node,))
                    pending_on.append(to_on[q])
    return found


def _forcing(weak, strong, start):
    seen, layer = {start[0]}, [start]
    while layer:
        following = []
        for node in layer:
            for q in (weak if node[0] & 1 else strong)[node[0]]:
                if q == start[0] ^ 1:
                    return (q, (node,))
                if q not in seen:
                    seen.add(q)
                    following.append((q, (node,)))
        layer = following
    return None


def _gone(board: Board, dst, cycle: bool) -> list:
    cand, peers = board.cand, board.geo.peers
    if not cycle:
        i, d = dst[0] >> 6, (dst[0] >> 1) & 31
        if not dst[0] & 1:
            return [(i, d)]
        return [(i, e) for e in range(1, board.geo.size + 1) if cand[i] >> (e - 1) & 1 and e != d]
    chain = _chain(dst)
    cells = {n[0] >> 6 for n in chain}
    sides = ({(j, n[0] >> 1 & 31) for n in chain if not n[0] & 1 for j in peers[n[0] >> 6]},
             {(j, n[0] >> 1 & 31) for n in chain if n[0] & 1 for j in peers[n[0] >> 6]})
    return sorted((j, d) for j, d in sides[0] & sides[1] if j not in cells and cand[j] >> (d - 1) & 1)


def reference(board: Board) -> Step | None:
    """The simplest static chain, every start searched to its end."""
    weak, strong = _links(board)
    found = []
    for y, x, cycle_base, cycle, base, name in ((False, True, 6.5, "X-cycle", 6.6, "Forcing X-chain"),
                                                (True, False, 6.5, "Y-cycle", None, None),
                                                (True, True, 7.0, "XY-cycle", 7.0, "Forcing XY-chain")):
        links = (weak[y], strong[(y, x)])
        for i, m in enumerate(board.cand):
            if m.bit_count() < 2 or (not x and m.bit_count() != 2):
                continue
            for d in (d for d in range(1, board.geo.size + 1) if m >> (d - 1) & 1):
                on = ((i << 5 | d) << 1) | 1
                for dst in _cycles(*links, (on, ())):
                    if _gone(board, dst, True):
                        k = _count(dst)
                        found.append((cycle_base + length_increment(k), k, cycle, _gone(board, dst, True)))
                for start in ((on, ()), (on ^ 1, ())) if base else ():
                    dst = _forcing(*links, start)
                    if dst is not None:
                        k = _count(dst)
                        found.append((base + length_increment(k), k, name, _gone(board, dst, False)))
    if not found:
        return None
    best = min(found)
    return Step(best[2], best[0], (), best[3])


def _boards(text: str, monkeypatch) -> list[Board]:
    """The boards on which the grader looks for a static chain while grading `text` (up to 7.5)."""
    seen = []
    order = tuple((least, (lambda b, budget, changed, f=finder: seen.append(b.copy()) or f(b, budget, changed))
                   if least == 6.5 else finder) for least, finder in solve.techniques(True))
    with monkeypatch.context() as patch:
        patch.setattr(grading, "techniques", lambda unique: order)
        grading.walk(sudoku.parse(text), cap=7.5, told=False)
    return seen


def test_static_chains_take_the_plain_searchs_step(monkeypatch):
    hardest = corpus_lines("sudoku", "norvig_top95.txt")
    texts = PUZZLES + [hardest[6], hardest[13]]
    boards = [board for text in texts for board in _boards(text, monkeypatch)]
    assert len(boards) >= 8
    steps = [static_chain(board) for board in boards]
    assert steps == [reference(board) for board in boards]
    names = {step.technique for step in steps if step is not None}
    assert None in steps and {"Forcing XY-chain", "Forcing X-chain", "Y-cycle"} <= names


def test_a_digits_x_pass_kept_is_the_one_searched_anew(monkeypatch):
    hardest = corpus_lines("sudoku", "norvig_top95.txt")
    boards = [board for text in PUZZLES + [hardest[6], hardest[13]] for board in _boards(text, monkeypatch)]
    static._BY_DIGIT.clear()
    kept = [static_chain(board) for board in boards]           # in the walks' order: most digits met before
    assert len(static._BY_DIGIT) < 9 * len(boards) * 2 // 3        # (a third of the searches or more spared)
    anew = []
    for board in boards:
        static._BY_DIGIT.clear()
        static_links._X_LINKS.clear()
        anew.append(static_chain(board))
    assert kept == anew and sum(step is not None for step in kept) >= 8


def test_static_propagation_on_the_boards_links_is_propagations(monkeypatch):
    boards = _boards(PUZZLES[0], monkeypatch)[:3]
    compared = contradictions = 0
    for board in boards:
        for y_links in (True, False):
            links = static_links.StaticLinks(board).table(y_links, True)
            for i, m in enumerate(board.cand):
                for d in (d for d in range(1, 10) if m >> (d - 1) & 1):
                    for on in (0, 1):
                        p = pot(i, d, on)
                        sizes, absurd = reach_static(links, p)
                        on_nodes, off_nodes, contradiction = propagate(board, [(p, ())], False, y_links)
                        assert sizes == {q: ancestors(node) for q, node in (on_nodes | off_nodes).items()}
                        assert absurd == (None if contradiction is None else tuple(map(ancestors, contradiction)))
                        compared += 1
                        contradictions += absurd is not None
    assert compared > 500 and contradictions > 10


def test_links_kept_are_those_a_cycle_search_can_meet(monkeypatch):
    boards = _boards(PUZZLES[1], monkeypatch)
    assert boards
    for board in boards:
        weak, strong = _links(board)
        links = static_links.StaticLinks(board)
        bivalue = {i for i, m in enumerate(board.cand) if m.bit_count() == 2}
        for key in ((False, True), (True, False), (True, True)):
            turned_on = {q for lists in strong[key].values() for q in lists}
            reached = links.reached(*key)
            assert {q for q in range(len(reached)) if reached[q]} == turned_on
        for y_links in (False, True):                  # the tables, a digit's X links kept from the last boards
            table = links.table(y_links, True)
            assert {p: list(table[p]) for p in weak[y_links]} == weak[y_links]
            assert {p: list(table[p]) for p in strong[(y_links, True)]} == strong[(y_links, True)]
        by_y = links.table(True, False)
        for p, offs in weak[True].items():             # Y links only: on to off in cells of two digits alone,
            if p >> 6 in bivalue:                      # listed for on potentials there (a search meets no other)
                assert list(by_y[p]) == [q for q in offs if q >> 6 in bivalue]
                assert all(by_y[q] for q in by_y[p])
            else:
                assert by_y[p] == ()


def test_forcing_met_in_the_middle_gives_every_starts_own_search(monkeypatch):
    """`static._forcing` (all starts at once, stopped at about half the depth) against a breadth-first search
    of each start alone to its target, on the links of both kinds, with the starts a search asks (X: one
    digit's; XY: every candidate of a cell of two digits or more, on and off) and every candidate's two
    potentials at once: the starts at the least distance and their chains' nodes."""
    hardest = corpus_lines("sudoku", "norvig_top95.txt")
    boards = [board for text in PUZZLES + [hardest[6]] for board in _boards(text, monkeypatch)]
    found = empty = 0
    for board in boards:
        weak, strong = _links(board)
        links = static_links.StaticLinks(board)
        multi = [((i << 5 | d) << 1) | 1 for i, m in enumerate(board.cand) if m.bit_count() >= 2
                 for d in range(1, 10) if m >> (d - 1) & 1]
        askings = [(True, [q for p in multi for q in (p, p ^ 1)])]
        askings += [(False, [q for p in multi if (p >> 1) & 31 == d for q in (p, p ^ 1)]) for d in range(1, 10)]
        for y_links, starts in askings:
            plain = {}
            for s in starts:
                dst = _forcing(weak[y_links], strong[(y_links, True)], (s, ()))
                if dst is not None:
                    plain[s] = len(_chain(dst)) + 1
            least = min(plain.values(), default=0)
            expected = ([s for s in starts if plain.get(s) == least], least)
            assert static._forcing(links, starts, y_links) == expected
            found += bool(least)
            empty += not least
    assert found >= 10 and empty >= 10
