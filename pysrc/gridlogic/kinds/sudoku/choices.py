"""The parts a sudoku's editing state holds (cages, lines, dots, outside clues, shapes, regions), the
choices of each, and the one limit on how many items a part holds, which every door (text, state,
link) keeps through `refuse_over_limits`."""

from __future__ import annotations

from typing import Any

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds.sudoku.constraints import TYPES, Constraint
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


class ItemCount:
    """Items counted in their parts as a door reads them, refused at the first one over MAX_ITEMS (the
    one limit of every door: text, state and link)."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(_LABELS, 0)

    def add(self, constraint: Constraint, where: str | None = None) -> None:
        """Count one more item. Over the limit, a PuzzleSyntaxError: located by `where` (a link's words for
        the item, beginning the message; the part in `where`) or else by the item's line of text."""
        key = PART_OF[constraint.type]
        self.counts[key] += 1
        if self.counts[key] > MAX_ITEMS:
            said = f"{_LABELS[key].lower()} hold more than {MAX_ITEMS:,} items; the limit is {MAX_ITEMS:,}"
            if where is not None:
                raise PuzzleSyntaxError(f"{where}: {said}", part=key)
            line = f"line {constraint.line}: " if constraint.line else ""
            raise PuzzleSyntaxError(line + said, line=constraint.line)


def refuse_over_limits(constraints: tuple[Constraint, ...]) -> None:
    """Refuse more items in a part than a state holds, at the first item over it (see ItemCount)."""
    count = ItemCount()
    for constraint in constraints:
        count.add(constraint)
