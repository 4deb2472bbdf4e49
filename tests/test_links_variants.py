"""f-puzzles and SudokuPad links: lz-string against npm's, every f-puzzles key, SCL drawings read by shape,
every URL form, real published puzzles (tests/data/variant_links.json: each read puzzle must be kept by its
published solution), writing links back, and bad input refused quickly with short, located messages."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from gridlogic.kinds import sudoku
from gridlogic.kinds.sudoku.links import fpuzzles, scl, scl_zip, sudokupad
from gridlogic.codecs import lzstring
from gridlogic.errors import MESSAGE_CHARS, PuzzleSyntaxError
from gridlogic.kinds.sudoku.constraints import Constraint
from variant_holds import broken

DATA = Path(__file__).parent / "data"
LINKS = json.loads((DATA / "variant_links.json").read_text())
VECTORS = json.loads((DATA / "lzstring_vectors.json").read_text())
REAL = {link["name"]: link for link in LINKS["links"]}
CLIPPED = next(link for link in LINKS["links"] if link["name"].startswith('"Clipped"'))
BOXES = next(link for link in LINKS["links"] if link["name"] == '"Boxes" by Clover (Killer, Quadruple)')
CLIPPED_SCL = REAL[CLIPPED["name"] + " (SCL)"]
PUZZLE_KEYS = ("size", "givens", "entries", "regions", "rules", "constraints", "title", "author", "rules_text",
               "solution")


def read(url: str) -> dict:
    result = sudokupad.read_link(url)
    assert result is not None, url
    return result


def refused(url: str, *words: str) -> str:
    """The message of the PuzzleSyntaxError a link gives; it is short and holds `words`."""
    with pytest.raises(PuzzleSyntaxError) as info:
        sudokupad.read_link(url)
    message = info.value.message
    assert len(message) <= MESSAGE_CHARS and "Traceback" not in message, message
    for word in words:
        assert word in message, message
    return message


def fpuzzles_url(data: dict) -> str:
    return fpuzzles.SITE + lzstring.compress_to_base64(json.dumps(data))


def scl_url(data: dict) -> str:
    return "https://sudokupad.app/scl" + lzstring.compress_to_base64(json.dumps(data))


def blank(size: int = 9) -> list:
    return [[{} for _ in range(size)] for _ in range(size)]


# -- lz-string ------------------------------------------------------------------------------------
@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v["text"][:12])
def test_lzstring_writes_and_reads_what_npm_does(vector):
    assert lzstring.compress_to_base64(vector["text"]) == vector["base64"]
    assert lzstring.compress_to_encoded_uri_component(vector["text"]) == vector["uri"]
    assert lzstring.decompress_from_base64(vector["base64"]) == vector["text"]
    assert lzstring.decompress_from_encoded_uri_component(vector["uri"]) == vector["text"]


def test_lzstring_against_npm_when_it_is_installed():
    """Random texts through npm's lz-string (GRIDLOGIC_LZ_STRING: the directory of its package, e.g.
    after `npm install --prefix DIR lz-string@1.5.0`, DIR/node_modules/lz-string)."""
    package = os.environ.get("GRIDLOGIC_LZ_STRING")
    if not package or not shutil.which("node") or not Path(package, "package.json").exists():
        pytest.skip("set GRIDLOGIC_LZ_STRING to an npm lz-string@1.5.0 package directory (and have node) to "
                    "compare with it; tests/data/lzstring_vectors.json holds its outputs meanwhile")
    rng = random.Random(7)
    alphabet = 'abc{}[]":,0123456789RC +/é€😀\n'
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.choice([1, 5, 50, 700]))) for _ in range(60)]
    script = ("const LZ = require(process.argv[1]); const t = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "console.log(JSON.stringify(t.map(s => [LZ.compressToBase64(s), LZ.compressToEncodedURIComponent(s)])))")
    out = json.loads(subprocess.run(["node", "-e", script, str(Path(package).resolve())], input=json.dumps(texts),
                                    capture_output=True, text=True, check=True).stdout)
    for text, (b64, uri) in zip(texts, out):
        assert (lzstring.compress_to_base64(text), lzstring.compress_to_encoded_uri_component(text)) == (b64, uri)
        assert lzstring.decompress_from_base64(b64) == text


def test_lzstring_output_is_bounded():
    packed = lzstring.compress_to_base64("a" * 100_000)
    assert len(packed) < 1000
    with pytest.raises(PuzzleSyntaxError, match="more than 1,000 characters"):
        lzstring.decompress_from_base64(packed, max_chars=1000)


def test_lzstring_errors_say_where():
    with pytest.raises(PuzzleSyntaxError, match=r"character 5 \('!'\)"):
        lzstring.decompress_from_base64("N4Ig!!!!")
    with pytest.raises(PuzzleSyntaxError, match="before its end mark"):
        lzstring.decompress_from_base64(CLIPPED["url"].split("load=")[1][:40])


# -- real links -----------------------------------------------------------------------------------
def kind_rules(flags: list[str]) -> list[str]:
    """The sudoku kind's names of f-puzzles' global flags as the data file records them."""
    names = {"diagonal+": "antidiagonal", "diagonal-": "maindiagonal", "negative-black": "negative_black",
             "negative-xv": "negative_xv"}
    rules = {names.get(flag, flag) for flag in flags}
    if {"antidiagonal", "maindiagonal"} <= rules:
        rules = (rules - {"antidiagonal", "maindiagonal"}) | {"diagonal"}
    return [r for r in sudoku.RULES if r in rules]


@pytest.mark.parametrize("link", LINKS["links"], ids=lambda link: link["name"][:40])
def test_real_links_read_as_published(link):
    puzzle = read(link["url"])
    assert {c.type for c in puzzle["constraints"]} == set(link["kinds"])
    assert puzzle["rules"] == kind_rules(link["rules"])
    assert all(isinstance(w, str) and len(w) <= MESSAGE_CHARS for w in puzzle["warnings"])
    if link.get("solution"):
        solution = [int(ch) for ch in link["solution"]]
        assert broken(puzzle, solution) == []
        assert puzzle["solution"] in (None, solution)


@pytest.mark.parametrize("link", [link for link in LINKS["links"] if "same_as" in link],
                         ids=lambda link: link["name"][:40])
def test_scl_made_by_sudokupad_reads_as_its_fpuzzles_link(link):
    def key(c: Constraint):
        cells = tuple(sorted(c.cells)) if c.kind.shape in ("dot", "group", "cell") and c.type != "clone" else c.cells
        if c.type in ("renban", "palindrome", "between", "whispers"):
            cells = min(cells, cells[::-1])
        return c.type, cells, c.value, c.more, c.digits, c.direction

    scl, original = read(link["url"]), read(REAL[link["same_as"]]["url"])
    assert sorted(map(key, scl["constraints"])) == sorted(key(c) for c in original["constraints"] if c.type != "clone")
    assert (scl["size"], scl["givens"], scl["regions"], scl["title"]) == \
           (original["size"], original["givens"], original["regions"], original["title"])


def test_scl_zipped_and_plain_are_the_same_puzzle():
    plain = read(REAL[CLIPPED["name"] + " (SCL, not zipped)"]["url"])
    assert {k: plain[k] for k in PUZZLE_KEYS} == {k: read(CLIPPED_SCL["url"])[k] for k in PUZZLE_KEYS}


def test_parity_fish_reads_its_dots_and_reports_its_picture():
    puzzle = read(REAL["Parity Fish"]["url"])
    assert (puzzle["title"], puzzle["author"], puzzle["source"]) == ("Parity Fish", "Marty Sears", "scl")
    assert [c.type for c in puzzle["constraints"]].count("white") == 16
    assert any("bgimage" in w for w in puzzle["warnings"])


def test_cosmetic_copies_and_drawings_of_real_links_are_warned():
    puzzle = read(REAL['"159" by zetamath (Renban, Kropki no negative constraint)']["url"])
    assert any(w.startswith("line ×32") for w in puzzle["warnings"])


# -- f-puzzles keys -------------------------------------------------------------------------------
EVERY_KEY = {
    "size": 9, "title": "Every key", "author": "gridlogic", "ruleset": "All of them.", "grid": blank(),
    "antiknight": True, "antiking": True, "nonconsecutive": True, "diagonal+": True, "diagonal-": True,
    "disjointgroups": True, "negative": ["ratio", "xv"],
    "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R2C1", "R2C2"]}],
    "arrow": [{"cells": ["R3C3"], "lines": [["R3C3", "R3C4", "R3C5"], ["R3C3", "R4C3"]]},
              {"cells": ["R5C1", "R5C2"], "lines": [["R5C2", "R6C3", "R7C4"]]}],
    "thermometer": [{"lines": [["R9C1", "R8C1", "R7C1"]]}], "palindrome": [{"lines": [["R1C9", "R2C9"]]}],
    "betweenline": [{"lines": [["R4C5", "R5C5", "R6C5"]]}],
    "littlekillersum": [{"cell": "R0C2", "direction": "DR", "value": "20", "cells": ["R1C3", "R2C4"]}],
    "sandwichsum": [{"cell": "R10C4", "value": "0"}], "xsum": [{"cell": "R4C0", "value": "15"}],
    "skyscraper": [{"cell": "R5C10", "value": "3"}],
    "difference": [{"cells": ["R6C6", "R6C7"]}, {"cells": ["R7C6", "R7C7"], "value": "3"}],
    "ratio": [{"cells": ["R8C6", "R8C7"]}, {"cells": ["R9C6", "R9C7"], "value": "3"}],
    "xv": [{"cells": ["R6C8", "R6C9"], "value": "X"}, {"cells": ["R7C8", "R7C9"], "value": "v"}],
    "odd": [{"cell": "R2C5"}], "even": [{"cell": "R2C6"}], "minimum": [{"cell": "R1C4"}], "maximum": [{"cell": "R1C5"}],
    "extraregion": [{"cells": ["R8C8", "R8C9", "R9C8"]}],
    "clone": [{"cells": ["R1C7", "R1C8"], "cloneCells": ["R3C7", "R3C8"]}],
    "quadruple": [{"cells": ["R5C7", "R4C7", "R5C8", "R4C8"], "values": [1, 2]}],
    "renban": [{"lines": [["R2C3", "R2C4"]]}], "whispers": [{"lines": [["R8C2", "R8C3"]]},
                                                          {"lines": [["R9C2", "R9C3"]], "value": "4"},
                                                          {"lines": [["R9C4", "R9C5"]], "value": "3"}],
    "regionsumline": [{"lines": [["R3C6", "R4C6"]]}], "entropicline": [{"lines": [["R5C3", "R5C4", "R6C4"]]}],
    "modularline": [{"lines": [["R7C2", "R7C3"]]}], "zipperline": [{"lines": [["R8C4", "R8C5", "R8C6"]]}],
    "doublearrow": [{"lines": [["R6C1", "R6C2", "R7C1"]]}], "slowthermometer": [{"lines": [["R4C1", "R4C2"]]}],
    "rowindexer": [{"cells": ["R1C6"]}], "columnindexer": [{"cells": ["R2C7", "R2C8"]}],
    "boxindexer": [{"cells": ["R3C9"]}],
}
EVERY_KEY["grid"][0][0] = {"value": 1, "given": True}
EVERY_KEY["grid"][8][8] = {"value": 9}
EXPECTED = [
    Constraint("killer", ((0, 0), (0, 1)), 3), Constraint("killer", ((1, 0), (1, 1))),
    Constraint("arrow", ((2, 2),), more=((2, 3), (2, 4))), Constraint("arrow", ((2, 2),), more=((3, 2),)),
    Constraint("arrow", ((4, 0), (4, 1)), more=((5, 2), (6, 3))), Constraint("thermo", ((8, 0), (7, 0), (6, 0))),
    Constraint("palindrome", ((0, 8), (1, 8))), Constraint("between", ((3, 4), (4, 4), (5, 4))),
    Constraint("littlekiller", ((-1, 1),), 20, direction="DR"), Constraint("sandwich", ((9, 3),), 0),
    Constraint("xsum", ((3, -1),), 15), Constraint("skyscraper", ((4, 9),), 3),
    Constraint("white", ((5, 5), (5, 6))), Constraint("white", ((6, 5), (6, 6)), 3),
    Constraint("black", ((7, 5), (7, 6))), Constraint("black", ((8, 5), (8, 6)), 3),
    Constraint("x", ((5, 7), (5, 8))), Constraint("v", ((6, 7), (6, 8))), Constraint("odd", ((1, 4),)),
    Constraint("even", ((1, 5),)), Constraint("minimum", ((0, 3),)), Constraint("maximum", ((0, 4),)),
    Constraint("extraregion", ((7, 7), (7, 8), (8, 7))), Constraint("clone", ((0, 6), (0, 7)), more=((2, 6), (2, 7))),
    Constraint("quadruple", ((3, 6), (3, 7), (4, 6), (4, 7)), digits=(1, 2)), Constraint("renban", ((1, 2), (1, 3))),
    Constraint("whispers", ((7, 1), (7, 2))), Constraint("dutchwhispers", ((8, 1), (8, 2))),
    Constraint("whispers", ((8, 3), (8, 4)), 3), Constraint("regionsum", ((2, 5), (3, 5))),
    Constraint("entropic", ((4, 2), (4, 3), (5, 3))), Constraint("modular", ((6, 1), (6, 2))),
    Constraint("zipper", ((7, 3), (7, 4), (7, 5))), Constraint("doublearrow", ((5, 0), (5, 1), (6, 0))),
    Constraint("slowthermo", ((3, 0), (3, 1))), Constraint("rowindexer", ((0, 5),)),
    Constraint("columnindexer", ((1, 6), (1, 7))), Constraint("boxindexer", ((2, 8),)),
]


def test_every_fpuzzles_key_is_read():
    puzzle = read(fpuzzles_url(EVERY_KEY))
    assert sorted(puzzle["constraints"], key=repr) == sorted(EXPECTED, key=repr)
    assert puzzle["rules"] == ["knight", "king", "nonconsecutive", "diagonal", "disjoint", "negative_black",
                               "negative_xv"]
    assert (puzzle["givens"][0], puzzle["entries"], puzzle["regions"]) == (1, [[8, 8, 9]], None)
    assert (puzzle["title"], puzzle["author"], puzzle["rules_text"], puzzle["warnings"]) == \
           ("Every key", "gridlogic", "All of them.", [])


def test_cosmetic_and_unknown_keys_are_warned_and_metadata_cages_read():
    data = {"size": 4, "grid": blank(4), "line": [{"lines": [["R1C1", "R1C2"]], "outlineC": "#F00", "width": 0.2}],
            "circle": [{"cells": ["R2C2"]}], "text": [{"cells": ["R3C3"], "value": "A"}],
            "rectangle": [{"cells": ["R4C4"]}],
            "cage": [{"cells": [], "value": "title: From a cage"}, {"cells": [], "value": "msgcorrect: Well done"},
                     {"cells": [], "value": "rules: Read me."}, {"cells": ["R1C3", "R1C4"], "value": "A"},
                     {"cells": [], "value": "customstyle: {}"}],
            "lockout": [{"lines": [["R1C1", "R2C2"]]}], "negative": ["ratio", "foglight"]}
    puzzle = read(fpuzzles_url(data))
    text = "\n".join(puzzle["warnings"])
    for word in ("line ×1", "circle ×1", "text ×1", "rectangle ×1", "cage ×1", "'lockout'", "'customstyle'",
                 "'foglight'"):
        assert word in text
    assert "msgcorrect" not in text and (puzzle["title"], puzzle["rules_text"]) == ("From a cage", "Read me.")


def test_items_that_cannot_stand_become_warnings():
    data = {"size": 9, "grid": blank(), "thermometer": [{"lines": [["R1C1", "R3C3"]]}, {"lines": [["R1C1", "R2C1"]]}],
            "arrow": [{"cells": ["R5C5"]}], "xv": [{"cells": ["R1C1", "R1C2"], "value": "Q"}],
            "littlekillersum": [{"cell": "R0C1", "direction": "NW", "value": "5"}],
            "killercage": [{"cells": ["R1C1"], "value": "?"}, {"cells": ["bad"]}, "not an object"],
            "sandwichsum": [{"cell": "R5C5", "value": "3"}], "odd": {"cell": "R1C1"},
            "quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 2, 3, 4, 5]}]}
    puzzle = read(fpuzzles_url(data))
    assert puzzle["constraints"] == (Constraint("thermo", ((0, 0), (1, 0))),)
    text = "\n".join(puzzle["warnings"])
    for word in ("thermometer 1: thermometer: the line jumps from r1c1 to r3c3", "arrow 1: an arrow without a line",
                 "xv 1", "littlekillersum 1: direction 'NW'", "killercage 1: its label '?'",
                 "killercage 2: 'bad' is not a cell", "killercage 3: not an object",
                 "sandwichsum 1: sandwich clue: r5c5 is not just outside", "odd: not a list", "quadruple 1"):
        assert word in text


@pytest.mark.parametrize("data, words", [
    ([], ("not a JSON object",)), ({"size": 17, "grid": []}, ("size 17 is not 1–16",)),
    ({"size": "x"}, ("size 'x'",)), ({"size": 4, "grid": blank(3)}, ("grid has 3 rows",)),
    ({"size": 2, "grid": [[{}, {}], [{}]]}, ("grid row 2 has 1 cells",)),
    ({"size": 2, "grid": [[{}, {}], [{}, 5]]}, ("grid r2c2 is not an object",)),
])
def test_payloads_that_are_no_puzzle_are_refused_saying_why(data, words):
    refused(fpuzzles_url(data), "f-puzzles puzzle", *words)


@pytest.mark.timed
def test_garbage_payloads_are_refused_quickly():
    rng = random.Random(3)
    garbage = "".join(rng.choice(lzstring.BASE64) for _ in range(100_000))
    for url in (fpuzzles.SITE + garbage, "https://sudokupad.app/scl" + garbage,
                fpuzzles.SITE + "N4Ig" + "!" * 100_000, fpuzzles.SITE + "{}"):
        start = time.perf_counter()
        refused(url, "payload")
        assert time.perf_counter() - start < 3
    refused(fpuzzles.SITE + lzstring.compress_to_base64("[" * 50_000), "not JSON")


def test_values_out_of_range_are_warned():
    grid = blank(4)
    grid[0][0] = {"value": 7, "given": True}
    grid[0][1] = {"region": 9}
    puzzle = read(fpuzzles_url({"size": 4, "grid": grid, "solution": [1, 2]}))
    assert puzzle["givens"] == [0] * 16 and len(puzzle["warnings"]) == 3


# -- writing --------------------------------------------------------------------------------------
@pytest.mark.parametrize("link", [link for link in LINKS["links"] if "f-puzzles" in link["url"]],
                         ids=lambda link: link["name"][:40])
def test_to_fpuzzles_round_trips_real_puzzles(link):
    puzzle = read(link["url"])
    for sudokupad in (False, True):
        url = fpuzzles.to_fpuzzles(puzzle, sudokupad=sudokupad)
        assert url.startswith("https://sudokupad.app/fpuzzles" if sudokupad else "https://www.f-puzzles.com/?load=")
        again = read(url)
        assert {k: again[k] for k in PUZZLE_KEYS} == {k: puzzle[k] for k in PUZZLE_KEYS}


@pytest.mark.parametrize("size", [1, 4, 5, 6, 8, 9, 12, 16])
def test_to_fpuzzles_round_trips_every_size_and_every_key(size):
    regions = [(r + c) % size for r in range(size) for c in range(size)] if size in (5, 12) else None
    givens = [(i % size) + 1 if i % 7 == 0 else 0 for i in range(size * size)]
    entries = [[size - 1, size - 1, size]] if not givens[-1] else []
    puzzle = {"size": size, "givens": givens, "entries": entries, "regions": regions,
              "rules": ["king", "negative_xv"], "constraints": (), "title": "t", "author": "", "rules_text": "",
              "solution": None}
    if size == 9:
        puzzle["constraints"] = tuple(EXPECTED)
    again = read(fpuzzles.to_fpuzzles(puzzle))
    assert {k: again[k] for k in PUZZLE_KEYS} == puzzle


def test_to_fpuzzles_round_trips_every_key():
    puzzle = read(fpuzzles_url(EVERY_KEY))
    again = read(fpuzzles.to_fpuzzles(puzzle, sudokupad=True))
    assert {k: again[k] for k in PUZZLE_KEYS} == {k: puzzle[k] for k in PUZZLE_KEYS}


# -- URL forms ------------------------------------------------------------------------------------
def test_every_sudokupad_form_reads_the_same_puzzle():
    scl = CLIPPED_SCL["url"].removeprefix("https://sudokupad.app/")
    fpuz = "fpuzzles" + CLIPPED["url"].split("?load=")[1]
    want = {k: read(CLIPPED_SCL["url"])[k] for k in PUZZLE_KEYS}
    forms = ["https://sudokupad.app/{}", "http://sudokupad.app/puzzle/{}", "https://beta.sudokupad.app/{}",
             "sudokupad.app/{}", "https://app.crackingthecryptic.com/sudoku/?puzzleid={}",
             "https://sudokupad.app/?puzzleid={}", "https://app.crackingthecryptic.com/sudoku/{}",
             "https://sudokupad.app/scf?puzzleid={}", "https://sudokupad.app/{}?setting-nogrid=1",
             " https://sudokupad.app/{}\n"]
    for form in forms:
        assert {k: read(form.format(scl))[k] for k in PUZZLE_KEYS} == want, form
        assert read(form.format("ctc" + scl[3:]))["source"] == "scl"
    for prefix in ("fpuzzles", "fpuz"):
        assert set(read("https://sudokupad.app/" + prefix + fpuz[8:])["constraints"]) == set(want["constraints"])


def test_plus_is_base64_in_every_form():
    url = REAL["I want to break free"]["url"]
    assert "+" in url
    want = read(url)
    payload = url.split("?load=")[1]
    for form in (url.replace("+", "%2B"), url.replace("+", " "), "https://www.f-puzzles.com/?load=" + payload + "&x=1",
                 "https://sudokupad.app/fpuzzles" + payload.replace("+", "%2B")):
        assert read(form)["constraints"] == want["constraints"], form


def test_slashes_collapsed_by_a_shortener_are_put_back():
    urls = [link["url"] for link in LINKS["links"] if "//" in link["url"].split("://", 1)[1]]
    assert BOXES["url"] in urls and any("sudokupad.app/scl" in url for url in urls)
    for url in urls:
        scheme, rest = url.split("://", 1)
        collapsed = scheme + "://" + rest.replace("//", "/")
        assert {k: read(collapsed)[k] for k in PUZZLE_KEYS} == {k: read(url)[k] for k in PUZZLE_KEYS}


def test_short_ids_cannot_be_read_offline_and_say_so():
    for url in LINKS["short_ids"] + ["https://sudokupad.app/puzzle/abc123",
                                     "https://sudokupad.app/pdyxs/whispers-in-the-mist",
                                     "https://app.crackingthecryptic.com/sudoku/?puzzleid=xyz987"]:
        refused(url, "short id", "SudokuPad's server", "offline")
    refused("https://www.f-puzzles.com/?id=yhkyz63b", "f-puzzles' server", "offline")
    refused("https://sudokupad.app/", "without a puzzle")
    refused("https://sudokupad.app/scl", "nothing after 'scl'")


def test_other_links_are_not_ours():
    for url in ("https://puzz.link/p?sudoku/9/9/k8g1g7", "https://example.org/?load=N4Ig", "5x5:1/1/1/1/1",
                "https://notsudokupad.app/scl123", "just text"):
        assert sudokupad.read_link(url) is None
        assert not sudokupad.is_link(url)
    assert sudokupad.is_link(CLIPPED["url"]) and sudokupad.is_link(LINKS["short_ids"][0])


# -- SCL ------------------------------------------------------------------------------------------
def test_zipped_json_is_unzipped_as_sudokupad_does():
    text = ("{id:'a',metadata:{t:'It\\'s \"q\"',source:'x'},ce:[[,{v:5},],[{v:'3',given:f},,]],"
            "l:[{wp:[[0.5,0.5]],c:#0,th:21,c2:#F,c1:ab12cd}],o:[],x:[1,t,null,-2.5e1]}")
    assert scl_zip.read(text.replace('"', "’")) == {
        "id": "a", "metadata": {"title": "It's ’q’", "source": "x"},
        "cells": [[{}, {"value": 5}, {}], [{"value": "3", "given": False}, {}, {}]],
        "lines": [{"wayPoints": [[0.5, 0.5]], "color": "#000000", "thickness": 21, "backgroundColor": "#FFFFFF",
                   "borderColor": "#ab12cd"}], "overlays": [{}], "x": [1, True, None, -25.0]}
    assert scl_zip.read('{"cells": [[{}]], "ce": 1}') == {"cells": [[{}]], "ce": 1}
    for bad in ("{a:", "{a:1,}", "{'x'}", "[" * 5000 + "]" * 5000, "{a:zz}", "{a:1} x"):
        with pytest.raises(PuzzleSyntaxError):
            scl_zip.read(bad)


def _scl_cells(size: int) -> list:
    cells = [[{} for _ in range(size)] for _ in range(size)]
    cells[0][0] = {"value": 4}
    cells[0][1] = {"value": "2", "given": False}
    return cells


def _circle(y, x, w=0.75, h=None, layer_fill="#FFFFFF"):
    return {"center": [y, x], "width": w, "height": h or w, "rounded": True, "backgroundColor": layer_fill,
            "borderColor": "#A1A1A1"}


SCL_PUZZLE = {
    "id": "test", "cellSize": 50, "cells": _scl_cells(9),
    "regions": [[[r, c] for r in range(9)] for c in range(9)],                       # columns as regions
    "global": ["antiknight", "antixv", "mystery"],
    "metadata": {"title": "Shapes", "author": "gridlogic", "bgimage": "x.png",
                 "rules": "Odd circles, even squares. A purple renban line holds consecutive digits. "
                          "Neighbours on green German whispers lines differ by 5; grey lines are palindromes. "
                          "The main diagonal holds no repeat. Sandwich clues outside the grid. Arrows sum."},
    "cages": [{"cells": [[8, 0], [8, 1]], "unique": True, "sum": 9}, {"cells": [[8, 2], [8, 3]], "unique": True},
              {"cells": [[8, 4]], "value": "A"}, {"value": "solution: " + "1" * 81}, {"value": "msgcorrect: yes"}],
    "lines": [{"wayPoints": [[1.5, 0.5], [1.5, 2.5]], "color": "#CFCFCF", "thickness": 21},            # thermo
              {"wayPoints": [[2.5, 0.5], [2.5, 1.5]], "color": "#CFCFCF", "thickness": 16},            # palindrome
              {"wayPoints": [[3.5, 0.5], [3.5, 1.5], [4.5, 2.5]], "color": "#C060C0", "thickness": 8},  # renban
              {"wayPoints": [[5.5, 0.5], [5.5, 1.5]], "color": "#67F067", "thickness": 8},             # whispers
              {"wayPoints": [[6.5, 0.5], [6.5, 1.5]], "color": "#FF0000", "thickness": 8},             # unread
              {"wayPoints": [[0, 0], [9, 9]], "color": "#34BBE6", "thickness": 2},                     # diagonal-
              {"wayPoints": [[0, 3], [9, 3]], "color": "#000000", "thickness": 3}],                    # an edge
    "arrows": [{"wayPoints": [[3.8, 3.5], [3.5, 4.5], [3.5, 5.5]], "color": "#A1A1A1", "thickness": 5},
               {"wayPoints": [[5.5, 4.1], [6.5, 4.5]]},                                              # from a pill
               {"wayPoints": [[-0.2, 0.8], [-0.02, 0.98]], "thickness": 2},                          # little killer
               {"wayPoints": [[7.5, 7.5], [7.5, 8.5]]}],                                             # no circle
    "overlays": [_circle(3.5, 3.5), _circle(5.5, 4, 1.75, 0.75), {"center": [-0.5, 0.5], "text": "11"},
                 {"center": [0.5, 6], "width": 0.3, "height": 0.3, "rounded": True, "backgroundColor": "#FFFFFF"},
                 {"center": [1, 6.5], "width": 0.3, "height": 0.3, "rounded": True, "backgroundColor": "#000000",
                  "text": "3"},
                 {"center": [2.5, 7], "width": 0.25, "height": 0.25, "text": "X"},
                 {"center": [3, 8], "width": 0.7, "height": 0.7, "rounded": True, "text": "1 2\n3"},
                 {"center": [-0.5, 7.5], "text": "17"}, {"center": [4.5, 8.5], "text": "note"}],
    "underlays": [_circle(1.5, 0.5, 0.85, layer_fill="#CFCFCF"), _circle(0.5, 8.5, 0.7, layer_fill="#CFCFCF"),
                  {"center": [1.5, 8.5], "width": 0.7, "height": 0.7, "backgroundColor": "#CFCFCF"},
                  {"center": [2.5, 4.5], "width": 1, "height": 1, "backgroundColor": "#FFD0D0"}],
}
SCL_EXPECTED = [
    Constraint("killer", ((8, 0), (8, 1)), 9), Constraint("killer", ((8, 2), (8, 3))),
    Constraint("arrow", ((3, 3),), more=((3, 4), (3, 5))), Constraint("arrow", ((5, 3), (5, 4)), more=((6, 4),)),
    Constraint("littlekiller", ((-1, 0),), 11, direction="DR"), Constraint("thermo", ((1, 0), (1, 1), (1, 2))),
    Constraint("palindrome", ((2, 0), (2, 1))), Constraint("renban", ((3, 0), (3, 1), (4, 2))),
    Constraint("whispers", ((5, 0), (5, 1))), Constraint("white", ((0, 5), (0, 6))),
    Constraint("black", ((0, 6), (1, 6)), 3), Constraint("x", ((2, 6), (2, 7))),
    Constraint("quadruple", ((2, 7), (2, 8), (3, 7), (3, 8)), digits=(1, 2, 3)), Constraint("odd", ((0, 8),)),
    Constraint("even", ((1, 8),)), Constraint("sandwich", ((-1, 7),), 17),
]


def test_scl_drawings_are_read_by_shape_colour_and_rules_text():
    puzzle = read(scl_url(SCL_PUZZLE))
    assert sorted(puzzle["constraints"], key=repr) == sorted(SCL_EXPECTED, key=repr)
    assert puzzle["rules"] == ["knight", "maindiagonal", "negative_xv"]
    assert (puzzle["givens"][:2], puzzle["entries"], puzzle["regions"][:2]) == ([4, 0], [[0, 1, 2]], [0, 1])
    assert (puzzle["title"], puzzle["author"], puzzle["solution"]) == ("Shapes", "gridlogic", [1] * 81)
    text = "\n".join(puzzle["warnings"])
    for word in ("'mystery'", "bgimage", "cage at r9c5 labelled 'A'", "line at r7c1–r7c2 (red)", "line ×1",
                 "arrow at r8c8–r8c9 without a circle", "overlay ×1", "underlay ×1"):
        assert word in text, word


def test_scl_without_rules_text_reads_only_what_needs_none():
    data = dict(SCL_PUZZLE, metadata={}, cages=[])
    puzzle = read(scl_url(data))
    types = {c.type for c in puzzle["constraints"]}
    assert {"thermo", "palindrome", "odd", "even", "white", "black", "arrow"} <= types
    assert not types & {"renban", "whispers", "sandwich"}
    assert "maindiagonal" not in puzzle["rules"]


@pytest.mark.parametrize("data, words", [
    ({"cells": []}, ("0 rows",)), ({"cells": [[{}, {}]]}, ("only square grids",)),
    ({"cells": [[{}] * 17] * 17}, ("17 rows",)), ([1, 2], ("not a JSON object",)),
])
def test_scl_that_is_no_grid_is_refused(data, words):
    refused(scl_url(data), "SudokuPad puzzle", *words)


def test_scl_reader_survives_odd_values():
    data = {"cells": [[{"value": "x"}, {"value": 9}], [{"value": True}, {}]],
            "regions": [[[0, 0], [5, 5]], "r"], "cages": [{"cells": [[0, "a"]], "unique": True}, 3, {"cells": 5}],
            "lines": [{"wayPoints": "x"}, 1, {"wayPoints": [[0.5, 0.5], [1.5, "a"]]}],
            "arrows": [{"wayPoints": [[1e308, 1]]}],
            "overlays": [{"center": [0.5]}, {"center": [0.5, 0.5], "width": "w", "text": {"a": 1}}],
            "underlays": None, "global": "antiknight", "metadata": {"rules": ["a", 5], "solution": "12"}}
    puzzle = read(scl_url(data))
    assert puzzle["constraints"] == () and len(puzzle["warnings"]) >= 5
    assert scl.read_scl(data)["size"] == 2
