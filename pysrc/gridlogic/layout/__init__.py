"""What the user edits, as data: every kind's layout and the editing state it describes.

A kind's `layout()` returns a JSON-safe dict that the page's one generic editor (web/editor.js)
draws without knowing the kind; `build.py` writes it into `kinds.json`, so the editor works before
the engine has loaded. The editor holds a *state* (below); the kind turns it into a puzzle with
`from_state(state)` and back with `to_state(puzzle)`. No text format is read in JS.

The state is made of parts, each of one type, each type one class here (its module: its layout
schema, its blank value, the checks of its state and its move under the grid's symmetries) and its
drawing and editing in web/editor/: cells (cells.py), signs (signs.py, the `marks`), edge fields
(edges.py), extras (extras.py), and the typed parts of `parts`: group, path, dot, outside and shape
(what they share in items.py, then one module each; in JS web/editor/parts/), and lattice (marks on
the points of gridlogic/lattice.py: lines, crosses, shaded and dotted cells; lattice.py). A new part type is
written in those two places; a new constraint of a kind is a choice in its layout, with no JS.

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
        word       int: a cell may hold up to this many characters, digits lo..hi and the tokens of
                   states without fields, typed one after another (tapa's clue `31?`); the kind's
                   parse reads the word
        states     [{"key", "token", "label", "keys", "look", "glyph"?, "fields"?}]: values that
                   are not symbols: `token` is the value stored in the state (one char, never a
                   symbol); `keys` the keyboard keys that set it; `look` one of black | gap | clue |
                   shaded | given (drawn as a given number: its `glyph`, one or two characters such
                   as "?" or an arrow, then its fields); `fields` [{"key", "label", "min", "max",
                   "at": "bl" | "tr" | "c"}] numbers held by a cell in this state (kakuro's down/right
                   sums; "c": beside the glyph): stored as token + ",".join(values)
        empty      {"label", "look"}: the empty cell ("" in the state)
        blank_border  the value of row 0 and column 0 in a fresh grid (kakuro "-"), else blank_cell
        blank_cell    the value of the other cells of a fresh grid (number cross "A"), else ""
        paint      bool: a tap paints the selected symbol; thick borders between different values
        editable   bool (default true): false when cells are drawn only (nonogram)
        ring       bool: a cell holding a given is drawn in a circle, lines stopping at it (islands)
    edges          [{"key", "side", "label", "placeholder", "pattern", "max_length", "wide", "tone"}]
                   a text field per row (side left | right) or per column (top | bottom);
                   `pattern` a JS/Python regex the field must match to be sent (a hint, not a rule);
                   optional `help` (str: how to write the field) and `suggestions` ([str]: offered
                   values), on extras too
    marks          {"h": [symbols], "v": [symbols], "labels": {symbol: words}}: signs between
                   neighbouring cells, h between (r, c) and (r, c+1), v between (r, c) and (r+1, c)
    extras         [{"key", "label", "placeholder", "pattern", "max_length", "lines"?}]: one text field
                   each (`lines`: a box of that many lines, whose value may hold line breaks)
    parts          [{"key", "type", "label", "choices": [choice, ...], "help"?}]: typed parts drawn
                   over the grid (layout order matters: share links write them in it)
      type         "group" | "path" | "dot" | "outside" | "shape" | "lattice" | "vertex"
      choice       {"name", "label", "value", "more"?, "min_cells"?, "max_cells"?, "look", "colour"?,
                    "letter"?, "directions"?, "reversible"?}; at most 26 a part
        name       the item's name (e.g. the kind's constraint type, "killer")
        label      shown in the editor ("Killer cage")
        value      "none" | "number" (must be given) | "optional" | "digits" (several digits, "12")
        more       "" | "line" (paths: `cells` a circle or pill, `more` its line) | "copy" (groups: a clone)
        min_cells, max_cells   bounds on the item's number of cells (max absent: no bound)
        look       how it is drawn: group "cage" | "region" | "shade"; path "thermo" | "line" |
                   "arrow" | "between"; dot "white" | "black" | "letter" | "circle"; outside
                   "number" | "diagonal"; shape "circle" | "square" | "up" | "down"; lattice
                   "line" | "border" | "cross" | "shade" | "dot" | "double" (each once a part; value "none");
                   vertex "number" (value "number": numbers at the grid's corners, vertex.py)
        colour     a CSS colour for lines and regions ("#c2e0ff"); letter: a dot's letter ("X")
        directions (outside) items carry `direction`: "UL" | "UR" | "DL" | "DR" (a little killer)
        reversible (path) a line read backwards is the same clue (symmetry compares it both ways)
    play           how the puzzle is played by hand: which cells take the player's entries and what
                   they may be (schema in gridlogic/layout/play.py, with the play state the page keeps)

State (what the editor holds, what share links carry, what `from_state` reads):

    {"rows": R, "cols": C,
     "cells":  [str] * R*C        row by row: "" empty, a symbol, a number, a token (+ fields)
     "edges":  {key: [str] * n}   n = R for left/right edges, C for top/bottom
     "marks":  {"h": [str] * R*(C-1), "v": [str] * (R-1)*C}     "" for no sign
     "extras": {key: str}
     "parts":  {key: [item, ...]}}   absent or a key absent: no items (a lattice part: {name:
                                     [[y, x], ...]}, its marks' points; see lattice.py; a
                                     vertex part: {name: [[y, x, text], ...]}, see vertex.py)
       item   {"name": str, "cells": [[r, c], ...], "more"?: [[r, c], ...], "value"?: str,
               "direction"?: "UL" | "UR" | "DL" | "DR"}
              0-based cells; `value` the text typed ("17", "123"), `more`, `value` and `direction`
              left out when empty. What `cells` may be (each type's module): a group 1+ distinct
              cells of the grid (a copy's `more` as many, or none yet: the kind refuses that); a
              path 1+ distinct cells, each a king's move from the one before (a line's `more` a path starting next to `cells`); a dot 2
              orthogonal neighbours or a 2×2 block, row-major; an outside clue 1 cell just outside
              the grid (a corner only with directions); a shape 1+ distinct cells of the grid. At
              most 2,000 items a part and 1,000 cells an item. The kind checks the rest (values,
              counts) in `from_state`, at the same location.

Locations (`where` of errors, and the page's error overlay): {"r", "c"} a cell, {"row"} / {"col"}
a whole line, {"cells": [[r, c], ...]} several cells, {"edge": key, "index": i} an edge field,
{"mark": "h" | "v", "r", "c"} a sign, {"extra": key} an extra field, {"part": key, "index": i,
"cells": [[r, c], ...]} an item of a part (its cells; an outside clue's lie outside the grid), {"part": key,
"name", "point": [y, x], "cells"} a mark of a lattice part (the cells it is in or beside).
"""

