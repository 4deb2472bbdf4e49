"""The f-puzzles constraint keys, each read into and written from kinds/sudoku/constraints.py's Constraint.

One table per shape of item: lines `{lines: [[cell, ...], ...]}` (one Constraint per line; whispers'
value is the least difference: (N+1)/2 is German, 4 Dutch), groups `{cells, value?}`, dots `{cells,
value?}` (xv: value "X" or "V"), single cells `{cell}`, outside clues `{cell, value}` (little killers
add `direction` and the diagonal's `cells`), and arrow `{cells (circle), lines [[circle cell, ...]]}`,
clone `{cells, cloneCells}`, quadruple `{cells, values}`. Cell names are "R{r}C{c}", 1-based.
"""

from __future__ import annotations

import re

from gridlogic.errors import excerpt
from gridlogic.kinds.sudoku.constraints import DIRECTIONS, Constraint, effective_value, outside_cells
from gridlogic.codecs.payload import number

LINES = {"thermometer": "thermo", "slowthermometer": "slowthermo", "palindrome": "palindrome",
         "betweenline": "between", "renban": "renban", "whispers": "whispers", "regionsumline": "regionsum",
         "entropicline": "entropic", "modularline": "modular", "zipperline": "zipper", "doublearrow": "doublearrow"}
GROUPS = {"killercage": "killer", "extraregion": "extraregion", "rowindexer": "rowindexer",
          "columnindexer": "columnindexer", "boxindexer": "boxindexer"}
DOTS = {"difference": "white", "ratio": "black", "xv": "xv"}
CELLS = ("odd", "even", "minimum", "maximum")
OUTSIDE = {"littlekillersum": "littlekiller", "sandwichsum": "sandwich", "xsum": "xsum", "skyscraper": "skyscraper"}
_CELL = re.compile(r"R([0-9]{1,3})C([0-9]{1,3})", re.I)


class Skip(Exception):
    """An item of the payload that is reported as a warning instead of read."""


def cell_or_none(name: object) -> tuple[int, int] | None:
    """The 0-based (r, c) of a cell name "R1C1" (outside clues at -1 or N), None for anything else."""
    m = _CELL.fullmatch(name) if isinstance(name, str) else None
    return (int(m[1]) - 1, int(m[2]) - 1) if m else None


def cell(name: object) -> tuple[int, int]:
    """The 0-based (r, c) of a cell name, or Skip."""
    found = cell_or_none(name)
    if found is None:
        raise Skip(f"{excerpt(name)} is not a cell name like R1C1")
    return found


def cells(value: object, what: str = "cells") -> tuple[tuple[int, int], ...]:
    """The cells of a non-empty list of cell names, or Skip."""
    if not isinstance(value, list) or not value:
        raise Skip(f"no {what}")
    return tuple(cell(name) for name in value)


def name(rc: tuple[int, int]) -> str:
    """The f-puzzles name of a 0-based cell."""
    return f"R{rc[0] + 1}C{rc[1] + 1}"


def _value(item: dict, needed: bool = False) -> int | None:
    value = item.get("value")
    if value in (None, ""):
        if needed:
            raise Skip("no value")
        return None
    n = number(value)
    if n is None:
        raise Skip(f"value {excerpt(value)} is not a whole number")
    return n


def _lines(item: dict, key: str, size: int) -> list[Constraint]:
    lines = item.get("lines")
    if not isinstance(lines, list) or not lines:
        raise Skip("no lines")
    kind, value = LINES[key], _value(item) if key == "whispers" else None
    if key == "whispers" and value == (size + 1) // 2:
        value = None
    elif key == "whispers" and value == 4:
        kind, value = "dutchwhispers", None
    return [Constraint(kind, cells(line, "line"), value) for line in lines]


def _group(item: dict, key: str, size: int) -> list[Constraint]:
    value = item.get("value")
    if key == "killercage" and value not in (None, "") and number(value) is None:
        raise Skip(f"its label {excerpt(value)} is not a sum")
    return [Constraint(GROUPS[key], cells(item.get("cells")), _value(item) if key == "killercage" else None)]


