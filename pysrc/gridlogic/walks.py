"""A walk: a whole solve step by step, each step the easiest after the ones before it, with its reason.

A *cell fact* (r, c, v) is what a shown variable's value stands for (the kind's `fact_of`). A *step*
is a cell fact forced now: a value placed, or, when no value is forced, a candidate eliminated (a
variable whose true value is a fact, forced false: sudoku's ("digit", r, c, d)). Its *reason* is a
minimal set of clues (givens, sums, line clues, variant rules, the user's entries, earlier steps)
that with the grid's rules leaves no solution without the step: the solver's core under "clues +
not the step", shrunk by deletion. Reasons are what people call the difficulty of a deduction, so
the easiest step is the one with the fewest clues (then the first by position). Cores of every
forced fact are cheap (one call each); shrinking is not, so only the `SHRINK` smallest are shrunk.

A walk asked of a new solver (`walk`'s `new`: ratings, the generator, hints without a named engine)
takes first cores as reasons, so every engine and build gives the same walk; reasons.py says how.

A step adds no solution and removes none: the forced facts stay forced after it, so a whole solve
(`walk`) finds them once and then only asks for reasons, each step held as a new given. A kind that
can say what one clue forces with the cells known on it (the formula's `clue_steps`: a nonogram's line
solver) has those steps taken first, the fewest clues first, each with a minimal set of those cells
and checked by one SAT call; cores are asked only when no clue alone forces anything. Whole nonogram
paths (bench/bench_explain_path.py: webpbn #6, 20×20, and #6574, 25×25, where line solving fixes 52 of
its cells) are an order of magnitude faster this way than asking cores at every step
(docs/benchmarks.md). Every other kind's clues are asked alone through their own clauses (localclues.py:
"the 0 at r3c4: its four cells are unshaded"), each such step shrunk to its first core on the whole
formula (the grid's rules may need fewer of its cells, or none). A walk keeps every model it finds
(`Asking.keep_models`), so a check that one of them answers costs no SAT call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType

from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.cnf.clues import Clue
from gridlogic.cnf.formula import Formula
from gridlogic.conflicts import Conflict, conflict_of
from gridlogic.explain import check_explainable, known_cells
from gridlogic.contract import layout_of, optional
from gridlogic.lattice import cells_beside
from gridlogic.localclues import local_clues
from gridlogic.layout.play import plays_on_lattice
from gridlogic.ratings import LEVEL_NAMES, difficulty, graded, grader_of, level
from gridlogic.reasons import (SHRINK_BETWEEN, Cell, ClueSteps, Fact, FirstReasons, Reasons,
                               first_cores_slow)
from gridlogic.session import Session, sat_engine
from gridlogic.step import Step, held

RATING_ENGINE = "cadical195"  # the engine of every rating (a hint path, the generator), asked of a new solver
                              # (see `walk`'s `new`: any engine walks the same there; this one can be stopped
                              # between pieces on CPython and in Pyodide alike)



@dataclass(frozen=True)
class Walk:
    """Steps from a puzzle on: the puzzle's status (unique, multiple, none; unknown when the budget ran
    out before it was known), the steps, the conflict when there is no solution, and `stopped`."""

    status: str
    steps: tuple[Step, ...] = ()
    conflict: Conflict | None = None
    stopped: str | None = None
    open_cells: int = 0                   # cells not placed when the walk began


def walk(kind: ModuleType, puzzle, entries: Iterable[Fact] = (), *, most: int | None = None,
         engine: str | None = None, budget: Budget = UNLIMITED, cap: str | None = None, new: bool = False) -> Walk:
    """Up to `most` steps (all when None) from the puzzle with the user's `entries` held as clues, each
    the easiest step after the ones before it (one clue's first, see the module docstring); a spent
    budget keeps the steps found so far. With `cap` (a level of ratings.RATINGS) the walk is a solver capped at
    that level: it stops (`stopped` "cap") at the first step whose level is above it, so it finishes
    exactly when the whole walk's rating is at most `cap`. With `new` it asks a solver that has learnt
    nothing yet, so its steps depend on the puzzle and the engine alone (see `rate`)."""
    return walk_session(Session(kind, puzzle, entries, engine=engine, budget=budget, exact=True), most=most,
                        cap=cap, new=new)


def walk_session(session: Session, *, most: int | None = None, engine: str | None = None, cap: str | None = None,
                 new: bool = False) -> Walk:
    """`walk` from the session's puzzle and entries, on its exact formula, asking `engine` (default: the
    session's). The walk holds its steps in that formula as givens: it is the last question a session
    answers."""
    check_explainable(session.kind, "hint", "kind")
    walker = _Walker(session, sat_engine(engine or session.engine, session.budget, session.kind))
    walker.cap, walker.new = cap, new
    try:
        walker.run(most)
    except BudgetExceeded:
        walker.stopped = "budget"
    return Walk(walker.status, tuple(walker.steps), walker.conflict, walker.stopped, walker.open_cells)


class _Walker:
    """What a walk has found so far (kept when the budget runs out midway)."""

    def __init__(self, session: Session, engine: str) -> None:
        self.session = session
        self.kind, self.puzzle, self.engine, self.budget = session.kind, session.puzzle, engine, session.budget
        self.status = "unknown"
        self.steps: list[Step] = []
        self.conflict: Conflict | None = None
        self.stopped: str | None = None
        self.open_cells = 0
        self.cap: str | None = None
        self.new = False

    def run(self, most: int | None) -> None:
        """Find the status, then steps until `most` (placements first, eliminations when none is left)."""
        from gridlogic.backends import sat

        kind, puzzle = self.kind, self.puzzle
        verdict = optional(kind, "verdict")
        if verdict is not None:         # kept by the kind, whose formula may then lean on it (the puzzle's, whatever
            verdict(puzzle, self.session.sat_engine(), self.budget)     # the entries: they are checked apart)
        formula = self.session.formula(exact=True)
        placed, eliminated = self.session.meanings(exact=True)
        open_cells = {fact[:2] for fact in placed.values()} - known_cells(formula, placed)
        self.open_cells = len(open_cells)
        beside = _cells_beside(kind, puzzle)
        above = LEVEL_NAMES.index(self.cap) if self.cap is not None else None
        with sat.questions(formula, self.engine, self.budget, new=self.new) as ask:
            ask.keep_models([abs(x) for x in formula.assumptions] + [abs(x) for x in placed])
            lines = _clue_steps(ask, formula, placed)
            reasoning = FirstReasons if self.new and not first_cores_slow(kind, puzzle) else Reasons
            reasons = (reasoning(ask, formula, kind, puzzle, open_cells, self.budget)
                       if lines is None or formula.clue_steps is None else
                       reasoning(ask, formula, kind, puzzle, open_cells, self.budget, SHRINK_BETWEEN, 0))
            forced = ask.backbone(list(formula.assumptions), [x for x, f in placed.items() if f[:2] in open_cells])
            if forced is None:
                self.status = "none"
                self.conflict = conflict_of(ask, formula) or Conflict(())
                self.stopped = self.conflict.stopped
                return
            self.status = "unique" if len({placed[x][:2] for x in forced}) == len(open_cells) else "multiple"
            if self.new:                # (speed only; a shared solver keeps its own phases) models near the
                ask.prefer(forced)      # solution are joined: few lazy cut rounds
            for meaning in (placed, eliminated):
                if meaning is eliminated and (most is None or len(self.steps) < most):
                    still_open = open_cells - {(s.r, s.c) for s in self.steps}
                    assumed = set(formula.assumptions)
                    forced = ask.backbone(list(formula.assumptions), [x for x, f in eliminated.items()
                                                                      if f[:2] in still_open and x not in assumed])
                while forced and (most is None or len(self.steps) < most):
                    lit, step = self._easiest(forced, meaning, meaning is eliminated, lines, reasons,
                                              formula.clue_steps is None)
                    r, c, v = step.r, step.c, step.value
                    self.steps.append(step)
                    if above is not None and LEVEL_NAMES.index(level(kind, puzzle, step)) > above:
                        self.stopped = "cap"
                        return
                    forced.remove(lit)
                    _hold(formula, lit, step, beside)
                    reasons.stepped((r, c))
                    if lines is not None and meaning is placed:
                        lines.stepped(formula, (r, c, v))

    def _easiest(self, forced: list[int], meaning: dict[int, Fact], gone: bool, lines: ClueSteps | None,
                 reasons: Reasons, guarded: bool) -> tuple[int, Step]:
        """The next step: one clue's alone when `lines` has one (placements only), else the search's. With
        `guarded` (clues asked through their own clauses, localclues.py), the search's first while the rules
        alone force a literal (no clue at all is easier than one), and a clue's step above easy (its
        reason holds the clue's known cells, and a clue of many cells may need many) is set against the
        search's, and the lower level wins, then the fewer clues (then the clue's): a step from one clue
        is taken first only while it is easy, or none the search finds is easier."""
        found = (lines.easiest(forced) if lines is not None and not gone and not (guarded and lines.by_rules(forced))
                 else None)
        if found is None:
            return self._step(meaning, gone, *reasons.easiest(forced, meaning))
        local = self._step(meaning, gone, *found)
        kind, puzzle = self.kind, self.puzzle
        if not guarded or level(kind, puzzle, local[1]) == LEVEL_NAMES[0]:
            return local
        searched = self._step(meaning, gone, *reasons.easiest(forced, meaning))
        return min(local, searched, key=lambda pair: (LEVEL_NAMES.index(level(kind, puzzle, pair[1])), len(pair[1].clues)))

    def _step(self, meaning: dict[int, Fact], gone: bool, lit: int, clues: tuple[Clue, ...]) -> tuple[int, Step]:
        """The step a forced literal and its reason make, named in the kind's words."""
        kind, puzzle = self.kind, self.puzzle
        r, c, v = meaning[lit]
        namer, sayer = optional(kind, "name_step"), optional(kind, "say_fact")
        words = optional(kind, "VALUE_WORDS") or {}
        rule = namer(puzzle, (r, c, v, gone), [clue.key for clue in clues]) if namer else None
        said = sayer(puzzle, (r, c, v, gone)) if sayer else None
        return lit, Step(r, c, v, gone, clues, rule, words[v][0] if v in words else None, said=said)


