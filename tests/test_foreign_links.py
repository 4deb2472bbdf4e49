"""The page reads the givens of an f-puzzles link (and a SudokuPad link of f-puzzles' JSON) without the
engine, to draw them while it starts (web/codecs/foreign.js, on web/codecs/lzstring.js): under Node,
lz-string's vectors (npm lz-string 1.5.0's outputs, tests/data/lzstring_vectors.json) decompress to
their texts, each published f-puzzles link of tests/data/variant_links.json (and its SudokuPad `fpuzzles`
form) reads to the givens Python's reader finds, and damaged links, SCL and puzz.link read to none; a
puzz.link URL of a kind whose data is Number16 over its cells (kinds.json `puzzlink`: sudoku, nurikabe,
cave, fillomino and more) reads to the givens Python's `from_puzzlink` reads (examples, and for sudoku
random grids of 4, 9 and 16 a side, with flags and `_play`), and damaged ones or another pid's to none."""

from __future__ import annotations

import json
import random
import subprocess

from conftest import ROOT
from gridlogic import api
from gridlogic.kinds import KINDS, sudoku
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds.sudoku.links import fpuzzles, sudokupad
from gridlogic.codecs import lzstring, puzzlink

DATA = ROOT / "tests" / "data"
SCRIPT = ROOT / "tests" / "node" / "foreign.mjs"
VECTORS = json.loads((DATA / "lzstring_vectors.json").read_text(encoding="utf-8"))
LINKS = json.loads((DATA / "variant_links.json").read_text(encoding="utf-8"))["links"]


