"""gridlogic/codecs/page.py and web/codecs/statelink.js write the same payloads and read the same states.

Both codecs run on the same states under Node (tests/node/statelink_cross.mjs): random states of every
kind's layout (values the layout allows, and strange ones it escapes), sudoku states with items of
every part type and choice (values, `more`, directions) at sizes 4..16, a 40×40 layout whose cells
take two base-36 characters, and a layout with every section at once. Payloads must be byte for byte
the same, and so must the states both read back from them, from v2 payloads and from damaged ones.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess

import pytest

from conftest import ROOT
from gridlogic import api
from gridlogic.codecs.page import VERSION, check, decode_state, encode_state

SCRIPT = ROOT / "tests" / "node" / "statelink_cross.mjs"
WILD = ["", " ", "-", "_", ".", ",", "~", "%", "a", "z", "é", "漢", "🧩", "\\", "<", "#", "0", "Z", "/", "!",
        "\ufeff", "\ud83e", "\n"]
DIRECTIONS = ("UL", "UR", "DL", "DR")


def _choice(name, look, value="none", **more):
    return {"name": name, "label": name.title(), "value": value, "look": look, **more}


# Sudoku's parts as the shared design lists them (the kind's own layout gains them; this one does not
# wait for it).
SUDOKU_PARTS = [
    {"key": "cages", "type": "group", "label": "Cages", "choices": [
        _choice("killer", "cage", "optional"), _choice("extraregion", "region"),
        _choice("clone", "shade", more="copy"), _choice("rowindexer", "shade"),
        _choice("columnindexer", "shade"), _choice("boxindexer", "shade")]},
    {"key": "lines", "type": "path", "label": "Lines", "choices": [
        _choice("thermo", "thermo"), _choice("slowthermo", "thermo"),
        _choice("arrow", "arrow", more="line", min_cells=1, max_cells=3), _choice("doublearrow", "between"),
        _choice("palindrome", "line", reversible=True), _choice("renban", "line", reversible=True),
        _choice("whispers", "line", "optional", reversible=True), _choice("dutchwhispers", "line", reversible=True),
        _choice("between", "between", reversible=True), _choice("regionsum", "line", reversible=True),
        _choice("entropic", "line", reversible=True), _choice("modular", "line", reversible=True),
        _choice("zipper", "line", reversible=True)]},
    {"key": "dots", "type": "dot", "label": "Dots", "choices": [
        _choice("white", "white"), _choice("black", "black", "optional"), _choice("x", "letter", letter="X"),
        _choice("v", "letter", letter="V"), _choice("quadruple", "circle", "digits", min_cells=4, max_cells=4)]},
    {"key": "outside", "type": "outside", "label": "Outside clues", "choices": [
        _choice("sandwich", "number", "number"), _choice("xsum", "number", "number"),
        _choice("skyscraper", "number", "number"), _choice("littlekiller", "diagonal", "number", directions=True)]},
    {"key": "shapes", "type": "shape", "label": "Shapes", "choices": [
        _choice("odd", "circle"), _choice("even", "square"), _choice("minimum", "up"), _choice("maximum", "down")]},
]



@pytest.fixture(scope="module")
def kinds():
    response = api.handle({"op": "kinds"})
    assert response["ok"], response
    return response["result"]["kinds"]


def run_js(node, tmp_path, layouts, states, payloads):
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps({"layouts": layouts, "states": states, "payloads": payloads}))
    done = subprocess.run([node, str(SCRIPT), str(cases)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


# -- states --------------------------------------------------------------------------------------------
def symbols_of(layout, rows):
    s = (layout.get("cell") or {}).get("symbols") or ""
    return s if isinstance(s, str) else s.get(str(rows), "")


def wild(rnd):
    return "".join(rnd.choice(WILD) for _ in range(rnd.randint(1, 6)))


def size_of(layout, rnd):
    if not layout.get("free_size") or rnd.random() < 0.3:
        size = rnd.choice(layout["sizes"])
        return size["rows"], size["cols"]
    low, high = layout.get("min_size") or {"rows": 1, "cols": 1}, layout["max_size"]
    rows = rnd.randint(low["rows"], min(high["rows"], 40))
    cols = rows if layout.get("square") else rnd.randint(low["cols"], min(high["cols"], 40))
    return rows, cols


def random_state(layout, rnd, strange=False, size=None):
    """A state of the layout's shape: values it allows, or with `strange` ones it does not."""
    rows, cols = size or size_of(layout, rnd)
    cell = layout.get("cell") or {}
    values = ["", *symbols_of(layout, rows)]
    if cell.get("numbers"):
        values += [str(rnd.randint(*cell["numbers"])) for _ in range(5)]
    for st in cell.get("states") or []:
        fields = st.get("fields") or []
        values.append(st["token"] + ",".join("" if rnd.random() < 0.3 else str(rnd.randint(f.get("min", 0),
                                                                                           f.get("max", 99)))
                                             for f in fields))
    state = {"rows": rows, "cols": cols,
             "cells": [wild(rnd) if strange and rnd.random() < 0.1 else rnd.choice(values) if rnd.random() < 0.6 else ""
                       for _ in range(rows * cols)]}
    if layout.get("marks") is not None:
        signs = {way: layout["marks"].get(way) or [""] for way in ("h", "v")}
        state["marks"] = {"h": [rnd.choice(signs["h"]) if rnd.random() < 0.4 else "" for _ in range(rows * (cols - 1))],
                          "v": [rnd.choice(signs["v"]) if rnd.random() < 0.4 else "" for _ in range((rows - 1) * cols)]}
    if layout.get("edges"):
        state["edges"] = {e["key"]: ["" if rnd.random() < 0.3 else wild(rnd) if strange else f"{rnd.randint(0, 20)} 3"
                                     for _ in range(rows if e["side"] in ("left", "right") else cols)]
                          for e in layout["edges"]}
    if layout.get("extras"):
        state["extras"] = {x["key"]: wild(rnd) if strange else rnd.choice(["", "", "1 2 3", "killer 3: r1c1 r1c2"])
                           for x in layout["extras"]}
    if layout.get("parts"):
        state["parts"] = {part["key"]: [random_item(part, rows, cols, rnd, strange)
                                        for _ in range(rnd.choice([0, 0, 1, 3, 12]) if min(rows, cols) > 1 else 0)]
                          for part in layout["parts"]}
    return state


