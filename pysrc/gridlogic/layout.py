"""What the user edits, as data: every kind's layout and the editing state it describes.

A kind's `layout()` returns a JSON-safe dict that the page's one generic editor (web/editor.js)
draws without knowing the kind; `build.py` writes it into `kinds.json`, so the editor works before
the engine has loaded. The editor holds a *state* (below); the kind turns it into a puzzle with
`from_state(state)` and back with `to_state(puzzle)`. No text format is read in JS.

Layout (keys absent mean "none" / the default):

    sizes          [{"rows", "cols", "label", "box": [br, bc]?}]  the size menu (box: thick lines)
    default_size   {"rows", "cols"}
    min_size, max_size  {"rows", "cols"}: bounds of a typed size (free_size) and of a state
    free_size      bool: rows/cols may be typed within min..max (else only `sizes`)
    square         bool: rows == cols always
    size_note      str: shown next to the size controls
    cell           how a cell is edited and drawn:
        symbols    str, or {str(rows): str}: one-character values a cell may hold (a given)
        numbers    [lo, hi]: or whole numbers typed digit by digit (written in decimal)
        states     [{"key", "token", "label", "keys", "look", "fields"?}]: values that are not
                   symbols: `token` is the value stored in the state (one char, never a symbol);
                   `keys` the keyboard keys that set it; `look` one of black | gap | clue | shaded;
                   `fields` [{"key", "label", "min", "max", "at": "bl" | "tr"}] numbers held by a
                   cell in this state (kakuro's down/right sums): stored as token + ",".join(values)
        empty      {"label", "look"}: the empty cell ("" in the state)
        blank_border  the value of row 0 and column 0 in a fresh grid (kakuro "-"), else blank_cell
        blank_cell    the value of the other cells of a fresh grid (number cross "A"), else ""
        paint      bool: a tap paints the selected symbol; thick borders between different values
        editable   bool (default true): false when cells are drawn only (nonogram)
    edges          [{"key", "side", "label", "placeholder", "pattern", "max_length", "wide", "tone"}]
                   a text field per row (side left | right) or per column (top | bottom);
                   `pattern` a JS/Python regex the field must match to be sent (a hint, not a rule);
                   optional `help` (str: how to write the field) and `suggestions` ([str]: offered
                   values), on extras too
    marks          {"h": [symbols], "v": [symbols], "labels": {symbol: words}}: signs between
                   neighbouring cells, h between (r, c) and (r, c+1), v between (r, c) and (r+1, c)
    extras         [{"key", "label", "placeholder", "pattern", "max_length", "lines"?}]: one text field
                   each (`lines`: a box of that many lines, whose value may hold line breaks)
    play           how the puzzle is played by hand: which cells take the player's entries and what
                   they may be (schema in gridlogic/play.py, with the play state the page keeps)

State (what the editor holds, what share links carry, what `from_state` reads):

    {"rows": R, "cols": C,
     "cells":  [str] * R*C        row by row: "" empty, a symbol, a number, a token (+ fields)
     "edges":  {key: [str] * n}   n = R for left/right edges, C for top/bottom
     "marks":  {"h": [str] * R*(C-1), "v": [str] * (R-1)*C}     "" for no sign
     "extras": {key: str}}

Locations (`where` of errors, and the page's error overlay): {"r", "c"} a cell, {"row"} / {"col"}
a whole line, {"cells": [[r, c], ...]} several cells, {"edge": key, "index": i} an edge field,
{"mark": "h" | "v", "r", "c"} a sign, {"extra": key} an extra field.
"""

from __future__ import annotations

import re
from typing import Any

from gridlogic.errors import RequestError, excerpt, type_name

MAX_CELL = 12             # characters of one cell value: a number, a symbol, a token and its fields
MAX_FIELD = 200           # characters of an edge or extra field whose layout gives no max_length
SIDES = {"left": "rows", "right": "rows", "top": "cols", "bottom": "cols"}
LOOKS = ("black", "gap", "clue", "shaded")
STATE_KEYS = ("rows", "cols", "cells", "edges", "marks", "extras")
LAYOUT_KEYS = ("sizes", "default_size", "min_size", "max_size", "free_size", "square", "size_note", "cell",
               "edges", "marks", "extras", "play")
