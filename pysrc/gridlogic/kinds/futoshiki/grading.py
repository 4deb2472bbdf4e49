"""Futoshiki graded by the techniques a person uses, on the ladder of Tatham's Unequal (gridlogic/ladder.py
runs it; board.py holds the candidates). Techniques, easiest first, with their scores:

    easy (Unequal's Trivial: the Latin square alone, signs unused):
        single position 1.0: a digit has one place left in a row or column
        single value 1.2: a cell has one digit left
    medium (Unequal's Easy):
        inequality 2.0: a < b: b loses every digit up to a's least, a every digit from b's greatest
    hard (Unequal's Tricky: set elimination in a row or column):
        naked pair 3.0, hidden pair 3.4, naked triple 3.6, hidden triple 4.0, naked quad 5.0, hidden quad 5.4
    fiendish (Unequal's Extreme and Recursive):
        X-wing 6.2, swordfish 6.4, jellyfish 6.6 (a digit's places in k rows lie in k columns, or the other
        way: Unequal's positional set elimination)
        trial 7.0: a digit set in a cell leads, by the techniques above, to a contradiction (Unequal's
        forcing chains and its recursion)
A puzzle left stuck scores 10 (fiendish). The grade is the hardest step's score, its level the band
(LEVELS) it falls in. Every technique is a sound deduction, so a finished grade proves one solution.
"""

from __future__ import annotations

from itertools import combinations

from gridlogic import ladder
from gridlogic.kinds.futoshiki.board import Board, bits, breaks, sweep_signs
from gridlogic.ladder import Found, Rung, Told

LEVELS = (("easy", 1.5), ("medium", 2.5), ("hard", 6.0), ("fiendish", None))
PROVES_UNIQUE = True         # no technique assumes one solution: a finished grade proves it
STUCK = 10.0
SETS = {2: "pair", 3: "triple", 4: "quad"}
NAKED = {2: 3.0, 3: 3.6, 4: 5.0}
HIDDEN = {2: 3.4, 3: 4.0, 4: 5.4}
FISH = {2: ("X-wing", 6.2), 3: ("swordfish", 6.4), 4: ("jellyfish", 6.6)}


def _seen(board: Board, i: int, d: int):
    """The first placed peer of cell i holding d, as a fact, or None."""
    j = next((j for j in board.peers[i] if board.values[j] == d), None)
    return None if j is None else board.fact(j)


def _reasons(board: Board, pairs) -> tuple[tuple, tuple]:
    """For (cell, digit) pairs kept from a cell: the placed digits that see them, else the candidates ruled out
    (nothing while the ladder runs in batches, untold)."""
    values, ruled = [], []
    if not board.telling:
        return (), ()
    for i, d in pairs:
        seen = _seen(board, i, d)
        if seen is None:
            ruled.append(board.fact(i, d))
        elif seen not in values:
            values.append(seen)
    return tuple(values), tuple(ruled)


def singles(board: Board, hidden: bool) -> list[Found]:
    """Single positions (`hidden`: a digit with one place in a row or column) or single values."""
    out, seen, cand, values = [], set(), board.cand, board.values
    if hidden:
        for name, cells in board.units:
            alone = board.alone(cells)
            while alone:
                bit = alone & -alone
                alone ^= bit
                d = bit.bit_length()
                i = next(j for j in cells if cand[j] & bit)
                if i not in seen:
                    seen.add(i)
                    told = Told("single position", (name,), (), *_reasons(board, [(j, d) for j in cells
                                                                                  if j != i and not values[j]]))
                    out.append(Found("single position", 1.0, (board.fact(i, d),), (), told))
        return out
    for i, mask in enumerate(cand):
        if not values[i] and mask and mask & (mask - 1) == 0:
            d = mask.bit_length()
            told = Told("single value", (), (), *_reasons(board, [(i, e) for e in range(1, board.n + 1) if e != d]))
            out.append(Found("single value", 1.2, (board.fact(i, d),), (), told))
    return out


def inequalities(board: Board) -> list[Found]:
    """Each sign a < b: b keeps digits above a's least, a digits below b's greatest."""
    if not board.telling:
        return _inequalities_untold(board)
    out, cand = [], board.cand
    for small, large, key in board.signs:
        if not cand[small] or not cand[large]:
            continue
        low, high = (cand[small] & -cand[small]).bit_length(), cand[large].bit_length()   # least, greatest
        below, above = cand[large] & ((1 << low) - 1), cand[small] >> (high - 1) << (high - 1)
        if not below and not above:
            continue
        for target, gone, other, why in ((large, bits(below), small, range(1, low)),
                                         (small, bits(above), large, range(high + 1, board.n + 1))):
            if gone:
                values, ruled = _reasons(board, [(other, d) for d in why]) if not board.values[other] else \
                    ((board.fact(other),), ())
                told = Told("inequality", (), (board.cell(small), board.cell(large)), values, ruled, (key,))
                out.append(Found("inequality", 2.0, (), tuple(board.fact(target, d) for d in gone), told))
    return out


