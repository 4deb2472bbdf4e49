"""SAT backend (python-sat): solve, enumerate with blocking clauses, count up to a limit.

A second solution is always looked for, which decides unique vs multiple. Blocking clauses are
over the formula's shown variables only, so auxiliary variables never inflate a count.

When a formula is a cached base plus assumptions (sudoku givens), one solver per base is kept
and reused: blocking clauses are then guarded by a fresh selector literal that is assumed during
this enumeration and switched off for good afterwards, so nothing leaks into the next puzzle. A
formula that adds clauses to a cached base (a variant sudoku's constraints) is solved on a second
solver kept for that base: its clauses are added as they are, each ending in its clue's selector,
and those selectors are set false for good afterwards (formula.py says how the numbers are kept
apart), so a request costs its own clauses rather than the whole base's.
`bench/engines.py` measured the engines on the corpus; the default is the fastest there
(docs/benchmarks.md).

Budgets: with a deadline, each SAT call runs in pieces limited by conflicts (`conf_budget`) and,
where the engine can, propagations (`prop_budget`), through `solve_limited`; pieces grow while
they stay short and the budget is checked between them. Measured which engines honour the
limits: on CPython MiniSat, MiniCard, MapleChrono and CaDiCaL. Lingeling has no limited solve, and
Glucose 4 reads its limits only between its own restarts (in `Solver::solve_`, never inside
`search`), which its dynamic restarts can put 100,000 conflicts apart: asked for 100 conflicts on
a 10×10 puzlogic lattice of 100 pieces, it ran 100,000 in one call. Neither is offered under a
budget. In Pyodide's wasm build only CaDiCaL holds, since the others read the 64-bit budget through
a 32-bit `long` and so run unbounded. Pyodide therefore defaults to CaDiCaL (as fast as MiniSat on
the examples there), and `solver.solve` refuses an engine that cannot be bounded when a budget is set.

CaDiCaL runs without inprocessing (`CADICAL_OPTIONS`). Its rounds of variable elimination, probing
and subsumption run between two conflicts, in time that grows with the formula and with the search
before them, and neither limit ends a round: on Faase (860k clauses), an empty 25×25 sudoku and
Knotty one round ran for seconds inside a single small piece. Without them the longest pieces left
are clause-database reductions, far shorter, and every band of bench/engines.py took the same time
without them, within noise (docs/benchmarks.md has the figures). Nor does it backtrack chronologically (`chrono`): so, cut
into pieces of 100, 200, 400... conflicts, it never settled a question on a 10×10 kakuro (certain
cells), even at 100,000 conflicts, that one unlimited call settled in 1,243; without it, in 100.
bench/engines.py's bands took the same time both ways, and generated puzzles are the same.

Explanations use assumptions (and temporary clauses under a selector, like blocking clauses), so
they run on the cached solvers too. `questions` holds one solver for a series of them (a hint path
asks hundreds): `backbone` (the literals true in every model: one model, then the remaining
candidates in chunks, each asked "can one of these be false?"; a model found drops every candidate
it contradicts), `possible` (the candidates true in some model, the backbone's dual: each call asks
"is one of the unseen true?"), `core` (which clue selectors an unsatisfiable call needed) and `shrink`
(deletion until dropping any member leaves a model; `shrink_within` bounds each deletion check and
keeps the members whose checks it leaves open); `first_core` (the minimal subset that keeps to the
front of an order: what yes/no answers decide, whichever cores the solver returns) and `first_end`
(where its shortest prefix ends); `minimal_core` is core then shrink, and
`minimal_conflict` that over every clue.

A rule too big to write out (binary's distinct lines on large grids) may be left to `formula.lazy`,
set by the kind's `encode`: given a Model (of the shown variables), the clauses of the rule that it breaks (lists of keys and
`Not(key)`; keys the formula lacks are new auxiliary variables), empty when it keeps the rule. Every
call that finds a model checks it (`BoundedCalls.solve`): clauses it breaks are added for good (they
follow from the rules, so they hold for every later question and puzzle on that solver) and the
call is made again, within the same budget. So no model that breaks the rule is counted, blocked or
used to drop a backbone candidate, and "no model" holds with the rule as without it. `formula.phases`
(keys or `Not(key)`, e.g. a solution of the empty grid) is what a new solver tries first: one call
under them completes them to a whole model, whose values become the solver's phases. A formula
without phases may carry `formula.guess`, a smaller Formula over some of the same keys (a nonogram
whose clues are symmetric: its picture forced to that symmetry): it is solved first, within
GUESS_CONFLICTS conflicts and the budget, in pieces sized by time like every call (fixed pieces of
2,000 conflicts each ran for seconds on the guess of a symmetric 80×80 nonogram), and its model's values on
the formula's shown keys are the phases. Guesses only steer the search: a guess with no model, or none
found in time, leaves none.
"""

