"""Typed parts of a layout (gridlogic/layout: group, path, dot, outside, shape; lattice in
test_lattice_part.py): their schema, blank states, the checks of their items with located refusals,
their moves under the grid's symmetries, and a layout without parts left as it was."""

from __future__ import annotations

import copy

import pytest

from gridlogic import api
from gridlogic.errors import RequestError
from gridlogic.kinds import KINDS
from gridlogic.contract import layout_of
from gridlogic.layout import (PART_TYPES, LayoutError, blank_state, check_layout, move_parts, parts_key,
                              read_state)
from gridlogic.symmetry import MOVES

LAYOUT = {
    "sizes": [{"rows": 4, "cols": 5, "label": "4×5"}], "default_size": {"rows": 4, "cols": 5},
    "max_size": {"rows": 6, "cols": 6}, "free_size": True, "cell": {"symbols": "12345"},
    "parts": [
        {"key": "cages", "type": "group", "label": "Cages",
         "choices": [{"name": "cage", "label": "Cage", "value": "optional", "look": "cage"},
                     {"name": "clone", "label": "Clone", "value": "none", "look": "shade", "more": "copy"}]},
        {"key": "lines", "type": "path", "label": "Lines",
         "choices": [{"name": "thermo", "label": "Thermometer", "value": "none", "look": "thermo", "min_cells": 2},
                     {"name": "renban", "label": "Renban", "value": "none", "look": "line", "reversible": True,
                      "colour": "#f067f0"},
                     {"name": "arrow", "label": "Arrow", "value": "none", "look": "arrow", "more": "line",
                      "max_cells": 3}]},
        {"key": "dots", "type": "dot", "label": "Dots",
         "choices": [{"name": "x", "label": "X", "value": "none", "look": "letter", "letter": "X", "max_cells": 2},
                     {"name": "white", "label": "White", "value": "optional", "look": "white", "max_cells": 2},
                     {"name": "quad", "label": "Quadruple", "value": "digits", "look": "circle", "min_cells": 4}]},
        {"key": "outside", "type": "outside", "label": "Outside",
         "choices": [{"name": "sum", "label": "Sum", "value": "number", "look": "number"},
                     {"name": "diagonal", "label": "Diagonal", "value": "number", "look": "diagonal",
                      "directions": True}]},
        {"key": "shapes", "type": "shape", "label": "Shapes",
         "choices": [{"name": "odd", "label": "Odd", "value": "none", "look": "circle"}]},
    ],
}
ROWS, COLS = 4, 5


def state_with(key: str, *items: dict) -> dict:
    """A 4×5 state of LAYOUT whose part `key` holds `items`."""
    return {"rows": ROWS, "cols": COLS, "cells": [""] * (ROWS * COLS), "parts": {key: list(items)}}


# -- the layout ---------------------------------------------------------------------------------
def test_the_layout_with_a_part_of_every_type_passes_and_every_type_has_a_class():
    check_layout(LAYOUT)
    types = {"group", "path", "dot", "outside", "shape", "lattice", "vertex"}
    # lattice: test_lattice_part.py; vertex (numbers at corners): the tests of the genres that use it
    assert {part["type"] for part in LAYOUT["parts"]} | {"lattice", "vertex"} == set(PART_TYPES) == types


def _broken(change) -> dict:
    layout = copy.deepcopy(LAYOUT)
    change(layout)
    return layout


