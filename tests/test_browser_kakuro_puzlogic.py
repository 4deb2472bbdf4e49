"""Kakuro and puzlogic in the page's one editor (web/editor.js), in Debian's Chromium (Playwright).

Per kind: a puzzle entered through the editor (keyboard, mouse, the keypad and the editor's own
fields: kakuro's down/right sums of the selected clue cell, puzlogic's gaps, numbers, sum edges and
pieces) is the reference example (the editing state read off the board, and the canonical text the
Text… box gets from the engine's `parse`); it solves uniquely and the drawn solution is the one
Python finds through gridlogic's API; the examples with two solutions and with none say `multiple`
and `no solution`; errors are marked where they are; the share link (#kind/v3.…) reopens the same
board and fields in a fresh browser context. Kakuro also: puzz.link import and export through the
import box. Both: taps on a touch screen edit.

The helpers here (the answer Python finds and the one the page draws, the Text… box, the share round
trip, cursor moves) serve the other editor test files too (nonogram, number cross, futoshiki).
"""

from __future__ import annotations

import re

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from gridlogic import api
from gridlogic.kinds import kakuro, puzlogic
from test_browser import (LOAD, browser, cell, close_page, editor_state, example, new_page, server,  # noqa: F401
                          site, status)

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

KAKURO_URL = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
BAD = re.compile(r"\bbad\b")


@pytest.fixture(scope="module")
def app(browser, server):  # noqa: F811 - the browser fixture is imported above
    """One page of the app (tests of a file run on it in order); no request leaves the origin."""
    page, shared = new_page(browser, server)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server.url)
    yield page
    assert not page.context.recorder.foreign
    close_page(page, shared)


# -- shared helpers ------------------------------------------------------------------------------
def board(page):
    return page.get_by_test_id("board")


def cells(page):
    return page.locator("[data-testid=board] .cell")


def pick_kind(page, key: str) -> None:
    page.get_by_test_id("kind").select_option(key)
    expect(board(page)).to_have_attribute("aria-label", re.compile(rf"^{kind_title(key)} grid$"))


def kind_title(key: str) -> str:
    return next(k["title"] for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == key)


def move_to(page, r: int, c: int) -> None:
    """Put the cursor on (r, c) with the arrow keys (they edit nothing; a click on a selected cell
    would edit it, and in paint layouts any click paints)."""
    now = page.locator("[data-testid=board] .cell[aria-selected=true]")
    expect(now).to_have_count(1)
    r0, c0 = int(now.get_attribute("data-r")), int(now.get_attribute("data-c"))
    for delta, ahead, back in ((r - r0, "ArrowDown", "ArrowUp"), (c - c0, "ArrowRight", "ArrowLeft")):
        for _ in range(abs(delta)):
            board(page).press(ahead if delta > 0 else back)
    expect(cell(page, r, c)).to_have_attribute("aria-selected", "true")


def set_size(page, rows: int, cols: int | None = None) -> None:
    """Type a size into the editor's size-rows / size-cols fields (cols absent: a square layout)."""
    for key, n in (("rows", rows), ("cols", cols)):
        if n is None:
            continue
        box = page.get_by_test_id(f"size-{key}")
        box.fill(str(n))
        box.press("Tab")                                   # the change event commits it
        expect(page.get_by_test_id(f"size-{key}")).to_have_value(str(n))


def as_shown(state: dict) -> dict:
    """A kind's to_state as editor_state reads it: empty parts dropped."""
    return {k: v for k, v in state.items() if v or k in ("rows", "cols", "cells")}


def text_box(page):
    """The Text… box, opened (its text comes from the engine's `parse` of the editor's state)."""
    if page.locator("#text-box").is_hidden():
        page.get_by_test_id("text-toggle").click()
    return page.get_by_test_id("text")


def close_text_box(page) -> None:
    """Close the Text… box, emptied: reopened, it fills itself again (a box that still holds text
    keeps it when reopened, see test_text_box_shows_the_puzzle_when_reopened)."""
    if page.locator("#text-box").is_visible():
        page.get_by_test_id("text").fill("")
        page.get_by_test_id("text-toggle").click()


