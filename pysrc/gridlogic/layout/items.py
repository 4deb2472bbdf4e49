"""What the typed parts (group, path, dot, outside, shape) share: a part's schema and choices, reading
its items from a state with located refusals, moving an item with the grid, and the key that compares
items whatever order their unordered cells were written in. Each type's module says what its cells
may be, how it is drawn (`looks`) and which choice flags it takes."""

from __future__ import annotations

import re
from typing import Any, Callable, NoReturn

from gridlogic.errors import excerpt, type_name
from gridlogic.layout.common import is_int, known_keys, need, refuse

PART_KEYS = ("key", "type", "label", "choices", "help")
CHOICE_KEYS = ("name", "label", "value", "more", "min_cells", "max_cells", "look", "colour", "letter", "directions",
               "reversible")
ITEM_KEYS = ("name", "cells", "more", "value", "direction")
VALUES = ("none", "number", "optional", "digits")
DIRECTIONS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}
MAX_ITEMS = 2000           # items of one part in a state
MAX_ITEM_CELLS = 1000      # cells of one item
MAX_VALUE = 12             # characters of an item's value
MAX_CHOICES = 26           # choices of one part (a share link names a choice by one letter a..z)
_NUMBER = re.compile(r"[0-9]+")
_DIGITS = re.compile(r"[0-9A-Za-z]+")

Cell = tuple[int, int]
Fail = Callable[[str], NoReturn]


