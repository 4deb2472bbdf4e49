"""SudokuPad's own format (SCL; links `scl<P>` or `ctc<P>`), read by shape and colour into a puzzle dict.

P is lz-string base64 of the puzzle's JSON, plain or zipped (scl_zip.py). The JSON draws; it
does not say what a drawing means, so each is read by its shape (scl_shapes.py), as setters'
tools draw them (f-puzzles' conversion in SudokuPad, Sudoku Maker):
- `cells[r][c].value` a given; `regions` lists of [r, c] (a cell in none: -1); `global` flags;
- cages: `unique` (or `style: "killer"`), with or without a `sum` (or numeric `value`), a killer
  cage (`style: "extraregion"` an extra region); a cage without cells whose value is `title: …`,
  `author: …`, `rules: …` or `solution: …` is metadata, as is the `metadata` object;
- lines through cell centres: grey, about 21 thick, with a circle at one end a thermometer; grey
  about 16 a palindrome; thin between two circles a between line; a corner-to-corner line a
  diagonal when the rules text speaks of diagonals; any other line is read as the type the rules
  text names for its colour (renban, whispers, ...), or as the only line type it names;
- arrows: from a circle (one cell, or a pill of several) an arrow; from outside the grid, short and
  diagonal, with a number there, a little killer;
- small rounded shapes on an edge: white or black kropki dots (a number in one its value); X or V
  on an edge; digits in a circle on a corner a quadruple; a number outside the grid a sandwich,
  x-sum or skyscraper clue as the rules text names; grey circles / squares in cells odd / even.
Everything else is reported in `warnings` (with `metadata.bgimage`: clues drawn in a picture).
"""

from __future__ import annotations

from gridlogic.budget import tick
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds.sudoku.choices import ItemCount
from gridlogic.kinds.sudoku.constraints import Constraint, cell_name, span, validate
from gridlogic.kinds.sudoku.links.fpuzzles import default_regions, ordered_rules
from gridlogic.codecs.payload import decode, number, text
from gridlogic.kinds.sudoku.links.scl_lines import read_arrows, read_lines
from gridlogic.kinds.sudoku.links.scl_shapes import (OUTSIDE_WORDS, Shape, centre_cell, corner_cells, edge_cells, inside,
                                       is_black, is_grey, is_white, named)
from gridlogic.kinds.sudoku.links.scl_zip import read as read_text

MAX_SIZE = 16
GLOBALS = {"antiknight": "knight", "antiking": "king", "nonconsecutive": "nonconsecutive", "disjoint": "disjoint",
           "antiratio": "negative_black", "antixv": "negative_xv", "antidifference": "nonconsecutive"}
KNOWN = {"id", "cellSize", "cells", "regions", "cages", "lines", "arrows", "overlays", "underlays", "global",
         "metadata", "metaData", "settings"}
META = ("title", "author", "rules", "solution", "msgcorrect", "source")
UNDIRECTED = {"renban", "whispers", "dutchwhispers", "palindrome", "between", "regionsum", "entropic", "modular",
              "zipper", "doublearrow", "white", "black", "x", "v"}


def read_payload(payload: str) -> dict:
    """The puzzle dict of an SCL payload (the part after `scl` or `ctc`)."""
    return read_scl(decode(payload, "SudokuPad", read_text))


