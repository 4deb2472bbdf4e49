"""Playing a puzzle by hand, as data: which cells take the player's entries, what an entry may be, and the
play state the page keeps apart from the puzzle (the editing state of gridlogic.layout).

A kind's layout may hold `play` (checked here when the registry loads the kind):

    values     "symbols": the cell's symbols at this size, an entry being a symbol's digit in base 36
               (sudoku 1-9 then A = 10, binary 0/1); or [lo, hi]: whole numbers lo..hi
    on         "empty": cells empty in the puzzle ("" in the state; kakuro's white cells, puzlogic's
               open cells); "all": every cell (nonogram, number cross)
    cycle      [n, ...]: a tap on the selected cell cycles empty → these values (binary, nonogram)
    drag       bool: a drag from a cell paints its new value over the cells it crosses (nonogram)
    pencil     bool: corner and centre pencil marks (digit kinds)
    pieces     an extra's key: entries are taken from the whole numbers written there, each once
               (puzlogic's pieces)
    keys       {key: n}: keyboard keys that enter value n besides its own text (nonogram: f, x)
    corners    [top left, top right, bottom right, bottom left]: a press in a cell enters the value of
               the corner nearest the press (the same again clears it), the right button the last of
               `cycle` (a cell symbol in four orientations, entered the way puzz.link does)
    lattice    a lattice part's key (gridlogic/layout/lattice.py): the player draws its marks (lines,
               crosses, shade, dots) with its choices. With `lattice`, `values` and `on` may be left
               out: then no cell takes an entry (a loop genre), and the entries `solve`, `hint` and
               `progress` take are the marks at their lattice points instead, [y, x, v] in doubled
               coordinates: v 1 for a line or a border, 2 for a double line, 0 for a cross (the kind's
               facts are those points, its value 0 worded "empty": a side left unmarked says as much)
    spans      bool (with `lattice`): lines run straight from a clue cell (a cell holding a given) to the
               next one along a row or column, and carry one or two (the part's `double` look): a drag
               across a stretch between two clue cells draws a line over all of it, a second drag makes
               it double, a third takes it away; a tap on a side there puts a cross (no line)
    inner      bool (with `lattice`): the player's marks sit between two cells only; the grid's frame is
               a border already and takes none (genres that divide the grid along borders, as puzz.link
               plays them)

Play state (what the page saves, what a link "with my progress" carries, what `read_play` checks):

    {"entries": [[r, c, n], ...],        the player's values, n as above (0-based cells)
     "corner":  [[r, c, [n, ...]], ...], pencil marks written in the corner
     "centre":  [[r, c, [n, ...]], ...], pencil marks written in the centre
     "colours": [[r, c, k], ...],        a cell colour 1..COLOURS
     "lattice": {name: [[y, x], ...]}}   the player's marks on the lattice, as a lattice part's value

Entries are what `solve`, `hint` and `progress` take as `entries`; marks, colours and lattice marks
never reach a solver.
"""

from __future__ import annotations

from typing import Any, NoReturn

from gridlogic.errors import RequestError, excerpt, type_name
from gridlogic.lattice import format_point, is_outer
from gridlogic.layout.lattice import looks_of, read_marks_value

PLAY_KEYS = ("values", "on", "cycle", "drag", "pencil", "pieces", "keys", "lattice", "corners", "spans", "inner")
STATE_KEYS = ("entries", "corner", "centre", "colours")     # the parts of a play state held per cell
ALL_KEYS = (*STATE_KEYS, "lattice")                          # and the one held on the lattice
COLOURS = 9
MAX_MARKS = 36            # pencil marks in one cell


class PlayLayoutError(ValueError):
    """A layout's `play` that breaks the schema above: a bug in a kind."""


def check_play_layout(play: Any, cell: dict, extras: list, parts: list = ()) -> None:
    """Refuse a `play` that breaks the schema, with a PlayLayoutError naming the key."""
    def need(ok: bool, why: str) -> None:
        if not ok:
            raise PlayLayoutError(f"play: {why}")

    need(isinstance(play, dict), "is not a dict")
    unknown = [k for k in play if k not in PLAY_KEYS]
    need(not unknown, f"unknown keys {unknown} (known: {', '.join(PLAY_KEYS)})")
    if "lattice" in play:
        need(any(p.get("key") == play["lattice"] and p.get("type") == "lattice" for p in parts),
             f"lattice {play['lattice']!r} is not a lattice part's key")
    values = play.get("values")
    if values == "symbols":
        need(bool(cell.get("symbols")), "values is 'symbols' but the cell has none")
    elif values is not None or "lattice" not in play:
        need(isinstance(values, list) and len(values) == 2 and all(type(v) is int for v in values)
             and 0 <= values[0] <= values[1], f"values {values!r} is not 'symbols' or [lo, hi]")
    if "on" in play or "lattice" not in play:
        need(play.get("on") in ("empty", "all"), f"on {play.get('on')!r} is not 'empty' or 'all'")
    need(("values" in play) == ("on" in play), "values and on come together")
    for flag in ("drag", "pencil", "spans", "inner"):
        need(isinstance(play.get(flag, False), bool), f"{flag} is not true or false")
    cycle = play.get("cycle", [])
    need(isinstance(cycle, list) and all(type(v) is int for v in cycle), "cycle is not a list of whole numbers")
    keys = play.get("keys", {})
    need(isinstance(keys, dict) and all(isinstance(k, str) and len(k) == 1 and type(v) is int
                                        for k, v in keys.items()), "keys is not {one character: whole number}")
    corners = play.get("corners", [0, 0, 0, 0])
    need(isinstance(corners, list) and len(corners) == 4 and all(type(v) is int for v in corners),
         "corners is not a list of four whole numbers")
    if "pieces" in play:
        need(any(x.get("key") == play["pieces"] for x in extras), f"pieces {play['pieces']!r} is not an extra's key")


