"""Reading a payload (v3, and v2 without parts): a cursor that refuses anything the grammar does not
allow, so that a damaged payload reads as None and never as an exception."""

from __future__ import annotations

from typing import Any

from gridlogic.layout.lattice import B32, read_marks
from gridlogic.layout.vertex import SECTION_CHARS, read_numbers
from gridlogic.codecs.page.codes import (ALNUM, B36, DIRECTIONS, FIELD, HEX, LETTERS, MAX_SIDE, OLD_VERSION, SIZE,
                                        VERSION, Damaged, check, edge_count, tables, width)


class Reader:
    """A cursor over a payload body; its methods raise Damaged on anything unexpected."""

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
                    raise Damaged from None
                data.clear()

        text = self.text
        while self.i < len(text) and text[self.i] != end:
            ch = text[self.i]
            if ch == "_":
                hex_ = text[self.i + 1:self.i + 3]
                if not HEX.fullmatch(hex_):
                    raise Damaged
                data.append(int(hex_, 16))
                self.i += 3
                continue
            flush()
            if ch == ".":
                out.append(" ")
            elif ch in ALNUM:
                out.append(ch)
            else:
                raise Damaged
            self.i += 1
        flush()
        if not self.take(end):
            raise Damaged
        return "".join(out)

    def values(self, count: int, table: tuple[dict, dict], fields: dict[str, int] | None = None) -> list[str]:
        value_of = table[1]
        fields = fields or {}
        out: list[str] = []
        text = self.text
        while len(out) < count:
            if self.done():
                raise Damaged
            ch = text[self.i]
            self.i += 1
            if "a" <= ch <= "z":
                out += [""] * (ord(ch) - 96)
            elif ch == "-":
                v = self.string("-")
                if v == "":
                    raise Damaged
                out.append(v)
            elif ch in value_of:
                v = value_of[ch]
                words = []
                for _ in range(fields.get(v, 0)):
                    m = FIELD.match(text, self.i)
                    if not m:
                        raise Damaged
                    words.append(m.group(1))
                    self.i = m.end()
                out.append(v + ",".join(words) if fields.get(v) else v)
            else:
                raise Damaged
        if len(out) != count:
            raise Damaged
        return out

    def cells(self, rows: int, cols: int, w: int) -> list[list[int]]:
        digits = self.span(B36)
        if not digits or len(digits) % (2 * w):
            raise Damaged
        out = []
        for k in range(0, len(digits), 2 * w):
            r, c = int(digits[k:k + w], 36) - 1, int(digits[k + w:k + 2 * w], 36) - 1
            if r > rows or c > cols:
                raise Damaged
            out.append([r, c])
        return out

    def item(self, part: dict, rows: int, cols: int, w: int) -> dict:
        choices = part.get("choices") or []
        index = LETTERS.find(self.peek()) if self.peek() else -1
        if index < 0 or index >= len(choices):
            raise Damaged
        self.i += 1
        item: dict[str, Any] = {"name": choices[index]["name"], "cells": self.cells(rows, cols, w)}
        if self.take("."):
            item["more"] = self.cells(rows, cols, w)
        if self.take("-"):
            item["value"] = self.string("-")
            if not item["value"]:
                raise Damaged                      # (an empty value is written as none)
        if self.take("!"):
            item["direction"] = self.span("UDLR")
            if item["direction"] not in DIRECTIONS:
                raise Damaged
        return item

    def parts(self, layout: dict, rows: int, cols: int) -> dict[str, list[dict]]:
        parts: dict[str, Any] = {part["key"]: {} if part.get("type") in ("lattice", "vertex") else [] for part in layout["parts"]}
        if self.done():
            return parts                            # a payload from before the kind had parts
        if not self.take("~"):
            raise Damaged
        w = width(rows, cols)
        for part in layout["parts"]:
            if self.done():
                break
            if part.get("type") == "lattice":
                marks = read_marks(part, self.span(LETTERS + B32), rows, cols)
                if marks is None or not self.take("~"):
                    raise Damaged
                parts[part["key"]] = marks
                continue
            if part.get("type") == "vertex":
                numbers = read_numbers(part, self.span(SECTION_CHARS), rows, cols)
                if numbers is None or not self.take("~"):
                    raise Damaged
                parts[part["key"]] = numbers
                continue
            while not self.take("~"):
                parts[part["key"]].append(self.item(part, rows, cols, w))
        return parts


def decode_state(layout: dict, payload: Any) -> dict | None:
    """The state a v3 or v2 payload holds (its shape only: read_state checks it fits), or None."""
    try:
        return _decode(layout, payload)
    except (Damaged, ValueError, KeyError, TypeError, IndexError):
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
    m = SIZE.match(body)
    if not m:
        return None
    rows, cols = int(m.group(1)), int(m.group(2))
    if rows < 1 or cols < 1 or rows > MAX_SIDE or cols > MAX_SIDE:
        return None
    t = tables(layout)
    read = Reader(body[m.end():])
    state: dict[str, Any] = {"rows": rows, "cols": cols, "cells": read.values(rows * cols, t["cells"], t["fields"])}
    if layout.get("marks") is not None:
        h = read.values(rows * (cols - 1), t["marks"])
        state["marks"] = {"h": h, "v": read.values((rows - 1) * cols, t["marks"])}
    if layout.get("edges"):
        state["edges"] = {edge["key"]: [read.string("-") for _ in range(edge_count(edge, rows, cols))]
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