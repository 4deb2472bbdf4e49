"""From a parsed puzzle to an Answer: picks the backend, counts, and decodes solutions."""

from __future__ import annotations

import time
from collections.abc import Callable
from types import ModuleType

from gridlogic import backends
from gridlogic.errors import RequestError
from gridlogic.formula import Formula
from gridlogic.kinds import is_cnf
from gridlogic.model import Answer

MODES = ("solve", "count", "all")


def default_backend(kind: ModuleType) -> str:
    """`sat` for CNF kinds, `native` for kinds with their own search."""
    return "sat" if is_cnf(kind) else "native"


def check_backend(kind: ModuleType, backend: str) -> None:
    """Refuse a backend that this kind or this installation cannot use."""
    usable = ["sat", "smt"] if is_cnf(kind) else ["native"]
    if backend not in usable:
        raise RequestError(f"backend {backend!r} cannot solve {kind.KEY} (use {' or '.join(usable)})",
                           field="backend")
    if backend == "smt" and not backends.has_z3():
        raise RequestError("backend 'smt' needs z3, which is not installed here", field="backend")


def encode(kind: ModuleType, puzzle) -> Formula:
    """The puzzle's formula."""
    formula = Formula()
    kind.encode(puzzle, formula)
    return formula


def solve(kind: ModuleType, puzzle, *, backend: str | None = None, mode: str = "solve",
          limit: int = 1000, keep: int | None = None, engine: str | None = None,
          on_progress: Callable[[int], None] | None = None) -> Answer:
    """Solve `puzzle`: a second solution is always looked for; `count`/`all` go on to `limit`."""
    if mode not in MODES:
        raise RequestError(f"unknown mode {mode!r}", field="mode")
    if limit < 1:
        raise RequestError("limit must be at least 1", field="limit")
    backend = backend or default_backend(kind)
    check_backend(kind, backend)
    want = 2 if mode == "solve" else max(limit, 1)
    if keep is None:
        keep = want if mode == "all" else 2
    settle = mode != "solve"
    start = time.perf_counter()
    if backend == "native":
        from gridlogic.backends import native
        solutions, found, complete = native.enumerate_solutions(
            kind, puzzle, want, keep=keep, settle_limit=settle, on_progress=on_progress)
        name = native.engine_name()
    else:
        formula = encode(kind, puzzle)
        if backend == "smt":
            from gridlogic.backends import smt
            models, found, complete = smt.enumerate_models(
                formula, want, keep=keep, settle_limit=settle, on_progress=on_progress)
            name = smt.engine_name()
        else:
            from gridlogic.backends import sat
            eng = engine or sat.DEFAULT_ENGINE
            if eng not in sat.ENGINES:
                raise RequestError(f"unknown SAT engine {eng!r} (known: {', '.join(sat.ENGINES)})",
                                   field="engine")
            models, found, complete = sat.enumerate_models(
                formula, want, engine=eng, keep=keep, settle_limit=settle, on_progress=on_progress)
            name = sat.engine_name(eng)
        solutions = [kind.decode(puzzle, m) for m in models]
    elapsed = (time.perf_counter() - start) * 1000
    status = "none" if found == 0 else "unique" if found == 1 and complete else "multiple"
    if found == 1 and not complete:       # limit 1 in count mode: cannot tell
        status = "unknown"
    return Answer(status=status, solutions=tuple(solutions),
                  count=found if mode != "solve" or status in ("none", "unique") else None,
                  complete=complete, engine=name, stats={"elapsed_ms": round(elapsed, 3)})
