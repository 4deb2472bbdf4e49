"""Record the test vectors the page's codecs share with their Python twins.

    PYTHONPATH=pysrc:tests python3 tests/data/record_codec_vectors.py

Writes tests/data/statelink_vectors.json (share-link payloads: gridlogic/codecs/page.py and
web/codecs/statelink.js) and tests/data/play_vectors.json (play states: gridlogic/layout/play.py and
web/codecs/play.js), each holding the layouts it uses, so a later change of a kind's layout does not
change what the vectors mean. The Python codecs write the expected values; tests/test_codec_vectors.py
holds Python to them, and tests/node/codec_vectors.mjs (run by the same test file) holds JS to them.
Run again only when a format changes on purpose, and say so in the commit.
"""

from __future__ import annotations

import base64
import binascii
import json
import random
from pathlib import Path

from test_statelink_cross import damaged, everything_layout, normal, random_state, resealed, sudoku_layout, wide_layout

from gridlogic import api
from gridlogic.errors import RequestError
from gridlogic.layout.play import STATE_KEYS, read_play, value_range
from gridlogic.codecs.page import decode_about, decode_state, encode_about, encode_state

HERE = Path(__file__).parent
SEED = 28
JUNK = [None, 5, "", "v2.", "v2.9x9.", "v1.9x9.zzzc", "v2.99999x9.zzzcAA", "v2.-1x9.zzzcAA", "v2.🧩", "v3.",
        "v3.9x9.", "v4.9x9.zzzcMU", "v3.🧩"]
WILD = [-1, 0, 1, 2, 9, 10, 36, 99, 100, 1.5, "1", None, [], [1, 2], True]


def small_size(layout: dict, rnd: random.Random) -> tuple[int, int]:
    """One of the layout's sizes up to 9×9, or a free size up to 8×8 (vectors stay small)."""
    sizes = [(s["rows"], s["cols"]) for s in layout["sizes"] if s["rows"] <= 9 and s["cols"] <= 9]
    if sizes and (not layout.get("free_size") or rnd.random() < 0.3):
        return rnd.choice(sizes)
    low = layout.get("min_size") or {"rows": 1, "cols": 1}
    rows = rnd.randint(low["rows"], 8)
    return rows, rows if layout.get("square") else rnd.randint(low["cols"], 8)


def share_links(kinds: list[dict], rnd: random.Random) -> dict:
    """Payloads of every example state and of random states (values the layout allows, and strange
    ones it escapes): each decodes to its state with every part present (else to its `decoded`). Then payloads to decode,
    each with what it decodes to: v2 readings of each kind's first example, damage, resealed damage and junk."""
    layouts = {k["key"]: k["layout"] for k in kinds}
    layouts.update({"sudoku+parts": sudoku_layout(kinds), "wide": wide_layout(), "everything": everything_layout()})
    states = [(k["key"], f"{k['key']} example {e['name']}", e["state"]) for k in kinds for e in k["examples"]]
    firsts = {f"{k['key']} example {k['examples'][0]['name']}" for k in kinds}
    for key, layout in layouts.items():
        for i in range(4):
            strange = i >= 2
            state = random_state(layout, rnd, strange=strange, size=small_size(layout, rnd))
            states.append((key, f"{key} {'strange' if strange else 'random'} {i}", state))
    states.append(("wide", "wide 40x40 (two characters a number)", random_state(layouts["wide"], rnd, size=(40, 40))))
    encode, decode = [], []
    for key, name, state in states:
        payload = encode_state(layouts[key], state)
        case = {"name": name, "layout": key, "state": state, "payload": payload}
        back = decode_state(layouts[key], payload)
        if back != normal(layouts[key], state):
            case["decoded"] = back                   # a strange value written as none (an empty item value)
        encode.append(case)
        bad = damaged(payload, rnd, 1)
        if name in firsts:
            bad.append("v2." + payload[3:])
        bad.append(resealed(damaged(payload, rnd, 1)[1]))
        decode += [{"layout": key, "payload": p, "decoded": decode_state(layouts[key], p)} for p in bad]
    for key in layouts:
        decode += [{"layout": key, "payload": junk, "decoded": decode_state(layouts[key], junk)} for junk in JUNK]
    return {"layouts": layouts, "encode": encode, "decode": decode, "about": about_segments()}


ABOUTS = [{"title": "Killer 1", "author": "Jané Ø", "rules_text": "Normal sudoku rules apply. Cages ~ sums!"},
          {"title": "", "author": "only an author"}, {"title": "  spaced  ", "rules_text": "a/b #c %d"}, {},
          {"rules_text": "\U0001F600 and 中文."}, {"title": "x" * 30, "author": None, "rules_text": "."}]
DAMAGED_ABOUTS = ["i1.", "i1.a~b~c~d", "i1._ZZ", "i1._C3", "i1.a-b", "i2.x", "i1.~~", "i1.a~_E4_B8", "i1._2"]