def read_scl(data: object) -> dict:
    """The puzzle dict (fpuzzles.py's shape, source "scl") of an SCL JSON object."""
    if not isinstance(data, dict):
        raise PuzzleSyntaxError("SudokuPad puzzle: not a JSON object")
    rows = data.get("cells")
    size = len(rows) if isinstance(rows, list) else 0
    if not 1 <= size <= MAX_SIZE or any(not isinstance(row, list) or len(row) != size for row in rows):
        shape = f"{size} rows" if isinstance(rows, list) else "no cells"
        raise PuzzleSyntaxError(f"SudokuPad puzzle: its grid has {shape}; only square grids of 1–{MAX_SIZE} "
                                "rows and columns are read")
    warnings: list[str] = []
    meta = _metadata(data, warnings)
    givens, entries = _cells(rows, size, warnings)
    rules = set()
    for flag in data.get("global") if isinstance(data.get("global"), list) else ():
        if isinstance(flag, str) and flag in GLOBALS:
            rules.add(GLOBALS[flag])
        else:
            warnings.append(f"global rule {excerpt(flag)} not read")
    old = data.get("metaData") if isinstance(data.get("metaData"), dict) else {}
    rules |= {GLOBALS[flag] for flag in ("antiknight", "antiking") if old.get(flag) is True}
    shapes = [s for layer in ("overlays", "underlays") for item in _list(data.get(layer))
              if (s := Shape.of(layer[:-1], item)) is not None]
    rules_text = meta["rules"]
    naming = "\n".join(x for x in (meta["title"], rules_text) if x)      # what may name a drawing's kind
    found: list[Constraint] = []
    found += _cages(data.get("cages"), size, rules, warnings)
    found += read_arrows(_list(data.get("arrows")), shapes, size, warnings)
    lines, line_rules = read_lines(_list(data.get("lines")), shapes, size, naming, warnings)
    found += lines
    rules |= line_rules
    found += _marks(shapes, size, naming, warnings)
    constraints = []
    count = ItemCount()
    for constraint in _once(found):
        tick()
        try:
            validate(constraint, size)
        except PuzzleSyntaxError as e:
            warnings.append(f"{e.message} (at {span(constraint.cells)}), not read")
            continue
        count.add(constraint, f"SudokuPad puzzle, at {span(constraint.cells)}")
        constraints.append(constraint)
    _unused(shapes, warnings)
    for key, value in data.items():
        if key not in KNOWN and value not in (None, [], {}, ""):
            warnings.append(f"SudokuPad key {excerpt(key)} not read")
    regions = _regions(data.get("regions"), size, warnings)
    return {"size": size, "givens": givens, "entries": entries, "regions": regions,
            "rules": ordered_rules(rules), "constraints": tuple(constraints), "title": meta["title"],
            "author": meta["author"], "rules_text": rules_text, "solution": _solution(meta["solution"], size, warnings),
            "warnings": warnings, "source": "scl"}


def _once(found: list[Constraint]) -> list[Constraint]:
    """The constraints less repeats (a drawing drawn twice is one rule; a line read from either end too,
    for the types whose lines have no direction)."""
    seen, out = set(), []
    for c in found:
        cells = min(c.cells, c.cells[::-1]) if c.type in UNDIRECTED else c.cells
        key = (c.type, cells, c.value, c.more, c.digits, c.direction)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _list(value: object) -> list:
    return value if isinstance(value, list) else []