@pytest.mark.parametrize("change,message", [
    (lambda lay: lay["parts"][0].update(type="blob"), "parts[0].type 'blob' is not one of"),
    (lambda lay: lay["parts"][1].update(key="cages"), "parts[1].key 'cages' is missing or used twice"),
    (lambda lay: lay["parts"][0]["choices"][0].update(look="thermo"), "look 'thermo' is not one of cage, region"),
    (lambda lay: lay["parts"][0]["choices"][0].update(more="line"), "more 'line' is not one of"),
    (lambda lay: lay["parts"][0]["choices"][0].update(directions=True), "a group has no directions"),
    (lambda lay: lay["parts"][1]["choices"][1].update(reversible="yes"), "reversible is not true or false"),
    (lambda lay: lay["parts"][2]["choices"][0].pop("letter"), "a look 'letter' needs one"),
    (lambda lay: lay["parts"][2]["choices"][0].update(max_cells=3), "a dot's min_cells and max_cells are 2 or 4"),
    (lambda lay: lay["parts"][3]["choices"][0].update(max_cells=2), "an outside clue's min_cells and max_cells"),
    (lambda lay: lay["parts"][4]["choices"][0].update(value="text"), "value 'text' is not one of none, number"),
    (lambda lay: lay["parts"][4]["choices"][0].update(colour=5), "colour is not a CSS colour"),
    (lambda lay: lay["parts"][4].update(choices=[dict(name=f"c{i}", label="", value="none", look="circle")
                                                 for i in range(27)]), "not a list of 1 to 26 choices"),
    (lambda lay: lay["parts"][4]["choices"].append(dict(lay["parts"][4]["choices"][0])), "'odd' is missing or used"),
    (lambda lay: lay["parts"][4].update(colour="red"), "parts[4] has unknown keys ['colour']"),
])
def test_a_broken_part_in_a_layout_is_named(change, message):
    with pytest.raises(LayoutError, match=None) as info:
        check_layout(_broken(change))
    assert message in str(info.value)


# -- blank states and a layout without parts --------------------------------------------------------
def test_a_blank_state_has_every_part_empty_and_absent_parts_read_as_empty():
    blank = blank_state(LAYOUT, ROWS, COLS)
    assert blank["parts"] == {"cages": [], "lines": [], "dots": [], "outside": [], "shapes": []}
    assert read_state(LAYOUT, {"rows": ROWS, "cols": COLS, "cells": [""] * 20}) == blank
    assert read_state(LAYOUT, state_with("dots"))["parts"] == blank["parts"]


@pytest.mark.parametrize("kind", [k for k in KINDS if "parts" not in layout_of(k)], ids=lambda k: k.KEY)
def test_a_layout_without_parts_has_states_without_them(kind):
    layout = layout_of(kind)
    size = layout["default_size"]
    blank = blank_state(layout, size["rows"], size["cols"])
    assert "parts" not in blank and read_state(layout, blank) == blank
    assert read_state(layout, blank | {"parts": {}}) == blank
    with pytest.raises(RequestError, match="'state' parts has no key 'cages' \\(this kind has none\\)"):
        read_state(layout, blank | {"parts": {"cages": []}})
    for example in kind.EXAMPLES:
        assert "parts" not in kind.to_state(kind.parse(example.text, rules=example.rules))


# -- items: good ones, cleaned -------------------------------------------------------------------
@pytest.mark.parametrize("key,item,clean", [
    ("cages", {"name": "cage", "cells": [[1, 1], [0, 0]], "value": ""}, {"name": "cage", "cells": [[1, 1], [0, 0]]}),
    ("cages", {"name": "cage", "cells": [[3, 4]], "value": "17"}, {"name": "cage", "cells": [[3, 4]], "value": "17"}),
    ("cages", {"name": "clone", "cells": [[0, 0], [0, 1]], "more": [[0, 1], [0, 2]]},
     {"name": "clone", "cells": [[0, 0], [0, 1]], "more": [[0, 1], [0, 2]]}),
    ("lines", {"name": "thermo", "cells": [[0, 0], [1, 1], [1, 2]], "more": []},
     {"name": "thermo", "cells": [[0, 0], [1, 1], [1, 2]]}),
    ("lines", {"name": "arrow", "cells": [[0, 0], [0, 1]], "more": [[1, 2], [2, 2]]},
     {"name": "arrow", "cells": [[0, 0], [0, 1]], "more": [[1, 2], [2, 2]]}),
    ("dots", {"name": "x", "cells": [[1, 1], [0, 1]]}, {"name": "x", "cells": [[0, 1], [1, 1]]}),
    ("dots", {"name": "quad", "cells": [[3, 4], [2, 3], [2, 4], [3, 3]], "value": "12A"},
     {"name": "quad", "cells": [[2, 3], [2, 4], [3, 3], [3, 4]], "value": "12A"}),
    ("outside", {"name": "sum", "cells": [[-1, 4]], "value": "0"}, {"name": "sum", "cells": [[-1, 4]], "value": "0"}),
    ("outside", {"name": "sum", "cells": [[3, 5]], "value": "12"}, {"name": "sum", "cells": [[3, 5]], "value": "12"}),
    ("outside", {"name": "diagonal", "cells": [[4, -1]], "value": "9", "direction": "UR"},
     {"name": "diagonal", "cells": [[4, -1]], "value": "9", "direction": "UR"}),
    ("shapes", {"name": "odd", "cells": [[2, 2], [0, 4]]}, {"name": "odd", "cells": [[2, 2], [0, 4]]}),
])
def test_a_good_item_is_read_clean(key, item, clean):
    assert read_state(LAYOUT, state_with(key, item))["parts"][key] == [clean]


