"""A ladder of techniques: how a kind's grader rates a puzzle by the deductions a person uses, as Tatham's
solvers do (Unruly, Unequal) and as Sudoku Explainer does for sudoku (kinds/sudoku/grading has its own).

A kind's grader gives its techniques in order, easiest first, each a `Rung` (its least score and a finder:
the board -> every `Found` deduction of that technique, each with its technique's name, score and what it
rests on). The ladder applies the first technique that finds anything and starts again from the bottom,
until the grid is full, nothing applies ("stuck"), a step would score above the cap ("cap"), the board
contradicts itself ("contradiction") or the budget runs out ("budget"). A grade's score is its hardest
step's; its level the band (`levels`, as graders' LEVELS: (name, highest score), the last None) the score
falls in. Steps are taken one at a time, so each is told on the board it was found on (a hint, a path and
a rating see the same steps); with `batch`, all of a technique's deductions at once, as Tatham's solvers
do: faster, and solving with the same techniques (each deduction stays sound as more cells are known), so
the generator asks it whether a capped grade finishes (a grader's `grade(..., batch=True)`).

`trial` is the last resort a grader may end its ladder with: set a candidate, run the rungs below it; a
contradiction rules the candidate out. Every technique is a sound deduction (none assumes one solution),
so a finished grade proves the puzzle has exactly one solution (`PROVES_UNIQUE` in a grader). `short_chain` is
a trial kept to two rounds of the easy rungs, which a person follows in the head (kakuro's, puzlogic's).

A board (the kind's) has `is_full()`, `has_contradiction()`, `is_broken()` (a quick look for one), `telling`
(set by `climb`: whether its techniques work out what each step rests on), `budget` (set by `climb`, for
a trial's own climbs), `copy()`, `apply(found)`, `options()` (the
(r, c, v) candidates a trial may set, most constrained cells first) and `assume(r, c, v)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gridlogic.budget import BudgetExceeded

Fact = tuple[int, int, int]


@dataclass(frozen=True)
class Told:
    """How a step is told as a hint (gridlogic/techniques.py): its technique, the units it works in, its
    pattern's cells, the values (r, c, v) it rests on, the ruled-out candidates it rests on, and the keys of
    other clues of the kind's formula it rests on (futoshiki's signs)."""

    technique: str
    units: tuple[str, ...] = ()
    pattern: tuple[tuple[int, int], ...] = ()
    values: tuple[Fact, ...] = ()
    ruled_out: tuple[Fact, ...] = ()
    keys: tuple = ()


@dataclass(frozen=True)
class Found:
    """One deduction: its technique and score, the values it places and the candidates it rules out (r, c, v),
    and how it is told."""

    technique: str
    score: float
    placed: tuple[Fact, ...]
    eliminated: tuple[Fact, ...]
    told: Told


@dataclass(frozen=True)
class Rung:
    """A technique on the ladder: the least score its steps have, and its finder."""

    least: float
    find: Callable[[object], list[Found]]


@dataclass(frozen=True)
class Grade:
    """A grade: solved?, the hardest step's score and its level, the steps (each a Found), why it stopped
    (None when solved), as kinds/sudoku/grading's Grade."""

    solved: bool
    score: float
    level: str
    steps: tuple[Found, ...]
    stopped: str | None


def level_of(levels, score: float) -> str:
    """The level whose band holds this score."""
    for name, top in levels:
        if top is None or score <= top + 1e-9:
            return name
    return levels[-1][0]


def climb(board, rungs: tuple[Rung, ...], levels, *, cap: float | None = None, budget=None, batch: bool = False,
          until_placed: bool = False, stuck_score: float | None = None, watch: bool = False,
          goal: Callable[[object], bool] | None = None, told: bool = True) -> Grade:
    """Run the ladder on `board` (changed in place). `stuck_score`: the score of a grade left stuck with no
    cap (beyond every technique), else its steps' hardest. A contradiction is looked for when the board is
    full or stuck, and with `watch` (a trial's copy, which is often wrong) quickly before every step too.
    With `goal` (board -> bool, asked after each step), the climb ends as solved once the goal holds, with
    no look for a contradiction: the generator's question whether the clues just removed are worked out
    again (see `settles`: the clues are a solution's, where sound steps find none). With `told` False, steps
    taken one at a time are not told either (faster, where only the grade is wanted)."""
    steps: list[Found] = []
    stopped = None
    reached = False
    board.telling = told and not batch
    board.budget = budget
    least = 0.0
    try:
        while not board.is_full():
            if budget is not None:
                budget.check()
            if watch and board.is_broken():
                stopped = "contradiction"
                break
            for rung in rungs:
                least = rung.least
                if cap is not None and rung.least > cap + 1e-9:
                    stopped = "cap"
                    break
                found = rung.find(board)
                if found:
                    break
            else:
                stopped = "stuck"
            if stopped:
                break
            taken = found if batch else found[:1]
            if cap is not None and any(f.score > cap + 1e-9 for f in taken):
                stopped = "cap"
                break
            for f in taken:
                board.apply(f)
            steps.extend(taken)
            if until_placed and any(f.placed for f in taken):
                break
            if goal is not None and goal(board):
                reached = True
                break
        else:
            least = 0.0
    except BudgetExceeded:
        stopped = "budget"
    if stopped in (None, "stuck") and not reached and board.has_contradiction():
        stopped = "contradiction"
    score = max((s.score for s in steps), default=0.0)
    if stopped == "budget":
        score = max(score, least)
    elif stopped == "stuck" and stuck_score is not None:
        score = max(score, stuck_score)
    solved = stopped is None and (reached or board.is_full())
    return Grade(solved, score, level_of(levels, score), tuple(steps), stopped)


