"""The shading genres in Debian's Chromium (Playwright): each opened on an example in play mode, its
solution entered by mouse (a press shades a cell, a drag paints a row's run, the right button dots)
shows the solved moment; each genre the same by touch at a phone's 390×844, in one page. A number's cell takes no
shading."""

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

EXAMPLES = {"nurikabe": "pzprjs 5×5", "hitori": "pzprjs 4×4", "heyawake": "pzprjs 6×6", "starbattle": "pzprjs 6×6"}
CLUE = {"nurikabe": (0, 1)}                 # a clue cell of the example: it takes no shading


@pytest.fixture(scope="module")
def app(browser, server):  # noqa: F811
    yield from open_ready(browser, server, viewport={"width": 1280, "height": 800})


def marked(kind: str):
    """The class of a cell holding the kind's value 1 (shaded, a star), as the play layer draws it."""
    info = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == kind)
    return re.compile(rf"\bentry-{info['values']['1']['word']}\b")


def answer_of(kind: str) -> dict:
    """The example's unique answer, as the API gives it."""
    kinds = {k["key"]: k for k in api.handle({"op": "kinds"})["result"]["kinds"]}
    state = next(e for e in kinds[kind]["examples"] if e["name"] == EXAMPLES[kind])["state"]
    answer = api.handle({"op": "solve", "kind": kind, "state": state})["result"]
    assert answer["status"] == "unique"
    return answer


def shaded_runs(kind: str) -> list[tuple[int, int, int]]:
    """(r, first c, last c) of each run of shaded cells in a row of the example's unique answer."""
    black = {(x["r"], x["c"]) for x in answer_of(kind)["board"]["cells"] if x["role"] == "black"}
    runs = []
    for r, c in sorted(black):
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


@pytest.mark.parametrize("kind", list(EXAMPLES))
def test_shading_the_answer_by_mouse_solves_it(app, kind):
    open_example(app, kind)
    if kind in CLUE:
        app.mouse.click(*centre(app, *CLUE[kind]))
        expect(cell(app, *CLUE[kind])).not_to_have_class(re.compile(r"\bentry\b"))
    runs = shaded_runs(kind)
    layout = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == kind)["layout"]
    roles = ("empty",) if layout["play"]["on"] == "empty" else ("empty", "given")
    r, c = next((x["r"], x["c"]) for x in answer_of(kind)["board"]["cells"] if x["role"] in roles)
    app.mouse.click(*centre(app, r, c), button="right")            # the right button dots an unshaded cell
    expect(cell(app, r, c)).to_have_class(re.compile(r"\bentry\b"))
    expect(cell(app, r, c)).not_to_have_class(marked(kind))
    for r, first, last in runs:
        app.mouse.move(*centre(app, r, first))
        app.mouse.down()
        app.mouse.move(*centre(app, r, last), steps=4 * (last - first) + 1)
        app.mouse.up()
        for c in range(first, last + 1):
            expect(cell(app, r, c)).to_have_class(marked(kind))
    assert_solved(app)


def test_shading_by_touch_on_a_phone(browser, server):  # noqa: F811
    for page in open_ready(browser, server, viewport={"width": 390, "height": 844}, has_touch=True,
                           is_mobile=True):
        for kind in EXAMPLES:
            open_example(page, kind)
            for r, first, last in shaded_runs(kind):
                for c in range(first, last + 1):
                    page.touchscreen.tap(*centre(page, r, c))
                    expect(cell(page, r, c)).to_have_class(marked(kind))
            assert_solved(page)
