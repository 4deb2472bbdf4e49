"""CaDiCaL 1.9.5 in the page: the site's own wasm module of it (built from python-sat's sources and patch,
web/sat/cadical.js), behind the part of python-sat's `Solver` that gridlogic calls.

In Pyodide the worker registers the module as the JS module `cadical_wasm` (tests/node/run_api.mjs
does the same under Node); it searches faster than python-sat's wasm wheel's build of the same solver
(docs/benchmarks.md). Where it was not registered (it failed to load, or on CPython)
`available()` is false and engines.py keeps python-sat's. Python-sat's semantics are kept call by call
(its pysolvers.cc and solvers.py for Cadical195): `solve` is True only on a model, `solve_limited` is
None when the conflict limit set by `conf_budget` ends the call (the limit holds for that call only),
`get_model` lists v or -v for every variable of the solver after a model, `get_core` the failed
assumptions of the last call (None when it had a model or there are none), `set_phases` also turns off
CaDiCaL's lucky phases, options may be set at any time. Clauses, assumptions and phases cross as one
buffer of 32-bit ints a call, clauses each ended by 0; models and cores come back as Int32Arrays.

A module that aborts is dead for good (sat/cadical.js): the call raises EngineStopped, `available()`
is false from then on, and the functions given to `on_stop` (the solver cache's) forget the solvers
made on it; the API asks the request again, of python-sat's wheel.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable

from gridlogic.errors import EngineStopped

_module = None             # the JS module, once imported; False when it is not there or stopped
_on_stop: list[Callable[[], None]] = []


def _api():
    """The registered JS module, or None."""
    global _module
    if _module is None:
        try:
            import cadical_wasm                          # registered by the worker; absent on CPython
            _module = cadical_wasm
        except ImportError:
            _module = False
    return _module or None


def available() -> bool:
    """Whether the page's own CaDiCaL module is there (and has not stopped)."""
    return _api() is not None


def on_stop(forget: Callable[[], None]) -> None:
    """Have `forget` called when the module stops (to drop what holds its solvers)."""
    _on_stop.append(forget)


def _stopped(exc: Exception) -> EngineStopped:
    """Mark the module stopped and say so."""
    global _module
    _module = False
    for forget in _on_stop:
        forget()
    return EngineStopped(str(exc) or type(exc).__name__)


def _flat(clauses: Iterable[Iterable[int]]) -> array:
    """Clauses as one buffer, each ended by 0."""
    out = array("i")
    for clause in clauses:
        out.extend(clause)
        out.append(0)
    return out


def _ints(values) -> list[int]:
    """An Int32Array from the module as a list."""
    return values.to_memoryview().tolist()


class WasmCadical:
    """A CaDiCaL solver of the page's own module, used as python-sat's `Solver(name="cadical195")`."""

    def __init__(self) -> None:
        self.api = _api()
        if self.api is None:
            raise RuntimeError("the page's CaDiCaL module is not loaded")
        self.handle = None
        self.handle = self._call("make")
        self.status: bool | None = None
        self.prev_assumps: list[int] = []

    def _call(self, name: str, *args):
        """The module's `name`(*args); EngineStopped when the module has stopped."""
        if self.api is not _module:
            raise EngineStopped("the SAT module stopped")
        try:
            return getattr(self.api, name)(*args)
        except Exception as exc:                 # a JsException: the module aborted
            raise _stopped(exc) from None

    def configure(self, parameters: dict[str, int]) -> None:
        for name, value in parameters.items():
            self._call("set", self.handle, name, int(value))

    def add_clause(self, clause: Iterable[int], no_return: bool = True) -> None:
        self._call("add", self.handle, _flat([clause]))

    def append_formula(self, formula: Iterable[Iterable[int]], no_return: bool = True) -> None:
        self._call("add", self.handle, _flat(formula))

    def set_phases(self, literals: Iterable[int] = ()) -> None:
        self.configure({"lucky": 0})
        self._call("phase", self.handle, array("i", literals))

    def conf_budget(self, budget: int) -> None:
        self._call("limit", self.handle, int(budget) if budget not in (0, -1) else -1)

    def prop_budget(self, budget: int) -> None:
        raise NotImplementedError("Limit on propagations is currently unsupported by CaDiCaL.")

    def _solve(self, assumptions: Iterable[int]) -> int:
        self.prev_assumps = list(assumptions)
        return self._call("solve", self.handle, array("i", self.prev_assumps))

    def solve(self, assumptions: Iterable[int] = ()) -> bool:
        self.status = self._solve(assumptions) == 10
        return self.status

    def solve_limited(self, assumptions: Iterable[int] = (), expect_interrupt: bool = False) -> bool | None:
        verdict = self._solve(assumptions)
        self.status = True if verdict == 10 else False if verdict == 20 else None
        return self.status

    def get_status(self) -> bool | None:
        return self.status

    def get_model(self) -> list[int] | None:
        if self.status is not True:
            return None
        return _ints(self._call("model", self.handle))

    def get_core(self) -> list[int] | None:
        if self.status is not False:
            return None
        return _ints(self._call("failed", self.handle, array("i", self.prev_assumps))) or None

    def delete(self) -> None:
        if self.handle is not None and self.api is _module:        # a stopped module's memory is gone
            self._call("free", self.handle)
        self.handle = None

    def __enter__(self) -> WasmCadical:
        return self

    def __exit__(self, *exc) -> None:
        self.delete()

    def __del__(self) -> None:
        if getattr(self, "handle", None) is not None:
            self.delete()