def _clue_steps(ask, formula: Formula, placed: dict[int, Fact]) -> ClueSteps | None:
    """The steps one clue gives alone: by the kind's own `clue_steps` when it has them, else by each clue's
    own clauses (localclues.py); None when no clue can be asked alone."""
    if formula.clue_steps is not None:
        return ClueSteps(ask, formula, placed)
    local = local_clues(formula, placed)
    return None if local is None else ClueSteps(ask, formula, placed, local.steps, local.on(), minimal=True)


def _hold(formula: Formula, lit: int, step: Step, beside: Callable[[Cell], list[Cell]] | None) -> None:
    """Hold a step as a given from now on: ("placed", r, c, v) or ("eliminated", r, c, v); its cells are
    the step's own, or for a kind whose facts are points of the lattice (`beside`), the cells beside it."""
    key, label = held((step.r, step.c, step.value), step.eliminated, step.word, step.said)
    formula.given(formula.named(lit), key, beside((step.r, step.c)) if beside else [(step.r, step.c)], label)


def _cells_beside(kind: ModuleType, puzzle) -> Callable[[Cell], list[Cell]] | None:
    """For a kind played on the lattice alone (its facts are points), the cells beside a point."""
    if not plays_on_lattice(layout_of(kind)):
        return None
    state = kind.to_state(puzzle)
    return lambda point: cells_beside(point, state["rows"], state["cols"])



