"""From a parsed puzzle to an Answer: picks the backend, counts, and decodes solutions.

Every solve runs against a `Budget`: encoding is checked between stages and the backends check
it between bounded pieces of work. When it runs out, the answer is `unknown` with what was found
so far (the first solution, the count so far, `complete` False) and `stopped = "budget"`; `multiple`
when two solutions were found already (a count or listing stopped on its way).

`answer` solves a session's puzzle (gridlogic/session.py: the formula a request's other questions
read too); `solve` makes a session of its own. Why an answer is what it is (certain cells, conflicts,
hints) is the business of gridlogic.explain, conflicts and walks; which entries are wrong, gridlogic.entries'.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from types import ModuleType, SimpleNamespace

from gridlogic import backends
from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded, first_then_within
from gridlogic.errors import RequestError
from gridlogic.cnf.formula import Formula
from gridlogic.contract import backends_of, is_cnf, optional
from gridlogic.model import Answer
from gridlogic.session import Fact, Session

MODES = ("solve", "count", "all")


def default_backend(kind: ModuleType) -> str:
    """`sat` for CNF kinds, `native` for kinds with their own search (the first of backends_of)."""
    return backends_of(kind)[0]


def check_backend(kind: ModuleType, backend: str) -> None:
    """Refuse a backend that this kind or this installation cannot use."""
    usable = backends_of(kind)
    if backend not in usable:
        raise RequestError(f"backend {backend!r} cannot solve {kind.KEY} (use {' or '.join(usable)})",
                           field="backend")
    if backend == "smt" and not backends.has_z3():
        raise RequestError("backend 'smt' needs z3, which is not installed here", field="backend")


def solve(kind: ModuleType, puzzle, *, backend: str | None = None, mode: str = "solve",
          limit: int = 1000, keep: int | None = None, engine: str | None = None,
          on_progress: Callable[..., None] | None = None,
          budget: Budget = UNLIMITED, entries: Iterable[Fact] = ()) -> Answer:
    """Solve `puzzle`: a second solution is always looked for; `count`/`all` go on to `limit`. Now and
    then on_progress(nodes) (a search) or on_progress(found, solutions kept since the last call). The
    user's `entries` (r, c, v), held apart from the givens, narrow the solutions (CNF kinds, and kinds
    whose search takes entries)."""
    return answer(Session(kind, puzzle, entries, engine=engine, budget=budget), backend=backend, mode=mode,
                  limit=limit, keep=keep, on_progress=on_progress)


def answer(session: Session, *, backend: str | None = None, mode: str = "solve", limit: int = 1000,
           keep: int | None = None, on_progress: Callable[..., None] | None = None) -> Answer:
    """`solve` for a session's puzzle, entries, engine and budget, on its formula (built once for every
    question of the request)."""
    kind, puzzle, entries, budget = session.kind, session.puzzle, session.entries, session.budget
    if mode not in MODES:
        raise RequestError(f"unknown mode {mode!r}", field="mode")
    if limit < 1:
        raise RequestError("limit must be at least 1", field="limit")
    if keep is not None and keep < 1:
        raise RequestError("keep must be at least 1", field="keep")
    backend = backend or default_backend(kind)
    check_backend(kind, backend)
    if entries and backend == "native":
        if not searches_entries(kind):
            raise RequestError("entries apart from the puzzle need a SAT or SMT backend: put them in the puzzle "
                               "for a search", field="entries")
        optional(kind, "check_entries")(puzzle, entries)
        kind = searching(kind, entries)
    want = 2 if mode == "solve" else limit
    if keep is None:
        keep = want if mode == "all" else 2
    settle = mode != "solve"
    start = time.perf_counter()
    stopped = None
    decode = (lambda found: found) if backend == "native" else (lambda model: kind.decode(puzzle, model))
    try:
        if backend == "native":
            from gridlogic.backends import native
            name = native.engine_name()
            kept, found, complete = native.enumerate_solutions(
                kind, puzzle, want, keep=keep, settle_limit=settle, on_progress=on_progress, budget=budget)
        else:
            if backend == "smt":
                from gridlogic.backends import smt as chosen
                name = chosen.engine_name()
                options = {}
            else:
                from gridlogic.backends import sat as chosen
                eng = session.sat_engine()
                name = chosen.engine_name(eng)
                options = {"engine": eng}
            budget.check()
            decided = None
            if backend == "sat" and not entries and optional(kind, "verdict") is not None:
                decided = _by_verdict(session, mode, keep)
            if decided is not None:
                kept, found, complete, stopped = decided
                decode = _same                              # the kind's verdict gives solutions, not models
            else:
                formula = session.formula()
                enumerate_models = chosen.enumerate_models if backend == "sat" else _keeping_lazy_rule(chosen)
                kept, found, complete = enumerate_models(
                    formula, want, keep=keep, settle_limit=settle, on_progress=_decoding(on_progress, decode),
                    budget=budget, **options)
    except BudgetExceeded as exc:
        kept, found, complete, stopped = list(exc.kept), exc.found, False, "budget"
    solutions, cut = first_then_within(budget, kept, decode)
    elapsed = (time.perf_counter() - start) * 1000
    if stopped:
        status = "multiple" if found >= 2 else "unknown"     # two solutions settle it, stopped or not
    else:
        status = "none" if found == 0 else "unique" if found == 1 and complete else "multiple"
    return Answer(status=status, solutions=tuple(solutions),
                  count=found if mode != "solve" or stopped or status in ("none", "unique") else None,
                  complete=complete, engine=name, stats={"elapsed_ms": round(elapsed, 3)},
                  stopped=stopped, kept_stopped="budget" if cut else None)


def _by_verdict(session: Session, mode: str, keep: int) -> tuple[list, int, bool, str | None] | None:
    """(the first `keep` solutions, how many, whether that is all, why it stopped) by the kind's own
    verdict (gridlogic/contract: `verdict`), or None where it does not apply; a count or a listing takes
    only its "just this one". A budget stop keeps the solution found by then."""
    try:
        found = optional(session.kind, "verdict")(session.puzzle, session.sat_engine(), session.budget)
    except BudgetExceeded as exc:
        return list(exc.kept), exc.found, False, "budget"
    if found is None or (mode != "solve" and len(found) > 1):
        return None
    return list(found)[:keep], len(found), len(found) == 1, None


def _same(solution):
    return solution


def _decoding(on_progress: Callable | None, decode: Callable) -> Callable | None:
    """A backend's on_progress(found, kept models) as on_progress(found, solutions kept since the last
    report): a count cut short keeps what it had reported."""
    if on_progress is None:
        return None
    told = 0

    def report(found: int, models: list) -> None:
        nonlocal told
        new = [decode(model) for model in models[told:]]
        told = len(models)
        on_progress(found, new)
    return report


def searches_entries(kind: ModuleType) -> bool:
    """True for a native kind with the entry hooks (gridlogic/contract: `check_entries`, `value_at`): its
    `search` takes the user's entries and yields only the solutions that agree with them."""
    return not is_cnf(kind) and optional(kind, "check_entries") is not None


