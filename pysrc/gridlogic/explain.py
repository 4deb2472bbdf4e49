"""Why: the cells every solution shares, the values each cell can take, why a puzzle has no solution,
the next step and its reason, and a whole solve step by step. (solver.py says how many solutions there
are; this module says why; entries.py which of the user's entries cannot be right. CNF kinds only,
through the SAT backend, each question asked of a request's session: gridlogic/session.py.)

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

import itertools
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.errors import RequestError
from gridlogic.cnf.formula import Clue, Formula, Model
from gridlogic.contract import is_cnf, layout_of, optional
from gridlogic.lattice import cells_beside
from gridlogic.localclues import local_clues
from gridlogic.play import plays_on_lattice
from gridlogic.reasons import (SHRINK_BETWEEN, Cell, ClueSteps, Fact, FirstReasons, Reasons, clue_distance,
                               first_cores_slow)
from gridlogic.session import Session, encode_within, sat_engine
from gridlogic.step import Step, held, listed, names_of

RULES_MS = 500              # effort for each proper subset of the rules while looking for a conflict
NEAR_MS = 500               # time spent looking for a smaller core, clues ordered around each clue in turn
CHECK_MS = 250              # effort for each deletion check while shrinking a conflict (then 4x, 16x, ...
SETTLE_MS = 2000            # ... for the checks left open, asked of a new solver for at most this long)

# Levels of a step, and the rating of a whole solve (its hardest step's level): a step that needs one unit
# (see is_easy) is easy however many clues it names (a nonogram line); any other is the first level whose
# limit its reason keeps to. 8 is a sudoku single's reason (its cell's other digits), the norvig "easy"
# puzzles need at most 8-11, the "top95" and "hardest" ones 15-23.
RATINGS = (("easy", 8), ("medium", 12), ("hard", 18), ("fiendish", None))

WANTS = {"facts": "list the cells every solution shares", "candidates": "list the values each cell can take",
         "explain": "say why there is no solution",
         "hint": "give a hint with its reason", "progress": "check entries",
         "entries": "hold entries apart from the puzzle"}


def check_explainable(kind: ModuleType, what: str, field: str | None = None) -> None:
    """Refuse an explanation (`what`, a key of WANTS) for a kind that cannot give it; the error names
    `field` (default: `what`, the request field that asked)."""
    if not is_cnf(kind) or (what != "explain" and optional(kind, "fact_of") is None):
        raise RequestError(f"{kind.TITLE} cannot {WANTS[what]} (only kinds solved through SAT can)",
                           field=field or what)


# -- certain cells and why there is no solution ---------------------------------------------------

def facts(session: Session) -> list[Fact] | None:
    """The cells (r, c, value) that are the same in every solution of the session's puzzle (that agrees
    with the user's entries), sorted; None when there is none."""
    from gridlogic.backends import sat

    check_explainable(session.kind, "facts")
    eng = session.sat_engine()
    verdict = optional(session.kind, "verdict")
    if verdict is not None and not session.entries:
        verdict(session.puzzle, eng, session.budget)      # kept by the kind: the formula may then be steered by it
    formula = session.formula()
    placed, _ = session.meanings()
    certain = _of_sole_solution(session, formula, placed)
    if certain is None:
        certain = sat.backbone(formula, eng, session.budget, candidates=list(placed))
    return None if certain is None else sorted({placed[lit] for lit in certain})


def _of_sole_solution(session: Session, formula: Formula, placed: dict[int, Fact]) -> list[int] | None:
    """The literals of `placed` that hold in the puzzle's one solution, when no entries are held and the
    kind's own verdict (gridlogic/contract.py: `verdict`) says it has one: every fact of it is then certain, read
    from one model of a formula encoded after the verdict (whose kind may steer it to that solution: `facts`
    asks the verdict before the session's formula is built, so that one serves). None
    otherwise (the backbone then decides)."""
    from gridlogic.backends import sat

    verdict = optional(session.kind, "verdict")
    if verdict is None or session.entries:
        return None
    found = verdict(session.puzzle, session.sat_engine(), session.budget)
    if found is None or len(found) != 1:
        return None
    own = formula if formula.phases else encode_within(session.kind, session.puzzle, session.budget)
    with sat.questions(own, session.sat_engine(), session.budget, new=True) as ask:
        model = ask.model(list(own.assumptions))
    if model is None:
        return None
    truth = Model(own, (v for v in model if v > 0))
    return [lit for lit in placed if truth[formula.key_of(abs(lit))] == (lit > 0)]