def settles(board, rungs: tuple[Rung, ...], levels, goal: Callable[[object], bool], *, cap: float | None = None,
            budget=None) -> bool:
    """Whether the ladder capped at `cap`, in batches from `board`, fills it or reaches `goal` (BudgetExceeded
    when the budget runs out). With the clues of a puzzle the capped ladder solves, less a few, and a goal
    "those few are worked out again", this is whether it still solves, sooner than a grade: the board then
    knows all the puzzle knew, and each technique is monotone (what it finds on a board it finds, or is
    already known, on one knowing more), so the rest follows as it did for the puzzle. A goal the board
    already meets (futoshiki: a sign between cells whose candidates order them) is met with no step."""
    if goal(board):
        return True
    grade = climb(board, rungs, levels, cap=cap, budget=budget, batch=True, goal=goal)
    if grade.stopped == "budget":
        raise BudgetExceeded()
    return grade.solved


def trial(board, rungs: tuple[Rung, ...], score: float, name: str = "trial", every: bool = False) -> list[Found]:
    """The last resort: for each candidate the board offers, set it on a copy and run `rungs` (those below
    this one); a contradiction rules it out. The first such candidate, as one step (its told values empty:
    what it rests on is the whole chain that followed); with `every`, in a batch climb (untold), every one
    of one sweep, as the other techniques give all theirs, where the ladder would sweep again from the
    first (faster where contradictions are many, as futoshiki's: docs/benchmarks.md)."""
    out = []
    for r, c, v in board.options():
        copy = board.copy()
        copy.assume(r, c, v)
        stopped = climb(copy, rungs, ((name, None),), budget=board.budget, batch=True, watch=True).stopped
        if stopped == "budget":
            raise BudgetExceeded()
        if stopped == "contradiction":
            out.append(board.rule_out(r, c, v, name, score))
            if board.telling or not every:
                break
    return out


def short_chain(board, rungs: tuple[Rung, ...], score: float, name: str = "short chain", rounds: int = 2) -> list[Found]:
    """A value set in a cell that breaks the board within `rounds` rounds of `rungs` (each round every
    deduction of the easiest that finds any): it is ruled out, as the first such candidate's one step (a
    trial kept short, which a person follows in the head)."""
    for r, c, v in board.options():
        copy = board.copy()
        copy.telling = False
        copy.assume(r, c, v)
        for _ in range(rounds):
            if copy.is_broken():
                break
            found = next((found for rung in rungs if (found := rung.find(copy))), [])
            if not found:
                break
            for f in found:
                copy.apply(f)
        if copy.is_broken() or copy.has_contradiction():
            return [board.rule_out(r, c, v, name, score)]
    return []


def grader_functions(board_type, rungs: tuple[Rung, ...], levels, stuck_score: float):
    """What ratings.py and walks.rate ask of a ladder grader module, for a kind's board type, rungs, levels and stuck
    score: `level_of`, `words`, `grade` and `walk` (a grading module binds them by name)."""
    def level(score: float) -> str:
        """The level whose band holds this score."""
        return level_of(levels, score)

    def words(technique: str) -> str:
        """The technique as hints say it (the grader's names are already players' words)."""
        return technique

    def grade(puzzle, cap: float | None = None, budget=None, batch: bool = False, told: bool = True) -> Grade:
        """The puzzle's grade, one step at a time (the steps of `walk`); with `cap`, stopped (not solved)
        before a technique scoring above it; with `batch`, each technique's steps applied at once (faster,
        the same techniques: the generator's question "does a capped grade finish?"); `told` False: the
        steps not told (for a grader whose techniques then find the same steps: its UNTOLD_ALIKE)."""
        return climb(board_type.start(puzzle), rungs, levels, cap=cap, budget=budget, batch=batch,
                     stuck_score=stuck_score, told=told)

    def walk(puzzle, entries=(), *, cap: float | None = None, budget=None, until_placed: bool = False) -> Grade:
        """The grader's steps one at a time from the givens and the user's `entries` (r, c, v), each told as
        a hint; with `until_placed`, up to the first step that places a value."""
        return climb(board_type.start(puzzle, entries), rungs, levels, cap=cap, budget=budget,
                     until_placed=until_placed, stuck_score=stuck_score)

    return level, words, grade, walk
