"""The one JSON boundary: `handle(request) -> response`, used by the CLI and the browser worker.

Requests are dicts with an `op`; responses are `{"ok": true, "result": ...}` or
`{"ok": false, "error": {"type", "message", "where"}}`. Only this module turns exceptions into
error envelopes; nothing raised by a request escapes as a traceback. A request during which the page's
own SAT module stopped (EngineStopped) is asked once more: its solvers are then python-sat's.

A request flows one way: fields.py checks it at the door against the one table of ops and fields and
hands the op clean values; the op (solve.py, hints.py, kinds.py, links.py, generate.py) reads the
puzzle and asks its questions of one session (gridlogic/session.py), which builds the puzzle's
formula once. entry.py is this boundary for JSON text, as the page's worker calls it.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from gridlogic.api import fields
from gridlogic.backends.sat.engines import interrupted
from gridlogic.errors import MESSAGE_CHARS, EngineStopped, PuzzleError


def handle(request: Any, progress: Callable[[dict], None] | None = None) -> dict:
    """Answer one request; never raises (errors become envelopes)."""
    try:
        return _answer(request, progress)
    except EngineStopped:
        return _answer(request, progress, again=True)


def _answer(request: Any, progress: Callable[[dict], None] | None, again: bool = False) -> dict:
    """The response to one request; EngineStopped is raised (for `handle` to ask again) unless `again`."""
    try:
        op, clean = fields.read_request(request)
        return {"ok": True, "result": op.run(clean, progress)}
    except EngineStopped:
        if not again:
            raise
        return {"ok": False, "error": {"type": "InternalError", "message": "the SAT solver stopped", "where": {}}}
    except PuzzleError as exc:
        return {"ok": False, "error": {"type": type(exc).__name__, "message": _shorten(exc.message),
                                       "where": exc.where}}
    except RecursionError as exc:  # pragma: no cover - defensive
        return {"ok": False, "error": {"type": "InternalError", "message": _shorten(str(exc)), "where": {}}}
    except Exception as exc:  # noqa: BLE001 - the boundary: report, never crash the caller
        if interrupted(exc):                    # SIGINT inside a SAT call made outside `interruptible`
            raise KeyboardInterrupt from None
        return {"ok": False, "error": {"type": "InternalError",
                                       "message": _shorten(f"{type(exc).__name__}: {exc}"),
                                       "where": {}, "trace": traceback.format_exc(limit=5)}}


def _shorten(message: str) -> str:
    """A message of at most MESSAGE_CHARS: the last guard, as every message is written short where it is
    made (quoting input through `excerpt`); an exception's own text may not be."""
    if len(message) <= MESSAGE_CHARS:
        return message
    tail = f"… ({len(message):,} characters)"
    return message[:MESSAGE_CHARS - len(tail)] + tail