from __future__ import annotations

import sys
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from operator import methodcaller

from pysat.solvers import Solver

from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.formula import GUARDS, Formula, Model, Not

ENGINES = ("minisat22", "cadical195", "glucose4", "minicard", "maplechrono", "lingeling")
IN_PYODIDE = sys.platform == "emscripten"
# Engines whose conflict budget holds here (measured; see the module docstring).
BOUNDED_ENGINES = ("cadical195",) if IN_PYODIDE else ("minisat22", "cadical195", "minicard", "maplechrono")
# MiniSat is the fastest overall in bench/engines.py (docs/benchmarks.md); in Pyodide only CaDiCaL can be bounded.
DEFAULT_ENGINE = "cadical195" if IN_PYODIDE else "minisat22"
# Engines that can also limit propagations (a piece with few conflicts can still run long).
PROPAGATION_ENGINES = tuple(e for e in BOUNDED_ENGINES if e != "cadical195")
FIRST_PIECE = 100              # conflicts in the first bounded piece of a SAT call
FIRST_PIECE_PROPAGATIONS = 20_000
_CLAUSES_PER_SLICE = 50_000    # clauses loaded between two budget checks
LONGEST_PIECE_S = 0.25         # pieces grow until one takes about this long
_CACHE_SIZE = 16             # solvers kept (a base has one for its puzzles, one for formulas adding to it)
POSITIVE = (0).__lt__            # filter() keeps the true literals of a model at C speed
RENEW_AFTER = 500              # selectors a cached solver takes before it is built again
SLOWER_CHECKS = 8              # a bounded deletion check may take this many times the longest settled one
KEPT_MODELS = 32               # models a Questions keeps to answer later satisfiable checks without a call
GUESS_CONFLICTS = 100_000      # a guess's conflicts at most (Knotty's: 5k-14k)
CADICAL_OPTIONS = {"inprocessing": 0, "chrono": 0}    # see the module docstring


class _Session:
    """A solver loaded with a base formula, plus the next free selector variable."""

    def __init__(self, engine: str, base: Formula, budget: Budget = UNLIMITED) -> None:
        self.base = base
        self.solver = new_solver(engine)
        try:
            load(self.solver, base.clauses, budget)
        except BudgetExceeded:
            self.solver.delete()
            raise
        self.next_selector = base.top + 1
        self.epoch = base.epoch                  # the round of the base's guards (for adding formulas)
        self.guessed = False                     # the formula's phases are set (see `_guess`)

    def fresh(self) -> int:
        """The next selector."""
        self.next_selector += 1
        return self.next_selector - 1

    def add(self, formula: Formula, selector: int) -> list[int]:
        """Add the formula's own clauses, to hold while `selector` and its clues' selectors are assumed;
        returns the variables to set false for good afterwards, which satisfy every one of them: its
        clues' selectors when each clause ends in the negation of one (as clue blocks make them), else
        `selector`, with which each clause is then extended."""
        clauses = formula.clauses[formula.base_size:]
        base = formula.base
        guards = {c.selector for c in formula.clues.values() if base.top < c.selector <= base.top + GUARDS}
        try:
            last = {clause[-1] for clause in clauses}
        except IndexError:                       # an empty clause: no selector in it
            last = {0}
        if all(-x in guards for x in last):
            self.solver.append_formula(clauses)
            return [selector, *sorted(guards)]
        off = -selector
        self.solver.append_formula([clause + [off] for clause in clauses])
        return [selector]


