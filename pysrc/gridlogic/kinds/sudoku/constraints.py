"""Variant sudoku constraints: what each one is, its text line, and its checks at the door.

A constraint is one clue drawn on the grid: a killer cage, an arrow, a thermometer, a kropki dot, a
little killer's outside sum, an odd cell... (the rules are in ../shared/VARIANTS.md and each family's
module). Every constraint is a `Constraint` of one `Type`; a type says its shape, which decides how
its cells are read, checked, drawn and turned with the grid:

- group: any cells, no order (killer cage, extra region, quadruple's four cells, indexer cells);
- path: an ordered line of cells, each next to the one before (thermometer, renban, whispers...);
  an arrow's `cells` are its circle (one cell, or a pill read left to right / top to bottom) and
  `more` its line; a clone's `more` is the copy of `cells`, cell by cell;
- dot: two orthogonal neighbours (kropki, XV);
- outside: one cell just outside the grid (row or column 0 or N+1, 1-based), the clue on that row,
  column (sandwich, x-sum, skyscraper) or diagonal (little killer, with its `direction`);
- cell: single cells each under the same rule (odd, even, minimum, maximum).

Text: after the grid, one line per constraint, `name [value] [direction]: cells [; more]`, cells as
`r1c1` (1-based, `r0c3` the clue above column 3), e.g. `killer 17: r1c1 r1c2 r2c1`,
`arrow: r1c1; r1c2 r2c3 r3c3`, `white: r4c4 r4c5`, `littlekiller 23 DR: r0c1`, `quadruple 1 2: r1c1
r1c2 r2c1 r2c2`. Names are case-blind; `#` starts a comment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Callable

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.layout import MAX_ITEM_CELLS, MAX_VALUE

Cell = tuple[int, int]

DIRECTIONS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}


@dataclass(frozen=True)
class Type:
    """What a constraint type is: its text name, shape, value (`needs` a value, `default` when none is
    written, its `range` as (lo, hi) with None for the grid's size), and how it is said."""

    name: str
    shape: str                                   # group, path, dot, outside, cell
    noun: str                                    # "killer cage", "thermometer": said in hints
    needs: bool = False                          # a value must be written
    default: int | None = None                   # the value when none is written
    values: str = ""                             # "digits" (quadruple: several digits) or ""
    more: str = ""                               # what `more` holds: "line" (arrow), "copy" (clone)
    min_cells: int = 1
    max_cells: int | None = None


TYPES: dict[str, Type] = {t.name: t for t in (
    # sums and cages
    Type("killer", "group", "killer cage", min_cells=1),
    Type("arrow", "path", "arrow", more="line", min_cells=1, max_cells=3),
    Type("doublearrow", "path", "double arrow", min_cells=3),
    Type("littlekiller", "outside", "little killer", needs=True),
    Type("sandwich", "outside", "sandwich clue", needs=True),
    Type("xsum", "outside", "x-sum clue", needs=True),
    Type("skyscraper", "outside", "skyscraper clue", needs=True),
    # lines
    Type("thermo", "path", "thermometer", min_cells=2),
    Type("slowthermo", "path", "slow thermometer", min_cells=2),
    Type("palindrome", "path", "palindrome", min_cells=2),
    Type("renban", "path", "renban line", min_cells=2),
    Type("whispers", "path", "German whispers line", min_cells=2),          # value: the least difference
    Type("dutchwhispers", "path", "Dutch whispers line", min_cells=2, default=4),
    Type("between", "path", "between line", min_cells=3),
    Type("regionsum", "path", "region-sum line", min_cells=2),
    Type("entropic", "path", "entropic line", min_cells=2),
    Type("modular", "path", "modular line", min_cells=2),
    Type("zipper", "path", "zipper line", min_cells=2),
    # dots on an edge
    Type("white", "dot", "white dot", default=1, min_cells=2, max_cells=2),
    Type("black", "dot", "black dot", default=2, min_cells=2, max_cells=2),
    Type("x", "dot", "X", min_cells=2, max_cells=2),
    Type("v", "dot", "V", min_cells=2, max_cells=2),
    # cells and groups
    Type("odd", "cell", "odd cell"),
    Type("even", "cell", "even cell"),
    Type("minimum", "cell", "minimum cell"),
    Type("maximum", "cell", "maximum cell"),
    Type("extraregion", "group", "extra region", min_cells=2),
    Type("clone", "group", "clone", more="copy"),
    Type("quadruple", "group", "quadruple", needs=True, values="digits", min_cells=4, max_cells=4),
    Type("rowindexer", "group", "row indexer"),
    Type("columnindexer", "group", "column indexer"),
    Type("boxindexer", "group", "box indexer"),
)}
ALIASES = {"cage": "killer", "thermometer": "thermo", "slowthermometer": "slowthermo", "kropkiwhite": "white",
           "difference": "white", "kropkiblack": "black", "ratio": "black", "germanwhispers": "whispers",
           "betweenline": "between", "regionsumline": "regionsum", "entropicline": "entropic",
           "modularline": "modular", "zipperline": "zipper", "littlekillersum": "littlekiller",
           "sandwichsum": "sandwich", "minimum": "minimum", "maximum": "maximum"}


@dataclass(frozen=True)
class Constraint:
    """One variant clue: its type's name, its cells (0-based (r, c); an outside clue's cell lies one
    step outside the grid), its value (None: none written and the type has no default), and what
    some types add: `more` (an arrow's line, a clone's copy), `digits` (a quadruple's) and `direction`
    (a little killer's, a key of DIRECTIONS)."""

    type: str
    cells: tuple[Cell, ...]
    value: int | None = None
    more: tuple[Cell, ...] = ()
    digits: tuple[int, ...] = ()
    direction: str = ""
    line: int | None = field(default=None, compare=False)       # where it was read (for messages)

    def __post_init__(self):
        # A pill is read left to right, top to bottom, whatever order its cells were written in.
        if self.type == "arrow" and len(self.cells) > 1:
            object.__setattr__(self, "cells", tuple(sorted(self.cells)))

    @property
    def kind(self) -> Type:
        """Its type."""
        return TYPES[self.type]


def cell_name(cell: Cell) -> str:
    """`r1c1` for (0, 0): one-based, as the text and messages write cells."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def span(cells: tuple[Cell, ...]) -> str:
    """Where a constraint lies, said shortly: `r1c1`, `r1c1–r2c2` (first and last cell)."""
    if len(cells) == 1:
        return cell_name(cells[0])
    return f"{cell_name(cells[0])}–{cell_name(cells[-1])}"


def label(constraint: Constraint, size: int) -> str:
    """How hints and conflicts name a constraint: "the killer cage of 17 at r1c1–r2c2"."""
    kind = constraint.kind
    value = effective_value(constraint, size)
    if kind.values == "digits":
        what = f"the {kind.noun} of {', '.join(map(str, constraint.digits))}"
    elif constraint.type in ("x", "v"):
        what = f"the {kind.noun}"
    elif value is not None and (kind.needs or constraint.value is not None or kind.shape == "dot"):
        what = f"the {kind.noun} of {value}"
    else:
        what = f"the {kind.noun}"
    if kind.shape == "outside":
        where = outside_target(constraint, size)
        return f"{what} on {where}"
    if kind.shape in ("group", "cell") and len(constraint.cells) > 1:
        rows = [r for r, _ in constraint.cells]
        cols = [c for _, c in constraint.cells]
        return f"{what} at {span(((min(rows), min(cols)), (max(rows), max(cols))))}"
    cells = constraint.cells + constraint.more if kind.more == "line" else constraint.cells
    return f"{what} at {span(cells)}"


def effective_value(constraint: Constraint, size: int) -> int | None:
    """The value a constraint means: the written one, else its type's default (German whispers:
    (N + 1) // 2, 5 on a 9×9)."""
    if constraint.value is not None:
        return constraint.value
    if constraint.type == "whispers":
        return (size + 1) // 2
    return constraint.kind.default


def outside_target(constraint: Constraint, size: int) -> str:
    """What an outside clue looks along, in words: "row 3 from the left", "the diagonal down-right
    from r0c1"."""
    (r, c), = constraint.cells
    if constraint.type == "littlekiller":
        words = {"UL": "up-left", "UR": "up-right", "DL": "down-left", "DR": "down-right"}[constraint.direction]
        return f"the diagonal {words} from r{r + 1}c{c + 1}"
    if r == -1:
        return f"column {c + 1} from the top"
    if r == size:
        return f"column {c + 1} from the bottom"
    if c == -1:
        return f"row {r + 1} from the left"
    return f"row {r + 1} from the right"


def outside_cells(constraint: Constraint, size: int) -> tuple[Cell, ...]:
    """The grid cells an outside clue looks along, nearest first (a little killer's diagonal; a row or
    column clue's whole line, read from its side)."""
    (r, c), = constraint.cells
    if constraint.type == "littlekiller":
        dr, dc = DIRECTIONS[constraint.direction]
        out = []
        r, c = r + dr, c + dc
        while 0 <= r < size and 0 <= c < size:
            out.append((r, c))
            r, c = r + dr, c + dc
        return tuple(out)
    if r == -1:
        return tuple((i, c) for i in range(size))
    if r == size:
        return tuple((i, c) for i in reversed(range(size)))
    if c == -1:
        return tuple((r, i) for i in range(size))
    return tuple((r, i) for i in reversed(range(size)))


# -- text -----------------------------------------------------------------------------------------
_CELL = re.compile(r"[rR]([0-9]{1,3})[cC]([0-9]{1,3})")           # ASCII digits only
_HEAD = re.compile(r"\s*([A-Za-z+-]+)((?:\s+[0-9A-Za-z]+)*)\s*:\s*(.*)")


def is_line(text: str) -> bool:
    """True when a text line reads as a constraint line (a name before a colon)."""
    m = _HEAD.fullmatch(text)
    return m is not None and _type_name(m[1]) is not None


def _type_name(word: str) -> str | None:
    name = word.lower().replace("-", "").replace("_", "")
    name = ALIASES.get(name, name)
    return name if name in TYPES else None


def read_line(text: str, size: int, line: int | None = None) -> Constraint:
    """One constraint line of the text (see the module docstring), checked against a size×size grid."""
    where = f"line {line}: " if line else ""
    m = _HEAD.fullmatch(text.split("#", 1)[0])
    name = _type_name(m[1]) if m else None
    if m is None or name is None:
        known = ", ".join(TYPES)
        raise PuzzleSyntaxError(f"{where}not a constraint: {excerpt(text)} (a name, e.g. killer 17: r1c1 r1c2; "
                                f"names: {known})", line=line)
    kind = TYPES[name]
    words = m[2].split()
    value, digits, direction = None, (), ""
    if kind.shape == "outside" and name == "littlekiller":
        direction = next((w.upper() for w in words if w.upper() in DIRECTIONS), "")
        words = [w for w in words if w.upper() not in DIRECTIONS]
        if not direction:
            raise PuzzleSyntaxError(f"{where}a little killer needs a direction (UL, UR, DL or DR)", line=line)
    if kind.shape == "dot" and name in ("x", "v") and words:
        raise PuzzleSyntaxError(f"{where}{name.upper()} takes no value", line=line)
    for w in words:
        if not (w.isascii() and w.isdigit()):
            raise PuzzleSyntaxError(f"{where}{excerpt(w)} is not a number (digits 0-9)", line=line)
        if len(w) > MAX_VALUE:
            raise PuzzleSyntaxError(f"{where}{kind.noun}: the value {excerpt(w)} is longer than {MAX_VALUE} digits",
                                    line=line)
    if kind.values == "digits":
        digits = tuple(int(w) for w in words)
        if not digits or len(digits) > 4 or any(not 1 <= d <= size for d in digits):
            raise PuzzleSyntaxError(f"{where}a quadruple holds 1 to 4 digits of 1..{size}", line=line)
    elif len(words) > 1:
        raise PuzzleSyntaxError(f"{where}{kind.noun} takes one value, got {len(words)}", line=line)
    elif words:
        value = int(words[0])
    if kind.needs and value is None and not digits:
        raise PuzzleSyntaxError(f"{where}{kind.noun} needs a value", line=line)
    parts = m[3].split(";")
    if len(parts) > 2 or (len(parts) == 2 and not kind.more):
        raise PuzzleSyntaxError(f"{where}{kind.noun} takes one list of cells"
                                + (" and one after ';'" if kind.more else ""), line=line)
    cells = _cells(parts[0], where, line)
    more = _cells(parts[1], where, line) if len(parts) == 2 else ()
    constraint = Constraint(name, cells, value, more, digits, direction, line)
    validate(constraint, size)
    return constraint


def _cells(text: str, where: str, line: int | None) -> tuple[Cell, ...]:
    words = text.split()
    cells = []
    for w in words:
        m = _CELL.fullmatch(w)
        if m is None:
            raise PuzzleSyntaxError(f"{where}{excerpt(w)} is not a cell (write r1c1)", line=line)
        cells.append((int(m[1]) - 1, int(m[2]) - 1))
    return tuple(cells)


def write_line(constraint: Constraint) -> str:
    """The text line of a constraint (what `read_line` reads back)."""
    words = [constraint.type]
    if constraint.digits:
        words += [str(d) for d in constraint.digits]
    elif constraint.value is not None:
        words.append(str(constraint.value))
    if constraint.direction:
        words.append(constraint.direction)
    cells = " ".join(cell_name(x) for x in constraint.cells)
    more = "; " + " ".join(cell_name(x) for x in constraint.more) if constraint.more else ""
    return f"{' '.join(words)}: {cells}{more}"


# -- checks at the door ---------------------------------------------------------------------------
def validate(constraint: Constraint, size: int) -> None:
    """Refuse a constraint that cannot be drawn on a size×size grid, saying where (PuzzleSyntaxError)."""
    kind, line = constraint.kind, constraint.line
    where = f"line {line}: " if line else ""
    name = kind.noun
    cells = constraint.cells

    def fail(message: str, cell: Cell | None = None) -> None:
        rc = {"r": cell[0], "c": cell[1]} if cell and 0 <= cell[0] < size and 0 <= cell[1] < size else {}
        raise PuzzleSyntaxError(f"{where}{name}: {message}", line=line, **rc)

    if len(cells) < kind.min_cells:
        fail(f"needs at least {kind.min_cells} cell{'s' if kind.min_cells > 1 else ''}, got {len(cells)}")
    if max(len(cells), len(constraint.more)) > MAX_ITEM_CELLS:
        fail(f"has {max(len(cells), len(constraint.more)):,} cells; the limit is {MAX_ITEM_CELLS:,}")
    if constraint.value is not None and constraint.value >= 10 ** MAX_VALUE:
        fail(f"its value is longer than {MAX_VALUE} digits")
    if kind.max_cells is not None and len(cells) > kind.max_cells:
        fail(f"takes at most {kind.max_cells} cells, got {len(cells)}")
    if kind.shape == "outside":
        if len(cells) != 1:
            fail(f"is one cell outside the grid, got {len(cells)}")
        (r, c), = cells
        outside = (r in (-1, size) and 0 <= c < size) or (c in (-1, size) and 0 <= r < size)
        if constraint.type == "littlekiller":
            outside = (r in (-1, size) and -1 <= c <= size) or (c in (-1, size) and -1 <= r <= size)
        if not outside:
            fail(f"{cell_name((r, c))} is not just outside the {size}×{size} grid (row or column 0 or {size + 1})")
        if constraint.type == "littlekiller" and not outside_cells(constraint, size):
            fail(f"the diagonal {constraint.direction} from {cell_name((r, c))} misses the grid")
        return
    for cell in cells + constraint.more:
        if not (0 <= cell[0] < size and 0 <= cell[1] < size):
            fail(f"{cell_name(cell)} is outside the {size}×{size} grid")
    if len(set(cells + constraint.more)) != len(cells) + len(constraint.more) and kind.more != "copy":
        fail("a cell is named twice")
    if kind.more == "copy":
        if not constraint.more:
            fail(f"needs its copy: {len(cells)} more cells in the same shape")
        if len(constraint.more) != len(cells):
            fail(f"the copy has {len(constraint.more)} cells; the shape has {len(cells)}")
        if len(set(cells)) != len(cells) or len(set(constraint.more)) != len(cells):
            fail("a cell is named twice")
    if kind.more == "line":
        if not constraint.more:
            fail("needs its line after ';'")
        _path(cells, fail, "circle (read left to right, top to bottom)")
        first = constraint.more[0]
        if not any(max(abs(first[0] - r), abs(first[1] - c)) == 1 for r, c in cells):
            fail(f"the line starts at {cell_name(first)}, not next to the circle", first)
        _path(constraint.more, fail, "line")
    elif kind.shape == "path":
        _path(cells, fail, "line")
    if kind.shape == "dot":
        (r1, c1), (r2, c2) = cells
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            fail(f"{cell_name(cells[0])} and {cell_name(cells[1])} are not side by side")
    if kind.values == "digits":
        (r, c) = min(cells)
        if sorted(cells) != [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]:
            fail("its cells are not a 2×2 block")
    if constraint.value is not None and constraint.value < 0:
        fail("a value is never negative")


def _path(cells: tuple[Cell, ...], fail: Callable[..., None], what: str) -> None:
    """Each cell of a line next to the one before it (diagonals too)."""
    for a, b in zip(cells, cells[1:]):
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
            fail(f"the {what} jumps from {cell_name(a)} to {cell_name(b)} (each cell must touch the one before)", b)


# -- turning with the grid (symmetry) ------------------------------------------------------------
def moved(constraint: Constraint, move: Callable[[Cell], Cell]) -> Constraint:
    """The constraint carried by a move of the grid's cells (outside cells move too; a little killer's
    direction turns with them)."""
    cells = tuple(move(x) for x in constraint.cells)
    more = tuple(move(x) for x in constraint.more)
    direction = constraint.direction
    if direction:
        (r, c), = constraint.cells
        dr, dc = DIRECTIONS[direction]
        r2, c2 = move((r + dr, c + dc))
        r1, c1 = cells[0]
        direction = next(k for k, v in DIRECTIONS.items() if v == (r2 - r1, c2 - c1))
    return replace(constraint, cells=cells, more=more, direction=direction)
