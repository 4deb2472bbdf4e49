"""Araf in the page, in Debian's Chromium (Playwright): at a desktop's 1280×800, one page opens the
example in play mode, draws its answer's borders (the one Python finds) by mouse and sees the solved
moment, then opens a puzz.link URL pasted into the import box; at a phone's 390×844, one page does the
same by touch. Borders are drawn by a drag (a finger's slide) from dot to dot along each one."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from gridlogic import api
from solved_entries import answer_entries
from test_browser import LOAD, open_ready, server, site  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401
from test_browser_regions import draw_border

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

KIND = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == "araf")
EXAMPLE = "4×4"
LINK = "https://puzz.link/p?araf/5/5/457m3i8ma57"


def play(page, touch: bool = False) -> None:
    """The example opened in play mode, its answer's borders drawn, the solved moment seen only after
    the last one."""
    page.get_by_test_id("kind").select_option("araf")
    page.get_by_test_id("examples").select_option(value=EXAMPLE)
    if page.locator("body").get_attribute("data-mode") != "play":
        page.get_by_test_id("mode-play").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.get_by_test_id("solved")).to_be_hidden()
    page.get_by_test_id("kind").scroll_into_view_if_needed()
    page.get_by_test_id("board").scroll_into_view_if_needed()
    state = next(e for e in KIND["examples"] if e["name"] == EXAMPLE)["state"]
    page.editor_size = (state["rows"], state["cols"])
    entries = [e for e in answer_entries("araf", state) if e[2]]
    assert entries
    for entry in entries[:-1]:
        draw_border(page, entry[0], entry[1], touch)
    page.wait_for_timeout(400)
    expect(page.get_by_test_id("solved")).to_be_hidden()
    draw_border(page, entries[-1][0], entries[-1][1], touch)
    expect(page.get_by_test_id("solved")).to_be_visible(timeout=60_000)
    expect(page.get_by_test_id("solved-text")).to_have_text(re.compile(r"^Solved.* in \d+:\d\d!"))


def import_link(page) -> None:
    """The puzz.link URL pasted into the import box opens the puzzle."""
    page.get_by_test_id("kind").select_option("sudoku")
    if page.get_by_test_id("puzzlink-in").is_hidden():
        page.locator("details.share summary", has_text="Import a link").click()
    page.get_by_test_id("puzzlink-in").fill(LINK)
    page.get_by_test_id("import").click()
    expect(page.get_by_test_id("kind")).to_have_value("araf", timeout=LOAD)
    expect(page.locator("[data-testid=board] .cell")).to_have_count(25)
    expect(page.locator("[data-testid=board] .cell", has_text=re.compile(r"^10$"))).to_have_count(1)


def test_araf_played_by_mouse_and_its_link_imported(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 1280, "height": 800}):
        play(page)
        import_link(page)


def test_araf_played_by_touch_on_a_phone(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 390, "height": 844}, has_touch=True,
                           is_mobile=True):
        play(page, touch=True)