def candidates(session: Session) -> list[tuple[int, int, list[int]]] | None:
    """Every value each open cell (one that no given or entry places) takes in some solution of the
    session's puzzle that agrees with the user's entries: (r, c, values) in reading order, values as
    `fact_of` gives them; None when there is no solution. When the budget runs out, BudgetExceeded
    carries in `kept` the same list with the values not yet settled left in (no value is ruled out that
    a solution has), or nothing when no solution was found yet."""
    from gridlogic.backends import sat

    check_explainable(session.kind, "candidates")
    eng = session.sat_engine()
    formula = session.formula()
    placed, _ = session.meanings()
    known = _known_cells(formula, placed)
    pool = [lit for lit, fact in placed.items() if fact[:2] not in known]
    try:
        with sat.questions(formula, eng, session.budget, new=True) as ask:  # (phases are set: not on a shared solver)
            possible = ask.possible(list(formula.assumptions), pool)
    except BudgetExceeded as stop:
        raise BudgetExceeded(stop.found, _by_cell(placed, stop.kept) if stop.found else ()) from None
    return None if possible is None else _by_cell(placed, possible)


def _by_cell(placed: dict[int, Fact], lits: Iterable[int]) -> list[tuple[int, int, list[int]]]:
    """Cell facts grouped by cell: (r, c, sorted values) in reading order."""
    cells: dict[Cell, set[int]] = {}
    for lit in lits:
        r, c, v = placed[lit]
        cells.setdefault((r, c), set()).add(v)
    return [(r, c, sorted(values)) for (r, c), values in sorted(cells.items())]


def explain(session: Session) -> Conflict | None:
    """A set of the clues of the session's puzzle and the user's entries that cannot all hold (no clues
    when its rules alone fail), minimal unless it says otherwise; None when the puzzle has a solution.
    Asked of the session's exact formula."""
    from gridlogic.backends import sat

    check_explainable(session.kind, "explain")
    eng = session.sat_engine()
    formula = session.formula(exact=True)
    with sat.questions(formula, eng, session.budget) as ask:
        return conflict_of(ask, formula)


@dataclass(frozen=True)
class Conflict:
    """Clues that cannot all hold, and whether dropping any one of them was shown to leave a solution."""

    clues: tuple[Clue, ...]
    minimal: bool = True
    stopped: str | None = None            # "budget" when the time ran out before the set was shrunk

    def to_json(self) -> dict:
        """The conflict as the API sends it: `conflict` (the cells), `conflict_clues`, `because` (a
        sentence) and `conflict_minimal` (false when dropping some clue was not shown to leave a solution)."""
        clues = list(self.clues)
        cells = sorted({cell for clue in clues for cell in clue.cells})
        return {"conflict": [list(cell) for cell in cells],
                "conflict_clues": [{"key": _json_key(clue.key), "label": clue.label,
                                    "cells": [list(cell) for cell in clue.cells]} for clue in clues],
                "because": because(clues), "conflict_minimal": self.minimal}


def conflict_of(ask, formula: Formula) -> Conflict | None:
    """A set of the formula's clues that cannot all hold, small when one can be found quickly; None when
    they have a solution.

    The rules (clues without cells) come first: each proper subset of them is asked with the other
    clues, the fewest rules first, within RULES_MS (one rule alone often conflicts with the givens, and
    is far easier for the solver than all of them), then all of them. The solver's core depends on the
    order of the clues it is given, so for each subset of the fewest rules that conflicts, the same
    clues are asked again nearest first around each clue in turn (see `_nearest_core`), and the smallest
    core found is shrunk by deletion (see `Questions.shrink_within`, each check given CHECK_MS at
    least); checks left open are asked again of a new solver (see `_settle`) while SETTLE_MS lasts. A
    member whose check is still open is kept: the set is sound (no solution) but not proven minimal. When the budget
    runs out after a core was found, the smallest set so far is answered, not proven minimal. Which of
    several sets comes out depends on the engine and on what its solver was asked before; the clues are
    listed in the formula's order."""
    by_selector = {clue.selector: clue for clue in formula.clues.values()}
    hard = [x for x in formula.assumptions if x not in by_selector]
    rules = [x for x, clue in by_selector.items() if not clue.cells]
    placed = [x for x, clue in by_selector.items() if clue.cells]
    found = _first_cores(ask, hard, rules, placed)
    if not found:
        return None
    smallest = min((core for _, core in found), key=len)
    try:
        for head, core in found:
            core = _nearest_core(ask, hard, head, placed, by_selector, core, NEAR_MS / len(found))
            smallest = min(smallest, core, key=len)
        core, left_open = ask.shrink_within(hard, smallest, CHECK_MS)
        if left_open:
            core, left_open = _settle(ask, formula, hard, core, left_open)
        minimal, stopped = not left_open, None
    except BudgetExceeded as stop:
        core, minimal, stopped = list(stop.kept) or smallest, False, "budget"
    kept = set(core)
    return Conflict(tuple(clue for x, clue in by_selector.items() if x in kept), minimal, stopped)