def expect_text(page, text: str) -> None:
    """The Text… box shows `text` (then is closed again)."""
    expect(text_box(page)).to_have_value(text)
    close_text_box(page)


def solve_and_expect(page, word: str) -> None:
    page.get_by_test_id("solve").click()
    expect(status(page)).to_contain_text(word, timeout=LOAD)


def python_solve(kind, **puzzle) -> dict:
    """The answer gridlogic's API finds in this process (the page's engine is not asked)."""
    response = api.handle({"op": "solve", "kind": kind.KEY, **puzzle})
    assert response["ok"], response
    return response["result"]


def expect_unique(page, kind, puzzle, shaded: bool = True) -> dict:
    """The editor holds `puzzle` (its editing state, and its canonical text in the Text… box); Solve
    says unique and draws the solution Python finds (which the kind's own check accepts). Python's
    answer."""
    assert editor_state(page) == as_shown(kind.to_state(puzzle))
    expect_text(page, kind.format(puzzle))
    solve_and_expect(page, "unique")
    answer = python_solve(kind, text=kind.format(puzzle))
    assert answer["status"] == "unique"
    assert not kind.check(puzzle, kind.parse_solution(puzzle, answer["solution"]))
    assert drawn(page) == answer_cells(answer["board"], shaded)
    return answer


def answer_cells(board_json: dict, shaded: bool = True) -> dict:
    """(r, c) → the text a solved cell shows ("#" for a filled/shaded one when `shaded`)."""
    out = {}
    for x in board_json["cells"]:
        if x["role"] == "solved" or (x["role"] == "black" and shaded):
            out[x["r"], x["c"]] = "#" if x["role"] == "black" else x["text"]
    return out


def drawn(page) -> dict:
    """(r, c) → what each cell drawn as part of the answer shows ("#" when drawn filled)."""
    found = cells(page).evaluate_all(
        """cs => cs.filter(e => e.classList.contains('solved')).map(e =>
             [+e.dataset.r, +e.dataset.c, e.classList.contains('black') ? '#' : e.firstChild ? e.firstChild.textContent : ''])""")
    return {(r, c): text for r, c, text in found}


def signature(page) -> list[tuple]:
    """Every board cell as (r, c, value, classes that matter, text)."""
    return cells(page).evaluate_all(
        """cs => cs.map(e => [+e.dataset.r, +e.dataset.c, e.dataset.value,
             ['empty', 'given', 'solved', 'black', 'look-black', 'look-gap', 'look-clue', 'look-shaded']
               .filter(k => e.classList.contains(k)).join(' '), e.textContent])""")


def share_round_trip(app, browser, server) -> None:  # noqa: F811
    """The share link (#kind/v3.…) opens the same board and fields in a browser with nothing saved."""
    link = app.get_by_test_id("share").get_attribute("href")
    kind = app.get_by_test_id("kind").input_value()
    assert f"#{kind}/v3." in link
    before, state = signature(app), editor_state(app)
    page, shared = new_page(browser, server)
    try:
        page.goto(link)
        expect(cells(page)).to_have_count(len(before))
        expect(page.get_by_test_id("kind")).to_have_value(kind)
        expect(cells(page).last).to_have_attribute("data-value", before[-1][2])
        assert editor_state(page) == state
        assert signature(page) == before
        assert not page.context.recorder.foreign
    finally:
        close_page(page, shared)


