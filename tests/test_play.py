"""The play state (gridlogic/layout/play.py) and its JS twin (web/codecs/play.js, under Node): every kind's `play`
layout, the located refusals of read_play, and the JS keeping exactly what Python accepts."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from conftest import IN_CI, ROOT
from gridlogic import api
from gridlogic.errors import RequestError
from gridlogic.kinds import KINDS
from gridlogic.contract import layout_of
from gridlogic.layout import LayoutError, check_layout
from gridlogic.layout.play import entries_of, read_play, value_range

SCRIPT = ROOT / "tests" / "node" / "play.mjs"
PARTS = ("entries", "corner", "centre", "colours")


def _example_state(kind):
    example = kind.EXAMPLES[0]
    return kind.to_state(kind.parse(example.text, rules=example.rules))


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_every_kind_is_played_by_hand(kind):
    play = layout_of(kind)["play"]
    state = _example_state(kind)
    if "values" not in play:                      # played on the lattice: marks, no cell entries
        part = next(p for p in layout_of(kind)["parts"] if p["key"] == play["lattice"])
        first = part["choices"][0]["name"]
        good = {"lattice": {first: [[1, 2]]}}
        assert read_play(layout_of(kind), state, good) is good
        with pytest.raises(RequestError):
            read_play(layout_of(kind), state, {"lattice": {first: [[-1, 1]]}})
        frame = {"lattice": {first: [[0, 1]]}}                  # the top side of r1c1, on the grid's frame
        if play.get("inner"):
            with pytest.raises(RequestError, match=r"frame takes no mark"):
                read_play(layout_of(kind), state, frame)
        elif part["choices"][0]["look"] == "border":
            assert read_play(layout_of(kind), state, frame) is frame
        return
    values = value_range(play, layout_of(kind)["cell"], state["rows"])
    assert values
    open_cells = [(i // state["cols"], i % state["cols"]) for i, v in enumerate(state["cells"])
                  if play["on"] == "all" or v == ""]
    assert open_cells, "an example with no cell to play"
    r, c = open_cells[0]
    good = {"entries": [[r, c, min(values)]], "colours": [[r, c, 9]]}
    if play.get("pencil"):
        good["corner"] = [[r, c, sorted(values)[:2]]]
    assert read_play(layout_of(kind), state, good) is good
    assert entries_of(good) == [(r, c, min(values))]


@pytest.mark.parametrize("bad, words", [
    ({"entries": [[0, 0, 5]], "extra": []}, "unknown part"),
    ({"entries": [[9, 0, 5]]}, "inside 9×9"),
    ({"entries": [[0, 4, 5]]}, "r1c5, which is not an open cell"),
    ({"entries": [[0, 0, 10]]}, "r1c1 holds 10"),
    ({"entries": [[0, 0, 5], [0, 0, 6]]}, "one per cell"),
    ({"colours": [[0, 0, 10]]}, "'play.colours' at r1c1"),
    ({"corner": [[0, 0, [1, 12]]]}, "'play.corner' at r1c1"),
    ([], "must be an object"),
])
def test_bad_play_states_are_refused_where_they_are(bad, words):
    from gridlogic.kinds import sudoku

    state = _example_state(sudoku)
    assert state["cells"][4] != "" and state["cells"][0] == ""
    with pytest.raises(RequestError) as caught:
        read_play(layout_of(sudoku), state, bad)
    assert words in str(caught.value) and caught.value.where["field"] == "play"
    assert len(str(caught.value)) <= 300


def test_a_broken_play_layout_is_a_layout_error():
    from gridlogic.kinds import sudoku

    layout = dict(layout_of(sudoku), play={"values": [3, 1], "on": "empty"})
    with pytest.raises(LayoutError, match="values"):
        check_layout(layout)
    with pytest.raises(LayoutError, match="pieces"):
        check_layout(dict(layout_of(sudoku), play={"values": "symbols", "on": "empty", "pieces": "nowhere"}))


def _accepted(layout, state, part, item):
    try:
        read_play(layout, state, {part: [item]})
    except RequestError:
        return False
    return True


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_page_keeps_exactly_what_python_accepts(tmp_path, seed):
    node = shutil.which("node")
    if node is None:
        if IN_CI:
            pytest.fail("node not found")
        pytest.skip("node not found (the play-state tests run under Node)")
    kinds_json = tmp_path / "kinds.json"
    kinds_json.write_text(json.dumps(api.handle({"op": "kinds"})["result"]))
    done = subprocess.run([node, str(SCRIPT), str(kinds_json), str(seed)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    cases = json.loads(done.stdout)
    layouts = {k.KEY: layout_of(k) for k in KINDS}
    assert {case["kind"] for case in cases} == set(layouts)
    for case in cases:
        layout, state = layouts[case["kind"]], case["state"]
        read_play(layout, state, case["kept"])
        for part in PARTS:
            expected = {}
            for item in case["given"][part][:state["rows"] * state["cols"]]:      # the page reads no more
                if isinstance(item, list) and len(item) == 3 and _accepted(layout, state, part, item):
                    r, c, v = item
                    expected[r, c] = sorted(set(v)) if isinstance(v, list) else v
            kept = {(r, c): v for r, c, v in case["kept"].get(part, [])}
            assert kept == expected, (case["kind"], part, case["given"][part])
