"""Numbers at the grid's corners: a clue on a vertex of the lattice (gridlogic/lattice.py's even/even
points), the outer corners of the grid included. A genre whose clues sit on the corners between
cells, not in them, gives its layout a part of this type; the page's editor then selects a corner by
a tap near it and takes a typed digit there (web/editor/vertexedit.js), with no page change.

A part entry is {"key", "type": "vertex", "label", "choices": [...], "help"?}; each choice {"name",
"label", "value": "number", "look": "number"}: a number written in a small white circle on the
corner. Its value in a state (`parts[key]`):

    {name: [[y, x, text], ...], ...}   y, x even, 0 <= y <= 2R, 0 <= x <= 2C; text one digit 0-9 or
                                       "?" (a number not given); row-major, each point once over
                                       all names; a name with none left out ({} when blank)

The kind reads the numbers it allows in `from_state`. A share link writes the value as one section
(`write_numbers`, `read_numbers`, the twins of web/editor/parts/vertex.js's `encodeNumbers`,
`decodeNumbers`).
"""

from __future__ import annotations

from typing import Any, NoReturn

from gridlogic.errors import excerpt, type_name
from gridlogic.layout.common import is_int, need, refuse
from gridlogic.layout.items import Part
from gridlogic.layout.lattice import cells_beside

LOOKS = ("number",)
TEXTS = tuple("0123456789") + ("?",)
LETTERS = "abcdefghijklmnopqrstuvwxyz"
RUNS = "ABCDEFGHIJKLMNOPQRSTUVWXY"       # a run of 1..25 corners without a number
UNKNOWN = "Z"                            # a number not given
SECTION_CHARS = LETTERS + RUNS + UNKNOWN + "0123456789"


def corners(rows: int, cols: int) -> list[tuple[int, int]]:
    """Every vertex of an R×C grid, row-major."""
    return [(y, x) for y in range(0, 2 * rows + 1, 2) for x in range(0, 2 * cols + 1, 2)]


