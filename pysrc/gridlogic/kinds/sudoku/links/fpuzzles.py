"""f-puzzles links (../shared/VARIANTS.md, "f-puzzles links"), read into a neutral puzzle dict.

`https://www.f-puzzles.com/?load=P`, and the same P in SudokuPad as `https://sudokupad.app/fpuzzles<P>`
(or `fpuz<P>`): P is lz-string `compressToBase64` of a JSON object. `+` in P is base64, never a space;
a link shortener may have collapsed `//` in P to `/`, which is put back where that makes P readable.
The JSON: `size` (1–16); `grid[r][c]` {value, given, region (0-based, null: none)}; cells named
"R{r}C{c}" (1-based; outside clues in row or column 0 or N+1); global flags (antiknight, antiking,
nonconsecutive, diagonal+/-, disjointgroups, `negative: ["ratio", "xv"]`); one list per constraint
key (killercage, arrow, thermometer, ... and the variant solver's renban, whispers, xsum, ...);
cosmetic drawings (line, rectangle, circle, text, cage), which are reported, not read as rules; and
`title`, `author`, `ruleset`, `solution`.

The result (see `read_json`): {size, givens (row-major, 0 empty), entries ([r, c, d] the player's),
regions (None: the default boxes, else a region index per cell, -1 for none), rules (global flag
names), constraints (kinds/sudoku/constraints.py's Constraint), title, author, rules_text, solution
(row-major or None), warnings (what was not read), source}. A constraint that cannot stand on the
grid becomes a warning, never an error; only a payload that is no puzzle at all is refused.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping

from gridlogic.budget import tick
from gridlogic.codecs import lzstring
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds.sudoku.choices import ItemCount
from gridlogic.kinds.sudoku.constraints import Constraint, span, validate
from gridlogic.kinds.sudoku.links.fpuzzles_keys import READERS, Skip, cell_or_none, write
from gridlogic.codecs.payload import decode, number, text

MAX_SIZE = 16
# the sudoku kind's names of the global rules (f-puzzles' flag -> ours)
RULES = ("knight", "king", "nonconsecutive", "diagonal", "antidiagonal", "maindiagonal", "disjoint", "negative_black",
         "negative_xv")
FLAGS = {"antiknight": "knight", "antiking": "king", "nonconsecutive": "nonconsecutive", "diagonal+": "antidiagonal",
         "diagonal-": "maindiagonal", "disjointgroups": "disjoint"}
NEGATIVE = {"ratio": "negative_black", "xv": "negative_xv"}


def ordered_rules(rules: set[str]) -> list[str]:
    """The rules read, in the kind's order; both diagonals are its `diagonal` rule."""
    if {"antidiagonal", "maindiagonal"} <= rules:
        rules = (rules - {"antidiagonal", "maindiagonal"}) | {"diagonal"}
    return [r for r in RULES if r in rules]
COSMETIC = ("line", "rectangle", "circle", "text", "cage")
QUIET = {"size", "grid", "title", "author", "ruleset", "solution", "negative", "highlightConflicts",
         "disabledlogic", "truecandidatesoptions"}
META = ("title", "author", "rules", "msgcorrect", "solution")
SITE = "https://www.f-puzzles.com/?load="
SUDOKUPAD = "https://sudokupad.app/fpuzzles"
_META = re.compile(r"([A-Za-z]+):\s*(.*)", re.S)
URL = re.compile(r"^(?:https?://)?(?:www\.)?f-puzzles\.com/?(?:index\.html)?\?(.*)$", re.I | re.S)


def payload_of(url: str) -> str | None:
    """The P (`+` kept) of `https://www.f-puzzles.com/?load=P`, None for another link; `?id=` is refused."""
    m = URL.match(url.strip())
    if not m:
        return None
    params = dict(part.split("=", 1) for part in m[1].split("#", 1)[0].split("&") if "=" in part)
    if "load" in params:
        return params["load"]
    if "id" in params:
        raise PuzzleSyntaxError(f"f-puzzles short link ?id={excerpt(params['id'])}: the puzzle is stored on "
                                "f-puzzles' server and cannot be read offline (open it there and copy its "
                                "?load= link)")
    raise PuzzleSyntaxError("f-puzzles link without ?load=: nothing to read")


def read_payload(payload: str) -> dict:
    """The puzzle dict of an f-puzzles payload P (lz-string base64 of the JSON)."""
    return read_json(decode(payload, "f-puzzles"))


def default_boxes(size: int) -> tuple[int, int]:
    """(rows, columns) of f-puzzles' default box: floor(sqrt(N)) rows, fewer until they divide N."""
    rows = max(1, math.isqrt(size))
    while size % rows:
        rows -= 1
    return rows, size // rows