CELL_KEYS = ("symbols", "numbers", "states", "empty", "blank_border", "blank_cell", "paint", "editable")
STATE_ENTRY_KEYS = ("key", "token", "label", "keys", "look", "fields")
FIELD_KEYS = ("key", "label", "min", "max", "at")
EDGE_KEYS = ("key", "side", "label", "placeholder", "pattern", "max_length", "wide", "tone", "help", "suggestions")
EXTRA_KEYS = ("key", "label", "placeholder", "pattern", "max_length", "help", "suggestions", "lines")


class LayoutError(ValueError):
    """A layout that breaks the schema above: a bug in a kind, reported when the registry loads it."""


# -- layouts ---------------------------------------------------------------------------------------
def check_layout(layout: Any) -> None:
    """Refuse a layout that breaks the schema, with a LayoutError naming the key and what is wrong."""
    _need(isinstance(layout, dict), "the layout is not a dict")
    _known_keys(layout, LAYOUT_KEYS, "the layout")
    _need("max_size" in layout, "max_size is missing")
    low, high = min_size(layout), max_size(layout)
    _need(low["rows"] <= high["rows"] and low["cols"] <= high["cols"], f"min_size {low} exceeds max_size {high}")
    for flag in ("free_size", "square"):
        _need(isinstance(layout.get(flag, False), bool), f"{flag} is not true or false")
    _need(isinstance(layout.get("size_note", ""), str), "size_note is not a string")
    sizes = layout.get("sizes")
    _need(isinstance(sizes, list) and sizes, "sizes is not a non-empty list")
    for i, size in enumerate(sizes):
        where = f"sizes[{i}]"
        _need(isinstance(size, dict), f"{where} is not a dict")
        _known_keys(size, ("rows", "cols", "label", "box"), where)
        _size_within(layout, _rows_cols(size, where), where)
        _need(isinstance(size.get("label"), str), f"{where} has no label")
        if "box" in size:
            box = size["box"]
            _need(isinstance(box, list) and len(box) == 2 and all(_is_int(b) and b > 0 for b in box)
                  and size["rows"] % box[0] == 0 and size["cols"] % box[1] == 0,
                  f"{where}.box {box!r} does not divide {size['rows']}×{size['cols']}")
    default = _rows_cols(layout.get("default_size"), "default_size")
    _size_within(layout, default, "default_size")
    if not layout.get("free_size"):
        _need(any(s["rows"] == default["rows"] and s["cols"] == default["cols"] for s in sizes),
              "default_size is not one of sizes (and free_size is off)")
    _check_cell(layout.get("cell"))
    _check_fields(layout.get("edges", []), "edges", EDGE_KEYS, edge=True)
    _check_fields(layout.get("extras", []), "extras", EXTRA_KEYS, edge=False)
    if "marks" in layout:
        _check_marks(layout["marks"])
    if "play" in layout:
        from gridlogic.play import PlayLayoutError, check_play_layout

        try:
            check_play_layout(layout["play"], layout["cell"], layout.get("extras", []))
        except PlayLayoutError as exc:
            raise LayoutError(str(exc)) from None


