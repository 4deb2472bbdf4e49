"""Puzlogic graded by the techniques a person uses, on the ladder of gridlogic/ladder.py (board.py holds the
candidates; the arithmetic of distinct values adding up to a sum is gridlogic/fits.py's, as kakuro's). The
game has no levels of its own beyond its numbering: the ladder follows how its players reason, easiest
first, with their scores:

    easy:
        line's last cell 1.0: a line with a sum and one open cell holds what the sum still lacks
        single 1.1: a cell with one number left (its row and column hold the others, or their pieces are
            all placed)
        only place 1.2: a number with as many pieces left as cells that can take it: each of them takes it
        line sum 1.3: a sum's open cells keep the numbers of the sets of pieces left that make it
        crossing sums 1.4: a sum's open cells keep what the sets that fit their candidates give them, the
            crossing lines having narrowed those
    medium:
        pair 2.0: two open cells of a line that can take only the same two numbers: the line's other cells
            cannot
        pieces pair 2.1: two numbers with k pieces left between them, and k cells that can take only those
            two: no other cell takes either
        a line for each piece 2.2: a number with n pieces left that only n rows (or columns) can take: each
            of those takes one, so a row with one cell for it takes it there
        short chain 2.4: a number set in a cell breaks a line within two rounds of the easy techniques
    hard, fiendish:
        trial: a number set in a cell leads, by the easy techniques, to a contradiction. The level counts how
            many a solve needs, as the nonogram grader counts its contradictions: the n-th scores
            trial_score(n), hard for the first HARD_MOST (5.0 to 5.5), fiendish beyond (7.0 and up)
A puzzle left stuck scores 10 (fiendish). The grade is the hardest step's score, its level the band
(LEVELS) it falls in: the hardest technique first, then, for trials, how many; within a level, puzzles
are ordered by how many steps of its hardest technique they need (ratings.graded's `hardest_steps`). Every technique is a sound deduction (every piece is placed, one a
cell), so a finished grade proves one solution.
"""

from __future__ import annotations

from itertools import combinations

from gridlogic import ladder
from gridlogic.fits import options
from gridlogic.kinds.puzlogic.board import Board, Line
from gridlogic.ladder import Found, Rung, Told
from gridlogic.lineboard import values

LEVELS = (("easy", 1.5), ("medium", 2.5), ("hard", 6.0), ("fiendish", None))
PROVES_UNIQUE = True         # no technique assumes one solution: a finished grade proves it
STUCK = 10.0
HARD_MOST = 3                # trials a hard puzzle needs at most
MOST_VALUES = 12             # distinct piece values graded at most (the game's levels have up to 9); more are
MOST_CELLS = 150             # rated by the walk, as are puzzles with more empty cells
PIECES = (("pieces",),)      # the pieces' clue key (kinds/puzlogic encode)


def applies(puzzle) -> bool:
    """True for the puzzles graded (few distinct piece values, not too many empty cells)."""
    return len(set(puzzle.pieces)) <= MOST_VALUES and len(puzzle.pieces) <= MOST_CELLS


def _told(board: Board, technique: str, line: Line, keys: tuple = ()) -> Told:
    """A line step told: its line, its open cells, the numbers placed in it, its sum's and givens' keys."""
    if not board.telling:
        return Told(technique)
    placed = tuple(board.fact(i) for i in line.cells if board.values[i])
    pattern = tuple(board.cells[i] for i in line.cells if not board.values[i])
    return Told(technique, (line.name,), pattern, placed, (), keys + ((line.key,) if line.key else ()) + line.givens)


def last_cell(board: Board) -> list[Found]:
    """Each sum with one open cell: it holds what the sum still lacks."""
    out = []
    for line in board.sums:
        open_cells, total = board.lacking(line)
        if len(open_cells) == 1 and total > 0 and board.cand[open_cells[0]] >> (total - 1) & 1:
            told = _told(board, "line's last cell", line)
            out.append(Found("line's last cell", 1.0, (board.fact(open_cells[0], total),), (), told))
    return out


def single(board: Board) -> list[Found]:
    """Each open cell with one number left."""
    out = []
    for i, (value, mask) in enumerate(zip(board.values, board.cand)):
        if not value and mask and not mask & (mask - 1):
            v = mask.bit_length()
            told = Told("single", (), (board.cells[i],), (), (), PIECES) if board.telling else Told("single")
            out.append(Found("single", 1.1, (board.fact(i, v),), (), told))
    return out


def only_place(board: Board) -> list[Found]:
    """Each number with as many pieces left as cells that can take it: each of those cells takes it."""
    out, able = [], board.able()
    for v, n in sorted(board.left.items()):
        cells = able.get(v, []) if n > 0 else []
        if cells and len(cells) == n:
            told = Told("only place", (), tuple(board.cells[i] for i in cells), (), (), PIECES) \
                if board.telling else Told("only place")
            out += [Found("only place", 1.2, (board.fact(i, v),), (), told) for i in cells]
    return out