def king_walk(rows, cols, n, rnd, start=None):
    """Up to n distinct cells, each a king's move from the one before."""
    cells = [start or [rnd.randrange(rows), rnd.randrange(cols)]]
    for _ in range(n - 1):
        r, c = cells[-1]
        steps = [[r + dr, c + dc] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols and [r + dr, c + dc] not in cells]
        if not steps:
            break
        cells.append(rnd.choice(steps))
    return cells


def random_item(part, rows, cols, rnd, strange=False):
    """An item of the part's type with a random choice: cells as the type allows, and a value, `more`
    and direction where the choice has them."""
    choice = rnd.choice(part["choices"])
    kind = part["type"]
    if kind == "dot":
        if choice.get("min_cells") == 4 and rows > 1 and cols > 1:
            r, c = rnd.randrange(rows - 1), rnd.randrange(cols - 1)
            cells = [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]]
        elif cols > 1 and (rnd.random() < 0.5 or rows < 2):
            r, c = rnd.randrange(rows), rnd.randrange(cols - 1)
            cells = [[r, c], [r, c + 1]]
        else:
            r, c = rnd.randrange(rows - 1), rnd.randrange(cols)
            cells = [[r, c], [r + 1, c]]
    elif kind == "outside":
        if choice.get("directions") and rnd.random() < 0.3:
            cells = [[rnd.choice([-1, rows]), rnd.choice([-1, cols])]]
        elif rnd.random() < 0.5:
            cells = [[rnd.choice([-1, rows]), rnd.randrange(cols)]]
        else:
            cells = [[rnd.randrange(rows), rnd.choice([-1, cols])]]
    elif kind == "path":
        cells = king_walk(rows, cols, rnd.randint(1, choice.get("max_cells") or 9), rnd)
    else:
        every = [[r, c] for r in range(rows) for c in range(cols)]
        cells = rnd.sample(every, min(len(every), rnd.randint(1, 10)))
    item = {"name": choice["name"], "cells": cells}
    if choice.get("more") == "line":
        item["more"] = king_walk(rows, cols, rnd.randint(1, 6), rnd)
    elif choice.get("more") == "copy":
        item["more"] = [[rnd.randrange(rows), rnd.randrange(cols)] for _ in cells]
    value = choice.get("value", "none")
    if strange and rnd.random() < 0.3:
        item["value"] = wild(rnd)
    elif value == "number" or (value == "optional" and rnd.random() < 0.6):
        item["value"] = str(rnd.randint(0, 200))
    elif value == "digits":
        item["value"] = "".join(str(rnd.randint(1, 9)) for _ in range(rnd.randint(1, 4)))
    if choice.get("directions"):
        item["direction"] = rnd.choice(DIRECTIONS)
    return item


