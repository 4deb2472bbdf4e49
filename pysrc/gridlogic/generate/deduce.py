"""Clues removed Tatham's way, for a kind whose grader proves one solution when it finishes (its PROVES_UNIQUE,
on gridlogic/ladder.py): an orbit of clues goes while the grader capped at the level still solves the
puzzle, with no SAT per removal (search.py asks SAT once, of the result).

A removal is asked of a board built without writing the puzzle when the maker gives one
(`Candidate.board`, with `Candidate.settled`): does the capped ladder, from the clues left, work the
removed ones out again (ladder.settles)? It stops as soon as it has, where a grade solves the whole grid.
A maker may answer that question itself, faster (`Candidate.settles`: binary's on bit masks), and follow the
removals with no cap (`Chain`) to answer search._too_easy's question at the end without a climb.
"""

from __future__ import annotations

from types import ModuleType

from gridlogic import ladder
from gridlogic.budget import Budget, BudgetExceeded


def reduce(grader: ModuleType, candidate, level: str, groups: list, budget: Budget) -> set:
    """The clues kept, trying the orbits `groups` in their order (shuffled by the seed), sorted by the
    candidate's `rank` when it has one."""
    cap = dict(grader.LEVELS)[level]
    kept = set(candidate.clues)
    if candidate.rank is not None:
        groups = sorted(groups, key=lambda group: candidate.rank(group[0], level))
    for group in groups:
        trial = kept.difference(group)
        if _solves(grader, candidate, trial, group, cap, budget):
            kept = trial
    return kept


def _solves(grader: ModuleType, candidate, trial: set, group, cap: float | None, budget: Budget) -> bool:
    """Whether the grader capped at `cap` solves the puzzle of the `trial` clues (those kept, less `group`)."""
    if candidate.settles is not None:
        answer = candidate.settles(trial, group, cap)
        if answer is not None:
            budget.check()
            return answer
    if candidate.board is None or candidate.settled is None:
        grade = grader.grade(candidate.write(trial), cap=cap, budget=budget, batch=True)
        if grade.stopped == "budget":
            raise BudgetExceeded()
        return grade.solved
    settled = candidate.settled
    return ladder.settles(candidate.board(trial), grader.RUNGS, grader.LEVELS,
                          lambda board: all(settled(board, clue) for clue in group), cap=cap, budget=budget)


class Chain:
    """The removals of a reduction with no cap (the top level), followed from every clue as a maker's `settles`
    is asked them: the clues kept so far, and whether a removal kept needed more than the ladder capped at
    the level below (its climb came to a technique above that cap). The ladder capped at the level below
    works out every clue removed from those kept (search._too_easy) exactly when none did: each technique
    is monotone, so what it works out from the clues kept after a removal, it works out from fewer that it
    solves, back to the first removal; and a removal it does not work out from the clues kept then, it does
    not from fewer. A removal taken from other clues leaves the chain as it was."""

    def __init__(self, clues) -> None:
        self.kept = set(clues)
        self.beyond = False

    def removed(self, trial: set, group: tuple, beyond: bool) -> None:
        """A removal answered yes with no cap: `group` from the clues kept, leaving `trial`, and whether its
        climb needed more than the level below; it extends the chain when taken from the chain's end."""
        kept = self.kept
        if len(trial) + len(group) == len(kept) and kept.issuperset(trial) and trial.isdisjoint(group) \
                and kept.issuperset(group):
            kept.difference_update(group)
            self.beyond = self.beyond or beyond

    def too_easy(self, kept: set, removed: tuple) -> bool | None:
        """Whether the ladder capped at the level below works out `removed` from `kept` (every other clue),
        when `kept` is the chain's end; else None."""
        if len(kept) != len(self.kept) or not self.kept.issuperset(kept):
            return None
        return not self.beyond
