"""The lines and arrows of an SCL puzzle, read as constraints by shape, colour and the rules text.

See scl.py for what each drawing is read as. A circle (a rounded shape of about a cell, or a
pill over several) at a line's end is its bulb; a rule that reads a line marks its circles used, so
that they are not reported as unread drawings.
"""

from __future__ import annotations

import math

from gridlogic.budget import tick
from gridlogic.kinds.sudoku.constraints import Constraint, cell_name, span
from gridlogic.codecs.payload import number as whole
from gridlogic.kinds.sudoku.links.scl_shapes import (LINE_WORDS, Shape, colour_words, inside, is_grey, named, number, path, point,
                                       rgba)

PLAIN = ("renban", "whispers", "dutchwhispers", "regionsum", "entropic", "modular", "zipper", "palindrome")
BULBED = ("slowthermo", "thermo", "arrow")
ENDED = ("between", "doublearrow")
BULB = 0.72                     # least width of a bulb (f-puzzles' odd circles are 0.7, arrow bulbs 0.75)


def _points(item: object) -> list[tuple[float, float]]:
    points = item.get("wayPoints") if isinstance(item, dict) else None
    found = [point(p) for p in points] if isinstance(points, list) else []
    return [p for p in found if p is not None] if all(found) else []


class ByCell:
    """Shapes by cell, each cell's in drawing order, and the first of them no rule has read yet (found in
    time linear in the shapes over all questions: a shape once used stays used)."""

    def __init__(self, pairs) -> None:
        self.shapes: dict[tuple[int, int], list[Shape]] = {}
        self.first: dict[tuple[int, int], int] = {}
        for cell, shape in pairs:
            self.shapes.setdefault(cell, []).append(shape)

    def unused(self, cell: tuple[int, int]) -> Shape | None:
        """The cell's first shape not used yet, if any."""
        found = self.shapes.get(cell, ())
        i = self.first.get(cell, 0)
        while i < len(found) and found[i].used:
            i += 1
        self.first[cell] = i
        return found[i] if i < len(found) else None

    def any(self, cell: tuple[int, int]) -> Shape | None:
        """The cell's first shape not used yet, else its first shape, if any."""
        found = self.shapes.get(cell)
        return (self.unused(cell) or found[0]) if found else None


def circles(shapes: list[Shape], size: int) -> ByCell:
    """The circles (bulbs and pills; not an odd cell's smaller circle) over each cell: one no rule has read
    yet is taken first (thermometers from one bulb draw a bulb each)."""
    return ByCell((cell, s) for s in shapes if s.rounded and BULB <= min(s.width, s.height) <= 1.0
                  and max(s.width, s.height) < size for cell in s.covers(size))


def _colour(item: dict) -> str:
    words = sorted(colour_words(rgba(item.get("color"))))
    return words[0] if words else str(item.get("color", "no colour"))


def read_arrows(arrows: list, shapes: list[Shape], size: int, warnings: list[str]) -> list[Constraint]:
    """Arrows from a circle, and little killers (a short diagonal arrow outside the grid by a number)."""
    out = []
    bulbs = circles(shapes, size)
    labels = ByCell(((math.floor(s.y), math.floor(s.x)), s) for s in shapes if s.text)
    for i, item in enumerate(arrows, 1):
        tick()
        points = _points(item)
        if len(points) < 2:
            warnings.append(f"arrow {i}: fewer than two points, not read")
            continue
        start = (math.floor(points[0][0]), math.floor(points[0][1]))
        if not inside(start, size):
            dy, dx = (int(math.copysign(1, b - a)) if abs(b - a) > 0.01 else 0 for a, b in zip(points[0], points[1]))
            label = labels.unused(start)
            if dy and dx and label is not None and whole(label.text) is not None:
                label.used = True
                direction = ("U" if dy < 0 else "D") + ("L" if dx < 0 else "R")
                out.append(Constraint("littlekiller", (start,), whole(label.text), direction=direction))
            else:
                warnings.append(f"arrow from {cell_name(start)} outside the grid not read (no little killer sum by it)")
            continue
        cells = path(points)
        circle = bulbs.any(cells[0]) if cells else None
        if circle is None:
            where = span(cells) if cells else cell_name(start)
            warnings.append(f"arrow at {where} without a circle at its start, not read")
            continue
        circle.used = True
        bulb = tuple(sorted(circle.covers(size)))
        out.append(Constraint("arrow", bulb, more=tuple(x for x in cells if x not in bulb)))
    return out