@dataclass(frozen=True)
class Rating:
    """A puzzle's level (None when a capped solver did not finish, or the budget ran out first) and its
    difficulty as a hint path gives it (None unless the level is known)."""

    level: str | None
    difficulty: dict | None = None
    stopped: str | None = None


def rate(kind: ModuleType, puzzle, *, cap: str | None = None, budget: Budget = UNLIMITED) -> Rating:
    """Rate a puzzle with a unique solution as the hint path does (RATING_ENGINE, a new solver): by the
    kind's grader when it has one, else by the walk. With `cap` a solver capped at that level: the level
    is None (`stopped` "cap") when the puzzle needs a harder step than `cap` allows. A ladder grader whose
    techniques find the same steps untold (its UNTOLD_ALIKE) grades without telling them."""
    grader = grader_of(kind, puzzle)
    if grader is not None:
        limit = dict(grader.LEVELS)[cap] if cap is not None else None
        quiet = {"told": False} if getattr(grader, "UNTOLD_ALIKE", False) else {}
        grade = grader.grade(puzzle, cap=limit, budget=budget, **quiet)
        if grade.stopped == "budget":
            return Rating(None, stopped="budget")
        if not grade.solved and cap is not None:
            return Rating(None, stopped="cap")
        return Rating(grade.level, graded(grader, grade))
    found = walk(kind, puzzle, engine=RATING_ENGINE, budget=budget, cap=cap, new=True)
    if found.stopped or found.status != "unique":
        return Rating(None, stopped=found.stopped)
    rated = difficulty(kind, puzzle, found.steps, budget)
    return Rating(rated["rating"], rated)