def searching(kind: ModuleType, entries: Iterable[Fact]) -> SimpleNamespace:
    """`kind` as the native backend sees it, its search narrowed to the solutions agreeing with `entries`."""
    entries = tuple(entries)

    def search(puzzle, on_progress: Callable[[int], None] | None = None):
        return kind.search(puzzle, on_progress=on_progress, entries=entries)
    return SimpleNamespace(search=search)


def _keeping_lazy_rule(backend: ModuleType) -> Callable[..., tuple[list, int, bool]]:
    """`backend.enumerate_models` for a backend that does not check a formula's lazy rule itself (see
    backends/sat/lazy.py): every model found is kept and checked (one more than `limit` when the limit is
    to be settled); while one breaks the rule, its clauses are added and the enumeration starts
    again. A budget stop carries only the models that keep the rule."""
    def enumerate_models(formula: Formula, limit: int, *, keep: int, settle_limit: bool = False,
                         **options) -> tuple[list, int, bool]:
        check = formula.lazy
        if check is None:
            return backend.enumerate_models(formula, limit, keep=keep, settle_limit=settle_limit, **options)
        wanted = limit + 1 if settle_limit else limit
        while True:
            try:
                models, found, complete = backend.enumerate_models(formula, wanted, keep=wanted, **options)
            except BudgetExceeded as exc:
                good = [m for m in exc.kept if not check(m)]
                raise BudgetExceeded(min(len(good), limit), good[:keep]) from None
            broken = [clause for m in models for clause in check(m)]
            if not broken:
                return models[:keep], min(found, limit), complete and found <= limit
            for clause in broken:
                formula.clause(clause)
    return enumerate_models
