"""The ops about kinds and puzzles as such: every kind's page data (`kinds`), a puzzle read and shown
back (`parse`), a solution checked by the kind's own checker (`check`), optional packages loaded ahead
of use (`preload`); and `puzzle_of`, the puzzle of a request's `text` or `state`, which every op that
takes a puzzle reads through.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from gridlogic.errors import RequestError
from gridlogic.kinds import KINDS, SMT_PACKAGE, exports_of, has_setter, optional_packages, rules_of
from gridlogic.contract import backends_of, layout_of, optional


def puzzle_of(clean: dict) -> Any:
    """The puzzle of a request's `text` (a link there read by gridlogic.links) or `state`."""
    from gridlogic.links import parse_text

    if clean["state"] is not None:
        return clean["kind"].from_state(clean["state"], rules=clean["rules"])
    return parse_text(clean["kind"], clean["text"], rules=clean["rules"])


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
            "setter": has_setter(kind), "exports": list(exports_of(kind)), "puzzlink": puzzlink_of(kind)}


def puzzlink_of(kind) -> dict | None:
    """What the page reads of the kind's puzz.link URLs without the engine: {pid, cells} when its data is
    a plain encoding of the cells (PUZZLINK_CELLS), else None."""
    cells = optional(kind, "PUZZLINK_CELLS")
    return {"pid": optional(kind, "PUZZLINK_ID") or kind.KEY, "cells": cells} if cells else None


def op_kinds(clean: dict, progress=None) -> dict:
    """Every kind's names, rules, needed packages, backends, examples (text and state) and layout, and
    every optional package (the page's menus and editor; build.py writes it to kinds.json)."""
    return {"kinds": [kind_info(kind) for kind in KINDS], "packages": list(optional_packages())}


def op_parse(clean: dict, progress=None) -> dict:
    """Validate a puzzle: its canonical text, rules (those asked for and its text's own), editing state
    and board, or a located error."""
    kind = clean["kind"]
    puzzle = puzzle_of(clean)
    return {"text": kind.format(puzzle), "rules": list(rules_of(kind, puzzle, clean["rules"])), "state": kind.to_state(puzzle),
            "board": kind.render(puzzle).to_json()}


def op_check(clean: dict, progress=None) -> dict:
    """Check a proposed solution (text) against the puzzle with the kind's own checker."""
    kind = clean["kind"]
    puzzle = puzzle_of(clean)
    violations = kind.check(puzzle, kind.parse_solution(puzzle, clean["solution"]))
    return {"ok": not violations, "violations": [v.to_json() for v in violations]}


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
