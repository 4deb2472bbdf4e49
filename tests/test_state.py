"""Editing states, for every kind and example: to_state gives a state the door (layout.read_state)
takes as it is, from_state reads it back to the same puzzle, the API answers a state as it answers
the text, and a blank grid of every size in the layout's menu is a puzzle or a located error."""

from __future__ import annotations

import json
import time

import pytest

from fuzz_strategies import location_problems
from gridlogic import api
from gridlogic.errors import PuzzleError, PuzzleRuleError, PuzzleSyntaxError, RequestError
from gridlogic.kinds import KINDS
from gridlogic.contract import layout_of
from gridlogic.layout import SIDES, blank_state, read_state

EXAMPLES = [pytest.param(kind, example, id=f"{kind.KEY}-{example.name}") for kind in KINDS for example in kind.EXAMPLES]
SIZES = [pytest.param(kind, size["rows"], size["cols"], id=f"{kind.KEY}-{size['rows']}x{size['cols']}")
         for kind in KINDS for size in layout_of(kind)["sizes"]]


@pytest.mark.parametrize("kind,example", EXAMPLES)
def test_to_state_passes_the_door_unchanged(kind, example):
    state = kind.to_state(kind.parse(example.text, rules=example.rules))
    json.dumps(state)
    assert read_state(layout_of(kind), state) == state


@pytest.mark.parametrize("kind,example", EXAMPLES)
def test_from_state_round_trips(kind, example):
    puzzle = kind.parse(example.text, rules=example.rules)
    state = read_state(layout_of(kind), kind.to_state(puzzle))
    again = kind.from_state(state, rules=example.rules)
    assert again == puzzle
    assert kind.to_state(again) == state
    assert kind.format(again) == kind.format(puzzle)


@pytest.mark.parametrize("kind,example", EXAMPLES)
def test_the_api_answers_a_state_as_it_answers_the_text(kind, example):
    text = {"kind": kind.KEY, "text": example.text, "rules": list(example.rules)}
    parsed = api.handle({"op": "parse", **text})["result"]
    state = {"kind": kind.KEY, "state": parsed["state"], "rules": list(example.rules)}
    assert api.handle({"op": "parse", **state})["result"] == parsed
    by_text = api.handle({"op": "solve", **text, "render": False, "budget_ms": 60_000})["result"]
    by_state = api.handle({"op": "solve", **state, "render": False, "budget_ms": 60_000})["result"]
    assert by_state["status"] == by_text["status"]
    if by_state["status"] in ("unique", "none"):        # several solutions may come in another order
        assert by_state["solutions"] == by_text["solutions"]
    if example.count is not None:
        assert by_state["status"] == {0: "none", 1: "unique"}.get(example.count, "multiple")
    for solution in by_state["solutions"]:
        checked = api.handle({"op": "check", **state, "solution": solution})["result"]
        assert checked["ok"], checked


