"""Aquarium, tapa and shakashaka in Debian's Chromium (Playwright): one page opens each genre's example
in play mode in turn, enters its solution by mouse (drags paint a row's run of shaded cells) and sees
the solved moment; a phone page (390×844, touch) does the same by taps."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from test_browser import cell, open_ready, server, site  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401
from gridlogic import api
from shading_play import answer_of, assert_solved, drag_runs, open_example, runs, tap_runs

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

EXAMPLES = {"aquarium": "pzprjs 4×4", "tapa": "pzprjs 5×5", "shakashaka": "pzprjs 6×6"}
CORNER = {4: (0.25, 0.25), 3: (0.75, 0.25), 2: (0.75, 0.75), 1: (0.25, 0.75)}    # a triangle: a press near its corner


def triangles(kind: str) -> list[tuple[int, int, int]]:
    """(r, c, value) of each triangle of the example's unique answer (its glyph as the cell's text)."""
    info = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == kind)
    glyphs = {w["mark"]: int(v) for v, w in info["values"].items()}
    cells = answer_of(kind, EXAMPLES[kind])["board"]["cells"]
    return [(x["r"], x["c"], glyphs[x["text"]]) for x in cells if x["role"] == "solved" and x["text"] in glyphs]


def press_corners(page, kind: str, tap: bool) -> None:
    for r, c, v in triangles(kind):
        box = cell(page, r, c).bounding_box()
        fx, fy = CORNER[v]
        at = (box["x"] + box["width"] * fx, box["y"] + box["height"] * fy)
        page.touchscreen.tap(*at) if tap else page.mouse.click(*at)
        expect(cell(page, r, c)).to_have_class(re.compile(r"\bentry\b"))


def shade_by_mouse(page, kind: str) -> None:
    drag_runs(page, kind, runs(kind, EXAMPLES[kind]))


def shade_by_touch(page, kind: str) -> None:
    tap_runs(page, kind, runs(kind, EXAMPLES[kind]))


MOUSE = {"aquarium": shade_by_mouse, "tapa": shade_by_mouse,
         "shakashaka": lambda page, kind: press_corners(page, kind, tap=False)}
TOUCH = {"aquarium": shade_by_touch, "tapa": shade_by_touch,
         "shakashaka": lambda page, kind: press_corners(page, kind, tap=True)}


def test_each_genre_solved_by_mouse(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 1280, "height": 800}):
        for kind, play in MOUSE.items():
            open_example(page, kind, EXAMPLES[kind])
            play(page, kind)
            assert_solved(page)


def test_each_genre_solved_by_touch_on_a_phone(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 390, "height": 844}, has_touch=True,
                           is_mobile=True):
        for kind, play in TOUCH.items():
            open_example(page, kind, EXAMPLES[kind])
            play(page, kind)
            assert_solved(page)


# Noqx's tapa example: clues with numbers not given ("?,?", "?,?,?"), which the editor holds as words.
WORD_URL = "https://puzz.link/p?tapa/10/10/i0ha0t1h2hb0t3h4h.q.h5h6ha0o.g.h7h8g.o./"


def test_tapa_clues_with_numbers_not_given_open_type_and_solve(browser, server):  # noqa: F811
    """A puzz.link tapa whose clues hold several "?" opens from the import box and solves unique; in
    edit mode a clue is typed as one word, digits and ? one after another (`3?`), and read back by the
    engine; the keypad offers the clue digits 0-8 only."""
    for page in open_ready(browser, server, viewport={"width": 1280, "height": 800}):
        if page.get_by_test_id("puzzlink-in").is_hidden():
            page.locator("details.share summary", has_text="Import a link").click()
        page.get_by_test_id("puzzlink-in").fill(WORD_URL)
        page.get_by_test_id("import").click()
        expect(page.get_by_test_id("kind")).to_have_value("tapa")
        expect(page.get_by_test_id("status")).to_have_text("imported")
        state = api.handle({"op": "link_import", "url": WORD_URL})["result"]["state"]
        for i, v in enumerate(state["cells"]):
            if "?" in v:
                expect(cell(page, *divmod(i, 10))).to_have_attribute("data-value", v)
        page.get_by_test_id("solve").click()
        expect(page.get_by_test_id("status")).to_have_text(re.compile(r"^unique solution"))
        page.get_by_test_id("mode-edit").click()
        cell(page, 1, 1).click()
        for key in "3?":
            page.keyboard.press(key)
        expect(cell(page, 1, 1)).to_have_attribute("data-value", "3?")
        expect(cell(page, 1, 1)).to_have_text(re.compile(r"^3\?"))
        assert page.get_by_test_id("key-9").count() == 0 and page.get_by_test_id("key-8").count() == 1
        page.get_by_test_id("solve").click()
        expect(page.get_by_test_id("status")).to_have_text(re.compile(r"solution"))
