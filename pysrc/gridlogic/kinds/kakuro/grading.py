"""Kakuro graded by the techniques a person uses, on the ladder of gridlogic/ladder.py (board.py holds the
candidates; the arithmetic of distinct digits adding up to a sum is gridlogic/fits.py's). Tatham's
collection has no kakuro: the ladder follows the techniques kakuro guides teach, easiest first, with their
scores:

    easy:
        run's last cell 1.0: a run with one open cell holds what its sum still lacks
        single 1.1: a cell with one digit left
        run sum 1.2: a run's cells keep the digits of the sets that make its sum (unique sums: two cells
            of 4 are 1 and 3)
        crossing sums 1.4: a run's cells keep what the sets that fit their candidates give them, the
            crossing runs having narrowed those (combination intersection, cross-sum elimination)
    medium:
        area sum 2.2: the runs one way filling an area add up to what the runs the other way through it
            hold, less the cells those stick out by (or those inside it none of them fills): one such open
            cell is the difference
        short chain 2.4: a digit set in a cell breaks a run within two rounds of the easy techniques
    hard:
        trial 5.0: a digit set in a cell leads, by the easy techniques, to a contradiction
A puzzle left stuck scores 10 (fiendish). The grade is the hardest step's score, its level the band
(LEVELS) it falls in. Every technique is a sound deduction, so a finished grade proves one solution.
"""

from __future__ import annotations

import functools

from gridlogic import ladder
from gridlogic.fits import options
from gridlogic.kinds.kakuro.board import ALL, Board, Line
from gridlogic.ladder import Found, Rung, Told
from gridlogic.lineboard import values

LEVELS = (("easy", 1.5), ("medium", 2.5), ("hard", 6.0), ("fiendish", None))
PROVES_UNIQUE = True         # no technique assumes one solution: a finished grade proves it
STUCK = 10.0


def _told(board: Board, technique: str, units: tuple[str, ...], cells, keys) -> Told:
    """A run step told: its runs, the open cells of its pattern, the placed values it reads, the sums' keys."""
    if not board.telling:
        return Told(technique)
    placed = tuple(board.fact(i) for i in cells if board.values[i])
    return Told(technique, units, tuple(board.cells[i] for i in cells if not board.values[i]), placed, (), keys)


def last_cell(board: Board) -> list[Found]:
    """Each run with one open cell: it holds what the sum still lacks."""
    out = []
    for line in board.lines:
        open_cells, total = board.lacking(line)
        if len(open_cells) == 1 and 1 <= total <= 9 and board.cand[open_cells[0]] >> (total - 1) & 1:
            told = _told(board, "run's last cell", (line.name,), line.cells, (line.key,))
            out.append(Found("run's last cell", 1.0, (board.fact(open_cells[0], total),), (), told))
    return out


def single(board: Board) -> list[Found]:
    """Each open cell with one digit left."""
    out = []
    for i, (value, mask) in enumerate(zip(board.values, board.cand)):
        if not value and mask and not mask & (mask - 1):
            d = mask.bit_length()
            gone = tuple(board.fact(i, e) for e in range(1, 10) if e != d) if board.telling else ()
            told = Told("single", (), (), (), gone) if board.telling else Told("single")
            out.append(Found("single", 1.1, (board.fact(i, d),), (), told))
    return out


def run_sums(board: Board, fitted: bool) -> list[Found]:
    """Each run's cells keep the digits of the sets that make its sum (`fitted`: the sets that fit their
    candidates, each cell the digits a fit gives it)."""
    out = []
    name, score = ("crossing sums", 1.4) if fitted else ("run sum", 1.2)
    for line in board.lines:
        open_cells, total = board.lacking(line)
        if len(open_cells) < 2:
            continue
        placed = sum(1 << (board.values[i] - 1) for i in line.cells if board.values[i])
        cands = [board.cand[i] for i in open_cells] if fitted else [ALL & ~placed] * len(open_cells)
        allowed = options(cands, total)
        if not any(allowed):
            continue
        gone = tuple(board.fact(i, d) for i, keep in zip(open_cells, allowed) for d in values(board.cand[i] & ~keep))
        if gone:
            out.append(Found(name, score, (), gone, _told(board, name, (line.name,), line.cells, (line.key,))))
    return out


