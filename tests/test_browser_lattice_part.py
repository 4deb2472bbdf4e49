"""The lattice part in the one editor (web/editor.js), in Debian's Chromium, on the built site. No kind
has one yet, so the test serves the site with a page of its own beside it that opens the editor on a
layout holding a lattice part (every look) and a play rule marking it, and nothing else (no engine).

Covers: a tap near a side cycles that edge border → cross → none; a tap in a cell shade → dot; a drag
from centre to centre draws a line (a cross in its way gives way) and one back over it erases it; a
drag along the outer border from corner to corner draws borders; one undo step per tap or drag; the
marks drawn as nodes at their points, and said with the selected cell; in play mode the player's marks over the givens (which stay),
in the play state; Shift+arrow and Space; an answer's Board drawing its lattice marks; a touch tap."""

from __future__ import annotations

import json
import os

import pytest

from test_browser import Server, browser, site  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

CHOICES = [("line", "line", "Line"), ("border", "border", "Border"), ("cross", "cross", "No line"),
           ("shade", "shade", "Shaded"), ("dot", "dot", "Unshaded")]
INFO = {
    "key": "scratch", "title": "Scratch",
    "layout": {
        "sizes": [{"rows": 4, "cols": 5, "label": "4×5"}], "default_size": {"rows": 4, "cols": 5},
        "max_size": {"rows": 4, "cols": 5}, "cell": {"symbols": "0123"},
        "parts": [{"key": "marks", "type": "lattice", "label": "Marks",
                   "choices": [{"name": n, "label": label, "value": "none", "look": look} for n, look, label in CHOICES]}],
        "play": {"lattice": "marks"},
    },
}
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>lattice part</title>
<link rel="stylesheet" href="style.css"><link rel="stylesheet" href="play.css">
<script type="module" src="lattice_part.js"></script></head>
<body><div id="editor"></div></body></html>
"""
SCRIPT = """import { createEditor } from "./editor.js";
const info = await (await fetch("lattice_part.json")).json();
window.editor = createEditor(document.getElementById("editor"), info);
document.body.dataset.ready = "yes";
"""


@pytest.fixture(scope="module")
def served(site, tmp_path_factory):  # noqa: F811
    """The built site's files, and the page of this test beside them."""
    root = tmp_path_factory.mktemp("lattice-site")
    for entry in os.listdir(site):
        (root / entry).symlink_to(site / entry)
    (root / "lattice_part.html").write_text(PAGE)
    (root / "lattice_part.js").write_text(SCRIPT)
    (root / "lattice_part.json").write_text(json.dumps(INFO))
    server = Server(root)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def page(browser, served):  # noqa: F811
    ctx = browser.new_context(service_workers="block", viewport={"width": 1000, "height": 800})
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(served.url + "lattice_part.html")
    expect(page.locator("body")).to_have_attribute("data-ready", "yes")
    yield page
    assert not page.errors
    ctx.close()


def spot(page, r: int, c: int, fx: float = 0.5, fy: float = 0.5) -> tuple[float, float]:
    """The screen point at the fraction (fx, fy) of cell (r, c)."""
    box = page.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']").bounding_box()
    return box["x"] + fx * box["width"], box["y"] + fy * box["height"]


def tap(page, r: int, c: int, fx: float = 0.5, fy: float = 0.5) -> None:
    page.mouse.click(*spot(page, r, c, fx, fy))


def drag(page, *points: tuple[float, float]) -> None:
    page.mouse.move(*points[0])
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*point, steps=6)
    page.mouse.up()


def marks(page) -> dict:
    return page.evaluate("editor.getState().parts.marks")


def drawn(page, role: str) -> list[tuple[str, str]]:
    """The marks drawn for a role: (name, "y,x") each."""
    return sorted(tuple(x) for x in page.eval_on_selector_all(
        f"[data-testid=drawn] g[data-lattice={role}] [data-mark]",
        "nodes => nodes.map((n) => [n.dataset.mark, n.dataset.point])"))


