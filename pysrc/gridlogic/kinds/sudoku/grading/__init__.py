"""Sudoku grading by the deductions a person uses, on Sudoku Explainer's (SE) scale.

The grader keeps every cell's candidates and, like SE's `serate`, repeatedly applies the first
technique that finds a step (techniques are tried from easiest to hardest); a puzzle's score is its
hardest step's score, and its level the SE band that score falls in:
easy ≤ 1.5 (hidden singles), medium ≤ 2.5 (naked singles, direct techniques), hard ≤ 6.0 (candidates:
intersections, subsets, fish, wings, uniqueness), fiendish above (chains).

Scale (technique → score, as SE rates it):
    hidden single: last cell of a unit 1.0, in a box 1.2, in a row, column or extra unit 1.5
    direct pointing 1.7, direct claiming 1.9, direct hidden pair 2.0, naked single 2.3,
    direct hidden triple 2.5 (a pointing, claiming or hidden set followed at once by a hidden single)
    pointing 2.6, claiming 2.8
    naked pair 3.0, X-wing 3.2, hidden pair 3.4, naked triple 3.6, swordfish 3.8, hidden triple 4.0
    XY-wing 4.2, XYZ-wing 4.4, unique rectangle types 1, 2, 4 4.5, type 3 4.5-4.8
    naked quad 5.0, jellyfish 5.2, hidden quad 5.4, BUG type 1 5.6
    aligned pair exclusion 6.2, aligned triplet exclusion 7.5
    X-/Y-cycle 6.5, forcing X-chain 6.6, XY-cycle and forcing XY-chain 7.0
    Nishio forcing chain 7.5, multiple forcing chain 8.0, dynamic forcing chain 8.5,
    dynamic forcing chain (+) 9.0, nested forcing chains 9.5 and 10.0
    every chain: + 0.1 per step of its size beyond 4, 6, 8, 12, 16, 24, 32, ... nodes (SE's rule)
Not done (SE has them): unique loops longer than rectangles, BUG types 2-4, generalized intersections
of variant units, nesting levels 4 and 5 (10.5, 11.0). Nested chains (9.5 and up) count their inner
chains' nodes less fully than SE and are slow in Python: give such puzzles a budget (see `Grade`).

Uniqueness techniques are used only on plain sudoku (no variant rule), where they are sound for a
puzzle with one solution.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.kinds.sudoku.grading.board import BOX, PEER_RULES, UNIT_RULES, Board, apply, geometry
from gridlogic.kinds.sudoku.grading.solve import run, techniques
from gridlogic.kinds.sudoku.grading.told import Told, tell, words

LEVELS = (("easy", 1.5), ("medium", 2.5), ("hard", 6.0), ("fiendish", None))
SCALE = "Sudoku Explainer"      # whose scale the scores are on (shown with the score)
HANDLED_RULES = frozenset(UNIT_RULES + PEER_RULES)


@dataclass(frozen=True)
class GradeStep:
    """One deduction: its technique, score, placed (r, c, digit) and eliminated (r, c, digit), and, from
    `walk`, how it is told as a hint (grading/told.py)."""

    technique: str
    score: float
    placed: tuple[tuple[int, int, int], ...]
    eliminated: tuple[tuple[int, int, int], ...]
    told: Told | None = None


@dataclass(frozen=True)
class Grade:
    """A puzzle's grade: solved by these steps?, the hardest step's score and level, and why it stopped
    (None when solved; "cap", "stuck", "contradiction" or "budget"). When the budget ran out while a
    technique was being looked for, the score is at least that technique's least score (the puzzle
    needs it or harder), so a puzzle too hard for the budget still ranks above easier ones."""

    solved: bool
    score: float
    level: str
    steps: tuple[GradeStep, ...]
    stopped: str | None


def applies(puzzle) -> bool:
    """True for puzzles the grader handles: no drawn constraints, only unit and knight/king rules."""
    return not puzzle.constraints and all(rule in HANDLED_RULES for rule in puzzle.rules)


def level_of(score: float) -> str:
    """The level whose band holds this score."""
    for name, top in LEVELS:
        if top is None or score <= top + 1e-9:
            return name
    return LEVELS[-1][0]


def grade(puzzle, cap: float | None = None, budget=None) -> Grade:
    """Grade a puzzle by the hardest step a solver needs, always taking the easiest step available;
    with `cap`, stop (solved=False) before a step scoring above it."""
    return walk(puzzle, cap=cap, budget=budget, told=False)


def walk(puzzle, entries=(), *, cap: float | None = None, budget=None, until_placed: bool = False,
         told: bool = True) -> Grade:
    """The grader's steps from the givens and the user's `entries` ((r, c, digit), taken as right), each
    `told` as a hint (the board before it read by grading/told.py); with `until_placed`, up to the first
    step that places a digit (the next hint), `solved` then saying whether the grid is full."""
    geo = geometry(puzzle.size, puzzle.box, puzzle.regions, tuple(puzzle.rules))
    n = puzzle.size
    values = list(puzzle.givens)
    for r, c, d in entries:
        values[r * n + c] = d
    board = Board.start(geo, values)
    # uniqueness techniques reason on rows, columns and boxes that each hold every digit: plain sudoku
    # only (no rule, and no irregular region of fewer cells than digits)
    unique = not puzzle.rules and geo.kinds.count(BOX) == puzzle.size
    work = board.copy()
    steps, stopped, pending = run(work, techniques(unique), cap, budget, until_placed)
    out = []
    for s in steps:
        out.append(GradeStep(s.technique, s.score,
                             tuple((i // n, i % n, d) for i, d in s.placed),
                             tuple((i // n, i % n, d) for i, d in s.eliminated), tell(board, s) if told else None))
        if told:
            apply(board, s)
    score = max(max((s.score for s in steps), default=0.0), pending)
    return Grade(stopped is None and work.is_solved(), score, level_of(score), tuple(out), stopped)
