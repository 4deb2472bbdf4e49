"""A page SAT module that stops (backends/sat/wasm_cadical.py, errors.EngineStopped), on CPython: a stand-in
for the JS module, answering through python-sat's CaDiCaL until a chosen call, where it fails as an
aborted wasm module does. The request it was answering is asked again on python-sat's solver and
answers as with no module; the module is not called again; cached solvers made on it are dropped.
(tests/test_pyodide_sat.py aborts the real module inside Pyodide.)
"""

from __future__ import annotations

from array import array

import pytest
from pysat.solvers import Solver

from gridlogic import api
from gridlogic.backends.sat import engines, solvers, wasm_cadical

SUDOKU = ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


class Aborted(Exception):
    """What a call into an aborted wasm module raises (a JsException in Pyodide)."""


class StandIn:
    """The JS module's calls (web/sat/cadical.js) over python-sat's CaDiCaL; call number `fail_at` (of
    any kind) and every later one fail."""

    def __init__(self, fail_at: int) -> None:
        self.fail_at = fail_at
        self.calls = 0
        self.solvers: dict[int, Solver] = {}

    def _tick(self) -> None:
        self.calls += 1
        if self.calls >= self.fail_at:
            raise Aborted("Aborted()")

    def make(self) -> int:
        self._tick()
        self.solvers[len(self.solvers) + 1] = Solver(name="cadical195")
        return len(self.solvers)

    def free(self, s: int) -> None:
        self._tick()
        self.solvers.pop(s).delete()

    def set(self, s: int, name: str, value: int) -> bool:
        self._tick()
        return True

    def add(self, s: int, lits) -> None:
        self._tick()
        clause: list[int] = []
        for lit in lits:
            if lit:
                clause.append(lit)
            else:
                self.solvers[s].add_clause(clause)
                clause = []

    def phase(self, s: int, lits) -> None:
        self._tick()

    def limit(self, s: int, conflicts: int) -> None:
        self._tick()

    def solve(self, s: int, assumptions) -> int:
        self._tick()
        self.last = list(assumptions)
        return 10 if self.solvers[s].solve(assumptions=self.last) else 20

    def model(self, s: int):
        self._tick()
        return _Ints(self.solvers[s].get_model())

    def failed(self, s: int, lits):
        self._tick()
        return _Ints(self.solvers[s].get_core() or [])


class _Ints(list):
    """A list that answers `to_memoryview().tolist()` as Pyodide's Int32Array proxy does."""

    def to_memoryview(self) -> memoryview:
        return memoryview(array("i", self))


@pytest.fixture
def page_module(monkeypatch):
    """Install a stand-in module as the page's engine (failing at no call until a test says); restore
    afterwards."""
    module = StandIn(fail_at=10**9)
    monkeypatch.setattr(engines, "IN_PYODIDE", True)
    monkeypatch.setattr(wasm_cadical, "_module", module)
    solvers.SESSIONS.forget()
    yield module
    solvers.SESSIONS.forget()


def _solve(**extra) -> dict:
    return api.handle({"op": "solve", "kind": "sudoku", "text": SUDOKU, "count": True, "limit": 5,
                       "engine": "cadical195", "render": False, **extra})


def test_a_stopped_module_is_replaced_and_the_request_answered(page_module):
    expected = _solve()                              # answered by the stand-in
    assert page_module.calls > 3
    page_module.fail_at = page_module.calls + 3           # the next request's third call fails
    answer = _solve(rules=[])
    assert answer["ok"], answer
    assert (answer["result"]["count"], answer["result"]["status"]) == (1, "unique")
    assert answer["result"]["solutions"] == expected["result"]["solutions"]
    verdict = api.handle({"op": "check", "kind": "sudoku", "text": SUDOKU,
                          "solution": answer["result"]["solutions"][0]})
    assert verdict["ok"] and verdict["result"]["ok"]
    assert not wasm_cadical.available()
    stopped_at = page_module.calls
    assert _solve()["result"]["count"] == 1          # later requests never call the module
    assert page_module.calls == stopped_at
    assert not any(isinstance(s.solver, wasm_cadical.WasmCadical)
                   for s in solvers.SESSIONS._sessions.values())


def test_a_solver_of_a_stopped_module_says_so(page_module):
    solver = wasm_cadical.WasmCadical()
    page_module.fail_at = page_module.calls + 1
    with pytest.raises(wasm_cadical.EngineStopped):
        solver.solve([1])
    solver.delete()                                  # the module's memory is gone: nothing to free
    with pytest.raises(RuntimeError):
        wasm_cadical.WasmCadical()                   # not there any more


def test_the_worker_is_told_which_engine_answers(page_module):
    """entry.sat, which the worker asks after each request to keep the page's indicator right."""
    from gridlogic.api import entry

    assert entry.sat() == "module"
    page_module.fail_at = page_module.calls + 2
    assert _solve()["result"]["count"] == 1
    assert entry.sat() == "wheel"
