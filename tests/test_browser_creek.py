"""Creek in Debian's Chromium (Playwright): at a desktop's 1280×800, a puzz.link URL pasted into the
import box opens with its corners' numbers, a number entered on a corner in edit
mode (a click near the corner, a digit; Backspace clears it, an arrow moves to the next corner), then the
example's answer shaded by mouse shows the solved moment; at a phone's 390×844, the same by touch (the
corner's number by the keypad's buttons)."""

from __future__ import annotations

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from shading_play import assert_solved, drag_runs, open_example, runs, tap_runs
from test_browser import cell, open_ready, server, site  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401
from test_browser_page import open_import

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

KIND, EXAMPLE = "creek", "4×4"
TOP_RIGHT = "0,8"                 # the example's 0 on the grid's top-right corner, lattice point (0, 8)
PZPRJS_URL = "https://puzz.link/p?creek/6/6/gagaich2cgb6769dt"       # pzprjs test/script/creek.js


def number(page, point: str):
    return page.locator(f"[data-testid=board] [data-corners] g[data-corner='{point}']")


def near_top_right(page) -> tuple[float, float]:
    box = cell(page, 0, 3).bounding_box()
    return box["x"] + box["width"] * 0.95, box["y"] + box["height"] * 0.05


def enter_the_corner(page, press, keypad: bool = False) -> None:
    """In edit mode: the top-right corner selected, its 0 cleared and typed again (by keys, or by the
    keypad's buttons on a phone); an arrow key moves the selection to the corner below it."""
    page.get_by_test_id("kind").select_option(KIND)
    page.get_by_test_id("examples").select_option(value=EXAMPLE)
    if page.locator("body").get_attribute("data-mode") != "edit":
        page.get_by_test_id("mode-edit").click()
    expect(number(page, TOP_RIGHT)).to_have_attribute("data-number", "0")
    press(*near_top_right(page))
    expect(page.get_by_test_id("corner-cursor")).to_have_attribute("data-corner", TOP_RIGHT)
    key = (lambda k: page.get_by_test_id(f"key-{k}").tap()) if keypad else page.keyboard.press
    key("erase" if keypad else "Backspace")
    expect(number(page, TOP_RIGHT)).to_have_count(0)
    key("0")
    expect(number(page, TOP_RIGHT)).to_have_attribute("data-number", "0")
    if not keypad:
        page.keyboard.press("ArrowDown")
        expect(page.get_by_test_id("corner-cursor")).to_have_attribute("data-corner", "2,8")


def test_a_corner_number_by_mouse_then_the_answer_solves_it(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 1280, "height": 800}):
        open_import(page)                                       # a puzz.link URL opens with its corners' numbers
        page.get_by_test_id("puzzlink-in").fill(PZPRJS_URL)
        page.get_by_test_id("import").click()
        expect(page.get_by_test_id("kind")).to_have_value(KIND)
        expect(number(page, "0,2")).to_have_attribute("data-number", "0")
        expect(number(page, "8,4")).to_have_attribute("data-number", "4")
        enter_the_corner(page, page.mouse.click)
        open_example(page, KIND, EXAMPLE)
        drag_runs(page, KIND, runs(KIND, EXAMPLE))
        assert_solved(page)


def test_a_corner_number_by_touch_on_a_phone(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True):
        enter_the_corner(page, page.touchscreen.tap, keypad=True)
        open_example(page, KIND, EXAMPLE)
        tap_runs(page, KIND, runs(KIND, EXAMPLE))
        assert_solved(page)