def test_the_setter_marks_edges_and_cells_with_taps_and_drags(page):
    page.get_by_test_id("tool-lattice-marks").click()
    expect(page.get_by_test_id("tool-lattice-marks")).to_have_attribute("aria-pressed", "true")
    tap(page, 0, 0, fx=0.95)                                      # the right side of r1c1: the edge (1, 2)
    assert marks(page) == {"border": [[1, 2]]}
    tap(page, 0, 1, fx=0.05)                                      # the same edge from the other cell
    assert marks(page) == {"cross": [[1, 2]]}
    assert drawn(page, "given") == [("cross", "1,2")]
    tap(page, 1, 1)
    expect(page.get_by_test_id("board-live")).to_have_text("shade")
    tap(page, 2, 2)
    tap(page, 2, 2)
    assert marks(page) == {"cross": [[1, 2]], "shade": [[3, 3]], "dot": [[5, 5]]}
    assert ("shade", "3,3") in drawn(page, "given")
    drag(page, spot(page, 0, 0), spot(page, 0, 1), spot(page, 0, 2), spot(page, 1, 2))
    assert marks(page) == {"line": [[1, 2], [1, 4], [2, 5]], "shade": [[3, 3]], "dot": [[5, 5]]}   # the cross gave way
    drag(page, spot(page, 0, 2), spot(page, 0, 1))                # back over a line: erased
    assert marks(page)["line"] == [[1, 2], [2, 5]]
    page.evaluate("editor.undo()")
    assert marks(page)["line"] == [[1, 2], [1, 4], [2, 5]]         # the whole drag was one step
    drag(page, spot(page, 0, 3, 0.02, 0.02), spot(page, 0, 4, 0.02, 0.02), spot(page, 0, 4, 0.98, 0.02))
    assert marks(page)["border"] == [[0, 7], [0, 9]]               # the outer border, corner to corner
    page.evaluate("editor.undo()")
    assert marks(page) == {"line": [[1, 2], [1, 4], [2, 5]], "shade": [[3, 3]], "dot": [[5, 5]]}
    page.get_by_test_id("tool-cells").click()
    tap(page, 3, 3)                                                # the Cells tool: the cell is selected, no mark
    assert marks(page) == {"line": [[1, 2], [1, 4], [2, 5]], "shade": [[3, 3]], "dot": [[5, 5]]}
    expect(page.locator("#cell-3-3")).to_have_attribute("aria-selected", "true")
    tap(page, 0, 1)                                                # the marks on a cell and its sides, said
    expect(page.get_by_test_id("board-live")).to_have_text("row 1, column 2: empty; Line right, Line left")


def test_the_player_marks_over_the_givens_and_sees_an_answer(page):
    page.evaluate("editor.setMode('play')")
    given = marks(page)
    tap(page, 1, 1)                                                # a given shade: the player cannot change it
    drag(page, spot(page, 3, 0), spot(page, 3, 1), spot(page, 2, 1))
    tap(page, 3, 3)
    page.mouse.click(*spot(page, 3, 4, fx=0.97), button="right")   # the outer border, the other way round: a cross
    assert page.evaluate("editor.getPlay()") == {"lattice": {"cross": [[7, 10]], "line": [[6, 3], [7, 2]], "shade": [[7, 7]]}}
    assert marks(page) == given
    assert drawn(page, "play") == [("cross", "7,10"), ("line", "6,3"), ("line", "7,2"), ("shade", "7,7")]
    page.evaluate("editor.undo()")
    assert "cross" not in page.evaluate("editor.getPlay()")["lattice"]
    before = page.evaluate("editor.getPlay()")
    page.evaluate("editor.point(0, 3)")                            # keys: a line right, then the cell shaded
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Space")
    expect(page.locator("#cell-0-4")).to_have_attribute("aria-selected", "true")
    assert page.evaluate("editor.getPlay()")["lattice"] == {"line": [[1, 8], [6, 3], [7, 2]], "shade": [[1, 9], [7, 7]]}
    page.evaluate("editor.undo(); editor.undo()")
    assert page.evaluate("editor.getPlay()") == before
    page.evaluate("""editor.showBoard({rows: 4, cols: 5, cells: [],
                      lattice_marks: {border: [[0, 1], [1, 0]], shade: [[1, 1]], cross: [[8, 9]]}})""")
    assert drawn(page, "solved") == [("border", "0,1"), ("border", "1,0"), ("cross", "8,9"), ("shade", "1,1")]
    assert page.locator("[data-testid=drawn] g[data-lattice=solved] rect").first.get_attribute("fill") == "#1f7a4d"


def test_a_touch_tap_marks_a_cell(browser, served):  # noqa: F811
    ctx = browser.new_context(service_workers="block", viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    page = ctx.new_page()
    page.goto(served.url + "lattice_part.html")
    expect(page.locator("body")).to_have_attribute("data-ready", "yes")
    page.evaluate("editor.setMode('play')")
    page.touchscreen.tap(*spot(page, 2, 3))
    page.touchscreen.tap(*spot(page, 2, 3, fy=0.97))
    assert page.evaluate("editor.getPlay()") == {"lattice": {"border": [[6, 7]], "shade": [[5, 7]]}}
    ctx.close()