def line_sums(board: Board, fitted: bool) -> list[Found]:
    """Each sum's open cells keep the numbers of the sets that make it (`fitted`: the sets that fit their
    candidates, each cell the numbers a fit gives it; else any piece left the line does not hold)."""
    out = []
    name, score = ("crossing sums", 1.4) if fitted else ("line sum", 1.3)
    free = sum(1 << (v - 1) for v, n in board.left.items() if n > 0)
    for line in board.sums:
        open_cells, total = board.lacking(line)
        if len(open_cells) < 2:
            continue
        if fitted:
            cands = [board.cand[i] for i in open_cells]
        else:
            placed = sum(1 << (board.values[i] - 1) for i in line.cells if board.values[i])
            cands = [free & ~placed & ~line.given] * len(open_cells)
        allowed = options(cands, total)
        if not any(allowed):
            continue
        gone = tuple(board.fact(i, v) for i, keep in zip(open_cells, allowed) for v in values(board.cand[i] & ~keep))
        if gone:
            out.append(Found(name, score, (), gone, _told(board, name, line, PIECES if not fitted else ())))
    return out


def pair(board: Board) -> list[Found]:
    """Two open cells of a line with the same two numbers left: the line's other open cells lose them."""
    for line in board.lines:
        open_cells = [i for i in line.cells if not board.values[i]]
        for i, j in combinations(open_cells, 2):
            mask = board.cand[i]
            if mask != board.cand[j] or bin(mask).count("1") != 2:
                continue
            gone = tuple(board.fact(k, v) for k in open_cells if k not in (i, j) for v in values(board.cand[k] & mask))
            if gone:
                told = Told("pair", (line.name,), (board.cells[i], board.cells[j])) if board.telling else Told("pair")
                return [Found("pair", 2.0, (), gone, told)]
    return []


def pieces_pair(board: Board) -> list[Found]:
    """Two numbers with k pieces left between them and k open cells that can take only those two: the pieces go
    there, and no other cell takes either."""
    left = sorted(v for v, n in board.left.items() if n > 0)
    for a, b in combinations(left, 2):
        mask = (1 << (a - 1)) | (1 << (b - 1))
        inside = [i for i, value in enumerate(board.values) if not value and not board.cand[i] & ~mask]
        if len(inside) != board.left[a] + board.left[b]:
            continue
        gone = tuple(board.fact(k, v) for k, value in enumerate(board.values) if not value and k not in inside
                     for v in values(board.cand[k] & mask))
        if gone:
            told = Told("pieces pair", (), tuple(board.cells[i] for i in inside), (), (), PIECES) \
                if board.telling else Told("pieces pair")
            return [Found("pieces pair", 2.1, (), gone, told)]
    return []


def line_each(board: Board) -> list[Found]:
    """A number with n pieces left that only n rows (or columns) can take: each takes one, so one of those lines
    with a single cell for it takes it there."""
    able = board.able()
    for v, n in sorted(board.left.items()):
        if n <= 0:
            continue
        cells = able.get(v, [])
        for axis in (0, 1):
            by_line: dict[int, list[int]] = {}
            for i in cells:
                by_line.setdefault(board.through[i][axis], []).append(i)
            if len(by_line) != n:
                continue
            for k, mine in sorted(by_line.items()):
                if len(mine) == 1 and len(cells) > n:
                    told = Told("a line for each piece", (board.lines[k].name,), tuple(board.cells[i] for i in cells),
                                (), (), PIECES) if board.telling else Told("a line for each piece")
                    return [Found("a line for each piece", 2.2, (board.fact(mine[0], v),), (), told)]
    return []


def trial_score(n: int) -> float:
    """The score of a solve's n-th trial (from 1): 5.0, 5.25, 5.5 (hard), then 7.0 and up (fiendish)."""
    return 5.0 + 0.25 * (n - 1) if n <= HARD_MOST else 7.0 + 0.1 * (n - HARD_MOST - 1)


_EASY = (
    Rung(1.0, last_cell),
    Rung(1.1, single),
    Rung(1.2, only_place),
    Rung(1.3, lambda board: line_sums(board, False)),
    Rung(1.4, lambda board: line_sums(board, True)),
)
RUNGS = _EASY + (
    Rung(2.0, pair),
    Rung(2.1, pieces_pair),
    Rung(2.2, line_each),
    Rung(2.4, lambda board: ladder.short_chain(board, _EASY, 2.4)),
    Rung(5.0, lambda board: ladder.trial(board, _EASY, trial_score(board.trials + 1))),
)

level_of, words, grade, walk = ladder.grader_functions(Board, RUNGS, LEVELS, STUCK)
