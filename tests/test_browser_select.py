"""Selecting several cells and rule clashes, in play mode, on one desktop page (1280×800).

Multi-cell selection as SudokuPad has it: a drag over cells or Ctrl/Shift-click selects several (each
drawn selected); a digit, a corner mark or a colour goes into all of them as one undo step; Delete
clears them all; Escape and the arrow keys leave one cell selected. A nonogram drag still paints.
Rule clashes (the engine's `clashes`, from the rules alone): two equal digits typed in a row of a
sudoku are both marked, apart from mistakes, and "show clashes" switched off unmarks them.
On a phone (390×844, touch): the same clashes, entered by taps on the cells and the keypad, and a finger
dragged over cells selects them (never scrolling the page), a keypad digit then going into all.
"""

from __future__ import annotations

import re

import pytest

from gridlogic.kinds import nonogram, sudoku
from test_browser import VIEWS, browser, open_ready, phone, server, site, touch_drag, view  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

SEL = re.compile(r"\bsel\b")
CLASH = re.compile(r"\bclash\b")
BAD = re.compile(r"\bbad\b")


@pytest.fixture(scope="module")
def app(browser, server):  # noqa: F811
    yield from open_ready(browser, server, viewport={"width": 1280, "height": 800})


def cell(page, r: int, c: int):
    return page.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']")


def load(page, kind, name: str) -> None:
    page.get_by_test_id("kind").select_option(kind.KEY)
    page.get_by_test_id("examples").select_option(value=name)
    expect(page.locator("body")).to_have_attribute("data-mode", "play")


def centre(page, r: int, c: int) -> tuple[float, float]:
    box = cell(page, r, c).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, cells) -> None:
    page.mouse.move(*centre(page, *cells[0]))
    page.mouse.down()
    for rc in cells[1:]:
        page.mouse.move(*centre(page, *rc), steps=4)
    page.mouse.up()


def selected(page):
    return page.locator("[data-testid=board] .cell.sel")


def put(page, r: int, c: int, digit: str) -> None:
    """A digit entered as the player would: a click and a key, or on a phone a tap and the keypad's key."""
    if page.touch:
        cell(page, r, c).tap()
        page.get_by_test_id("keypad").locator(f"[data-value='{digit}']").tap()
    else:
        cell(page, r, c).click()
        page.get_by_test_id("board").press(digit)


@VIEWS
def test_two_equal_digits_in_a_row_clash_until_switched_off(view):
    app = view
    load(app, sudoku, "classic")                      # row 1: ....1..3.; no 7 in row 1, columns 1-2, box 1
    app.get_by_test_id("restart").click()
    if app.get_by_test_id("confirm-yes").count():
        app.get_by_test_id("confirm-yes").click()
    board = app.get_by_test_id("board")
    put(app, 0, 0, "7")
    expect(cell(app, 0, 0)).not_to_have_class(CLASH)
    put(app, 0, 1, "7")
    expect(cell(app, 0, 0)).to_have_class(CLASH)
    expect(cell(app, 0, 1)).to_have_class(CLASH)
    expect(app.locator("[data-testid=board] .cell.clash")).to_have_count(2)
    expect(cell(app, 0, 0)).not_to_have_class(BAD)    # a clash is not a mistake
    app.get_by_test_id("opt-clashes").uncheck()
    expect(app.locator("[data-testid=board] .cell.clash")).to_have_count(0)
    app.get_by_test_id("opt-clashes").check()
    expect(app.locator("[data-testid=board] .cell.clash")).to_have_count(2)
    board.press("Delete")                             # the second 7 goes: nothing clashes
    expect(app.locator("[data-testid=board] .cell.clash")).to_have_count(0)