from __future__ import annotations

from typing import Any

from gridlogic.errors import excerpt, type_name
from gridlogic.layout.cells import CELL_KEYS, FIELD_KEYS, LOOKS, STATE_ENTRY_KEYS, Cells  # noqa: F401
from gridlogic.layout.common import (MAX_CELL, MAX_FIELD, SIDES, LayoutError, is_int, known_dict,  # noqa: F401
                                     known_keys, need, refuse)
from gridlogic.layout.dot import Dot
from gridlogic.layout.edges import EDGE_KEYS, Edges, edge_length  # noqa: F401
from gridlogic.layout.extras import EXTRA_KEYS, Extras  # noqa: F401
from gridlogic.layout.group import Group
from gridlogic.layout.items import DIRECTIONS, MAX_ITEM_CELLS, MAX_ITEMS, MAX_VALUE, PART_KEYS, Part  # noqa: F401
from gridlogic.layout.lattice import Lattice
from gridlogic.layout.outside import Outside
from gridlogic.layout.path import Path
from gridlogic.layout.shape import Shape
from gridlogic.layout.signs import Signs
from gridlogic.layout.vertex import Vertex

STATE_KEYS = ("rows", "cols", "cells", "edges", "marks", "extras", "parts")
LAYOUT_KEYS = ("sizes", "default_size", "min_size", "max_size", "free_size", "square", "size_note", "cell",
               "edges", "marks", "extras", "parts", "play")