class Part:
    """One typed part of a layout: its entry (key, type, label, choices) and its items in a state."""

    type = ""
    looks: tuple[str, ...] = ()
    mores: tuple[str, ...] = ("",)            # what a choice's `more` may be for this type
    flags: tuple[str, ...] = ()               # the choice flags this type takes: directions, reversible
    counts = (1, MAX_ITEM_CELLS)              # an item's cells when a choice gives no min_cells, max_cells

    def __init__(self, entry: dict) -> None:
        self.entry = entry
        self.key: str = entry["key"]
        self.choices: dict[str, dict] = {choice["name"]: choice for choice in entry["choices"]}

    # -- the layout -------------------------------------------------------------------------------
    @classmethod
    def check(cls, entry: dict, where: str) -> None:
        """Check a part entry of this type and its choices (the entry's keys are checked already)."""
        choices = entry.get("choices")
        need(isinstance(choices, list) and 0 < len(choices) <= MAX_CHOICES,
             f"{where}.choices is not a list of 1 to {MAX_CHOICES} choices")
        names = set()
        for i, choice in enumerate(choices):
            here = f"{where}.choices[{i}]"
            need(isinstance(choice, dict), f"{here} is not a dict")
            known_keys(choice, CHOICE_KEYS, here)
            name = choice.get("name")
            need(isinstance(name, str) and name and name not in names, f"{here}.name {name!r} is missing or used twice")
            names.add(name)
            need(isinstance(choice.get("label"), str), f"{here}.label is not a string")
            need(choice.get("value") in VALUES,
                 f"{here}.value {choice.get('value')!r} is not one of {', '.join(VALUES)}")
            need(choice.get("more", "") in cls.mores,
                 f"{here}.more {choice.get('more')!r} is not one of {cls.mores} for a {cls.type}")
            low, high = choice.get("min_cells", cls.counts[0]), choice.get("max_cells", cls.counts[1])
            need(is_int(low) and is_int(high) and 1 <= low <= high <= MAX_ITEM_CELLS,
                 f"{here}.min_cells/max_cells are not whole numbers 1 <= min <= max <= {MAX_ITEM_CELLS}")
            need(choice.get("look") in cls.looks,
                 f"{here}.look {choice.get('look')!r} is not one of {', '.join(cls.looks)} for a {cls.type}")
            need(isinstance(choice.get("colour", ""), str) and len(choice.get("colour", "")) <= 40,
                 f"{here}.colour is not a CSS colour")
            letter = choice.get("letter", "")
            need(isinstance(letter, str) and len(letter) <= 2 and (letter or choice["look"] != "letter"),
                 f"{here}.letter is not one or two characters (a look 'letter' needs one)")
            for flag in ("directions", "reversible"):
                if flag in choice:
                    need(flag in cls.flags, f"{here}.{flag}: a {cls.type} has no {flag}")
                    need(isinstance(choice[flag], bool), f"{here}.{flag} is not true or false")
            cls.check_choice(choice, here)

    @classmethod
    def check_choice(cls, choice: dict, where: str) -> None:
        """What this type asks more of a choice (nothing unless a type says)."""

    # -- the state --------------------------------------------------------------------------------
    def blank(self, rows: int, cols: int) -> list:
        """No item."""
        return []

    def read(self, items: Any, rows: int, cols: int) -> list[dict]:
        """Clean copies of the state's items of this part, each checked (RequestError at the item)."""
        if items is None:
            return []
        if not isinstance(items, list):
            refuse(f"'state' parts.{self.key} must be a list of items, not {type_name(items)}", part=self.key)
        if len(items) > MAX_ITEMS:
            refuse(f"'state' parts.{self.key} has {len(items):,} items; the limit is {MAX_ITEMS:,}", part=self.key)
        return [self.read_item(item, i, rows, cols) for i, item in enumerate(items)]

    def read_item(self, item: Any, i: int, rows: int, cols: int) -> dict:
        """One item: {name, cells, more?, value?, direction?}, `more`, `value` and `direction` left out
        when empty; cells as [r, c] lists."""
        where: dict[str, Any] = {"part": self.key, "index": i}
        head = f"'state' parts.{self.key} item {i + 1}"

        def fail(message: str) -> NoReturn:
            refuse(f"{head}: {message}", **where)

        if not isinstance(item, dict):
            fail(f"must be an object with name and cells, not {type_name(item)}")
        for key in item:
            if key not in ITEM_KEYS:
                fail(f"has no field {excerpt(key)} (its fields: {', '.join(ITEM_KEYS)})")
        name = item.get("name")
        if not isinstance(name, str) or name not in self.choices:
            fail(f"{excerpt(name)} is not one of {', '.join(self.choices)}")
        choice = self.choices[name]
        head += f" ({name})"
        cells = _cell_list(item.get("cells"), "cells", fail)
        where["cells"] = [list(x) for x in cells]
        low, high = choice.get("min_cells", self.counts[0]), choice.get("max_cells", self.counts[1])
        if not low <= len(cells) <= high:
            fail(f"has {len(cells)} cell{'s' * (len(cells) != 1)}; it takes "
                 + (f"{low}" if low == high else f"{low} to {high}" if high < MAX_ITEM_CELLS else f"at least {low}"))
        cells = self.check_cells(cells, choice, rows, cols, fail)
        where["cells"] = [list(x) for x in cells]
        out: dict[str, Any] = {"name": name, "cells": [list(x) for x in cells]}
        more = self._more(item.get("more"), cells, choice, rows, cols, fail)
        if more:
            out["more"] = [list(x) for x in more]
        value = _value(item.get("value"), choice, fail)
        if value:
            out["value"] = value
        direction = item.get("direction")
        if choice.get("directions"):
            if not isinstance(direction, str) or direction not in DIRECTIONS:
                fail(f"needs a direction (one of {', '.join(DIRECTIONS)}), not {excerpt(direction)}")
            out["direction"] = direction
            self.check_direction(cells, direction, rows, cols, fail)
        elif direction not in (None, ""):
            fail("takes no direction")
        return out

    def check_cells(self, cells: list[Cell], choice: dict, rows: int, cols: int, fail: Fail) -> list[Cell]:
        """The item's cells as this type allows them (its own rules; maybe put in order), else `fail`."""
        return cells

    def check_direction(self, cells: list[Cell], direction: str, rows: int, cols: int, fail: Fail) -> None:
        """What this type asks of a direction (nothing unless a type says)."""

    def _more(self, value: Any, cells: list[Cell], choice: dict, rows: int, cols: int, fail: Fail) -> list[Cell]:
        what = choice.get("more", "")
        if not what:
            if value not in (None, []):
                fail("takes no more cells")
            return []
        if value is None or value == []:
            if what == "line":
                fail("needs its line (more)")
            return []                    # a clone whose copy is still to come: the kind says it needs one
        more = _cell_list(value, "more", fail)
        inside(more, rows, cols, fail, "more")
        distinct(more, fail, "more")
        if what == "copy":
            if len(more) != len(cells):
                fail(f"its copy has {len(more)} cells; the shape has {len(cells)}")
        else:
            if set(more) & set(cells):
                fail("its line crosses its own cells")
            if not any(touches(more[0], cell) for cell in cells):
                fail(f"its line starts at {cell_name(more[0])}, not next to its cells")
            steps(more, fail, "line")
        return more

    # -- symmetry ---------------------------------------------------------------------------------
    def move(self, item: dict, move: Any, rows: int, cols: int) -> dict:
        """The item carried by a move of the grid (`move.place`): its cells, `more` and direction."""
        def place(cell: list[int]) -> list[int]:
            return list(move.place(cell[0], cell[1], rows, cols))

        out = {**item, "cells": [place(x) for x in item["cells"]]}
        if "more" in item:
            out["more"] = [place(x) for x in item["more"]]
        if item.get("direction"):
            (r, c), (dr, dc) = item["cells"][0], DIRECTIONS[item["direction"]]
            r1, c1 = out["cells"][0]
            r2, c2 = place([r + dr, c + dc])
            out["direction"] = next(k for k, v in DIRECTIONS.items() if v == (r2 - r1, c2 - c1))
        return self.settle(out)

    def move_all(self, items: list[dict], move: Any, rows: int, cols: int) -> list[dict]:
        """The part's value in a state carried by a move of the grid: item by item."""
        return [self.move(item, move, rows, cols) for item in items]

    def key_all(self, items: list[dict]) -> Any:
        """What the part's value is, order-free: its items' keys sorted."""
        return sorted(self.key_of(item) for item in items)

    def settle(self, item: dict) -> dict:
        """A moved item written as a state writes it (a dot's cells in row-major order)."""
        return item

    def key_of(self, item: dict) -> tuple:
        """What an item is, whatever order its unordered cells were written in (compares states)."""
        choice = self.choices[item["name"]]
        cells = tuple(tuple(x) for x in item["cells"])
        more = tuple(tuple(x) for x in item.get("more", ()))
        return (item["name"], item.get("value", ""), item.get("direction", "")) + self.cells_key(cells, more, choice)

    def cells_key(self, cells: tuple[Cell, ...], more: tuple[Cell, ...], choice: dict) -> tuple:
        """The cells as compared: in order unless a type says they are a set."""
        return cells, more