# -- kakuro --------------------------------------------------------------------------------------
def enter_kakuro(page, text: str) -> None:
    """Enter a kakuro cell by cell from its canonical text: `b` black, `.` white, `c` a clue whose
    down sum starts with a digit typed on the board (or Enter opens the down field), Tab to the
    right field, Enter back to the board. The clue of r2c2 is made with the keypad and the mouse,
    the last cell by two taps (the first selects, the second cycles white → black) and the keypad's
    erase and black buttons."""
    rows = [line.split() for line in text.splitlines()[1:]]
    last = (len(rows) - 1, len(rows[0]) - 1)
    cell(page, 1, 1).click()
    board(page).press("ArrowUp")
    board(page).press("ArrowLeft")
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if (r, c) == last:
                board(page).press(".")
                cell(page, r, c).click()                         # a first tap selects (no edit)
                expect(cell(page, r, c)).to_have_attribute("data-value", "")
                cell(page, r, c).click()                         # a second tap cycles
                expect(cell(page, r, c)).to_have_attribute("data-state", "black")
                page.get_by_test_id("key-erase").click()
                expect(cell(page, r, c)).to_have_class(re.compile(r"\bempty\b"))
                page.get_by_test_id(f"key-state-{'black' if token == '-' else 'clue'}").click()
            elif token == "-":
                board(page).press("b")
            elif token == "0":
                board(page).press(".")
            elif (r, c) == (1, 1):
                page.get_by_test_id("key-state-clue").click()
                down, right = token.split(",")
                page.get_by_test_id("field-down").fill(down)
                page.get_by_test_id("field-right").fill(right)
                page.get_by_test_id("field-right").press("Enter")
            else:
                down, right = token.split(",")
                board(page).press("c")
                if down:
                    board(page).press(down[0])
                    page.keyboard.type(down[1:])
                else:
                    board(page).press("Enter")
                expect(page.get_by_test_id("field-down")).to_be_focused()
                page.keyboard.press("Tab")
                expect(page.get_by_test_id("field-right")).to_be_focused()
                page.keyboard.type(right)
                page.keyboard.press("Enter")
            expect(board(page)).to_be_focused()
            board(page).press("ArrowRight")
        board(page).press("ArrowDown")


def test_kakuro_entered_in_the_editor_solves_uniquely(app):
    """A 6×6 kakuro entered into a fresh grid: the example's state and text, unique, and the digits
    drawn are those Python finds (styled apart from the clues)."""
    ex = example(kakuro, "puzz.link 5x5")
    puzzle = kakuro.parse(ex.text)
    pick_kind(app, "kakuro")
    app.get_by_test_id("size").select_option(label="6×6")
    expect(cells(app)).to_have_count(36)
    expect(app.locator("[data-testid=board] .cell.look-black")).to_have_count(11)    # the border
    enter_kakuro(app, kakuro.format(puzzle))
    expect(cell(app, 0, 2).locator(".field[data-field=down]")).to_have_text(str(puzzle.cell(0, 2)[0]))
    expect(cell(app, 1, 1).locator(".field[data-field=right]")).to_have_text(str(puzzle.cell(1, 1)[1]))
    expect_unique(app, kakuro, puzzle, shaded=False)
    whites = sum(puzzle.is_white(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols))
    expect(app.locator("[data-testid=board] .cell.solved")).to_have_count(whites)
    color = "e => getComputedStyle(e).color"
    assert cell(app, 1, 2).evaluate(color) != cell(app, 0, 2).locator(".field[data-field=down]").evaluate(color)
    assert not app.errors


def test_kakuro_share_link_round_trip(app, browser, server):  # noqa: F811
    """The share link of the entered kakuro reopens the same grid, clues and all."""
    app.get_by_test_id("back-to-puzzle").click()
    share_round_trip(app, browser, server)


def test_kakuro_editing_keys_resize_answers_and_a_located_error(app):
    """Undo restores a cell; typed rows/columns change the size, keeping the cells that still fit;
    the multiple and impossible
    examples say so; a run without a sum is `invalid` with its first cell marked."""
    app.get_by_test_id("mode-edit").click()                    # the shared link opened in play
    before = editor_state(app)
    cell(app, 2, 2).click()
    board(app).press("b")
    expect(cell(app, 2, 2)).to_have_attribute("data-state", "black")
    app.get_by_test_id("undo").click()
    assert editor_state(app) == before
    set_size(app, 7, 5)
    expect(cells(app)).to_have_count(35)
    kept = editor_state(app)
    assert (kept["rows"], kept["cols"]) == (7, 5)
    assert [kept["cells"][r * 5:r * 5 + 5] for r in range(6)] == [before["cells"][r * 6:r * 6 + 5] for r in range(6)]
    expect(app.get_by_test_id("share")).to_have_attribute("href", re.compile(r"#kakuro/v3\.7x5\."))
    for name, word, found in (("2x2 both ways", "multiple", "multiple"), ("impossible", "no solution", "none")):
        assert python_solve(kakuro, text=example(kakuro, name).text)["status"] == found
        app.get_by_test_id("examples").select_option(value=name)
        solve_and_expect(app, word)
    app.get_by_test_id("mode-edit").click()
    cell(app, 1, 0).click()                              # the clue of row 2 becomes black
    board(app).press("b")
    state = editor_state(app)
    refused = api.handle({"op": "parse", "kind": "kakuro", "state": state})
    assert not refused["ok"] and refused["error"]["where"] == {"r": 1, "c": 1}
    solve_and_expect(app, "invalid")
    expect(status(app)).to_have_text(f"invalid: {refused['error']['message']}")
    expect(status(app)).to_contain_text("r2c2")
    expect(app.locator("[data-testid=board] .cell.bad")).to_have_count(1)
    expect(cell(app, 1, 1)).to_have_class(BAD)


