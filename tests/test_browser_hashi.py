"""Hashiwokakero played in the page, in Debian's Chromium: one page at a desktop's 1280×800 plays the
example by mouse, one page at a phone's 390×844 by touch (touch events); each opens the example in play
mode, sees the islands in circles, draws the answer Python finds as puzz.link players do (a drag from an island to the next for a
bridge, the same drag again for a double one), and sees the solved moment."""

from __future__ import annotations

import json
import re

import pytest

from gridlogic import api
from test_browser import _missing, cell, open_ready, server, site, touch_drag  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401
from test_browser_paths import centre, mouse_drag

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

EXAMPLES = {"hashi": "5×5"}      # the kind and the example played
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module", autouse=True)
def bridges_on_the_page(site):  # noqa: F811
    kinds = [k["key"] for k in json.loads((site / "kinds.json").read_text())["kinds"]]
    for key in EXAMPLES:
        if key not in kinds:
            _missing(f"{key} is not in {site / 'kinds.json'} yet")


def the_bridges(kind: str) -> list[tuple[tuple[int, int], tuple[int, int], int]]:
    """The example's answer as bridges: the two islands (r, c) each joins, and its count."""
    info = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == kind)
    state = next(e for e in info["examples"] if e["name"] == EXAMPLES[kind])["state"]
    result = api.handle({"op": "solve", "kind": kind, "state": state})["result"]
    assert result["status"] == "unique"
    island = {divmod(i, state["cols"]) for i, v in enumerate(state["cells"]) if v}
    out = set()
    for look, count in (("line", 1), ("double", 2)):
        for y, x in result["board"]["lattice_marks"].get(look, []):
            dr, dc = (0, 1) if y % 2 else (1, 0)
            a = ((y - 1) // 2, (x - 1) // 2)                     # the cell before the point
            while a not in island:
                a = (a[0] - dr, a[1] - dc)
            b = (a[0] + dr, a[1] + dc)
            while b not in island:
                b = (b[0] + dr, b[1] + dc)
            out.add((a, b, count))
    return sorted(out)


def play(page, kind: str, drag) -> None:
    page.get_by_test_id("kind").select_option(kind)
    page.get_by_test_id("examples").select_option(value=EXAMPLES[kind])
    if page.locator("body").get_attribute("data-mode") != "play":
        page.get_by_test_id("mode-play").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.get_by_test_id("solved")).to_be_hidden()
    page.get_by_test_id("board").scroll_into_view_if_needed()
    bridges = the_bridges(kind)
    a, b, _ = bridges[0]
    ring = re.compile(r"(^|\s)ring(\s|$)")
    expect(cell(page, *a)).to_have_class(ring)            # islands are drawn in circles, the water is not
    between = (a[0], a[1] + 1) if a[0] == b[0] else (a[0] + 1, a[1])
    if between != b:
        expect(cell(page, *between)).not_to_have_class(ring)
    for a, b, count in bridges:
        for _ in range(count):                 # a second drag over the same way makes it double
            drag(page, [centre(page, *a), centre(page, *b)])
    expect(page.get_by_test_id("solved")).to_be_visible()
    expect(page.get_by_test_id("solved-text")).to_contain_text("Solved")


def test_each_genre_played_by_mouse(browser, server):  # noqa: F811
    pages = open_ready(browser, server, viewport={"width": 1280, "height": 800})
    page = next(pages)
    for kind in EXAMPLES:
        play(page, kind, mouse_drag)
    next(pages, None)


def test_each_genre_played_by_touch_on_a_phone(browser, server):  # noqa: F811
    pages = open_ready(browser, server, viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    page = next(pages)
    for kind in EXAMPLES:
        play(page, kind, touch_drag)
    next(pages, None)
