"""The one JSON boundary: `handle(request) -> response`, used by the CLI and the browser worker.

Requests are dicts with an `op`; responses are `{"ok": true, "result": ...}` or
`{"ok": false, "error": {"type", "message", "where"}}`. Only this module turns exceptions into
error envelopes; nothing raised by a request escapes as a traceback.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from gridlogic import __version__, backends, solver
from gridlogic.errors import PuzzleError, RequestError
from gridlogic.kinds import KINDS, get_kind, is_cnf

MAX_KEEP = 200   # solutions sent back for browsing


def _parse(kind, request: dict) -> Any:
    text = request.get("text")
    if not isinstance(text, str):
        raise RequestError("request needs 'text', the puzzle in its text format", field="text")
    return kind.parse(text, rules=request.get("rules") or ())


def _int(request: dict, name: str, default: int) -> int:
    value = request.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"'{name}' must be an integer", field=name)
    return value


def op_hello(request: dict, progress=None) -> dict:
    """Version, kinds and backends."""
    return {"version": __version__, "kinds": [k.KEY for k in KINDS], "backends": backends.available()}


def op_kinds(request: dict, progress=None) -> dict:
    """Each kind's editor description and examples (feeds the page's menus)."""
    out = []
    for kind in KINDS:
        info = kind.describe()
        info["backends"] = ["sat", "smt"] if is_cnf(kind) else ["native"]
        info["examples"] = [{"name": e.name, "text": e.text, "rules": list(e.rules), "count": e.count}
                            for e in kind.EXAMPLES]
        out.append(info)
    return {"kinds": out}


def op_parse(request: dict, progress=None) -> dict:
    """Validate a puzzle: its canonical text and board, or a located error."""
    kind = get_kind(request.get("kind"))
    puzzle = _parse(kind, request)
    return {"text": kind.format(puzzle), "board": kind.render(puzzle).to_json()}


def op_solve(request: dict, progress: Callable[[dict], None] | None = None) -> dict:
    """Solve (and say unique/multiple/none), or count / list solutions up to `limit`."""
    kind = get_kind(request.get("kind"))
    puzzle = _parse(kind, request)
    mode = "all" if request.get("all") else "count" if request.get("count") else "solve"
    limit = _int(request, "limit", 1000)
    keep = min(_int(request, "keep", 2 if mode == "solve" else 20), MAX_KEEP)
    if mode == "all":
        keep = min(limit, MAX_KEEP) if "keep" not in request else keep
    unit = "count" if is_cnf(kind) else "nodes"          # native searches report nodes searched
    report = (lambda n: progress({unit: n})) if progress else None
    answer = solver.solve(kind, puzzle, backend=request.get("backend") or None, mode=mode,
                          limit=limit, keep=keep, engine=request.get("engine"), on_progress=report)
    solutions = [kind.format(puzzle, s) for s in answer.solutions]
    result = {
        "kind": kind.KEY,
        "status": answer.status,
        "solution": solutions[0] if solutions else None,
        "solutions": solutions,
        "engine": answer.engine,
        "elapsed_ms": answer.stats["elapsed_ms"],
    }
    if request.get("render", True):
        result["board"] = kind.render(puzzle, answer.solution).to_json()
        result["boards"] = [kind.render(puzzle, s).to_json() for s in answer.solutions[:keep]]
    if mode != "solve":
        result["count"] = answer.count
        result["count_complete"] = answer.complete
    if hasattr(kind, "answer_of") and answer.solution is not None:
        result["answer"] = kind.answer_of(puzzle, answer.solution)
    return result


def op_check(request: dict, progress=None) -> dict:
    """Check a proposed solution (text) against the puzzle with the kind's own checker."""
    kind = get_kind(request.get("kind"))
    puzzle = _parse(kind, request)
    candidate = request.get("solution")
    if not isinstance(candidate, str):
        raise RequestError("request needs 'solution', a filled grid in the text format", field="solution")
    if not hasattr(kind, "parse_solution"):
        raise RequestError(f"check is not available for {kind.KEY}", field="op")
    violations = kind.check(puzzle, kind.parse_solution(puzzle, candidate))
    return {"ok": not violations, "violations": [v.to_json() for v in violations]}