def test_kakuro_puzzlink_import_and_export(app):
    """The page's puzz.link box imports a kakuro URL into this editor and exports the same URL; the
    URL put in the text box loads the same grid (through the engine's link_import, like any URL)."""
    app.get_by_test_id("kind").select_option("sudoku")
    app.locator("details.share summary", has_text="puzz.link").click()
    app.get_by_test_id("puzzlink-in").fill(KAKURO_URL)
    app.get_by_test_id("import").click()
    expect(status(app)).to_contain_text("imported", timeout=LOAD)
    expect(app.get_by_test_id("kind")).to_have_value("kakuro")
    puzzle = kakuro.parse(example(kakuro, "puzz.link 5x5").text)
    assert editor_state(app) == as_shown(kakuro.to_state(puzzle))
    expect_text(app, kakuro.format(puzzle))
    app.get_by_test_id("export").click()
    expect(app.get_by_test_id("puzzlink-out")).to_have_value(KAKURO_URL)
    expected = signature(app)
    app.get_by_test_id("clear").click()
    expect(cell(app, 0, 2)).to_have_attribute("data-value", "-")
    text_box(app).fill(KAKURO_URL)                       # not the grid text: link_import reads it
    app.get_by_test_id("load-text").click()
    expect(cell(app, 0, 2).locator(".field[data-field=down]")).to_have_text(str(puzzle.cell(0, 2)[0]))
    expect(status(app)).not_to_contain_text("invalid")
    assert signature(app) == expected
    close_text_box(app)


# -- puzlogic ------------------------------------------------------------------------------------
SUM_EDGE = {("all", 0): "row_all", ("all", 1): "col_all", ("blue", 0): "row_blue", ("blue", 1): "col_blue"}


def test_puzlogic_entered_in_the_editor_solves_uniquely(app):
    """Level 6 built on an empty 4×4 lattice (keys, taps and the keypad), sums typed into the edge
    fields and the pieces into their field: the example's state and text, unique, Python's answer."""
    ex = example(puzlogic, "level 6")
    puzzle = puzlogic.parse(ex.text)
    pick_kind(app, "puzlogic")
    app.get_by_test_id("clear").click()
    app.get_by_test_id("size").select_option(label="4×4")
    expect(cells(app)).to_have_count(16)
    expect(app.locator("[data-testid=board] .cell.empty")).to_have_count(16)
    given = {(r, c): v for r, c, v in puzzle.cells}
    tapped, keyed = (3, 1), (0, 3)        # a gap made by a tap; a number from the keypad
    cell(app, 0, 1).click()
    board(app).press("Home")
    for r in range(4):
        for c in range(4):
            if (r, c) == tapped:
                cell(app, r, c).click()                   # the cursor is on it, but a first tap only selects
                expect(cell(app, r, c)).not_to_have_class(re.compile(r"\blook-gap\b"))
                cell(app, r, c).click()                   # a second tap cycles
                expect(cell(app, r, c)).to_have_class(re.compile(r"\blook-gap\b"))
            elif (r, c) == keyed:
                for digit in str(given[r, c]):
                    app.get_by_test_id(f"key-{digit}").click()
            elif (r, c) not in given:
                board(app).press("g")
            elif given[r, c]:
                board(app).press_sequentially(str(given[r, c]))
            else:
                board(app).press(".")
            board(app).press("ArrowRight")
        board(app).press("ArrowDown")
    app.get_by_test_id("extra-pieces").press_sequentially(" ".join(map(str, puzzle.pieces)))
    for kind, axis, index, target in puzzle.sums:
        app.get_by_test_id(f"edge-{SUM_EDGE[kind, axis]}-{index}").fill(str(target))
    expect_unique(app, puzlogic, puzzle)
    expect(app.locator("[data-testid=board] .cell.solved")).to_have_count(len(puzzle.pieces))
    for (r, c), v in given.items():
        if v:
            expect(cell(app, r, c)).to_have_class(re.compile(r"\bgiven\b"))
            expect(cell(app, r, c)).to_have_text(str(v))
    color = "e => getComputedStyle(e).color"
    solved = next(iter(drawn(app)))
    assert cell(app, 0, 3).evaluate(color) != cell(app, *solved).evaluate(color)
    assert not app.errors