def _extent(line: Line) -> tuple[int, int, int]:
    """A run's line (its row when across, its column when down) and its first and last place along it."""
    _, way, r, c = line.key
    return (r, c + 1, c + len(line.cells)) if way == "right" else (c, r + 1, r + len(line.cells))


@functools.lru_cache(maxsize=16)
def areas(lines: tuple[Line, ...]) -> tuple[tuple, ...]:
    """Each area made of the runs one way lying in a rectangle of the grid (each area once): (its runs, the runs the other way through it, the cells those stick out by, the cells of the area
    that no run the other way lying wholly inside it fills)."""
    cell_lines: dict[int, dict[str, int]] = {}
    for k, line in enumerate(lines):
        for i in line.cells:
            cell_lines.setdefault(i, {})[line.way] = k
    out, seen = [], set()
    for way, other in (("right", "down"), ("down", "right")):
        mine = {k: _extent(line) for k, line in enumerate(lines) if line.way == way}
        places = sorted({at for at, _, _ in mine.values()})
        starts = sorted({first for _, first, _ in mine.values()})
        ends = sorted({last for _, _, last in mine.values()})
        for x, low in enumerate(places):
            for high in places[x:]:
                for first in starts:
                    for last in ends:
                        group = tuple(k for k, (at, a, b) in mine.items() if low <= at <= high and first <= a and b <= last)
                        area = frozenset(i for k in group for i in lines[k].cells)
                        if not group or area in seen:
                            continue
                        seen.add(area)
                        crossing = tuple(sorted({cell_lines[i][other] for i in area if other in cell_lines[i]}))
                        whole = tuple(k for k in crossing if area.issuperset(lines[k].cells))
                        sticking = tuple(sorted({i for k in crossing for i in lines[k].cells} - area))
                        left = tuple(sorted(area - {i for k in whole for i in lines[k].cells}))
                        out.append((group, crossing, sticking, left, whole))
    return tuple(out)


def area_sum(board: Board) -> list[Found]:
    """An area's runs one way add up to the runs the other way through it, less the cells those stick out
    by: one open cell sticking out (or one open cell of the area no inside run fills) is the difference."""
    lines, values = board.lines, board.values
    for group, crossing, sticking, left, whole in areas(lines):
        total = sum(lines[k].goal for k in group)
        for cells, value in ((sticking, sum(lines[k].goal for k in crossing) - total),
                             (left, total - sum(lines[k].goal for k in whole))):
            open_cells = [i for i in cells if not values[i]]
            if len(open_cells) != 1 or len(cells) == 0:
                continue
            d = value - sum(values[i] for i in cells)
            i = open_cells[0]
            if 1 <= d <= 9 and board.cand[i] >> (d - 1) & 1 and board.cand[i] != 1 << (d - 1):
                keys = tuple(lines[k].key for k in group + crossing)
                told = _told(board, "area sum", (), tuple(j for k in group for j in lines[k].cells) + cells, keys)
                return [Found("area sum", 2.2, (board.fact(i, d),), (), told)]
    return []


_EASY = (
    Rung(1.0, last_cell),
    Rung(1.1, single),
    Rung(1.2, lambda board: run_sums(board, False)),
    Rung(1.4, lambda board: run_sums(board, True)),
)
_BELOW_TRIAL = _EASY + (Rung(2.2, area_sum), Rung(2.4, lambda board: ladder.short_chain(board, _EASY, 2.4)))
RUNGS = _BELOW_TRIAL + (Rung(5.0, lambda board: ladder.trial(board, (_EASY[0], _EASY[1], _EASY[3]), 5.0)),)

level_of, words, grade, walk = ladder.grader_functions(Board, RUNGS, LEVELS, STUCK)