def _rc(value: object) -> tuple[int, int] | None:
    """(r, c) of an `[r, c]` pair of whole numbers, else None."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    r, c = number(value[0], 99), number(value[1], 99)
    return None if r is None or c is None else (r, c)


def _metadata(data: dict, warnings: list[str]) -> dict:
    """Title, author, rules text and solution, from `metadata` and from cell-less cages `name: value`."""
    meta = {"title": "", "author": "", "rules": "", "solution": ""}
    given = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    pairs = list(given.items())
    for cage in _list(data.get("cages")):
        if isinstance(cage, dict) and not cage.get("cells") and isinstance(cage.get("value"), str):
            name, sep, value = cage["value"].partition(":")
            if sep and name.strip().isalpha():
                pairs.append((name.strip(), value))
    for name, value in pairs:
        if name == "rules" and isinstance(value, list):
            value = "\n".join(text(v) for v in value)
        if name in meta and text(value):
            meta[name] = "\n".join(x for x in (meta[name], text(value)) if x) if name == "rules" else text(value)
        elif name == "bgimage" and value:
            warnings.append("part of the puzzle may be drawn in its background image (metadata.bgimage), not read")
        elif name not in META and name not in meta and not name.startswith("bgimage") and value not in ("", None):
            warnings.append(f"metadata {excerpt(name)} not read")
    return meta


def _cells(rows: list, size: int, warnings: list[str]) -> tuple[list[int], list[list[int]]]:
    """Givens (a cell's `value`) and the player's entries (`given: false`)."""
    givens, entries, marks = [0] * (size * size), [], 0
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                continue
            if cell.get("value") not in (None, ""):
                d = number(cell["value"], size)
                if not d:
                    warnings.append(f"r{r + 1}c{c + 1}: value {excerpt(cell['value'])} is not 1–{size}, not read")
                elif cell.get("given") is False:
                    entries.append([r, c, d])
                else:
                    givens[r * size + c] = d
            marks += any(cell.get(k) for k in ("pencilMarks", "centremarks", "candidates"))
    if marks:
        warnings.append(f"pencil marks in {marks} cell{'s' * (marks > 1)} not read")
    return givens, entries


def _regions(value: object, size: int, warnings: list[str]) -> list[int] | None:
    """A region index per cell (-1: in none), or None when they are f-puzzles' default boxes."""
    regions = [-1] * (size * size)
    for i, region in enumerate(_list(value)):
        for item in _list(region):
            rc = _rc(item)
            if rc is not None and inside(rc, size):
                regions[rc[0] * size + rc[1]] = i
            else:
                warnings.append(f"region {i + 1}: {excerpt(item)} is not a cell [r, c] of the grid, not read")
    return None if regions == default_regions(size) else regions


def _solution(value: str, size: int, warnings: list[str]) -> list[int] | None:
    """Row-major digits of a solution string (`.`/`?` unknown; comma-separated for sizes over 9)."""
    if not value:
        return None
    cells = value.split(",") if "," in value else list(value)
    digits = [0 if x.strip() in ("", ".", "?", "0") else number(x.strip(), size) for x in cells]
    if len(digits) != size * size or any(d is None for d in digits):
        warnings.append(f"solution {excerpt(value)} not read (not {size * size} digits 1–{size})")
        return None
    return digits if any(digits) else None


def _cages(value: object, size: int, rules: set[str], warnings: list[str]) -> list[Constraint]:
    """Killer cages and extra regions; metadata cages skipped; others reported."""
    out = []
    for i, cage in enumerate(_list(value), 1):
        tick()
        if not isinstance(cage, dict) or not cage.get("cells"):
            continue
        cells = tuple(rc for rc in map(_rc, _list(cage.get("cells"))) if rc is not None)
        label = cage.get("sum", cage.get("value"))
        if not cells or len(cells) != len(_list(cage["cells"])):
            warnings.append(f"cage {i}: a cell is not [r, c], not read")
        elif cage.get("type") == "disjoint" and "disjoint" in rules:
            continue                             # drawn for the disjoint rule
        elif cage.get("hidden") and not cage.get("unique"):
            continue                             # the cells in no region
        elif cage.get("unique") is True and cage.get("style") == "extraregion":
            out.append(Constraint("extraregion", cells))
        elif (cage.get("unique") is True or cage.get("style") == "killer") and \
                (label in (None, "") or number(label) is not None):
            out.append(Constraint("killer", cells, number(label)))
        else:
            what = f" labelled {excerpt(label)}" if label not in (None, "") else ""
            warnings.append(f"cage at {span(cells)}{what} not read as a rule")
    return out


def _marks(shapes: list[Shape], size: int, rules_text: str, warnings: list[str]) -> list[Constraint]:
    """Kropki dots, X/V, quadruples, outside clues and odd/even cells (when the rules text, if any, speaks
    of them) among the shapes not yet read."""
    out, outside = [], []
    words = rules_text.lower()
    parity = {True: "odd", False: "even"}
    for s in shapes:
        tick()
        if s.used:
            continue
        edge, corner, cell = edge_cells(s.y, s.x), corner_cells(s.y, s.x), (int(s.y // 1), int(s.x // 1))
        small = s.width <= 0.45 and s.height <= 0.45
        if edge and all(inside(x, size) for x in edge):
            if s.text.upper() in ("X", "V"):
                out.append(Constraint(s.text.lower(), edge))
            elif s.rounded and small:
                colour = "black" if is_black(s.fill) else "white" if is_white(s.fill) else ""
                if not colour:
                    continue
                out.append(Constraint(colour, edge, number(s.text) if s.text else None))
            else:
                continue
        elif corner and s.rounded and s.text and all(inside(x, size) for x in corner):
            digits = [number(w, size) for w in s.text.split()]
            if not 1 <= len(digits) <= 4 or not all(digits):
                continue
            out.append(Constraint("quadruple", corner, digits=tuple(digits)))
        elif not inside(cell, size) and s.text and number(s.text) is not None:
            outside.append((s, cell))
            continue
        elif centre_cell(s.y, s.x, 0.1) and inside(cell, size) and not s.text and 0.45 <= s.width <= 0.9 \
                and is_grey(s.fill) and (not rules_text.strip() or parity[s.rounded] in words):
            out.append(Constraint(parity[s.rounded], (cell,)))
        else:
            continue
        s.used = True
    kinds = named(rules_text, OUTSIDE_WORDS)
    for s, cell in outside:
        s.used = True
        if len(kinds) == 1:
            out.append(Constraint(next(iter(kinds)), (cell,), number(s.text)))
    if outside and len(kinds) != 1:
        why = "no" if not kinds else "more than one"
        warnings.append(f"number ×{len(outside)} outside the grid, first at {cell_name(outside[0][1])}, not read "
                        f"(the rules text names {why} kind of outside clue)")
    return out


def _unused(shapes: list[Shape], warnings: list[str]) -> None:
    """One warning per layer for the shapes no rule read, with the first one's place."""
    for layer in ("overlay", "underlay"):
        left = [s for s in shapes if s.layer == layer and not s.used]
        if left:
            first = cell_name((int(left[0].y // 1), int(left[0].x // 1)))
            warnings.append(f"{layer} ×{len(left)}: drawing{'s' * (len(left) > 1)}, not read as a rule, near {first}")