def test_puzlogic_share_link_round_trip(app, browser, server):  # noqa: F811
    """The share link reopens lattice, givens, pieces and sums."""
    app.get_by_test_id("back-to-puzzle").click()
    assert app.get_by_test_id("extra-pieces").input_value() == "1 2 3 4 5 6"
    share_round_trip(app, browser, server)


def test_puzlogic_multiple_none_and_a_located_error(app):
    """Two ways says multiple, impossible says no solution; too few pieces is `invalid` with the
    pieces field marked."""
    for name, word, found in (("two ways", "multiple", "multiple"), ("impossible", "no solution", "none")):
        assert python_solve(puzlogic, text=example(puzlogic, name).text)["status"] == found
        app.get_by_test_id("examples").select_option(value=name)
        solve_and_expect(app, word)
    app.get_by_test_id("mode-edit").click()                                 # pieces are the puzzle's
    app.get_by_test_id("extra-pieces").fill("2")
    expect(app.get_by_test_id("extra-pieces")).to_have_class(BAD)           # the live check marks it
    expect(app.get_by_test_id("extra-pieces")).to_have_attribute("aria-invalid", "true")
    solve_and_expect(app, "invalid")
    expect(app.get_by_test_id("extra-pieces")).to_have_class(BAD)


def test_touch_taps_edit_both_editors(browser, server):  # noqa: F811
    """On a touch screen: tapping a selected puzlogic cell makes it a gap and back, and tapping a
    selected kakuro white cell makes it black, then a clue."""
    page, shared = new_page(browser, server, has_touch=True, viewport={"width": 400, "height": 800})
    try:
        page.goto(server.url)
        pick_kind(page, "puzlogic")
        target = cell(page, 1, 2)
        target.tap()
        expect(target).to_have_attribute("aria-selected", "true")
        target.tap()
        expect(target).to_have_class(re.compile(r"\blook-gap\b"))
        target.tap()
        expect(target).to_have_class(re.compile(r"\bempty\b"))
        pick_kind(page, "kakuro")
        page.get_by_test_id("examples").select_option(value="2x2 both ways")
        page.get_by_test_id("mode-edit").tap()
        expect(cell(page, 0, 1).locator(".field[data-field=down]")).to_have_text("3")
        target = cell(page, 2, 2)
        expect(target).to_have_attribute("data-value", "")
        target.tap()
        target.tap()
        expect(target).to_have_attribute("data-state", "black")
        target.tap()
        expect(target).to_have_attribute("data-state", "clue")
        assert not page.context.recorder.foreign
    finally:
        close_page(page, shared)


def test_text_box_shows_the_puzzle_when_reopened(app):
    """The Text… box, closed and reopened after another puzzle was loaded, shows that puzzle's text."""
    pick_kind(app, "puzlogic")
    for name in ("level 6", "two ways"):
        puzzle = puzlogic.parse(example(puzlogic, name).text)
        app.get_by_test_id("examples").select_option(value=name)
        assert editor_state(app) == as_shown(puzlogic.to_state(puzzle))
        if app.locator("#text-box").is_hidden():
            app.get_by_test_id("text-toggle").click()
        expect(app.get_by_test_id("text")).to_have_value(puzlogic.format(puzzle), timeout=10_000)
        app.get_by_test_id("text-toggle").click()               # closed as a user would, text kept
