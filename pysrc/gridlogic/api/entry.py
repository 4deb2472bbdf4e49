"""The entry point the page's worker calls (in Pyodide): a request as JSON text in, the response as
JSON text out, through `gridlogic.api.handle`; progress reports go out as JSON text too. The worker
imports this module and calls its functions by name: no Python is written inside JavaScript.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Callable

from gridlogic import api

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


def load() -> None:
    """Import every module of the package (see `modules`)."""
    for name in modules():
        importlib.import_module(name)