# -- items: bad ones, refused where they are -------------------------------------------------------
BAD = [
    ("cages", "nothing", "must be an object with name and cells, not a string", None),
    ("cages", {"name": "cage", "cells": [[0, 0]], "colour": "red"}, "has no field 'colour'", None),
    ("cages", {"name": "killer", "cells": [[0, 0]]}, "'killer' is not one of cage, clone", None),
    ("cages", {"name": "cage", "cells": []}, "(cage): cells must be a list of [r, c] cells, not an empty list", None),
    ("cages", {"name": "cage", "cells": [[0, 0], [0, "1"]]}, "cells[1] is [0, '1'], not [r, c]", None),
    ("cages", {"name": "cage", "cells": [[0, 0], [4, 0]]}, "cells: r5c1 is outside the 4×5 grid", [[0, 0], [4, 0]]),
    ("cages", {"name": "cage", "cells": [[0, 0], [0, 0]]}, "cells: r1c1 is named twice", [[0, 0], [0, 0]]),
    ("cages", {"name": "cage", "cells": [[0, 0]], "value": "x"}, "its value 'x' is not a whole number", [[0, 0]]),
    ("cages", {"name": "cage", "cells": [[0, 0]], "value": 17}, "its value must be a string, not a number", [[0, 0]]),
    ("cages", {"name": "clone", "cells": [[0, 0]], "more": [[1, 1], [1, 2]]}, "its copy has 2 cells; the shape has 1",
     [[0, 0]]),
    ("lines", {"name": "thermo", "cells": [[0, 0]]}, "(thermo): has 1 cell; it takes at least 2", [[0, 0]]),
    ("lines", {"name": "thermo", "cells": [[0, 0], [0, 2]]}, "the line jumps from r1c1 to r1c3", [[0, 0], [0, 2]]),
    ("lines", {"name": "thermo", "cells": [[0, 0], [0, 1]], "value": "3"}, "takes no value (got '3')",
     [[0, 0], [0, 1]]),
    ("lines", {"name": "arrow", "cells": [[0, 0]]}, "needs its line (more)", [[0, 0]]),
    ("lines", {"name": "arrow", "cells": [[0, 0]], "more": [[2, 2]]}, "its line starts at r3c3, not next to its cells",
     [[0, 0]]),
    ("lines", {"name": "arrow", "cells": [[0, 0]], "more": [[0, 1], [0, 0]]}, "its line crosses its own cells",
     [[0, 0]]),
    ("lines", {"name": "arrow", "cells": [[0, 0], [0, 1], [0, 2], [0, 3]], "more": [[1, 1]]},
     "has 4 cells; it takes 1 to 3", [[0, 0], [0, 1], [0, 2], [0, 3]]),
    ("lines", {"name": "renban", "cells": [[0, 0], [0, 1]], "more": [[1, 1]]}, "takes no more cells", [[0, 0], [0, 1]]),
    ("dots", {"name": "x", "cells": [[0, 0], [1, 1]]}, "r1c1 and r2c2 are not side by side", [[0, 0], [1, 1]]),
    ("dots", {"name": "x", "cells": [[0, 0], [0, 1], [1, 0]]}, "has 3 cells; it takes 2", [[0, 0], [0, 1], [1, 0]]),
    ("dots", {"name": "quad", "cells": [[0, 0], [0, 1], [1, 1], [1, 2]], "value": "1"},
     "the cells from r1c1 are not a 2×2 block", [[0, 0], [0, 1], [1, 1], [1, 2]]),
    ("dots", {"name": "quad", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]]}, "(quad): needs a value",
     [[0, 0], [0, 1], [1, 0], [1, 1]]),
    ("dots", {"name": "quad", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "value": "1 2"},
     "its value '1 2' is not digits", [[0, 0], [0, 1], [1, 0], [1, 1]]),
    ("dots", {"name": "white", "cells": [[3, 4], [3, 5]]}, "r4c6 is outside the 4×5 grid", [[3, 4], [3, 5]]),
    ("outside", {"name": "sum", "cells": [[0, 0]], "value": "1"}, "r1c1 is not just outside the 4×5 grid", [[0, 0]]),
    ("outside", {"name": "sum", "cells": [[-1, -1]], "value": "1"}, "r0c0 is not just outside", [[-1, -1]]),
    ("outside", {"name": "sum", "cells": [[-1, 0]]}, "(sum): needs a value", [[-1, 0]]),
    ("outside", {"name": "sum", "cells": [[-1, 0]], "value": "1", "direction": "DR"}, "takes no direction", [[-1, 0]]),
    ("outside", {"name": "diagonal", "cells": [[-1, 0]], "value": "1"}, "needs a direction (one of UL, UR, DL, DR)",
     [[-1, 0]]),
    ("outside", {"name": "diagonal", "cells": [[-1, 0]], "value": "1", "direction": ["DR"]},
     "needs a direction (one of UL, UR, DL, DR), not ['DR']", [[-1, 0]]),
    ("outside", {"name": "diagonal", "cells": [[-1, 0]], "value": "1", "direction": "DL"},
     "the diagonal DL from r0c1 misses the grid", [[-1, 0]]),
    ("outside", {"name": "diagonal", "cells": [[-1, 0], [-1, 1]], "value": "1", "direction": "DR"},
     "has 2 cells; it takes 1", [[-1, 0], [-1, 1]]),
    ("shapes", {"name": "odd", "cells": [[0, 0], [9, 9]]}, "cells: r10c10 is outside the 4×5 grid", [[0, 0], [9, 9]]),
]


