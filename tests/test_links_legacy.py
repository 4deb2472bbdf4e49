"""Links the page made before the one editor still open: every example's compact share link (recorded
from the old page in Chromium, tests/data/record_legacy_links.py) imports through `link_import` to
the puzzle its example text parses to, with its rules; the long forms too; bad links are refused
with a typed error saying what is wrong, never an InternalError."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest

from gridlogic import api
from gridlogic.kinds import get_kind
from gridlogic.contract import layout_of
from gridlogic.layout import read_state
from gridlogic.links.legacy import is_page_link, legacy_state

RECORDED = json.loads((Path(__file__).parent / "data" / "legacy_links.json").read_text(encoding="utf-8"))
LINKS = [pytest.param(link, id=f"{link['kind']}-{link['name']}") for link in RECORDED["links"]]


def imported(url: str) -> dict:
    response = api.handle({"op": "link_import", "url": url})
    assert response["ok"], response
    return response["result"]


def refusal(url: str) -> dict:
    response = api.handle({"op": "link_import", "url": url})
    assert response["ok"] is False, response
    error = response["error"]
    assert error["type"] in ("RequestError", "PuzzleSyntaxError", "PuzzleRuleError"), error
    assert len(error["message"]) < 300
    return error


def test_every_kind_and_example_was_recorded():
    recorded = {(link["kind"], link["name"]) for link in RECORDED["links"]}
    for key in ("sudoku", "binary", "nonogram", "kakuro", "puzlogic", "numbercross"):
        kind = get_kind(key)
        assert {(key, e.name) for e in kind.EXAMPLES} <= recorded


@pytest.mark.parametrize("link", LINKS)
def test_an_old_compact_link_opens_the_same_puzzle(link):
    kind = get_kind(link["kind"])
    result = imported(link["url"])
    assert result["kind"] == kind.KEY
    expected = kind.parse(link["text"], rules=link["rules"])
    assert api.handle({"op": "parse", "kind": kind.KEY, "text": result["text"], "rules": result["rules"]})["ok"]
    state = read_state(layout_of(kind), result["state"])
    assert kind.from_state(state, rules=result["rules"]) == expected
    assert kind.parse(result["text"], rules=result["rules"]) == expected
    same_rules = api.handle({"op": "parse", "kind": kind.KEY, "text": link["text"], "rules": result["rules"]})
    assert same_rules["result"]["text"] == api.handle({"op": "parse", "kind": kind.KEY, "text": link["text"],
                                                       "rules": link["rules"]})["result"]["text"]
    payload = link["url"].split("#", 1)[1].split("/", 1)[1]
    assert legacy_state(kind, payload) == result["state"]


@pytest.mark.parametrize("link", LINKS)
def test_the_long_forms_open_too(link):
    kind = get_kind(link["kind"])
    expected = kind.parse(link["text"], rules=link["rules"])
    params = {"kind": link["kind"], **({"rules": ",".join(link["rules"])} if link["rules"] else {}), "p": link["text"]}
    for url in (f"https://example.org/g/index.html#{urlencode(params)}",
                f"https://example.org/g/index.html?{urlencode(params, quote_via=quote)}"):
        result = imported(url)
        assert result["kind"] == kind.KEY and result["rules"] == [r.lower() for r in link["rules"]]
        assert kind.from_state(read_state(layout_of(kind), result["state"]), rules=result["rules"]) == expected


def test_puzzlink_urls_still_import_with_a_state():
    result = imported("https://puzz.link/p?sudoku/4/4/g1h2h3h4g")
    assert result["kind"] == "sudoku" and result["rules"] == []
    sudoku = get_kind("sudoku")
    assert sudoku.from_state(result["state"]) == sudoku.parse(result["text"])
    assert not is_page_link("https://puzz.link/p?sudoku/4/4/g1h2h3h4g#anything")
    assert is_page_link("https://example.org/#sudoku/4x4/p")
    assert is_page_link("index.html?kind=sudoku&p=1")


@pytest.mark.parametrize("hash_,words", [
    ("chess/8x8/a", "unknown puzzle kind 'chess'"),
    ("sudoku", "is not a puzzle link"),
    ("sudoku,flying/4x4/p", "rule 'flying'"),
    ("binary,knight/4x4/p", "binary has no rule variants"),
    ("sudoku/4x4/p%zz", "broken %-escape"),
    ("sudoku/4x4/%ff", "not UTF-8"),
    ("sudoku/v2.abc", "does not read: it is damaged or cut short"),
    ("sudoku/v3.9x9.zzzcAA", "does not read"),
    ("sudoku/4x4/q", "17+ cells for 4x4"),
    ("sudoku/4x4/o", "15 cells for 4x4"),
    ("sudoku/4x4/%21o", "not a payload the old page wrote"),
    ("sudoku/99999999x4/p", "size '99999999'x'4' is outside"),
    ("sudoku/17x17/y", "17x17 is not a size of Sudoku (1x1, 2x2"),
    ("sudoku/4x4/11n", "twice"),
    ("binary/9999x9999/" + "z" * 1000, "is outside"),
    ("kakuro/3x3/A3._3._.3b", "6 cells for 3x3"),
    ("kakuro/3x3/A3._3._.3b.3b!", "not a payload"),
    ("kakuro/3x3/A" + "9" * 30 + "._3._.3b.3b", "not a number of at most 9 digits"),
    ("nonogram/2x2/1-1/1", "1 column clues for 2 columns"),
    ("nonogram/2x2/1-1/1..1-1", "column clue '1..1'"),
    ("nonogram/2x2/1-1/1-2", "row clues fill"),
    ("puzlogic/2x2/.~4./1/", "unexpected '~'"),
    ("puzlogic/2x2/.../1/", "3 positions for 2x2"),
    ("puzlogic/2x2/.--./1.2/c0.0.1", "not a payload"),
    ("puzlogic/2x2/.--./1.2/a0.0", "sum 'a0.0'"),
    ("numbercross/3/ABC/square", "3 region letters and 1 clues"),
    ("numbercross/2/ABAB/square_cubic", "cubic"),
    ("numbercross/" + "9" * 50 + "/A/x", "is outside"),
    ("futoshiki/4x4/p", ""),
])
def test_a_bad_old_link_says_what_is_wrong(hash_, words):
    error = refusal(f"https://example.org/g/index.html#{hash_}")
    assert words in error["message"], error


@pytest.mark.parametrize("url,words", [
    ("https://example.org/#kind=&p=1", "no kind="),
    ("https://example.org/#kind=sudoku", "has no puzzle (p=…)"),
    ("https://example.org/?kind=sudoku&rules=flying&p=1", "rule 'flying'"),
    ("https://example.org/?p=1", "no kind="),
    ("https://example.org/#kind=sudoku&p=12", "sudoku"),
    ("https://example.org/?kind=" + "k" * 5000 + "&p=1", "unknown puzzle kind"),
    ("https://example.org/#sudoku," + ",".join(["king"] * 30) + "/4x4/p", "30 rules (at most 20)"),
])
def test_a_bad_long_link_says_what_is_wrong(url, words):
    error = refusal(url)
    assert words in error["message"], error
