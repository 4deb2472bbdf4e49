"""The lattice part (gridlogic/layout/lattice.py) and its JS twin (web/editor/parts/lattice.js): the
part's schema, a state's value checked with located refusals, its moves under the grid's symmetries,
its share-link section (the shared vectors in tests/data/lattice_vectors.json, whole links, and random
values written and read the same by both twins under Node), the player's marks in a play state, and
lattice marks on the Board."""

from __future__ import annotations

import copy
import json
import random
import subprocess

import pytest

from conftest import ROOT
from gridlogic.errors import RequestError
from gridlogic.layout import LayoutError, blank_state, check_layout, move_parts, parts_key, read_state
from gridlogic.layout.lattice import LOOKS, places, read_marks, write_marks
from gridlogic.codecs.page import check, decode_state, encode_state
from gridlogic.model import Board
from gridlogic.layout.play import read_play
from gridlogic.symmetry import MOVES

SCRIPT = ROOT / "tests" / "node" / "lattice_part.mjs"
VECTORS = json.loads((ROOT / "tests" / "data" / "lattice_vectors.json").read_text())
PARTS = VECTORS["parts"]


def layout_with(*parts: dict, **more) -> dict:
    """A free-size layout (1..20 each way) holding `parts`."""
    return {"sizes": [{"rows": 3, "cols": 4, "label": "3×4"}], "default_size": {"rows": 3, "cols": 4},
            "max_size": {"rows": 20, "cols": 20}, "free_size": True, "cell": {"symbols": "0123"},
            "parts": list(parts), **more}


def state_of(rows: int, cols: int, parts: dict) -> dict:
    return {"rows": rows, "cols": cols, "cells": [""] * (rows * cols), "parts": parts}


# -- the layout ------------------------------------------------------------------------------------
def test_every_part_of_the_vectors_is_a_good_layout_part_and_blank_is_no_mark():
    for part in PARTS.values():
        layout = layout_with(part)
        check_layout(layout)
        assert blank_state(layout, 2, 3)["parts"] == {part["key"]: {}}
        assert read_state(layout, {"rows": 2, "cols": 3, "cells": [""] * 6})["parts"] == {part["key"]: {}}
    assert {c["look"] for c in PARTS["all"]["choices"]} == set(LOOKS)


@pytest.mark.parametrize("change,message", [
    (lambda p: p["choices"][0].update(value="number"), "a lattice mark takes none"),
    (lambda p: p["choices"][0].update(min_cells=2), "min_cells: a lattice mark has none"),
    (lambda p: p["choices"][1].update(letter="X"), "letter: a lattice mark has none"),
    (lambda p: p["choices"][1].update(look="border"), "takes each look once"),
    (lambda p: p["choices"][1].update(look="thermo"), "look 'thermo' is not one of line, border, cross, shade, dot"),
    (lambda p: p["choices"][0].update(more="line"), "more 'line' is not one of"),
])
def test_a_broken_lattice_part_is_named(change, message):
    part = copy.deepcopy(PARTS["slither"])
    change(part)
    with pytest.raises(LayoutError) as info:
        check_layout(layout_with(part))
    assert message in str(info.value)


# -- a state's value -------------------------------------------------------------------------------
@pytest.mark.parametrize("case", VECTORS["values"], ids=lambda c: f"{c['part']}-{json.dumps(c['value'])}")
def test_a_value_is_read_clean_or_refused_as_the_vectors_say(case):
    part = PARTS[case["part"]]
    state = state_of(case["rows"], case["cols"], {part["key"]: copy.deepcopy(case["value"])})
    if case["clean"] is None:
        with pytest.raises(RequestError) as info:
            read_state(layout_with(part), state)
        assert info.value.where["field"] == "state" and info.value.where["part"] == part["key"]
    else:
        assert read_state(layout_with(part), state)["parts"][part["key"]] == case["clean"]


@pytest.mark.parametrize("part,value,message,where", [
    ("masyu", {"line": [[1, 2], [1, 0]]}, "'state' parts.loop.line at r1c0.5: no line sits there (a line sits on an "
     "edge between two cells of the 2×2 grid)", {"name": "line", "point": [1, 0], "cells": [[0, 0]]}),
    ("slither", {"edge": [[2, 3]], "x": [[2, 3]]}, "'state' parts.loop.x at r1.5c2: a cross and a border cannot share "
     "one place", {"name": "x", "point": [2, 3], "cells": [[0, 1], [1, 1]]}),
    ("nurikabe", {"white": [[2, 2]]}, "'state' parts.cells.white at r1.5c1.5: no dot sits there",
     {"name": "white", "point": [2, 2], "cells": [[0, 0], [0, 1], [1, 0], [1, 1]]}),
    ("nurikabe", {"grey": [[1, 1]]}, "'state' parts.cells has no mark 'grey' (its marks: black, white)", {}),
    ("slither", {"edge": [[0, 1]] * 2}, "'state' parts.loop.edge at r0.5c1: named twice",
     {"name": "edge", "point": [0, 1], "cells": [[0, 0]]}),
])
def test_a_bad_mark_is_refused_at_its_place(part, value, message, where):
    entry = PARTS[part]
    with pytest.raises(RequestError) as info:
        read_state(layout_with(entry), state_of(2, 2, {entry["key"]: value}))
    assert str(info.value).startswith(message)
    assert info.value.where == {"field": "state", "part": entry["key"], **where}


