"""Futoshiki in the page's one editor (web/editor.js), in Debian's Chromium: the kind with no JS.

A 5×5 futoshiki entered with digits (keys and the keypad) and signs (keys on the board and clicks
on the gaps between cells) is the puzzle meant (its editing state, and the text the engine's
`parse` gives the Text… box); it solves uniquely to the solution Python finds through gridlogic's
API; a digit that contradicts a sign says `no solution`, as Python does; the share link reopens the
digits and the signs in a fresh browser context.
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from gridlogic import api
from gridlogic.kinds import futoshiki
from gridlogic.kinds.futoshiki.grid import Puzzle
from test_browser import _missing, browser, cell, editor_state  # noqa: F401 - fixtures
from test_browser_kakuro_puzlogic import (  # noqa: F401 - fixtures
    app,
    board,
    cells,
    expect,
    expect_unique,
    move_to,
    pick_kind,
    python_solve,
    server,
    share_round_trip,
    site,
    solve_and_expect,
)

pytestmark = pytest.mark.browser

N = 5
GIVENS = {(0, 4): "2", (1, 3): "5"}
# The signs: h between (r, c) and (r, c+1), v between (r, c) and (r+1, c); with the givens a puzzle
# Python finds unique (checked below, never assumed). How each is entered: a key on the board with
# the cursor on (r, c), or clicks on its gap (each click cycles "" → the signs in layout order).
SIGNS = {("h", 0, 0): (">", "key"), ("v", 0, 1): ("v", "key"), ("v", 2, 1): ("v", "click"),
         ("v", 2, 2): ("^", "click"), ("h", 3, 1): (">", "click"), ("v", 3, 3): ("v", "key"),
         ("v", 3, 4): ("^", "key")}


@pytest.fixture(scope="module", autouse=True)
def futoshiki_on_the_page(site):
    """Futoshiki is one of the built site's kinds (skipped until it is; a failure under CI)."""
    kinds = [k["key"] for k in json.loads((site / "kinds.json").read_text())["kinds"]]
    if "futoshiki" not in kinds:
        _missing(f"futoshiki is not in {site / 'kinds.json'} yet (kinds: {', '.join(kinds)})")


def the_state() -> dict:
    """The puzzle as an editing state (gridlogic/layout.py)."""
    cells_ = ["" for _ in range(N * N)]
    for (r, c), digit in GIVENS.items():
        cells_[r * N + c] = digit
    marks = {"h": [""] * (N * (N - 1)), "v": [""] * ((N - 1) * N)}
    for (way, r, c), (sign, _) in SIGNS.items():
        marks[way][r * (N - 1 if way == "h" else N) + c] = sign
    return {"rows": N, "cols": N, "cells": cells_, "marks": marks}


def the_puzzle(state: dict) -> Puzzle:
    response = api.handle({"op": "parse", "kind": "futoshiki", "state": state})
    assert response["ok"], response
    return futoshiki.parse(response["result"]["text"])


def test_futoshiki_entered_with_digits_and_signs_solves_uniquely(app):
    """Digits by key and keypad, signs by keys and clicks on gaps: the state and text meant, unique,
    and the digits drawn are the solution Python finds."""
    state = the_state()
    pick_kind(app, "futoshiki")
    app.get_by_test_id("size").select_option(label=f"{N}×{N}")
    app.get_by_test_id("clear").click()
    expect(cells(app)).to_have_count(N * N)
    expect(app.locator("[data-testid^=mark-h-]")).to_have_count(N * (N - 1))
    expect(app.locator("[data-testid^=mark-v-]")).to_have_count((N - 1) * N)
    move_to(app, 0, 4)
    board(app).press(GIVENS[0, 4])
    move_to(app, 1, 3)
    app.get_by_test_id(f"key-{GIVENS[1, 3]}").click()
    for (way, r, c), (sign, how) in SIGNS.items():
        gap = app.get_by_test_id(f"mark-{way}-{r}-{c}")
        if how == "key":
            move_to(app, r, c)
            if way == "h":
                board(app).press("<" if sign == ">" else ">")     # the other sign first: replaced
            board(app).press(sign)
        else:
            order = futoshiki.layout()["marks"][way]
            for _ in range(order.index(sign) + 1):
                gap.click()
        expect(gap).to_have_text(sign)
    board(app).press("ArrowRight")
    board(app).press("<")
    board(app).press("<")                                  # the same sign again removes it
    assert editor_state(app) == state
    expect_unique(app, futoshiki, the_puzzle(state))
    for (r, c), digit in GIVENS.items():
        expect(cell(app, r, c)).to_have_class(re.compile(r"\bgiven\b"))
        expect(cell(app, r, c)).to_have_text(digit)
    assert not app.errors


def test_futoshiki_share_link_round_trips_the_signs(app, browser, server):  # noqa: F811
    """The share link reopens the digits and every sign in a fresh browser context."""
    app.get_by_test_id("back-to-puzzle").click()
    assert editor_state(app)["marks"] == the_state()["marks"]
    share_round_trip(app, browser, server)


def test_futoshiki_contradiction_says_no_solution(app):
    """A 1 left of a `>` sign: no solution, as Python says."""
    move_to(app, 0, 0)
    board(app).press("1")
    state = the_state()
    state["cells"][0] = "1"
    assert editor_state(app) == state
    assert python_solve(futoshiki, state=state)["status"] == "none"
    solve_and_expect(app, "no solution")
    expect(app.locator("[data-testid=board] .cell.solved")).to_have_count(0)
