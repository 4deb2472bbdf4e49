"""The sudoku's typed parts (gridlogic/layout): what the editor draws and the state carries of the
constraints (constraints.py) and the irregular regions, and the turning of one into the other.

Each constraint is one item of the part its type belongs to, named by the type: cages and groups
(`cages`), lines (`lines`), dots on an edge or a corner (`dots`), clues outside the grid (`outside`),
cell shapes (`shapes`). Irregular regions are the `regions` part: each `region` item one region
(they replace the boxes), and a `noregion` item the cells of a grid that has no region at all
(f-puzzles' grids without boxes). An item's value is the text typed: a number, or a quadruple's
digits one symbol each (1-9, then A-Z as the grid writes 10 up).
"""

from __future__ import annotations

from typing import Any

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds.sudoku import constraints as drawn
from gridlogic.kinds.sudoku.constraints import TYPES, Constraint
from gridlogic.kinds.sudoku.text import _read_regions, _sections
from gridlogic.layout import MAX_ITEMS

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _choice(name: str, label: str, look: str, value: str = "none", **more: Any) -> dict:
    """One choice of a part: a constraint type, its cell counts from constraints.TYPES."""
    kind = TYPES.get(name)
    out = {"name": name, "label": label, "value": value, "look": look, **more}
    if kind is not None and kind.min_cells > 1:
        out["min_cells"] = kind.min_cells
    if kind is not None and kind.max_cells is not None:
        out["max_cells"] = kind.max_cells
    return out


def _line(name: str, label: str, colour: str, value: str = "none", look: str = "line") -> dict:
    return _choice(name, label, look, value, colour=colour, reversible=True)


PARTS: tuple[dict, ...] = (
    {"key": "cages", "type": "group", "label": "Cages and groups",
     "help": "Drag across cells, then choose what they are; type a cage's sum (or leave it empty).",
     "choices": [_choice("killer", "Killer cage", "cage", "optional"),
                 _choice("extraregion", "Extra region", "region", colour="#c2e0ff"),
                 _choice("clone", "Clone (cells, then their copy)", "shade", more="copy", colour="#d9d9d9"),
                 _choice("rowindexer", "Row indexer", "shade", colour="#ffd6a5"),
                 _choice("columnindexer", "Column indexer", "shade", colour="#cdeac0"),
                 _choice("boxindexer", "Box indexer", "shade", colour="#e4c1f9")]},
    {"key": "lines", "type": "path", "label": "Lines",
     "help": "Drag along cells (diagonal steps too), then choose the line; a thermometer starts at its bulb, "
             "an arrow at its circle.",
     "choices": [_choice("thermo", "Thermometer", "thermo", colour="#bdbdbd"),
                 _choice("slowthermo", "Slow thermometer", "thermo", colour="#d6d6d6"),
                 _choice("arrow", "Arrow (circle or pill, then its line)", "arrow", more="line", colour="#a0a0a0"),
                 _line("doublearrow", "Double arrow", "#a0a0a0", look="between"),
                 _line("palindrome", "Palindrome", "#c0c0c0"),
                 _line("renban", "Renban", "#f067f0"),
                 _line("whispers", "German whispers", "#67f067", value="optional"),
                 _line("dutchwhispers", "Dutch whispers", "#ff9933", value="optional"),
                 _line("between", "Between line", "#b0b0b0", look="between"),
                 _line("regionsum", "Region sum line", "#2ecbff"),
                 _line("entropic", "Entropic line", "#ffa500"),
                 _line("modular", "Modular line", "#20a0a0"),
                 _line("zipper", "Zipper line", "#a0a0ff")]},
    {"key": "dots", "type": "dot", "label": "Dots",
     "help": "Click the edge between two cells, or the corner of four for a quadruple.",
     "choices": [_choice("white", "White dot (difference)", "white", "optional"),
                 _choice("black", "Black dot (ratio)", "black", "optional"),
                 _choice("x", "X (sum 10)", "letter", letter="X"),
                 _choice("v", "V (sum 5)", "letter", letter="V"),
                 _choice("quadruple", "Quadruple (digits in the four cells)", "circle", "digits")]},
    {"key": "outside", "type": "outside", "label": "Outside clues",
     "help": "Type a clue beside a row or a column; a little killer's sum where its diagonal starts, with "
             "the way the diagonal runs.",
     "choices": [_choice("sandwich", "Sandwich sum", "number", "number"),
                 _choice("xsum", "X-sum", "number", "number"),
                 _choice("skyscraper", "Skyscraper", "number", "number"),
                 _choice("littlekiller", "Little killer", "diagonal", "number", directions=True)]},
    {"key": "shapes", "type": "shape", "label": "Cell shapes",
     "choices": [_choice("odd", "Odd", "circle"), _choice("even", "Even", "square"),
                 _choice("minimum", "Minimum", "up"), _choice("maximum", "Maximum", "down")]},
    {"key": "regions", "type": "group", "label": "Irregular regions",
     "help": "Regions replace the boxes: each holds every digit at most once.",
     "choices": [_choice("region", "Region", "region", colour="#f2f2f2"),
                 _choice("noregion", "In no region (a grid without boxes)", "shade", colour="#e8e8e8")]},
)
PART_OF = {choice["name"]: part["key"] for part in PARTS[:-1] for choice in part["choices"]}
_LABELS = {part["key"]: part["label"] for part in PARTS}
_VALUES = {choice["name"]: choice["value"] for part in PARTS for choice in part["choices"]}


