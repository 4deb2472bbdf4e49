"""Norinori, LITS and statue park in Debian's Chromium (Playwright): one page at a desktop's
1280×800 opens each genre's example in play mode, enters its solution by mouse (a drag paints a row's
run of shaded cells, the right button dots) and sees the solved moment; one page at a phone's 390×844
does the same by touch."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from shading_play import assert_solved, centre, drag_runs, marked, open_example, runs, tap_runs
from test_browser import cell, open_ready, server, site  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

EXAMPLES = {"norinori": "pzprjs 5×5", "lits": "pzprjs 4×4", "statuepark": "4×4"}
def test_each_genre_solved_by_mouse(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 1280, "height": 800}):
        for kind, example in EXAMPLES.items():
            open_example(page, kind, example)
            found = runs(kind, example)
            black = {(r, c) for r, a, b in found for c in range(a, b + 1)}
            dot = next((0, c) for c in range(10) if (0, c) not in black)
            page.mouse.click(*centre(page, *dot), button="right")       # the right button dots a cell
            expect(cell(page, *dot)).to_have_class(re.compile(r"\bentry\b"))
            expect(cell(page, *dot)).not_to_have_class(marked(kind))
            drag_runs(page, kind, found)
            assert_solved(page)


def test_each_genre_solved_by_touch_on_a_phone(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 390, "height": 844}, has_touch=True,
                           is_mobile=True):
        for kind, example in EXAMPLES.items():
            open_example(page, kind, example)
            tap_runs(page, kind, runs(kind, example))
            assert_solved(page)