@pytest.mark.parametrize("key,item,message,cells", BAD, ids=[f"{b[0]}-{b[2][:30]}" for b in BAD])
def test_a_bad_item_is_refused_at_its_part_and_index(key, item, message, cells):
    good = {"cages": {"name": "cage", "cells": [[3, 3]]}, "lines": {"name": "renban", "cells": [[3, 3], [3, 4]]},
            "dots": {"name": "x", "cells": [[3, 3], [3, 4]]},
            "outside": {"name": "sum", "cells": [[4, 0]], "value": "1"},
            "shapes": {"name": "odd", "cells": [[3, 3]]}}[key]
    with pytest.raises(RequestError) as info:
        read_state(LAYOUT, state_with(key, good, item))
    assert message in info.value.message and info.value.message.startswith(f"'state' parts.{key} item 2")
    expected = {"field": "state", "part": key, "index": 1} | ({"cells": cells} if cells else {})
    assert info.value.where == expected


def test_a_part_that_is_not_a_list_or_too_long_is_refused_at_the_part():
    with pytest.raises(RequestError, match="parts.dots must be a list of items, not an object") as info:
        read_state(LAYOUT, {"rows": ROWS, "cols": COLS, "cells": [""] * 20, "parts": {"dots": {}}})
    assert info.value.where == {"field": "state", "part": "dots"}
    with pytest.raises(RequestError, match="parts has no key 'marks' \\(its keys: cages, lines, dots"):
        read_state(LAYOUT, {"rows": ROWS, "cols": COLS, "cells": [""] * 20, "parts": {"marks": []}})
    with pytest.raises(RequestError, match="parts.shapes has 2,001 items; the limit is 2,000"):
        read_state(LAYOUT, state_with("shapes", *[{"name": "odd", "cells": [[0, 0]]}] * 2001))
    with pytest.raises(RequestError, match="cells has 1,001 cells; the limit is 1,000"):
        read_state(LAYOUT, state_with("shapes", {"name": "odd", "cells": [[0, 0]] * 1001}))


