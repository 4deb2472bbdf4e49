"""One attempt at a puzzle of the level asked, Tatham's way.

A maker (one module per kind) gives a `Candidate`: a puzzle with every clue it may hold (a solution's
givens, futoshiki's signs, puzlogic's pre-filled cells and sums), the clues that may go, and how to
write the puzzle with some of them. The attempt removes clues in orbits of the symmetry, in a seeded
order, keeping a removal while the puzzle still has one solution (proved by SAT) and a solver capped at
the level asked still solves it (`walks.rate` with `cap`: sudoku's grader stopped above the level's
score, or the walk stopped at its first step above the level; not asked while more than FREE_SHARE of
the clues is left); at the top level, uniqueness alone. The
puzzle is kept only when its rating (the hint path's) is exactly the level asked: solvable at that
level, not at the one below. With `minimal`, it is also kept only when no orbit left can go while one
solution stays. A candidate without clues to remove (a nonogram's picture, a kakuro's layout) is kept
when it has one solution and the level asked. Walk-rated kinds below the top level, and graded
ones at RESTORE_GRADED levels (not minimal), take `_restore` instead: the same exact-level test, with a
capped solve per probe of a binary search rather than per orbit.

Cheap logic comes first where a maker has it (`Candidate.solves`: sudoku's singles, the nonogram's line
solver): it settles capped solves, and rules out a candidate that cannot be of the level, without the
rating; and one incremental solver may answer the uniqueness checks (`Candidate.unique`). Both answer
as the rating and a fresh solve would, so a seed makes the same puzzle with or without them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from types import ModuleType

from gridlogic import ratings, walks
from gridlogic.budget import Budget, BudgetExceeded
from gridlogic.generate import deduce, oracle, orbits, removal

LEVELS = tuple(name for name, _ in ratings.RATINGS)      # easy, medium, hard, fiendish (the grader's too)
RESTORE_GRADED = ("hard",)  # graded levels made by giving clues back too: 9×9 sudoku hard is faster this way
                            # than by capped removal (a minimal puzzle is mostly hard or fiendish, so few
                            # clues given back land in the band)
FREE_SHARE = 0.55         # while more than this share of the clues is left, a removal keeping one solution is
                          # kept without asking the capped solver: so many clues leave every level's steps
                          # (a 9×9 sudoku with 45 givens), and the final rating still decides; sudoku hard,
                          # 9×9, is faster this way than asking at every removal (docs/benchmarks.md)


@dataclass
class Candidate:
    """A puzzle with every clue it may hold: `clues` (id -> the cells it stands on) may go, `write(kept)`
    is the puzzle holding the kept ones (a parsed puzzle of the kind); with `most`, a puzzle keeping
    more clues than that is no puzzle of this candidate (killer: not a grid mostly given). A maker may
    answer faster than a fresh solve: `unique(kept)`, whether the kept clues leave one solution (one
    incremental solver, generate/incremental.py), and `solves(kept, level)`, cheap logic first: True when
    it proves a solver capped at `level` solves the puzzle (by deductions, so it has one solution), False
    when it proves one does not, None when it cannot tell; `close()` lets what they hold go once the
    attempt is over. For a kind graded on the ladder (generate/deduce.py): `board(kept)`, the grader's
    board of the puzzle holding the kept clues, built without writing it, `settled(board, clue)`,
    whether a board being solved has worked the clue out, and `rank(clue, level)`, the clue's place in
    the order of removal at a level (orbits shuffled by the seed, then sorted by it: lower first);
    `settles(kept, group, cap)`, the maker's own faster answer to the same question (does the ladder
    capped at `cap` work the clues of `group` out from `kept`), None where it has none; it is asked only
    where that ladder solves the puzzle of `kept` with `group` (deduce.reduce, _too_easy). `rated(kept)`:
    the rating walks.rate gives the puzzle holding the kept clues, when the maker's cheap logic already
    knows it (None: rated as usual); asked only of the puzzle kept at the end."""

    write: Callable[[set], object]
    clues: dict[Hashable, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    most: int | None = None
    unique: Callable[[set], bool] | None = None
    solves: Callable[[set, str], bool | None] | None = None
    close: Callable[[], None] | None = None
    board: Callable[[set], object] | None = None
    settled: Callable[[object, Hashable], bool] | None = None
    rank: Callable[[Hashable, str], int] | None = None
    settles: Callable[[set, tuple, float | None], bool | None] | None = None
    rated: Callable[[set], walks.Rating | None] | None = None


@dataclass(frozen=True)
class Found:
    """A puzzle made: the puzzle and its rating."""

    puzzle: object
    rating: walks.Rating


def attempt(kind: ModuleType, candidate: Candidate, level: str, symmetry: str, minimal: bool, rows: int,
            cols: int, rng: random.Random, budget: Budget) -> Found | None:
    """The candidate reduced to a puzzle of exactly `level`, or None when this one does not make one."""
    groups = orbits.clue_orbits(symmetry, rows, cols, candidate.clues) if candidate.clues else []
    rng.shuffle(groups)
    unique = _uniqueness(kind, candidate, budget)
    grader = ratings.grader_of(kind, candidate.write(set(candidate.clues))) if groups and not minimal else None
    if grader is not None and getattr(grader, "PROVES_UNIQUE", False):
        return _deduce(kind, grader, candidate, level, groups, budget)
    if groups and not minimal and level != LEVELS[-1] and (level in RESTORE_GRADED or grader is None):
        return _restore(kind, candidate, level, groups, unique, budget)
    kept = set(candidate.clues)
    top = level == LEVELS[-1]
    last = None            # the rating of the last removal kept: a capped solve that finished is the whole solve
    if not groups and not (_may_be(candidate, kept, level) and (_solved(candidate, kept, level) or unique(kept))):
        return None
    free = len(kept) * FREE_SHARE          # clues left above which a removal is checked for uniqueness only
    kept, _, asked = removal.remove_while_unique(kept, groups, unique, floor=0 if top else math.ceil(free))
    for group in groups[asked:]:
        trial = kept.difference(group)
        if not unique(trial):
            continue
        if not top and len(trial) < free:
            quick = candidate.solves(trial, level) if candidate.solves is not None else None
            if quick is False:
                continue
            if quick is None:
                rating = walks.rate(kind, candidate.write(trial), cap=level, budget=budget)
                if rating.level is None:
                    _check(rating, budget)
                    continue
            last = rating if quick is None else None
        kept = trial
    if candidate.most is not None and len(kept) > candidate.most:
        return None
    if not _may_be(candidate, kept, level):
        return None
    puzzle = candidate.write(kept)
    if minimal and any(unique(kept.difference(group)) for group in groups if kept.issuperset(group)):
        return None
    rating = last if last is not None or candidate.rated is None else candidate.rated(kept)
    if rating is None:
        rating = walks.rate(kind, puzzle, budget=budget)
    _check(rating, budget)
    return Found(puzzle, rating) if rating.level == level else None


def _uniqueness(kind: ModuleType, candidate: Candidate, budget: Budget) -> Callable[[set], bool]:
    """Whether kept clues leave one solution: the candidate's own answer, else a fresh solve (oracle.py)."""
    if candidate.unique is not None:
        return candidate.unique
    return lambda kept: oracle.is_unique(kind, candidate.write(kept), budget)