def _check_cell(cell: Any) -> str:
    """Check `cell`; every symbol it can hold, as one string."""
    _need(isinstance(cell, dict), "cell is not a dict")
    _known_keys(cell, CELL_KEYS, "cell")
    symbols = cell.get("symbols", "")
    by_size = symbols.values() if isinstance(symbols, dict) else [symbols]
    if isinstance(symbols, dict):
        _need(all(isinstance(k, str) and k.isdigit() for k in symbols), "cell.symbols keys are not sizes")
    for group in by_size:
        _need(isinstance(group, str) and len(set(group)) == len(group) and not any(ch.isspace() for ch in group),
              f"cell.symbols {group!r} is not a string of distinct one-character symbols")
    every = "".join(by_size)
    numbers = cell.get("numbers")
    if numbers is not None:
        _need(isinstance(numbers, list) and len(numbers) == 2 and all(_is_int(n) for n in numbers)
              and 0 <= numbers[0] <= numbers[1] and len(str(numbers[1])) <= MAX_CELL,
              f"cell.numbers {numbers!r} is not [lo, hi] of whole numbers of at most {MAX_CELL} digits")
    tokens = set()
    for i, state in enumerate(cell.get("states", [])):
        where = f"cell.states[{i}]"
        _need(isinstance(state, dict), f"{where} is not a dict")
        _known_keys(state, STATE_ENTRY_KEYS, where)
        token = state.get("token")
        _need(isinstance(token, str) and len(token) == 1 and not token.isspace(), f"{where}.token is not one character")
        _need(token not in every, f"{where}.token {token!r} is also a symbol")
        _need(not (numbers is not None and token.isdigit()), f"{where}.token {token!r} is a digit of a number")
        _need(token not in tokens, f"{where}.token {token!r} is used twice")
        tokens.add(token)
        for name in ("key", "label", "keys"):
            _need(isinstance(state.get(name), str), f"{where}.{name} is not a string")
        _need(state.get("look") in LOOKS, f"{where}.look {state.get('look')!r} is not one of {', '.join(LOOKS)}")
        widest = token
        for j, field in enumerate(state.get("fields", [])):
            here = f"{where}.fields[{j}]"
            _need(isinstance(field, dict), f"{here} is not a dict")
            _known_keys(field, FIELD_KEYS, here)
            _need(isinstance(field.get("key"), str) and isinstance(field.get("label"), str),
                  f"{here} lacks key or label")
            _need(_is_int(field.get("min")) and _is_int(field.get("max")) and 0 <= field["min"] <= field["max"],
                  f"{here} min/max are not whole numbers min <= max")
            _need(field.get("at", "bl") in ("bl", "tr"), f"{here}.at is not bl or tr")
            widest += ("," if j else "") + str(field["max"])
        _need(len(widest) <= MAX_CELL, f"{where}: {widest!r} is longer than {MAX_CELL} characters")
    _need(isinstance(cell.get("empty", {}), dict), "cell.empty is not a dict")
    for name in ("blank_border", "blank_cell"):
        blank = cell.get(name, "")
        _need(blank == "" or blank in tokens or (isinstance(blank, str) and len(blank) == 1 and blank in every),
              f"cell.{name} {blank!r} is not a token or symbol of the cell")
    for flag in ("paint", "editable"):
        _need(isinstance(cell.get(flag, False), bool), f"cell.{flag} is not true or false")
    return every


def _check_fields(fields: Any, name: str, keys: tuple[str, ...], edge: bool) -> None:
    _need(isinstance(fields, list), f"{name} is not a list")
    seen = set()
    for i, field in enumerate(fields):
        where = f"{name}[{i}]"
        _need(isinstance(field, dict), f"{where} is not a dict")
        _known_keys(field, keys, where)
        key = field.get("key")
        _need(isinstance(key, str) and key and key not in seen, f"{where}.key {key!r} is missing or used twice")
        seen.add(key)
        if edge:
            _need(field.get("side") in SIDES, f"{where}.side {field.get('side')!r} is not one of {', '.join(SIDES)}")
        _need(isinstance(field.get("label"), str), f"{where}.label is not a string")
        for text in ("placeholder", "help", "tone"):
            _need(isinstance(field.get(text, ""), str), f"{where}.{text} is not a string")
        suggestions = field.get("suggestions", [])
        _need(isinstance(suggestions, list) and all(isinstance(x, str) for x in suggestions),
              f"{where}.suggestions is not a list of strings")
        length = field.get("max_length", MAX_FIELD)
        _need(_is_int(length) and length > 0, f"{where}.max_length {length!r} is not a positive whole number")
        pattern = field.get("pattern", "")
        try:
            re.compile(pattern)
        except (re.error, TypeError):
            raise LayoutError(f"{where}.pattern {pattern!r} is not a regular expression") from None


def _check_marks(marks: Any) -> None:
    _need(isinstance(marks, dict), "marks is not a dict")
    _known_keys(marks, ("h", "v", "labels"), "marks")
    for way in ("h", "v"):
        signs = marks.get(way)
        _need(isinstance(signs, list) and signs and all(isinstance(s, str) and 0 < len(s) <= MAX_CELL for s in signs)
              and len(set(signs)) == len(signs), f"marks.{way} is not a list of distinct signs")
    _need(isinstance(marks.get("labels", {}), dict), "marks.labels is not a dict")


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise LayoutError(message)


