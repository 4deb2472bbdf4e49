"""The loop genres that shade or divide cells (yajilin, …) played in the page, in Debian's Chromium: one
page at a desktop's 1280×800 plays each by mouse (its example opened in play mode, the answer Python finds
entered: shaded cells tapped, the loop drawn by one drag through the cell centres), and one at a phone's
390×844 does the same by touch; each time the solved moment shows."""

from __future__ import annotations

import json
import re

import pytest

from gridlogic import api
from test_browser import _missing, cell, open_ready, server, site  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401
from test_browser_loops import mouse_drag, screen_point, touch_drag

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

# the kind and the example played
EXAMPLES = {"yajilin": "4×4", "country": "3×3", "geradeweg": "3×3", "koburin": "4×4"}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module", autouse=True)
def kinds_on_the_page(site):  # noqa: F811
    kinds = [k["key"] for k in json.loads((site / "kinds.json").read_text())["kinds"]]
    for key in EXAMPLES:
        if key not in kinds:
            _missing(f"{key} is not in {site / 'kinds.json'} yet")


def the_answer(kind: str) -> tuple[dict, list[list], list]:
    """The example's state, its answer's loops as lists of cell points in order (each closed: its first
    point again at the end), and its shaded cells (r, c)."""
    info = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == kind)
    state = next(e for e in info["examples"] if e["name"] == EXAMPLES[kind])["state"]
    result = api.handle({"op": "solve", "kind": kind, "state": state})["result"]
    assert result["status"] == "unique"
    marks = result["board"]["lattice_marks"]
    ends: dict = {}
    for y, x in marks.get("line", []):
        a, b = ((y, x - 1), (y, x + 1)) if y % 2 else ((y - 1, x), (y + 1, x))
        ends.setdefault(a, []).append(b)
        ends.setdefault(b, []).append(a)
    path = [min(ends)]
    while len(path) == 1 or path[-1] != path[0]:
        path.append(next(w for w in ends[path[-1]] if len(path) < 2 or w != path[-2]))
    return state, [path], [(y // 2, x // 2) for y, x in marks.get("shade", [])]


def open_example(page, kind: str) -> None:
    page.get_by_test_id("kind").select_option(kind)
    page.get_by_test_id("examples").select_option(value=EXAMPLES[kind])
    if page.locator("body").get_attribute("data-mode") != "play":
        page.get_by_test_id("mode-play").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.get_by_test_id("solved")).to_be_hidden()


ARROWS = {"^": "↑", "v": "↓", "<": "←", ">": "→"}


def clue_cells_read_as_given(page, kind: str, state: dict) -> None:
    """Each clue cell shows what it holds as a given number does: an arrow with its number, a `?`."""
    for i, value in enumerate(state["cells"]):
        if value and (value[0] in ARROWS or value == "?"):
            shown = ARROWS.get(value[0], "?") + value[1:].replace(",", "")
            node = page.locator(f"[data-testid=board] .cell[data-r='{i // state['cols']}'][data-c='{i % state['cols']}']")
            expect(node).to_have_text(shown)
            expect(node).to_have_class(re.compile(r"\blook-given\b"))


def play(page, kind: str, touch: bool) -> None:
    open_example(page, kind)
    state, loops, shaded = the_answer(kind)
    clue_cells_read_as_given(page, kind, state)
    page.get_by_test_id("board").scroll_into_view_if_needed()
    for r, c in shaded:
        x, y = screen_point(page, (2 * r + 1, 2 * c + 1), state["rows"], state["cols"])
        if touch:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
    for path in loops:
        points = [screen_point(page, node, state["rows"], state["cols"]) for node in path]
        (touch_drag if touch else mouse_drag)(page, points)
    expect(page.get_by_test_id("solved")).to_be_visible()
    expect(page.get_by_test_id("solved-text")).to_contain_text("Solved")
    page.keyboard.press("Escape")


def test_each_genre_played_by_mouse(browser, server):  # noqa: F811
    pages = open_ready(browser, server, viewport={"width": 1280, "height": 800})
    page = next(pages)
    for kind in EXAMPLES:
        play(page, kind, touch=False)
    next(pages, None)


def test_each_genre_played_by_touch_on_a_phone(browser, server):  # noqa: F811
    pages = open_ready(browser, server, viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    page = next(pages)
    for kind in EXAMPLES:
        play(page, kind, touch=True)
    next(pages, None)