def _solved(candidate: Candidate, kept: set, level: str) -> bool:
    """True when the candidate's cheap logic proves a solver capped at `level` solves the kept clues (so
    they leave one solution)."""
    return candidate.solves is not None and candidate.solves(kept, level) is True


def _may_be(candidate: Candidate, kept: set, level: str) -> bool:
    """False when the candidate's cheap logic proves the kept clues are not exactly of `level`: a solver
    capped at it does not solve them, or one capped at the level below does."""
    if candidate.solves is None:
        return True
    below = LEVELS.index(level) - 1
    if candidate.solves(kept, level) is False:
        return False
    return below < 0 or candidate.solves(kept, LEVELS[below]) is not True


def _deduce(kind: ModuleType, grader: ModuleType, candidate: Candidate, level: str, groups: list,
            budget: Budget) -> Found | None:
    """For a kind whose grader proves one solution when it finishes (its PROVES_UNIQUE, on gridlogic/ladder.py),
    Tatham's way: clues go while the grader capped at the level still solves (generate/deduce.py: no SAT per
    removal); the result is kept when its rating is exactly `level` and it has one solution: below the top
    level the rating's grade finished, which proves it; at the top (a grade that may have been left stuck)
    SAT, asked once, agrees."""
    kept = deduce.reduce(grader, candidate, level, groups, budget)
    if kept is None or (candidate.most is not None and len(kept) > candidate.most):
        return None
    if _too_easy(grader, candidate, level, kept):
        return None
    puzzle = candidate.write(kept)
    rating = walks.rate(kind, puzzle, budget=budget)
    _check(rating, budget)
    if rating.level != level or (level == LEVELS[-1] and not _uniqueness(kind, candidate, budget)(kept)):
        return None
    return Found(puzzle, rating)


