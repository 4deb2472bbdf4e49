"""The entry point the page's worker calls (in Pyodide): a request as JSON text in, the response as
JSON text out, through `gridlogic.api.handle`; progress reports go out as JSON text too. The worker
imports this module and calls its functions by name: no Python is written inside JavaScript.
"""

from __future__ import annotations

import gc
import importlib
import json
import pkgutil
from collections.abc import Callable, Iterator
from types import ModuleType

from gridlogic import api, session
from gridlogic.errors import EngineStopped

# Every module of the package is imported by `load` before the worker's memory snapshot, so that an
# interpreter restored from it never imports gridlogic again (its first variant solve or generation
# then costs no import either). The files are on disk again before a restored worker answers anything:
# the snapshot holds memory, not files, and a worker that answered before writing them made a variant
# sudoku's first solve fail in a returning browser (`kinds.sudoku.families`, imported on first use,
# was not there yet). No module of the package imports an optional package (z3, sympy) at its top, so
# all of them load here.


def modules() -> list[str]:
    """Every module of the gridlogic package, by name (`__main__`, the command line's start, aside)."""
    import gridlogic

    return sorted(info.name for info in pkgutil.walk_packages(gridlogic.__path__, "gridlogic.")
                  if info.name != "gridlogic.__main__")


def handle_json(text: str, progress: Callable[[str], None] | None = None) -> str:
    """The response to one request, both as JSON text; `progress` gets each report as JSON text."""
    report = (lambda info: progress(json.dumps(info))) if progress is not None else None
    return json.dumps(api.handle(json.loads(text), report))


def sat() -> str:
    """Which CaDiCaL answers: "module" (the page's own) or "wheel" (python-sat's; also once the module
    has stopped). The worker asks after a request, so the page's indicator follows a stop."""
    from gridlogic.backends.sat import wasm_cadical

    return "module" if wasm_cadical.available() else "wheel"


def load() -> None:
    """Import every module of the package (see `modules`), and encode each kind's commonest shape
    (the first puzzle its `warm` hook names: sudoku's 9×9): both are then in the memory snapshot,
    paid for once. Other shapes are encoded when the worker is idle (`warm`): sudoku's 16×16 base
    is large, and every restore would copy it back."""
    for name in modules():
        importlib.import_module(name)
    for kind, puzzles in _warm_puzzles():
        session.encode(kind, puzzles[0])
    gc.freeze()            # all of it lives as long as the worker: the collector's full passes skip it


def _warm_puzzles() -> list[tuple[ModuleType, tuple]]:
    """(kind, the puzzles its `warm` hook names, commonest first) for each kind that has the hook."""
    from gridlogic.kinds import KINDS
    from gridlogic.contract import optional

    return [(kind, puzzles) for kind in KINDS if (puzzles := tuple((optional(kind, "warm") or tuple)()))]


def _warm_steps() -> Iterator[None]:
    """Encode each warm puzzle, then load its base's solver and its solver for formulas adding
    clauses (variants), a step each."""
    from gridlogic.backends import sat
    from gridlogic.budget import UNLIMITED

    for kind, puzzles in _warm_puzzles():
        engine = session.sat_engine(None, UNLIMITED, kind)
        for puzzle in puzzles:
            formula = session.encode(kind, puzzle)
            yield
            for adding in (False, True):
                if sat.prepare(formula, engine, adding):
                    yield


_steps: Iterator[None] | None = None


def warm() -> bool:
    """Take the next step of building the warm puzzles' formulas and loading their solvers (see
    `_warm_steps`); False when none was left. The worker calls this while idle, after the snapshot (a
    solver is the SAT engine's memory, not Python's), a step at a time, so that a request waits for
    one step at most."""
    global _steps
    if _steps is None:
        _steps = _warm_steps()
    try:
        return next(_steps, False) is None
    except EngineStopped:                        # the page's SAT module stopped: warm no more
        return False
