"""Nonograms graded by the techniques a person uses (gridlogic/ladder.py runs the ladder; board.py reads
each line). Techniques, easiest first, with their scores:

    easy (Tatham's Pattern: its line solver finishes):
        simple boxes 1.0: a block's leftmost and rightmost placements over the line's known cells overlap;
            the cells they share are filled (on an empty line the classic overlap; with known cells it takes
            in what players call forcing and glue: a block pushed off an empty cell or an edge, or stuck to
            a filled cell)
        simple spaces 1.1: no block reaches a cell between its leftmost and rightmost placements; the cell
            is empty (beyond the ends, between blocks, beside a finished block)
        every placement 1.4: every placement of the clue over the known cells agrees on a cell that no single
            block's extremes settle (joining and splitting: a cell one block or another covers): one line's
            full enumeration, the top of a line solver, and the last technique of Pattern's
    medium, hard, fiendish (beyond Pattern's line solver):
        contradiction: a cell given a value leads, by the rows and columns alone (the line solver), to a
            clue that cannot fit; it takes the other value. The level counts how many a solve needs: the
            n-th scores CONTRADICTION[n] (medium for the first MEDIUM_MOST, hard up to HARD_MOST, fiendish
            beyond)
        stuck: no contradiction of one cell helps; a search is needed (STUCK, fiendish)

A grade's score is its hardest step's; the level the band (LEVELS) it falls in. Every technique is a sound
deduction, so a finished grade proves the puzzle has one solution. `grade` applies each technique's steps
at once: a step stays sound as more cells are known, and contradictions are taken one at a time, so the
level and the contradictions counted are those of the one-at-a-time walk of a hint path. Tatham's Pattern
rates a puzzle only "its line solver finishes" (the puzzles its generator keeps) or not: our easy is his
one level, medium and up are beyond his solver (docs/genres/nonogram.md, docs/benchmarks.md).
"""

from __future__ import annotations

from collections import deque

from gridlogic import ladder
from gridlogic.budget import tick
from gridlogic.kinds.nonogram.board import Board
from gridlogic.kinds.nonogram.lines import solve_lines
from gridlogic.ladder import Found, Rung, Told

LEVELS = (("easy", 1.5), ("medium", 2.5), ("hard", 6.0), ("fiendish", None))
MEDIUM_MOST, HARD_MOST = 2, 6        # contradictions a medium and a hard puzzle need at most
PROVES_UNIQUE = True         # no technique assumes one solution: a finished grade proves it
LARGEST = 30                 # sides graded (the generator's); larger puzzles are rated by the walk
STUCK = 10.0


def contradiction_score(n: int) -> float:
    """The score of a solve's n-th contradiction (from 1): 2.0 and 2.25 (medium), 3.0 to 5.25 (hard), 7.0 and
    up (fiendish)."""
    if n <= MEDIUM_MOST:
        return 2.0 + 0.25 * (n - 1)
    if n <= HARD_MOST:
        return 3.0 + 0.75 * (n - MEDIUM_MOST - 1)
    return 7.0 + 0.1 * (n - HARD_MOST - 1)


def _lines(board: Board, technique: str, score: float, pick) -> list[Found]:
    """Every cell some line's reading settles by one technique (`pick`: the reading -> (index, value) pairs),
    each once, rows first."""
    out, seen = [], set()
    for k in range(board.width + board.height):
        for i, v in pick(board.reading(k)):
            if i not in seen:
                seen.add(i)
                out.append(board.found(technique, score, k, i, v))
    return out