# -- helpers for the types ------------------------------------------------------------------------
def cell_name(cell: Cell) -> str:
    """`r1c1` for (0, 0)."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def touches(a: Cell, b: Cell) -> bool:
    """True when b is a king's move from a."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def inside(cells: list[Cell], rows: int, cols: int, fail: Fail, what: str = "cells") -> None:
    """Refuse a cell outside the grid."""
    for r, c in cells:
        if not (0 <= r < rows and 0 <= c < cols):
            fail(f"{what}: {cell_name((r, c))} is outside the {rows}×{cols} grid")


def distinct(cells: list[Cell], fail: Fail, what: str = "cells") -> None:
    """Refuse a cell named twice."""
    if len(set(cells)) != len(cells):
        twice = next(x for i, x in enumerate(cells) if x in cells[:i])
        fail(f"{what}: {cell_name(twice)} is named twice")


def steps(cells: list[Cell], fail: Fail, what: str) -> None:
    """Refuse a path whose cell is not a king's move from the one before."""
    for a, b in zip(cells, cells[1:]):
        if not touches(a, b):
            fail(f"the {what} jumps from {cell_name(a)} to {cell_name(b)} (each cell must touch the one before)")


def _cell_list(value: Any, what: str, fail: Fail) -> list[Cell]:
    if not isinstance(value, list) or not value:
        fail(f"{what} must be a list of [r, c] cells, not {type_name(value) if value != [] else 'an empty list'}")
    if len(value) > MAX_ITEM_CELLS:
        fail(f"{what} has {len(value):,} cells; the limit is {MAX_ITEM_CELLS:,}")
    out = []
    for k, cell in enumerate(value):
        if not (isinstance(cell, list) and len(cell) == 2 and all(is_int(x) and abs(x) < 10 ** 6 for x in cell)):
            fail(f"{what}[{k}] is {excerpt(cell)}, not [r, c] (two whole numbers)")
        out.append((cell[0], cell[1]))
    return out


def _value(value: Any, choice: dict, fail: Fail) -> str:
    kind = choice["value"]
    if value is None or value == "":
        if kind in ("number", "digits"):
            fail("needs a value")
        return ""
    if not isinstance(value, str):
        fail(f"its value must be a string, not {type_name(value)}")
    if kind == "none":
        fail(f"takes no value (got {excerpt(value)})")
    if len(value) > MAX_VALUE:
        fail(f"its value {excerpt(value)} is longer than {MAX_VALUE} characters")
    if kind == "digits" and not _DIGITS.fullmatch(value):
        fail(f"its value {excerpt(value)} is not digits (1-9, then A-Z)")
    if kind != "digits" and not _NUMBER.fullmatch(value):
        fail(f"its value {excerpt(value)} is not a whole number")
    return value
