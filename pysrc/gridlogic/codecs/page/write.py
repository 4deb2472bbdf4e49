"""Writing a payload: an editing state in the page's share-link grammar (web/codecs/statelink.js and
web/codecs/statelink_parts.js write the same bytes)."""

from __future__ import annotations

from typing import Any

from gridlogic.layout.lattice import write_marks
from gridlogic.layout.vertex import write_numbers
from gridlogic.codecs.page.codes import (B36, DIGITS, DIRECTIONS, LETTERS, VERSION, check, edge_count, escape, is_integer,
                                        tables, text_of, width)


def _write_values(values: list, table: tuple[dict, dict], fields: dict[str, int] | None = None) -> str:
    code = table[0]
    fields = fields or {}
    out: list[str] = []
    run = 0

    def flush() -> None:
        nonlocal run
        while run > 0:
            out.append(LETTERS[min(run, 26) - 1])
            run -= 26
        run = 0

    for v in values:
        if v == "":
            run += 1
            continue
        flush()
        head = v[0] if v and ord(v[0]) <= 0xFFFF else None          # JS v[0]: one UTF-16 code unit
        n = fields.get(head) if head is not None else None
        words = v[1:].split(",")
        if n and head in code and len(words) == n and all(DIGITS.fullmatch(w) for w in words):
            out.append(code[head] + "".join(f"{w}." for w in words))
        elif not n and v in code:
            out.append(code[v])
        else:
            out.append(f"-{escape(v)}-")
    flush()
    return "".join(out)


def _write_cells(cells: Any, rows: int, cols: int, w: int) -> str | None:
    if not isinstance(cells, (list, tuple)) or not cells:
        return None
    out = []
    for cell in cells:
        if not isinstance(cell, (list, tuple)) or len(cell) != 2 or not all(is_integer(x) for x in cell):
            return None
        r, c = int(cell[0]), int(cell[1])
        if r < -1 or r > rows or c < -1 or c > cols:
            return None
        out.append(_base36(r + 1, w) + _base36(c + 1, w))
    return "".join(out)


def _base36(n: int, w: int) -> str:
    digits = ""
    while True:
        n, d = divmod(n, 36)
        digits = B36[d] + digits
        if not n:
            return digits.rjust(w, "0")


def _write_item(part: dict, item: Any, rows: int, cols: int, w: int) -> str:
    """An item as the section writes it, or "" when it cannot be held exactly (web/codecs/statelink_parts.js)."""
    if not isinstance(item, dict):
        return ""
    names = [choice.get("name") for choice in part.get("choices") or []]
    index = names.index(item.get("name")) if isinstance(item.get("name"), str) and item.get("name") in names else -1
    if index < 0 or index >= len(LETTERS):
        return ""
    cells = _write_cells(item.get("cells"), rows, cols, w)
    if cells is None:
        return ""
    out = LETTERS[index] + cells
    more = item.get("more")
    if more is not None and not (isinstance(more, (list, tuple)) and not more):
        more = _write_cells(more, rows, cols, w)
        if more is None:
            return ""
        out += f".{more}"
    value = item.get("value")
    if value is not None:
        if not isinstance(value, str):
            return ""
        if value:
            out += f"-{escape(value)}-"
    direction = item.get("direction")
    if direction is not None:
        if direction not in DIRECTIONS:
            return ""
        out += f"!{direction}"
    return out


def _write_parts(layout: dict, state: dict) -> str:
    parts = layout.get("parts") or []
    if not parts:
        return ""
    rows, cols = state["rows"], state["cols"]
    w = width(rows, cols)
    given = state.get("parts")
    given = given if isinstance(given, dict) else {}
    sections = []
    for part in parts:
        items = given.get(part["key"])
        if part.get("type") == "lattice":                # marks, not items (layout/lattice.py)
            sections.append(write_marks(part, items, rows, cols))
            continue
        if part.get("type") == "vertex":                 # numbers at corners (layout/vertex.py)
            sections.append(write_numbers(part, items, rows, cols))
            continue
        items = items if isinstance(items, list) else []
        sections.append("".join(_write_item(part, item, rows, cols, w) for item in items))
    while sections and not sections[-1]:
        sections.pop()
    return "~" + "".join(f"{s}~" for s in sections)


def encode_state(layout: dict, state: dict) -> str:
    """The payload ("v3.…") of a state, as web/codecs/statelink.js writes it."""
    t = tables(layout)
    rows, cols = state["rows"], state["cols"]
    body = f"{rows}x{cols}." + _write_values(state["cells"], t["cells"], t["fields"])
    if layout.get("marks") is not None:
        marks = state.get("marks") or {}
        body += _write_values(marks.get("h") or [], t["marks"]) + _write_values(marks.get("v") or [], t["marks"])
    for edge in layout.get("edges") or []:
        values = (state.get("edges") or {}).get(edge["key"]) or []
        for i in range(edge_count(edge, rows, cols)):
            body += escape(text_of(values[i]) if i < len(values) else "") + "-"
    extras = [text_of((state.get("extras") or {}).get(extra["key"])) for extra in layout.get("extras") or []]
    while extras and not extras[-1]:
        extras.pop()
    body += "".join(f"{escape(value)}-" for value in extras)
    body += _write_parts(layout, state)
    return VERSION + body + check(body)