class SessionCache:
    """Solvers kept per cached base formula (least recently used dropped first): one for the formulas
    that only hold assumptions on it, one for those that add clauses."""

    def __init__(self, size: int = _CACHE_SIZE) -> None:
        self.size = size
        self._sessions: OrderedDict[tuple[int, str, bool], _Session] = OrderedDict()

    def get(self, engine: str, base: Formula, budget: Budget = UNLIMITED, adding: bool = False) -> _Session:
        """The session for (engine, base), created on first use (a half-loaded one is never kept), and
        created again after RENEW_AFTER selectors: each stays a variable of the solver, and every model
        read back lists them all. `adding`: the session that takes formulas' own clauses (their selectors
        are the base's guards, formula.py), created again when a new round of guards starts."""
        key = (id(base), engine, adding)
        session = self._sessions.pop(key, None)
        if session is not None and (session.epoch != base.epoch if adding
                                    else session.next_selector - base.top > RENEW_AFTER):
            session.solver.delete()
            session = None
        if session is None or session.base is not base:
            session = _Session(engine, base, budget)
        self._sessions[key] = session
        while len(self._sessions) > self.size:
            _, old = self._sessions.popitem(last=False)
            old.solver.delete()
        return session


SESSIONS = SessionCache()


class BoundedCalls:
    """SAT calls against a budget: pieces limited by conflicts (and propagations where the engine
    can limit them), the budget checked between pieces; pieces grow while they stay short."""

    def __init__(self, solver: Solver, engine: str, budget: Budget,
                 lazy: Callable[[list[int]], list[list[int]]] | None = None) -> None:
        self.solver = solver
        self.budget = budget
        self.bounded = budget.is_bounded and engine in BOUNDED_ENGINES
        self.by_propagations = engine in PROPAGATION_ENGINES
        self.scale = 1.0
        self.lazy = lazy

    def solve(self, assumptions: list[int]) -> bool:
        """The solver's verdict under `assumptions`, its model keeping the lazy rule (clauses of it the
        model broke are added and the call made again); BudgetExceeded when the deadline passes first."""
        while True:
            verdict = self._solve(assumptions)
            if not verdict or self.lazy is None:
                return verdict
            broken = self.lazy(self.solver.get_model())
            if not broken:
                return True
            self.solver.append_formula(broken)

    def _solve(self, assumptions: list[int]) -> bool:
        self.budget.check()
        if not self.bounded:
            with _interruptible():
                return self.solver.solve(assumptions=assumptions)
        return self.within(assumptions)

    def within(self, assumptions: list[int], most: int | None = None) -> bool | None:
        """The solver's verdict under `assumptions` from pieces (also without a deadline), or None once
        `most` conflicts are spent; BudgetExceeded when the deadline passes first."""
        spent = 0
        with _interruptible():
            while most is None or spent < most:
                self.budget.check()
                conflicts = max(1, int(FIRST_PIECE * self.scale))
                if most is not None:
                    conflicts = min(conflicts, most - spent)
                self.solver.conf_budget(conflicts)
                if self.by_propagations:
                    self.solver.prop_budget(max(1000, int(FIRST_PIECE_PROPAGATIONS * self.scale)))
                start = time.monotonic()
                verdict = self.solver.solve_limited(assumptions=assumptions)
                if verdict is not None:
                    return verdict
                spent += conflicts
                self._grow(time.monotonic() - start)
            return None

    def _grow(self, spent: float) -> None:
        """Double the next piece while pieces stay under LONGEST_PIECE_S and the time left."""
        left = self.budget.remaining_ms()
        aim = LONGEST_PIECE_S if left is None else min(LONGEST_PIECE_S, left / 1000)
        self.scale = max(0.05, min(self.scale * 2, self.scale * aim / max(spent, 1e-4)))


