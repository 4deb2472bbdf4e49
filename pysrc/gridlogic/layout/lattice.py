"""Marks on the lattice (gridlogic/lattice.py's points): lines and crosses on edges, shaded and dotted
cells. The givens of a loop or shading genre live in a part of this type; the player's marks in play
mode (gridlogic/layout/play.py `lattice`) and an answer's in the Board (gridlogic/model.py) take the same form.

A point (y, x) counts half cells from the grid's top left corner: the cell (r, c) is at (2r+1, 2c+1),
an edge at mixed parity, a vertex at even/even. An edge point has two readings, and a choice's `look`
says which it draws:

    line     the step of a line between the centres of the two cells beside the edge: at (odd y,
             even x) from cell (y, x-1) to cell (y, x+1), horizontal; at (even y, odd x) vertical.
             Inner edges only (a loop through cells: masyu).
    border   the stretch of cell border whose middle the edge is: at (odd y, even x) the vertical
             side from vertex (y-1, x) to vertex (y+1, x). Any edge, the grid's outer border
             included (a loop along borders: slitherlink).
    cross    an × on the edge's middle: "no line here". Inner edges; outer edges too when the part
             has a `border` choice.
    double   two lines side by side between the same two centres as `line` (two bridges: the count
             a line carries when it may be doubled). Inner edges only.
    shade    the cell filled (a shading genre's black cell).
    dot      a small dot in the cell's centre (a cell known to be unshaded).

A part entry is {"key", "type": "lattice", "label", "choices": [...], "help"?}; each choice {"name",
"label", "value": "none", "look", "colour"?}, one choice per look. Its value in a state (`parts[key]`),
in a play state (`lattice`) and, keyed by look instead of name, in a Board (`lattice_marks`):

    {name: [[y, x], ...], ...}    each choice's points, row-major, each once; a choice with none left
                                  out ({} when the part is blank)

At one point a cross excludes a line, a double line and a border, a line excludes a double line, and a
shade excludes a dot (a line and a border may
share an edge). A share link writes the value as one bitmap per choice (`write_marks`, `read_marks`,
the twins of web/editor/parts/lattice.js's `encodeMarks`, `decodeMarks`): see `write_marks`.
"""

from __future__ import annotations

from typing import Any, Callable, NoReturn

from gridlogic.errors import excerpt, type_name
from gridlogic.lattice import format_point, is_outer, kind_of
from gridlogic.layout.common import is_int, need, refuse
from gridlogic.layout.items import Part

LOOKS = ("line", "border", "cross", "shade", "dot", "double")
PLACE = {"line": "edge", "border": "edge", "cross": "edge", "shade": "cell", "dot": "cell", "double": "edge"}
CLASHES = (("cross", "line"), ("cross", "border"), ("shade", "dot"),       # looks that never share a point
           ("cross", "double"), ("line", "double"))
B32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
LETTERS = "abcdefghijklmnopqrstuvwxyz"

Point = tuple[int, int]
Fail = Callable[..., NoReturn]


# -- where a mark may sit --------------------------------------------------------------------------
def looks_of(entry: dict) -> dict[str, str]:
    """A lattice part's choices: name → look."""
    return {choice["name"]: choice["look"] for choice in entry["choices"]}


def is_place(look: str, point: Point, rows: int, cols: int, outer: bool) -> bool:
    """True when a mark of `look` may sit at `point` of an R×C grid; `outer`: the part has a border
    choice, so a cross may sit on the outer border too."""
    y, x = point
    if not (0 <= y <= 2 * rows and 0 <= x <= 2 * cols) or kind_of(point) != PLACE[look]:
        return False
    return look in ("border", "shade", "dot") or (look == "cross" and outer) or not is_outer(point, rows, cols)


def places(look: str, rows: int, cols: int) -> list[Point]:
    """The points a share link's bitmap of `look` runs over, row-major: every cell (shade, dot), every
    inner edge (line, double) or every edge (border, cross)."""
    return [(y, x) for y in range(2 * rows + 1) for x in range(2 * cols + 1)
            if kind_of((y, x)) == PLACE[look] and (look not in ("line", "double") or not is_outer((y, x), rows, cols))]


