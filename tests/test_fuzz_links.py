"""Fuzz tests of the link doors (hypothesis): what a link brings in must be a puzzle the other doors take,
and a puzzle written as a link must come back the same.

- **Export then import** keeps the puzzle: for every kind and every format it exports (the page's share
  link, puzz.link, and a kind's own such as f-puzzles and SudokuPad), a puzzle drawn from the kind's
  layout (sudoku with every constraint type, rules and givens), written with a title, author and rules
  text, reads back with the same solutions (all of them compared when there are fewer than SOLUTIONS,
  else at least SOLUTIONS on both sides), the same rules, and the same title, author and rules text where the format has room for
  them (puzz.link has none: it refuses a puzzle whose rules or constraints it cannot hold).
- **Every `link_import` answer is accepted** by `parse` (its text and its state, with its rules) and by
  `solve`, for exported links and for links damaged one character at a time (a puzzle whose clues break
  its rules is refused by `solve` with a PuzzleRuleError, the same for its text and its state).
- No answer is an InternalError.

Default: a sample of a few hundred cases (derandomized, so CI reproduces it; the kinds other than sudoku
share a fixed total, tests/sampling.py). `GRIDLOGIC_FUZZ=long`
(or `GRIDLOGIC_FULL=1`, set by `build.py test --full`) runs LONG_CASES per test with random seeds;
`GRIDLOGIC_FUZZ_REPORT=path.json` adds this file's counts to that report (tests/test_fuzz.py writes the
rest).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_strategies import KIND_BY_KEY, KIND_KEYS, SUDOKU_BOXES, item_of, layout_states
from sampling import share
from gridlogic import api
from gridlogic.kinds import exports_of, rules_of, sudoku
from gridlogic.contract import layout_of
from gridlogic.layout import read_state
from gridlogic.kinds.sudoku.grid import SYMBOLS

pytestmark = pytest.mark.fuzz

LONG = os.environ.get("GRIDLOGIC_FUZZ") == "long" or os.environ.get("GRIDLOGIC_FULL") == "1"
LONG_CASES = int(os.environ.get("GRIDLOGIC_FUZZ_LINK_CASES", "2500"))
SAMPLE = {"sudoku": 120, "other": share(450, 10)}     # the other kinds share a fixed total
REPORT = os.environ.get("GRIDLOGIC_FUZZ_REPORT")
SOLUTIONS = 12               # listed and compared on both sides of a round trip
BUDGET_MS = 4000
TALLY: Counter = Counter()

ABOUT_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)
ABOUTS = st.fixed_dictionaries({}, optional={"title": ABOUT_TEXT, "author": ABOUT_TEXT, "rules_text": ABOUT_TEXT})
SUDOKU_RULES = ["knight", "king", "nonconsecutive", "diagonal", "antidiagonal", "disjoint", "miracle",
                "negative_black", "negative_xv"]
CHOICES = [(part, choice) for part in layout_of(sudoku)["parts"] for choice in part["choices"]]
"""Every sudoku constraint type (cages, lines, dots, outside clues, shapes, regions), each drawn alike."""


def _settings(examples: int):
    return settings(max_examples=LONG_CASES if LONG else examples, derandomize=not LONG, database=None,
                    deadline=None, suppress_health_check=list(HealthCheck), print_blob=True)


def handle(request: dict) -> dict:
    """The answer, tallied; never an InternalError."""
    got = api.handle(request)
    TALLY[request["op"]] += 1
    assert got["ok"] or got["error"]["type"] != "InternalError", (request, got)
    return got


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    if REPORT:
        path = REPORT + ".links.json"
        with open(path, "w", encoding="utf-8") as out:
            json.dump({"long": LONG, "requests": dict(TALLY)}, out, indent=1)


# -- drawing puzzles ------------------------------------------------------------------------------------
@st.composite
def sudoku_states(draw) -> tuple[dict, list[str]]:
    """A sudoku state (4×4, 6×6, sometimes 9×9): givens from a valid grid, one to three constraints
    (each type drawn alike), sometimes rules."""
    n = draw(st.sampled_from([4, 4, 6, 6, 9]))
    br, bc = SUDOKU_BOXES[n]
    digits = draw(st.permutations(range(1, n + 1)))
    grid = [digits[(bc * (r % br) + r // br + c) % n] for r in range(n) for c in range(n)]
    rnd = random.Random(draw(st.integers(0, 2 ** 32)))
    density = draw(st.sampled_from([0.0, 0.3, 0.6]))
    state = {"rows": n, "cols": n, "cells": [SYMBOLS[d - 1] if rnd.random() < density else "" for d in grid],
             "parts": {part["key"]: [] for part in layout_of(sudoku)["parts"]}}
    for _ in range(draw(st.integers(1, 3))):
        part, choice = draw(st.sampled_from(CHOICES))
        item = draw(item_of(part, n, n, choice))
        if item is not None:
            state["parts"][part["key"]].append(item)
    rules = draw(st.lists(st.sampled_from(SUDOKU_RULES), max_size=2, unique=True)) if draw(st.booleans()) else []
    return state, rules


def puzzles(kind_key: str) -> st.SearchStrategy[tuple[dict, list[str]]]:
    if kind_key == "sudoku":
        return st.one_of(sudoku_states(), layout_states("sudoku").map(lambda s: (s, [])))
    return layout_states(kind_key).map(lambda s: (s, []))


def _solutions(kind_key: str, rules: list[str], **puzzle) -> tuple[str, list[str]] | None:
    got = handle({"op": "solve", "kind": kind_key, **puzzle, "rules": rules, "all": True, "limit": SOLUTIONS,
                  "budget_ms": BUDGET_MS})
    if not got["ok"] or got["result"]["status"] == "unknown" or got["result"].get("stopped"):
        return None                                               # (out of time: nothing to compare)
    found = sorted(got["result"]["solutions"])
    return got["result"]["status"], found if len(found) < SOLUTIONS else f"at least {SOLUTIONS}"


def _accepted(kind_key: str, imported: dict) -> None:
    """A link_import answer is a puzzle parse and solve take, as text and as state, with its rules."""
    for puzzle in ({"text": imported["text"]}, {"state": imported["state"]}):
        got = handle({"op": "parse", "kind": kind_key, **puzzle, "rules": imported["rules"]})
        assert got["ok"], (imported, got["error"])
    got = handle({"op": "solve", "kind": kind_key, "text": imported["text"], "rules": imported["rules"],
                  "budget_ms": BUDGET_MS // 4})
    if not got["ok"]:                   # a puzzle whose clues break its rules (a clue no number meets) is
        assert got["error"]["type"] == "PuzzleRuleError", (imported, got["error"])       # refused at any door
        again = handle({"op": "solve", "kind": kind_key, "state": imported["state"], "rules": imported["rules"],
                        "budget_ms": BUDGET_MS // 4})
        assert not again["ok"] and again["error"] == got["error"], (imported, again)


def _round_trip(kind_key: str, drawn: tuple[dict, list[str]], about: dict, data) -> None:
    state, rules = drawn
    parsed = handle({"op": "parse", "kind": kind_key, "state": state, "rules": rules})
    if not parsed["ok"]:
        return
    TALLY["puzzles"] += 1
    TALLY.update(f"sudoku {item['name']}" for items in (state.get("parts") or {}).values() for item in items
                 if kind_key == "sudoku")
    rules = parsed["result"]["rules"]
    before = None
    for fmt in exports_of(KIND_BY_KEY[kind_key]):
        exported = handle({"op": "link_export", "kind": kind_key, "state": state, "rules": rules, "format": fmt,
                           **about})
        if not exported["ok"]:          # puzz.link lacks room for clues and rules, f-puzzles for 25×25
            assert fmt == "puzzlink" or "size" in exported["error"]["message"], (fmt, exported["error"])
            TALLY[f"refused {fmt}"] += 1
            continue
        url = exported["result"]["url"]
        imported = handle({"op": "link_import", "url": url})
        assert imported["ok"], (fmt, url, imported["error"])
        back = imported["result"]
        TALLY[f"round trips {fmt}"] += 1
        assert back["kind"] == kind_key
        _accepted(kind_key, back)
        if fmt != "puzzlink":
            want = {key: (about.get(key) or "").strip() or None for key in ("title", "author", "rules_text")}
            assert {key: back[key] for key in want} == want, (fmt, url)
        assert _rules_held(kind_key, back["state"], back["rules"]) == _rules_held(kind_key, state, rules), (fmt, url)
        if before is None:
            before = _solutions(kind_key, rules, state=state)
        after = _solutions(kind_key, back["rules"], text=back["text"])
        if before is not None and after is not None:
            assert after == before, (fmt, url)
        damaged = _damage(url, data)
        again = handle({"op": "link_import", "url": damaged})
        if again["ok"]:
            TALLY["damaged links read"] += 1
            _accepted(again["result"]["kind"], again["result"])


def _rules_held(kind_key: str, state: dict, rules: list[str]) -> tuple[str, ...]:
    """The rules a puzzle holds, as its kind names them (an alias expanded, one name for one meaning)."""
    kind = KIND_BY_KEY[kind_key]
    return rules_of(kind, kind.from_state(read_state(layout_of(kind), state), rules=tuple(rules)))


def _damage(url: str, data) -> str:
    """The link with one character changed, dropped or doubled."""
    i = data.draw(st.integers(0, len(url) - 1), label="damaged at")
    how = data.draw(st.sampled_from(["change", "drop", "double"]), label="damage")
    if how == "drop":
        return url[:i] + url[i + 1:]
    if how == "double":
        return url[:i] + url[i] + url[i:]
    return url[:i] + data.draw(st.sampled_from("0aZ_~-./%+=!é"), label="to") + url[i + 1:]


@pytest.mark.parametrize("kind_key", KIND_KEYS)
def test_export_then_import_keeps_the_puzzle(kind_key):
    @_settings(SAMPLE["sudoku" if kind_key == "sudoku" else "other"])
    @given(drawn=puzzles(kind_key), about=ABOUTS, data=st.data())
    def run(drawn, about, data):
        _round_trip(kind_key, drawn, about, data)

    run()


def test_every_constraint_type_is_drawn():
    """The sudoku strategy draws from every constraint type the layout has (so the round trip above
    covers each of them, those of several cells among them)."""
    names = {choice["name"] for _, choice in CHOICES}
    assert names >= {"killer", "clone", "thermo", "arrow", "renban", "white", "quadruple", "sandwich", "littlekiller",
                     "odd", "minimum", "region", "extraregion", "boxindexer", "zipper"}
    assert len(names) == len(CHOICES) >= 30


# -- one size limit at every door -----------------------------------------------------------------------
LIMIT_LINES = {"killer": "killer 3: r1c1 r1c2", "odd": "odd: r1c1", "white": "white: r1c1 r1c2",
               "thermo": "thermo: r1c1 r1c2", "sandwich": "sandwich 0: r0c1", "extraregion": "extraregion: r1c1 r2c2"}


@pytest.mark.parametrize("name", sorted(LIMIT_LINES))
def test_one_item_limit_holds_at_the_text_state_and_link_doors(name):
    """Around the item limit, a puzzle is taken at the text door exactly when its state is taken and
    when its f-puzzles, SudokuPad and page links are: one limit, at every door."""
    from gridlogic.kinds.sudoku.constraints import read_line
    from gridlogic.kinds.sudoku.links.fpuzzles import to_fpuzzles
    from gridlogic.layout import MAX_ITEMS
    from gridlogic.codecs.page import encode_state, link_hash

    line = LIMIT_LINES[name]
    one = read_line(line, 4)
    for n in (MAX_ITEMS - 1, MAX_ITEMS, MAX_ITEMS + 1):
        text = "....\n" * 4 + (line + "\n") * n
        taken = handle({"op": "parse", "kind": "sudoku", "text": text})["ok"]
        state = sudoku.to_state(sudoku.parse("....\n" * 4))
        part = next(p for p in layout_of(sudoku)["parts"] if any(c["name"] == name for c in p["choices"]))
        item = sudoku.to_state(sudoku.parse("....\n" * 4 + line))["parts"][part["key"]][0]
        state["parts"][part["key"]] = [item] * n
        doors = {"state": handle({"op": "parse", "kind": "sudoku", "state": state})["ok"]}
        parts = {"size": 4, "givens": [0] * 16, "regions": None, "rules": [], "constraints": [one] * n}
        for fmt in ("fpuzzles", "sudokupad"):
            doors[fmt] = handle({"op": "link_import", "url": to_fpuzzles(parts, sudokupad=fmt == "sudokupad")})["ok"]
        page_url = "#" + link_hash("sudoku", [], encode_state(layout_of(sudoku), state))
        doors["page"] = handle({"op": "link_import", "url": page_url})["ok"]
        assert taken == (n <= MAX_ITEMS) and set(doors.values()) == {taken}, (n, taken, doors)