@contextmanager
def _interruptible() -> Iterator[None]:
    """SIGINT during a SAT call raises KeyboardInterrupt (pysat turns it into its own error)."""
    try:
        yield
    except Exception as exc:
        if "keyboard interrupt" in str(exc).lower():
            raise KeyboardInterrupt from None
        raise


def _lazy_rule(formula: Formula, fresh: Callable[[], int]) -> Callable[[list[int]], list[list[int]]] | None:
    """The formula's lazy rule (see the module docstring) on raw models, as integer clauses; keys the
    formula lacks get fresh variables, one per key in each batch. None when it has none."""
    check = formula.lazy
    if check is None:
        return None
    known = formula.pool.obj2id
    shown = _shown(formula)

    def broken(raw: list[int]) -> list[list[int]]:
        new: dict[Hashable, int] = {}

        def lit(x) -> int:
            key, sign = (x.key, -1) if isinstance(x, Not) else (x, 1)
            var = known.get(key) or new.get(key)
            if var is None:
                var = new[key] = fresh()
            return sign * var
        truth = set(raw)
        return [[lit(x) for x in clause] for clause in check(Model(formula, (v for v in shown if v in truth)))]
    return broken


def _guess(solver: Solver, formula: Formula, engine: str, budget: Budget) -> None:
    """Make the formula's phases (if any) the new solver's first guess, completed to a whole model by
    one call under them (when they have none, as they are)."""
    wanted = [formula.lit(x) for x in formula.phases
              if (x.key if isinstance(x, Not) else x) in formula.pool.obj2id]
    if not wanted:
        wanted = _guessed(formula, engine, budget)
    if not wanted:
        return
    if BoundedCalls(solver, engine, budget).solve(wanted):
        wanted = solver.get_model()
    try:
        solver.set_phases(wanted)
    except NotImplementedError:                  # (older CaDiCaL builds): the guess only loses speed
        pass


def _guessed(formula: Formula, engine: str, budget: Budget) -> list[int]:
    """The values of the formula's shown variables in a model of its `guess` (see the module docstring),
    found within GUESS_CONFLICTS conflicts; empty without a guess, a model or an engine that can stop."""
    guide = formula.guess
    if guide is None or engine not in BOUNDED_ENGINES:
        return []
    with new_solver(engine) as solver:
        load(solver, guide.clauses, budget)
        if not BoundedCalls(solver, engine, budget).within(list(guide.assumptions), GUESS_CONFLICTS):
            return []
        model = solver.get_model()
    ids = guide.pool.obj2id
    out = []
    for v in _shown(formula):
        g = ids.get(formula.key_of(v))
        if g is not None:
            out.append(v if model[g - 1] > 0 else -v)
    return out


def new_solver(engine: str) -> Solver:
    """An empty solver of `engine`, configured so that a piece of conflicts stays a piece of time."""
    solver = Solver(name=engine)
    if engine == "cadical195" and CADICAL_OPTIONS:
        solver.configure(CADICAL_OPTIONS)
    return solver


def load(solver: Solver, clauses: list[list[int]], budget: Budget = UNLIMITED) -> Solver:
    """Add `clauses` to `solver` in slices, checking the budget between them."""
    for i in range(0, len(clauses), _CLAUSES_PER_SLICE):
        budget.check()
        solver.append_formula(clauses[i:i + _CLAUSES_PER_SLICE])
    return solver


def enumerate_models(formula: Formula, limit: int, *, engine: str = DEFAULT_ENGINE,
                     keep: int | None = None, settle_limit: bool = False,
                     on_progress: Callable[[int, list[Model]], None] | None = None,
                     progress_every: float = 0.2,
                     budget: Budget = UNLIMITED) -> tuple[list[Model], int, bool]:
    """Find up to `limit` models: (the first `keep` models, how many were found, whether that is all).

    With `settle_limit`, a search that stops at the limit looks once more so that exactly
    `limit` solutions is reported as complete. When `budget` runs out first, BudgetExceeded
    carries the models found so far.
    """
    keep = limit if keep is None else keep
    with _solver_with(formula, engine, budget) as (solver, fresh, selector):
        assumptions = list(formula.assumptions) + [selector]
        calls = BoundedCalls(solver, engine, budget, _lazy_rule(formula, fresh))
        return _enumerate(formula, solver, calls, assumptions, selector, limit, keep, settle_limit, on_progress,
                          progress_every)