@pytest.mark.parametrize("kind,rows,cols", SIZES)
def test_a_blank_grid_of_every_menu_size_is_a_puzzle_or_a_located_error(kind, rows, cols):
    layout = layout_of(kind)
    state = blank_state(layout, rows, cols)
    assert read_state(layout, state) == state
    inner = layout["cell"].get("blank_cell", "")
    border = layout["cell"].get("blank_border", inner)
    assert all(v == (border if r == 0 or c == 0 else inner) for (r, c), v in
               (((i // cols, i % cols), v) for i, v in enumerate(state["cells"])))
    for edge in layout.get("edges", []):
        assert len(state["edges"][edge["key"]]) == (rows if SIDES[edge["side"]] == "rows" else cols)
    try:
        puzzle = kind.from_state(state)
    except PuzzleError as exc:
        assert isinstance(exc, (PuzzleSyntaxError, PuzzleRuleError)), exc
        assert exc.message and len(exc.message) < 300
        assert not location_problems(layout, state, exc.where), exc.where
    else:
        kind.format(puzzle)
        kind.render(puzzle).to_json()
    response = api.handle({"op": "parse", "kind": kind.KEY, "state": state})
    assert response["ok"] or response["error"]["type"] in ("PuzzleSyntaxError", "PuzzleRuleError"), response


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_missing_edges_marks_and_extras_are_filled_blank(kind):
    layout = layout_of(kind)
    size = layout["default_size"]
    blank = blank_state(layout, size["rows"], size["cols"])
    assert read_state(layout, {"rows": size["rows"], "cols": size["cols"], "cells": blank["cells"]}) == blank


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_the_door_names_what_is_wrong_with_a_shape(kind):
    layout = layout_of(kind)
    size = layout["default_size"]
    good = blank_state(layout, size["rows"], size["cols"])
    high = layout["max_size"]

    def refused(value, *words, **where):
        with pytest.raises(RequestError) as info:
            read_state(layout, value)
        assert info.value.where.get("field") == "state"
        for word in words:
            assert word in info.value.message, info.value.message
        for key, want in where.items():
            assert info.value.where.get(key) == want, info.value.where
        assert len(info.value.message) < 300

    refused([good], "must be an object")
    refused({**good, "colour": 1}, "no field 'colour'")
    refused({**good, "rows": high["rows"] + 1}, "rows must be from", str(high["rows"]))
    refused({**good, "cols": "9"}, "cols must be a whole number")
    refused({**good, "cols": True}, "cols must be a whole number")
    refused({**good, "cells": good["cells"] + [""]}, "cells has", f"{size['rows']}×{size['cols']}")
    refused({**good, "cells": "." * len(good["cells"])}, "cells must be a list")
    cells = list(good["cells"])
    cells[-1] = None
    refused({**good, "cells": cells}, "must be a string", r=size["rows"] - 1, c=size["cols"] - 1)
    cells[-1] = "7" * 13
    refused({**good, "cells": cells}, "at most 12 characters", r=size["rows"] - 1, c=size["cols"] - 1)
    refused({**good, "edges": {"nowhere": []}}, "edges has no key 'nowhere'")
    refused({**good, "extras": []}, "extras must be an object")
    for edge in layout.get("edges", []):
        key = edge["key"]
        refused({**good, "edges": {**good["edges"], key: good["edges"][key][:-1]}}, "fields", edge=key)
        long = list(good["edges"][key])
        long[0] = "1" * (edge.get("max_length", 200) + 1)
        refused({**good, "edges": {**good["edges"], key: long}}, "the limit is", edge=key, index=0)
    for extra in layout.get("extras", []):
        key = extra["key"]
        refused({**good, "extras": {key: 5}}, "must be a string", extra=key)
    if "marks" in layout:
        refused({**good, "marks": {"h": ["?"] * len(good["marks"]["h"])}}, "is not a sign", mark="h")
        refused({**good, "marks": {"v": good["marks"]["v"] + [""]}}, "signs", mark="v")
    else:
        refused({**good, "marks": {"h": []}}, "marks has no key 'h'")
    if layout.get("square"):
        refused({**good, "rows": size["rows"] - 1}, "square")


@pytest.mark.parametrize("value", [
    {"rows": 3, "cols": 3, "cells": [[[[[[[[[[[]]]]]]]]]]] * 9},
    {"rows": 3, "cols": 3, "cells": [""] * 10 ** 6},
    {"rows": 10 ** 5000, "cols": 3, "cells": []},
    {"rows": 3.0, "cols": float("inf"), "cells": []},
    {"rows": 3, "cols": 3, "cells": [""] * 9, "edges": {str(i): [] for i in range(10 ** 5)}},
    {str(i): i for i in range(10 ** 5)},
])
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
@pytest.mark.timed
def test_huge_and_deep_values_are_refused_quickly(kind, value):
    start = time.perf_counter()
    with pytest.raises(RequestError) as info:
        read_state(layout_of(kind), value)
    assert time.perf_counter() - start < 0.5
    assert len(info.value.message) < 300
