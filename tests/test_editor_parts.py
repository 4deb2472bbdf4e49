"""The editor's check of typed parts (web/editor/schema.js `fits` with web/editor/parts.js and
parts/*.js) agrees with the layout's (gridlogic.layout.read_state) on sudoku states: every state of
the real variant links, and items broken one way each (a cell twice, outside the grid, a path that
jumps, a dot that joins no edge or corner, an outside clue in the grid, too few or too many cells,
a missing, stray or crossing `more`, a missing, stray or malformed value, a missing, stray or
grid-missing direction, an unknown name, key or part). Both run on the same states; the editor runs under Node. And each JS part
module draws the looks its Python part class allows, every kind's choices among them."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import IN_CI, ROOT
from gridlogic import api
from gridlogic.errors import RequestError
from gridlogic.layout import PART_TYPES, read_state

SCRIPT = ROOT / "tests" / "node" / "editor_parts.mjs"
LINKS = Path(__file__).parent / "data" / "variant_links.json"


def sudoku_layout() -> dict:
    kinds = api.handle({"op": "kinds"})["result"]["kinds"]
    return next(k for k in kinds if k["key"] == "sudoku")["layout"]


def blank(rows: int = 9) -> dict:
    return {"rows": rows, "cols": rows, "cells": [""] * rows * rows}


def with_item(key: str, item: dict, rows: int = 9) -> dict:
    return {**blank(rows), "parts": {key: [item]}}


BROKEN = [
    ("cages", {"name": "killer", "cells": [[0, 0], [0, 0]]}),
    ("cages", {"name": "killer", "cells": [[0, 9]]}),
    ("cages", {"name": "killer", "cells": []}),
    ("cages", {"name": "killer", "cells": [[0, 0]], "colour": "red"}),
    ("cages", {"name": "thermo", "cells": [[0, 0]]}),
    ("cages", {"name": "killer", "cells": [[0, 0]], "value": 17}),
    ("cages", {"name": "clone", "cells": [[0, 0], [0, 1]], "more": [[5, 5]]}),
    ("lines", {"name": "thermo", "cells": [[0, 0], [0, 2]]}),
    ("lines", {"name": "thermo", "cells": [[0, 0], [1, 1], [0, 0]]}),
    ("lines", {"name": "arrow", "cells": [[0, 0]], "more": [[2, 2], [3, 3]]}),
    ("lines", {"name": "arrow", "cells": [[0, 0]], "more": [[1, 1], [3, 3]]}),
    ("dots", {"name": "white", "cells": [[0, 0], [1, 1]]}),
    ("dots", {"name": "white", "cells": [[0, 0]]}),
    ("dots", {"name": "x", "cells": [[8, 8], [8, 9]]}),
    ("dots", {"name": "quadruple", "cells": [[0, 0], [0, 1], [1, 1], [1, 2]], "value": "12"}),
    ("outside", {"name": "sandwich", "cells": [[0, 0]], "value": "10"}),
    ("outside", {"name": "sandwich", "cells": [[-1, -1]], "value": "10"}),
    ("outside", {"name": "sandwich", "cells": [[-1, 3], [-1, 4]], "value": "10"}),
    ("outside", {"name": "sandwich", "cells": [[-2, 3]], "value": "10"}),
    ("outside", {"name": "littlekiller", "cells": [[-1, 3]], "value": "10", "direction": "XX"}),
    ("shapes", {"name": "odd", "cells": [[0, 0], [0, 0]]}),
    ("shapes", {"name": "odd", "cells": [[-1, 0]]}),
    ("nothing", {"name": "odd", "cells": [[0, 0]]}),
    ("cages", {"name": "killer", "cells": [[0, 0]], "more": [[5, 5]]}),
    ("cages", {"name": "killer", "cells": [[0, 0]], "direction": "DR"}),
    ("cages", {"name": "clone", "cells": [[0, 0], [0, 1]], "more": [[5, 5], [5, 5]]}),
    ("cages", {"name": "killer", "cells": [[0, 0]], "value": "x"}),
    ("cages", {"name": "killer", "cells": [[0, 0]], "value": "1234567890123"}),
    ("cages", {"name": "extraregion", "cells": [[0, 0]]}),
    ("lines", {"name": "thermo", "cells": [[0, 0]]}),
    ("lines", {"name": "thermo", "cells": [[0, 0], [0, 1]], "value": "3"}),
    ("lines", {"name": "thermo", "cells": [[0, 0], [0, 1]], "more": [[0, 2]]}),
    ("lines", {"name": "arrow", "cells": [[0, 0]]}),
    ("lines", {"name": "arrow", "cells": [[0, 0]], "more": [[0, 1], [0, 0]]}),
    ("lines", {"name": "arrow", "cells": [[0, 0], [0, 1], [0, 2], [0, 3]], "more": [[1, 3]]}),
    ("dots", {"name": "quadruple", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]]}),
    ("dots", {"name": "quadruple", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "value": "1 2"}),
    ("dots", {"name": "white", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]]}),
    ("outside", {"name": "sandwich", "cells": [[-1, 3]]}),
    ("outside", {"name": "sandwich", "cells": [[-1, 3]], "value": "10", "direction": "DR"}),
    ("outside", {"name": "littlekiller", "cells": [[-1, 3]], "value": "10"}),
    ("outside", {"name": "littlekiller", "cells": [[-1, 0]], "value": "10", "direction": "UL"}),
    ("outside", {"name": "littlekiller", "cells": [[-1, 8]], "value": "10", "direction": "DR"}),
    ("shapes", {"name": "odd", "cells": [[0, 0]], "more": [[1, 1]]}),
    ("shapes", {"name": "odd", "cells": [[0, 0]], "value": "1"}),
]
WHOLE = [
    ("cages", {"name": "killer", "cells": [[0, 0], [0, 1], [1, 0]], "value": "12"}),
    ("cages", {"name": "clone", "cells": [[0, 0], [0, 1]], "more": [[5, 5], [5, 6]]}),
    ("cages", {"name": "clone", "cells": [[0, 0], [0, 1]]}),              # its copy still to come (saved so)
    ("lines", {"name": "thermo", "cells": [[0, 0], [1, 1], [2, 1]]}),
    ("lines", {"name": "arrow", "cells": [[0, 0], [0, 1]], "more": [[1, 2], [2, 3]]}),
    ("dots", {"name": "white", "cells": [[3, 3], [4, 3]]}),
    ("dots", {"name": "black", "cells": [[0, 1], [0, 0]]}),                  # put in row-major order
    ("dots", {"name": "quadruple", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "value": "12"}),
    ("dots", {"name": "quadruple", "cells": [[1, 1], [0, 1], [1, 0], [0, 0]], "value": "12"}),
    ("outside", {"name": "sandwich", "cells": [[9, 3]], "value": "10"}),
    ("outside", {"name": "skyscraper", "cells": [[4, -1]], "value": "3"}),
    ("outside", {"name": "littlekiller", "cells": [[-1, -1]], "value": "45", "direction": "DR"}),
    ("outside", {"name": "littlekiller", "cells": [[4, 9]], "value": "10", "direction": "UL"}),
    ("shapes", {"name": "even", "cells": [[0, 0], [8, 8]]}),
    ("regions", {"name": "region", "cells": [[0, 0], [0, 1], [0, 2]]}),
    ("cages", {"name": "killer", "cells": [[0, 0]], "value": "", "more": []}),
    ("lines", {"name": "arrow", "cells": [[0, 0], [0, 1], [0, 2]], "more": [[1, 3], [2, 3], [3, 3]]}),
    ("lines", {"name": "whispers", "cells": [[0, 0], [1, 1]], "value": "5"}),
    ("dots", {"name": "quadruple", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "value": "1a"}),
    ("outside", {"name": "littlekiller", "cells": [[-1, 8]], "value": "10", "direction": "DL"}),
]


@pytest.fixture(scope="module")
def node():
    path = shutil.which("node")
    if path is None:
        if IN_CI:
            pytest.fail("node not found")
        pytest.skip("node not found (the editor's checks run under Node)")
    return path


def python_reads(layout: dict, state: dict) -> dict | None:
    """The parts of the state the layout reads, or None when it refuses the state."""
    try:
        return read_state(layout, copy.deepcopy(state))["parts"]
    except RequestError:
        return None


def editor_reads(node: str, layout: dict, states: list[dict], tmp_path: Path) -> list[dict | None]:
    """The parts the editor keeps of each state (its canonical form), or None when it refuses it."""
    path = tmp_path / "states.json"
    path.write_text(json.dumps({"layout": layout, "states": states}))
    done = subprocess.run([node, str(SCRIPT), str(path)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_editor_and_the_layout_take_the_same_states(node, tmp_path):
    layout = sudoku_layout()
    states = [with_item(key, item) for key, item in BROKEN + WHOLE]
    for link in json.loads(LINKS.read_text())["links"]:
        result = api.handle({"op": "link_import", "url": link["url"]})
        if result["ok"] and result["result"]["kind"] == "sudoku":
            states.append(result["result"]["state"])
    assert len(states) > len(BROKEN + WHOLE) + 20
    python = [python_reads(layout, s) for s in states]
    editor = editor_reads(node, layout, states, tmp_path)
    assert len(editor) == len(states)
    assert python[:len(BROKEN)] == [None] * len(BROKEN)            # each broken item is refused
    assert None not in python[len(BROKEN):]                         # the whole ones and the links' states taken
    differ = [(s.get("parts"), p, e) for s, p, e in zip(states, python, editor) if p != e]
    assert not differ, differ[:3]                                   # and both keep the same parts of them
    black = python[len(BROKEN) + [x[1]["name"] for x in WHOLE].index("black")]
    assert black["dots"] == [{"name": "black", "cells": [[0, 0], [0, 1]]}]


def test_each_part_module_draws_the_looks_of_its_part_class(node):
    done = subprocess.run([node, str(SCRIPT)], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    looks = json.loads(done.stdout)
    assert looks == {t: list(cls.looks) for t, cls in PART_TYPES.items()}
    used = 0
    for kind in api.handle({"op": "kinds"})["result"]["kinds"]:
        for part in kind["layout"].get("parts", []):
            for choice in part["choices"]:
                assert choice["look"] in looks[part["type"]], (kind["key"], part["key"], choice["name"])
                used += 1
    assert used >= 30                                                # sudoku's choices at least
