"""What every part module of the layout shares: the schema's error, its small checks, the text fields
of edges and extras, and the state's located refusal."""

from __future__ import annotations

import re
from typing import Any, NoReturn

from gridlogic.errors import RequestError, excerpt, type_name

MAX_CELL = 12             # characters of one cell value: a number, a symbol, a token and its fields
MAX_FIELD = 200           # characters of an edge or extra field whose layout gives no max_length
SIDES = {"left": "rows", "right": "rows", "top": "cols", "bottom": "cols"}


class LayoutError(ValueError):
    """A layout that breaks the schema: a bug in a kind, reported when the registry loads it."""


def need(ok: bool, message: str) -> None:
    """Raise a LayoutError saying `message` unless `ok`."""
    if not ok:
        raise LayoutError(message)


def known_keys(entry: dict, known: tuple[str, ...], where: str) -> None:
    """Refuse a layout entry with keys the schema does not know."""
    unknown = [k for k in entry if k not in known]
    need(not unknown, f"{where} has unknown keys {unknown} (known: {', '.join(known)})")


def is_int(value: Any) -> bool:
    """True for a whole number that is not a boolean."""
    return isinstance(value, int) and not isinstance(value, bool)


def refuse(message: str, **where: Any) -> NoReturn:
    """Refuse the request's state with a RequestError located at `where`."""
    raise RequestError(message, field="state", **where)


def check_fields(fields: Any, name: str, keys: tuple[str, ...], edge: bool) -> None:
    """Check a list of text fields (edges or extras): keys, unique key, side, texts, length, pattern."""
    need(isinstance(fields, list), f"{name} is not a list")
    seen = set()
    for i, field in enumerate(fields):
        where = f"{name}[{i}]"
        need(isinstance(field, dict), f"{where} is not a dict")
        known_keys(field, keys, where)
        key = field.get("key")
        need(isinstance(key, str) and key and key not in seen, f"{where}.key {key!r} is missing or used twice")
        seen.add(key)
        if edge:
            need(field.get("side") in SIDES, f"{where}.side {field.get('side')!r} is not one of {', '.join(SIDES)}")
        need(isinstance(field.get("label"), str), f"{where}.label is not a string")
        for text in ("placeholder", "help", "tone"):
            need(isinstance(field.get(text, ""), str), f"{where}.{text} is not a string")
        suggestions = field.get("suggestions", [])
        need(isinstance(suggestions, list) and all(isinstance(x, str) for x in suggestions),
             f"{where}.suggestions is not a list of strings")
        length = field.get("max_length", MAX_FIELD)
        need(is_int(length) and length > 0, f"{where}.max_length {length!r} is not a positive whole number")
        pattern = field.get("pattern", "")
        try:
            re.compile(pattern)
        except (re.error, TypeError):
            raise LayoutError(f"{where}.pattern {pattern!r} is not a regular expression") from None


def read_text(value: Any, field: dict, what: str, where: dict) -> str:
    """A text field's value: a string within the field's max_length, else a located refusal."""
    limit = field.get("max_length", MAX_FIELD)
    if not isinstance(value, str):
        refuse(f"'state' {what} must be a string, not {type_name(value)}", **where)
    if len(value) > limit:
        refuse(f"'state' {what} is {len(value):,} characters; the limit is {limit:,}", **where)
    return value


def known_dict(value: Any, name: str, known: Any) -> dict:
    """The state's dict `name` (empty when absent), refused when not a dict or naming a key not in `known`."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        refuse(f"'state' {name} must be an object, not {type_name(value)}")
    for key in value:
        if key not in known:
            have = f"its keys: {', '.join(known)}" if known else "this kind has none"
            refuse(f"'state' {name} has no key {excerpt(key)} ({have})")
    return value
