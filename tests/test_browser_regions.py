"""The region and number genres in the page, in Debian's Chromium (Playwright): at a desktop's 1280×800,
one page opens each genre's example in play mode, enters its answer (the one Python finds) by mouse and
sees the solved moment, and opens its puzz.link URL pasted into the import box; at a phone's 390×844,
one page does the same by touch for each genre."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from gridlogic import api
from solved_entries import answer_entries
from test_browser import LOAD, cell, open_ready, server, site  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

KINDS = {k["key"]: k for k in api.handle({"op": "kinds"})["result"]["kinds"]}
EXAMPLES = {"ripple": "pzprjs 4×4"}
LINKS = {"ripple": "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1"}


def example_state(kind: str) -> dict:
    return next(e for e in KINDS[kind]["examples"] if e["name"] == EXAMPLES[kind])["state"]


def load_example(page, kind: str) -> None:
    page.get_by_test_id("kind").select_option(kind)
    page.get_by_test_id("examples").select_option(value=EXAMPLES[kind])
    if page.locator("body").get_attribute("data-mode") != "play":
        page.get_by_test_id("mode-play").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.get_by_test_id("solved")).to_be_hidden()


def enter_number(page, r: int, c: int, n: int, touch: bool) -> None:
    """A number as a player enters it: the cell selected (a click or a tap), then its key on the keypad."""
    target = cell(page, r, c)
    if target.get_attribute("aria-selected") != "true":
        target.tap() if touch else target.click()
    key = page.get_by_test_id(f"key-{n}")
    key.tap() if touch else key.click()
    expect(target).to_have_text(str(n))


def play(page, kind: str, touch: bool = False) -> None:
    """The example's answer entered, the solved moment seen only after the last entry."""
    load_example(page, kind)
    entries = answer_entries(kind, example_state(kind))
    assert entries
    for r, c, n in entries[:-1]:
        enter_number(page, r, c, n, touch)
    expect(page.get_by_test_id("solved")).to_be_hidden()
    enter_number(page, *entries[-1], touch)
    expect(page.get_by_test_id("solved")).to_be_visible(timeout=60_000)
    expect(page.get_by_test_id("solved-text")).to_have_text(re.compile(r"^Solved.* in \d+:\d\d!"))


def import_link(page, kind: str) -> None:
    """The genre's puzz.link URL pasted into the import box opens it."""
    if page.get_by_test_id("puzzlink-in").is_hidden():
        page.locator("details.share summary", has_text="Import a link").click()
    page.get_by_test_id("puzzlink-in").fill(LINKS[kind])
    page.get_by_test_id("import").click()
    expect(page.get_by_test_id("kind")).to_have_value(kind, timeout=LOAD)
    state = api.handle({"op": "link_import", "url": LINKS[kind]})["result"]["state"]
    expect(page.locator("[data-testid=board] .cell")).to_have_count(state["rows"] * state["cols"])


def test_each_genre_played_by_mouse_and_its_link_imported(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 1280, "height": 800}):
        for kind in EXAMPLES:
            play(page, kind)
            page.get_by_test_id("kind").select_option("sudoku")
            import_link(page, kind)


def test_each_genre_played_by_touch_on_a_phone(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 390, "height": 844}, has_touch=True,
                           is_mobile=True):
        for kind in EXAMPLES:
            play(page, kind, touch=True)
