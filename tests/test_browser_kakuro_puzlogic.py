"""The kakuro and puzlogic editors in Debian's Chromium (Playwright), on the built site.

Per kind: a puzzle entered through the editor (keyboard, mouse and the editor's own fields) gives
the canonical text of the reference example, solves uniquely, and the drawn solution equals the
published one (placed/solved digits styled apart from clues and givens); the examples with two
solutions and with none say `multiple` and `no solution`; the share link reopens the same puzzle
in a fresh browser context. Kakuro also: a puzz.link URL imports through the page's import box
and exports back.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from gridlogic.kinds import kakuro, puzlogic
from test_browser import BUILD, LOAD, SOLVE, Recorder, Server, browser  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

KAKURO_URL = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"


@pytest.fixture(scope="module")
def site():
    private = os.environ.get("GRIDLOGIC_TEST_SITE")          # a helper's own site folder, if set
    return BUILD.build_site(Path(private)) if private else BUILD.build_site()


@pytest.fixture(scope="module")
def server(site):
    s = Server(site)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def app(browser, server):
    ctx = browser.new_context(service_workers="block")
    ctx.recorder = Recorder(ctx, server.url)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server.url)
    yield page
    assert not ctx.recorder.foreign
    ctx.close()


# -- helpers -------------------------------------------------------------------------------------
def status(page):
    return page.get_by_test_id("status")


def cell(page, r: int, c: int):
    return page.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']")


def example(kind, name):
    return next(e for e in kind.EXAMPLES if e.name == name)


def editor_text(page) -> str:
    """The editor's text, as the page's text box shows it."""
    if page.locator("#text-box").is_hidden():
        page.get_by_test_id("text-toggle").click()
    return page.get_by_test_id("text").input_value()


def signature(page) -> list[tuple]:
    """Every board cell as (r, c, classes that matter, text)."""
    return page.locator("[data-testid=board] .cell").evaluate_all(
        """cells => cells.map(e => [+e.dataset.r, +e.dataset.c,
             ['black', 'white', 'clue', 'gap', 'empty', 'given', 'solved', 'placed']
               .filter(k => e.classList.contains(k)).join(' '),
             e.textContent])""")


def share_round_trip(app, browser, server, extra=None) -> None:
    """The share link opens the same board (and `extra` state) in a fresh context."""
    link = app.get_by_test_id("share").get_attribute("href")
    kind = app.get_by_test_id("kind").input_value()
    assert f"#{kind}/" in link
    before = signature(app)
    state = extra(app) if extra else None
    fresh = browser.new_context(service_workers="block")
    recorder = Recorder(fresh, server.url)
    page = fresh.new_page()
    try:
        page.goto(link)
        expect(page.locator("[data-testid=board] .cell")).to_have_count(len(before))
        assert page.get_by_test_id("kind").input_value() == kind
        assert signature(page) == before
        if extra:
            assert extra(page) == state
        assert not recorder.foreign
    finally:
        fresh.close()


def solve_and_expect(page, word: str) -> None:
    page.get_by_test_id("solve").click()
    expect(status(page)).to_contain_text(word, timeout=LOAD)


# -- kakuro --------------------------------------------------------------------------------------
def type_kakuro(page, text: str) -> None:
    """Enter a kakuro cell by cell: B black, W white, a digit or C opens the clue form (Tab to the
    right sum, Enter back to the board); the last cell by a tap and the White/Black buttons."""
    rows = [line.split() for line in text.splitlines()[1:]]
    board = page.get_by_test_id("board")
    board.focus()
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if (r, c) == (len(rows) - 1, len(row) - 1):     # the cursor is here: a tap toggles
                board.press("w")
                cell(page, r, c).click()
                expect(cell(page, r, c)).to_have_class(re.compile(r"\bblack\b"))
                page.get_by_test_id("kakuro-white").click()
                expect(cell(page, r, c)).to_have_class(re.compile(r"\bwhite\b"))
                page.get_by_test_id("kakuro-black").click()
                continue
            if token == "-":
                board.press("b")
            elif token == "0":
                board.press("w")
            else:
                down, right = token.split(",")
                if down:
                    board.press(down[0])
                    page.keyboard.type(down[1:])
                else:
                    board.press("c")
                expect(page.get_by_test_id("clue-down")).to_be_focused()
                page.keyboard.press("Tab")
                page.keyboard.type(right)
                page.keyboard.press("Enter")
            board.press("ArrowRight")
        board.press("ArrowDown")


def test_kakuro_entered_in_the_editor_solves_uniquely(app):
    """A 6×6 kakuro typed into a fresh grid: canonical text, unique, digits as published."""
    ex = example(kakuro, "puzz.link 5x5")
    app.get_by_test_id("kind").select_option("kakuro")
    app.get_by_test_id("size").select_option(label="6×6")
    expect(app.locator("[data-testid=board] .cell")).to_have_count(36)
    expect(app.locator("[data-testid=board] .cell.black")).to_have_count(11)    # the border row/column
    type_kakuro(app, ex.text)
    puzzle = kakuro.parse(ex.text)
    assert editor_text(app) == kakuro.format(puzzle)
    expect(cell(app, 0, 2).locator(".sum.down")).to_have_text("12")
    expect(cell(app, 1, 1).locator(".sum.right")).to_have_text("8")
    solve_and_expect(app, "unique")
    published = [line.split() for line in ex.solution.splitlines()[1:]]
    solved = 0
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            node = cell(app, r, c)
            if puzzle.is_white(r, c):
                assert node.text_content() == published[r][c]
                assert "solved" in node.get_attribute("class")
                solved += 1
            else:
                assert "solved" not in node.get_attribute("class")
    assert solved == 16
    color = "e => getComputedStyle(e).color"
    assert cell(app, 1, 2).evaluate(color) != cell(app, 0, 2).evaluate(color)
    assert not app.errors


def test_kakuro_share_link_round_trip(app, browser, server):
    """The compact share link of the entered kakuro reopens the same grid, clues and all."""
    app.get_by_test_id("back-to-puzzle").click()
    share_round_trip(app, browser, server)


def test_kakuro_editing_keys_and_resize(app):
    """Undo restores a cell; + row / − column change the size; the multiple and impossible
    examples say so; a run without a sum is `invalid` with its first cell marked."""
    board = app.get_by_test_id("board")
    before = editor_text(app)
    cell(app, 2, 2).click()
    board.press("b")
    expect(cell(app, 2, 2)).to_have_class(re.compile(r"\bblack\b"))
    app.get_by_test_id("undo").click()
    assert editor_text(app) == before
    app.get_by_test_id("kakuro-add-row").click()
    app.get_by_test_id("kakuro-remove-col").click()
    assert editor_text(app).splitlines()[0] == "7 5"
    app.get_by_test_id("examples").select_option(value="2x2 both ways")
    solve_and_expect(app, "multiple")
    app.get_by_test_id("examples").select_option(value="impossible")
    solve_and_expect(app, "no solution")
    cell(app, 1, 0).click()                              # the clue of row 1 becomes black
    board.press("b")
    solve_and_expect(app, "invalid")
    expect(status(app)).to_contain_text("r2c2")
    expect(app.locator("[data-testid=board] .cell.bad")).to_have_count(1)
    expect(cell(app, 1, 1)).to_have_class(re.compile(r"\bbad\b"))


def test_kakuro_puzzlink_import_and_export(app):
    """The page's puzz.link box imports a kakuro URL into this editor and exports the same URL; the
    URL put in the text box loads the same grid (through the engine's link_import, like any URL)."""
    app.get_by_test_id("kind").select_option("sudoku")
    details = app.locator("details.share summary", has_text="puzz.link")
    details.click()
    app.get_by_test_id("puzzlink-in").fill(KAKURO_URL)
    app.get_by_test_id("import").click()
    expect(status(app)).to_contain_text("imported", timeout=LOAD)
    assert app.get_by_test_id("kind").input_value() == "kakuro"
    assert editor_text(app) == kakuro.format(kakuro.parse(example(kakuro, "puzz.link 5x5").text))
    app.get_by_test_id("export").click()
    expect(app.get_by_test_id("puzzlink-out")).to_have_value(KAKURO_URL)
    expected = signature(app)
    app.get_by_test_id("clear").click()
    app.get_by_test_id("text").fill(KAKURO_URL)          # not the grid text: link_import reads it
    app.get_by_test_id("load-text").click()
    expect(cell(app, 0, 2).locator(".sum.down")).to_have_text("12")     # blank again after Clear
    expect(status(app)).not_to_contain_text("invalid")
    assert signature(app) == expected


# -- puzlogic ------------------------------------------------------------------------------------
def test_puzlogic_entered_in_the_editor_solves_uniquely(app):
    """Level 6 built on an empty 4×4 lattice (keyboard and taps), pieces and sums typed in."""
    ex = example(puzlogic, "level 6")
    puzzle = puzlogic.parse(ex.text)
    app.get_by_test_id("kind").select_option("puzlogic")
    app.get_by_test_id("clear").click()
    app.get_by_test_id("size").select_option(label="4×4")
    expect(app.locator("[data-testid=board] .cell")).to_have_count(16)
    expect(app.locator("[data-testid=board] .cell.gap")).to_have_count(16)
    board = app.get_by_test_id("board")
    cells = {(r, c): v for r, c, v in puzzle.cells}
    tapped = (3, 0)                       # the cursor is on it: a tap toggles gap → cell
    cell(app, 0, 1).click()
    board.press("Home")
    for r in range(4):
        for c in range(4):
            if (r, c) == tapped:
                cell(app, r, c).click()
            elif (r, c) in cells:
                board.press(str(cells[r, c]) if cells[r, c] else " ")
            board.press("ArrowRight")
        board.press("ArrowDown")
    expect(cell(app, *tapped)).to_have_class(re.compile(r"\bempty\b"))
    app.get_by_test_id("pieces").fill("1 2 3 4 5 6")
    names = {0: "row", 1: "col"}
    for kind, axis, index, target in puzzle.sums:
        app.get_by_test_id(f"sum-{kind}-{names[axis]}-{index}").fill(str(target))
    assert editor_text(app) == puzlogic.format(puzzle)
    solve_and_expect(app, "unique")
    published = {(r, c): v for r, c, v in puzlogic.parse_solution(puzzle, ex.solution)}
    for (r, c), v in cells.items():
        node = cell(app, r, c)
        klass = node.get_attribute("class")
        if v:
            assert node.text_content() == str(v) and "given" in klass
        else:
            assert node.text_content() == str(published[r, c]) and "placed" in klass
    expect(app.locator("[data-testid=board] .cell.placed")).to_have_count(6)
    color = "e => getComputedStyle(e).color"
    assert cell(app, 0, 0).evaluate(color) != cell(app, 0, 3).evaluate(color)
    assert not app.errors


def test_puzlogic_share_link_round_trip(app, browser, server):
    """The share link reopens lattice, givens, pieces and sums."""
    app.get_by_test_id("back-to-puzzle").click()

    def fields(page):
        sums = page.locator(".puz-wrap input.sum").evaluate_all(
            "xs => xs.map(x => [x.dataset.testid, x.value]).filter(x => x[1])")
        return page.get_by_test_id("pieces").input_value(), sums

    assert fields(app)[0] == "1 2 3 4 5 6" and len(fields(app)[1]) == 3
    share_round_trip(app, browser, server, extra=fields)


def test_puzlogic_multiple_none_and_a_located_error(app):
    """Two ways says multiple, impossible says no solution; too few pieces is `invalid` with the
    pieces field marked."""
    app.get_by_test_id("examples").select_option(value="two ways")
    solve_and_expect(app, "multiple")
    app.get_by_test_id("examples").select_option(value="impossible")
    solve_and_expect(app, "no solution")
    app.get_by_test_id("pieces").fill("2")
    solve_and_expect(app, "invalid")
    expect(app.get_by_test_id("pieces")).to_have_class(re.compile(r"\bbad\b"))


def test_touch_taps_edit_both_editors(browser, server):
    """On a touch screen: tapping a selected kakuro cell toggles white ↔ black, and tapping a
    selected puzlogic gap makes it a cell."""
    ctx = browser.new_context(service_workers="block", has_touch=True, viewport={"width": 400, "height": 800})
    recorder = Recorder(ctx, server.url)
    page = ctx.new_page()
    try:
        page.goto(server.url + "index.html#puzlogic/2x2/.--./1.2/")
        expect(page.locator("[data-testid=board] .cell.gap")).to_have_count(2)
        cell(page, 0, 1).tap()
        cell(page, 0, 1).tap()
        expect(cell(page, 0, 1)).to_have_class(re.compile(r"\bempty\b"))
        page.get_by_test_id("kind").select_option("kakuro")
        page.get_by_test_id("examples").select_option(value="2x2 both ways")
        expect(cell(page, 0, 1).locator(".sum.down")).to_have_text("3")
        cell(page, 2, 2).tap()
        cell(page, 2, 2).tap()
        expect(cell(page, 2, 2)).to_have_class(re.compile(r"\bblack\b"))
        assert not recorder.foreign
    finally:
        ctx.close()
