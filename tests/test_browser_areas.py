"""Cave and Yin-Yang in Debian's Chromium (Playwright): in one page each genre's example is opened in
play mode, its solution entered (a press shades a cell or makes it black and a drag paints a row's run;
the right button, dragged, paints Yin-Yang's white cells) and the solved moment shown; then the same
by touch at a phone's 390×844 (a tap shades, a second tap makes a cell white)."""

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

EXAMPLES = {"cave": "pzprjs 6×6", "yinyang": "pzprjs 5×5"}


def kind_info(kind: str) -> dict:
    return next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == kind)


def looks(kind: str, value: int):
    """The class of a cell holding the kind's value, as the play layer draws it."""
    return re.compile(rf"\bentry-{kind_info(kind)['values'][str(value)]['word']}\b")


def runs(kind: str) -> dict[int, list[tuple[int, int, int]]]:
    """(r, first c, last c) of each run in a row of the example's answer, for each value the player
    enters: 1 the black cells, 0 the cells the answer shows as entered white (Yin-Yang's)."""
    state = next(e for e in kind_info(kind)["examples"] if e["name"] == EXAMPLES[kind])["state"]
    answer = api.handle({"op": "solve", "kind": kind, "state": state})["result"]
    assert answer["status"] == "unique"
    out: dict = {1: [], 0: []}
    for x in answer["board"]["cells"]:
        value = 1 if x["role"] == "black" else 0 if x["role"] == "solved" else None
        if value is None:
            continue
        row = out[value]
        if row and row[-1][0] == x["r"] and row[-1][2] == x["c"] - 1:
            row[-1] = (x["r"], row[-1][1], x["c"])
        else:
            row.append((x["r"], x["c"], x["c"]))
    return out


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


def test_entering_the_answers_by_mouse_solves_them(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 1280, "height": 800}):
        for kind in EXAMPLES:
            open_example(page, kind)
            for value, button in ((1, "left"), (0, "right")):
                for r, first, last in runs(kind)[value]:
                    page.mouse.move(*centre(page, r, first))
                    page.mouse.down(button=button)
                    page.mouse.move(*centre(page, r, last), steps=4 * (last - first) + 1)
                    page.mouse.up(button=button)
                    for c in range(first, last + 1):
                        expect(cell(page, r, c)).to_have_class(looks(kind, value))
            assert_solved(page)


def test_entering_the_answers_by_touch_on_a_phone(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 390, "height": 844}, has_touch=True,
                           is_mobile=True):
        for kind in EXAMPLES:
            open_example(page, kind)
            for value, taps in ((1, 1), (0, 2)):
                for r, first, last in runs(kind)[value]:
                    for c in range(first, last + 1):
                        for _ in range(taps):
                            page.touchscreen.tap(*centre(page, r, c))
                        expect(cell(page, r, c)).to_have_class(looks(kind, value))
            assert_solved(page)
