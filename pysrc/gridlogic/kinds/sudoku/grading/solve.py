"""The grading loop: like Sudoku Explainer, apply the first technique (in its order, which is nearly the
order of score) that finds a step, until the grid is full or nothing applies; the grade is the hardest
step. A cap stops the loop before any step, or any technique that can only score, above it.

Most techniques find nothing at most steps. Each is told what changed since it last found nothing (the
cells and digits, `board.Changed`), and those that read a unit, a crossing, a digit or a few cells at a
time look only where something changed: the first step found is the one a look everywhere finds.
"""

from __future__ import annotations

from gridlogic.budget import BudgetExceeded
from gridlogic.kinds.sudoku.grading import basic, exclusion, fish, forcing, static, uniqueness, wings
from gridlogic.kinds.sudoku.grading.board import Board, Changed, Step, apply


def techniques(unique: bool):
    """(least score, finder) in the order they are tried; `unique` adds the uniqueness techniques. A finder
    takes the board, the budget and what changed since it last found nothing (None: unknown)."""
    order = [
        (1.0, lambda b, _, __: basic.hidden_single(b)),
        (1.7, lambda b, _, changed: basic.direct_locking(b, changed)),
        (2.0, lambda b, _, changed: basic.direct_hidden_set(b, 2, changed)),
        (2.3, lambda b, _, __: basic.naked_single(b)),
        (2.5, lambda b, _, changed: basic.direct_hidden_set(b, 3, changed)),
        (2.6, lambda b, _, changed: basic.locking(b, changed)),
        (3.0, lambda b, _, changed: basic.naked_set(b, 2, changed)),
        (3.2, lambda b, _, changed: fish.fish(b, 2, changed)),
        (3.4, lambda b, _, changed: basic.hidden_set(b, 2, changed)),
        (3.6, lambda b, _, changed: basic.naked_set(b, 3, changed)),
        (3.8, lambda b, _, changed: fish.fish(b, 3, changed)),
        (4.0, lambda b, _, changed: basic.hidden_set(b, 3, changed)),
        (4.2, lambda b, _, __: wings.wing(b, False)),
        (4.4, lambda b, _, __: wings.wing(b, True)),
    ]
    if unique:
        order.append((4.5, lambda b, _, __: uniqueness.unique_rectangle(b)))
    order += [
        (5.0, lambda b, _, changed: basic.naked_set(b, 4, changed)),
        (5.2, lambda b, _, changed: fish.fish(b, 4, changed)),
        (5.4, lambda b, _, changed: basic.hidden_set(b, 4, changed)),
    ]
    if unique:
        order.append((5.6, lambda b, _, __: uniqueness.bug(b)))
    order += [
        (6.2, lambda b, _, changed: exclusion.aligned_exclusion(b, 2, changed)),
        (6.5, lambda b, budget, __: static.static_chain(b, budget)),
        (7.5, lambda b, _, changed: exclusion.aligned_exclusion(b, 3, changed)),
        (7.5, lambda b, budget, changed: forcing.multiple_chain(b, budget, multiple=False, dynamic=True, nishio=True,
                                                                 changed=changed)),
        (8.0, lambda b, budget, __: forcing.multiple_chain(b, budget, multiple=True, dynamic=False)),
        (8.5, lambda b, budget, __: forcing.multiple_chain(b, budget, multiple=True, dynamic=True)),
        (9.0, lambda b, budget, __: forcing.multiple_chain(b, budget, multiple=True, dynamic=True, level=1)),
        (9.5, lambda b, budget, __: forcing.multiple_chain(b, budget, multiple=True, dynamic=True, level=2)),
        (10.0, lambda b, budget, __: forcing.multiple_chain(b, budget, multiple=True, dynamic=True, level=3)),
    ]
    return tuple(order)


def run(board: Board, order, cap: float | None, budget, until_placed: bool = False
        ) -> tuple[list[Step], str | None, float]:
    """Apply steps until solved, stuck or capped (or, `until_placed`, until a step places a digit): (steps,
    why it stopped: None, "cap", "stuck", "contradiction" or "budget", and the least score of the
    technique being tried when the budget ran out, else 0)."""
    steps: list[Step] = []
    least = 0.0
    marks: list = [None] * len(order)      # per finder: the steps taken when it last found nothing (None: unknown)
    changes: list[Changed] = []            # what each step changed
    last = None                            # the cells the last step changed (None: look everywhere)
    try:
        while not board.is_solved():
            if budget is not None:
                budget.check()
            if board.has_contradiction(last):
                return steps, "contradiction", 0.0
            told: dict[int, Changed] = {}  # mark -> what changed since
            for k, (least, finder) in enumerate(order):
                if cap is not None and least > cap + 1e-9:
                    return steps, "cap", 0.0
                mark = marks[k]
                if mark is not None and mark not in told:
                    told[mark] = _since(changes, mark)
                step = finder(board, budget, None if mark is None else told[mark])
                if step is not None:
                    marks[k] = None
                    break
                marks[k] = len(changes)
            else:
                return steps, "stuck", 0.0
            if cap is not None and step.score > cap + 1e-9:
                return steps, "cap", 0.0
            changed = apply(board, step)
            changes.append(changed)
            last = changed.cells
            steps.append(step)
            if until_placed and step.placed:
                break
    except BudgetExceeded:
        return steps, "budget", least
    return steps, None, 0.0


def _since(changes: list[Changed], mark: int) -> Changed:
    """What the steps from `mark` on changed, together."""
    cells = digits = 0
    for changed in changes[mark:]:
        cells |= changed.cells
        digits |= changed.digits
    return Changed(cells, digits)