def read_numbers_value(value: Any, names: list[str], rows: int, cols: int, what: str, fail) -> dict:
    """A clean copy of numbers at vertices {name: [[y, x, text], ...]} (names in choice order, points
    row-major), else `fail(message, name=..., point=..., cells=...)` at the first fault."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        fail(f"{what} must be an object of numbers at corners ({', '.join(names)}), not {type_name(value)}")
    for name in value:
        if name not in names:
            fail(f"{what} has no number {excerpt(name)} (its numbers: {', '.join(names)})")
    limit = (rows + 1) * (cols + 1)
    taken: set[tuple[int, int]] = set()
    out: dict[str, list[list]] = {}
    for name in names:
        items = value.get(name)
        if items is None or items == []:
            continue
        if not isinstance(items, list) or len(items) > limit:
            fail(f"{what}.{name} must be a list of at most {limit:,} [y, x, number] corners", name=name)
        kept = []
        for item in items:
            if not (isinstance(item, list) and len(item) == 3 and all(is_int(v) and abs(v) < 10 ** 6 for v in item[:2])):
                fail(f"{what}.{name} holds {excerpt(item)}, not a corner [y, x, number]", name=name)
            y, x, text = item
            here = {"name": name, "point": [y, x], "cells": cells_beside((y, x), rows, cols)}
            if y % 2 or x % 2 or not (0 <= y <= 2 * rows and 0 <= x <= 2 * cols):
                fail(f"{what}.{name} at [{y}, {x}]: not a corner of the {rows}×{cols} grid (y, x even, "
                     f"0..{2 * rows}, 0..{2 * cols})", name=name)
            if text not in TEXTS:
                fail(f"{what}.{name} at [{y}, {x}]: {excerpt(text)} is not a digit 0-9 or ?", **here)
            if (y, x) in taken:
                fail(f"{what}.{name} at [{y}, {x}]: a corner holds one number", **here)
            taken.add((y, x))
            kept.append([y, x, text])
        out[name] = sorted(kept)
    return out


# -- share links -----------------------------------------------------------------------------------
def write_numbers(entry: dict, value: Any, rows: int, cols: int) -> str:
    """The section of a share link holding a vertex part's value:

        numbers = (LETTER BODY)*   in the order of the part's choices, those with no number left out
        LETTER  "a" + the index of the choice (a..z)
        BODY    over the (R+1)×(C+1) corners row-major: a digit the corner's number, Z a number not
                given, A..Y a run of 1..25 corners without one; the run at the end left out

    What the section cannot hold is left out, as the item sections do."""
    if not isinstance(value, dict):
        return ""
    out = []
    for index, choice in enumerate((entry.get("choices") or [])[:len(LETTERS)]):
        items = value.get(choice.get("name"))
        if not isinstance(items, list):
            continue
        at = {(v[0], v[1]): v[2] for v in items if isinstance(v, list) and len(v) == 3 and v[2] in TEXTS}
        body, run = [], 0
        for point in corners(rows, cols):
            text = at.get(point)
            if text is None:
                run += 1
                continue
            while run:
                body.append(RUNS[min(run, len(RUNS)) - 1])
                run -= min(run, len(RUNS))
            body.append(UNKNOWN if text == "?" else text)
        if body:
            out.append(LETTERS[index] + "".join(body))
    return "".join(out)


def read_numbers(entry: dict, text: str, rows: int, cols: int) -> dict | None:
    """The value a section made by `write_numbers` holds, or None when it is damaged: an unknown or
    repeated letter, letters out of order, an empty body or one reaching past the corners."""
    choices = entry.get("choices") or []
    spots = corners(rows, cols)
    out: dict[str, list[list]] = {}
    i, last = 0, -1
    while i < len(text):
        index = LETTERS.find(text[i])
        if index < 0 or index >= len(choices) or index <= last:
            return None
        last, i, k = index, i + 1, 0
        items = []
        start = i
        while i < len(text) and text[i] not in LETTERS:
            ch = text[i]
            if ch in RUNS:
                k += RUNS.index(ch) + 1
            else:
                if k >= len(spots) or ch not in UNKNOWN + "0123456789":
                    return None
                items.append([*spots[k], "?" if ch == UNKNOWN else ch])
                k += 1
            i += 1
        if i == start or not items or k > len(spots):
            return None
        out[choices[index]["name"]] = items
    return out


# -- the part --------------------------------------------------------------------------------------
class Vertex(Part):
    """Numbers on the corners of the grid, as a whole value {name: [[y, x, text], ...]} rather than a
    list of items (see the module docstring)."""

    type = "vertex"
    looks = LOOKS

    @classmethod
    def check_choice(cls, choice: dict, where: str) -> None:
        """A corner's number is a number; it has no cell counts and no letter."""
        need(choice["value"] == "number", f"{where}.value: a number at a corner takes 'number'")
        for key in ("min_cells", "max_cells", "letter"):
            need(key not in choice, f"{where}.{key}: a number at a corner has none")

    def blank(self, rows: int, cols: int) -> dict:  # type: ignore[override]
        """No number."""
        return {}

    def read(self, items: Any, rows: int, cols: int) -> dict:  # type: ignore[override]
        """The part's numbers, clean (see `read_numbers_value`), else a RequestError located at the corner."""
        def fail(message: str, **where: Any) -> NoReturn:
            refuse(message, part=self.key, **where)

        return read_numbers_value(items, list(self.choices), rows, cols, f"'state' parts.{self.key}", fail)

    def move_all(self, items: Any, move: Any, rows: int, cols: int) -> dict:  # type: ignore[override]
        """The numbers carried by the move: a corner moves as a point of the (2R+1)×(2C+1) lattice."""
        return {name: sorted([*move.place(y, x, 2 * rows + 1, 2 * cols + 1), text] for y, x, text in values)
                for name, values in items.items()}

    def key_all(self, items: Any) -> tuple:
        """The numbers, order-free."""
        return tuple(sorted((name, tuple(sorted(tuple(v) for v in values))) for name, values in items.items() if values))