def test_a_huge_value_is_refused_quickly():
    entry = PARTS["slither"]
    with pytest.raises(RequestError, match="must be a list of at most 25 "):
        read_state(layout_with(entry), state_of(2, 2, {"loop": {"edge": [[0, 1]] * 10 ** 6}}))


# -- symmetry --------------------------------------------------------------------------------------
def test_marks_move_with_the_grid_and_come_back():
    entry = PARTS["all"]
    layout = layout_with(entry)
    value = {"line": [[1, 2]], "border": [[0, 1], [1, 0]], "cross": [[2, 1]], "shade": [[1, 1]], "dot": [[5, 7]]}
    for move in MOVES:
        moved = move_parts(layout, {"marks": value}, move, 3, 4)
        rows, cols = (4, 3) if move.swap else (3, 4)
        assert read_state(layout, state_of(rows, cols, moved))["parts"] == moved      # still where marks sit
        back, rows, cols = {"marks": value}, 3, 4
        for _ in range(4):                                                           # every move's order divides 4
            back = move_parts(layout, back, move, rows, cols)
            rows, cols = (cols, rows) if move.swap else (rows, cols)
        assert back == {"marks": value}, move.name
    turn = next(m for m in MOVES if m.name == "rotate 90")
    # The left border of r1c1 turns into the top border of the top right cell; r1c1's shade into it.
    assert move_parts(layout, {"marks": {"border": [[1, 0]], "shade": [[1, 1]]}}, turn, 3, 4) == \
        {"marks": {"border": [[0, 5]], "shade": [[1, 5]]}}


def test_marks_compare_whatever_their_order():
    layout = layout_with(PARTS["slither"])
    either = [parts_key(layout, {"loop": {"edge": edges}}) for edges in ([[0, 1], [1, 0]], [[1, 0], [0, 1]])]
    assert either[0] == either[1]
    assert parts_key(layout, {"loop": {}}) == parts_key(layout, {})
    assert parts_key(layout, {"loop": {"edge": [[0, 1]]}}) != parts_key(layout, {"loop": {"x": [[0, 1]]}})


# -- share links -----------------------------------------------------------------------------------
def test_the_vectors_write_and_read_as_they_say():
    for case in VECTORS["codec"]:
        part = PARTS[case["part"]]
        assert write_marks(part, case["value"], case["rows"], case["cols"]) == case["text"]
        assert read_marks(part, case["text"], case["rows"], case["cols"]) == case["value"]
    for case in VECTORS["damaged"]:
        assert read_marks(PARTS[case["part"]], case["text"], case["rows"], case["cols"]) is None, case
    for case in VECTORS["left_out"]:
        assert write_marks(PARTS[case["part"]], case["value"], case["rows"], case["cols"]) == case["text"]


def test_a_bitmap_runs_over_the_places_of_its_look():
    rows, cols = 3, 4
    assert len(places("shade", rows, cols)) == len(places("dot", rows, cols)) == rows * cols
    edges = rows * (cols + 1) + (rows + 1) * cols
    assert len(places("border", rows, cols)) == len(places("cross", rows, cols)) == edges
    assert len(places("line", rows, cols)) == rows * (cols - 1) + (rows - 1) * cols
    assert places("line", rows, cols)[:2] == [(1, 2), (1, 4)]


def test_a_state_with_marks_round_trips_through_a_share_link():
    shapes = {"key": "shapes", "type": "shape", "label": "Shapes",
              "choices": [{"name": "odd", "label": "Odd", "value": "none", "look": "circle"}]}
    layout = layout_with(PARTS["all"], shapes)
    marks = {"shade": [[5, 7]], "line": [[1, 2]], "cross": [[2, 1]]}
    state = read_state(layout, {"rows": 3, "cols": 4, "cells": ["1"] + [""] * 11,
                                "parts": {"marks": marks, "shapes": [{"name": "odd", "cells": [[0, 0]]}]}})
    link = encode_state(layout, state)
    assert link.startswith("v3.3x4.1k~aGc01d008~a11~")
    assert decode_state(layout, link) == state
    blank = blank_state(layout, 3, 4)
    assert decode_state(layout, encode_state(layout, blank)) == blank
    body = link[3:-2]
    for damaged in (body.replace("aG", "aW"), body.replace("~a11~", "~a11"), body.replace("aGc", "cGa")):
        assert decode_state(layout, "v3." + damaged + check(damaged)) is None, damaged


