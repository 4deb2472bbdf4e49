"""SAT engines and calls within a budget: which python-sat engines there are, which can be stopped,
and SAT calls cut into bounded pieces.

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
without them, within noise (docs/benchmarks.md has the figures). Nor does it backtrack
chronologically (`chrono`): so, cut into pieces of 100, 200, 400... conflicts, it never settled a
question on a 10×10 kakuro (certain cells), even at 100,000 conflicts, that one unlimited call
settled in 1,243; without it, in 100.
bench/engines.py's bands took the same time both ways, and generated puzzles are the same.

A formula's lazy rule (lazy.py) is checked on every model a call finds (`BoundedCalls.solve`).

In the page CaDiCaL is the site's own wasm module of it (wasm_cadical.py), faster there than python-sat's
wheel (docs/benchmarks.md); where that module did not load, python-sat's wheel serves as before.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial

import pysolvers
from pysat.solvers import Cadical195, Minisat22, Solver

from gridlogic.backends.sat import wasm_cadical
from gridlogic.budget import UNLIMITED, Budget

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
CADICAL_OPTIONS = {"inprocessing": 0, "chrono": 0}    # see the module docstring


def new_solver(engine: str) -> Solver:
    """An empty solver of `engine`, configured so that a piece of conflicts stays a piece of time."""
    if IN_PYODIDE and engine == "cadical195" and wasm_cadical.available():
        solver = wasm_cadical.WasmCadical()
    else:
        solver = Solver(name=engine)
    if engine == "cadical195" and CADICAL_OPTIONS:
        solver.configure(CADICAL_OPTIONS)
    return solver


@contextmanager
def small_solver(clauses: list[list[int]], engine: str = "minisat22") -> Iterator[Solver]:
    """A new solver of `engine` holding `clauses` alone, deleted on leaving: a handful of clauses asked a
    few questions, each settled at once (no budget; localclues.py's one clue)."""
    solver = new_solver(engine)
    try:
        solver.append_formula(clauses)
        yield solver
    finally:
        solver.delete()


def load(solver: Solver, clauses: list[list[int]], budget: Budget = UNLIMITED) -> Solver:
    """Add `clauses` to `solver` in slices, checking the budget between them."""
    for i in range(0, len(clauses), _CLAUSES_PER_SLICE):
        budget.check()
        append(solver, clauses[i:i + _CLAUSES_PER_SLICE])
    return solver


def append(solver: Solver, clauses: list[list[int]]) -> None:
    """`solver.append_formula(clauses)`; on MiniSat and CaDiCaL through their C call directly, without
    python-sat's wrapper, a Python call a clause (docs/benchmarks.md)."""
    inner = getattr(solver, "solver", None)
    if inner.__class__ is Minisat22 and inner.minisat:
        add = partial(pysolvers.minisat22_add_cl, inner.minisat)
    elif inner.__class__ is Cadical195 and inner.cadical:
        add = partial(pysolvers.cadical195_add_cl, inner.cadical)
    else:
        solver.append_formula(clauses)
        return
    if False in list(map(add, clauses)):
        inner.status = False                     # (as the wrapper notes a clause that made it unsatisfiable)


class BoundedCalls:
    """SAT calls against a budget: pieces limited by conflicts (and propagations where the engine
    can limit them), the budget checked between pieces; pieces grow while they stay short."""

    def __init__(self, solver: Solver, engine: str, budget: Budget,
                 lazy: Callable[[list[int]], list[list[int]]] | None = None) -> None:
        self.solver = solver
        self.budget = budget
        self.engine = engine
        self.bounded = budget.is_bounded and engine in BOUNDED_ENGINES
        self.by_propagations = engine in PROPAGATION_ENGINES
        self.scale = 1.0
        self.lazy = lazy

    def solve(self, assumptions: list[int], most: int | None = None) -> bool | None:
        """The solver's verdict under `assumptions`, its model keeping the lazy rule (clauses of it the
        model broke are added and the call made again); BudgetExceeded when the deadline passes first.
        With `most` (an engine of BOUNDED_ENGINES), None once a round has spent that many conflicts."""
        bounded = most is not None and self.engine in BOUNDED_ENGINES
        while True:
            verdict = self.within(assumptions, most) if bounded else self._solve(assumptions)
            if not verdict or self.lazy is None:
                return verdict
            broken = self.lazy(self.solver.get_model())
            if not broken:
                return True
            self.solver.append_formula(broken)

    def _solve(self, assumptions: list[int]) -> bool:
        self.budget.check()
        if not self.bounded:
            with interruptible():
                return self.solver.solve(assumptions=assumptions)
        return self.within(assumptions)

    def within(self, assumptions: list[int], most: int | None = None) -> bool | None:
        """The solver's verdict under `assumptions` from pieces (also without a deadline), or None once
        `most` conflicts are spent; BudgetExceeded when the deadline passes first."""
        spent = 0
        with interruptible():
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


def interrupted(exc: BaseException) -> bool:
    """Whether an exception is python-sat's report of SIGINT during one of its calls ("Caught keyboard
    interrupt", raised as its own error in place of KeyboardInterrupt)."""
    return isinstance(exc, Exception) and "keyboard interrupt" in str(exc).lower()


@contextmanager
def interruptible() -> Iterator[None]:
    """SIGINT during a SAT call raises KeyboardInterrupt (pysat turns it into its own error)."""
    try:
        yield
    except Exception as exc:
        if interrupted(exc):
            raise KeyboardInterrupt from None
        raise


def engine_name(engine: str = DEFAULT_ENGINE) -> str:
    """The name reported in answers, e.g. `sat:cadical195`."""
    return f"sat:{engine}"