def run(node, tmp_path, urls: list[str], links: list | None = None, scl: list | None = None) -> dict:
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps({"lz": VECTORS, "urls": urls, "puzzlink": links or [], "scl": scl or []}),
                     encoding="utf-8")
    done = subprocess.run([node, str(SCRIPT), str(cases)], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def python_givens(url: str) -> dict | None:
    payload = fpuzzles.payload_of(url)
    read = fpuzzles.read_payload(payload)
    return {"rows": read["size"], "cols": read["size"], "givens": read["givens"]}


def test_the_page_reads_the_givens_python_reads_and_nothing_of_other_links(node, tmp_path):
    published = [link["url"] for link in LINKS if fpuzzles.payload_of(link["url"]) is not None]
    assert len(published) > 10
    payload = fpuzzles.payload_of(published[0])
    sudokupad = f"https://sudokupad.app/fpuzzles{payload}"
    damaged = [published[0][:-40], published[0].replace("load=N4Ig", "load=N4Ih"), "https://www.f-puzzles.com/?id=abc",
               "https://www.f-puzzles.com/?load=" + lzstring.compress_to_base64('{"size": 99, "grid": []}'),
               "https://www.f-puzzles.com/?load=" + lzstring.compress_to_base64("[1, 2]")]
    others = [link["url"] for link in LINKS if "/scl" in link["url"]][:2] + [
        "https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k", "not a link"]
    got = run(node, tmp_path, published + [sudokupad] + damaged + others)
    assert got["lz"] == [[v["text"], v["text"]] for v in VECTORS]
    n = len(published)
    assert got["givens"][:n] == [python_givens(url) for url in published]
    assert got["givens"][n] == python_givens(published[0])
    for url, read in zip(damaged + others, got["givens"][n + 1:]):
        if read is not None:                       # a cut payload may still read: then as Python reads it
            assert read == python_givens(url), url
    assert all(read is None for read in got["givens"][n + 3:])


def sudoku_urls() -> list[str]:
    rng = random.Random(30)
    urls = [sudoku.to_puzzlink(sudoku.parse(e.text)) for e in sudoku.EXAMPLES if "rules" not in e.text and not e.rules]
    for n in (4, 9, 16, 9, 16):
        b = int(n ** 0.5)                           # a solved grid's pattern, 40% of it kept
        givens = [((r % b) * b + r // b + c) % n + 1 if rng.random() < 0.4 else None for r in range(n) for c in range(n)]
        urls.append(puzzlink.url("sudoku", n, n, puzzlink.encode_number16(givens)))
    urls.append(urls[-1].replace("p?sudoku/", "p?sudoku_play/"))
    return urls


def test_the_page_reads_a_puzzlink_url_as_python_does(node, tmp_path):
    info = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == "sudoku")["puzzlink"]
    assert info == {"pid": "sudoku", "cells": "number16"}
    good = sudoku_urls()
    bad = ["https://puzz.link/p?sudoku/9/9/.zzzk", "https://puzz.link/p?sudoku/9/9/" + "1" * 82,
           "https://puzz.link/p?sudoku/9/9/k8g1!", "https://puzz.link/p?sudoku/9/9/k-1",
           "https://puzz.link/p?nurikabe/9/9/k8g1g7", "https://puzz.link/p?sudoku/9", "puzz.link"]
    got = run(node, tmp_path, [], [[url, info] for url in good + bad] + [[good[0], None]])["puzzlink"]
    for url, read in zip(good, got):
        pid, cols, rows, body = puzzlink.split_url(url)
        puzzle = sudoku.from_puzzlink(cols, rows, body)
        assert read == {"rows": rows, "cols": cols, "givens": list(puzzle.givens)}, url
    assert got[len(good):] == [None] * (len(bad) + 1)


def test_the_page_reads_each_number16_kinds_puzzlink_urls_as_python_does(node, tmp_path):
    """Every kind whose puzz.link data is Number16 over its cells: its examples' URLs read by the page to the
    cells Python's reading gives (a `?` or a 0 the page leaves to the engine: read to none)."""
    cases, want = [], []
    for kind in KINDS:
        info = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == kind.KEY)["puzzlink"]
        if not info or kind.KEY == "sudoku":
            continue
        for example in kind.EXAMPLES:
            try:
                url = kind.to_puzzlink(kind.parse(example.text, rules=example.rules))
            except (PuzzleSyntaxError, ValueError):
                continue
            pid, cols, rows, body = puzzlink.split_url(url)
            cells = kind.to_state(kind.from_puzzlink(cols, rows, body))["cells"]
            cases.append([url, info])
            want.append((kind.KEY, rows, cols, cells))
    assert {"nurikabe", "cave", "fillomino"} <= {key for key, *_ in want}
    got = run(node, tmp_path, [], cases)["puzzlink"]
    drawn = set()
    for (key, rows, cols, cells), read in zip(want, got):
        if read is None:
            assert any(not c.isdigit() or c == "0" for c in cells if c), (key, cells)
            continue
        assert (read["rows"], read["cols"]) == (rows, cols)
        assert [str(v) if v else "" for v in read["givens"]] == cells, key
        drawn.add(key)
    assert {"nurikabe", "cave", "fillomino"} <= drawn


def scl_link(text: str, form: str = "https://sudokupad.app/scl{}") -> str:
    return form.format(lzstring.compress_to_base64(text))


def test_the_page_reads_an_scl_link_as_python_does(node, tmp_path):
    published = [link["url"] for link in LINKS if "sudokupad.app/scl" in link["url"]]
    assert len(published) > 8
    payload = published[0].removeprefix("https://sudokupad.app/scl")
    forms = [f"https://sudokupad.app/ctc{payload}", f"https://app.crackingthecryptic.com/sudoku/?puzzleid=scl{payload}",
             f"http://beta.sudokupad.app/puzzle/scl{payload}?setting-nogrid=1", f" sudokupad.app/scl{payload}\n"]
    made = [  # zipped by hand: elided cells, `given: f` an entry, t/f, colours, quotes swapped, strings with keys
        scl_link("{ce:[[{v:2},,{v:'1',c:FF0000}],[,{v:3,given:f},{v:1,given:t}],[{},{v:0},{v:'x'}]],"
                 "t:'{ce:[[{v:9}]]} \\'q\\'',ca:[{v:'title: a, b',ce:[]}]}"),
        scl_link('{"cells": [[{"value": 4}, {}, {}, {}], [{}, {"value": "2"}, {}, {}], [{}, {}, {}, {}],'
                 ' [{"value": 1, "given": false}, {}, {}, {"value": 5}]], "title": "ce:[[{v:1}]]"}'),
        scl_link("{ce:[[{v:1},{}],[{},{v:2.0}]],u:[{c:#0,c2:#F,ce:[[0,0]]}]}"),
    ]
    damaged = [published[0][:-60], published[0].replace("sclN4S", "sclN4T"), "https://sudokupad.app/scl",
               "https://sudokupad.app/SCL" + payload, "https://sudokupad.app/abc123xyz",
               scl_link("{ce:[[{v:1},{}],[{}]]}"), scl_link("{ce:[[{v:1}]],t:'open}"), scl_link("[1, 2]"),
               scl_link("{ce:[[{v:1,},{}],[{},{}]]}"), scl_link("{ce:[[{v:NaN}]]}"), scl_link("{ce:" + "[" * 150),
               scl_link(json.dumps({"cells": [[{}] * 17] * 17})), "https://sudokupad.app/scl%E0%A4%A"]
    got = run(node, tmp_path, [], None, published + forms + made + damaged)["scl"]
    for url, read in zip(published + forms + made, got):
        puzzle = sudokupad.read_link(url)
        assert read == {"rows": puzzle["size"], "cols": puzzle["size"], "givens": puzzle["givens"]}, url
    assert sum(map(any, (read["givens"] for read in got[:len(published)]))) >= 2
    assert got[len(published) + len(forms):-len(damaged)][0]["givens"] == [2, 0, 1, 0, 0, 1, 0, 0, 0]
    for url, read in zip(damaged, got[-len(damaged):]):
        try:
            puzzle = sudokupad.read_link(url)           # a damaged payload may still read: then as Python reads it
        except PuzzleSyntaxError:
            assert read is None, url
        else:
            assert read == {"rows": puzzle["size"], "cols": puzzle["size"], "givens": puzzle["givens"]}, url
    assert got[-len(damaged) + 2:] == [None] * (len(damaged) - 2)
    imported = api.handle({"op": "link_import", "url": published[-3]})["result"]["state"]["cells"]
    assert [bool(v) for v in imported] == [bool(d) for d in got[len(published) - 3]["givens"]]