def _settle(ask, formula: Formula, hard: list[int], core: list[int],
            left_open: list[int]) -> tuple[list[int], list[int]]:
    """Ask the deletion checks of `core` left open again, of a new solver (the one asked so far may have
    learnt its way into a corner: MiniSat left one open for many seconds that a new solver settles at once),
    each with 4 times the time of the last round, while SETTLE_MS lasts: `core` shrunk further
    and the checks still open. When the budget runs out, BudgetExceeded carries the set so far."""
    from gridlogic.backends import sat

    share = ask.budget.within(SETTLE_MS)
    effort = CHECK_MS
    try:
        with sat.questions(formula, ask.engine, share, new=True) as again:
            while left_open:
                effort = min(effort * 4, share.remaining_ms() or 0)
                core, left_open = again.shrink_within(hard, core, effort, among=left_open)
    except BudgetExceeded as stop:
        core = list(stop.kept) or core
        if ask.budget.is_expired():
            raise BudgetExceeded(kept=core) from None
    return core, [x for x in left_open if x in core]


def _first_cores(ask, hard: list[int], rules: list[int], placed: list[int]) -> list[tuple[list[int], list[int]]]:
    """The subsets of `rules` with the fewest members that cannot hold with the `placed` clues (a proper
    subset asked within RULES_MS, all of them within the budget), each with the solver's core; empty
    when every subset can. When the budget runs out, those found so far (BudgetExceeded if none)."""
    for size in range(len(rules) + 1):
        found = []
        for subset in itertools.combinations(rules, size):
            try:
                core = ask.core(hard, list(subset) + placed, RULES_MS if size < len(rules) else None)
            except BudgetExceeded:
                if not ask.budget.is_expired():
                    continue
                if found:
                    return found
                raise
            if core is not None:
                found.append((list(subset), core))
        if found:
            return found
    return []


def _nearest_core(ask, hard: list[int], head: list[int], placed: list[int], clues: dict[int, Clue],
                  core: list[int], ms: float) -> list[int]:
    """The smallest of `core` (of `head + placed`) and the solver's cores of `head` and the `placed`
    clues ordered nearest first (see `clue_distance`) around each placed clue in turn, those of `core`
    first, while `ms` lasts or until the budget runs out; each asked within CHECK_MS. (A core takes the
    clues met first, and a conflict is usually local: the givens and the rule it needs lie close.)"""
    distance = {x: clue_distance(clues[x]) for x in placed}
    inside = set(core)
    anchors = [x for x in core if x in distance] + [x for x in placed if x not in inside]
    start = time.monotonic()
    for anchor in anchors:
        if time.monotonic() - start >= ms / 1000:
            break
        cell = clues[anchor].cells[0]
        try:
            found = ask.core(hard, head + sorted(placed, key=lambda x: distance[x](cell)), CHECK_MS)
        except BudgetExceeded:
            if ask.budget.is_expired():
                break
            continue
        if found is not None and len(found) < len(core):
            core = found
    return core


def because(clues: list[Clue]) -> str:
    """One sentence naming the clues of a conflict."""
    names = names_of(clues)
    if not names:
        return "The grid's rules cannot hold whatever the clues say."
    if len(names) == 1:
        return f"This clue cannot hold: {names[0]}."
    return f"These {len(names)} clues cannot all hold: {listed(names)}."


# -- steps ------------------------------------------------------------------------------------------

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
    budget keeps the steps found so far. With `cap` (a level of RATINGS) the walk is a solver capped at
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
        formula = self.session.formula(exact=True)
        placed, eliminated = self.session.meanings(exact=True)
        open_cells = {fact[:2] for fact in placed.values()} - _known_cells(formula, placed)
        self.open_cells = len(open_cells)
        beside = _cells_beside(kind, puzzle)
        above = _LEVELS.index(self.cap) if self.cap is not None else None
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
                    if above is not None and _LEVELS.index(level(kind, puzzle, step)) > above:
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
        if not guarded or level(kind, puzzle, local[1]) == _LEVELS[0]:
            return local
        searched = self._step(meaning, gone, *reasons.easiest(forced, meaning))
        return min(local, searched, key=lambda pair: (_LEVELS.index(level(kind, puzzle, pair[1])), len(pair[1].clues)))

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


def _known_cells(formula: Formula, placed: dict[int, Fact]) -> set[Cell]:
    """The cells a given already places (a given digit, an entry, an earlier step)."""
    return {placed[x][:2] for x in formula.assumptions if x in placed}


# -- difficulty ---------------------------------------------------------------------------------------

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


_LEVELS = tuple(name for name, _ in RATINGS)
RATING_ENGINE = "cadical195"  # the engine of every rating (a hint path, the generator), asked of a new solver
                              # (see `walk`'s `new`: any engine walks the same there; this one can be stopped
                              # between pieces on CPython and in Pyodide alike)


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
    return (_LEVELS.index(difficulty["rating"]), difficulty["score"], difficulty["hardest_steps"])


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


def _json_key(key: Any) -> Any:
    """A clue key as JSON: tuples become lists, anything but str, int, bool and None a string."""
    if isinstance(key, tuple):
        return [_json_key(part) for part in key]
    return key if key is None or isinstance(key, (str, int, bool)) else str(key)
