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
from test_browser_shading import EXAMPLES as SHADING
from test_browser_shading import answer_of, assert_solved, centre, marked, open_example, shaded_runs

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

EXAMPLES = {"aquarium": "pzprjs 4×4", "tapa": "pzprjs 5×5", "shakashaka": "pzprjs 6×6"}
CORNER = {4: (0.25, 0.25), 3: (0.75, 0.25), 2: (0.75, 0.75), 1: (0.25, 0.75)}    # a triangle: a press near its corner


@pytest.fixture(autouse=True)
def _examples(monkeypatch):
    """The shading helpers read the example's name from their table: ours join it."""
    monkeypatch.setattr("test_browser_shading.EXAMPLES", {**SHADING, **EXAMPLES})


def shade_by_mouse(page, kind: str) -> None:
    for r, first, last in shaded_runs(kind):
        page.mouse.move(*centre(page, r, first))
        page.mouse.down()
        page.mouse.move(*centre(page, r, last), steps=4 * (last - first) + 1)
        page.mouse.up()
        for c in range(first, last + 1):
            expect(cell(page, r, c)).to_have_class(marked(kind))


def shade_by_touch(page, kind: str) -> None:
    for r, first, last in shaded_runs(kind):
        for c in range(first, last + 1):
            page.touchscreen.tap(*centre(page, r, c))
            expect(cell(page, r, c)).to_have_class(marked(kind))


def triangles(kind: str) -> list[tuple[int, int, int]]:
    """(r, c, value) of each triangle of the example's unique answer (its glyph as the cell's text)."""
    info = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == kind)
    glyphs = {w["mark"]: int(v) for v, w in info["values"].items()}
    cells = answer_of(kind)["board"]["cells"]
    return [(x["r"], x["c"], glyphs[x["text"]]) for x in cells if x["role"] == "solved" and x["text"] in glyphs]


def press_corners(page, kind: str, tap: bool) -> None:
    for r, c, v in triangles(kind):
        box = cell(page, r, c).bounding_box()
        fx, fy = CORNER[v]
        at = (box["x"] + box["width"] * fx, box["y"] + box["height"] * fy)
        page.touchscreen.tap(*at) if tap else page.mouse.click(*at)
        expect(cell(page, r, c)).to_have_class(re.compile(r"\bentry\b"))


MOUSE = {"aquarium": shade_by_mouse, "tapa": shade_by_mouse,
         "shakashaka": lambda page, kind: press_corners(page, kind, tap=False)}
TOUCH = {"aquarium": shade_by_touch, "tapa": shade_by_touch,
         "shakashaka": lambda page, kind: press_corners(page, kind, tap=True)}


def test_each_genre_solved_by_mouse(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 1280, "height": 800}):
        for kind, play in MOUSE.items():
            open_example(page, kind)
            play(page, kind)
            assert_solved(page)


def test_each_genre_solved_by_touch_on_a_phone(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 390, "height": 844}, has_touch=True,
                           is_mobile=True):
        for kind, play in TOUCH.items():
            open_example(page, kind)
            play(page, kind)
            assert_solved(page)
