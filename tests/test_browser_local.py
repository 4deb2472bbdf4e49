"""Light up, tents, skyscrapers and kurodoko in the page, in Debian's Chromium (Playwright): for each,
an example opened in play mode, its answer (the one Python finds) entered by mouse on the board, and the
solved moment seen; each also by touch at a phone's viewport, in one page. Also a puzz.link URL and a Tatham game ID
pasted into the one import box open the puzzle."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from gridlogic import api
from solved_entries import answer_entries
from test_browser import LOAD, cell, editor_state, open_ready, server, site  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

KINDS = {k["key"]: k for k in api.handle({"op": "kinds"})["result"]["kinds"]}
EXAMPLES = {"lightup": "pzprjs 6x6", "tents": "pzprjs 5x5", "skyscrapers": "pzprjs 4x4", "kurodoko": "pzprjs 5x5"}
LINKS = {"lightup": ("https://puzz.link/p?lightup/6/6/nekcakbl", "7x7b20s4d0:bBe2c3c3aBaBgBaBaBcBc2e3b"),
         "tents": ("https://puzz.link/p?tents/5/5/2g0h1i1j82323",
                   "8x8de:_adra_fecbhac,1,2,0,4,0,3,0,2,1,2,1,2,1,3,0,2"),
         "skyscrapers": ("https://puzz.link/p?skyscrapers/4/4/k13h4j3g",
                         "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/towers.html#5:/3/3///3/2/2//3////2//3///2/,m1f2d"),
         "kurodoko": ("https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i", "5x5:c7a5f2f2a4c",
                      "https://puzz.link/p?kurodoko/9/9/h3j4g3j4l.j4g3j.ldl.j5g6j.l7j5g6j5h")}   # `?` clues (Noqx's)


@pytest.fixture(scope="module")
def app(browser, server):  # noqa: F811
    yield from open_ready(browser, server, viewport={"width": 1280, "height": 800})


def example_state(kind: str) -> dict:
    return next(e for e in KINDS[kind]["examples"] if e["name"] == EXAMPLES[kind])["state"]


def load_example(page, kind: str) -> None:
    page.get_by_test_id("kind").select_option(kind)
    page.get_by_test_id("examples").select_option(value=EXAMPLES[kind])
    if page.locator("body").get_attribute("data-mode") != "play":
        page.get_by_test_id("mode-play").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.get_by_test_id("solved")).to_be_hidden()


def mark(page, kind: str, r: int, c: int, n: int, touch: bool = False) -> None:
    """One answer cell marked as a puzz.link player does: a click (a tap) for the first value of the
    kind's cycle, a right click for the last; a number by its cell and then its key on the keypad."""
    target = cell(page, r, c)
    cycle = KINDS[kind]["layout"]["play"].get("cycle")
    if cycle is None:
        text = "0123456789ABCDEFG"[n]
        if target.get_attribute("aria-selected") != "true":
            target.tap() if touch else target.click()
        key = page.get_by_test_id(f"key-{text}")
        key.tap() if touch else key.click()
        expect(target).to_have_text(text)
        return
    if touch:
        for _ in range(cycle.index(n) + 1):
            target.tap()
    elif n == cycle[0]:
        target.click()
    else:
        target.click(button="right")
    said = KINDS[kind]["values"][str(n)]["mark"]
    if said == "■":                                   # a shaded cell is drawn filled, with no text
        expect(target).to_have_class(re.compile(r"\bfilled\b"))
    else:
        expect(target).to_have_text(said)


def assert_solved(page) -> None:
    expect(page.get_by_test_id("solved")).to_be_visible(timeout=60_000)
    expect(page.get_by_test_id("solved-text")).to_have_text(re.compile(r"^Solved.* in \d+:\d\d!"))
    expect(page.get_by_test_id("board")).to_have_attribute("data-locked", "1")


@pytest.mark.parametrize("kind", list(EXAMPLES))
def test_the_answer_entered_by_mouse_solves_it(app, kind):
    load_example(app, kind)
    entries = answer_entries(kind, example_state(kind))
    assert entries
    for r, c, n in entries[:-1]:
        mark(app, kind, r, c, n)
    expect(app.get_by_test_id("solved")).to_be_hidden()
    r, c, n = entries[-1]
    mark(app, kind, r, c, n)
    assert_solved(app)


@pytest.mark.parametrize("kind", list(LINKS))
def test_links_open_in_the_import_box(app, kind):
    app.get_by_test_id("kind").select_option("sudoku")
    for link in LINKS[kind]:
        if app.get_by_test_id("puzzlink-in").is_hidden():
            app.locator("details.share summary", has_text="Import a link").click()
        app.get_by_test_id("puzzlink-in").fill(link)
        app.get_by_test_id("import").click()
        expect(app.get_by_test_id("kind")).to_have_value(kind, timeout=LOAD)
        state = api.handle({"op": "link_import", "url": link})["result"]["state"]
        expect(app.locator("[data-testid=board] .cell")).to_have_count(state["rows"] * state["cols"])
        shown = editor_state(app)
        assert shown["cells"] == state["cells"] and shown.get("edges", {}) == state.get("edges", {})
        app.get_by_test_id("kind").select_option("sudoku")


def test_a_phone_solves_by_touch(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 390, "height": 844}, has_touch=True,
                           is_mobile=True):
        for kind in EXAMPLES:
            load_example(page, kind)
            for r, c, n in answer_entries(kind, example_state(kind)):
                mark(page, kind, r, c, n, touch=True)
            assert_solved(page)