GRID_PARTS = (Cells, Edges, Extras, Signs)        # the state's keys beside rows, cols and parts
PART_TYPES: dict[str, type[Part]] = {t.type: t for t in (Group, Path, Dot, Outside, Shape, Lattice,
                                                                     Vertex)}


# -- layouts ---------------------------------------------------------------------------------------
def check_layout(layout: Any) -> None:
    """Refuse a layout that breaks the schema, with a LayoutError naming the key and what is wrong."""
    need(isinstance(layout, dict), "the layout is not a dict")
    known_keys(layout, LAYOUT_KEYS, "the layout")
    need("max_size" in layout, "max_size is missing")
    low, high = min_size(layout), max_size(layout)
    need(low["rows"] <= high["rows"] and low["cols"] <= high["cols"], f"min_size {low} exceeds max_size {high}")
    for flag in ("free_size", "square"):
        need(isinstance(layout.get(flag, False), bool), f"{flag} is not true or false")
    need(isinstance(layout.get("size_note", ""), str), "size_note is not a string")
    _check_sizes(layout)
    for part in GRID_PARTS:
        part.check(layout)
    _check_parts(layout.get("parts", []))
    if "play" in layout:
        from gridlogic.layout.play import PlayLayoutError, check_play_layout

        try:
            check_play_layout(layout["play"], layout["cell"], layout.get("extras", []), layout.get("parts", []))
        except PlayLayoutError as exc:
            raise LayoutError(str(exc)) from None


def _check_sizes(layout: dict) -> None:
    sizes = layout.get("sizes")
    need(isinstance(sizes, list) and sizes, "sizes is not a non-empty list")
    for i, size in enumerate(sizes):
        where = f"sizes[{i}]"
        need(isinstance(size, dict), f"{where} is not a dict")
        known_keys(size, ("rows", "cols", "label", "box"), where)
        _size_within(layout, _rows_cols(size, where), where)
        need(isinstance(size.get("label"), str), f"{where} has no label")
        if "box" in size:
            box = size["box"]
            need(isinstance(box, list) and len(box) == 2 and all(is_int(b) and b > 0 for b in box)
                 and size["rows"] % box[0] == 0 and size["cols"] % box[1] == 0,
                 f"{where}.box {box!r} does not divide {size['rows']}×{size['cols']}")
    default = _rows_cols(layout.get("default_size"), "default_size")
    _size_within(layout, default, "default_size")
    if not layout.get("free_size"):
        need(any(s["rows"] == default["rows"] and s["cols"] == default["cols"] for s in sizes),
             "default_size is not one of sizes (and free_size is off)")


def _check_parts(parts: Any) -> None:
    need(isinstance(parts, list), "parts is not a list")
    keys = set()
    for i, entry in enumerate(parts):
        where = f"parts[{i}]"
        need(isinstance(entry, dict), f"{where} is not a dict")
        known_keys(entry, PART_KEYS, where)
        key = entry.get("key")
        need(isinstance(key, str) and key and key not in keys, f"{where}.key {key!r} is missing or used twice")
        keys.add(key)
        need(entry.get("type") in PART_TYPES,
             f"{where}.type {entry.get('type')!r} is not one of {', '.join(PART_TYPES)}")
        need(isinstance(entry.get("label"), str), f"{where}.label is not a string")
        need(isinstance(entry.get("help", ""), str), f"{where}.help is not a string")
        PART_TYPES[entry["type"]].check(entry, where)


def _rows_cols(value: Any, where: str) -> dict:
    need(isinstance(value, dict) and is_int(value.get("rows")) and is_int(value.get("cols"))
         and value["rows"] > 0 and value["cols"] > 0, f"{where} is not {{rows, cols}} of positive whole numbers")
    return value


