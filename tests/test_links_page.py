"""This page's share links through the engine: `link_export` format "page" (the default) writes
`#kind[,rules]/v3.…` (after `base` when given), and `link_import` reads it back to the same puzzle,
for every kind's examples and for the real variant links of tests/data/variant_links.json. v2 links
open too, and so do v2 sudoku links from when the variant clues travelled as text lines in the
`drawn` extra field (payloads below, made by the page's encoder of that time)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gridlogic import api
from gridlogic.kinds import KINDS, get_kind
from gridlogic.contract import layout_of
from gridlogic.codecs.page import OLD_VERSION, VERSION, check, decode_state, encode_state

VARIANTS = json.loads((Path(__file__).parent / "data" / "variant_links.json").read_text(encoding="utf-8"))["links"]
EXAMPLES = [pytest.param(kind, e, id=f"{kind.KEY}-{e.name}") for kind in KINDS for e in kind.EXAMPLES]
BASE = "https://example.org/gridlogic/index.html"

# v2 share links of sudoku whose variant clues are text lines in the extra field `drawn` (the layout
# then had that one extra): each the variant link named, imported, as the page wrote it.
DRAWN_V2 = [
    ('"Clipped" by glum_hippo: Arrow, Thermo, Givens, King', ["king"],
     "v2.9x9.v6o5a1a4o3vthermo_3A.r6c5.r7c4.r8c3.r8c2_0Athermo_3A.r5c2.r4c3.r3c4.r2c4_0Athermo_3A.r4c5.r3c6.r2c7"
     ".r2c8_0Athermo_3A.r5c8.r6c7.r7c6.r8c6_0Aarrow_3A.r5c4_3B.r4c3.r3c2.r2c2_0Aarrow_3A.r5c6_3B.r6c7.r7c8.r8c8_0A"
     "arrow_3A.r8c5_3B.r7c4.r6c3.r6c2_0Aarrow_3A.r2c5_3B.r3c6.r4c7.r4c8_0Aarrow_3A.r7c3_3B.r8c4.r9c5-MU"),
    ('"Irregular 7x7 Kropki" by tsc (7x7, Irregular Regions, Kropki no negative constraint)', [],
     "v2.7x7.zwregions_3A_0AAAAAAAA_0ABBBBBBB_0ACCCCCCC_0ADDDEFFF_0ADDEEEFF_0ADGEEEGF_0ADGGGGGF_0Awhite_3A.r2c4"
     ".r2c5_0Awhite_3A.r2c6.r2c5_0Awhite_3A.r1c6.r1c7_0Awhite_3A.r5c3.r6c3_0Awhite_3A.r3c1.r4c1_0Awhite_3A.r7c3"
     ".r7c2_0Awhite_3A.r5c4.r6c4_0Awhite_3A.r5c5.r6c5_0Ablack_3A.r1c3.r1c4_0Ablack_3A.r1c6.r1c5_0Ablack_3A.r2c3"
     ".r2c4_0Ablack_3A.r1c2.r2c2_0Ablack_3A.r6c4.r6c5_0Ablack_3A.r4c3.r4c2_0Ablack_3A.r5c7.r4c7-TI"),
    ('"Blitz" by Patrick: Killer (with and without sums), Little Killer, Even, Odd', [],
     "v2.9x9.zzzcodd_3A.r6c6_0Aodd_3A.r2c3_0Aodd_3A.r9c9_0Aeven_3A.r4c2_0Aeven_3A.r1c5_0Akiller_3A.r2c3.r3c3.r4c2"
     ".r4c3.r5c2.r6c1.r6c2.r7c1.r8c1_0Akiller_3A.r2c6.r3c6.r4c5.r4c6.r5c5.r6c4.r6c5.r7c4.r8c4_0Akiller_3A.r2c9"
     ".r3c9.r4c8.r4c9.r5c8.r6c7.r6c8.r7c7.r8c7_0Akiller_3A.r5c9.r6c9.r7c9.r8c6.r8c9.r9c6.r9c7.r9c8.r9c9_0Akiller"
     "_3A.r1c1.r1c2.r1c3.r1c4.r2c1.r2c4.r3c1.r4c1.r5c1_0Akiller_3A.r1c5.r1c6.r1c7.r2c5.r2c7.r3c4.r3c5.r3c7.r4c4_0A"
     "killer_3A.r6c6.r7c3.r7c5.r7c6.r8c3.r8c5.r9c3.r9c4.r9c5_0Akiller.7_3A.r9c1.r9c2_0Akiller.14_3A.r7c2.r8c2_0A"
     "killer.16_3A.r2c2.r3c2_0Akiller.4_3A.r7c8.r8c8_0Akiller.18_3A.r5c3.r5c4.r6c3_0Akiller.8_3A.r4c7.r5c6.r5c7"
     "_0Akiller.11_3A.r1c8.r1c9_0Akiller.12_3A.r2c8.r3c8_0Alittlekiller.17.DL_3A.r0c4_0Alittlekiller.18.DR_3A"
     ".r0c6_0Alittlekiller.23.DR_3A.r4c0-JY"),
]


def ok(request: dict) -> dict:
    response = api.handle(request)
    assert response["ok"], response
    return response["result"]


def refusal(request: dict) -> dict:
    response = api.handle(request)
    assert response["ok"] is False, response
    assert response["error"]["type"] in ("RequestError", "PuzzleSyntaxError"), response
    return response["error"]


def variant(name: str) -> dict:
    return next(link for link in VARIANTS if link["name"] == name)


@pytest.mark.parametrize("kind,example", EXAMPLES)
def test_every_example_round_trips_through_its_page_link(kind, example):
    url = ok({"op": "link_export", "kind": kind.KEY, "text": example.text, "rules": list(example.rules)})["url"]
    payload = url.split("/", 1)[1]
    assert url.startswith(f"#{kind.KEY}") and payload.startswith(VERSION) and "/" not in payload
    back = ok({"op": "link_import", "url": BASE + url})
    expected = kind.parse(example.text, rules=example.rules)
    assert back["kind"] == kind.KEY and back["source"] == "page" and back["rules"] == list(example.rules)
    assert kind.from_state(back["state"], rules=back["rules"]) == expected
    assert back["text"] == kind.format(expected)
    assert decode_state(layout_of(kind), payload) == back["state"]         # the state itself travels
    if not layout_of(kind).get("parts"):                                    # the same body read as v2
        assert ok({"op": "link_import", "url": f"#{kind.KEY}/{OLD_VERSION}{payload[3:]}"})["text"] == back["text"]


@pytest.mark.parametrize("link", VARIANTS, ids=[link["name"][:60] for link in VARIANTS])
def test_real_variant_links_round_trip_through_page_links(link):
    first = ok({"op": "link_import", "url": link["url"]})
    url = ok({"op": "link_export", "kind": "sudoku", "state": first["state"], "rules": first["rules"],
              "format": "page", "base": BASE})["url"]
    assert url.startswith(f"{BASE}#sudoku") and f"/{VERSION}" in url
    again = ok({"op": "link_import", "url": url})
    # the same puzzle as the state imported first, in canonical form (a variant link's regions come
    # numbered as it drew them)
    canonical = ok({"op": "parse", "kind": "sudoku", "state": first["state"], "rules": first["rules"]})
    assert (again["kind"], again["rules"], again["text"], again["state"]) == ("sudoku", first["rules"],
                                                                            canonical["text"], canonical["state"])
    sudoku = get_kind("sudoku")
    assert sudoku.from_state(again["state"], rules=again["rules"]) == sudoku.from_state(first["state"],
                                                                                        rules=first["rules"])


@pytest.mark.parametrize("name,rules,payload", DRAWN_V2, ids=[d[0][:40] for d in DRAWN_V2])
def test_an_old_v2_link_with_drawn_text_opens_with_its_constraints(name, rules, payload):
    expected = ok({"op": "link_import", "url": variant(name)["url"]})
    assert expected["rules"] == rules
    hash_ = ",".join(["sudoku", *rules]) + "/" + payload
    for url in (f"{BASE}#{hash_}", f"#{hash_}", f"{BASE}#{hash_}/p1.abc"):
        got = ok({"op": "link_import", "url": url})
        assert (got["kind"], got["rules"], got["state"]) == ("sudoku", rules, expected["state"])
        assert len(got["text"].splitlines()) > 9                           # its constraints, not the grid alone


@pytest.mark.parametrize("name,rules,payload", DRAWN_V2[:2], ids=[d[0][:40] for d in DRAWN_V2[:2]])
def test_the_retired_drawn_extra_is_read_as_text_when_the_layout_no_longer_has_it(name, rules, payload):
    """The layout no longer has `drawn` (RETIRED_EXTRAS names it): the decoder refuses the payload (data
    left over), and link_import reads the text lines after the grid."""
    sudoku = get_kind("sudoku")
    layout = layout_of(sudoku)
    assert "extras" not in layout and "drawn" in sudoku.RETIRED_EXTRAS
    assert decode_state(layout, payload) is None
    expected = ok({"op": "link_import", "url": variant(name)["url"]})
    got = ok({"op": "link_import", "url": f"{BASE}#{','.join(['sudoku', *rules])}/{payload}"})
    assert (got["state"], got["rules"]) == (expected["state"], rules)
    damaged = payload[:-3] + ("x" if payload[-3] != "x" else "y") + payload[-2:]
    assert "does not read" in refusal({"op": "link_import", "url": f"#sudoku/{damaged}"})["message"]


def test_page_is_the_default_format_and_base_is_optional():
    request = {"op": "link_export", "kind": "sudoku", "text": "1...\n..2.\n.3..\n...4", "rules": ["diagonal"]}
    body = "4x4.1e2b3e4"
    fragment = f"#sudoku,diagonal/{VERSION}{body}{check(body)}"
    if layout_of(get_kind("sudoku")).get("parts"):
        fragment = f"#sudoku,diagonal/{VERSION}{body}~{check(body + '~')}"
    assert ok(request)["url"] == fragment
    assert ok({**request, "format": "page"})["url"] == fragment
    assert ok({**request, "base": BASE + "#an-old-fragment"})["url"] == BASE + fragment
    assert ok({**request, "format": "puzzlink", "rules": []})["url"].startswith("https://puzz.link/p?sudoku/4/4/")
    error = refusal({**request, "format": "puzzlink", "base": BASE})
    assert error["where"]["field"] == "base"
    assert refusal({**request, "base": 5})["where"]["field"] == "base"
    assert refusal({**request, "format": "html"})["where"]["field"] == "format"


def test_a_damaged_page_link_is_refused_saying_so():
    url = ok({"op": "link_export", "kind": "binary", "text": get_kind("binary").EXAMPLES[0].text})["url"]
    for bad in (url[:-1], url[:-2] + ("00" if url[-2:] != "00" else "11"), url.replace("v3.", "v4.")):
        error = refusal({"op": "link_import", "url": BASE + bad})
        assert "Binary" in error["message"] and len(error["message"]) < 300
    assert "does not fit" in refusal({"op": "link_import",
                                      "url": f"#sudoku/{encode_state({}, {'rows': 3, 'cols': 4, 'cells': [''] * 12})}"}
                                     )["message"]
