"""The page's share links (web/codecs/statelink.js) under Node, against the layouts and example states the
`kinds` op gives (what build.py writes into site/kinds.json): examples and random states of every
layout round-trip exactly, damaged payloads decode to null without throwing (tests/node/statelink.mjs).
"""

from __future__ import annotations

import json
import subprocess

import pytest

from conftest import ROOT
from gridlogic import api
from gridlogic.codecs.page import check

SCRIPT = ROOT / "tests" / "node" / "statelink.mjs"


@pytest.fixture(scope="module")
def kinds_json(tmp_path_factory):
    response = api.handle({"op": "kinds"})
    assert response["ok"], response
    path = tmp_path_factory.mktemp("kinds") / "kinds.json"
    path.write_text(json.dumps(response["result"]))
    return path



@pytest.mark.parametrize("seed", [1, 2, 3])
def test_share_links_round_trip_and_refuse_damage(node, kinds_json, seed):
    done = subprocess.run([node, str(SCRIPT), str(kinds_json), str(seed)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    kinds = [k["key"] for k in json.loads(kinds_json.read_text())["kinds"]]
    for key in kinds:
        assert f"{key}: " in done.stdout                    # every kind was tried
    assert "damaged payloads decoded" in done.stdout


def test_a_sudoku_link_stays_readable(node, kinds_json, tmp_path):
    """The classic sudoku's link shows its givens as digits, runs of empty cells as letters."""
    kinds = {k["key"]: k for k in json.loads(kinds_json.read_text())["kinds"]}
    sudoku = kinds["sudoku"]
    state = next(e for e in sudoku["examples"] if e["name"] == "classic")["state"]
    probe = tmp_path / "probe.mjs"
    probe.write_text(f"import {{ encodeState }} from {json.dumps((ROOT / 'web' / 'codecs' / 'statelink.js').as_uri())};\n"
                     f"console.log(encodeState({json.dumps(sudoku['layout'])}, {json.dumps(state)}));\n")
    payload = subprocess.run([node, str(probe)], capture_output=True, text=True, check=True).stdout.strip()
    assert payload.startswith("v3.9x9.")
    body = payload[len("v3.9x9."):-2].rstrip("~")                # (the parts section, when sudoku has parts)
    givens = "".join(v for v in state["cells"] if v)
    assert "".join(ch for ch in body if ch.isdigit()) == givens
    assert len(payload) < 81


def test_a_link_made_before_a_kind_gained_a_field_still_opens(node, kinds_json, tmp_path):
    """A kind that gains an extra field, or parts, keeps its older links: a v2 or v3 link made before
    (no extras section, no parts section) opens with the field and the parts empty, a puzzle that
    leaves the new field empty keeps that same link, and one that fills it round-trips."""
    sudoku = next(k for k in json.loads(kinds_json.read_text())["kinds"] if k["key"] == "sudoku")["layout"]
    layout = {**sudoku, "extras": [{"key": "notes", "label": "Notes"}],
              "parts": [{"key": "shapes", "type": "shape", "label": "Shapes",
                         "choices": [{"name": "odd", "label": "Odd", "value": "none", "look": "circle"}]}]}
    script = tmp_path / "old.mjs"
    script.write_text(f"""
import {{ decodeState, encodeState }} from "{(ROOT / 'web' / 'codecs' / 'statelink.js').as_posix()}";
const layout = {json.dumps(layout)};
const out = {{}};
for (const payload of process.argv.slice(2)) out[payload] = decodeState(layout, payload);
const state = {{ rows: 9, cols: 9, cells: Array(81).fill(""), extras: {{ notes: "killer 3: r1c1 r1c2" }},
                parts: {{ shapes: [{{ name: "odd", cells: [[0, 0]] }}] }} }};
out.filled = decodeState(layout, encodeState(layout, state));
state.extras.notes = "";
state.parts.shapes = [];
out.empty = encodeState(layout, state);
console.log(JSON.stringify(out));
""")
    old = [f"{v}9x9.zl1l2zc{check('9x9.zl1l2zc')}" for v in ("v2.", "v3.")]
    result = json.loads(subprocess.run([node, str(script), *old], check=True, capture_output=True,
                                       text=True).stdout)
    for payload in old:
        opened = result[payload]
        assert opened["extras"] == {"notes": ""} and opened["parts"] == {"shapes": []}
        assert opened["cells"][38] == "1" and opened["cells"].count("") == 79
    assert result["filled"]["extras"] == {"notes": "killer 3: r1c1 r1c2"}
    assert result["filled"]["parts"] == {"shapes": [{"name": "odd", "cells": [[0, 0]]}]}
    assert result["empty"] == f"v3.9x9.zzzc~{check('9x9.zzzc~')}"


def test_the_page_leaves_a_v2_link_with_a_retired_field_to_the_engine(node, kinds_json, tmp_path):
    """A v2 sudoku link whose variant clues are text in the retired `drawn` field holds data the page's
    decoder does not expect: it answers null (and web/page/open.js sends the link to link_import,
    which reads it: test_links_page), while the Python codec, given the field back, reads the text."""
    from test_links_page import DRAWN_V2

    from gridlogic.kinds import get_kind
    from gridlogic.contract import layout_of
    from gridlogic.codecs.page import decode_state

    sudoku = next(k for k in json.loads(kinds_json.read_text())["kinds"] if k["key"] == "sudoku")["layout"]
    assert "drawn" in get_kind("sudoku").RETIRED_EXTRAS
    script = tmp_path / "retired.mjs"
    script.write_text(f"""
import {{ decodeState }} from "{(ROOT / 'web' / 'codecs' / 'statelink.js').as_posix()}";
console.log(JSON.stringify(process.argv.slice(2).map((p) => decodeState({json.dumps(sudoku)}, p))));
""")
    payloads = [payload for _, _, payload in DRAWN_V2]
    result = json.loads(subprocess.run([node, str(script), *payloads], check=True, capture_output=True,
                                       text=True).stdout)
    assert result == [None] * len(payloads)
    older = {**layout_of(get_kind("sudoku")), "extras": [{"key": name} for name in get_kind("sudoku").RETIRED_EXTRAS]}
    for payload in payloads:
        assert len(decode_state(older, payload)["extras"]["drawn"].splitlines()) > 8
