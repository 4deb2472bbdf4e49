"""What both directions of the page's share-link codec share: its character sets, the code tables a
kind's layout gives, JavaScript's ways of counting, the S escape and the check characters."""

from __future__ import annotations

import re
from typing import Any

VERSION = "v3."
OLD_VERSION = "v2."
CODES = "ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210"
B36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
DIRECTIONS = ("UL", "UR", "DL", "DR")
ALNUM = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
MAX_SIDE = 1000
_PLAIN = re.compile(r"[0-9A-Z]")
DIGITS = re.compile(r"[0-9]*")
FIELD = re.compile(r"([0-9]*)\.")
SIZE = re.compile(r"([0-9]{1,4})x([0-9]{1,4})\.")
HEX = re.compile(r"[0-9A-F]{2}")
_ARRAY_INDEX = re.compile(r"0|[1-9][0-9]*")


class Damaged(Exception):
    """A payload that does not read (decode_state answers None)."""


# -- what JavaScript would see -----------------------------------------------------------------------
def units(text: str) -> int:
    """The length of `text` in UTF-16 code units (JavaScript's `length`)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def js_values(obj: dict) -> list:
    """`Object.values(obj)` in JavaScript's order: array-index keys ascending, then the rest as inserted."""
    index = [k for k in obj if isinstance(k, str) and _ARRAY_INDEX.fullmatch(k) and int(k) < 2**32 - 1]
    rest = [k for k in obj if k not in index]
    return [obj[k] for k in sorted(index, key=int) + rest]


def is_integer(value: Any) -> bool:
    """JavaScript's Number.isInteger for a JSON value (3.0 is one, True is not)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def text_of(value: Any) -> str:
    """A state value as the JS writer reads it (`v || ""` for the strings a state holds)."""
    return value if isinstance(value, str) else ""


# -- the tables ------------------------------------------------------------------------------------
def _symbols(layout: dict) -> str:
    s = (layout.get("cell") or {}).get("symbols") or ""
    return s if isinstance(s, str) else "".join(js_values(s))


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
        if units(v) == 1 and v not in code and free:
            code[v] = free.pop(0)
    return code, {ch: v for v, ch in code.items()}


def tables(layout: dict) -> dict:
    states = (layout.get("cell") or {}).get("states") or []
    cells = _code_table([*_symbols(layout), *(s["token"] for s in states)])
    fields = {s["token"]: len(s["fields"]) for s in states if s.get("fields")}
    marks = layout.get("marks") or {}
    return {"cells": cells, "fields": fields, "marks": _code_table([*(marks.get("h") or []), *(marks.get("v") or [])])}


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


def edge_count(edge: dict, rows: int, cols: int) -> int:
    return rows if edge.get("side") in ("left", "right") else cols


def width(rows: int, cols: int) -> int:
    return 1 if max(rows, cols) + 1 <= 35 else 2
