"""The geometry and colours of SudokuPad drawings, and what a puzzle's rules text names.

SCL coordinates are [y, x] in cell units: cell (r, c) spans [r, r+1] × [c, c+1], its centre is at
(r + .5, c + .5), an edge between two cells has one whole coordinate, a corner two. Colours come as
`#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` or a few names; a line's colour is told by name
(red, green, purple...) when the rules text names its lines by colour.
"""

from __future__ import annotations

import colorsys
import math
import re
from dataclasses import dataclass

Cell = tuple[int, int]
MAX_RUN = 40                    # cells a straight run between two points may fill in (grids are 16 wide at most)
_HEX = re.compile(r"#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
_RGB = re.compile(r"rgba?\(\s*([0-9.]+)\s*,\s*([0-9.]+)\s*,\s*([0-9.]+)\s*(?:,\s*([0-9.]+)\s*)?\)", re.I)
NAMES = {"white": (255, 255, 255, 1.0), "black": (0, 0, 0, 1.0), "grey": (128, 128, 128, 1.0),
         "gray": (128, 128, 128, 1.0), "transparent": (0, 0, 0, 0.0), "none": (0, 0, 0, 0.0)}
# Colour words of rules texts, each with the hues (degrees) it covers.
HUES = {"red": ((0, 18), (340, 360)), "orange": ((15, 45),), "yellow": ((45, 70),), "green": ((70, 170),),
        "blue": ((170, 255),), "teal": ((160, 200),), "cyan": ((170, 200),), "purple": ((255, 320),),
        "violet": ((255, 320),), "lavender": ((240, 300),), "pink": ((290, 350),), "magenta": ((285, 330),)}
# Line types a rules text may name, most specific first (a name's matches are removed before the next).
LINE_WORDS = (("slowthermo", r"slow[ -]?thermo"), ("thermo", r"thermo"), ("renban", r"renban"),
              ("dutchwhispers", r"dutch[ -]?whisper"), ("whispers", r"whisper"), ("between", r"between"),
              ("regionsum", r"region[ -]?sum"), ("entropic", r"entropic"), ("modular", r"modular"),
              ("zipper", r"zipper"), ("palindrome", r"palindrom"), ("doublearrow", r"double[ -]?arrow"),
              ("arrow", r"arrow"))
OUTSIDE_WORDS = (("sandwich", r"sandwich"), ("xsum", r"x[ -]?sums?\b"), ("skyscraper", r"skyscraper"))


def number(value: object, default: float | None = None) -> float | None:
    """A finite JSON number (or numeric string) as a float, else `default`."""
    if isinstance(value, bool):
        return default
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return default
    if isinstance(value, (int, float)) and math.isfinite(value) and abs(value) < 1e6:
        return float(value)
    return default


def point(value: object) -> tuple[float, float] | None:
    """(y, x) of a `[y, x]` pair of numbers, else None."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    y, x = number(value[0]), number(value[1])
    return None if y is None or x is None else (y, x)


def rgba(value: object) -> tuple[int, int, int, float] | None:
    """(r, g, b, alpha) of a CSS colour, None when it is not one."""
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    if text in NAMES:
        return NAMES[text]
    m = _HEX.fullmatch(text)
    if m:
        h = m[1]
        if len(h) <= 4:
            h = "".join(ch * 2 for ch in h)
        alpha = int(h[6:8], 16) / 255 if len(h) == 8 else 1.0
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), alpha
    m = _RGB.fullmatch(text)
    if m:
        r, g, b = (min(255, int(float(m[i]))) for i in (1, 2, 3))
        return r, g, b, float(m[4]) if m[4] else 1.0
    return None


def is_white(c) -> bool:
    """Opaque and near white."""
    return c is not None and c[3] > 0.3 and min(c[:3]) >= 230


def is_black(c) -> bool:
    """Opaque and near black."""
    return c is not None and c[3] > 0.3 and max(c[:3]) <= 70


def is_grey(c) -> bool:
    """Opaque, without hue, neither white nor black."""
    return c is not None and c[3] > 0.3 and max(c[:3]) - min(c[:3]) <= 30 and 70 < sum(c[:3]) / 3 < 235


def colour_words(c) -> set[str]:
    """The words a rules text may call this colour by ("grey", "red", "purple"...)."""
    if c is None or c[3] <= 0.05:
        return set()
    if is_grey(c):
        return {"grey", "gray"}
    if is_white(c):
        return {"white"}
    if is_black(c):
        return {"black"}
    hue = colorsys.rgb_to_hsv(*(v / 255 for v in c[:3]))[0] * 360
    return {word for word, spans in HUES.items() if any(lo <= hue < hi for lo, hi in spans)}


def _frac(v: float) -> float:
    return v - math.floor(v)


def centre_cell(y: float, x: float, slack: float = 0.2) -> Cell | None:
    """The cell whose centre (y, x) is (within `slack`), else None."""
    if abs(_frac(y) - 0.5) <= slack and abs(_frac(x) - 0.5) <= slack:
        return math.floor(y), math.floor(x)
    return None


def edge_cells(y: float, x: float, slack: float = 0.15) -> tuple[Cell, Cell] | None:
    """The two cells either side of the edge whose middle (y, x) is, else None."""
    whole_y, whole_x = abs(y - round(y)) <= slack, abs(x - round(x)) <= slack
    if whole_y and not whole_x and abs(_frac(x) - 0.5) <= slack:
        return (round(y) - 1, math.floor(x)), (round(y), math.floor(x))
    if whole_x and not whole_y and abs(_frac(y) - 0.5) <= slack:
        return (math.floor(y), round(x) - 1), (math.floor(y), round(x))
    return None


def corner_cells(y: float, x: float, slack: float = 0.15) -> tuple[Cell, ...] | None:
    """The four cells around the corner (y, x) is at, else None."""
    if abs(y - round(y)) <= slack and abs(x - round(x)) <= slack:
        r, c = round(y), round(x)
        return (r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)
    return None


def path(points: list[tuple[float, float]]) -> tuple[Cell, ...] | None:
    """The cells a line through these points visits (straight runs filled in), None when it leaves centres."""
    out: list[Cell] = []
    for y, x in points:
        if abs(_frac(y) - 0.5) >= 0.45 or abs(_frac(x) - 0.5) >= 0.45:
            return None
        cell = (math.floor(y), math.floor(x))
        if out and cell != out[-1]:
            dr, dc = cell[0] - out[-1][0], cell[1] - out[-1][1]
            steps = max(abs(dr), abs(dc))
            if steps > MAX_RUN:
                return None
            if steps > 1 and dr in (0, dr // abs(dr or 1) * steps) and dc in (0, dc // abs(dc or 1) * steps):
                out += [(out[-1][0] + dr // steps * i, out[-1][1] + dc // steps * i) for i in range(1, steps)]
        if not out or cell != out[-1]:
            out.append(cell)
    return tuple(out)


def inside(cell: Cell, size: int) -> bool:
    """True for a cell of the size×size grid."""
    return 0 <= cell[0] < size and 0 <= cell[1] < size


@dataclass
class Shape:
    """An overlay or underlay: where it is, its size, fill, border and text, and whether a rule read it."""

    layer: str
    y: float
    x: float
    width: float
    height: float
    rounded: bool
    fill: tuple | None
    border: tuple | None
    text: str
    used: bool = False

    @classmethod
    def of(cls, layer: str, item: object) -> Shape | None:
        """The shape of an SCL overlay/underlay object, None when it has no centre."""
        centre = point(item.get("center")) if isinstance(item, dict) else None
        if centre is None:
            return None
        text = item.get("text")
        return cls(layer, centre[0], centre[1], number(item.get("width"), 1.0), number(item.get("height"), 1.0),
                   bool(item.get("rounded")), rgba(item.get("backgroundColor")), rgba(item.get("borderColor")),
                   str(text).strip() if isinstance(text, (str, int, float)) and not isinstance(text, bool) else "")

    def covers(self, size: int) -> tuple[Cell, ...]:
        """The grid cells whose centres lie inside the shape (a circle one, a pill several)."""
        r0, r1 = math.ceil(self.y - self.height / 2 - 0.5), math.floor(self.y + self.height / 2 - 0.5)
        c0, c1 = math.ceil(self.x - self.width / 2 - 0.5), math.floor(self.x + self.width / 2 - 0.5)
        if r1 - r0 > size or c1 - c0 > size:
            return ()
        return tuple((r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1) if inside((r, c), size))


def named(rules_text: str, words: tuple[tuple[str, str], ...]) -> dict[str, set[str]]:
    """The types of `words` a rules text names, each with the colour words said in the same sentences."""
    found: dict[str, set[str]] = {}
    for sentence in re.split(r"[.;\n]+", rules_text.lower()):
        rest = sentence
        for kind, pattern in words:
            if re.search(pattern, rest):
                colours = {w for w in (*HUES, "grey", "gray", "white", "black") if re.search(rf"\b{w}\b", sentence)}
                found.setdefault(kind, set()).update(colours)
                rest = re.sub(pattern, " ", rest)
    return found
