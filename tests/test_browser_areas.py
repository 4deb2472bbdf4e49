"""Cave and Yin-Yang in Debian's Chromium (Playwright): in one page each genre's example is opened in
play mode, its solution entered (a press shades a cell or makes it black and a drag paints a row's run;
the right button, dragged, paints Yin-Yang's white cells) and the solved moment shown; then the same
by touch at a phone's 390×844 (a tap shades, a second tap makes a cell white)."""

from __future__ import annotations

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from shading_play import assert_solved, drag_runs, open_example, runs, tap_runs
from test_browser import open_ready, server, site  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401

pytestmark = pytest.mark.browser

EXAMPLES = {"cave": "pzprjs 6×6", "yinyang": "pzprjs 5×5"}
ROLE = {1: "black", 0: "solved"}         # a value entered and the answer's cells that show it


def test_entering_the_answers_by_mouse_solves_them(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 1280, "height": 800}):
        for kind, example in EXAMPLES.items():
            open_example(page, kind, example)
            for value, button in ((1, "left"), (0, "right")):
                drag_runs(page, kind, runs(kind, example, ROLE[value]), value, button)
            assert_solved(page)


def test_entering_the_answers_by_touch_on_a_phone(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 390, "height": 844}, has_touch=True,
                           is_mobile=True):
        for kind, example in EXAMPLES.items():
            open_example(page, kind, example)
            for value, taps in ((1, 1), (0, 2)):
                tap_runs(page, kind, runs(kind, example, ROLE[value]), value, taps)
            assert_solved(page)
