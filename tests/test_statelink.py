"""The page's share links (web/statelink.js) under Node, against the layouts and example states the
`kinds` op gives (what build.py writes into site/kinds.json): examples and random states of every
layout round-trip exactly, damaged payloads decode to null without throwing (tests/node/statelink.mjs).
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from conftest import IN_CI, ROOT
from gridlogic import api

SCRIPT = ROOT / "tests" / "node" / "statelink.mjs"


@pytest.fixture(scope="module")
def kinds_json(tmp_path_factory):
    response = api.handle({"op": "kinds"})
    assert response["ok"], response
    path = tmp_path_factory.mktemp("kinds") / "kinds.json"
    path.write_text(json.dumps(response["result"]))
    return path


@pytest.fixture(scope="module")
def node():
    path = shutil.which("node")
    if path is None:
        if IN_CI:
            pytest.fail("node not found")
        pytest.skip("node not found (the share-link tests run under Node)")
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
    probe.write_text(f"import {{ encodeState }} from {json.dumps((ROOT / 'web' / 'statelink.js').as_uri())};\n"
                     f"console.log(encodeState({json.dumps(sudoku['layout'])}, {json.dumps(state)}));\n")
    payload = subprocess.run([node, str(probe)], capture_output=True, text=True, check=True).stdout.strip()
    assert payload.startswith("v2.9x9.")
    body = payload[len("v2.9x9."):-2]
    givens = "".join(v for v in state["cells"] if v)
    assert "".join(ch for ch in body if ch.isdigit()) == givens
    assert len(payload) < 81


def test_a_link_made_before_a_kind_gained_an_extra_field_still_opens(node, kinds_json, tmp_path):
    """Sudoku gained its Variant clues field (an extra): a v2 link made before (no extras section)
    opens with the field empty, a puzzle that leaves it empty keeps that same link, and one that fills
    it round-trips."""
    script = tmp_path / "old.mjs"
    script.write_text(f"""
import {{ readFileSync }} from "node:fs";
import {{ decodeState, encodeState }} from "{(ROOT / 'web' / 'statelink.js').as_posix()}";
const sudoku = JSON.parse(readFileSync(process.argv[2], "utf8")).kinds.find((k) => k.key === "sudoku").layout;
const out = {{}};
for (const payload of process.argv.slice(3)) out[payload] = decodeState(sudoku, payload);
const state = {{ rows: 9, cols: 9, cells: Array(81).fill(""), extras: {{ drawn: "killer 3: r1c1 r1c2" }} }};
out.filled = decodeState(sudoku, encodeState(sudoku, state));
state.extras.drawn = "";
out.empty = encodeState(sudoku, state);
console.log(JSON.stringify(out));
""")
    from test_browser_links import v2
    old = v2("9x9.zl1l2zc")
    result = json.loads(subprocess.run([node, str(script), str(kinds_json), old], check=True, capture_output=True,
                                       text=True).stdout)
    opened = result[old]
    assert opened["extras"] == {"drawn": ""} and opened["cells"][38] == "1" and opened["cells"].count("") == 79
    assert result["filled"]["extras"] == {"drawn": "killer 3: r1c1 r1c2"}
    assert result["empty"] == v2("9x9.zzzc")