def _inequalities_untold(board: Board) -> list[Found]:
    """Inequalities in a batch climb (nothing told): the signs swept until none takes a digit more, one step
    per cell losing digits (the sweep stops at a cell left without digits). A climb ends on the board one
    sweep per round leaves (each technique is monotone, so the ladder's fixed point is the same), with
    fewer rounds of the ladder."""
    n, before = board.n, board.cand
    cand = list(before)
    sweep_signs(cand, board.signs)
    return [Found("inequality", 2.0, (), tuple((i // n, i % n, d) for d in bits(was & ~now)), _UNTOLD)
            for i, (was, now) in enumerate(zip(before, cand)) if was != now]


_UNTOLD = Told("inequality")


def sets(board: Board, k: int, hidden: bool) -> list[Found]:
    """Naked sets (k cells of a row or column holding k digits between them) or hidden ones (k digits with
    k places between them): the first found."""
    cand, values = board.cand, board.values
    name = f"{'hidden' if hidden else 'naked'} {SETS[k]}"
    score = (HIDDEN if hidden else NAKED)[k]
    for unit, cells in board.units:
        open_cells = [i for i in cells if not values[i]]
        if len(open_cells) <= k:
            continue
        if not hidden:
            for group in combinations([i for i in open_cells if bin(cand[i]).count("1") <= k], k):
                union = 0
                for i in group:
                    union |= cand[i]
                if bin(union).count("1") == k:
                    gone = [board.fact(j, d) for j in open_cells if j not in group for d in bits(cand[j] & union)]
                    if gone:
                        told = Told(name, (unit,), tuple(board.cell(i) for i in group))
                        return [Found(name, score, (), tuple(gone), told)]
            continue
        digits = [d for d in range(1, board.n + 1) if d not in {values[i] for i in cells}]
        places = {d: [i for i in open_cells if cand[i] >> (d - 1) & 1] for d in digits}
        for group in combinations([d for d in digits if len(places[d]) <= k], k):
            where = sorted({i for d in group for i in places[d]})
            if len(where) == k:
                mask = sum(1 << (d - 1) for d in group)
                gone = [board.fact(i, d) for i in where for d in bits(cand[i] & ~mask)]
                if gone:
                    return [Found(name, score, (), tuple(gone), Told(name, (unit,), tuple(board.cell(i) for i in where)))]
    return []


def fish(board: Board, k: int) -> list[Found]:
    """A digit's places in k rows lying in k columns (or the other way): it leaves the rest of those columns."""
    n, cand, values = board.n, board.cand, board.values
    name, score = FISH[k]
    for d in range(1, n + 1):
        bit = 1 << (d - 1)
        for rows_first in (True, False):
            def at(line: int, x: int) -> int:
                return line * n + x if rows_first else x * n + line
            places = {line: [x for x in range(n) if not values[at(line, x)] and cand[at(line, x)] & bit]
                      for line in range(n) if d not in {values[at(line, x)] for x in range(n)}}
            for group in combinations([line for line in places if 2 <= len(places[line]) <= k], k):
                across = sorted({x for line in group for x in places[line]})
                if len(across) != k:
                    continue
                gone = [board.fact(at(line, x), d) for x in across for line in range(n)
                        if line not in group and not values[at(line, x)] and cand[at(line, x)] & bit]
                if gone:
                    noun = "row" if rows_first else "column"
                    told = Told(name, tuple(f"{noun} {line + 1}" for line in group),
                                tuple(board.cell(at(line, x)) for line in group for x in places[line]))
                    return [Found(name, score, (), tuple(gone), told)]
    return []


def trial(board: Board) -> list[Found]:
    """Trial (ladder.trial with the rungs up to medium, `every`: each candidate, fewest-candidate cells first,
    whose climb breaks the board is ruled out), each climb run in batches by board.breaks (the same verdict as
    the ladder's climb)."""
    out = []
    for r, c, d in board.options():
        if board.budget is not None:
            board.budget.check()
        copy = board.copy()
        copy.assume(r, c, d)
        if breaks(copy):
            out.append(board.rule_out(r, c, d, "trial", 7.0))
            if board.telling:
                break
    return out


RUNGS = (
    Rung(1.0, lambda board: singles(board, True)),
    Rung(1.2, lambda board: singles(board, False)),
    Rung(2.0, inequalities),
    Rung(3.0, lambda board: sets(board, 2, False)),
    Rung(3.4, lambda board: sets(board, 2, True)),
    Rung(3.6, lambda board: sets(board, 3, False)),
    Rung(4.0, lambda board: sets(board, 3, True)),
    Rung(5.0, lambda board: sets(board, 4, False)),
    Rung(5.4, lambda board: sets(board, 4, True)),
    Rung(6.2, lambda board: fish(board, 2)),
    Rung(6.4, lambda board: fish(board, 3)),
    Rung(6.6, lambda board: fish(board, 4)),
    Rung(7.0, trial),
)


level_of, words, grade, walk = ladder.grader_functions(Board, RUNGS, LEVELS, STUCK)