def sudoku_layout(kinds, size_limit=16):
    """Sudoku's layout with SUDOKU_PARTS (unless it has parts of its own), sizes up to 16."""
    layout = copy.deepcopy(next(k["layout"] for k in kinds if k["key"] == "sudoku"))
    layout.setdefault("parts", SUDOKU_PARTS)
    layout["sizes"] = [s for s in layout["sizes"] if 4 <= s["rows"] <= size_limit]
    return layout


def wide_layout():
    """A free-size layout up to 40×40 (nonogram-sized), cells of two base-36 characters, with parts."""
    return {"sizes": [{"rows": 40, "cols": 40, "label": "40×40"}], "free_size": True,
            "min_size": {"rows": 1, "cols": 1}, "max_size": {"rows": 40, "cols": 40},
            "cell": {"symbols": "12"}, "parts": SUDOKU_PARTS}


def everything_layout():
    """Every section at once: symbols, a token with fields, marks, edges, extras and parts."""
    return {"sizes": [{"rows": 6, "cols": 5, "label": "6×5"}], "free_size": True,
            "min_size": {"rows": 2, "cols": 2}, "max_size": {"rows": 36, "cols": 36},
            "cell": {"symbols": "1234", "states": [{"key": "clue", "token": "\\", "label": "clue", "keys": "\\",
                                                    "look": "clue", "fields": [{"key": "d"}, {"key": "r"}]},
                                                   {"key": "gap", "token": "-", "label": "gap", "keys": "-",
                                                    "look": "gap"}]},
            "marks": {"h": ["<", ">"], "v": ["^", "v"]},
            "edges": [{"key": "left", "side": "left"}, {"key": "top", "side": "top"}],
            "extras": [{"key": "one"}, {"key": "two"}], "parts": SUDOKU_PARTS[:3]}


# -- damage --------------------------------------------------------------------------------------------
def damaged(payload, rnd, n=8):
    out = [payload[:rnd.randrange(len(payload))]]
    for _ in range(n):
        i = rnd.randrange(len(payload))
        ch = rnd.choice("abz019AZ._-~!%é🧩")
        out += [payload[:i] + ch + payload[i + 1:], payload[:i] + ch + payload[i:], payload[:i] + payload[i + 1:]]
    return out


def resealed(payload):
    """A payload whose body was changed, with its check characters made right again (so the decoder
    reads the damage rather than stopping at the check)."""
    body = payload[3:-2]
    return payload[:3] + body + check(body)


# -- the tests -----------------------------------------------------------------------------------------
def normal(layout, state):
    """A state as a decoder gives it back: every part present."""
    out = copy.deepcopy(state)
    if layout.get("parts"):
        out["parts"] = {part["key"]: (state.get("parts") or {}).get(part["key"], []) for part in layout["parts"]}
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_python_and_javascript_write_and_read_the_same_payloads(node, kinds, tmp_path, seed):
    rnd = random.Random(seed)
    layouts = [k["layout"] for k in kinds] + [sudoku_layout(kinds), wide_layout(), everything_layout()]
    states = []
    for i, layout in enumerate(layouts):
        states += [[i, random_state(layout, rnd)] for _ in range(12)]
        states += [[i, random_state(layout, rnd, strange=True)] for _ in range(6)]
    sudoku = len(kinds)
    for n in range(4, 17):
        states += [[sudoku, random_state(layouts[sudoku], rnd, size=(n, n))] for _ in range(2)]
    # the two 16×16 states drawn again until both hold parts (the random stream moves with every kind added)
    while not all(any(state["parts"].values()) for _, state in states[-2:]):
        states[-2:] = [[sudoku, random_state(layouts[sudoku], rnd, size=(16, 16))] for _ in range(2)]
    wide = sudoku + 1
    states += [[wide, random_state(layouts[wide], rnd, size=(40, 40))] for _ in range(3)]
    states += [[wide, random_state(layouts[wide], rnd, size=(34, 34))]]         # the last size of one character
    for i, state in states:
        if i == sudoku and state["rows"] == 16:
            assert any(state["parts"].values())

    mine = [encode_state(layouts[i], state) for i, state in states]
    payloads = [[i, p] for (i, _), p in zip(states, mine)]
    for (i, _), p in zip(states, mine):
        payloads.append([i, "v2." + p[3:]])                       # read as a v2 payload too
        payloads += [[i, bad] for bad in damaged(p, rnd, 3)]
        payloads += [[i, resealed(bad)] for bad in damaged(p, rnd, 2)[1:]]
    theirs = run_js(node, tmp_path, layouts, states, payloads)

    assert theirs["encoded"] == mine
    assert theirs["decoded"] == [decode_state(layouts[i], p) for i, p in payloads]
    wide_payloads = [p for (i, state), p in zip(states, mine) if i == wide and state["rows"] == state["cols"] == 40]
    assert all(p.startswith(f"{VERSION}40x40.") for p in wide_payloads)
    for (i, state), p in zip(states, mine):
        assert p.startswith(VERSION) and p[-1].isalnum()
        if "~" in p:
            assert layouts[i].get("parts")
    decoded = theirs["decoded"]
    assert sum(d is not None for d in decoded) > len(states)   # the payloads themselves, and v2 readings
    assert decoded.count(None) > len(states)                   # and damage refused


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_states_with_parts_round_trip_in_python(kinds, seed):
    rnd = random.Random(seed)
    for layout in (sudoku_layout(kinds), wide_layout(), everything_layout()):
        for _ in range(25):
            state = random_state(layout, rnd)
            payload = encode_state(layout, state)
            assert decode_state(layout, payload) == normal(layout, state), payload


