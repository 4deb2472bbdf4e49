"""The path genres played in the page, in Debian's Chromium: one page at a desktop's 1280×800 plays each
genre's example by mouse, one page at a phone's 390×844 by touch (touch events); each opens the example
in play mode, draws the answer Python finds, and sees the solved moment. Numberlink's lines are drawn
one drag per line, from number to number through cell centres."""

from __future__ import annotations

import json

import pytest

from gridlogic import api
from test_browser import _missing, cell, open_ready, server, site, touch_drag  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

EXAMPLES = {"numberlink": "5×5"}      # the kind and the example played
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module", autouse=True)
def paths_on_the_page(site):  # noqa: F811
    kinds = [k["key"] for k in json.loads((site / "kinds.json").read_text())["kinds"]]
    for key in EXAMPLES:
        if key not in kinds:
            _missing(f"{key} is not in {site / 'kinds.json'} yet")


def the_lines(kind: str) -> tuple[dict, list[list[tuple[int, int]]]]:
    """The example's state and its answer's lines, each the cells (r, c) from one number to the other."""
    info = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == kind)
    state = next(e for e in info["examples"] if e["name"] == EXAMPLES[kind])["state"]
    result = api.handle({"op": "solve", "kind": kind, "state": state})["result"]
    assert result["status"] == "unique"
    near: dict = {}
    for y, x in result["board"]["lattice_marks"]["line"]:
        a, b = ((y // 2, x // 2 - 1), (y // 2, x // 2)) if y % 2 else ((y // 2 - 1, x // 2), (y // 2, x // 2))
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    lines, done = [], set()
    for start in sorted(near):
        if len(near[start]) != 1 or start in done:
            continue
        path = [start]
        while len(path) == 1 or len(near[path[-1]]) == 2:
            path.append(next(w for w in near[path[-1]] if len(path) < 2 or w != path[-2]))
        done.add(path[-1])
        lines.append(path)
    return state, lines


def mouse_drag(page, points) -> None:
    page.mouse.move(*points[0])
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*point, steps=4)
    page.mouse.up()


def centre(page, r: int, c: int) -> tuple[float, float]:
    box = cell(page, r, c).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def open_example(page, kind: str) -> None:
    page.get_by_test_id("kind").select_option(kind)
    page.get_by_test_id("examples").select_option(value=EXAMPLES[kind])
    if page.locator("body").get_attribute("data-mode") != "play":
        page.get_by_test_id("mode-play").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.get_by_test_id("solved")).to_be_hidden()


def play(page, kind: str, drag) -> None:
    open_example(page, kind)
    state, lines = the_lines(kind)
    page.get_by_test_id("board").scroll_into_view_if_needed()
    for line in lines:
        drag(page, [centre(page, r, c) for r, c in line])
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
