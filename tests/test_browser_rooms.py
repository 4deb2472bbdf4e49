"""Norinori, LITS and statue park in Debian's Chromium (Playwright): one page at a desktop's
1280×800 opens each genre's example in play mode, enters its solution by mouse (a drag paints a row's
run of shaded cells, the right button dots) and sees the solved moment; one page at a phone's 390×844
does the same by touch."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from gridlogic import api
from test_browser import cell, open_ready, server, site  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

EXAMPLES = {"norinori": "pzprjs 5×5", "lits": "pzprjs 4×4", "statuepark": "4×4"}
SHADED = re.compile(r"\bentry-shaded\b")


def shaded_runs(kind: str) -> list[tuple[int, int, int]]:
    """(r, first c, last c) of each run of shaded cells in a row of the example's unique answer."""
    kinds = {k["key"]: k for k in api.handle({"op": "kinds"})["result"]["kinds"]}
    state = next(e for e in kinds[kind]["examples"] if e["name"] == EXAMPLES[kind])["state"]
    answer = api.handle({"op": "solve", "kind": kind, "state": state})["result"]
    assert answer["status"] == "unique"
    runs: list[tuple[int, int, int]] = []
    for r, c in sorted((x["r"], x["c"]) for x in answer["board"]["cells"] if x["role"] == "black"):
        if runs and runs[-1][0] == r and runs[-1][2] == c - 1:
            runs[-1] = (r, runs[-1][1], c)
        else:
            runs.append((r, c, c))
    return runs


def open_example(page, kind: str) -> None:
    page.get_by_test_id("kind").select_option(kind)
    page.get_by_test_id("examples").select_option(value=EXAMPLES[kind])
    if page.locator("body").get_attribute("data-mode") != "play":
        page.get_by_test_id("mode-play").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.get_by_test_id("solved")).to_be_hidden()


def centre(page, r: int, c: int) -> tuple[float, float]:
    box = cell(page, r, c).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def assert_solved(page) -> None:
    expect(page.get_by_test_id("solved")).to_be_visible(timeout=60_000)
    expect(page.get_by_test_id("solved-text")).to_have_text(re.compile(r"^Solved.* in \d+:\d\d!"))


def test_each_genre_solved_by_mouse(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 1280, "height": 800}):
        for kind in EXAMPLES:
            open_example(page, kind)
            runs = shaded_runs(kind)
            black = {(r, c) for r, a, b in runs for c in range(a, b + 1)}
            dot = next((0, c) for c in range(10) if (0, c) not in black)
            page.mouse.click(*centre(page, *dot), button="right")       # the right button dots a cell
            expect(cell(page, *dot)).to_have_class(re.compile(r"\bentry\b"))
            expect(cell(page, *dot)).not_to_have_class(SHADED)
            for r, first, last in runs:
                page.mouse.move(*centre(page, r, first))
                page.mouse.down()
                page.mouse.move(*centre(page, r, last), steps=4 * (last - first) + 1)
                page.mouse.up()
                for c in range(first, last + 1):
                    expect(cell(page, r, c)).to_have_class(SHADED)
            assert_solved(page)


def test_each_genre_solved_by_touch_on_a_phone(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 390, "height": 844}, has_touch=True,
                           is_mobile=True):
        for kind in EXAMPLES:
            open_example(page, kind)
            for r, first, last in shaded_runs(kind):
                for c in range(first, last + 1):
                    page.touchscreen.tap(*centre(page, r, c))
                    expect(cell(page, r, c)).to_have_class(SHADED)
            assert_solved(page)