def test_the_api_answers_a_bad_item_with_its_location():
    thermo = {"name": "thermo", "cells": [[0, 0], [2, 2]]}
    state = {"rows": 4, "cols": 4, "cells": [""] * 16, "parts": {"lines": [thermo]}}
    error = api.handle({"op": "parse", "kind": "sudoku", "state": state})["error"]
    assert error["where"] == {"field": "state", "part": "lines", "index": 0, "cells": [[0, 0], [2, 2]]}
    assert error["message"].startswith("'state' parts.lines item 1 (thermo): the line jumps from r1c1 to r3c3")


# -- symmetry: each type's move ----------------------------------------------------------------------
MOVED = {name: move for move in MOVES for name in [move.name]}


@pytest.mark.parametrize("name,item,moved", [
    ("rotate 90", {"name": "cage", "cells": [[0, 0], [0, 1]]}, {"name": "cage", "cells": [[0, 3], [1, 3]]}),
    ("mirror left-right", {"name": "thermo", "cells": [[0, 0], [1, 1]]}, {"name": "thermo", "cells": [[0, 3], [1, 2]]}),
    ("mirror left-right", {"name": "x", "cells": [[0, 0], [0, 1]]}, {"name": "x", "cells": [[0, 2], [0, 3]]}),
    ("rotate 90", {"name": "quad", "cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "value": "12"},
     {"name": "quad", "cells": [[0, 2], [0, 3], [1, 2], [1, 3]], "value": "12"}),
    ("rotate 90", {"name": "diagonal", "cells": [[-1, 0]], "value": "5", "direction": "DR"},
     {"name": "diagonal", "cells": [[0, 4]], "value": "5", "direction": "DL"}),
    ("transpose", {"name": "sum", "cells": [[2, -1]], "value": "5"}, {"name": "sum", "cells": [[-1, 2]], "value": "5"}),
    ("rotate 180", {"name": "arrow", "cells": [[0, 0]], "more": [[1, 1], [2, 2]]},
     {"name": "arrow", "cells": [[3, 3]], "more": [[2, 2], [1, 1]]}),
    ("mirror top-bottom", {"name": "clone", "cells": [[0, 0]], "more": [[0, 3]]},
     {"name": "clone", "cells": [[3, 0]], "more": [[3, 3]]}),
])
def test_each_type_moves_its_cells_more_and_direction(name, item, moved):
    key = next(part["key"] for part in LAYOUT["parts"] if any(c["name"] == item["name"] for c in part["choices"]))
    assert move_parts(LAYOUT, {key: [item]}, MOVED[name], 4, 4) == {key: [moved]}


def test_items_compare_as_sets_and_reversible_lines_either_way():
    def same(a: dict, b: dict) -> bool:
        return parts_key(LAYOUT, a) == parts_key(LAYOUT, b)

    cage, odd = {"name": "cage", "cells": [[0, 0], [0, 1]]}, {"name": "odd", "cells": [[1, 1]]}
    assert same({"cages": [cage, {"name": "cage", "cells": [[2, 2]]}]},
                {"cages": [{"name": "cage", "cells": [[2, 2]]}, {"name": "cage", "cells": [[0, 1], [0, 0]]}]})
    assert not same({"cages": [cage]}, {"cages": [cage | {"value": "3"}]})
    assert same({"cages": [cage], "shapes": []}, {"cages": [cage]}) and not same({"shapes": [odd]}, {})
    renban = {"name": "renban", "cells": [[0, 0], [0, 1], [1, 2]]}
    thermo = {"name": "thermo", "cells": [[0, 0], [0, 1], [1, 2]]}
    assert same({"lines": [renban]}, {"lines": [renban | {"cells": renban["cells"][::-1]}]})
    assert not same({"lines": [thermo]}, {"lines": [thermo | {"cells": thermo["cells"][::-1]}]})
    clone = {"name": "clone", "cells": [[0, 0], [0, 1]], "more": [[2, 0], [2, 1]]}
    assert same({"cages": [clone]}, {"cages": [{"name": "clone", "cells": [[2, 1], [2, 0]], "more": [[0, 1], [0, 0]]}]})
    assert not same({"cages": [clone]}, {"cages": [clone | {"more": [[2, 1], [2, 0]]}]})