def simple(board: Board) -> list[Found]:
    """Simple boxes, then simple spaces (one rung: both are read from the same spans of each line, and a
    walk takes the first, a box before any space, as two rungs would). Graded in batches (the board not
    telling), the rung takes them to their fixpoint itself, lines waiting in a queue as the line solver's
    do, and sets the cells as it goes (applying them again changes nothing)."""
    if board.telling:
        return (_lines(board, "simple boxes", 1.0, lambda reading: ((i, 1) for i in reading.boxes))
                + _lines(board, "simple spaces", 1.1, lambda reading: ((i, 0) for i in reading.spaces)))
    w, h, values = board.width, board.height, board.values
    out, todo, queued = [], deque(range(w + h)), [True] * (w + h)
    told = {1: Told("simple boxes"), 0: Told("simple spaces")}
    while todo:
        tick()
        k = todo.popleft()
        queued[k] = False
        reading = board.reading(k)
        for cells, v, score in ((reading.boxes, 1, 1.0), (reading.spaces, 0, 1.1)):
            for i in cells:
                if values[i] == -1:
                    board.set(i, v)
                    out.append(Found(told[v].technique, score, (board.fact(i, v),), (), told[v]))
                    other = h + i % w if k < h else i // w
                    if not queued[other]:
                        queued[other] = True
                        todo.append(other)
    return out


def placements(board: Board) -> list[Found]:
    return _lines(board, "every placement", 1.4, lambda reading: reading.placements())


def contradiction(board: Board) -> list[Found]:
    """The first open cell (row-major, filled tried first) whose value leads the line solver to a clue that
    cannot fit: it takes the other value. One step at a time, so a grade counts them as a walk does."""
    w, h = board.width, board.height
    for i, x in enumerate(board.values):
        if x != -1:
            continue
        for v in (1, 0):
            if board.budget is not None:
                board.budget.check()
            grid = list(board.values)
            grid[i] = v
            if solve_lines(board.autos, w, h, grid, (i // w, h + i % w)) is None:
                board.probes += 1
                r, c = divmod(i, w)
                return [Found("contradiction", contradiction_score(board.probes), ((r, c, 1 - v),), (),
                              Told("contradiction", (), ((r, c),)))]
    return []


RUNGS = (Rung(1.0, simple), Rung(1.4, placements), Rung(2.0, contradiction))

level_of, words, _grade, walk = ladder.grader_functions(Board, RUNGS, LEVELS, STUCK)
_last: list = []             # the last grade kept: [puzzle, grade, its cap], asked again by the generator's rating


def grade(puzzle, cap: float | None = None, budget=None, batch: bool = True) -> ladder.Grade:
    """The puzzle's grade, each technique's steps at once (the same level and contradictions as one at a
    time: see the module docstring); with `cap`, stopped (not solved) before a step scoring above it. The
    last whole or solved grade is kept (a solved grade is the same under any cap at least its score): the
    generator asks for it again."""
    if _last and _last[0] == puzzle:
        kept, kept_cap = _last[1], _last[2]
        if kept.solved and (cap is None or kept.score <= cap + 1e-9) or kept_cap is None and cap is None:
            return kept
    found = _grade(puzzle, cap=cap, budget=budget, batch=True)
    if found.solved or (cap is None and found.stopped != "budget"):
        _last[:] = [puzzle, found, cap]
    return found


def counted(puzzle, n: int) -> ladder.Grade:
    """The grade `grade` gives a puzzle that the line techniques and n contradictions solve (n at least 1:
    the generator counts them with masks.contradictions, the grader's own contradictions), told by its counts
    alone: one step a cell (each cell is found once), the n-th contradiction the hardest. Its steps stand for
    that count and place nothing: for a rating (ratings.graded), not for hints."""
    line = Found("simple boxes", 1.0, (), (), Told("simple boxes"))
    scores = [contradiction_score(k) for k in range(1, n + 1)]
    steps = (line,) * (puzzle.width * puzzle.height - n) + tuple(
        Found("contradiction", score, (), (), Told("contradiction")) for score in scores)
    return ladder.Grade(True, scores[-1], level_of(scores[-1]), steps, None)


def applies(puzzle) -> bool:
    """True for the sizes graded (sides up to LARGEST)."""
    return max(puzzle.width, puzzle.height) <= LARGEST
