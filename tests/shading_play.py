"""Playing a genre's example on its cells in the page (Playwright), shared by the browser modules of the
genres played by shading: open the example in play mode, the runs of its answer's cells, a cell's
centre, a row's run painted by a mouse drag or by taps, and the solved moment."""

from __future__ import annotations

import re

from gridlogic import api
from test_browser import cell

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

Run = tuple[int, int, int]          # (r, first c, last c)


def kind_info(kind: str) -> dict:
    return next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == kind)


def marked(kind: str, value: int = 1):
    """The class of a cell holding the kind's value (1: shaded, a star…), as the play layer draws it."""
    return re.compile(rf"\bentry-{kind_info(kind)['values'][str(value)]['word']}\b")


def answer_of(kind: str, example: str) -> dict:
    """The example's unique answer, as the API gives it."""
    state = next(e for e in kind_info(kind)["examples"] if e["name"] == example)["state"]
    answer = api.handle({"op": "solve", "kind": kind, "state": state})["result"]
    assert answer["status"] == "unique"
    return answer


def runs(kind: str, example: str, role: str = "black") -> list[Run]:
    """Each run in a row of the answer's cells drawn in `role` ("black" the shaded ones, "solved" those
    shown as entered white)."""
    out: list[Run] = []
    for r, c in sorted((x["r"], x["c"]) for x in answer_of(kind, example)["board"]["cells"] if x["role"] == role):
        if out and out[-1][0] == r and out[-1][2] == c - 1:
            out[-1] = (r, out[-1][1], c)
        else:
            out.append((r, c, c))
    return out


def open_example(page, kind: str, example: str) -> None:
    page.get_by_test_id("kind").select_option(kind)
    page.get_by_test_id("examples").select_option(value=example)
    if page.locator("body").get_attribute("data-mode") != "play":
        page.get_by_test_id("mode-play").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.get_by_test_id("solved")).to_be_hidden()


def centre(page, r: int, c: int) -> tuple[float, float]:
    box = cell(page, r, c).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag_runs(page, kind: str, found: list[Run], value: int = 1, button: str = "left") -> None:
    """Each run painted by one drag along its row; its cells then hold `value`."""
    for r, first, last in found:
        page.mouse.move(*centre(page, r, first))
        page.mouse.down(button=button)
        page.mouse.move(*centre(page, r, last), steps=4 * (last - first) + 1)
        page.mouse.up(button=button)
        for c in range(first, last + 1):
            expect(cell(page, r, c)).to_have_class(marked(kind, value))


def tap_runs(page, kind: str, found: list[Run], value: int = 1, taps: int = 1) -> None:
    """Each cell of the runs tapped `taps` times; it then holds `value`."""
    for r, first, last in found:
        for c in range(first, last + 1):
            for _ in range(taps):
                page.touchscreen.tap(*centre(page, r, c))
            expect(cell(page, r, c)).to_have_class(marked(kind, value))


def assert_solved(page) -> None:
    expect(page.get_by_test_id("solved")).to_be_visible(timeout=60_000)
    expect(page.get_by_test_id("solved-text")).to_have_text(re.compile(r"^Solved.* in \d+:\d\d!"))
