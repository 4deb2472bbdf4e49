"""The page's share-link payloads (`v3.…`, and `v2.…` read), made from an editing state and a kind's
layout alone: the codec of web/codecs/statelink.js and web/codecs/statelink_parts.js, written again so
that the engine makes and reads the page's links (`link_export` format "page", `link_import`).

Both write the same bytes and read the same states; tests/test_statelink_cross.py runs the two on
the same states under Node. The grammar is in web/codecs/statelink.js. Where JavaScript counts UTF-16 code
units (a value "of one character", the check's hash) this module counts them too, and a JS object's
values come in JS order (integer keys first, ascending), so that the two never differ.
"""

from __future__ import annotations

import re
from typing import Any

from gridlogic.layout.lattice import B32 as _B32, read_marks, write_marks
from gridlogic.layout.vertex import SECTION_CHARS as _NUMBER_CHARS, read_numbers, write_numbers

VERSION = "v3."
OLD_VERSION = "v2."
CODES = "ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210"
B36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
DIRECTIONS = ("UL", "UR", "DL", "DR")
ALNUM = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
MAX_SIDE = 1000
_PLAIN = re.compile(r"[0-9A-Z]")
_DIGITS = re.compile(r"[0-9]*")
_FIELD = re.compile(r"([0-9]*)\.")
_SIZE = re.compile(r"([0-9]{1,4})x([0-9]{1,4})\.")
_HEX = re.compile(r"[0-9A-F]{2}")
_ARRAY_INDEX = re.compile(r"0|[1-9][0-9]*")


class _Damaged(Exception):
    """A payload that does not read (decode_state answers None)."""


# -- what JavaScript would see -----------------------------------------------------------------------
def _units(text: str) -> int:
    """The length of `text` in UTF-16 code units (JavaScript's `length`)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def _js_values(obj: dict) -> list:
    """`Object.values(obj)` in JavaScript's order: array-index keys ascending, then the rest as inserted."""
    index = [k for k in obj if isinstance(k, str) and _ARRAY_INDEX.fullmatch(k) and int(k) < 2**32 - 1]
    rest = [k for k in obj if k not in index]
    return [obj[k] for k in sorted(index, key=int) + rest]


