"""The editor's typed parts (web/editor/parts.js, parts/*.js, partedit.js) in Debian's Chromium, on
the built site.

On a phone (390×844, touch): a killer cage and a thermometer are made by dragging a finger across
cells, choosing what they are and typing the cage's sum; they are drawn as setters know them (a
dashed cage with its sum in the top-left corner, a grey line with a bulb), undo and redo take the
last one away and back, the page does not scroll sideways, and Solve finds the one solution, which
the puzzle has only with both clues. On a desktop: a cage, an arrow and a clone (a second drag its
copy) dragged with the mouse, a line walked with Shift+arrows; a white dot and a quadruple made by
clicking an edge and a corner with the Dots tool; a sandwich and a little killer typed in the
margin with the Outside tool; an item selected on its cell and deleted; a value the engine refuses
marked at the item's cells, and undone. A real f-puzzles link pasted into the Import box is drawn,
solved (its published solution), hinted (a sentence naming its clues), shared as a v3 link that
opens the same puzzle and drawing in a fresh browser, exported as an f-puzzles link that imports
back, and opened in SudokuPad by a link that imports back the same puzzle and drawing. Irregular regions replace the box lines; a kind whose board carries regions of its own
(number cross) gets no drawing.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from gridlogic import api
from test_browser import (LOAD, board_text, browser, close_page, new_page, open_ready, ready_page,  # noqa: F401
                          server, site)

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

# The classic example's solution. It has deadly rectangles: (r2, r4) × (c8, c9) holds 1 8 / 8 1 and
# (r8, r9) × (c2, c4) holds 6 4 / 4 6, so with those eight cells open the grid has four solutions.
# The killer cage r2c7 r2c8 r3c8 (7 + 1 + 2 = 10; 17 with the rectangle turned) settles the first,
# the thermometer r8c3 r8c2 r7c2 (5 < 6 < 8; 5 < 4 breaks it) the second: with both, one solution.
G = ["752819436", "639245718", "814736925", "473592681", "598164372",
     "126387549", "387951264", "265478193", "941623857"]
OPEN = {(1, 7), (1, 8), (3, 7), (3, 8), (7, 1), (7, 3), (8, 1), (8, 3)}
GIVENS = "\n".join("".join("." if (r, c) in OPEN else G[r][c] for c in range(9)) for r in range(9))
KILLER = [(1, 6), (1, 7), (2, 7)]
THERMO = [(7, 2), (7, 1), (6, 1)]
assert sum(int(G[r][c]) for r, c in KILLER) == 10
assert [int(G[r][c]) for r, c in THERMO] == [5, 6, 8]

# An irregular sudoku: a pattern grid with a third of it open, two cells of equal digits swapped
# between the first two boxes.
S = [[((r % 3) * 3 + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]
REGIONS = ["AABBBBCCC", "AAABBBCCC", "AAABBACCC"] + ["DDDEEEFFF"] * 3 + ["GGGHHHIII"] * 3
IRREGULAR = "\n".join("".join(str(S[r][c]) if (r + c) % 3 else "." for c in range(9)) for r in range(9)) + \
    "\nregions:\n" + "\n".join(REGIONS)

PHONE = {"width": 390, "height": 844}
SETTLE = 400            # ms: a synthetic tap sooner than this after a touch drag ended lost its click in Chromium


@pytest.fixture(scope="module")
def app(ready_page):  # noqa: F811
    return ready_page


@pytest.fixture(scope="module")
def phone(browser, server):  # noqa: F811
    """A phone: 390×844, touch, the engine ready; at the end no page error and no foreign request."""
    yield from open_ready(browser, server, viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)


def drawn(page, selector: str = ""):
    return page.locator(f"[data-testid=drawn] {selector}".strip())


def cell(page, r: int, c: int):
    return page.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']")


def rect(locator) -> dict:
    return locator.evaluate("e => { const b = e.getBoundingClientRect(); "
                            "return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; }")


def middle(locator) -> tuple[float, float]:
    """The centre of a drawn element once it is laid out (a redraw may have just replaced it: an element
    read as it leaves the board has an empty box)."""
    for _ in range(50):
        b = rect(locator)
        if b["right"] > b["left"] or b["bottom"] > b["top"]:
            break
        time.sleep(0.1)
    return (b["left"] + b["right"]) / 2, (b["top"] + b["bottom"]) / 2


def inside(point: tuple[float, float], box: dict) -> bool:
    return box["left"] <= point[0] <= box["right"] and box["top"] <= point[1] <= box["bottom"]


def status(page):
    return page.get_by_test_id("status")


def load_text(page, text: str) -> None:
    if page.get_by_test_id("text").is_hidden():
        page.get_by_test_id("text-toggle").click()
    page.get_by_test_id("text").fill(text)
    page.get_by_test_id("load-text").click()


def edit_mode(page) -> None:
    page.get_by_test_id("mode-edit").click()
    expect(page.get_by_test_id("tool-cells")).to_be_visible()


def touch_drag(page, cells) -> None:
    """A finger dragged through the centres of `cells` (touch events, as a phone sends them)."""
    page.get_by_test_id("board").scroll_into_view_if_needed()
    points = [middle(cell(page, r, c)) for r, c in cells]
    cdp = page.context.new_cdp_session(page)
    x, y = points[0]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        for k in range(1, 6):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x0 + (x1 - x0) * k / 5, "y": y0 + (y1 - y0) * k / 5}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    expect(page.get_by_test_id("chooser")).to_be_visible()
    page.wait_for_timeout(SETTLE)


def mouse_drag(page, cells, chooser: bool = True) -> None:
    page.get_by_test_id("board").scroll_into_view_if_needed()
    points = [middle(cell(page, r, c)) for r, c in cells]
    page.mouse.move(*points[0])
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*point, steps=4)
    page.mouse.up()
    if chooser:
        expect(page.get_by_test_id("chooser")).to_be_visible()


def no_sideways_scroll(page) -> None:
    page.wait_for_timeout(200)                                   # a margin's fit runs in the next frame
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    grid = rect(page.get_by_test_id("board"))
    assert grid["left"] >= 0 and grid["right"] <= PHONE["width"] and grid["right"] - grid["left"] >= 9 * 28, grid


def test_a_killer_cage_and_a_thermometer_made_by_hand_on_a_phone(phone):
    page = phone
    page.get_by_test_id("kind").select_option("sudoku")
    load_text(page, GIVENS)
    expect(cell(page, 0, 0)).to_have_attribute("data-value", G[0][0])
    edit_mode(page)
    expect(drawn(page)).to_have_count(0)
    # The cage: drag, choose, type its sum.
    touch_drag(page, KILLER)
    expect(page.get_by_test_id("choose-lines-thermo")).to_be_visible()           # 3 cells in a row: a line too
    page.get_by_test_id("choose-cages-killer").tap()
    expect(page.get_by_test_id("item-value")).to_be_focused()
    page.get_by_test_id("item-value").fill("10")
    page.get_by_test_id("item-value").press("Enter")
    cage = drawn(page, "g[data-key=cages][data-type=killer]")
    expect(cage).to_have_count(1)
    expect(cage.locator("path[stroke-dasharray]")).to_have_count(1)
    expect(cage.locator("text")).to_have_text("10")
    x, y = middle(cage.locator("text"))                             # the sum in the top-left cell's corner
    corner = rect(cell(page, 1, 6))
    assert corner["left"] <= x < (corner["left"] + corner["right"]) / 2
    assert corner["top"] <= y < (corner["top"] + corner["bottom"]) / 2
    expect(cell(page, 2, 7)).to_have_attribute("title", "Killer cage 10")
    # The thermometer: its bulb where the drag began.
    touch_drag(page, THERMO)
    page.get_by_test_id("choose-lines-thermo").tap()
    thermo = drawn(page, "g[data-key=lines][data-type=thermo]")
    expect(thermo).to_have_count(1)
    expect(thermo.locator("polyline")).to_have_count(1)
    expect(thermo.locator("circle[data-part=bulb]")).to_have_count(1)
    assert inside(middle(thermo.locator("circle[data-part=bulb]")), rect(cell(page, 7, 2)))
    expect(page.get_by_test_id("item-label")).to_have_text("Thermometer")
    expect(page.get_by_test_id("item-value")).to_be_hidden()                    # a thermometer takes no value
    no_sideways_scroll(page)
    # Undo takes the thermometer away, redo brings it back.
    page.get_by_test_id("undo").tap()
    expect(thermo).to_have_count(0)
    expect(cage).to_have_count(1)
    page.get_by_test_id("redo").tap()
    expect(thermo).to_have_count(1)
    # The Outside tool opens a margin on every side: still no sideways scroll.
    page.get_by_test_id("tool-outside").tap()
    expect(page.locator("[data-testid=board] .slot")).to_have_count(4 * 9 + 4)
    no_sideways_scroll(page)
    assert rect(page.get_by_test_id("slot-4-9"))["right"] <= PHONE["width"]
    page.get_by_test_id("tool-cells").tap()
    expect(page.locator("[data-testid=board] .slot")).to_have_count(0)
    # The share link carries both (v3).
    expect(page.get_by_test_id("share")).to_have_attribute("href", re.compile(r"#sudoku/v3\."))
    page.get_by_test_id("solve").tap()
    expect(status(page)).to_contain_text("unique", timeout=LOAD)
    assert board_text(page).split() == G
    expect(cage).to_have_count(1)                                               # the drawing stays
    no_sideways_scroll(page)
    # Without the clues the grid has four solutions: the puzzle needs both.
    assert api.handle({"op": "solve", "kind": "sudoku", "text": GIVENS, "count": True})["result"]["count"] == 4


def test_dots_outside_clues_and_a_deletion_with_a_mouse(app):
    app.get_by_test_id("kind").select_option("sudoku")
    app.get_by_test_id("clear").click()                             # a blank grid, in edit mode
    expect(app.get_by_test_id("tool-cells")).to_be_visible()
    # A cage dragged with the mouse.
    mouse_drag(app, [(4, 4), (4, 5), (5, 5), (5, 4)])
    expect(app.get_by_test_id("choose-lines-thermo")).to_be_visible()           # a king's path: a line too
    app.get_by_test_id("choose-cages-killer").click()
    app.get_by_test_id("item-value").fill("25")
    expect(drawn(app, "g[data-type=killer] text")).to_have_text("25")
    # An arrow: its circle where the drag began, its line the rest, ending in a head.
    mouse_drag(app, [(6, 0), (7, 1), (8, 1)])
    app.get_by_test_id("choose-lines-arrow").click()
    arrow = drawn(app, "g[data-type=arrow]")
    expect(arrow.locator("[data-part=head]")).to_have_count(1)
    assert inside(middle(arrow.locator("circle[data-part=circle]")), rect(cell(app, 6, 0)))
    # An arrow whose circle is a pill: the drag's first cells in a straight row.
    mouse_drag(app, [(0, 5), (0, 6), (0, 7), (1, 8)])
    expect(app.get_by_test_id("choose-lines-arrow-3")).to_be_visible()
    app.get_by_test_id("choose-lines-arrow-2").click()
    pill = json.loads(app.get_by_test_id("board").get_attribute("data-parts"))["lines"][-1]
    assert pill == {"name": "arrow", "cells": [[0, 5], [0, 6]], "more": [[0, 7], [1, 8]]}
    expect(drawn(app, "g[data-type=arrow] polyline[data-part=circle]")).to_have_count(1)
    # A clone: its cells, then a second drag its copy.
    mouse_drag(app, [(6, 6), (6, 7)])
    app.get_by_test_id("choose-cages-clone").click()
    expect(app.get_by_test_id("part-hint")).to_have_text("Now drag the copy: 2 cells.")
    mouse_drag(app, [(7, 6), (7, 7)], chooser=False)
    expect(drawn(app, "g[data-type=clone] rect")).to_have_count(4)
    expect(app.get_by_test_id("chooser")).to_be_hidden()
    # A line walked with Shift+arrows from the selected cell, ended by releasing Shift.
    cell(app, 2, 2).click()
    app.keyboard.down("Shift")
    app.keyboard.press("ArrowRight")
    app.keyboard.press("ArrowDown")
    app.keyboard.up("Shift")
    app.get_by_test_id("choose-lines-renban").click()
    expect(drawn(app, "g[data-type=renban] polyline")).to_have_attribute("points", "250,250 350,250 350,350")
    # A white dot on the edge between r1c1 and r1c2, a quadruple on the corner of r1c1 r1c2 r2c1 r2c2.
    app.get_by_test_id("tool-dots").click()
    expect(app.get_by_test_id("tool-dots")).to_have_attribute("aria-pressed", "true")
    app.get_by_test_id("board").scroll_into_view_if_needed()        # the value field may have scrolled it away
    a = rect(cell(app, 0, 0))
    app.mouse.click(a["right"] - 2, (a["top"] + a["bottom"]) / 2)
    expect(app.get_by_test_id("choose-dots-quadruple")).to_have_count(0)        # an edge: no quadruple
    app.get_by_test_id("choose-dots-white").click()
    dot = drawn(app, "g[data-type=white] circle[data-part=dot]")
    expect(dot).to_have_count(1)
    app.get_by_test_id("board").scroll_into_view_if_needed()        # the dot's value field took the focus
    a = rect(cell(app, 0, 0))
    x, y = middle(dot)
    assert abs(x - a["right"]) < 3 and abs(y - (a["top"] + a["bottom"]) / 2) < 3
    app.get_by_test_id("board").scroll_into_view_if_needed()
    a = rect(cell(app, 0, 0))
    app.mouse.click(a["right"] - 2, a["bottom"] - 2)
    expect(app.get_by_test_id("choose-dots-white")).to_have_count(0)            # a corner: the quadruple alone
    app.get_by_test_id("choose-dots-quadruple").click()
    app.get_by_test_id("item-value").fill("12")
    quad = drawn(app, "g[data-type=quadruple]")
    expect(quad.locator("text")).to_have_text(["1", "2"])
    app.get_by_test_id("board").scroll_into_view_if_needed()
    a = rect(cell(app, 0, 0))
    x, y = middle(quad.locator("circle"))
    assert abs(x - a["right"]) < 3 and abs(y - a["bottom"]) < 3
    # Outside clues: the margins open with a place per row, column and corner.
    app.get_by_test_id("tool-outside").click()
    app.get_by_test_id("slot--1-3").click()
    expect(app.get_by_test_id("choose-outside-littlekiller-DL")).to_be_visible()
    app.get_by_test_id("choose-outside-sandwich").click()
    app.get_by_test_id("item-value").fill("10")
    app.get_by_test_id("slot--1--1").click()
    expect(app.get_by_test_id("choose-outside-sandwich")).to_have_count(0)      # a corner: diagonals only
    expect(app.get_by_test_id("choose-outside-littlekiller-UL")).to_have_count(0)
    app.get_by_test_id("choose-outside-littlekiller-DR").click()
    app.get_by_test_id("item-value").fill("45")
    expect(app.get_by_test_id("item-label")).to_have_text("Little killer 45 ↘")
    app.get_by_test_id("tool-cells").click()
    grid = rect(app.get_by_test_id("board"))
    sandwich = rect(drawn(app, "g[data-type=sandwich] text"))
    assert sandwich["bottom"] <= grid["top"]
    assert abs((sandwich["left"] + sandwich["right"]) / 2 - middle(cell(app, 0, 3))[0]) < 3
    expect(drawn(app, "g[data-type=sandwich] text")).to_have_text("10")
    expect(drawn(app, "g[data-type=littlekiller] line")).to_have_count(1)
    expect(drawn(app)).to_have_attribute("aria-label", re.compile(r"^Variant clues: Killer cage 25; Clone.*; Arrow.*; White dot"))
    # The items on a cell: select the white dot there and delete it.
    cell(app, 0, 1).click()
    app.get_by_test_id("at-dots-0").click()
    expect(drawn(app, "g[data-type=white].picked")).to_have_count(1)
    app.get_by_test_id("item-delete").click()
    expect(drawn(app, "g[data-type=white]")).to_have_count(0)
    expect(drawn(app, "g[data-type=quadruple]")).to_have_count(1)
    # The engine reads the state: a quadruple of five digits is refused at its cells.
    app.get_by_test_id("at-dots-0").click()
    expect(app.get_by_test_id("item-label")).to_have_text(re.compile("^Quadruple"))
    app.get_by_test_id("item-value").fill("12345")
    expect(status(app)).to_contain_text("invalid", timeout=LOAD)
    expect(cell(app, 1, 1)).to_have_class(re.compile(r"\bbad\b"))
    expect(drawn(app, "g[data-type=quadruple].bad")).to_have_count(1)
    app.get_by_test_id("undo").click()
    expect(quad.locator("text")).to_have_text(["1", "2"])
    expect(status(app)).not_to_contain_text("invalid")
    # The help says how, naming the parts.
    if not app.get_by_test_id("help-edit").is_visible():
        app.locator("#help summary").click()
    expect(app.get_by_test_id("help-edit")).to_contain_text("Shift+arrows")
    expect(app.get_by_test_id("help-edit")).to_contain_text("a tap on an edge or a corner between cells: dots")
    app.locator("#help summary").click()


def test_an_f_puzzles_link_imports_solves_hints_shares_and_exports(app, browser, server):  # noqa: F811
    """A real f-puzzles link pasted into the Import box opens as a sudoku with its title and clues
    drawn; Solve answers its published solution, Hint names a constraint; the share link (v3) opens
    the same puzzle and drawing in a fresh browser; Copy f-puzzles link imports back the same, and
    Open in SudokuPad's link, imported, opens the same puzzle and drawing."""
    links = json.loads((Path(__file__).parent / "data" / "variant_links.json").read_text())["links"]
    link = next(x for x in links if x["name"].startswith('"Blitz"') and "f-puzzles.com" in x["url"])
    if app.get_by_test_id("puzzlink-in").is_hidden():
        app.locator("#puzzlink-box summary").click()
    app.get_by_test_id("puzzlink-in").fill(link["url"])
    app.get_by_test_id("import").click()
    expect(status(app)).to_have_text("imported", timeout=LOAD)
    imported = api.handle({"op": "link_import", "url": link["url"]})["result"]
    expect(app.get_by_test_id("puzzle-title")).to_have_text(imported["title"])
    types = sorted(item["name"] for items in imported["state"]["parts"].values() for item in items)
    assert {"killer", "littlekiller", "even"} <= set(types)

    def drawn_types(page) -> list[str]:
        return sorted(drawn(page, "g[data-key]").evaluate_all(
            "gs => [...new Set(gs.map((g) => g.dataset.key + '/' + g.dataset.index + '/' + g.dataset.type))]"
            ".map((k) => k.split('/')[2])"))

    expect(drawn(app, "g[data-key=cages]").first).to_be_attached(timeout=LOAD)
    assert drawn_types(app) == types
    puzzle = board_text(app)
    app.get_by_test_id("hint").click()
    expect(status(app)).to_contain_text(re.compile(r"hint: [^·]+ · row \d, column \d is \d"), timeout=LOAD)
    r, c, value = map(int, re.search(r"hint: [^·]+ · row (\d), column (\d) is (\d)", status(app).inner_text()).groups())
    assert link["solution"][(r - 1) * 9 + c - 1] == str(value)              # a hint is never wrong
    expect(status(app)).to_contain_text("the killer cage")                   # its reason names the clues
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique", timeout=LOAD)
    assert "".join(board_text(app).split()) == link["solution"]
    # Share (v3), opened in a browser with nothing saved: the same givens, rules and drawing.
    share = app.get_by_test_id("share").get_attribute("href")
    assert re.search(r"#sudoku(,[a-z_,]+)?/v3\.", share), share
    page, shared = new_page(browser, server)
    page.goto(share)
    expect(page.locator("[data-testid=board] .cell")).to_have_count(81, timeout=LOAD)
    expect(drawn(page, "g[data-key=cages]").first).to_be_attached()
    assert board_text(page) == puzzle
    assert drawn_types(page) == types
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
    page.get_by_test_id("solve").click()
    expect(status(page)).to_contain_text("unique", timeout=LOAD)
    assert "".join(board_text(page).split()) == link["solution"]
    assert not page.context.recorder.foreign
    close_page(page, shared)
    # Exported as an f-puzzles link, it imports back the same puzzle.
    app.get_by_test_id("export-fpuzzles").click()
    expect(app.get_by_test_id("puzzlink-out")).to_have_value(re.compile(r"^https://www\.f-puzzles\.com/\?load="))
    back = api.handle({"op": "link_import", "url": app.get_by_test_id("puzzlink-out").input_value()})["result"]
    assert sorted(back["text"].splitlines()) == sorted(imported["text"].splitlines())        # its clues in any order
    assert back["rules"] == imported["rules"]
    # Open in SudokuPad (the new tab caught here: no request leaves the page), and that link pasted
    # into the Import box opens the same puzzle and drawing.
    app.evaluate("() => { window.opened = []; window.open = (url) => { window.opened.push(url); return null; }; }")
    app.get_by_test_id("open-sudokupad").click()
    expect(status(app)).to_contain_text("opened in SudokuPad")
    (url,) = app.evaluate("() => window.opened")
    assert url.startswith("https://sudokupad.app/") and url == app.get_by_test_id("puzzlink-out").input_value()
    app.get_by_test_id("clear").click()
    expect(drawn(app)).to_have_count(0)
    app.get_by_test_id("puzzlink-in").fill(url)
    app.get_by_test_id("import").click()
    expect(status(app)).to_have_text("imported", timeout=LOAD)
    expect(drawn(app, "g[data-key=cages]").first).to_be_attached()
    assert board_text(app) == puzzle
    assert drawn_types(app) == types