def _diagonal(points: list[tuple[float, float]], size: int) -> str:
    ends = {(round(y), round(x)) for y, x in points if abs(y - round(y)) < 0.05 and abs(x - round(x)) < 0.05}
    if len(points) != 2 or len(ends) != 2:
        return ""
    return {frozenset({(0, 0), (size, size)}): "maindiagonal",
            frozenset({(0, size), (size, 0)}): "antidiagonal"}.get(frozenset(ends), "")


def read_lines(lines: list, shapes: list[Shape], size: int, rules_text: str,
               warnings: list[str]) -> tuple[list[Constraint], set[str]]:
    """Constraints and diagonal rules of the lines (see scl.py); the unread ones reported."""
    out, rules, pending, stray = [], set(), [], 0
    names = named(rules_text, LINE_WORDS)
    bulbs = circles(shapes, size)
    for item in lines:
        tick()
        points = _points(item)
        if not isinstance(item, dict) or len(points) < 2:
            stray += 1
            continue
        colour, thickness = rgba(item.get("color")), number(item.get("thickness"), 1.0)
        diagonal = _diagonal(points, size)
        if diagonal:
            if "diagonal" in rules_text.lower():
                rules.add(diagonal)
            else:
                warnings.append(f"{diagonal} line drawn, but the rules text says nothing of diagonals; not read")
            continue
        cells = path(points)
        if not cells or len(cells) < 2 or not all(inside(x, size) for x in cells):
            stray += 1
            continue
        start, end = bulbs.any(cells[0]), bulbs.any(cells[-1])
        if is_grey(colour) and 18 <= thickness <= 30 and (start or end):
            out.append(Constraint("thermo", cells if start else cells[::-1]))
            (start or end).used = True
        elif start and end and thickness <= 6 and ("doublearrow" in names or "between" in names or not rules_text):
            out.append(Constraint("doublearrow" if "doublearrow" in names else "between", cells))
            start.used = end.used = True
        elif is_grey(colour) and 10 <= thickness < 18 and ("palindrome" in names or not rules_text):
            out.append(Constraint("palindrome", cells))
        else:
            pending.append((item, cells, start, end))
    for item, cells, start, end in pending:
        constraint = _named(item, cells, start, end, names, size)
        if constraint is None:
            warnings.append(f"line at {span(cells)} ({_colour(item)}) not read as a rule (its kind is not named "
                            "by the rules text)")
        else:
            out.append(constraint)
    if stray:
        warnings.append(f"line ×{stray}: drawing{'s' * (stray > 1)} not through cell centres, not read as rules")
    return out, rules


def _named(item: dict, cells: tuple, start: Shape | None, end: Shape | None, names: dict[str, set[str]],
           size: int) -> Constraint | None:
    """The constraint the rules text names for a line of this shape and colour, if exactly one fits."""
    words = colour_words(rgba(item.get("color")))
    shape_kinds = ENDED if start and end else BULBED if start or end else PLAIN
    candidates = [k for k in shape_kinds if k in names]
    if start and end and not candidates:
        candidates = [k for k in PLAIN if k in names]
        start = end = None
    fits = [k for k in candidates if names[k] & words]
    kind = fits[0] if len(fits) == 1 else candidates[0] if len(candidates) == 1 and not names[candidates[0]] else None
    if kind is None:
        return None
    if kind in BULBED:
        bulb_end = start or end
        cells = cells if start else cells[::-1]
        bulb_end.used = True
        if kind == "arrow":
            bulb = tuple(sorted(bulb_end.covers(size)))
            return Constraint("arrow", bulb, more=tuple(x for x in cells if x not in bulb))
    elif kind in ENDED:
        start.used = end.used = True
    return Constraint(kind, cells)
