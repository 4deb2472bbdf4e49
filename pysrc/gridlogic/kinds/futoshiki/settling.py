"""The generator's question, asked faster: does the grader's ladder (grading.py), capped at a level below
fiendish, in batches, work out the clues just removed from a puzzle it solved (generate/deduce.py,
ladder.settles)?

The same climb as ladder.climb with `batch`, on the grader's board: each round the easiest technique that
finds anything gives all it finds, at once; the climb ends when the removed clues are known (the maker's
`settled`: the answer yes), or when no technique up to the cap finds anything (no). Single position, single
value and the inequalities' sweep are written here for a batch alone (what each finds, placed at once, is
grading.py's: the digits a unit has one place for, the cells with one digit, the signs swept until none takes
a digit more); the sets (hard) are grading.py's own. tests/test_futoshiki_settling.py checks the answers
against ladder.settles.
"""

from __future__ import annotations

from collections.abc import Callable

from gridlogic.kinds.futoshiki import grading
from gridlogic.kinds.futoshiki.board import Board, sweep_signs

SETS = tuple(rung for rung in grading.RUNGS if 3.0 <= rung.least <= 6.0)
"""The sets, hard's techniques (naked and hidden pairs, triples, quads), easiest first."""
TOPS = (1.5, 2.5, 6.0)
"""The caps answered here (grading.LEVELS' tops below fiendish)."""


def _place(board: Board, i: int, d: int) -> None:
    bit = 1 << (d - 1)
    board.values[i] = d
    board.cand[i] = bit
    cand = board.cand
    for j in board.peers[i]:
        cand[j] &= ~bit


def hidden_singles(board: Board) -> bool:
    """Place every digit that has one place left in a row or column; whether any was."""
    cand = board.cand
    found = {}
    for _, cells in board.units:
        alone = board.alone(cells)
        if alone:
            for j in cells:                     # each digit alone is in one cell's candidates
                m = cand[j] & alone
                if m:
                    found.setdefault(j, (m & -m).bit_length())
    for i, d in found.items():
        _place(board, i, d)
    return bool(found)


def naked_singles(board: Board) -> bool:
    """Place every open cell's one digit left; whether any was."""
    cand, values = board.cand, board.values
    found = [(i, m.bit_length()) for i, m in enumerate(cand) if not values[i] and m and not m & (m - 1)]
    for i, d in found:
        _place(board, i, d)
    return bool(found)


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


RUNGS_UP_TO: dict[float, tuple[Callable[[Board], bool], ...]] = {
    1.5: (hidden_singles, naked_singles),
    2.5: (hidden_singles, naked_singles, inequalities),
    6.0: (hidden_singles, naked_singles, inequalities, _sets),
}
READS_SIGNS = (2.5, 6.0)
"""The caps whose techniques read the signs (easy's singles do not: a sign's removal leaves an easy climb as it was)."""


def settles(board: Board, goal: Callable[[Board], bool], cap: float, budget=None) -> bool:
    """Whether the ladder capped at `cap` fills `board` (changed in place) or reaches `goal`."""
    board.telling = False
    rungs = RUNGS_UP_TO[cap]
    while True:
        if goal(board) or all(board.values):
            return True
        if budget is not None:
            budget.check()
        for rung in rungs:
            if rung(board):
                break
        else:
            return False
