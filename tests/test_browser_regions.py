"""The region and number genres in the page, in Debian's Chromium (Playwright): at a desktop's 1280×800,
one page opens each genre's example in play mode, enters its answer (the one Python finds) by mouse and
sees the solved moment, and opens its puzz.link URL pasted into the import box; at a phone's 390×844,
one page does the same by touch for each genre. Numbers are entered by their cell and the keypad;
borders by a drag (a finger's slide) from dot to dot along each one."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from gridlogic import api
from solved_entries import answer_entries
from test_browser import LOAD, cell, open_ready, server, site  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401
from test_browser_loops import mouse_drag, screen_point, touch_drag

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

KINDS = {k["key"]: k for k in api.handle({"op": "kinds"})["result"]["kinds"]}
EXAMPLES = {"ripple": "pzprjs 4×4", "shikaku": "pzprjs 6×6", "fillomino": "4×4"}
LINKS = {"ripple": "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1",
         "shikaku": "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/rect.html#6x6:d3a5_6b6n6b2_3a5d",
         "fillomino": "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h"}


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


def draw_border(page, y: int, x: int, touch: bool) -> None:
    """The border at edge point (y, x) drawn by a drag from one of its dots to the other."""
    state = page.editor_size
    if y % 2:                                  # between two cells of a row: a vertical stretch of border
        ends = [(y - 1, x), (y + 1, x)]
    else:
        ends = [(y, x - 1), (y, x + 1)]
    points = [screen_point(page, end, *state) for end in ends]
    touch_drag(page, points) if touch else mouse_drag(page, points)


def enter(page, kind: str, entry, touch: bool) -> None:
    """One entry of the answer: a number in a cell, or a border on the lattice."""
    if "lattice" in KINDS[kind]["layout"]["play"]:
        draw_border(page, entry[0], entry[1], touch)
    else:
        enter_number(page, *entry, touch)


def play(page, kind: str, touch: bool = False) -> None:
    """The example's answer entered, the solved moment seen only after the last entry."""
    load_example(page, kind)
    page.get_by_test_id("kind").scroll_into_view_if_needed()      # the page's top: the board whole in view
    page.get_by_test_id("board").scroll_into_view_if_needed()
    state = example_state(kind)
    page.editor_size = (state["rows"], state["cols"])
    entries = [e for e in answer_entries(kind, state) if e[2]]         # the borders drawn, not the open edges
    assert entries
    if KINDS[kind]["layout"]["play"].get("inner"):     # a border drawn along the frame is no mark (and no fault)
        draw_border(page, 0, 1, touch)
    for entry in entries[:-1]:
        enter(page, kind, entry, touch)
    page.wait_for_timeout(400)
    expect(page.get_by_test_id("solved")).to_be_hidden()
    enter(page, kind, entries[-1], touch)
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