def _enumerate(formula: Formula, solver: Solver, calls: BoundedCalls, assumptions: list[int],
               selector: int, limit: int, keep: int, settle_limit: bool,
               on_progress: Callable[[int, list[Model]], None] | None,
               progress_every: float) -> tuple[list[Model], int, bool]:
    shown = _shown(formula)
    shown_is_set = len(shown) < formula.top
    shown_set = set(shown) if shown_is_set else range(1, formula.top + 1)
    models: list[Model] = []
    found = 0
    complete = False
    last = time.monotonic()
    try:
        while found < limit:
            if not calls.solve(assumptions):
                complete = True
                break
            raw = solver.get_model()             # raw[v - 1] is v or -v, for every variable of the solver
            found += 1
            true = list(filter(POSITIVE, raw[:formula.top]))
            if len(models) < keep:
                models.append(Model(formula, true))
            block = ([-v for v in shown_set.intersection(true)] if formula.fixed_weight and shown_is_set
                     else [-v for v in true] if formula.fixed_weight
                     else [-v if raw[v - 1] > 0 else v for v in shown])
            solver.add_clause(block + [-selector])
            if on_progress and time.monotonic() - last >= progress_every:
                on_progress(found, models)
                last = time.monotonic()
        if settle_limit and not complete:
            complete = not calls.solve(assumptions)
    except BudgetExceeded:
        raise BudgetExceeded(found, models) from None
    return models, found, complete


@contextmanager
def _solver_for(formula: Formula, engine: str, budget: Budget,
                new: bool = False) -> Iterator[tuple[Solver, Callable[[], int]]]:
    """A solver holding `formula`'s clauses, and where to take fresh variables for temporary clauses
    (see `_switch`): the cached solver of its base when nothing but assumptions was added (and not
    `new`), else a new one deleted on leaving."""
    if engine not in ENGINES:
        raise ValueError(f"unknown SAT engine {engine!r}")
    if formula.extends_base_only() and not new:
        session = SESSIONS.get(engine, formula.base, budget)
        if not session.guessed:
            _guess(session.solver, formula, engine, budget)
            session.guessed = True
        yield session.solver, session.fresh
        return
    solver = new_solver(engine)
    top = formula.top
    try:
        load(solver, formula.clauses, budget)
        _guess(solver, formula, engine, budget)

        def fresh() -> int:
            nonlocal top
            top += 1
            return top
        yield solver, fresh
    finally:
        solver.delete()


@contextmanager
def _solver_with(formula: Formula, engine: str, budget: Budget) -> Iterator[tuple[Solver, Callable[[], int], int]]:
    """A solver holding `formula`'s clauses while a selector is assumed, the selector, and where to take
    fresh variables. A formula that adds clauses to a cached base has them added, once, to the base's
    solver for adding (`_Session.add`), whose selectors are set false for good on leaving: every clause
    of it is then satisfied, so the next formula may reuse its variables' numbers (a clause learnt
    meanwhile from its clauses holds one of those selectors' negation too). Others as `_solver_for`."""
    if engine not in ENGINES:
        raise ValueError(f"unknown SAT engine {engine!r}")
    base = formula.base
    if base is not None and formula.lazy is None and not formula.retired and not formula.extends_base_only():
        selector, epoch = base.take_guard()
        session = SESSIONS.get(engine, base, budget, adding=True)
        if formula.guard_epoch in (None, epoch) and session.epoch == epoch:
            retired = [selector]
            formula.retired = True
            try:
                retired = session.add(formula, selector)
                if not session.guessed:
                    _guess(session.solver, formula, engine, budget)
                    session.guessed = True
                yield session.solver, lambda: base.take_guard()[0], selector
            finally:
                session.solver.append_formula([[-x] for x in retired])
            return
    with _solver_for(formula, engine, budget) as (solver, fresh), _switch(solver, fresh) as selector:
        yield solver, fresh, selector


