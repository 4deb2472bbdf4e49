"""The entry point the page's worker calls (in Pyodide): a request as JSON text in, the response as
JSON text out, through `gridlogic.api.handle`; progress reports go out as JSON text too. The worker
imports this module and calls its functions by name: no Python is written inside JavaScript.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable

from gridlogic import api

# What a request may import later (optional packages aside): imported by `load` before the worker's
# memory snapshot, so that an interpreter restored from it never imports gridlogic again.
LATER = ("gridlogic.backends.native", "gridlogic.backends.sat", "gridlogic.backends.smt", "gridlogic.links",
         "gridlogic.links_legacy", "gridlogic.generate")


def handle_json(text: str, progress: Callable[[str], None] | None = None) -> str:
    """The response to one request, both as JSON text; `progress` gets each report as JSON text."""
    report = (lambda info: progress(json.dumps(info))) if progress is not None else None
    return json.dumps(api.handle(json.loads(text), report))


def load() -> None:
    """Import every module of LATER."""
    for name in LATER:
        importlib.import_module(name)
