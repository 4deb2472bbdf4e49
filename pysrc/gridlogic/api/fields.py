"""The door: the one table of ops (`OPS`: which fields each op takes, which it needs, which it takes
exactly one of) and of fields (`FIELDS`: each field's type, range and default), and `read_request`,
which checks every request against them once. A wrong field is a `RequestError` naming it, and the ops
and the kinds below receive clean values only. A puzzle comes as `text` (the kind's text format) or as
`state` (the editing state of gridlogic/layout.py, its shape checked against the kind's layout here,
its contents by the kind's `from_state`). `hello` says what the door takes: the kinds, the backends,
the packages and the limits below.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from gridlogic import __version__, backends
from gridlogic.api.generate import op_generate
from gridlogic.api.hints import op_clashes, op_hint, op_progress
from gridlogic.api.kinds import op_check, op_kinds, op_parse, op_preload
from gridlogic.api.links import LINK_FORMATS, op_link_export, op_link_import
from gridlogic.api.solve import MAX_BOARDS, MAX_KEEP, op_solve
from gridlogic.budget import DEFAULT_MS, MAX_MS
from gridlogic.errors import RequestError, clip, excerpt, known_list, type_name
from gridlogic.kinds import KINDS, get_kind, optional_packages, rule_names
from gridlogic.contract import layout_of
from gridlogic.layout import read_state

MAX_TEXT = 100_000        # characters of `text`, `solution` and `url`
MAX_LIMIT = 1_000_000     # solutions counted at most
MAX_RULES = 20            # rule names in one request
MAX_ENTRIES = 10_000      # the user's entries in one request
MAX_COORDINATE = 10_000   # rows, columns and values of an entry
BACKENDS = ("sat", "smt", "native")
MAX_SIDE = 100            # rows and columns a generate request may ask for (each kind refuses its own limits)
MAX_TITLE = 1_000         # characters of a link's `title` and `author`
MAX_RULES_TEXT = 10_000   # characters of a link's `rules_text`


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
        raise RequestError(known_list("'kind' must be a string naming a kind", [k.KEY for k in KINDS]),
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
    "title": Field(lambda v, c: _string("title", v, MAX_TITLE)),                 # link_export
    "author": Field(lambda v, c: _string("author", v, MAX_TITLE)),
    "rules_text": Field(lambda v, c: _string("rules_text", v, MAX_RULES_TEXT)),
}


def _sat_engines() -> tuple[str, ...]:
    from gridlogic.backends import sat
    return sat.ENGINES


def op_hello(clean: dict, progress=None) -> dict:
    """Version, kinds, backends, the optional packages preload takes and the limits a request must keep to."""
    return {"version": __version__, "kinds": [k.KEY for k in KINDS], "backends": backends.available(),
            "packages": list(optional_packages()),
            "limits": {"text": MAX_TEXT, "limit": MAX_LIMIT, "keep": MAX_KEEP, "boards": MAX_BOARDS,
                       "budget_ms": MAX_MS, "default_budget_ms": DEFAULT_MS}}


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
    "clashes": Op(op_clashes, ("kind",), ("entries", "rules", "budget_ms"), ("text", "state")),
    "link_import": Op(op_link_import, ("url",), ("budget_ms",)),
    "link_export": Op(op_link_export, takes=("rules", "format", "base", "title", "author", "rules_text"), **_PUZZLE),
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