OPS: dict[str, Callable[..., dict]] = {
    "hello": op_hello, "kinds": op_kinds, "parse": op_parse, "solve": op_solve, "check": op_check,
}


def handle(request: Any, progress: Callable[[dict], None] | None = None) -> dict:
    """Answer one request; never raises (errors become envelopes)."""
    try:
        if not isinstance(request, dict):
            raise RequestError("a request is a JSON object with an 'op'")
        op = request.get("op")
        if op not in OPS:
            raise RequestError(f"unknown op {op!r} (known: {', '.join(OPS)})", field="op")
        return {"ok": True, "result": OPS[op](request, progress)}
    except PuzzleError as exc:
        return {"ok": False, "error": {"type": type(exc).__name__, "message": exc.message,
                                       "where": exc.where}}
    except RecursionError as exc:  # pragma: no cover - defensive
        return {"ok": False, "error": {"type": "InternalError", "message": str(exc), "where": {}}}
    except Exception as exc:  # noqa: BLE001 - the boundary: report, never crash the caller
        return {"ok": False, "error": {"type": "InternalError",
                                       "message": f"{type(exc).__name__}: {exc}",
                                       "where": {}, "trace": traceback.format_exc(limit=5)}}


def op_link_import(request: dict, progress=None) -> dict:
    """A puzz.link URL as {kind, text, rules} (the text in the kind's canonical format)."""
    from gridlogic import links

    url = request.get("url")
    if not isinstance(url, str):
        raise RequestError("request needs 'url', a puzz.link URL", field="url")
    kind, puzzle = links.import_url(url)
    return {"kind": kind.KEY, "text": kind.format(puzzle), "rules": list(getattr(puzzle, "rules", ()) or ())}


def op_link_export(request: dict, progress=None) -> dict:
    """The puzz.link URL of a puzzle given as {kind, text, rules}."""
    from gridlogic import links

    kind = get_kind(request.get("kind"))
    return {"url": links.export_url(kind, _parse(kind, request))}


OPS.update({"link_import": op_link_import, "link_export": op_link_export})


def op_hint(request: dict, progress=None) -> dict:
    """The next cell to fill when the solution is unique: the empty cell whose row and column hold
    the most givens (a kind-independent "most constrained first"); none for several solutions."""
    kind = get_kind(request.get("kind"))
    puzzle = _parse(kind, request)
    answer = solver.solve(kind, puzzle, backend=request.get("backend") or None, mode="solve", keep=1)
    if answer.status != "unique":
        return {"status": answer.status, "hint": None}
    cells = kind.render(puzzle, answer.solution).to_json()["cells"]
    rows: dict[int, int] = {}
    cols: dict[int, int] = {}
    for cell in cells:
        if cell["role"] == "given":
            rows[cell["r"]] = rows.get(cell["r"], 0) + 1
            cols[cell["c"]] = cols.get(cell["c"], 0) + 1
    open_cells = [cell for cell in cells if cell["role"] == "solved"]
    if not open_cells:
        return {"status": "unique", "hint": None}
    best = max(open_cells, key=lambda cell: (rows.get(cell["r"], 0) + cols.get(cell["c"], 0), -cell["r"], -cell["c"]))
    return {"status": "unique", "hint": {"r": best["r"], "c": best["c"], "text": best["text"]}}


OPS["hint"] = op_hint

OPTIONAL_PACKAGES = ("sympy", "z3")


def op_preload(request: dict, progress=None) -> dict:
    """Import optional packages ahead of use (the page asks when a kind that needs them is picked)."""
    import importlib

    names = request.get("packages") or []
    unknown = [n for n in names if n not in OPTIONAL_PACKAGES]
    if unknown:
        raise RequestError(f"cannot preload {unknown[0]!r} (known: {', '.join(OPTIONAL_PACKAGES)})",
                           field="packages")
    for name in names:
        importlib.import_module(name)
    return {"loaded": list(names)}


OPS["preload"] = op_preload
