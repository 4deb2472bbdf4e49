"""The solver a formula is asked of: solvers kept per cached base, new ones, and their first guess.

When a formula is a cached base plus assumptions (sudoku givens), one solver per base is kept
and reused: blocking clauses are then guarded by a fresh selector literal that is assumed during
this enumeration and switched off for good afterwards, so nothing leaks into the next puzzle. A
formula that adds clauses to a cached base (a variant sudoku's constraints) is solved on a second
solver kept for that base: its clauses are added as they are, each ending in its clue's selector,
and those selectors are set false for good once another formula comes (formula.py says how the
numbers are kept apart), so a request costs its own clauses rather than the whole base's, and the same
formula asked again (kept by gridlogic.session for a puzzle asked again) costs none.

`formula.phases` (keys or `Not(key)`, e.g. a solution of the empty grid) is what a new solver tries
first: one call under them completes them to a whole model, whose values become the solver's phases.
A formula without phases may carry `formula.guess`, a smaller Formula over some of the same keys (a
nonogram whose clues are symmetric: its picture forced to that symmetry): it is solved first, within
GUESS_CONFLICTS conflicts and the budget, in pieces sized by time like every call (fixed pieces of
2,000 conflicts each ran for seconds on the guess of a symmetric 80×80 nonogram), and its model's
values on the formula's shown keys are the phases. Guesses only steer the search: a guess with no model, or none
found in time, leaves none.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from pysat.solvers import Solver

from gridlogic.backends.sat import wasm_cadical
from gridlogic.backends.sat.engines import BOUNDED_ENGINES, ENGINES, BoundedCalls, append, load, new_solver
from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.cnf.formula import GUARDS, Formula, Not

_CACHE_SIZE = 16             # solvers kept (a base has one for its puzzles, one for formulas adding to it)
RENEW_AFTER = 500              # selectors a cached solver takes before it is built again
GUESS_CONFLICTS = 100_000      # a guess's conflicts at most (Knotty's: 5k-14k)


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
        self.kept: Formula | None = None         # (adding) the last formula added, its clauses still held
        self.retire: list[int] = []              # (adding) the selectors that switch them off

    def fresh(self) -> int:
        """The next selector."""
        self.next_selector += 1
        return self.next_selector - 1

    def keep(self, formula: Formula, selector: int) -> None:
        """Hold the formula's own clauses (`add`), unless they are held already: those of the formula
        held before are switched off first (it is retired: its own variables' numbers are the next's)."""
        if self.kept is formula:
            return
        self.drop()
        try:
            retire = self.add(formula, selector)
        except BaseException:                    # (half added: its selectors are never assumed again)
            formula.retired = True
            raise
        if retire[1:]:                           # held under its clues' selectors: kept for the next request
            self.kept, self.retire = formula, retire[1:]
        else:                                    # under `selector`, which its blocking clauses carry too
            formula.retired = True

    def drop(self) -> None:
        """Switch off the clauses of the formula held (if any), for good."""
        if self.kept is not None:
            self.kept.retired = True
            self.solver.append_formula([[-x] for x in self.retire])
            self.kept, self.retire = None, []

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
            append(self.solver, clauses)
            return [selector, *sorted(guards)]
        off = -selector
        append(self.solver, [[*clause, off] for clause in clauses])
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

    def forget(self) -> None:
        """Drop every session (their engine stopped: their solvers are gone with it)."""
        self._sessions.clear()


SESSIONS = SessionCache()
wasm_cadical.on_stop(SESSIONS.forget)


def prepare(formula: Formula, engine: str, adding: bool = False) -> bool:
    """Load ahead a solver a formula on a cached base would be asked of (its base's; `adding`: the
    base's solver for formulas that add clauses to it), so its first question does not pay for it;
    False (nothing done) for a formula on no cached base."""
    if formula.base is None:
        return False
    SESSIONS.get(engine, formula.base, adding=adding)
    return True


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
    for v in shown(formula):
        g = ids.get(formula.key_of(v))
        if g is not None:
            out.append(v if model[g - 1] > 0 else -v)
    return out


@contextmanager
def solver_for(formula: Formula, engine: str, budget: Budget,
               new: bool = False) -> Iterator[tuple[Solver, Callable[[], int]]]:
    """A solver holding `formula`'s clauses, and where to take fresh variables for temporary clauses
    (see `switch`): the cached solver of its base when nothing but assumptions was added (and not
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
def solver_with(formula: Formula, engine: str, budget: Budget) -> Iterator[tuple[Solver, Callable[[], int], int]]:
    """A solver holding `formula`'s clauses while a selector is assumed, the selector, and where to take
    fresh variables. A formula that adds clauses to a cached base has them added, once, to the base's
    solver for adding (`_Session.add`), whose selectors are set false for good on leaving: every clause
    of it is then satisfied, so the next formula may reuse its variables' numbers (a clause learnt
    meanwhile from its clauses holds one of those selectors' negation too). Others as `solver_for`."""
    if engine not in ENGINES:
        raise ValueError(f"unknown SAT engine {engine!r}")
    base = formula.base
    if base is not None and formula.lazy is None and not formula.retired and not formula.extends_base_only():
        selector, epoch = base.take_guard()
        session = SESSIONS.get(engine, base, budget, adding=True)
        if formula.guard_epoch in (None, epoch) and session.epoch == epoch:
            try:
                session.keep(formula, selector)
                if not session.guessed:
                    _guess(session.solver, formula, engine, budget)
                    session.guessed = True
                yield session.solver, lambda: base.take_guard()[0], selector
            finally:
                session.solver.add_clause([-selector])
            return
    with solver_for(formula, engine, budget) as (solver, fresh), switch(solver, fresh) as selector:
        yield solver, fresh, selector


@contextmanager
def switch(solver: Solver, fresh: Callable[[], int]) -> Iterator[int]:
    """A fresh selector for temporary clauses: they carry its negation and hold while it is assumed;
    on leaving it is switched off for good, so nothing leaks into later questions to the solver."""
    selector = fresh()
    try:
        yield selector
    finally:
        solver.add_clause([-selector])


def prefer_phases(solver: Solver, lits: list[int]) -> None:
    """Ask the solver to try `lits` first (a model then tends to hold many of them)."""
    try:
        solver.set_phases(lits)
    except NotImplementedError:                  # (older CaDiCaL builds): only speed is lost
        pass


def shown(formula: Formula) -> list[int]:
    """The formula's shown variables (every variable when it shows none)."""
    return formula.shown or list(range(1, formula.top + 1))