@contextmanager
def _switch(solver: Solver, fresh: Callable[[], int]) -> Iterator[int]:
    """A fresh selector for temporary clauses: they carry its negation and hold while it is assumed;
    on leaving it is switched off for good, so nothing leaks into later questions to the solver."""
    selector = fresh()
    try:
        yield selector
    finally:
        solver.add_clause([-selector])


def _prefer(solver: Solver, lits: list[int]) -> None:
    """Ask the solver to try `lits` first (a model then tends to hold many of them)."""
    try:
        solver.set_phases(lits)
    except NotImplementedError:                  # (older CaDiCaL builds): only speed is lost
        pass


def _shown(formula: Formula) -> list[int]:
    return formula.shown or list(range(1, formula.top + 1))


class Questions:
    """Questions under assumptions to one loaded solver: is there a model, which literals hold in every
    model, which assumptions a conflict needs. (A clause added meanwhile is switched off afterwards.)"""

    def __init__(self, solver: Solver, engine: str, budget: Budget, fresh: Callable[[], int],
                 lazy: Callable[[list[int]], list[list[int]]] | None = None) -> None:
        self.solver = solver
        self.fresh = fresh
        self.engine, self.budget, self.lazy = engine, budget, lazy
        self.calls = BoundedCalls(solver, engine, budget, lazy)
        self.models: list[set[int]] = []          # the latest models found while shrinking

    def add(self, clauses: Iterable[list[int]]) -> None:
        """Clauses that hold from now on: a formula grown since its solver was loaded (its new variables
        are numbered past `fresh`'s: no temporary clause may be asked for afterwards)."""
        self.budget.check()
        for clause in clauses:
            self.solver.add_clause(clause)

    def model(self, assumptions: list[int]) -> set[int] | None:
        """The literals of a model under `assumptions`, or None when there is none."""
        return set(self.solver.get_model()) if self.calls.solve(assumptions) else None

    def _satisfiable(self, assumptions: list[int], ms: float | None = None) -> bool:
        """Whether `assumptions` have a model: a model kept from before answers without a call. With
        `ms`, the call gets at most that long (BudgetExceeded; `self.budget` tells which ran out)."""
        if any(map(methodcaller("issuperset", assumptions), self.models)):
            return True
        calls = self.calls if ms is None else BoundedCalls(self.solver, self.engine, self.budget.within(ms),
                                                           self.lazy)
        if not calls.solve(assumptions):
            return False
        self.models = [set(self.solver.get_model())] + self.models[:KEPT_MODELS - 1]
        return True

    def backbone(self, assumptions: list[int], candidates: Iterable[int] | None = None,
                 shown: list[int] | None = None) -> list[int] | None:
        """The candidate literals (default: the `shown` variables' values in a first model) true in
        every model under `assumptions`, sorted by variable; None when there is no model.

        Candidates are tested in chunks: one call under a temporary clause "some chunk member is false"
        settles the whole chunk when it has no model (all members certain; a unique solution takes one
        call), and otherwise drops every member the model found has false. Chunks double after a
        settled chunk and halve after a model."""
        truth = self.model(assumptions)
        if truth is None:
            return None
        if candidates is None:
            pending = [v if v in truth else -v for v in shown or ()]
        else:
            pending = [x for x in candidates if x in truth]
        certain: list[int] = []
        size = len(pending)
        while pending:
            chunk = pending[:size]
            with _switch(self.solver, self.fresh) as selector:      # (a model is read before it ends)
                self.solver.add_clause([-selector] + [-x for x in chunk])
                model = set(self.solver.get_model()) if self.calls.solve(assumptions + certain + [selector]) else None
            if model is not None:
                truth &= model
                pending = [x for x in pending if x in truth]
                size = max(1, size // 2)
            else:
                certain += chunk
                pending = pending[len(chunk):]
                size *= 2
        return sorted(certain, key=abs)

    def other(self, assumptions: list[int], model: set[int], shown: list[int]) -> set[int] | None:
        """A model under `assumptions` that differs from `model` on a `shown` variable, or None."""
        with _switch(self.solver, self.fresh) as selector:      # (a model is read before it ends)
            self.solver.add_clause([-selector] + [-v if v in model else v for v in shown])
            return set(self.solver.get_model()) if self.calls.solve(assumptions + [selector]) else None

    def prefer(self, lits: list[int]) -> None:
        """Have the solver try `lits` first in the calls to come (only the speed of a search changes)."""
        _prefer(self.solver, lits)

    def possible(self, assumptions: list[int], candidates: Iterable[int]) -> list[int] | None:
        """The candidate literals true in some model under `assumptions` (in their order); None when
        there is no model.

        One model, then while candidates are unseen, one call under a temporary clause "one of the
        unseen is true": a model marks every candidate it has true as seen, and no model rules all the
        unseen out at once. When the budget runs out, BudgetExceeded carries the candidates not ruled
        out (those seen and those still unseen) in `kept`, and `found` 1 once a model was seen (0:
        nothing is known)."""
        candidates = list(candidates)
        try:
            truth = self.model(assumptions)
        except BudgetExceeded:
            raise BudgetExceeded(0, candidates) from None
        if truth is None:
            return None
        seen = {x for x in candidates if x in truth}
        unseen = [x for x in candidates if x not in seen]
        try:
            while unseen:
                _prefer(self.solver, unseen)
                with _switch(self.solver, self.fresh) as selector:  # (a model is read before it ends)
                    self.solver.add_clause([-selector] + unseen)
                    model = set(self.solver.get_model()) if self.calls.solve(assumptions + [selector]) else None
                if model is None:
                    break
                seen.update(x for x in unseen if x in model)
                unseen = [x for x in unseen if x not in model]
        except BudgetExceeded:
            raise BudgetExceeded(1, [x for x in candidates if x in seen or x in unseen]) from None
        return [x for x in candidates if x in seen]

    def core(self, hard: list[int], soft: list[int], ms: float | None = None) -> list[int] | None:
        """The members of `soft` in the solver's core when `hard + soft` has no model (in `soft`'s
        order), or None when it has one (kept, to answer later questions). With `ms`, the call gets
        at most that long: BudgetExceeded when it or the budget runs out (`self.budget` tells which)."""
        if self._satisfiable(hard + soft, ms):
            return None
        return self._last_core(soft)

    def shrink(self, hard: list[int], core: list[int]) -> list[int]:
        """A subset of `core` that still has no model with `hard` and from which no member can be
        dropped (deletion, the last members first, keeping only the solver's core after each
        unsatisfiable call)."""
        return self.shrink_within(hard, core)[0]

    def shrink_within(self, hard: list[int], core: list[int], check_ms: float | None = None,
                      among: Iterable[int] | None = None) -> tuple[list[int], list[int]]:
        """`shrink` with each deletion check bounded (None: by the budget only), trying only the members
        `among` (default: all): a check gets `check_ms`, or SLOWER_CHECKS times the longest check settled
        so far when that is more, and one not settled in time keeps its member (a check far slower than
        the others is left, not waited for). A subset of `core` that still has no model with `hard`, and
        the members whose checks were left open (none: no member can be dropped). When the budget runs
        out, BudgetExceeded carries the subset so far in `kept` (also with no model)."""
        tried = set(core if among is None else among)
        left_open: list[int] = []
        longest = 0.0
        for lit in core[::-1]:
            if lit not in core or lit not in tried:
                continue
            rest = [x for x in core if x != lit]
            start = time.monotonic()
            try:
                satisfiable = self._satisfiable(hard + rest, None if check_ms is None
                                                else max(check_ms, SLOWER_CHECKS * longest))
            except BudgetExceeded:
                if self.budget.is_expired():
                    raise BudgetExceeded(kept=core) from None
                left_open.append(lit)
                continue
            longest = max(longest, (time.monotonic() - start) * 1000)
            if not satisfiable:
                kept = set(self._last_core(rest))
                core = [x for x in rest if x in kept]
        return core, [x for x in left_open if x in core]

    def first_core(self, hard: list[int], soft: list[int]) -> list[int] | None:
        """The minimal subset of `soft` with no model beside `hard` that keeps to the front of `soft`:
        its last member ends the shortest prefix of `soft` with no model, the one before it the
        shortest prefix with no model once that member is held, and so on (in `soft`'s order); None
        when `hard + soft` has a model. It depends on which assumptions have models, not on the
        solver's path: a core found only says how far back the next prefix with no model ends at
        most, and a check with a model says where it ends."""
        members = self._first_members(hard, soft)
        return None if members is None else list(members)[::-1]

    def first_end(self, hard: list[int], soft: list[int], free: int = 0) -> int | None:
        """The length of the shortest prefix of `soft` with no model beside `hard` (0: `hard` has none
        alone), or None when `hard + soft` has a model; see `first_core`. The prefix of length `free` is
        known to have a model (not asked again)."""
        members = self._first_members(hard, soft, free)
        if members is None:
            return None
        last = next(members, None)
        return 0 if last is None else soft.index(last) + 1

    def _first_members(self, hard: list[int], soft: list[int], free: int = 0) -> Iterator[int] | None:
        """`first_core`'s members, the last first, found as they are asked for; None when there is a model.
        (Checks with a model cost more than those without: stepping back core by core beat halving the
        prefix on a killer sudoku's path.)"""
        if self._satisfiable(hard + soft):
            return None
        index: dict[int, int] = {}
        for i, x in enumerate(soft):
            index.setdefault(x, i)          # a literal twice (an entry that restates a given): its first place
        ends = sorted(index[x] for x in self._last_core(soft))

        def members() -> Iterator[int]:
            nonlocal ends
            held: list[int] = []
            while ends:
                end = ends[-1]
                if (not held and end == free) or self._satisfiable(hard + held + soft[:end]):
                    held.append(soft[end])
                    ends.pop()                      # the rest of the last core, with it held: no model still
                    yield soft[end]
                else:
                    ends = sorted(index[x] for x in self._last_core(soft[:end]))
        return members()

    def minimal_core(self, hard: list[int], soft: list[int]) -> list[int] | None:
        """A subset of `soft` with no model beside `hard` from which no member can be dropped (the
        solver's core, shrunk), or None when `hard + soft` has a model."""
        core = self.core(hard, soft)
        return None if core is None else self.shrink(hard, core)

    def _last_core(self, among: list[int]) -> list[int]:
        found = set(self.solver.get_core() or ())
        return [x for x in among if x in found]


@contextmanager
def questions(formula: Formula, engine: str = DEFAULT_ENGINE, budget: Budget = UNLIMITED,
              new: bool = False) -> Iterator[Questions]:
    """Questions to a solver holding `formula`'s clauses (its cached one when there is one, unless `new`:
    a solver that has learnt nothing yet); a formula that only gains givens (assumptions) meanwhile may
    go on being asked."""
    with _solver_for(formula, engine, budget, new) as (solver, fresh):
        yield Questions(solver, engine, budget, fresh, _lazy_rule(formula, fresh))


def backbone(formula: Formula, engine: str = DEFAULT_ENGINE, budget: Budget = UNLIMITED,
             candidates: Iterable[int] | None = None) -> list[int] | None:
    """The shown literals (or those of `candidates`) true in every model; None when there is none."""
    with questions(formula, engine, budget) as ask:
        return ask.backbone(list(formula.assumptions), candidates, _shown(formula))


def minimal_conflict(formula: Formula, engine: str = DEFAULT_ENGINE,
                     budget: Budget = UNLIMITED) -> list[Hashable] | None:
    """The keys of a minimal set of clues that cannot all hold (empty when the rules alone fail);
    None when the formula is satisfiable."""
    by_selector = {clue.selector: key for key, clue in formula.clues.items()}
    hard = [x for x in formula.assumptions if x not in by_selector]
    with questions(formula, engine, budget) as ask:
        core = ask.minimal_core(hard, list(by_selector))
    return None if core is None else [by_selector[x] for x in core]


def engine_name(engine: str = DEFAULT_ENGINE) -> str:
    """The name reported in answers, e.g. `sat:cadical195`."""
    return f"sat:{engine}"