def default_regions(size: int) -> list[int]:
    """The default boxes as a region index per cell, row-major."""
    rows, cols = default_boxes(size)
    return [(r // rows) * rows + c // cols for r in range(size) for c in range(size)]


def read_json(data: object) -> dict:
    """The puzzle dict of an f-puzzles JSON object (see the module docstring)."""
    if not isinstance(data, dict):
        raise PuzzleSyntaxError("f-puzzles puzzle: not a JSON object")
    size = number(data.get("size"), MAX_SIZE)
    if not size:
        raise PuzzleSyntaxError(f"f-puzzles puzzle: size {excerpt(data.get('size'))} is not 1–{MAX_SIZE}")
    warnings: list[str] = []
    givens, entries, regions = _grid(data.get("grid"), size, warnings)
    rules = {FLAGS[k] for k in FLAGS if data.get(k) is True}
    negative = data.get("negative") if isinstance(data.get("negative"), list) else []
    for name in negative:
        if isinstance(name, str) and name in NEGATIVE:
            rules.add(NEGATIVE[name])
        else:
            warnings.append(f"negative constraint {excerpt(name)} not read")
    meta = {"title": text(data.get("title")), "author": text(data.get("author")), "rules": text(data.get("ruleset"))}
    constraints: list[Constraint] = []
    count = ItemCount()
    for key, value in data.items():
        if key in QUIET or key in FLAGS:
            continue
        if key in COSMETIC:
            _cosmetic(key, value, data, meta, warnings)
        elif key in READERS:
            if not isinstance(value, list):
                warnings.append(f"{key}: not a list, not read")
                continue
            for i, item in enumerate(value, 1):
                tick()
                for constraint in _item(key, i, item, size, warnings):
                    count.add(constraint, f"f-puzzles {key} {i:,}")
                    constraints.append(constraint)
        else:
            warnings.append(f"unknown key {excerpt(key)} not read")
    return {"size": size, "givens": givens, "entries": entries, "regions": regions,
            "rules": ordered_rules(rules), "constraints": tuple(constraints),
            "title": meta["title"], "author": meta["author"], "rules_text": meta["rules"],
            "solution": _solution(data.get("solution"), size, warnings), "warnings": warnings, "source": "f-puzzles"}


def _item(key: str, i: int, item: object, size: int, warnings: list[str]) -> list[Constraint]:
    """The constraints item `i` of a constraint key reads as (those that stand on the grid, up to the
    first that does not); what is not read becomes a warning."""
    out: list[Constraint] = []
    try:
        if not isinstance(item, dict):
            raise Skip("not an object")
        for constraint in READERS[key](item, key, size):
            validate(constraint, size)
            out.append(constraint)
    except (Skip, PuzzleSyntaxError) as e:
        warnings.append(f"{key} {i}: {e}, not read")
    return out


def _key(name: object) -> str:
    """The constraint key a cosmetic copy's `fromConstraint` names ("German Whispers" → whispers)."""
    key = str(name or "").lower().replace(" ", "")
    return "whispers" if key in ("germanwhispers", "dutchwhispers") else key


def _items(value: object) -> list:
    return value if isinstance(value, list) else []


def _grid(grid: object, size: int, warnings: list[str]) -> tuple[list[int], list[list[int]], list[int] | None]:
    """Givens, the player's entries and the regions of `grid`, checked against the size."""
    if not isinstance(grid, list) or len(grid) != size:
        rows = f"{len(grid)} rows" if isinstance(grid, list) else "no rows"
        raise PuzzleSyntaxError(f"f-puzzles puzzle: its grid has {rows}; its size is {size}")
    givens, entries, regions = [0] * (size * size), [], default_regions(size)
    marks = colours = 0
    for r, row in enumerate(grid):
        if not isinstance(row, list) or len(row) != size:
            cells = f"{len(row)} cells" if isinstance(row, list) else "no cells"
            raise PuzzleSyntaxError(f"f-puzzles puzzle: grid row {r + 1} has {cells}; its size is {size}", row=r)
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise PuzzleSyntaxError(f"f-puzzles puzzle: grid r{r + 1}c{c + 1} is not an object", r=r, c=c)
            if cell.get("value") not in (None, "", 0):
                d = number(cell["value"], size)
                if not d:
                    warnings.append(f"r{r + 1}c{c + 1}: value {excerpt(cell['value'])} is not 1–{size}, not read")
                elif cell.get("given") is True:
                    givens[r * size + c] = d
                else:
                    entries.append([r, c, d])
            if "region" in cell:
                region = cell["region"]
                if region is None:
                    regions[r * size + c] = -1
                elif number(region, size - 1) is None:
                    warnings.append(f"r{r + 1}c{c + 1}: region {excerpt(region)} is not 0–{size - 1}, not read")
                else:
                    regions[r * size + c] = number(region, size - 1)
            marks += any(cell.get(k) for k in ("centerPencilMarks", "cornerPencilMarks", "givenPencilMarks"))
            colours += bool(cell.get("c") or cell.get("cArray"))
    if marks:
        warnings.append(f"pencil marks in {marks} cell{'s' * (marks > 1)} not read")
    if colours:
        warnings.append(f"colours of {colours} cell{'s' * (colours > 1)} not read (drawing, not a rule)")
    return givens, entries, None if regions == default_regions(size) else regions


def _solution(value: object, size: int, warnings: list[str]) -> list[int] | None:
    """A solution as row-major digits (0 where unknown), or None when there is none."""
    if value is None or value == [] or value == "":
        return None
    cells = list(value) if isinstance(value, (list, str)) else []
    digits = [0 if x in (None, "", ".", "?", 0, "0") else number(x, size) for x in cells]
    if len(digits) != size * size or any(d is None for d in digits):
        warnings.append(f"solution {excerpt(value)} not read (not {size * size} digits 1–{size})")
        return None
    return digits if any(digits) else None


def _cosmetic(key: str, value: object, data: dict, meta: dict, warnings: list[str]) -> None:
    """Metadata cages are read; copies of a constraint read from its own key are skipped; every other
    drawing is reported."""
    items, first = [], None
    for item in _items(value):
        if not isinstance(item, dict):
            continue
        cells = item.get("cells") if isinstance(item.get("cells"), list) else []
        m = _META.fullmatch(str(item.get("value", ""))) if key == "cage" else None
        if m and (m[1] in META or not cells):
            if m[1] in ("title", "author") and not meta[m[1]]:
                meta[m[1]] = m[2].strip()
            elif m[1] == "rules":
                meta["rules"] = "\n".join(x for x in (meta["rules"], m[2].strip()) if x)
            elif m[1] not in META:
                warnings.append(f"cage metadata {excerpt(m[1])} not read")
            continue
        if _key(item.get("fromConstraint")) in data and _key(item.get("fromConstraint")) in READERS:
            continue
        items.append(item)
        if first is None:
            found = [c for c in (cell_or_none(x) for x in cells + _first_line(item)) if c]
            first = span(tuple(found[:1] + found[-1:])) if found else None
    if items:
        where = f", first at {first}" if first else ""
        warnings.append(f"{key} ×{len(items)}: drawing{'s' * (len(items) > 1)}, not read as a rule{where}")


def _first_line(item: dict) -> list:
    lines = item.get("lines")
    return lines[0] if isinstance(lines, list) and lines and isinstance(lines[0], list) else []


# -- writing ---------------------------------------------------------------------------------------
def to_fpuzzles(puzzle: Mapping, sudokupad: bool = False) -> str:
    """The f-puzzles `?load=` link (with `sudokupad`, `https://sudokupad.app/fpuzzles<P>`) of a puzzle dict."""
    payload = lzstring.compress_to_base64(json.dumps(fpuzzles_json(puzzle), separators=(",", ":")))
    return (SUDOKUPAD if sudokupad else SITE) + payload


def fpuzzles_json(puzzle: Mapping) -> dict:
    """The f-puzzles JSON object of a puzzle dict (every constraint checked on the grid first)."""
    size = puzzle["size"]
    if not isinstance(size, int) or not 1 <= size <= MAX_SIZE:
        raise PuzzleSyntaxError(f"f-puzzles: size {excerpt(size)} is not 1–{MAX_SIZE}")
    givens = list(puzzle.get("givens") or [0] * size * size)
    regions = puzzle.get("regions")
    if len(givens) != size * size or (regions is not None and len(regions) != size * size):
        raise PuzzleSyntaxError(f"f-puzzles: givens and regions need {size * size} cells")
    grid = [[{} for _ in range(size)] for _ in range(size)]
    for i, d in enumerate(givens):
        if d:
            grid[i // size][i % size].update(value=d, given=True)
    for r, c, d in puzzle.get("entries") or ():
        grid[r][c]["value"] = d
    for i, region in enumerate(regions or ()):
        grid[i // size][i % size]["region"] = None if region < 0 else region
    out: dict = {"size": size}
    for key in ("title", "author"):
        if puzzle.get(key):
            out[key] = puzzle[key]
    if puzzle.get("rules_text"):
        out["ruleset"] = puzzle["rules_text"]
    out["grid"] = grid
    rules = set(puzzle.get("rules") or ())
    if "diagonal" in rules:
        rules = set(rules) | {"antidiagonal", "maindiagonal"}
    out.update({key: True for key, rule in FLAGS.items() if rule in rules})
    negative = [key for key, rule in NEGATIVE.items() if rule in rules]
    if negative:
        out["negative"] = negative
    for constraint in puzzle.get("constraints") or ():
        validate(constraint, size)
        for key, item in write(constraint, size):
            out.setdefault(key, []).append(item)
    if puzzle.get("solution"):
        out["solution"] = list(puzzle["solution"])
    return out
