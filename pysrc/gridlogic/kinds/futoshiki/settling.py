"""The generator's question, asked faster: does the grader's ladder (grading.py), capped at a level or whole,
in batches, work out the clues just removed from a puzzle it solved (generate/deduce.py, ladder.settles)?

The same climb as ladder.climb with `batch`, on the grader's board: each round the easiest technique that
finds anything gives all it finds, at once; the climb ends when the removed clues are known (the maker's
`settled`: the answer yes), or when no technique up to the cap finds anything (no). Single position, single
value and the inequalities' sweep are written for a batch alone (board.py: what each finds, placed at once, is
grading.py's: the digits a unit has one place for, the cells with one digit, the signs swept until none takes
a digit more); the sets (hard) are grading.py's own; with no cap, the fish are found on masks of each line's
places, and a trial sweep rules out every candidate (but the solution's digit) whose climb breaks the board
(board.breaks, as the grader's trial asks it). Where the climb first comes to the fish, a search for another
solution than the square the clues are from (`another`) answers no at once when it finds one.
tests/test_futoshiki_settling.py checks the answers against ladder.settles, and `another` against SAT.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from gridlogic.kinds.futoshiki import grading
from gridlogic.kinds.futoshiki.board import Board, bits, breaks, hidden_singles, naked_singles, sweep_signs

SETS = tuple(rung for rung in grading.RUNGS if 3.0 <= rung.least <= 6.0)
"""The sets, hard's techniques (naked and hidden pairs, triples, quads), easiest first."""
TOPS = (1.5, 2.5, 6.0)
"""The caps answered here (grading.LEVELS' tops below fiendish)."""


def inequalities(board: Board) -> bool:
    """Sweep the signs until none takes a digit more (board.sweep_signs); whether any digit went."""
    return sweep_signs(board.cand, board.signs)


def _sets(board: Board) -> bool:
    """The first set the grader finds, hard's easiest first, its digits gone; whether one was."""
    for rung in SETS:
        found = rung.find(board)
        if found:
            for f in found:
                board.apply(f)
            return True
    return False


def _fish(board: Board) -> bool:
    """Every fish (fiendish's X-wing, swordfish, jellyfish: a digit's places in k rows lying in k columns, or
    the other way, leave the rest of those columns) of the least size that finds any, its digits gone, as
    grading.fish finds them one at a time, each line's places as a mask; whether any went."""
    n, cand, values = board.n, board.cand, board.values
    for k in (2, 3, 4):
        gone = False
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            for across in (True, False):
                cells = [[line * n + x if across else x * n + line for x in range(n)] for line in range(n)]
                places = {}
                for line, them in enumerate(cells):
                    if any(values[i] == d for i in them):
                        continue
                    mask = 0
                    for x, i in enumerate(them):
                        if not values[i] and cand[i] & bit:
                            mask |= 1 << x
                    if 2 <= mask.bit_count() <= k:
                        places[line] = mask
                for group in combinations(places, k):
                    union = 0
                    for line in group:
                        union |= places[line]
                    if union.bit_count() != k:
                        continue
                    for line, them in enumerate(cells):
                        if line in group:
                            continue
                        for x, i in enumerate(them):
                            if union >> x & 1 and not values[i] and cand[i] & bit:
                                cand[i] &= ~bit
                                gone = True
        if gone:
            return True
    return False


def _solvable(board: Board, budget=None) -> bool:
    """Whether the board (left as it was) has a solution: a search, fewest-candidate cell first, each branch's
    climb by board.breaks."""
    if budget is not None:
        budget.check()
    if breaks(board):
        return False
    open_ = [i for i, v in enumerate(board.values) if not v]
    if not open_:
        return True
    cand, n = board.cand, board.n
    i = min(open_, key=lambda j: cand[j].bit_count())
    for d in bits(cand[i]):
        copy = board.copy()
        copy.assume(i // n, i % n, d)
        if _solvable(copy, budget):
            return True
    return False


def another(board: Board, solution: list[int], budget=None) -> bool:
    """Whether the board has a solution other than `solution` (row-major digits, one of its solutions): a
    search, fewest-candidate cell first, each branch's climb by board.breaks; a branch off the solution's
    digit asks for any solution."""
    board = board.copy()
    if breaks(board):
        return False
    open_ = [i for i, v in enumerate(board.values) if not v]
    if not open_:
        return board.values != solution
    cand, n = board.cand, board.n
    i = min(open_, key=lambda j: cand[j].bit_count())
    for d in bits(cand[i]):
        if d == solution[i]:
            continue
        copy = board.copy()
        copy.assume(i // n, i % n, d)
        if _solvable(copy, budget):
            return True
    board.assume(i // n, i % n, solution[i])
    return another(board, solution, budget)


def _trial(board: Board, solution: list[int] | None) -> bool:
    """Trial, one sweep: every candidate of an open cell (cells in order, digits up) whose climb breaks the
    board (board.breaks, as the grader's trial asks it) goes, each as soon as found; whether any did. With the
    solution the clues are from (row-major digits), its own digit is not tried: it breaks no board its clues'
    sound steps reached."""
    cand, values, n = board.cand, board.values, board.n
    gone = False
    for i, m in enumerate(cand):
        if values[i]:
            continue
        for d in bits(m):
            if solution is not None and d == solution[i]:
                continue
            copy = board.copy()
            copy.assume(i // n, i % n, d)
            if breaks(copy):
                cand[i] &= ~(1 << (d - 1))
                gone = True
    return gone


RUNGS_UP_TO: dict[float | None, tuple[Callable[[Board], bool], ...]] = {
    1.5: (hidden_singles, naked_singles),
    2.5: (hidden_singles, naked_singles, inequalities),
    6.0: (hidden_singles, naked_singles, inequalities, _sets),
    None: (hidden_singles, naked_singles, inequalities, _sets, _fish, lambda board: _trial(board, None)),
}
READS_SIGNS = (2.5, 6.0, None)
"""The caps whose techniques read the signs (easy's singles do not: a sign's removal leaves an easy climb as it was)."""


def settles(board: Board, goal: Callable[[Board], bool], cap: float | None, budget=None,
            solution: list[int] | None = None, one: bool = False, beyond: list | None = None) -> bool:
    """Whether the ladder capped at `cap` (None: the whole ladder) fills `board` (changed in place) or reaches
    `goal`. With `solution`, the digits the clues are from, trial spares the digits it holds, and the first
    time the climb comes to the fish the answer is no when the board has another solution (`another`): with
    several solutions no sound technique finishes, and a fish or trial sweep that finds nothing costs most of
    a refusal (`one`: the clues are known to leave one solution; it is not looked for). `beyond`, when given,
    is told (True appended) when the climb comes to the fish: the ladder capped at hard stops there."""
    board.telling = False
    rungs = RUNGS_UP_TO[cap]
    if cap is None and solution is not None:
        rungs = rungs[:-1] + (lambda board: _trial(board, solution),)
    asked = cap is not None or solution is None or one   # (whether another solution was looked for)
    while True:
        if goal(board) or all(board.values):
            return True
        if budget is not None:
            budget.check()
        for rung in rungs:
            if rung is _fish:
                if beyond is not None and not beyond:
                    beyond.append(True)
                if not asked:
                    asked = True
                    if another(board, solution, budget):
                        return False
            if rung(board):
                break
        else:
            return False