def to_parts(size: int, regions: tuple[int, ...] | None, constraints: tuple[Constraint, ...]) -> dict:
    """The state's `parts` of a puzzle's constraints and irregular regions (every part key)."""
    out: dict[str, list[dict]] = {part["key"]: [] for part in PARTS}
    for constraint in constraints:
        out[PART_OF[constraint.type]].append(to_item(constraint))
    if regions is not None:
        for region in range(max(regions, default=-1) + 1):
            cells = [list(divmod(i, size)) for i, x in enumerate(regions) if x == region]
            if cells:
                out["regions"].append({"name": "region", "cells": cells})
        out["regions"].sort(key=lambda item: item["cells"][0])       # numbered as from_parts numbers them
        if not out["regions"]:
            out["regions"].append({"name": "noregion", "cells": [list(divmod(i, size)) for i in range(size * size)]})
    return out


def refuse_over_limits(constraints: tuple[Constraint, ...]) -> None:
    """Refuse more items in a part than a state holds (layout's MAX_ITEMS, the one limit of every door:
    text, state and link), at the first item over it."""
    counts = dict.fromkeys(_LABELS, 0)
    for constraint in constraints:
        key = PART_OF[constraint.type]
        counts[key] += 1
        if counts[key] > MAX_ITEMS:
            where = f"line {constraint.line}: " if constraint.line else ""
            raise PuzzleSyntaxError(f"{where}{_LABELS[key].lower()} hold more than {MAX_ITEMS:,} items; "
                                    f"the limit is {MAX_ITEMS:,}", line=constraint.line)


def to_item(constraint: Constraint) -> dict:
    """A constraint as an item of its part (a dot's cells in row-major order; a value its type has no
    use for left out)."""
    cells = sorted(constraint.cells) if PART_OF[constraint.type] == "dots" else constraint.cells
    item: dict[str, Any] = {"name": constraint.type, "cells": [list(x) for x in cells]}
    if constraint.more:
        item["more"] = [list(x) for x in constraint.more]
    if constraint.digits:
        item["value"] = "".join(SYMBOLS[d - 1] for d in constraint.digits)
    elif constraint.value is not None and _VALUES[constraint.type] != "none":
        item["value"] = str(constraint.value)
    if constraint.direction:
        item["direction"] = constraint.direction
    return item


def from_parts(parts: dict, size: int) -> tuple[tuple[int, ...] | None, tuple[Constraint, ...]]:
    """The irregular regions and the constraints of a state's `parts` (whose shape layout.read_state
    checked), each constraint checked as the text's are; a PuzzleSyntaxError at the item otherwise."""
    constraints = []
    for part in PARTS[:-1]:
        for i, item in enumerate(parts.get(part["key"]) or ()):
            constraints.append(from_item(item, size, part["key"], i))
    return _regions(parts.get("regions") or (), size), tuple(constraints)


def from_item(item: dict, size: int, key: str, index: int) -> Constraint:
    """One item as a constraint, checked (constraints.validate) and refused at the item."""
    def fail(message: str) -> PuzzleSyntaxError:
        return PuzzleSyntaxError(f"{_LABELS[key]}, item {index + 1}: {message}", part=key, index=index,
                                 cells=[list(x) for x in item["cells"]])

    name, value = item["name"], item.get("value", "")
    kind = TYPES[name]
    digits: tuple[int, ...] = ()
    number = None
    if kind.values == "digits":
        digits = tuple(SYMBOLS.find(ch.upper()) + 1 for ch in value)
        if not 1 <= len(digits) <= 4 or not all(1 <= d <= size for d in digits):
            raise fail(f"a {kind.noun} holds 1 to 4 digits of 1..{SYMBOLS[size - 1]}, not {value!r}")
    elif value:
        number = int(value)
    constraint = Constraint(name, tuple(map(tuple, item["cells"])), number, tuple(map(tuple, item.get("more", ()))),
                            digits, item.get("direction", ""))
    try:
        drawn.validate(constraint, size)
    except PuzzleSyntaxError as err:
        raise fail(err.message) from None
    return constraint


def _regions(items: Any, size: int) -> tuple[int, ...] | None:
    """Each cell's region (numbered by their first cells in reading order, -1 none), or None (boxes)."""
    if not items:
        return None
    regions = [-1] * (size * size)
    owner: dict[int, int] = {}
    order = sorted((i for i, item in enumerate(items) if item["name"] == "region"),
                   key=lambda i: min(r * size + c for r, c in items[i]["cells"]))
    number = {i: k for k, i in enumerate(order)}
    for i, item in enumerate(items):
        def fail(message: str) -> PuzzleSyntaxError:
            return PuzzleSyntaxError(f"{_LABELS['regions']}, item {i + 1}: {message}", part="regions", index=i,
                                     cells=item["cells"])

        if item["name"] == "region" and len(item["cells"]) > size:
            raise fail(f"a region holds {len(item['cells'])} cells; a {size}×{size} sudoku has {size} digits")
        for r, c in item["cells"]:
            if r * size + c in owner:
                raise fail(f"r{r + 1}c{c + 1} is in item {owner[r * size + c] + 1} already")
            owner[r * size + c] = i
            regions[r * size + c] = number.get(i, -1)
    return tuple(regions)


def read_retired(state: dict, size: int) -> tuple[tuple[int, ...] | None, tuple[Constraint, ...], list[str]]:
    """The regions, constraints and rule names of the retired extra `drawn` (the text's lines after the
    grid), if the state has it; its errors located in that field."""
    text = (state.get("extras") or {}).get("drawn", "")
    if not isinstance(text, str) or not text.strip():
        return None, (), []
    try:
        _, region_rows, lines, more_rules = _sections(text, "lines")
        regions = _read_regions(region_rows, size) if region_rows else None
        return regions, tuple(drawn.read_line(line, size, ln) for ln, line in lines), more_rules
    except PuzzleSyntaxError as err:             # located in the field (its message names the line)
        raise PuzzleSyntaxError(f"Variant clues, {err.message}", extra="drawn") from None