def cells_beside(point: Point, rows: int, cols: int) -> list[list[int]]:
    """The cells a point concerns, 0-based [r, c], row-major: the cell itself, the one or two beside an
    edge, the one to four around a vertex."""
    y, x = point
    return [[(y + dy - 1) // 2, (x + dx - 1) // 2] for dy in (-1, 0, 1) for dx in (-1, 0, 1)
            if (y + dy) % 2 and (x + dx) % 2 and 0 < y + dy < 2 * rows and 0 < x + dx < 2 * cols]


def read_marks_value(value: Any, looks: dict[str, str], rows: int, cols: int, what: str, fail: Fail) -> dict:
    """A clean copy of lattice marks {name: [[y, x], ...]} (names in `looks` order, points row-major,
    empty names left out), else `fail(message, name=..., point=..., cells=...)` naming the first fault;
    `what` is how messages name the value ("'state' parts.loop")."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        fail(f"{what} must be an object of marks ({', '.join(looks)}), not {type_name(value)}")
    for name in value:
        if name not in looks:
            fail(f"{what} has no mark {excerpt(name)} (its marks: {', '.join(looks)})")
    outer = "border" in looks.values()
    limit = (2 * rows + 1) * (2 * cols + 1)
    out: dict[str, list[list[int]]] = {}
    taken: dict[Point, str] = {}
    for name, look in looks.items():
        points = value.get(name)
        if points is None or points == []:
            continue
        if not isinstance(points, list) or len(points) > limit:
            fail(f"{what}.{name} must be a list of at most {limit:,} [y, x] points", name=name)
        seen: set[Point] = set()
        for p in points:
            if not (isinstance(p, list) and len(p) == 2 and all(is_int(v) and abs(v) < 10 ** 6 for v in p)):
                fail(f"{what}.{name} holds {excerpt(p)}, not a point [y, x] (two whole numbers)", name=name)
            point = (p[0], p[1])
            here = {"name": name, "point": list(point), "cells": cells_beside(point, rows, cols)}
            at = f"{what}.{name} at {format_point(point) if min(point) >= 0 else list(point)}"
            if not is_place(look, point, rows, cols, outer):
                fail(f"{at}: no {look} sits there (a {look} sits {_where_it_sits(look, outer)} of the "
                     f"{rows}×{cols} grid)", **here)
            if point in seen:
                fail(f"{at}: named twice", **here)
            seen.add(point)
            other = taken.get(point)
            if other is not None and (look, looks[other]) in CLASHES + tuple((b, a) for a, b in CLASHES):
                fail(f"{at}: a {look} and a {looks[other]} cannot share one place", **here)
            taken.setdefault(point, name)
        out[name] = [list(p) for p in sorted(seen)]
    return out


def _where_it_sits(look: str, outer: bool) -> str:
    if PLACE[look] == "cell":
        return "on a cell"
    return "on an edge" if look == "border" or (look == "cross" and outer) else "on an edge between two cells"


def move_marks(value: dict, move: Any, rows: int, cols: int) -> dict:
    """Marks carried by a move of the grid (gridlogic/symmetry.py's Move): a point moves as a cell of
    the (2R+1)×(2C+1) lattice does, so cells stay cells and an edge turns with the grid."""
    return {name: sorted(list(move.place(y, x, 2 * rows + 1, 2 * cols + 1)) for y, x in points)
            for name, points in value.items()}


# -- share links -----------------------------------------------------------------------------------
def write_marks(entry: dict, value: Any, rows: int, cols: int) -> str:
    """The section of a share link holding a lattice part's value:

        marks  = (LETTER BITS)*     in the order of the part's choices, those with no point left out
        LETTER "a" + the index of the choice (a..z)
        BITS   one bit per place of its look (`places`), 1 where the mark is, 5 bits a character,
               the first place in the highest bit, written 0-9A-V; the zero characters at the end
               are left out (so BITS never ends in "0" and is never empty)

    What the section cannot hold (a point of a mark that sits nowhere there, a name not among the
    first 26 choices) is left out, as the item sections do."""
    if not isinstance(value, dict):
        return ""
    out = []
    for index, choice in enumerate(entry.get("choices") or []):
        points = value.get(choice.get("name"))
        if index >= len(LETTERS) or not isinstance(points, list) or choice.get("look") not in PLACE:
            continue
        on = {(p[0], p[1]) for p in points if isinstance(p, list) and len(p) == 2 and all(is_int(v) for v in p)}
        bits = [point in on for point in places(choice["look"], rows, cols)]
        text = "".join(B32[sum(bit << (4 - k) for k, bit in enumerate(bits[i:i + 5]))] for i in range(0, len(bits), 5))
        text = text.rstrip("0")
        if text:
            out.append(LETTERS[index] + text)
    return "".join(out)


def read_marks(entry: dict, text: str, rows: int, cols: int) -> dict | None:
    """The value a section made by `write_marks` holds ({name: points}, in choice order), or None when
    it is damaged: an unknown or repeated letter, letters out of order, BITS empty, ending in "0" or
    reaching past the look's places."""
    choices = entry.get("choices") or []
    out: dict[str, list[list[int]]] = {}
    i, last = 0, -1
    while i < len(text):
        index = LETTERS.find(text[i])
        if index < 0 or index >= len(choices) or index <= last:
            return None
        last, i = index, i + 1
        start = i
        while i < len(text) and text[i] in B32:
            i += 1
        chars = text[start:i]
        spots = places(choices[index]["look"], rows, cols)
        if not chars or chars[-1] == "0" or len(chars) > (len(spots) + 4) // 5:
            return None
        bits = [(B32.index(ch) >> (4 - k)) & 1 for ch in chars for k in range(5)]
        if any(bits[len(spots):]):
            return None
        out[choices[index]["name"]] = [list(p) for p, bit in zip(spots, bits) if bit]
    return out


# -- the part --------------------------------------------------------------------------------------
class Lattice(Part):
    """Marks on points of the lattice, as a whole value {name: points} rather than a list of items:
    lines, borders and crosses on edges, shade and dots on cells (see the module docstring)."""

    type = "lattice"
    looks = LOOKS

    @classmethod
    def check(cls, entry: dict, where: str) -> None:
        """The choices as every part's, each look once in the part."""
        super().check(entry, where)
        looks = [choice["look"] for choice in entry["choices"]]
        need(len(set(looks)) == len(looks), f"{where}: a lattice part takes each look once (got {looks})")

    @classmethod
    def check_choice(cls, choice: dict, where: str) -> None:
        """A mark has no value, no cell counts and no letter."""
        need(choice["value"] == "none", f"{where}.value: a lattice mark takes none")
        for key in ("min_cells", "max_cells", "letter"):
            need(key not in choice, f"{where}.{key}: a lattice mark has none")

    def blank(self, rows: int, cols: int) -> dict:  # type: ignore[override]
        """No mark."""
        return {}

    def read(self, items: Any, rows: int, cols: int) -> dict:  # type: ignore[override]
        """The part's marks, clean (see `read_marks_value`), else a RequestError located at the mark."""
        def fail(message: str, **where: Any) -> NoReturn:
            refuse(message, part=self.key, **where)

        return read_marks_value(items, looks_of(self.entry), rows, cols, f"'state' parts.{self.key}", fail)

    def move_all(self, items: Any, move: Any, rows: int, cols: int) -> dict:  # type: ignore[override]
        """The marks carried by the move."""
        return move_marks(items, move, rows, cols)

    def key_all(self, items: Any) -> tuple:
        """The marks, order-free."""
        return tuple(sorted((name, tuple(sorted(tuple(p) for p in points)))
                            for name, points in items.items() if points))