def about_segments() -> list:
    """What a link says of its puzzle: each title, author and rules text written as its `i1.` segment and
    read back, then damaged segments with what they read as (None)."""
    return ([{"about": x, "segment": encode_about(x), "read": decode_about(encode_about(x))} for x in ABOUTS]
            + [{"segment": x, "read": decode_about(x)} for x in DAMAGED_ABOUTS])


def kept_items(layout: dict, state: dict, part: str, items) -> list:
    """What of a part's items the play state keeps: each item Python's read_play accepts on its own
    (the first rows×cols only), the last one for a cell winning, marks sorted without repeats, in
    reading order."""
    kept = {}
    for item in (items if isinstance(items, list) else [])[:state["rows"] * state["cols"]]:
        try:
            read_play(layout, state, {part: [item]})
        except RequestError:
            continue
        r, c, v = item
        kept[r, c] = sorted(set(v)) if isinstance(v, list) else v
    return [[r, c, kept[r, c]] for r, c in sorted(kept)]


def play_link(play: dict) -> str:
    return "p1." + base64.urlsafe_b64encode(json.dumps(play, separators=(",", ":")).encode()).decode().rstrip("=")


def read_link(text) -> dict | None:
    """A play link read back as web/codecs/play.js reads it: the object its JSON holds, else None."""
    if not isinstance(text, str) or not text.startswith("p1."):
        return None
    body = text[3:]
    if len(body) % 4 == 1:
        return None
    try:
        play = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode())
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return play if isinstance(play, dict) else None


def play_states(kinds: list[dict], rnd: random.Random) -> dict:
    """Around each example of a kind played by hand: play states with good items and bad ones, what
    is kept of them and its link; then links cut short and junk, each with what it reads to."""
    layouts = {k["key"]: k["layout"] for k in kinds if k["layout"].get("play")}
    cases = []
    for kind in kinds:
        layout = kind["layout"]
        if not layout.get("play"):
            continue
        for example in kind["examples"]:
            state = example["state"]
            values = sorted(value_range(layout["play"], layout.get("cell") or {}, state["rows"]))

            def item(part, state=state, values=values):
                r = rnd.randrange(state["rows"]) if rnd.random() < 0.9 else rnd.choice([-1, state["rows"], 1.5])
                c = rnd.randrange(state["cols"]) if rnd.random() < 0.9 else rnd.choice([-1, state["cols"]])
                if part == "entries":
                    v = rnd.choice(values) if rnd.random() < 0.8 else rnd.choice(WILD)
                elif part == "colours":
                    v = rnd.randint(1, 9) if rnd.random() < 0.8 else rnd.choice(WILD)
                else:
                    v = [rnd.choice(values) for _ in range(rnd.randint(0, 4))] if rnd.random() < 0.8 else rnd.choice(WILD)
                return [r, c, v] if rnd.random() < 0.95 else [r, c]

            given = {part: [item(part) for _ in range(rnd.randint(0, 6))] for part in STATE_KEYS}
            kept = {part: items for part in STATE_KEYS if (items := kept_items(layout, state, part, given[part]))}
            read_play(layout, state, kept)
            cases.append({"name": f"{kind['key']} {example['name']}", "layout": kind["key"], "state": state,
                          "given": given, "kept": kept, "link": play_link(kept)})
    links = [case["link"][:n] for case in cases[::4] for n in range(0, len(case["link"]), 5)]
    links += [None, 5, "", "p1.", "p2.e30", "p1.!!!", "p1.e30", "p1.W10", "p1.bnVsbA", "p1.eyJlbnRyaWVzIjpbXX0"]
    return {"layouts": layouts, "states": cases, "links": [{"link": x, "read": read_link(x)} for x in links]}


def dump(data: dict) -> str:
    """JSON with one line per layout and per case, so a change reads as a diff of the cases it touches."""
    line = lambda x: json.dumps(x, separators=(",", ":"))  # noqa: E731
    blocks = []
    for key, value in data.items():
        items = [f"  {line(k)}: {line(v)}" for k, v in value.items()] if isinstance(value, dict) else \
            [f"  {line(v)}" for v in value]
        opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
        blocks.append(f"{line(key)}: {opening}\n" + ",\n".join(items) + f"\n{closing}")
    return "{\n" + ",\n".join(blocks) + "\n}\n"


def main() -> None:
    kinds = api.handle({"op": "kinds"})["result"]["kinds"]
    rnd = random.Random(SEED)
    for name, data in (("statelink_vectors.json", share_links(kinds, rnd)), ("play_vectors.json", play_states(kinds, rnd))):
        text = dump(data)
        assert json.loads(text) == data
        (HERE / name).write_text(text, encoding="utf-8")
        print(f"wrote {name}: {len(text):,} bytes")


if __name__ == "__main__":
    main()