def test_a_drag_selects_and_a_digit_a_mark_and_delete_go_to_all(app):
    load(app, sudoku, "classic")                      # row 4: ......6..
    app.get_by_test_id("restart").click()
    board = app.get_by_test_id("board")
    row = [(3, 0), (3, 1), (3, 2)]
    drag(app, row)
    expect(selected(app)).to_have_count(3)
    for rc in row:
        expect(cell(app, *rc)).to_have_class(SEL)
    board.press("Shift+4")                            # a corner mark in all three
    for rc in row:
        expect(cell(app, *rc).locator(".pm-corner")).to_have_text("4")
    app.get_by_test_id("undo").click()                # one undo step takes all three back
    expect(app.locator("[data-testid=board] .pm-corner")).to_have_count(0)
    drag(app, row)
    board.press("5")                                  # a digit in all three: they clash in row 4 and box 4
    for rc in row:
        expect(cell(app, *rc)).to_have_text("5")
        expect(cell(app, *rc)).to_have_class(CLASH)
    board.press("Delete")                             # Delete clears them all
    expect(app.locator("[data-testid=board] .cell.entry")).to_have_count(0)
    expect(app.locator("[data-testid=board] .cell.clash")).to_have_count(0)
    board.press("Escape")
    expect(selected(app)).to_have_count(1)


def test_ctrl_and_shift_click_add_cells_and_arrows_leave_one(app):
    load(app, sudoku, "classic")
    app.get_by_test_id("restart").click()
    board = app.get_by_test_id("board")
    cell(app, 4, 0).click()
    cell(app, 4, 1).click(modifiers=["Control"])
    cell(app, 6, 1).click(modifiers=["Shift"])
    expect(selected(app)).to_have_count(3)
    board.press("Alt+3")                              # a colour in all three
    expect(app.locator("[data-testid=board] .cell.coloured")).to_have_count(3)
    cell(app, 6, 1).click(modifiers=["Control"])      # Ctrl-click on a selected cell takes it out
    expect(selected(app)).to_have_count(2)
    board.press("ArrowRight")
    expect(selected(app)).to_have_count(1)
    board.press("Shift+ArrowRight")                   # Shift+arrow grows the selection
    expect(selected(app)).to_have_count(2)
    board.press("Escape")
    expect(selected(app)).to_have_count(1)


def test_a_nonogram_drag_still_paints(app):
    load(app, nonogram, "simpson 4x5")
    app.get_by_test_id("restart").click()
    drag(app, [(0, 0), (0, 1), (0, 2), (0, 3)])
    expect(app.locator("[data-testid=board] .cell.entry.filled")).to_have_count(4)
    expect(selected(app)).to_have_count(1)


def test_a_touch_drag_selects_cells_and_a_keypad_digit_goes_to_all_without_scrolling(phone):
    load(phone, sudoku, "classic")                    # row 4: ......6..
    phone.get_by_test_id("restart").click()
    if phone.get_by_test_id("confirm-yes").count():
        phone.get_by_test_id("confirm-yes").click()
    phone.mouse.wheel(0, -10_000)
    phone.wait_for_function("() => window.scrollY === 0")
    assert phone.evaluate("() => document.documentElement.scrollHeight") > 844     # the page could scroll
    row = [(3, 0), (3, 1), (3, 2), (3, 3)]
    (x0, y), (x1, _) = centre(phone, *row[0]), centre(phone, *row[-1])
    touch_drag(phone, [(x0 + (x1 - x0) * i / 12, y) for i in range(13)])
    expect(selected(phone)).to_have_count(4)
    for rc in row:
        expect(cell(phone, *rc)).to_have_class(SEL)
    assert phone.evaluate("() => window.scrollY") == 0
    phone.get_by_test_id("keypad").locator("[data-value='5']").tap()
    for rc in row:
        expect(cell(phone, *rc)).to_have_text("5")
        expect(cell(phone, *rc)).to_have_class(CLASH)
    phone.get_by_test_id("keypad").locator("[data-testid=key-erase]").tap()        # erase: all of them
    expect(phone.locator("[data-testid=board] .cell.entry")).to_have_count(0)
    assert phone.evaluate("() => window.scrollY") == 0
