"""How hard a step and a solve are: a step's level (easy when one unit holds it, else by the size of its
reason), a walk's difficulty, and the grade of a kind's grader where it has one for the puzzle; `order`
ranks graded puzzles. (walks.rate rates a puzzle through a walk on a new solver.)
"""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.contract import optional
from gridlogic.reasons import Fact
from gridlogic.step import Step

# Levels of a step, and the rating of a whole solve (its hardest step's level): a step that needs one unit
# (see is_easy) is easy however many clues it names (a nonogram line); any other is the first level whose
# limit its reason keeps to. 8 is a sudoku single's reason (its cell's other digits), the norvig "easy"
# puzzles need at most 8-11, the "top95" and "hardest" ones 15-23.
RATINGS = (("easy", 8), ("medium", 12), ("hard", 18), ("fiendish", None))
LEVEL_NAMES = tuple(name for name, _ in RATINGS)


def is_easy(kind: ModuleType, puzzle, step: Step) -> bool:
    """True when a step needs one unit only: the kind names it a rule of its EASY_STEPS, or its cell and
    every cell of its reason lie in one row, one column, or one of the kind's `units_of` (boxes)."""
    if step.rule is not None and step.rule in (optional(kind, "EASY_STEPS") or ()):
        return True
    cells = set(step.cells) | {(step.r, step.c)}
    if len({r for r, _ in cells}) == 1 or len({c for _, c in cells}) == 1:
        return True
    units_of = optional(kind, "units_of")
    return units_of is not None and any(cells <= set(unit) for unit in units_of(puzzle))


def level(kind: ModuleType, puzzle, step: Step) -> str:
    """A step's level: "easy" when it needs one unit (`is_easy`), else the first of RATINGS its reason keeps to."""
    if is_easy(kind, puzzle, step):
        return RATINGS[0][0]
    return next(name for name, most in RATINGS if most is None or len(step.clues) <= most)


def difficulty(kind: ModuleType, puzzle, steps: Iterable[Step], budget: Budget = UNLIMITED,
               entries: Iterable[Fact] = ()) -> dict:
    """How hard a solve is. From the kind's grader when it has one for this puzzle and there are no
    `entries` (see `grader_of`: plain sudoku, rated by the human techniques of Sudoku Explainer's scale,
    `graded`; BudgetExceeded when it runs out of time); else from the walk's `steps`: steps, steps per
    level, steps above easy, largest reason, the hardest step's level."""
    steps = list(steps)
    grader = None if entries else grader_of(kind, puzzle)
    if grader is not None:
        grade = grader.grade(puzzle, budget=budget)
        if grade.stopped == "budget":
            raise BudgetExceeded()
        return graded(grader, grade)
    return walk_difficulty(kind, puzzle, steps)


def walk_difficulty(kind: ModuleType, puzzle, steps: Iterable[Step]) -> dict:
    """How hard a walk is: steps, steps per level, steps above easy, largest reason, the hardest step's level."""
    steps = list(steps)
    levels = {name: 0 for name, _ in RATINGS}
    for step in steps:
        levels[level(kind, puzzle, step)] += 1
    rating = next((name for name, _ in reversed(RATINGS) if levels[name]), RATINGS[0][0])
    return {"steps": len(steps), "hard_steps": len(steps) - levels[RATINGS[0][0]],
            "largest_reason": max((len(step.clues) for step in steps), default=0), "rating": rating,
            "levels": levels}



def grader_of(kind: ModuleType, puzzle) -> ModuleType | None:
    """The kind's grader when it rates this puzzle (its `grader` hook: sudoku's rates plain sudoku on Sudoku
    Explainer's scale); None for kinds without one and the puzzles it does not take (variant sudoku)."""
    hook = optional(kind, "grader")
    return None if hook is None else hook(puzzle)


def graded(grader: ModuleType, grade) -> dict:
    """The difficulty of a grader's `grade`: its level as `rating`, its steps counted per level (each
    step's level is that of its score) and above easy, its `score`, the `scale` it is on (the grader's
    SCALE: sudoku's "Sudoku Explainer"; None for a grader's own) and its `hardest` technique (in the
    players' words its hints use, the grader's `words`; no
    `largest_reason`: the grade's steps are techniques, not reasons), and `hardest_steps`, how many
    steps that technique takes. The rating is the level of the score, the hardest step's, so the word
    and the details never disagree; within a level, puzzles are ordered by `order`: (score, hardest_steps)."""
    names = [name for name, _ in grader.LEVELS]
    levels = {name: 0 for name in names}
    for step in grade.steps:
        levels[grader.level_of(step.score)] += 1
    hardest = max(grade.steps, key=lambda step: step.score, default=None)
    count = sum(step.technique == hardest.technique for step in grade.steps) if hardest else 0
    return {"steps": len(grade.steps), "hard_steps": len(grade.steps) - levels[names[0]],
            "rating": grade.level, "levels": levels, "score": grade.score,
            "scale": getattr(grader, "SCALE", None), "hardest": grader.words(hardest.technique) if hardest else None,
            "hardest_steps": count}


def order(difficulty: dict) -> tuple:
    """Where a graded puzzle stands, hardest last: its level, then its hardest technique's score, then how many
    steps of that technique it takes (`graded`'s fields)."""
    return (LEVEL_NAMES.index(difficulty["rating"]), difficulty["score"], difficulty["hardest_steps"])