def _dot(item: dict, key: str, size: int) -> list[Constraint]:
    if key != "xv":
        return [Constraint(DOTS[key], cells(item.get("cells")), _value(item))]
    letter = str(item.get("value", "")).strip().lower()
    if letter not in ("x", "v"):
        raise Skip(f"{excerpt(item.get('value'))} is neither X nor V")
    return [Constraint(letter, cells(item.get("cells")))]


def _cell(item: dict, key: str, size: int) -> list[Constraint]:
    return [Constraint(key, (cell(item.get("cell")),))]


def _outside(item: dict, key: str, size: int) -> list[Constraint]:
    direction = ""
    if key == "littlekillersum":
        direction = str(item.get("direction", "")).upper()
        if direction not in DIRECTIONS:
            raise Skip(f"direction {excerpt(item.get('direction'))} is not UL, UR, DL or DR")
    return [Constraint(OUTSIDE[key], (cell(item.get("cell")),), _value(item, needed=True), direction=direction)]


def _arrow(item: dict, key: str, size: int) -> list[Constraint]:
    circle = tuple(sorted(set(cells(item.get("cells"), "circle"))))
    lines = item.get("lines")
    if not isinstance(lines, list) or not lines:
        raise Skip("an arrow without a line")
    return [Constraint("arrow", circle, more=tuple(x for x in cells(line, "line") if x not in circle))
            for line in lines]


def _clone(item: dict, key: str, size: int) -> list[Constraint]:
    return [Constraint("clone", cells(item.get("cells")), more=cells(item.get("cloneCells"), "clone cells"))]


def _quadruple(item: dict, key: str, size: int) -> list[Constraint]:
    values = item.get("values")
    digits = [number(v, size) for v in values] if isinstance(values, list) else []
    if not 1 <= len(digits) <= 4 or not all(digits):
        raise Skip(f"values {excerpt(values)} are not 1 to 4 digits 1–{size}")
    return [Constraint("quadruple", tuple(sorted(cells(item.get("cells")))), digits=tuple(digits))]


READERS = {**{k: _lines for k in LINES}, **{k: _group for k in GROUPS}, **{k: _dot for k in DOTS},
           **{k: _cell for k in CELLS}, **{k: _outside for k in OUTSIDE},
           "arrow": _arrow, "clone": _clone, "quadruple": _quadruple}
_KEY_OF = {**{v: k for k, v in LINES.items()}, "dutchwhispers": "whispers", **{v: k for k, v in GROUPS.items()},
           "white": "difference", "black": "ratio", "x": "xv", "v": "xv", **{k: k for k in CELLS},
           **{v: k for k, v in OUTSIDE.items()}, "arrow": "arrow", "clone": "clone", "quadruple": "quadruple"}


def write(constraint: Constraint, size: int) -> list[tuple[str, dict]]:
    """The f-puzzles key and item of a constraint (what READERS reads back into the same one); one item
    a cell for the keys whose items hold one cell (odd, even, minimum, maximum), which read back as one
    constraint a cell, of the same meaning."""
    key = _KEY_OF[constraint.type]
    if key in CELLS:
        return [(key, {"cell": name(x)}) for x in constraint.cells]
    return [_write_one(constraint, size, key)]


def _write_one(constraint: Constraint, size: int, key: str) -> tuple[str, dict]:
    c = constraint
    names = [name(x) for x in c.cells]
    if key in LINES:
        item: dict = {"lines": [names]}
        if c.type == "dutchwhispers" or (c.type == "whispers" and c.value is not None):
            item["value"] = str(effective_value(c, size))
        return key, item
    if key in OUTSIDE:
        item = {"cell": names[0], "value": str(c.value)}
        if c.direction:
            item.update(direction=c.direction, cells=[name(x) for x in outside_cells(c, size)])
        return key, item
    item = {"cells": names}
    if key == "xv":
        item["value"] = c.type.upper()
    elif key == "arrow":
        first = c.more[0] if c.more else c.cells[0]
        start = next((x for x in c.cells if max(abs(x[0] - first[0]), abs(x[1] - first[1])) == 1), c.cells[0])
        item["lines"] = [[name(start)] + [name(x) for x in c.more]]
    elif key == "clone":
        item["cloneCells"] = [name(x) for x in c.more]
    elif key == "quadruple":
        item["values"] = list(c.digits)
    elif c.value is not None:
        item["value"] = str(c.value)
    return key, item