def random_value(rnd: random.Random, part: dict, rows: int, cols: int) -> dict:
    """Marks of a part: mostly where they sit, now and then anywhere (outside, twice, clashing)."""
    value = {}
    for choice in part["choices"]:
        spots = places(choice["look"], rows, cols)
        if rnd.random() < 0.3 or not spots:
            continue
        points = [list(p) for p in rnd.sample(spots, rnd.randint(1, min(len(spots), 12)))]
        if rnd.random() < 0.2:
            points.append(rnd.choice([[-1, 0], [0, 0], [2 * rows + 1, 1], points[0], [1, 1], [0, 1]]))
        value[choice["name"]] = points
    return value


@pytest.mark.parametrize("seed", [1, 2])
def test_both_twins_write_read_and_keep_the_same(node, tmp_path, seed):
    rnd = random.Random(seed)
    cases = []
    for _ in range(120):
        part = PARTS[rnd.choice(sorted(PARTS))]
        rows, cols = rnd.randint(1, 12), rnd.randint(1, 12)
        cases.append({"part": part, "rows": rows, "cols": cols, "value": random_value(rnd, part, rows, cols)})
    path = tmp_path / "cases.json"
    path.write_text(json.dumps({"cases": cases}))
    done = subprocess.run([node, str(SCRIPT), str(path)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(cases)
    refused = 0
    for case, js in zip(cases, answers):
        part, rows, cols = case["part"], case["rows"], case["cols"]
        text = write_marks(part, case["value"], rows, cols)
        assert js["text"] == text, case
        assert js["back"] == read_marks(part, text, rows, cols)
        layout = layout_with(part)
        try:
            value = copy.deepcopy(case["value"])
            clean = read_state(layout, state_of(rows, cols, {part["key"]: value}))["parts"][part["key"]]
        except RequestError:
            clean = None
            refused += 1
        assert js["canonical"] == clean, case
        kept = read_state(layout, state_of(rows, cols, {part["key"]: js["kept"]}))["parts"][part["key"]]
        assert kept == js["kept"] and (clean is None or kept == clean)   # what a saved play keeps, Python takes
    assert 10 < refused < 110                                            # both kinds of case were met


def test_the_shared_vectors_hold_in_javascript(node):
    done = subprocess.run([node, str(SCRIPT)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-3000:]


# -- play --------------------------------------------------------------------------------------------
def test_the_player_marks_the_lattice_part_the_play_rule_names():
    layout = layout_with(PARTS["slither"], play={"lattice": "loop"})
    check_layout(layout)
    state = state_of(2, 2, {"loop": {"edge": [[0, 1]]}})
    good = {"lattice": {"edge": [[1, 0]], "x": [[4, 3]]}, "colours": [[0, 0, 3]]}
    assert read_play(layout, state, good) is good
    with pytest.raises(RequestError) as info:
        read_play(layout, state, {"lattice": {"edge": [[1, 1]]}})
    assert str(info.value).startswith("'play' lattice.edge at r1c1: no border sits there")
    assert info.value.where == {"field": "play", "name": "edge", "point": [1, 1], "cells": [[0, 0]]}
    with pytest.raises(RequestError, match="'play.entries' at r1c1 holds 1, which it cannot"):
        read_play(layout, state, {"entries": [[0, 0, 1]]})                  # no cell takes an entry
    digits = layout_with(PARTS["nurikabe"], play={"values": [1, 9], "on": "empty"})
    with pytest.raises(RequestError, match="this kind takes no marks on the lattice"):
        read_play(digits, state_of(2, 2, {}), {"lattice": {"black": [[1, 1]]}})


@pytest.mark.parametrize("play,message", [
    ({"lattice": "nowhere"}, "lattice 'nowhere' is not a lattice part's key"),
    ({"lattice": "loop", "values": [1, 3]}, "values and on come together"),
    ({"values": [1, 3]}, "on None is not 'empty' or 'all'"),
])
def test_a_broken_play_rule_with_a_lattice_is_named(play, message):
    with pytest.raises(LayoutError, match=message):
        check_layout(layout_with(PARTS["slither"], play=play))


# -- the Board ---------------------------------------------------------------------------------------
def test_the_board_carries_lattice_marks_only_when_it_has_some():
    cells = ({"r": 0, "c": 0, "text": "3", "role": "given"},)
    assert "lattice_marks" not in Board(1, 1, cells).to_json()
    assert "lattice_marks" not in Board(1, 1, cells, {}, {"border": []}).to_json()
    board = Board(1, 1, cells, {"note": 1}, {"border": [(0, 1), (1, 0), (1, 2), (2, 1)], "cross": []}).to_json()
    assert board == {"rows": 1, "cols": 1, "cells": list(cells), "note": 1,
                     "lattice_marks": {"border": [[0, 1], [1, 0], [1, 2], [2, 1]]}}
    json.dumps(board)