def _is_integer(value: Any) -> bool:
    """JavaScript's Number.isInteger for a JSON value (3.0 is one, True is not)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _text(value: Any) -> str:
    """A state value as the JS writer reads it (`v || ""` for the strings a state holds)."""
    return value if isinstance(value, str) else ""


# -- the tables ------------------------------------------------------------------------------------
def _symbols(layout: dict) -> str:
    s = (layout.get("cell") or {}).get("symbols") or ""
    return s if isinstance(s, str) else "".join(_js_values(s))


def _code_table(values: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """value → one character, and back (see web/codecs/statelink.js codeTable)."""
    code: dict[str, str] = {}
    used: set[str] = set()
    for v in values:
        if _PLAIN.fullmatch(v):
            code[v] = v
            used.add(v)
    free = [ch for ch in CODES if ch not in used]
    for v in values:
        if _units(v) == 1 and v not in code and free:
            code[v] = free.pop(0)
    return code, {ch: v for v, ch in code.items()}


def _tables(layout: dict) -> dict:
    states = (layout.get("cell") or {}).get("states") or []
    cells = _code_table([*_symbols(layout), *(s["token"] for s in states)])
    fields = {s["token"]: len(s["fields"]) for s in states if s.get("fields")}
    marks = layout.get("marks") or {}
    return {"cells": cells, "fields": fields, "marks": _code_table([*(marks.get("h") or []), *(marks.get("v") or [])])}


# -- writing -----------------------------------------------------------------------------------------
def escape(text: str) -> str:
    """S: letters and digits as themselves, a space as ".", any other character as "_HH" per UTF-8 byte."""
    out = []
    for ch in text:
        if ch in ALNUM:
            out.append(ch)
        elif ch == " ":
            out.append(".")
        else:
            data = "\ufffd".encode() if 0xD800 <= ord(ch) <= 0xDFFF else ch.encode()
            out += [f"_{b:02X}" for b in data]
    return "".join(out)


def check(body: str) -> str:
    """The two check characters of a body."""
    h = 7
    data = body.encode("utf-16-le", "surrogatepass")
    for k in range(0, len(data), 2):
        h = (h * 31 + data[k] + 256 * data[k + 1]) % 1296
    return B36[h // 36] + B36[h % 36]


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
        if n and head in code and len(words) == n and all(_DIGITS.fullmatch(w) for w in words):
            out.append(code[head] + "".join(f"{w}." for w in words))
        elif not n and v in code:
            out.append(code[v])
        else:
            out.append(f"-{escape(v)}-")
    flush()
    return "".join(out)


def _edge_count(edge: dict, rows: int, cols: int) -> int:
    return rows if edge.get("side") in ("left", "right") else cols


def _width(rows: int, cols: int) -> int:
    return 1 if max(rows, cols) + 1 <= 35 else 2


def _write_cells(cells: Any, rows: int, cols: int, w: int) -> str | None:
    if not isinstance(cells, (list, tuple)) or not cells:
        return None
    out = []
    for cell in cells:
        if not isinstance(cell, (list, tuple)) or len(cell) != 2 or not all(_is_integer(x) for x in cell):
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
    w = _width(rows, cols)
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
    t = _tables(layout)
    rows, cols = state["rows"], state["cols"]
    body = f"{rows}x{cols}." + _write_values(state["cells"], t["cells"], t["fields"])
    if layout.get("marks") is not None:
        marks = state.get("marks") or {}
        body += _write_values(marks.get("h") or [], t["marks"]) + _write_values(marks.get("v") or [], t["marks"])
    for edge in layout.get("edges") or []:
        values = (state.get("edges") or {}).get(edge["key"]) or []
        for i in range(_edge_count(edge, rows, cols)):
            body += escape(_text(values[i]) if i < len(values) else "") + "-"
    extras = [_text((state.get("extras") or {}).get(extra["key"])) for extra in layout.get("extras") or []]
    while extras and not extras[-1]:
        extras.pop()
    body += "".join(f"{escape(value)}-" for value in extras)
    body += _write_parts(layout, state)
    return VERSION + body + check(body)


# -- reading -----------------------------------------------------------------------------------------
class _Reader:
    """A cursor over a payload body; its methods raise _Damaged on anything unexpected."""

    def __init__(self, text: str):
        self.text = text
        self.i = 0

    def done(self) -> bool:
        return self.i >= len(self.text)

    def peek(self) -> str:
        return self.text[self.i] if self.i < len(self.text) else ""

    def take(self, ch: str) -> bool:
        if self.peek() != ch:
            return False
        self.i += 1
        return True

    def span(self, allowed: str) -> str:
        start = self.i
        while self.i < len(self.text) and self.text[self.i] in allowed:
            self.i += 1
        return self.text[start:self.i]

    def string(self, end: str) -> str:
        """S up to (not including) `end`, decoded; `end` is taken."""
        out: list[str] = []
        data = bytearray()

        def flush() -> None:
            if data:
                try:
                    out.append(data.decode("utf-8"))
                except UnicodeDecodeError:
                    raise _Damaged from None
                data.clear()

        text = self.text
        while self.i < len(text) and text[self.i] != end:
            ch = text[self.i]
            if ch == "_":
                hex_ = text[self.i + 1:self.i + 3]
                if not _HEX.fullmatch(hex_):
                    raise _Damaged
                data.append(int(hex_, 16))
                self.i += 3
                continue
            flush()
            if ch == ".":
                out.append(" ")
            elif ch in ALNUM:
                out.append(ch)
            else:
                raise _Damaged
            self.i += 1
        flush()
        if not self.take(end):
            raise _Damaged
        return "".join(out)

    def values(self, count: int, table: tuple[dict, dict], fields: dict[str, int] | None = None) -> list[str]:
        value_of = table[1]
        fields = fields or {}
        out: list[str] = []
        text = self.text
        while len(out) < count:
            if self.done():
                raise _Damaged
            ch = text[self.i]
            self.i += 1
            if "a" <= ch <= "z":
                out += [""] * (ord(ch) - 96)
            elif ch == "-":
                v = self.string("-")
                if v == "":
                    raise _Damaged
                out.append(v)
            elif ch in value_of:
                v = value_of[ch]
                words = []
                for _ in range(fields.get(v, 0)):
                    m = _FIELD.match(text, self.i)
                    if not m:
                        raise _Damaged
                    words.append(m.group(1))
                    self.i = m.end()
                out.append(v + ",".join(words) if fields.get(v) else v)
            else:
                raise _Damaged
        if len(out) != count:
            raise _Damaged
        return out

    def cells(self, rows: int, cols: int, w: int) -> list[list[int]]:
        digits = self.span(B36)
        if not digits or len(digits) % (2 * w):
            raise _Damaged
        out = []
        for k in range(0, len(digits), 2 * w):
            r, c = int(digits[k:k + w], 36) - 1, int(digits[k + w:k + 2 * w], 36) - 1
            if r > rows or c > cols:
                raise _Damaged
            out.append([r, c])
        return out

    def item(self, part: dict, rows: int, cols: int, w: int) -> dict:
        choices = part.get("choices") or []
        index = LETTERS.find(self.peek()) if self.peek() else -1
        if index < 0 or index >= len(choices):
            raise _Damaged
        self.i += 1
        item: dict[str, Any] = {"name": choices[index]["name"], "cells": self.cells(rows, cols, w)}
        if self.take("."):
            item["more"] = self.cells(rows, cols, w)
        if self.take("-"):
            item["value"] = self.string("-")
            if not item["value"]:
                raise _Damaged                      # (an empty value is written as none)
        if self.take("!"):
            item["direction"] = self.span("UDLR")
            if item["direction"] not in DIRECTIONS:
                raise _Damaged
        return item

    def parts(self, layout: dict, rows: int, cols: int) -> dict[str, list[dict]]:
        parts: dict[str, Any] = {part["key"]: {} if part.get("type") in ("lattice", "vertex") else [] for part in layout["parts"]}
        if self.done():
            return parts                            # a payload from before the kind had parts
        if not self.take("~"):
            raise _Damaged
        w = _width(rows, cols)
        for part in layout["parts"]:
            if self.done():
                break
            if part.get("type") == "lattice":
                marks = read_marks(part, self.span(LETTERS + _B32), rows, cols)
                if marks is None or not self.take("~"):
                    raise _Damaged
                parts[part["key"]] = marks
                continue
            if part.get("type") == "vertex":
                numbers = read_numbers(part, self.span(_NUMBER_CHARS), rows, cols)
                if numbers is None or not self.take("~"):
                    raise _Damaged
                parts[part["key"]] = numbers
                continue
            while not self.take("~"):
                parts[part["key"]].append(self.item(part, rows, cols, w))
        return parts


def decode_state(layout: dict, payload: Any) -> dict | None:
    """The state a v3 or v2 payload holds (its shape only: read_state checks it fits), or None."""
    try:
        return _decode(layout, payload)
    except (_Damaged, ValueError, KeyError, TypeError, IndexError):
        return None


def _decode(layout: dict, payload: Any) -> dict | None:
    if not isinstance(payload, str):
        return None
    v3 = payload.startswith(VERSION)
    if not v3 and not payload.startswith(OLD_VERSION):
        return None
    whole = payload[len(VERSION):]
    body = whole[:-2] if len(whole) >= 2 else ""
    if len(whole) < 2 or check(body) != whole[-2:]:
        return None
    m = _SIZE.match(body)
    if not m:
        return None
    rows, cols = int(m.group(1)), int(m.group(2))
    if rows < 1 or cols < 1 or rows > MAX_SIDE or cols > MAX_SIDE:
        return None
    t = _tables(layout)
    read = _Reader(body[m.end():])
    state: dict[str, Any] = {"rows": rows, "cols": cols, "cells": read.values(rows * cols, t["cells"], t["fields"])}
    if layout.get("marks") is not None:
        h = read.values(rows * (cols - 1), t["marks"])
        state["marks"] = {"h": h, "v": read.values((rows - 1) * cols, t["marks"])}
    if layout.get("edges"):
        state["edges"] = {edge["key"]: [read.string("-") for _ in range(_edge_count(edge, rows, cols))]
                          for edge in layout["edges"]}
    if layout.get("extras"):
        state["extras"] = {}
        for extra in layout["extras"]:
            end = read.done() or (v3 and read.peek() == "~")      # (empty ones at the end are left out)
            state["extras"][extra["key"]] = "" if end else read.string("-")
    if layout.get("parts"):
        state["parts"] = (read.parts(layout, rows, cols) if v3 else
                          {part["key"]: {} if part.get("type") in ("lattice", "vertex") else [] for part in layout["parts"]})
    return state if read.done() else None


# -- what a link says of its puzzle --------------------------------------------------------------------
ABOUT = "i1."
ABOUT_FIELDS = ("title", "author", "rules_text")


def encode_about(about: dict | None) -> str:
    """The segment that carries a puzzle's title, author and rules text after the payload: `i1.` and
    each in S (trimmed), "~" between them, empty ones at the end left out; "" when all are empty."""
    values = [escape(((about or {}).get(key) or "").strip()) for key in ABOUT_FIELDS]
    while values and not values[-1]:
        values.pop()
    return ABOUT + "~".join(values) if values else ""


def decode_about(segment: str) -> dict | None:
    """{title, author, rules_text} of an `i1.` segment (None where empty), or None when it is damaged."""
    if not segment.startswith(ABOUT):
        return None
    fields = segment[len(ABOUT):].split("~")
    if len(fields) > len(ABOUT_FIELDS):
        return None
    try:
        values = [_Reader(field + "~").string("~") for field in fields]
    except _Damaged:
        return None
    values += [""] * (len(ABOUT_FIELDS) - len(values))
    return {key: value or None for key, value in zip(ABOUT_FIELDS, values)}


def link_hash(kind: str, rules, payload: str) -> str:
    """`kind[,rule...]/payload` (after the `#`), kind and rules %-escaped as encodeURIComponent does."""
    from urllib.parse import quote

    return ",".join(quote(name, safe="-_.!~*'()") for name in (kind, *rules)) + "/" + payload