def _too_easy(grader: ModuleType, candidate: Candidate, level: str, kept: set) -> bool:
    """True when the maker's own answer (`Candidate.settles`) says the ladder capped at the level below
    `level` works out every clue removed, so solves the puzzle: its rating would be below `level` (a grade one
    step at a time reaches the same board as one in batches, each technique being monotone), and the attempt
    ends without it."""
    at = LEVELS.index(level)
    if candidate.settles is None or at == 0:
        return False
    removed = tuple(clue for clue in candidate.clues if clue not in kept)
    return candidate.settles(set(kept), removed, dict(grader.LEVELS)[LEVELS[at - 1]]) is True


def _check(rating: walks.Rating, budget: Budget) -> None:
    """Raise BudgetExceeded when a rating stopped because the budget ran out."""
    if rating.stopped == "budget":
        raise BudgetExceeded()


def _restore(kind: ModuleType, candidate: Candidate, level: str, groups: list, unique: Callable[[set], bool],
             budget: Budget) -> Found | None:
    """For a walk-rated kind below the top level, or a graded one at RESTORE_GRADED (not minimal): remove
    while one solution stays
    (SAT only), then give back the removed orbits, in a seeded order, as few as leave the puzzle no
    harder than `level` (a binary search over how many, as giving clues back makes a solve no harder),
    and keep it when its rating is exactly `level`. A capped solve per probe, about log2(orbits), where
    the capped removal above walks once per orbit (far faster: docs/benchmarks.md, "Generating");
    a probe the candidate's cheap logic settles (`solves`) takes none.
    At easy a capped walk that finishes is always easy, so the first attempt succeeds."""
    kept, removed, _ = removal.remove_while_unique(set(candidate.clues), groups, unique)
    ratings: dict[int, walks.Rating] = {}

    def clues(back: int) -> set:
        return kept.union(*removed[:back]) if back else kept

    def rated(back: int) -> walks.Rating:
        if back not in ratings:
            ratings[back] = walks.rate(kind, candidate.write(clues(back)), cap=level, budget=budget)
            _check(ratings[back], budget)
        return ratings[back]

    def solved(back: int) -> bool:
        quick = candidate.solves(clues(back), level) if candidate.solves is not None else None
        return rated(back).level is not None if quick is None else quick

    low, high = 0, len(removed)               # the fewest orbits given back that a capped solve finishes
    if candidate.most is not None:            # (no more than `most` clues in all)
        high, total = 0, len(kept)
        while high < len(removed) and total + len(removed[high]) <= candidate.most:
            total += len(removed[high])
            high += 1
    while low < high:
        middle = (low + high) // 2
        if not solved(middle):
            low = middle + 1
        else:
            high = middle
    rating = rated(low)
    if rating.level != level:
        return None
    return Found(candidate.write(clues(low)), rating)