def _known_keys(entry: dict, known: tuple[str, ...], where: str) -> None:
    unknown = [k for k in entry if k not in known]
    _need(not unknown, f"{where} has unknown keys {unknown} (known: {', '.join(known)})")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _rows_cols(value: Any, where: str) -> dict:
    _need(isinstance(value, dict) and _is_int(value.get("rows")) and _is_int(value.get("cols"))
          and value["rows"] > 0 and value["cols"] > 0, f"{where} is not {{rows, cols}} of positive whole numbers")
    return value


def _size_within(layout: dict, size: dict, where: str) -> None:
    low, high = min_size(layout), max_size(layout)
    _need(low["rows"] <= size["rows"] <= high["rows"] and low["cols"] <= size["cols"] <= high["cols"],
          f"{where} {size['rows']}×{size['cols']} is outside min_size..max_size")
    _need(not layout.get("square") or size["rows"] == size["cols"], f"{where} is not square")


def min_size(layout: dict) -> dict:
    """The smallest rows and cols a state may have (1×1 unless the layout says)."""
    return _rows_cols(layout.get("min_size", {"rows": 1, "cols": 1}), "min_size")


def max_size(layout: dict) -> dict:
    """The largest rows and cols a state may have."""
    return _rows_cols(layout.get("max_size"), "max_size")


def edge_length(edge: dict, rows: int, cols: int) -> int:
    """How many fields an edge has: one per row (left, right) or per column (top, bottom)."""
    return rows if SIDES[edge["side"]] == "rows" else cols


# -- states ----------------------------------------------------------------------------------------
def blank_state(layout: dict, rows: int, cols: int) -> dict:
    """A fresh state of one size: cells `blank_cell` (row 0 and column 0 `blank_border`), empty fields."""
    inner = layout["cell"].get("blank_cell", "")
    border = layout["cell"].get("blank_border", inner)
    state: dict[str, Any] = {"rows": rows, "cols": cols,
                             "cells": [border if r == 0 or c == 0 else inner for r in range(rows) for c in range(cols)]}
    if layout.get("edges"):
        state["edges"] = {e["key"]: [""] * edge_length(e, rows, cols) for e in layout["edges"]}
    if "marks" in layout:
        state["marks"] = {"h": [""] * (rows * (cols - 1)), "v": [""] * ((rows - 1) * cols)}
    if layout.get("extras"):
        state["extras"] = {e["key"]: "" for e in layout["extras"]}
    return state


def read_state(layout: dict, value: Any) -> dict:
    """A clean copy of a state whose shape fits the layout (sizes, lengths, keys, string lengths, mark
    signs), missing edges/marks/extras filled with blanks; else a RequestError saying what is wrong."""
    if not isinstance(value, dict):
        _refuse(f"'state' must be an object with rows, cols and cells, not {type_name(value)}")
    for key in value:
        if key not in STATE_KEYS:
            _refuse(f"'state' has no field {excerpt(key)} (its fields: {', '.join(STATE_KEYS)})")
    rows = _dimension(value, "rows", min_size(layout)["rows"], max_size(layout)["rows"])
    cols = _dimension(value, "cols", min_size(layout)["cols"], max_size(layout)["cols"])
    if layout.get("square") and rows != cols:
        _refuse(f"'state' is {rows}×{cols}; this grid is square")
    state: dict[str, Any] = {"rows": rows, "cols": cols, "cells": _cells(value.get("cells"), rows, cols)}
    blank = blank_state(layout, rows, cols)
    edges = {e["key"]: e for e in layout.get("edges", [])}
    got = _part(value, "edges", edges)
    if edges:
        state["edges"] = {key: _fields(got.get(key), blank["edges"][key], edge, key)
                          for key, edge in edges.items()}
    extras = {e["key"]: e for e in layout.get("extras", [])}
    got = _part(value, "extras", extras)
    if extras:
        state["extras"] = {key: _text(got.get(key, ""), extra, f"extra {excerpt(key)}", {"extra": key})
                           for key, extra in extras.items()}
    marks = layout.get("marks")
    got = _part(value, "marks", {"h": 1, "v": 1} if marks else {})
    if marks:
        state["marks"] = {way: _signs(got.get(way), blank["marks"][way], marks[way], way, cols - (way == "h"))
                          for way in ("h", "v")}
    return state