def test_the_parts_section_is_written_as_the_design_says(kinds):
    layout = sudoku_layout(kinds)
    state = {"rows": 9, "cols": 9, "cells": [""] * 81, "extras": {"drawn": ""},
             "parts": {"cages": [{"name": "killer", "cells": [[0, 0], [0, 1]], "value": "17"}],
                       "lines": [{"name": "arrow", "cells": [[4, 4]], "more": [[3, 3], [2, 2]]}],
                       "dots": [], "outside": [{"name": "littlekiller", "cells": [[-1, 3]], "value": "23",
                                                "direction": "DR"}],
                       "shapes": []}}
    layout["extras"] = [{"key": "drawn"}]
    layout["parts"] = SUDOKU_PARTS
    payload = encode_state(layout, state)
    assert payload == VERSION + "9x9.zzzc~a1112-17-~c55.4433~~d04-23-!DR~" + payload[-2:]
    assert decode_state(layout, payload)["parts"] == {**state["parts"]}
    state["parts"]["outside"] = []
    assert encode_state(layout, state)[3:-2] == "9x9.zzzc~a1112-17-~c55.4433~"      # empty sections at the end
    state["parts"] = {}
    assert encode_state(layout, state)[3:-2] == "9x9.zzzc~"                          # "~" always written
    wide = wide_layout()
    state = {"rows": 40, "cols": 35, "cells": [""] * 1400,
             "parts": {"cages": [{"name": "killer", "cells": [[0, 0], [39, 34]]}],
                       "outside": [{"name": "littlekiller", "cells": [[40, -1]], "direction": "UR"}]}}
    payload = encode_state(wide, state)
    assert payload[3:-2] == "40x35." + "z" * 53 + "v" + "~a0101140Z~~~d1500!UR~"   # two characters a number
    assert decode_state(wide, payload)["parts"]["outside"] == state["parts"]["outside"]
    v2 = "v2.9x9.zzzc" + check("9x9.zzzc")
    assert decode_state(layout, v2)["parts"] == {part["key"]: [] for part in layout["parts"]}
    assert decode_state(layout, "v2.9x9.zzzc~" + check("9x9.zzzc~")) is None         # no parts in v2
    for bad in ("9x9.zzzc~a11~~~~~~", "9x9.zzzc~g11~", "9x9.zzzc~a1~", "9x9.zzzc~a11--~", "9x9.zzzc~aBB~",
                "9x9.zzzc~~~~d04!UU~", "9x9.zzzc~a11.~", "9x9.zzzcx~"):
        assert decode_state(layout, VERSION + bad + check(bad)) is None, bad


def test_unwritable_items_are_left_out(kinds):
    layout = sudoku_layout(kinds)
    good = {"name": "odd", "cells": [[0, 0]]}
    for bad in ({"name": "flying", "cells": [[0, 0]]}, {"name": "odd", "cells": []},
                {"name": "odd", "cells": [[9, 10]]},
                {"name": "odd", "cells": [[0, 0]], "value": 5}, {"name": "odd", "cells": [[0, 0]], "direction": "N"},
                {"name": "odd", "cells": [[0, 0]], "more": [[0]]}, "odd"):
        state = {"rows": 9, "cols": 9, "cells": [""] * 81, "parts": {"shapes": [bad, good]}}
        assert decode_state(layout, encode_state(layout, state))["parts"]["shapes"] == [good]
