"""The one JSON boundary: `handle(request) -> response`, used by the CLI and the browser worker.

Requests are dicts with an `op`; responses are `{"ok": true, "result": ...}` or
`{"ok": false, "error": {"type", "message", "where"}}`. Only this module turns exceptions into
error envelopes; nothing raised by a request escapes as a traceback.

Every request is checked once, here, against `OPS` (which fields each op takes, which it needs,
which it takes exactly one of) and `FIELDS` (each field's type, range and default): a wrong field
is a `RequestError` naming it, and the ops and the kinds below receive clean values only. A puzzle
comes as `text` (the kind's text format) or as `state` (the editing state of gridlogic/layout.py,
its shape checked against the kind's layout here, its contents by the kind's `from_state`).
"""

from __future__ import annotations

import math
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from gridlogic import __version__, backends, explain, setter, solver, symmetry
from gridlogic.budget import DEFAULT_MS, MAX_MS, Budget, BudgetExceeded, first_then_within
from gridlogic.errors import MESSAGE_CHARS, PuzzleError, RequestError, clip, excerpt, type_name
from gridlogic.kinds import (KINDS, SMT_PACKAGE, backends_of, exports_of, get_kind, has_setter, is_cnf, layout_of,
                             optional_packages, rule_names)
from gridlogic.kinds.contract import optional
from gridlogic.layout import read_state

MAX_TEXT = 100_000        # characters of `text`, `solution` and `url`
MAX_LIMIT = 1_000_000     # solutions counted at most
MAX_KEEP = 10_000         # solutions sent back at most
MAX_BOARDS = 200          # of those, drawn as boards for the page at most
MAX_RULES = 20            # rule names in one request
MAX_ENTRIES = 10_000      # the user's entries in one request
MAX_COORDINATE = 10_000   # rows, columns and values of an entry
BACKENDS = ("sat", "smt", "native")
MAX_SIDE = 100            # rows and columns a generate request may ask for (each kind refuses its own limits)


