"""The shading genres in Debian's Chromium (Playwright): each opened on an example in play mode, its
solution entered by mouse (a press shades a cell, a drag paints a row's run, the right button dots)
shows the solved moment; each genre the same by touch at a phone's 390×844, in one page. A number's
cell takes no shading."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from shading_play import answer_of, assert_solved, centre, drag_runs, kind_info, marked, open_example, runs, tap_runs
from test_browser import cell, open_ready, server, site  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

EXAMPLES = {"nurikabe": "pzprjs 5×5", "hitori": "pzprjs 4×4", "heyawake": "pzprjs 6×6", "starbattle": "pzprjs 6×6"}
CLUE = {"nurikabe": (0, 1)}                 # a clue cell of the example: it takes no shading


@pytest.fixture(scope="module")
def app(browser, server):  # noqa: F811
    yield from open_ready(browser, server, viewport={"width": 1280, "height": 800})


@pytest.mark.parametrize("kind", list(EXAMPLES))
def test_shading_the_answer_by_mouse_solves_it(app, kind):
    open_example(app, kind, EXAMPLES[kind])
    if kind in CLUE:
        app.mouse.click(*centre(app, *CLUE[kind]))
        expect(cell(app, *CLUE[kind])).not_to_have_class(re.compile(r"\bentry\b"))
    layout = kind_info(kind)["layout"]
    roles = ("empty",) if layout["play"]["on"] == "empty" else ("empty", "given")
    r, c = next((x["r"], x["c"]) for x in answer_of(kind, EXAMPLES[kind])["board"]["cells"] if x["role"] in roles)
    app.mouse.click(*centre(app, r, c), button="right")            # the right button dots an unshaded cell
    expect(cell(app, r, c)).to_have_class(re.compile(r"\bentry\b"))
    expect(cell(app, r, c)).not_to_have_class(marked(kind))
    drag_runs(app, kind, runs(kind, EXAMPLES[kind]))
    assert_solved(app)


def test_shading_by_touch_on_a_phone(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 390, "height": 844}, has_touch=True,
                           is_mobile=True):
        for kind in EXAMPLES:
            open_example(page, kind, EXAMPLES[kind])
            tap_runs(page, kind, runs(kind, EXAMPLES[kind]))
            assert_solved(page)
