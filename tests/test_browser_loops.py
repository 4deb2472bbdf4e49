"""The loop genres played in the page, in Debian's Chromium: for each, an example opened in play mode,
its loop (the answer Python finds) drawn by one mouse drag through its nodes (dots for slitherlink,
cell centres for the others), and the solved moment shown; each also drawn by a finger at a phone's
390×844 (touch events), in one page; a loop short of one side is not solved, and Check says nothing is wrong."""

from __future__ import annotations

import json

import pytest

from gridlogic import api
from test_browser import _missing, cell, open_ready, server, site  # noqa: F401 - fixtures
from test_browser import browser  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

EXAMPLES = {"slitherlink": "5×5", "masyu": "6×6", "simpleloop": "5×5"}      # the kind and the example played
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module", autouse=True)
def loops_on_the_page(site):  # noqa: F811
    kinds = [k["key"] for k in json.loads((site / "kinds.json").read_text())["kinds"]]
    for key in EXAMPLES:
        if key not in kinds:
            _missing(f"{key} is not in {site / 'kinds.json'} yet")


@pytest.fixture(scope="module")
def app(browser, server):  # noqa: F811
    yield from open_ready(browser, server, viewport={"width": 1280, "height": 800})


def the_loop(kind: str) -> tuple[dict, list[tuple[int, int]], bool]:
    """The example's state, the nodes of its answer's loop in order (closed: the first again at the
    end), and whether it runs along the borders (dots) rather than between centres."""
    info = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == kind)
    state = next(e for e in info["examples"] if e["name"] == EXAMPLES[kind])["state"]
    result = api.handle({"op": "solve", "kind": kind, "state": state})["result"]
    assert result["status"] == "unique"
    marks = result["board"]["lattice_marks"]
    on_borders = "border" in marks
    ends: dict = {}
    for y, x in marks["border" if on_borders else "line"]:
        vertical = (y % 2 == 1) == on_borders
        a, b = ((y - 1, x), (y + 1, x)) if vertical else ((y, x - 1), (y, x + 1))
        ends.setdefault(a, []).append(b)
        ends.setdefault(b, []).append(a)
    path = [min(ends)]
    while len(path) == 1 or path[-1] != path[0]:
        step = next(w for w in ends[path[-1]] if len(path) < 2 or w != path[-2])
        path.append(step)
    return state, path, on_borders


def screen_point(page, node: tuple[int, int], rows: int, cols: int) -> tuple[float, float]:
    """Where a node is on screen: a cell's centre, or a dot (near the corner of a cell it touches)."""
    y, x = node
    r, fy = (y // 2, 0.5) if y % 2 else (min(y // 2, rows - 1), 0.06 if y // 2 < rows else 0.94)
    c, fx = (x // 2, 0.5) if x % 2 else (min(x // 2, cols - 1), 0.06 if x // 2 < cols else 0.94)
    box = cell(page, r, c).bounding_box()
    return box["x"] + fx * box["width"], box["y"] + fy * box["height"]


def open_example(page, kind: str) -> None:
    page.get_by_test_id("kind").select_option(kind)
    page.get_by_test_id("examples").select_option(value=EXAMPLES[kind])
    if page.locator("body").get_attribute("data-mode") != "play":
        page.get_by_test_id("mode-play").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.get_by_test_id("solved")).to_be_hidden()


def mouse_drag(page, points) -> None:
    page.mouse.move(*points[0])
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*point, steps=4)
    page.mouse.up()


def touch_drag(page, points) -> None:
    cdp = page.context.new_cdp_session(page)
    x, y = points[0]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        for k in range(1, 5):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x0 + (x1 - x0) * k / 4, "y": y0 + (y1 - y0) * k / 4}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


@pytest.mark.parametrize("kind", list(EXAMPLES))
def test_drawing_the_loop_by_mouse_solves_it(app, kind):
    open_example(app, kind)
    state, path, _ = the_loop(kind)
    points = [screen_point(app, node, state["rows"], state["cols"]) for node in path]
    mouse_drag(app, points[:-1])                                   # every side but the last: not solved
    app.wait_for_timeout(600)
    expect(app.get_by_test_id("solved")).to_be_hidden()
    app.get_by_test_id("check").click()
    expect(app.get_by_test_id("status")).to_contain_text(f"all correct so far ({len(path) - 2} entries)")
    mouse_drag(app, points[-2:])                                   # the loop closed
    expect(app.get_by_test_id("solved")).to_be_visible()
    expect(app.get_by_test_id("solved-text")).to_contain_text("Solved")


def test_a_hint_says_the_line_it_settles_and_highlights_the_cells_beside_it(app):
    """A hint's words for what it settles are the kind's ("the line r1c2–r1c3 …"), and the cells beside its
    line are highlighted with the cells it rests on, not a point of the lattice read as a cell."""
    kind = "masyu"
    open_example(app, kind)
    state, _, _ = the_loop(kind)
    hint = api.handle({"op": "hint", "kind": kind, "state": state})["result"]["hint"]
    app.get_by_test_id("hint").click()
    told = f"· {hint['said']}" + (f": {hint['reason']}." if hint["reason"] else ".")
    expect(app.get_by_test_id("caption")).to_contain_text(told, timeout=60_000)
    y, x = hint["cell"]
    beside = {((y - 1) // 2, (x - 2) // 2), ((y - 1) // 2, x // 2)} if y % 2 else {((y - 2) // 2, (x - 1) // 2), (y // 2, (x - 1) // 2)}
    want = beside | {tuple(cell) for cell in hint["because"]}
    expect(app.locator("[data-testid=board] .cell.hl")).to_have_count(len(want))
    shown = {(int(r), int(c)) for r, c in app.locator("[data-testid=board] .cell.hl").evaluate_all(
        "cells => cells.map((c) => [c.dataset.r, c.dataset.c])")}
    assert shown == want


def test_drawing_the_loop_by_touch_on_a_phone_solves_it(browser, server):  # noqa: F811
    pages = open_ready(browser, server, viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    page = next(pages)
    for kind in EXAMPLES:
        open_example(page, kind)
        state, path, _ = the_loop(kind)
        page.get_by_test_id("board").scroll_into_view_if_needed()
        touch_drag(page, [screen_point(page, node, state["rows"], state["cols"]) for node in path])
        expect(page.get_by_test_id("solved")).to_be_visible()
    next(pages, None)