def _string(name: str, value: Any, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise RequestError(f"'{name}' must be a string, not {type_name(value)}", field=name)
    if len(value) > limit:
        raise RequestError(f"'{name}' is {len(value):,} characters; the limit is {limit:,}", field=name)
    return value


def _choice(name: str, value: Any, known: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in known:
        raise RequestError(f"'{name}' must be one of {', '.join(known)} (got {excerpt(value)})", field=name)
    return value


def _integer(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        shown = excerpt(value) if isinstance(value, float) else type_name(value)
        raise RequestError(f"'{name}' must be a whole number from {low:,} to {high:,}, not {shown}",
                           field=name)
    if not low <= value <= high:
        shown = f"{value:,}" if abs(value) < 10 ** 30 else "a number of more than 30 digits"
        raise RequestError(f"'{name}' must be from {low:,} to {high:,} (got {shown})", field=name)
    return value


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise RequestError(f"'{name}' must be true or false, not {type_name(value)}", field=name)
    return value


def _names(name: str, value: Any, limit: int, comma_string: bool = False) -> list[str]:
    """A list of strings (with `comma_string`, a comma-separated string too)."""
    if comma_string and isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, (list, tuple)):
        raise RequestError(f"'{name}' must be a list of names, not {type_name(value)}", field=name)
    if len(value) > limit:
        raise RequestError(f"'{name}' has {len(value):,} entries; the limit is {limit}", field=name)
    out = []
    for item in value:
        if not isinstance(item, str):
            raise RequestError(f"'{name}' must hold names (strings), not {type_name(item)}", field=name)
        if len(item) > 100:
            raise RequestError(f"'{name}' holds a name of {len(item):,} characters: {excerpt(item)}", field=name)
        if item.strip():
            out.append(item.strip())
    return out


def _kind(value: Any, clean: dict) -> ModuleType:
    if not isinstance(value, str):
        raise RequestError(f"'kind' must be a string naming a kind (known: {' '.join(k.KEY for k in KINDS)})",
                           field="kind")
    return get_kind(value)


def _rules(value: Any, clean: dict) -> tuple[str, ...]:
    names = _names("rules", value, MAX_RULES, comma_string=True)
    kind = clean["kind"]
    known = rule_names(kind)
    for name in names:
        if name.lower() not in known:
            offer = f"known: {', '.join(known)}" if known else f"{kind.KEY} has no rule variants"
            raise RequestError(f"unknown {kind.KEY} rule {excerpt(name)} ({offer})", field="rules")
    return tuple(name.lower() for name in names)


def _packages(value: Any, clean: dict) -> tuple[str, ...]:
    known = optional_packages()
    names = _names("packages", value, len(known))
    for name in names:
        if name not in known:
            raise RequestError(f"cannot preload {excerpt(name)} (known: {', '.join(known)})", field="packages")
    return tuple(names)


def _entries(value: Any, clean: dict) -> list[tuple[int, int, int]]:
    """The user's entries: a list of [r, c, v] whole numbers (0-based cells)."""
    if not isinstance(value, (list, tuple)):
        raise RequestError(f"'entries' must be a list of [r, c, value], not {type_name(value)}", field="entries")
    if len(value) > MAX_ENTRIES:
        raise RequestError(f"'entries' has {len(value):,} entries; the limit is {MAX_ENTRIES:,}", field="entries")
    out = []
    seen: dict[tuple[int, int], int] = {}
    for item in value:
        if not isinstance(item, (list, tuple)) or len(item) != 3:
            raise RequestError(f"'entries' must hold [r, c, value] triples, not {excerpt(item)}", field="entries")
        r, c, v = (_integer("entries", x, 0, MAX_COORDINATE) for x in item)
        if (r, c) in seen:
            raise RequestError(f"'entries' has two values for r{r + 1}c{c + 1} ({seen[r, c]} and {v}): one per cell",
                               field="entries")
        seen[r, c] = v
        out.append((r, c, v))
    return out


def _state(value: Any, clean: dict) -> dict:
    return read_state(layout_of(clean["kind"]), value)


@dataclass(frozen=True)
class Field:
    """How one request field is read: `read(value, clean_so_far)` and the value when absent (or null)."""

    read: Callable[[Any, dict], Any]
    default: Any = None


FIELDS: dict[str, Field] = {
    "kind": Field(_kind),
    "text": Field(lambda v, c: _string("text", v)),
    "state": Field(_state),
    "rules": Field(_rules, ()),
    "constraints": Field(lambda v, c: tuple(_names("constraints", v, MAX_RULES, comma_string=True)), ()),  # generate
    "backend": Field(lambda v, c: _choice("backend", v, BACKENDS)),
    "engine": Field(lambda v, c: _choice("engine", v, _sat_engines())),
    "count": Field(lambda v, c: _flag("count", v), False),
    "all": Field(lambda v, c: _flag("all", v), False),
    "facts": Field(lambda v, c: _flag("facts", v), False),
    "candidates": Field(lambda v, c: _flag("candidates", v), False),
    "setter": Field(lambda v, c: _flag("setter", v), False),
    "explain": Field(lambda v, c: _flag("explain", v), False),
    "symmetry": Field(lambda v, c: v if isinstance(v, str) else _flag("symmetry", v), False),  # generate: a name
    "path": Field(lambda v, c: _flag("path", v), False),
    "format": Field(lambda v, c: _choice("format", v, LINK_FORMATS), "page"),
    "base": Field(lambda v, c: _string("base", v)),
    "entries": Field(_entries, ()),
    "render": Field(lambda v, c: _flag("render", v), True),
    "limit": Field(lambda v, c: _integer("limit", v, 1, MAX_LIMIT), 1000),
    "keep": Field(lambda v, c: _integer("keep", v, 1, MAX_KEEP)),
    "budget_ms": Field(lambda v, c: _integer("budget_ms", v, 1, MAX_MS), DEFAULT_MS),
    "packages": Field(_packages, ()),
    "url": Field(lambda v, c: _string("url", v)),
    "solution": Field(lambda v, c: _string("solution", v)),
    "rows": Field(lambda v, c: _integer("rows", v, 1, MAX_SIDE)),
    "cols": Field(lambda v, c: _integer("cols", v, 1, MAX_SIDE)),
    "difficulty": Field(lambda v, c: _string("difficulty", v, 100)),
    "minimal": Field(lambda v, c: _flag("minimal", v), False),
    "seed": Field(lambda v, c: _integer("seed", v, 0, 2 ** 53 - 1)),     # exact in JavaScript too
    "daily": Field(lambda v, c: _string("daily", v, 100)),
}


def _sat_engines() -> tuple[str, ...]:
    from gridlogic.backends import sat
    return sat.ENGINES


def _parse(clean: dict) -> Any:
    """The puzzle of a request's `text` (a link there read by gridlogic.links) or `state`."""
    from gridlogic.links import parse_text

    if clean["state"] is not None:
        return clean["kind"].from_state(clean["state"], rules=clean["rules"])
    return parse_text(clean["kind"], clean["text"], rules=clean["rules"])


def op_hello(clean: dict, progress=None) -> dict:
    """Version, kinds, backends, the optional packages preload takes and the limits a request must keep to."""
    return {"version": __version__, "kinds": [k.KEY for k in KINDS], "backends": backends.available(),
            "packages": list(optional_packages()),
            "limits": {"text": MAX_TEXT, "limit": MAX_LIMIT, "keep": MAX_KEEP, "boards": MAX_BOARDS,
                       "budget_ms": MAX_MS, "default_budget_ms": DEFAULT_MS}}


def kind_info(kind: ModuleType) -> dict:
    """What the page knows of a kind before the engine loads: names, rules, packages, examples, layout,
    how fact values that are not numbers are said and drawn (`values`: nonogram 1 "filled" ■), what
    its "New puzzle" control offers (`generate`: see gridlogic.generate.options; None when not generated),
    whether the setter tool applies (`setter`) and the link formats it exports (`exports`)."""
    from gridlogic import generate

    examples = []
    for e in kind.EXAMPLES:
        state = kind.to_state(kind.parse(e.text, rules=e.rules))
        examples.append({"name": e.name, "text": e.text, "rules": list(e.rules), "count": e.count, "state": state})
    return {"key": kind.KEY, "title": kind.TITLE, "rules": [{"key": r, "label": r} for r in kind.RULES],
            "aliases": {name: list(rules) for name, rules in kind.ALIASES.items()}, "needs": list(kind.NEEDS),
            "backends": list(backends_of(kind)), "examples": examples, "layout": layout_of(kind),
            "values": {str(v): {"word": word, "mark": mark}
                       for v, (word, mark) in (optional(kind, "VALUE_WORDS") or {}).items()},
            "how_to_play": optional(kind, "HOW_TO_PLAY") or "", "generate": generate.options(kind),
            "setter": has_setter(kind), "exports": list(exports_of(kind))}


def op_kinds(clean: dict, progress=None) -> dict:
    """Every kind's names, rules, needed packages, backends, examples (text and state) and layout, and
    every optional package (the page's menus and editor; build.py writes it to kinds.json)."""
    return {"kinds": [kind_info(kind) for kind in KINDS], "packages": list(optional_packages())}


def op_parse(clean: dict, progress=None) -> dict:
    """Validate a puzzle: its canonical text, editing state and board, or a located error."""
    kind = clean["kind"]
    puzzle = _parse(clean)
    return {"text": kind.format(puzzle), "state": kind.to_state(puzzle), "board": kind.render(puzzle).to_json()}


def op_solve(clean: dict, progress: Callable[[dict], None] | None = None) -> dict:
    """Solve (and say unique/multiple/none), or count / list solutions up to `limit`, within `budget_ms`.

    With `entries` the solutions are those that agree with them, and the answer also has `wrong`,
    `wrong_stopped` and `message` (see _wrong_in_solve): when the entries leave no solution, the wrong
    ones are named instead of a conflict; only a puzzle without solutions of its own gets its conflict."""
    budget = Budget(clean["budget_ms"])
    kind = clean["kind"]
    for field in ("facts", "candidates", "explain", "entries"):
        if clean[field] and not (field == "entries" and solver.searches_entries(kind)):
            explain.check_explainable(kind, field)
    if clean["setter"]:
        setter.check_setter(kind)
        if clean["entries"]:
            raise RequestError("'setter' looks at the puzzle's own givens: send it without 'entries'",
                               field="setter")
    puzzle = _parse(clean)
    mode = "all" if clean["all"] else "count" if clean["count"] else "solve"
    if isinstance(clean["symmetry"], str):
        raise RequestError(f"'symmetry' of a solve must be true or false, not {excerpt(clean['symmetry'])}",
                           field="symmetry")
    if clean["symmetry"] and mode == "solve":
        raise RequestError("'symmetry' needs 'count' or 'all' (classes are counted from every solution)",
                           field="symmetry")
    if clean["symmetry"] and clean["entries"]:
        raise RequestError("'symmetry' counts the puzzle's own solutions: send it without 'entries'",
                           field="symmetry")
    entries = clean["entries"]
    limit = clean["limit"]
    keep = clean["keep"]
    if keep is None:
        keep = min(limit, MAX_KEEP) if mode == "all" else 2 if mode == "solve" else 20
    unit = "count" if is_cnf(kind) else "nodes"          # native searches report nodes searched
    report = _reporter(progress, unit, kind, puzzle, clean["render"])
    answer = solver.solve(kind, puzzle, backend=clean["backend"], mode=mode, limit=limit, keep=keep,
                          engine=clean["engine"], on_progress=report, budget=budget, entries=entries)
    shown, cut = first_then_within(budget, enumerate(answer.solutions),
                                   lambda item: _shown_solution(kind, puzzle, *item, clean["render"]))
    solutions = [text for text, _ in shown]
    result = {
        "kind": kind.KEY,
        "status": answer.status,
        "solution": solutions[0] if solutions else None,
        "solutions": solutions,
        "kept": len(solutions),
        "kept_stopped": "budget" if cut or answer.kept_stopped else None,
        "engine": answer.engine,
        "elapsed_ms": answer.stats["elapsed_ms"],
        "budget_ms": clean["budget_ms"],
        "stopped": answer.stopped,
    }
    if clean["render"]:
        boards = [board for _, board in shown if board is not None]
        result["board"] = boards[0] if boards else kind.render(puzzle).to_json()
        result["boards"] = boards
    if mode != "solve" or answer.stopped:
        result["count"] = answer.count
        result["count_complete"] = answer.complete
    if clean["symmetry"]:
        result.update(symmetry.classes(kind, puzzle, answer.count, answer.complete, engine=clean["engine"],
                                       budget=budget))
    answer_of = optional(kind, "answer_of")
    if answer_of is not None and answer.solution is not None:
        result["answer"] = answer_of(puzzle, answer.solution)
    if clean["facts"]:
        result.update(_facts(kind, puzzle, entries, answer, clean["engine"], budget))
    if clean["candidates"]:
        result.update(_candidates(kind, puzzle, entries, answer, clean["engine"], budget))
    if clean["setter"]:
        result.update(_setter(kind, puzzle, answer, clean["engine"], budget))
    checked = None
    if entries:
        checked = _progress(kind, puzzle, entries, clean["engine"], budget) if answer.status == "none" else None
        result.update(_wrong_json(kind, entries, checked))
    if clean["explain"]:
        if checked is not None and checked.wrong:
            result.update({"conflict": None, "conflict_clues": None, "because": None, "conflict_minimal": None,
                           "explain_stopped": None})
        else:
            shown = () if checked is not None and checked.status == "none" else entries
            result.update(_conflict(kind, puzzle, shown, answer, clean["engine"], budget))
    return result


def _reporter(progress: Callable[[dict], None] | None, unit: str, kind: ModuleType, puzzle: Any,
              render: bool) -> Callable | None:
    """on_progress for solver.solve: {unit: n}, and with a count the boards of the solutions kept since
    the last report (the first MAX_BOARDS), so that a count stopped keeps what it found."""
    if progress is None:
        return None
    drawn = 0

    def report(n: int, new: Any = ()) -> None:
        nonlocal drawn
        message: dict = {unit: n}
        if render and new and drawn < MAX_BOARDS:
            boards = [kind.render(puzzle, solution).to_json() for solution in list(new)[:MAX_BOARDS - drawn]]
            drawn += len(boards)
            message["boards"] = boards
        progress(message)
    return report


def _wrong_json(kind: ModuleType, entries: list, checked: Any) -> dict:
    """For a solve with entries, from the check of entries that left no solution (None when there are
    solutions): `wrong` (the entries no solution keeps, [r, c, v] in position order), `wrong_stopped`
    ("budget" when the time ran out before all were checked) and `message` (a sentence naming them, or
    saying the puzzle has no solution by itself; None while there are solutions)."""
    if checked is None:
        return {"wrong": [], "wrong_stopped": None, "message": None}
    wrong = _wrong_triples(entries, checked.wrong)
    if wrong:
        message = wrong_message(kind, wrong)
    elif checked.status == "none":
        message = "the puzzle has no solution even without your entries"
    else:
        message = "your entries leave no solution; which are wrong was not found within the time budget"
    return {"wrong": wrong, "wrong_stopped": checked.stopped, "message": message}


def _progress(kind: ModuleType, puzzle: Any, entries: list, engine: str | None, budget: Budget) -> Any:
    """explain.progress for CNF kinds, solver.search_progress for kinds whose search takes entries."""
    if solver.searches_entries(kind):
        return solver.search_progress(kind, puzzle, entries, budget=budget)
    return explain.progress(kind, puzzle, entries, engine=engine, budget=budget)


def _wrong_triples(entries: list, cells: Any) -> list[list[int]]:
    """The entries at `cells` as [r, c, v], in the order of `cells` (position order)."""
    value = {(r, c): v for r, c, v in entries}
    return [[r, c, value[r, c]] for r, c in cells]


WRONG_NAMED = 5           # wrong entries a message names one by one; the rest are counted


def wrong_message(kind: ModuleType, wrong: list) -> str:
    """"your 6 at r1c1 is wrong; no solution keeps it" (a value with a word: "your empty cell at r1c1")."""
    words = optional(kind, "VALUE_WORDS") or {}
    names = [f"your {words[v][0]} cell at r{r + 1}c{c + 1}" if v in words else f"your {v} at r{r + 1}c{c + 1}"
             for r, c, v in wrong[:WRONG_NAMED]]
    if len(wrong) > WRONG_NAMED:
        names.append(f"{len(wrong) - WRONG_NAMED:,} more")
    if len(names) == 1:
        return f"{names[0]} is wrong; no solution keeps it"
    return f"{', '.join(names[:-1])} and {names[-1]} are wrong; no solution keeps them"


def _shown_solution(kind: ModuleType, puzzle: Any, i: int, solution: Any, render: bool) -> tuple[str, dict | None]:
    """A kept solution as text, and as a board when boards are drawn and it is among the first MAX_BOARDS."""
    board = kind.render(puzzle, solution).to_json() if render and i < MAX_BOARDS else None
    return kind.format(puzzle, solution), board


def _facts(kind: ModuleType, puzzle: Any, entries: list, answer: Any, engine: str | None, budget: Budget) -> dict:
    """The certain cells of a puzzle with solutions: `facts`, `facts_count`, and `facts_stopped`
    ("budget" when the time ran out first; then the other two are None, as for no solution)."""
    out = {"facts": None, "facts_count": None, "facts_stopped": answer.stopped}
    if answer.status in ("unique", "multiple"):
        try:
            cells = explain.facts(kind, puzzle, entries, engine=engine, budget=budget)
        except BudgetExceeded:
            out["facts_stopped"] = "budget"
        else:
            if cells is not None:
                out["facts"], out["facts_count"] = [list(cell) for cell in cells], len(cells)
    return out


def _candidates(kind: ModuleType, puzzle: Any, entries: list, answer: Any, engine: str | None,
                budget: Budget) -> dict:
    """The true candidates of a puzzle with solutions: `candidates` ([r, c, [values]] per open cell) and
    `candidates_stopped` ("budget" when the time ran out first: then the values not yet settled are
    left in, or `candidates` is None when no solution was found)."""
    out = {"candidates": None, "candidates_stopped": answer.stopped}
    if answer.status in ("unique", "multiple"):
        try:
            cells = explain.candidates(kind, puzzle, entries, engine=engine, budget=budget)
        except BudgetExceeded as stop:
            out["candidates_stopped"] = "budget"
            cells = list(stop.kept) or None
        if cells is not None:
            out["candidates"] = [[r, c, list(values)] for r, c, values in cells]
    return out


def _setter(kind: ModuleType, puzzle: Any, answer: Any, engine: str | None, budget: Budget) -> dict:
    """The setter helpers (see setter.helpers): `differ` and `unique_with` for several solutions,
    `redundant` for one, and `setter_stopped`."""
    if answer.status in ("unique", "multiple"):
        return setter.helpers(kind, puzzle, engine=engine, budget=budget)
    return {"differ": None, "unique_with": None, "redundant": None, "setter_stopped": answer.stopped}


def _conflict(kind: ModuleType, puzzle: Any, entries: list, answer: Any, engine: str | None,
              budget: Budget) -> dict:
    """Why a puzzle has no solution: `conflict` (the cells), `conflict_clues`, `because` (a sentence),
    `conflict_minimal`, and `explain_stopped` ("budget" when the time ran out first: then either no
    conflict, or the smallest set found so far, not shown minimal); None for a puzzle with solutions."""
    out = {"conflict": None, "conflict_clues": None, "because": None, "conflict_minimal": None,
           "explain_stopped": answer.stopped}
    if answer.status == "none":
        try:
            found = explain.explain(kind, puzzle, entries, engine=engine, budget=budget)
        except BudgetExceeded:
            out["explain_stopped"] = "budget"
        else:
            if found is not None:
                out.update(_conflict_json(found))
                out["explain_stopped"] = found.stopped
    return out


def _conflict_json(conflict: explain.Conflict) -> dict:
    """A conflict's `conflict` (the cells), `conflict_clues`, `because` (a sentence) and
    `conflict_minimal` (false when dropping some clue was not shown to leave a solution)."""
    clues = list(conflict.clues)
    cells = sorted({cell for clue in clues for cell in clue.cells})
    return {"conflict": [list(cell) for cell in cells],
            "conflict_clues": [{"key": _json_key(clue.key), "label": clue.label,
                                "cells": [list(cell) for cell in clue.cells]} for clue in clues],
            "because": explain.because(clues), "conflict_minimal": conflict.minimal}


def _json_key(key: Any) -> Any:
    """A clue key as JSON: tuples become lists, anything but str, int, bool and None a string."""
    if isinstance(key, tuple):
        return [_json_key(part) for part in key]
    return key if key is None or isinstance(key, (str, int, bool)) else str(key)


def op_check(clean: dict, progress=None) -> dict:
    """Check a proposed solution (text) against the puzzle with the kind's own checker."""
    kind = clean["kind"]
    puzzle = _parse(clean)
    violations = kind.check(puzzle, kind.parse_solution(puzzle, clean["solution"]))
    return {"ok": not violations, "violations": [v.to_json() for v in violations]}


def op_hint(clean: dict, progress=None) -> dict:
    """The next step with its reason: one value (or eliminated candidate) forced now, the clues that force
    it, and a sentence; with `path`, every step to the end and the difficulty. The puzzle's givens and
    `entries` are what the user has so far; entries no solution keeps are named first (`wrong`, `message`,
    no hint). Steps are always found through SAT; a `backend` named must be one the kind can use."""
    budget = Budget(clean["budget_ms"])
    kind = clean["kind"]
    if not is_cnf(kind):
        raise RequestError(f"{kind.TITLE} has no hints (it is solved by a search, not through SAT); "
                           "'progress' checks your entries", field="kind")
    explain.check_explainable(kind, "hint", "kind")
    if clean["backend"] is not None:
        solver.check_backend(kind, clean["backend"])
    puzzle = _parse(clean)
    if clean["entries"]:
        checked = explain.progress(kind, puzzle, clean["entries"], engine=clean["engine"], budget=budget)
        if checked.wrong or checked.stopped:
            return _hint_of_wrong(kind, clean, checked)
    # Without a named engine, a hint or a path is walked as the generator rates (RATING_ENGINE, a new
    # solver): the same steps on CPython and in the page, whatever was asked before.
    fresh = clean["engine"] is None
    walk = explain.walk(kind, puzzle, clean["entries"], most=None if clean["path"] else 1,
                        engine=explain.RATING_ENGINE if fresh else clean["engine"], budget=budget, new=fresh)
    steps = [step.to_json() for step in walk.steps]
    result = {"status": walk.status, "hint": steps[0] if steps else None, "stopped": walk.stopped,
              "message": _hint_message(walk)}
    if clean["entries"]:
        result["wrong"] = []
    if walk.conflict is not None:
        result.update(_conflict_json(walk.conflict))
    if clean["path"]:
        result["steps"] = steps
        finished = walk.status != "none" and not walk.stopped
        result["difficulty"] = _difficulty(kind, puzzle, walk.steps, budget, clean["entries"]) if finished else None
    return result


def _difficulty(kind: ModuleType, puzzle: Any, steps: Any, budget: Budget, entries: Any) -> dict | None:
    """A finished path's difficulty (see explain.difficulty); None when the kind's grader ran out of time."""
    try:
        return explain.difficulty(kind, puzzle, steps, budget, entries)
    except BudgetExceeded:
        return None


def _hint_of_wrong(kind: ModuleType, clean: dict, checked: Any) -> dict:
    """The hint when entries are wrong (status none: no solution keeps them all), or when checking them
    used the budget up (status unknown, `stopped` "budget")."""
    wrong = _wrong_triples(clean["entries"], checked.wrong)
    if wrong:
        message = wrong_message(kind, wrong)
    else:
        message = "your entries could not be checked within the time budget"
    result = {"status": "none" if wrong else "unknown", "hint": None, "stopped": checked.stopped,
              "message": message, "wrong": wrong}
    if clean["path"]:
        result["steps"] = []
        result["difficulty"] = None
    return result


def _hint_message(walk: Any) -> str:
    """What the hint says when it gives no step, or the first step's sentence."""
    if walk.steps:
        return walk.steps[0].sentence
    if walk.status == "none" and walk.conflict is None:
        return "No solution; which clues cannot all hold was not found within the time budget."
    if walk.status == "none":
        return "No solution: " + explain.because(list(walk.conflict.clues))
    if walk.stopped:
        return "No step found within the time budget."
    if not walk.open_cells:
        return "Nothing left: every cell is filled."
    return "No cell is certain yet: the puzzle has several solutions here."


def op_progress(clean: dict, progress=None) -> dict:
    """Check the user's `entries` against the puzzle: the wrong ones (no solution agrees with them and
    the correct ones before them), and whether all are correct so far; no other cell is revealed. CNF
    kinds ask SAT; a kind whose search takes entries (number cross) asks its search."""
    budget = Budget(clean["budget_ms"])
    kind = clean["kind"]
    if not solver.searches_entries(kind):
        explain.check_explainable(kind, "progress", "kind")
    puzzle = _parse(clean)
    checked = _progress(kind, puzzle, clean["entries"], clean["engine"], budget)
    return {"status": checked.status, "wrong": [list(cell) for cell in checked.wrong],
            "correct_so_far": checked.status in ("unique", "multiple") and not checked.wrong,
            "stopped": checked.stopped}


def op_link_import(clean: dict, progress=None) -> dict:
    """A puzz.link URL, a Tatham game ID or permalink (Pattern, Unequal, Solo), an f-puzzles or SudokuPad
    link, or a link of this page (`#kind[,rules]/v3.…` or `v2.…`, older payloads, `#kind=…&p=…`,
    `?kind=…&p=…`), as {kind, text, rules, state, source, title, author, rules_text, warnings, entries}
    (the text in the kind's canonical format; `source` "puzzlink" for puzz.link and pzv.jp, "tatham",
    "page", or the payload's format of a variant link, "f-puzzles" or "scl"; `warnings` what a variant
    link drew that is not read as a rule; `entries` the player's values a link stored beside its givens,
    [r, c, value] each)."""
    from gridlogic.links import import_link

    found = import_link(clean["url"])
    kind, puzzle = found.kind, found.puzzle
    return {"kind": kind.KEY, "text": kind.format(puzzle), "rules": list(found.rules), "state": kind.to_state(puzzle),
            "source": found.source, "title": found.title, "author": found.author, "rules_text": found.rules_text,
            "warnings": list(found.warnings), "entries": [list(x) for x in found.entries]}


LINK_FORMATS = tuple(dict.fromkeys(format for kind in KINDS for format in exports_of(kind)))
"""Every link format some kind exports (the registry's `exports_of`): "page", "puzzlink", then the kinds' own."""


def op_link_export(clean: dict, progress=None) -> dict:
    """A link of a puzzle given as {kind, text or state, rules}, in `format`: this page's share link (the
    default: `base` + `#kind[,rules]/v3.…`, the fragment alone without `base`), a puzz.link URL, or one of
    the kind's own formats (its EXPORTS, such as f-puzzles `?load=` and SudokuPad links)."""
    from gridlogic.links import export_link

    if clean["base"] is not None and clean["format"] != "page":
        raise RequestError(f"'base' is for format page, not {clean['format']}", field="base")
    puzzle = _parse(clean)
    return {"url": export_link(clean["kind"], puzzle, clean["format"], rules=clean["rules"], base=clean["base"])}


def op_preload(clean: dict, progress=None) -> dict:
    """Import optional packages ahead of use (the page asks when a kind that needs them is picked)."""
    import importlib

    for name in clean["packages"]:
        try:
            importlib.import_module(name)
        except ImportError:
            extra = f" (pip install 'gridlogic[{name}]')" if name == SMT_PACKAGE else ""
            raise RequestError(f"cannot preload {name}: it is not installed here{extra}", field="packages") from None
    return {"loaded": list(clean["packages"])}


def op_generate(clean: dict, progress: Callable[[dict], None] | None = None) -> dict:
    """A new puzzle of a kind, size (`rows`, `cols`), `rules`, `constraints` (families of clues drawn
    on the grid: sudoku takes ["killer"], cages summed over the whole grid), `difficulty`, `symmetry`
    (a name) and `minimal`ity, from `seed` or the `daily` date (see gridlogic/generate): {status
    "generated", kind, text, state, rules, constraints, difficulty (as a hint path gives it), seed,
    tried}, or status "unknown" with `stopped` "budget"; progress gets {"tried": n} now and then."""
    from gridlogic import generate

    symmetry = clean["symmetry"]
    if isinstance(symmetry, bool):
        if symmetry:
            raise RequestError(f"'symmetry' of generate names one: {', '.join(generate.SYMMETRIES)}", field="symmetry")
        symmetry = None
    return generate.generate(clean["kind"], rows=clean["rows"], cols=clean["cols"], rules=clean["rules"],
                             constraints=clean["constraints"], difficulty=clean["difficulty"], symmetry=symmetry,
                             minimal=clean["minimal"],
                             seed=clean["seed"], daily=clean["daily"], budget=Budget(clean["budget_ms"]),
                             progress=progress)


@dataclass(frozen=True)
class Op:
    """One operation: its function, the fields it needs, the fields it may also take, and a group of
    fields of which it needs exactly one."""

    run: Callable[..., dict]
    needs: tuple[str, ...] = ()
    takes: tuple[str, ...] = ()
    one_of: tuple[str, ...] = ()

    @property
    def fields(self) -> tuple[str, ...]:
        """Every field the op reads."""
        return self.needs + self.one_of + self.takes


_PUZZLE = {"needs": ("kind",), "one_of": ("text", "state")}
_SOLVING = ("rules", "backend", "engine", "budget_ms")
OPS: dict[str, Op] = {
    "hello": Op(op_hello),
    "kinds": Op(op_kinds),
    "parse": Op(op_parse, takes=("rules",), **_PUZZLE),
    "solve": Op(op_solve, takes=_SOLVING + ("count", "all", "symmetry", "facts", "candidates", "setter", "explain",
                                        "render",
                                        "limit", "keep", "entries"), **_PUZZLE),
    "check": Op(op_check, ("kind", "solution"), ("rules",), ("text", "state")),
    "hint": Op(op_hint, takes=_SOLVING + ("entries", "path"), **_PUZZLE),
    "progress": Op(op_progress, ("kind", "entries"), ("rules", "engine", "budget_ms"), ("text", "state")),
    "link_import": Op(op_link_import, ("url",)),
    "link_export": Op(op_link_export, takes=("rules", "format", "base"), **_PUZZLE),
    "preload": Op(op_preload, (), ("packages",)),
    "generate": Op(op_generate, ("kind",), ("rules", "constraints", "rows", "cols", "difficulty", "symmetry",
                                            "minimal", "seed", "daily", "budget_ms")),
}


def read_request(request: Any) -> tuple[Op, dict]:
    """The op and its clean fields (defaults filled in), or a RequestError naming the bad field."""
    if not isinstance(request, dict):
        raise RequestError(f"a request is a JSON object with an 'op', not {type_name(request)}")
    name = request.get("op")
    if not isinstance(name, str) or name not in OPS:
        raise RequestError(f"unknown op {excerpt(name)} (known: {', '.join(OPS)})", field="op")
    op = OPS[name]
    allowed = op.fields
    for key in request:
        if key != "op" and key not in allowed:
            fields = ", ".join(allowed) or "none"
            raise RequestError(f"op {name!r} takes no field {excerpt(key)} (its fields: {fields})",
                               field=clip(key) if isinstance(key, str) else "op")
    clean: dict[str, Any] = {}
    for key in FIELDS:                       # table order: `kind` before `rules` and `state`
        if key not in allowed:
            continue
        if op.one_of and key == op.one_of[0]:
            _exactly_one(name, op.one_of, request)
        value = request.get(key)
        if value is None:
            if key in op.needs:
                raise RequestError(f"op {name!r} needs '{key}'", field=key)
            clean[key] = FIELDS[key].default
        else:
            clean[key] = FIELDS[key].read(value, clean)
    return op, clean


def _exactly_one(name: str, group: tuple[str, ...], request: dict) -> None:
    given = [key for key in group if request.get(key) is not None]
    if len(given) != 1:
        names = " or ".join(f"'{key}'" for key in group)
        detail = f"got {' and '.join(repr(k) for k in given)}" if given else "got neither"
        raise RequestError(f"op {name!r} takes exactly one of {names} ({detail})",
                           field=given[1] if given else group[0])


def handle(request: Any, progress: Callable[[dict], None] | None = None) -> dict:
    """Answer one request; never raises (errors become envelopes)."""
    try:
        op, clean = read_request(request)
        return {"ok": True, "result": op.run(clean, progress)}
    except PuzzleError as exc:
        return {"ok": False, "error": {"type": type(exc).__name__, "message": _shorten(exc.message),
                                       "where": exc.where}}
    except RecursionError as exc:  # pragma: no cover - defensive
        return {"ok": False, "error": {"type": "InternalError", "message": _shorten(str(exc)), "where": {}}}
    except Exception as exc:  # noqa: BLE001 - the boundary: report, never crash the caller
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
