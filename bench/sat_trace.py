"""SAT call traces: every call gridlogic makes to python-sat during a request, written down so that the
same formulas, assumptions and budget pieces can be replayed by another build of the same solver.

A trace is text, one operation a line (an incremental DIMACS): `n S ENGINE` a new solver S, `o S KEY
VALUE` a configure option, `c S lits 0` a clause, `p S lits 0` phases, `b S N` the next call's
conflict limit, `a S lits 0` a solve under assumptions, `l S lits 0` a limited solve, `d S` deleted.
Each solve line is followed by `= S VERDICT` (1 sat, 0 unsat, -1 limit reached) as recorded.

`record(request)` runs `api.handle(request)` with a fresh solver cache and returns the trace; `replay`
(plain python-sat, no gridlogic, so it runs in Pyodide too) times loading (clauses, phases) and search
(solve calls) per trace and checks each verdict against the recorded one. Times are CPU seconds
(`clock()`): on a busy machine a wall clock counted the waits for a core many times over (a search of
0.17 s CPU took 1.4 s wall at load 17).
"""

from __future__ import annotations

import sys
import time


def clock() -> float:
    """CPU seconds of this process: natively `time.process_time`; in Pyodide, Node's `process.cpuUsage`
    (user + system, all of Node's threads), since Emscripten's process clock is a wall clock."""
    if sys.platform == "emscripten":
        import js
        usage = js.process.cpuUsage()
        return (usage.user + usage.system) / 1e6
    return time.process_time()


class _Recorder:
    """A python-sat solver that writes down what is asked of it."""

    count = 0

    def __init__(self, out: list[str], name: str) -> None:
        from pysat.solvers import Solver
        _Recorder.count += 1
        self.sid = _Recorder.count
        self.out = out
        self.solver = Solver(name=name)
        out.append(f"n {self.sid} {name}")

    def _lits(self, tag: str, lits) -> None:
        self.out.append(f"{tag} {self.sid} {' '.join(map(str, lits))} 0".replace("  ", " "))

    def configure(self, options: dict) -> None:
        for key, value in options.items():
            self.out.append(f"o {self.sid} {key} {value}")
        self.solver.configure(options)

    def add_clause(self, clause, no_return: bool = True):
        self._lits("c", clause)
        return self.solver.add_clause(clause)

    def append_formula(self, clauses, no_return: bool = True):
        for clause in clauses:
            self._lits("c", clause)
        return self.solver.append_formula(clauses)

    def set_phases(self, lits) -> None:
        self._lits("p", lits)
        self.solver.set_phases(lits)

    def conf_budget(self, budget: int) -> None:
        self.out.append(f"b {self.sid} {budget}")
        self.solver.conf_budget(budget)

    def prop_budget(self, budget: int) -> None:
        self.out.append(f"q {self.sid} {budget}")
        self.solver.prop_budget(budget)

    def solve(self, assumptions=()) -> bool:
        self._lits("a", assumptions)
        verdict = self.solver.solve(assumptions=assumptions)
        self.out.append(f"= {self.sid} {int(verdict)}")
        return verdict

    def solve_limited(self, assumptions=(), expect_interrupt: bool = False):
        self._lits("l", assumptions)
        verdict = self.solver.solve_limited(assumptions=assumptions)
        self.out.append(f"= {self.sid} {-1 if verdict is None else int(verdict)}")
        return verdict

    def delete(self) -> None:
        if self.solver is not None:
            self.out.append(f"d {self.sid}")
            self.solver.delete()
            self.solver = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.delete()

    def __getattr__(self, name: str):
        return getattr(self.solver, name)


def record(request: dict) -> list[str]:
    """The trace of `api.handle(request)` run with no solver kept from earlier requests."""
    from gridlogic import api
    from gridlogic.backends.sat import engines, solvers

    out: list[str] = []
    for session in list(solvers.SESSIONS._sessions.values()):
        session.solver.delete()
    solvers.SESSIONS._sessions.clear()
    kept = engines.Solver
    engines.Solver = lambda name: _Recorder(out, name)
    try:
        answer = api.handle(request)
    finally:
        engines.Solver = kept
        for session in list(solvers.SESSIONS._sessions.values()):
            session.solver.delete()
        solvers.SESSIONS._sessions.clear()
    if not answer.get("ok"):
        raise RuntimeError(f"request failed: {answer}")
    return out


def replay(lines: list[str], make=None) -> dict:
    """Replays a trace; returns load and search CPU seconds, solve calls and whether every verdict
    matched the recorded one. `make(name)`: a new solver of that engine (default python-sat's)."""
    from pysat.solvers import Solver
    make = make or (lambda name: Solver(name=name))

    solvers: dict[str, Solver] = {}
    load = search = 0.0
    calls = 0
    same = True
    verdict = None
    clauses: list[list[int]] = []
    current = None

    def flush() -> None:
        nonlocal load, clauses
        if clauses:
            start = clock()
            solvers[current].append_formula(clauses)
            load += clock() - start
            clauses = []

    for line in lines:
        tag, sid, *rest = line.split()
        if tag != "c" or sid != current:
            flush()
        current = sid
        if tag == "c":
            clauses.append([int(x) for x in rest[:-1]])
        elif tag == "n":
            solvers[sid] = make(rest[0])
        elif tag == "o":
            solvers[sid].configure({rest[0]: int(rest[1])})
        elif tag == "p":
            start = clock()
            solvers[sid].set_phases([int(x) for x in rest[:-1]])
            load += clock() - start
        elif tag == "b":
            solvers[sid].conf_budget(int(rest[0]))
        elif tag == "q":
            solvers[sid].prop_budget(int(rest[0]))
        elif tag in "al":
            assumptions = [int(x) for x in rest[:-1]]
            s = solvers[sid]
            start = clock()
            verdict = s.solve(assumptions=assumptions) if tag == "a" else s.solve_limited(assumptions=assumptions)
            search += clock() - start
            calls += 1
        elif tag == "=":
            got = -1 if verdict is None else int(verdict)
            same = same and got == int(rest[0])
        elif tag == "d":
            solvers.pop(sid).delete()
    flush()
    for s in solvers.values():
        s.delete()
    return {"load": load, "search": search, "calls": calls, "same": same}