def _size_within(layout: dict, size: dict, where: str) -> None:
    low, high = min_size(layout), max_size(layout)
    need(low["rows"] <= size["rows"] <= high["rows"] and low["cols"] <= size["cols"] <= high["cols"],
         f"{where} {size['rows']}×{size['cols']} is outside min_size..max_size")
    need(not layout.get("square") or size["rows"] == size["cols"], f"{where} is not square")


def min_size(layout: dict) -> dict:
    """The smallest rows and cols a state may have (1×1 unless the layout says)."""
    return _rows_cols(layout.get("min_size", {"rows": 1, "cols": 1}), "min_size")


def max_size(layout: dict) -> dict:
    """The largest rows and cols a state may have."""
    return _rows_cols(layout.get("max_size"), "max_size")


def parts_of(layout: dict) -> list[Part]:
    """The layout's typed parts, each an object of its type's class, in layout order."""
    return [PART_TYPES[entry["type"]](entry) for entry in layout.get("parts", [])]


# -- states ----------------------------------------------------------------------------------------
def blank_state(layout: dict, rows: int, cols: int) -> dict:
    """A fresh state of one size: cells `blank_cell` (row 0 and column 0 `blank_border`), empty fields,
    no sign and no item."""
    state: dict[str, Any] = {"rows": rows, "cols": cols}
    for part in GRID_PARTS:
        blank = part(layout).blank(rows, cols)
        if blank is not None:
            state[part.key] = blank
    if layout.get("parts"):
        state["parts"] = {part.key: part.blank(rows, cols) for part in parts_of(layout)}
    return state


def read_state(layout: dict, value: Any) -> dict:
    """A clean copy of a state whose shape fits the layout (sizes, lengths, keys, string lengths, mark
    signs, the items of each part), missing edges/marks/extras/parts filled with blanks; else a
    RequestError saying what is wrong and where."""
    if not isinstance(value, dict):
        refuse(f"'state' must be an object with rows, cols and cells, not {type_name(value)}")
    for key in value:
        if key not in STATE_KEYS:
            refuse(f"'state' has no field {excerpt(key)} (its fields: {', '.join(STATE_KEYS)})")
    rows = _dimension(value, "rows", min_size(layout)["rows"], max_size(layout)["rows"])
    cols = _dimension(value, "cols", min_size(layout)["cols"], max_size(layout)["cols"])
    if layout.get("square") and rows != cols:
        refuse(f"'state' is {rows}×{cols}; this grid is square")
    state: dict[str, Any] = {"rows": rows, "cols": cols}
    for part in GRID_PARTS:
        got = part(layout).read(value.get(part.key), rows, cols)
        if got is not None:
            state[part.key] = got
    parts = parts_of(layout)
    got = known_dict(value.get("parts"), "parts", [part.key for part in parts])
    if parts:
        state["parts"] = {part.key: part.read(got.get(part.key), rows, cols) for part in parts}
    return state


def _dimension(value: dict, name: str, low: int, high: int) -> int:
    n = value.get(name)
    if isinstance(n, float) and n.is_integer() and abs(n) < 2 ** 53:
        n = int(n)
    if not is_int(n):
        refuse(f"'state' {name} must be a whole number from {low} to {high}, not {type_name(n)}")
    if not low <= n <= high:
        shown = f"{n:,}" if abs(n) < 10 ** 30 else "a number of more than 30 digits"
        refuse(f"'state' {name} must be from {low} to {high} (got {shown})")
    return n


# -- symmetry --------------------------------------------------------------------------------------
def move_parts(layout: dict, parts: dict, move: Any, rows: int, cols: int) -> dict:
    """The state's `parts` carried by a move of the grid (gridlogic/layout/moves.py's Move), item by item."""
    by_key = {part.key: part for part in parts_of(layout)}
    return {key: by_key[key].move_all(items, move, rows, cols) for key, items in parts.items()}


def parts_key(layout: dict, parts: dict) -> dict:
    """What a state's parts are, order-free: per part, its items' keys sorted (an item's unordered
    cells as a set, a reversible line either way)."""
    by_key = {part.key: part for part in parts_of(layout)}
    return {key: by_key[key].key_all(items) for key, items in parts.items() if items}