def _refuse(message: str, **where: Any) -> None:
    raise RequestError(message, field="state", **where)


def _dimension(value: dict, name: str, low: int, high: int) -> int:
    n = value.get(name)
    if isinstance(n, float) and n.is_integer() and abs(n) < 2 ** 53:
        n = int(n)
    if not _is_int(n):
        _refuse(f"'state' {name} must be a whole number from {low} to {high}, not {type_name(n)}")
    if not low <= n <= high:
        shown = f"{n:,}" if abs(n) < 10 ** 30 else "a number of more than 30 digits"
        _refuse(f"'state' {name} must be from {low} to {high} (got {shown})")
    return n


def _cells(cells: Any, rows: int, cols: int) -> list[str]:
    if not isinstance(cells, list):
        _refuse(f"'state' cells must be a list of {rows * cols} strings, not {type_name(cells)}")
    if len(cells) != rows * cols:
        _refuse(f"'state' cells has {len(cells):,} values; a {rows}×{cols} grid has {rows * cols}")
    for i, cell in enumerate(cells):
        r, c = divmod(i, cols)
        if not isinstance(cell, str):
            _refuse(f"'state' cell r{r + 1}c{c + 1} must be a string, not {type_name(cell)}", r=r, c=c)
        if len(cell) > MAX_CELL:
            _refuse(f"'state' cell r{r + 1}c{c + 1} is {excerpt(cell)}; a cell holds at most {MAX_CELL} characters",
                    r=r, c=c)
    return list(cells)


def _part(value: dict, name: str, known: dict) -> dict:
    """The dict `value[name]` (empty when absent), refused when not a dict or naming an unknown key."""
    part = value.get(name)
    if part is None:
        return {}
    if not isinstance(part, dict):
        _refuse(f"'state' {name} must be an object, not {type_name(part)}")
    for key in part:
        if key not in known:
            have = f"its keys: {', '.join(known)}" if known else "this kind has none"
            _refuse(f"'state' {name} has no key {excerpt(key)} ({have})")
    return part


def _fields(values: Any, blank: list[str], edge: dict, key: str) -> list[str]:
    if values is None:
        return blank
    n = len(blank)
    what = f"edge {excerpt(key)}"
    if not isinstance(values, list):
        _refuse(f"'state' {what} must be a list of {n} strings, not {type_name(values)}", edge=key)
    if len(values) != n:
        line = "row" if SIDES[edge["side"]] == "rows" else "column"
        _refuse(f"'state' {what} has {len(values):,} fields; it needs one per {line} ({n})", edge=key)
    return [_text(v, edge, f"{what} field {i + 1}", {"edge": key, "index": i}) for i, v in enumerate(values)]


def _text(value: Any, field: dict, what: str, where: dict) -> str:
    limit = field.get("max_length", MAX_FIELD)
    if not isinstance(value, str):
        _refuse(f"'state' {what} must be a string, not {type_name(value)}", **where)
    if len(value) > limit:
        _refuse(f"'state' {what} is {len(value):,} characters; the limit is {limit:,}", **where)
    return value


def _signs(values: Any, blank: list[str], signs: list[str], way: str, per_row: int) -> list[str]:
    if values is None:
        return blank
    n = len(blank)
    if not isinstance(values, list):
        _refuse(f"'state' marks.{way} must be a list of {n} strings, not {type_name(values)}", mark=way)
    if len(values) != n:
        _refuse(f"'state' marks.{way} has {len(values):,} signs; this grid has {n}", mark=way)
    for i, sign in enumerate(values):
        if sign != "" and (not isinstance(sign, str) or sign not in signs):
            r, c = divmod(i, per_row) if per_row else (0, 0)
            _refuse(f"'state' marks.{way} at r{r + 1}c{c + 1}: {excerpt(sign)} is not a sign "
                    f"(known: {' '.join(signs)}, or empty)", mark=way, r=r, c=c)
    return list(values)
