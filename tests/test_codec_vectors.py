"""The page's codecs and their Python twins hold to the same test vectors (tests/data/, written by
tests/data/record_codec_vectors.py): share-link payloads (gridlogic.codecs.page, web/codecs/statelink.js)
and play states with their links (gridlogic.layout.play, web/codecs/play.js). Python is checked here; the
JS codecs run on the same files under Node (tests/node/codec_vectors.mjs)."""

from __future__ import annotations

import base64
import json
import subprocess

import pytest
from test_statelink_cross import normal

from conftest import ROOT
from gridlogic.errors import RequestError
from gridlogic.layout.play import STATE_KEYS, read_play
from gridlogic.codecs.page import decode_about, decode_state, encode_about, encode_state

DATA = ROOT / "tests" / "data"
LINKS = json.loads((DATA / "statelink_vectors.json").read_text(encoding="utf-8"))
PLAY = json.loads((DATA / "play_vectors.json").read_text(encoding="utf-8"))
SCRIPT = ROOT / "tests" / "node" / "codec_vectors.mjs"


@pytest.mark.parametrize("case", LINKS["encode"], ids=lambda c: c["name"])
def test_python_writes_and_reads_each_payload(case):
    layout = LINKS["layouts"][case["layout"]]
    assert encode_state(layout, case["state"]) == case["payload"]
    assert decode_state(layout, case["payload"]) == case.get("decoded", normal(layout, case["state"]))


def test_python_reads_each_damaged_old_or_junk_payload():
    for case in LINKS["decode"]:
        assert decode_state(LINKS["layouts"][case["layout"]], case["payload"]) == case["decoded"], case["payload"]
    assert sum(case["decoded"] is None for case in LINKS["decode"]) > len(LINKS["decode"]) / 2


def test_python_writes_and_reads_what_a_link_says_of_its_puzzle():
    for case in LINKS["about"]:
        if "about" in case:
            assert encode_about(case["about"]) == case["segment"]
            assert case["segment"] == "" or case["read"] == {k: (case["about"].get(k) or "").strip() or None
                                                              for k in ("title", "author", "rules_text")}
        assert decode_about(case["segment"]) == case["read"], case["segment"]
    assert sum(case["read"] is None for case in LINKS["about"]) >= 6


def accepted(layout, state, part, item) -> bool:
    try:
        read_play(layout, state, {part: [item]})
    except RequestError:
        return False
    return True


@pytest.mark.parametrize("case", PLAY["states"], ids=lambda c: c["name"])
def test_python_accepts_what_the_page_keeps_of_a_play_state(case):
    """What is kept of each part: the items Python accepts one by one (the first rows×cols), the last
    for a cell winning, marks sorted without repeats, in reading order; and the whole is accepted."""
    layout, state = PLAY["layouts"][case["layout"]], case["state"]
    read_play(layout, state, case["kept"])
    for part in STATE_KEYS:
        kept = {}
        for item in case["given"][part][:state["rows"] * state["cols"]]:
            if accepted(layout, state, part, item):
                kept[item[0], item[1]] = sorted(set(item[2])) if isinstance(item[2], list) else item[2]
        assert case["kept"].get(part, []) == [[r, c, kept[r, c]] for r, c in sorted(kept)], part


def read_link(link):
    body = link[len("p1."):]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def test_a_play_link_is_the_base64url_of_its_json():
    for case in PLAY["states"]:
        assert case["link"].startswith("p1.") and "=" not in case["link"]
        assert read_link(case["link"]) == case["kept"]
    assert sum(case["read"] is not None for case in PLAY["links"]) >= 2          # junk that is JSON of an object


def test_the_page_holds_to_the_same_vectors(node):
    done = subprocess.run([node, str(SCRIPT), str(DATA / "statelink_vectors.json"), str(DATA / "play_vectors.json")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"statelink: {len(LINKS['encode'])} payloads" in done.stdout
    assert f"about: {len(LINKS['about'])} segments" in done.stdout
    assert f"play: {len(PLAY['states'])} play states" in done.stdout