def value_range(play: dict, cell: dict, rows: int) -> set[int]:
    """Every value an entry may hold at this size (none when the cells take no entry)."""
    if "values" not in play:
        return set()
    if play["values"] == "symbols":
        symbols = cell["symbols"]
        if isinstance(symbols, dict):
            symbols = symbols.get(str(rows), "")
        return {int(s, 36) for s in symbols}
    lo, hi = play["values"]
    return set(range(lo, hi + 1))


def read_play(layout: dict, state: dict, play: Any) -> dict:
    """The play state checked against the layout and the puzzle's editing `state` (its size and, for
    `on: "empty"`, which cells are open): the same dict, or a RequestError naming the part that is off."""
    rule = layout.get("play")
    if rule is None:
        raise RequestError("this kind is not played by hand here", field="play")
    if not isinstance(play, dict):
        raise RequestError(f"'play' must be an object, not {type_name(play)}", field="play")
    unknown = [k for k in play if k not in ALL_KEYS]
    if unknown:
        raise RequestError(f"'play' has an unknown part {excerpt(unknown[0])} (known: {', '.join(ALL_KEYS)})",
                           field="play")
    rows, cols = state["rows"], state["cols"]
    allowed = value_range(rule, layout.get("cell", {}), rows)
    _read_lattice(layout, rule, play.get("lattice"), rows, cols)
    for part in STATE_KEYS:
        items = play.get(part, [])
        if not isinstance(items, list) or len(items) > rows * cols:
            raise RequestError(f"'play.{part}' must be a list of at most one item per cell", field="play")
        seen = set()
        for item in items:
            if not (isinstance(item, list) and len(item) == 3 and all(type(x) is int for x in item[:2])
                    and 0 <= item[0] < rows and 0 <= item[1] < cols and tuple(item[:2]) not in seen):
                raise RequestError(f"'play.{part}' holds {excerpt(item)}: expected [r, c, value], one per cell "
                                   f"inside {rows}×{cols}", field="play")
            seen.add(tuple(item[:2]))
            r, c, value = item
            where = f"r{r + 1}c{c + 1}"
            if part == "entries":
                if rule.get("on") == "empty" and state["cells"][r * cols + c] != "":
                    raise RequestError(f"'play' has an entry at {where}, which is not an open cell", field="play")
                ok = type(value) is int and value in allowed
            elif part == "colours":
                ok = type(value) is int and 1 <= value <= COLOURS
            else:
                ok = (rule.get("pencil", False) and isinstance(value, list) and len(value) <= MAX_MARKS
                      and all(type(v) is int and v in allowed for v in value))
            if not ok:
                raise RequestError(f"'play.{part}' at {where} holds {excerpt(value)}, which it cannot", field="play")
    return play


def _read_lattice(layout: dict, rule: dict, marks: Any, rows: int, cols: int) -> None:
    """Refuse the player's lattice marks unless the play's lattice part takes each where it is."""
    if marks is None:
        return
    entry = next((p for p in layout.get("parts", []) if p["key"] == rule.get("lattice")), None)
    if entry is None:
        raise RequestError("'play' lattice: this kind takes no marks on the lattice", field="play")

    def fail(message: str, **where: Any) -> NoReturn:
        raise RequestError(message, field="play", **where)

    clean = read_marks_value(marks, looks_of(entry), rows, cols, "'play' lattice", fail)
    if rule.get("inner"):
        for name, points in clean.items():
            outer = next((p for p in points if is_outer(tuple(p), rows, cols)), None)
            if outer is not None:
                fail(f"'play' lattice.{name} at {format_point(tuple(outer))}: the grid's frame takes no mark "
                     f"here (marks sit between two cells)", name=name, point=outer)


def plays_on_lattice(layout: dict) -> bool:
    """Whether a layout is played on the lattice alone (`lattice`, no `values`): its entries and facts are
    points of the lattice (see the module docstring)."""
    rule = layout.get("play") or {}
    return "lattice" in rule and "values" not in rule


def is_open(layout: dict, state: dict, r: int, c: int) -> bool:
    """Whether (r, c) of a puzzle's editing `state` takes an entry (the layout's `play`: `on`)."""
    rule = layout.get("play") or {}
    if plays_on_lattice(layout):                             # entries at points of the lattice
        return 0 <= r <= 2 * state["rows"] and 0 <= c <= 2 * state["cols"]
    if "values" not in rule or not (0 <= r < state["rows"] and 0 <= c < state["cols"]):
        return False
    return rule.get("on") == "all" or state["cells"][r * state["cols"] + c] == ""


def entries_of(play: dict) -> list[tuple[int, int, int]]:
    """The player's entries as `solve`, `hint` and `progress` take them."""
    return [tuple(item) for item in play.get("entries", [])]