def test_irregular_regions_replace_the_box_lines(app):
    app.get_by_test_id("kind").select_option("sudoku")
    load_text(app, IRREGULAR)
    expect(cell(app, 0, 1)).to_have_attribute("data-value", str(S[0][1]))
    borders = [((0, 2), "bl", True), ((0, 3), "bl", False), ((2, 5), "bl", True), ((2, 5), "bt", True),
               ((2, 6), "bl", True), ((1, 3), "bl", True), ((3, 0), "bt", True)]

    def assert_borders():
        for (r, c), side, present in borders:
            pattern = re.compile(rf"\b{side}\b")
            if present:
                expect(cell(app, r, c)).to_have_class(pattern)
            else:
                expect(cell(app, r, c)).not_to_have_class(pattern)

    assert_borders()
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique", timeout=LOAD)
    assert board_text(app) == "\n".join("".join(map(str, row)) for row in S)
    assert_borders()


def test_a_kind_with_regions_of_its_own_is_not_drawn(app):
    example = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == "numbercross")["examples"][0]
    text = api.handle({"op": "parse", "kind": "numbercross", "state": example["state"]})["result"]["text"]
    assert api.handle({"op": "parse", "kind": "numbercross", "text": text})["result"]["board"].get("regions")
    app.get_by_test_id("kind").select_option("numbercross")
    app.get_by_test_id("examples").select_option(value=example["name"])
    expect(app.get_by_test_id("text")).to_have_value(text)          # the live check has answered
    expect(drawn(app)).to_have_count(0)
    expect(app.get_by_test_id("parts")).to_be_hidden()
    expect(app.locator("[data-testid=board] .cell.bt, [data-testid=board] .cell[title]")).to_have_count(0)
    app.get_by_test_id("kind").select_option("sudoku")
