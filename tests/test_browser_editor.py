"""The one editor (web/editor.js) in Debian's Chromium, on the built site, for every kind in kinds.json.

Covers: at 390×844 with touch, no sideways scroll and Solve, the status and the board in view
together, for every kind's blank grid and examples (number cross's board and clue fields usable);
grid/row/gridcell roles with the selected cell announced as the cursor moves; focus back on the grid
after Undo/Redo (buttons and Ctrl+Z/Y); several error locations marked at once (cells, a line,
edge fields, marks, extras) and as you type (a sum given twice, an unknown clue phrase); the
highlight, value and candidate overlays drawn and cleared by an edit; puzzles an older page kept as
text in localStorage (the last one and Recent) loading through the engine; a futoshiki puzzle entered
with marks by mouse and keys and solved (checked by the kind's own checker); touch taps and a
paint drag; kakuro clue fields; undo/redo across cells, edges, extras, marks and size; every
example's v3 link reopening the same state in a fresh page.
"""

from __future__ import annotations

import re

import pytest

from gridlogic import api
from gridlogic.kinds import futoshiki
from gridlogic.kinds.futoshiki.grid import ACROSS, DOWN
from sampling import first, ways_of_playing
from test_browser import (LOAD, board_text, browser, close_page, editor_state, new_page, server,  # noqa: F401
                          site)

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

KINDS = api.handle({"op": "kinds"})["result"]["kinds"]
BY_KEY = {k["key"]: k for k in KINDS}
PHONE = {"width": 390, "height": 844}
BAD = re.compile(r"\bbad\b")


def open_page(browser, server, **options):  # noqa: F811
    page, shared = new_page(browser, server, **options)
    page.shared = shared
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server.url)
    expect(page.locator("[data-testid=board] .cell").first).to_be_visible()
    return page


@pytest.fixture(scope="module")
def app(browser, server):  # noqa: F811
    page = open_page(browser, server, viewport={"width": 1200, "height": 900})
    yield page
    assert not page.errors and not page.context.recorder.foreign
    close_page(page, page.shared)


@pytest.fixture(scope="module")
def phone(browser, server):  # noqa: F811
    page = open_page(browser, server, viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    yield page
    assert not page.errors
    close_page(page, page.shared)


def cell(page, r: int, c: int):
    return page.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']")


def status(page):
    return page.get_by_test_id("status")


def wait_ready(page) -> None:
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)


def load_example(page, kind: str, name: str) -> None:
    page.get_by_test_id("kind").select_option(kind)
    page.get_by_test_id("examples").select_option(value=name)
    expect(page.locator("[data-testid=board] .cell")).to_have_count(len(example(kind, name)["state"]["cells"]))


def example(kind: str, name: str) -> dict:
    return next(e for e in BY_KEY[kind]["examples"] if e["name"] == name)


def box(page, selector: str) -> dict:
    return page.locator(selector).first.evaluate(
        "e => { const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; }")


def active_testid(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.dataset.testid || ''")


# -- phone -----------------------------------------------------------------------------------------
def assert_fits_the_phone(page, what: str) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"{what}: sideways scroll {widths}"
    for selector in ("[data-testid=board]", "[data-testid=solve]", "[data-testid=status]"):
        b = box(page, selector)
        assert b["top"] >= 0 and b["bottom"] <= PHONE["height"], f"{what}: {selector} at {b}"
        assert b["left"] >= 0 and b["right"] <= PHONE["width"] + 0.5, f"{what}: {selector} at {b}"


@pytest.mark.parametrize("kind", [k["key"] for k in KINDS])
def test_phone_every_kind_fits_with_solve_and_status(phone, kind):
    """The blank grid and its largest example (every example under --full): no sideways scroll; board, Solve
    and status in view."""
    phone.get_by_test_id("kind").select_option(kind)
    phone.evaluate("window.scrollTo(0, 0)")
    assert_fits_the_phone(phone, f"{kind} blank")
    for ex in first(sorted(BY_KEY[kind]["examples"], key=lambda e: -len(e["state"]["cells"]))):
        load_example(phone, kind, ex["name"])
        phone.evaluate("window.scrollTo(0, 0)")
        assert_fits_the_phone(phone, f"{kind} {ex['name']}")


def test_phone_number_cross_is_usable(phone):
    """Number cross at 390 px: cells a finger can hit, clue fields wide enough to read a phrase."""
    load_example(phone, "numbercross", "5x5 squares")
    phone.get_by_test_id("mode-edit").tap()                    # a loaded puzzle opens in play
    cell_box = box(phone, "[data-testid=board] .cell")
    assert cell_box["right"] - cell_box["left"] >= 30
    clue = box(phone, "[data-testid=edge-clues-0]")
    assert clue["right"] - clue["left"] >= 100 and clue["right"] <= PHONE["width"]
    phone.get_by_test_id("key-E").tap()                        # the brush, then a tap paints
    expect(phone.get_by_test_id("key-E")).to_have_attribute("aria-pressed", "true")
    cell(phone, 1, 1).tap()
    expect(cell(phone, 1, 1)).to_have_attribute("data-value", "E")


# -- accessibility -------------------------------------------------------------------------------
def test_grid_roles_and_the_cell_announced_as_the_cursor_moves(app):
    app.get_by_test_id("kind").select_option("sudoku")
    app.get_by_test_id("examples").select_option(value="classic")
    grid = app.get_by_test_id("board")
    expect(grid).to_have_attribute("role", "grid")
    rows = grid.locator("[role=row]")
    expect(rows).to_have_count(9)
    for r in (0, 8):
        expect(rows.nth(r).locator("[role=gridcell]")).to_have_count(9)
    cell(app, 0, 3).click()
    expect(grid.locator("[aria-selected=true]")).to_have_count(1)
    expect(cell(app, 0, 3)).to_have_attribute("aria-selected", "true")
    grid.press("ArrowRight")
    expect(cell(app, 0, 4)).to_have_attribute("aria-selected", "true")
    expect(cell(app, 0, 3)).to_have_attribute("aria-selected", "false")
    live = app.get_by_test_id("board-live")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_have_text("row 1, column 5: 1")
    grid.press("ArrowDown")
    expect(live).to_have_text("row 2, column 5: empty")
    assert grid.get_attribute("aria-label")


def test_focus_returns_to_the_grid_after_undo_and_redo(app):
    app.get_by_test_id("kind").select_option("sudoku")
    app.get_by_test_id("clear").click()
    cell(app, 1, 1).click()
    app.get_by_test_id("board").press("7")
    app.get_by_test_id("undo").click()
    expect(cell(app, 1, 1)).to_have_text("")
    assert active_testid(app) == "board"
    app.get_by_test_id("redo").click()
    expect(cell(app, 1, 1)).to_have_text("7")
    assert active_testid(app) == "board"
    app.get_by_test_id("clear").focus()
    app.keyboard.press("Control+z")                            # focus on a button: the grid undoes
    expect(cell(app, 1, 1)).to_have_text("")
    assert active_testid(app) == "board"
    app.get_by_test_id("hint").focus()
    app.keyboard.press("Control+y")
    expect(cell(app, 1, 1)).to_have_text("7")
    assert active_testid(app) == "board"


# -- errors and overlays ---------------------------------------------------------------------------
def test_several_error_locations_marked_at_once(app):
    """mark() takes a list: a cell, a list of cells, a whole row and column, an edge field, an extra."""
    load_example(app, "puzlogic", "level 6")
    app.evaluate("""() => window.gridlogic.editor().mark([{r: 0, c: 0}, {cells: [[3, 3], [2, 2]]}, {row: 1},
                      {col: 3}, {edge: 'row_all', index: 2}, {extra: 'pieces'}])""")
    bad = {(r, c) for r in range(4) for c in range(4) if (r, c) in {(0, 0), (3, 3), (2, 2)} or r == 1 or c == 3}
    for r in range(4):
        for c in range(4):
            if (r, c) in bad:
                expect(cell(app, r, c)).to_have_class(BAD)
            else:
                expect(cell(app, r, c)).not_to_have_class(BAD)
    for testid in ("edge-row_all-2", "extra-pieces"):
        expect(app.get_by_test_id(testid)).to_have_class(BAD)
        expect(app.get_by_test_id(testid)).to_have_attribute("aria-invalid", "true")
    expect(app.get_by_test_id("edge-row_all-1")).not_to_have_class(BAD)
    load_example(app, "futoshiki", "4x4")
    app.evaluate("() => window.gridlogic.editor().mark([{mark: 'v', r: 0, c: 2}, {mark: 'h', r: 3, c: 0}])")
    expect(app.locator("[data-testid=board] .gap.bad")).to_have_count(2)
    expect(app.get_by_test_id("mark-v-0-2")).to_have_class(BAD)
    app.evaluate("() => window.gridlogic.editor().clearMarks()")
    expect(app.locator("[data-testid=board] .bad")).to_have_count(0)


def test_errors_are_marked_as_you_type(app):
    """The engine checks the puzzle once edits settle: a digit given twice marks both cells, a
    filled cell that leaves a piece without a place marks the pieces, an unknown clue phrase and a
    bad nonogram clue mark their fields; fixing them clears the marks."""
    wait_ready(app)
    load_example(app, "sudoku", "classic")
    app.get_by_test_id("mode-edit").click()                    # a loaded puzzle opens in play
    cell(app, 0, 0).click()
    app.get_by_test_id("board").press("1")                     # 1 is given at (0, 4) already
    expect(cell(app, 0, 0)).to_have_class(BAD)
    expect(cell(app, 0, 4)).to_have_class(BAD)
    expect(status(app)).to_contain_text("invalid")
    app.get_by_test_id("board").press("Backspace")
    expect(app.locator("[data-testid=board] .cell.bad")).to_have_count(0)
    expect(status(app)).not_to_contain_text("invalid")
    load_example(app, "puzlogic", "level 6")
    app.get_by_test_id("mode-edit").click()
    cell(app, 1, 1).click()
    app.get_by_test_id("board").press("2")                     # five empty cells for six pieces
    expect(app.get_by_test_id("extra-pieces")).to_have_class(BAD)
    expect(status(app)).to_contain_text("pieces")
    load_example(app, "numbercross", "5x5 squares")
    app.get_by_test_id("mode-edit").click()
    field = app.get_by_test_id("edge-clues-2")
    field.fill("squarish")
    expect(field).to_have_class(BAD)
    expect(status(app)).to_contain_text("invalid")
    expect(status(app)).to_contain_text("squarish")
    field.fill("square")
    expect(field).not_to_have_class(BAD)
    app.get_by_test_id("kind").select_option("nonogram")
    app.get_by_test_id("clear").click()
    field = app.get_by_test_id("edge-rows-3")
    field.fill("3 x")
    expect(field).to_have_class(BAD)
    expect(status(app)).to_contain_text("invalid")


def test_overlays_are_drawn_and_cleared_by_an_edit(app):
    load_example(app, "sudoku", "classic")
    app.evaluate("""() => { const e = window.gridlogic.editor();
        e.highlight([[0, 0], [0, 1]], 'these two cells');
        e.values({'2,2': '7'});
        e.candidates([{r: 1, c: 0, symbols: ['2', '6', '7']}]); }""")
    for c in (0, 1):
        expect(cell(app, 0, c)).to_have_class(re.compile(r"\bhl\b"))
    expect(app.get_by_test_id("caption")).to_have_text("these two cells")
    expect(cell(app, 2, 2).locator(".ov-value")).to_have_text("7")
    expect(cell(app, 1, 0).locator(".cands span")).to_have_text(["2", "6", "7"])
    cell(app, 8, 8).click()
    app.get_by_test_id("board").press("4")
    expect(app.locator("[data-testid=board] .hl, [data-testid=board] .ov-value, [data-testid=board] .cands")).to_have_count(0)
    expect(app.get_by_test_id("caption")).to_be_hidden()


def test_puzzles_an_older_page_kept_as_text_still_load(browser, server):  # noqa: F811
    """Older pages kept texts in localStorage: the last sudoku comes back through `parse`, and a
    Recent entry with rules loads with them."""
    page = open_page(browser, server)
    try:
        classic = example("sudoku", "classic")
        miracle = example("sudoku", "miracle")
        stored = {"kind": "sudoku", "perKind": {"sudoku": {"text": classic["text"], "rules": [], "at": 1}},
                  "recent": {"sudoku": [{"text": miracle["text"], "rules": ["miracle"], "at": 2}]}}
        page.evaluate("s => localStorage.setItem('gridlogic:v1', JSON.stringify(s))", stored)
        page.goto(server.url + "index.html")                    # no link in the address: storage speaks
        expect(cell(page, 0, 4)).to_have_text("1", timeout=LOAD)
        assert editor_state(page) == classic["state"]
        page.get_by_test_id("recent").select_option(index=1)
        expect(cell(page, 4, 2)).to_have_text("1")
        assert editor_state(page) == miracle["state"]
        expect(page.get_by_test_id("rules-now")).to_have_text("Rules: knight, king, nonconsecutive")
        kept = page.evaluate("JSON.parse(localStorage.getItem('gridlogic:v1')).perKind.sudoku")
        assert kept["state"] == miracle["state"]                 # kept as a state from now on
        assert not page.errors
    finally:
        close_page(page, page.shared)


# -- futoshiki: a kind with no JS of its own -----------------------------------------------------
def test_futoshiki_entered_with_marks_and_solved(app):
    """The 4×4 example typed in: digits by keys, signs by clicking the gaps (cycling) and by keys;
    the state equals the example's, Solve is unique and the kind's checker accepts the answer."""
    wait_ready(app)
    target = example("futoshiki", "4x4")["state"]
    app.get_by_test_id("kind").select_option("futoshiki")
    app.get_by_test_id("clear").click()                        # a blank grid, edited (sizes show)
    app.get_by_test_id("size").select_option(label="4×4")
    board = app.get_by_test_id("board")
    for i, v in enumerate(target["cells"]):
        if v:
            cell(app, i // 4, i % 4).click()
            board.press(v)
    by_key = True
    for way, n in (("h", 3), ("v", 4)):
        signs = ACROSS if way == "h" else DOWN
        for k, sign in enumerate(target["marks"][way]):
            if not sign:
                continue
            r, c = divmod(k, n)
            gap = app.get_by_test_id(f"mark-{way}-{r}-{c}")
            if by_key:                                          # the first by a key on the cell
                cell(app, r, c).click()
                board.press(sign)
            else:
                for _ in range(signs.index(sign) + 1):
                    gap.click()
            by_key = not by_key
            expect(gap).to_have_text(sign)
    assert editor_state(app) == target
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique")
    puzzle = futoshiki.from_state(target)
    solution = board_text(app)
    assert "." not in solution
    assert not futoshiki.check(puzzle, futoshiki.parse_solution(puzzle, solution))


# -- pointers and fields ---------------------------------------------------------------------------
def test_touch_taps_edit_cells_keypad_and_marks(phone):
    phone.get_by_test_id("kind").select_option("binary")
    phone.get_by_test_id("clear").tap()
    cell(phone, 1, 1).tap()
    cell(phone, 0, 0).tap()
    expect(cell(phone, 0, 0)).to_have_class(re.compile(r"\bsel\b"))
    expect(cell(phone, 0, 0)).to_have_text("")
    cell(phone, 0, 0).tap()                                    # a tap on the selected cell cycles
    expect(cell(phone, 0, 0)).to_have_text("0")
    cell(phone, 0, 0).tap()
    expect(cell(phone, 0, 0)).to_have_text("1")
    cell(phone, 2, 3).tap()
    phone.get_by_test_id("key-0").tap()
    expect(cell(phone, 2, 3)).to_have_text("0")
    phone.get_by_test_id("key-erase").tap()
    expect(cell(phone, 2, 3)).to_have_text("")
    phone.get_by_test_id("kind").select_option("futoshiki")
    phone.get_by_test_id("clear").tap()
    gap = phone.get_by_test_id("mark-v-1-2")
    gap.tap()
    expect(gap).to_have_text(DOWN[0])
    gap.tap()
    expect(gap).to_have_text(DOWN[1])
    gap.tap()
    expect(gap).to_have_text("")


def test_paint_drag_and_one_undo(app):
    """Number cross: a mouse drag paints the brush over every cell it crosses; one Undo takes the
    whole stroke back."""
    load_example(app, "numbercross", "5x5 squares")
    app.get_by_test_id("mode-edit").click()
    before = editor_state(app)
    app.get_by_test_id("key-Q").click()                        # Q: a brush no cell has
    expect(app.get_by_test_id("key-Q")).to_have_attribute("aria-pressed", "true")
    assert editor_state(app) == before                         # choosing a brush paints nothing
    start = box(app, "[data-testid=board] .cell[data-r='4'][data-c='0']")
    end = box(app, "[data-testid=board] .cell[data-r='4'][data-c='3']")
    y = (start["top"] + start["bottom"]) / 2
    app.mouse.move(start["left"] + 5, y)
    app.mouse.down()
    app.mouse.move((start["left"] + end["right"]) / 2, y, steps=8)
    app.mouse.move(end["right"] - 5, y, steps=8)
    app.mouse.up()
    for c in range(4):
        expect(cell(app, 4, c)).to_have_attribute("data-value", "Q")
    expect(cell(app, 4, 4)).not_to_have_attribute("data-value", "Q")
    expect(cell(app, 3, 3)).to_have_class(re.compile(r"\bbb\b"))        # a region border above the stroke
    app.get_by_test_id("undo").click()
    assert editor_state(app) == before


def test_kakuro_clue_fields_by_keyboard(app):
    app.get_by_test_id("kind").select_option("kakuro")
    app.get_by_test_id("clear").click()
    cell(app, 2, 2).click()
    board = app.get_by_test_id("board")
    board.press("c")
    expect(cell(app, 2, 2)).to_have_attribute("data-state", "clue")
    expect(app.get_by_test_id("field-down")).to_be_visible()
    board.press("1")                                           # a digit starts the first field
    app.keyboard.type("6")
    expect(app.get_by_test_id("field-down")).to_be_focused()
    app.keyboard.press("Tab")
    app.keyboard.type("7")
    app.keyboard.press("Enter")
    assert active_testid(app) == "board"
    expect(cell(app, 2, 2)).to_have_attribute("data-value", "\\16,7")
    expect(cell(app, 2, 2).locator(".field[data-field=down]")).to_have_text("16")
    expect(cell(app, 2, 2).locator(".field[data-field=right]")).to_have_text("7")
    board.press("ArrowRight")
    expect(app.get_by_test_id("field-down")).to_be_hidden()
    board.press("b")
    expect(cell(app, 2, 3)).to_have_class(re.compile(r"\blook-black\b"))


def test_undo_and_redo_across_cells_edges_extras_and_size(app):
    app.get_by_test_id("kind").select_option("puzlogic")
    app.get_by_test_id("size").select_option(label="4×4")
    app.get_by_test_id("clear").click()
    states = [editor_state(app)]
    cell(app, 0, 0).click()
    app.get_by_test_id("board").press("3")
    states.append(editor_state(app))
    app.get_by_test_id("board").press("ArrowRight")
    app.get_by_test_id("board").press("g")                     # a gap
    states.append(editor_state(app))
    app.get_by_test_id("edge-row_all-1").fill("12")
    states.append(editor_state(app))
    app.get_by_test_id("extra-pieces").fill("1 2")
    states.append(editor_state(app))
    app.get_by_test_id("size-cols").fill("5")
    app.get_by_test_id("size-cols").press("Enter")
    expect(app.locator("[data-testid=board] .cell")).to_have_count(20)
    states.append(editor_state(app))
    assert len({repr(s) for s in states}) == len(states)
    assert states[-1]["edges"]["row_all"][1] == "12" and states[-1]["cells"][0] == "3"   # kept by the resize
    for want in reversed(states[:-1]):
        app.get_by_test_id("undo").click()
        assert editor_state(app) == want
    for want in states[1:]:
        app.get_by_test_id("redo").click()
        assert editor_state(app) == want
    app.get_by_test_id("kind").select_option("futoshiki")
    app.get_by_test_id("clear").click()
    before = editor_state(app)
    app.get_by_test_id("mark-h-0-0").click()
    assert editor_state(app)["marks"]["h"][0] == ACROSS[0]
    app.keyboard.press("Control+z")
    assert editor_state(app) == before


# -- links -----------------------------------------------------------------------------------------
def test_every_example_reopens_from_its_link(app, browser, server):  # noqa: F811
    fresh = open_page(browser, server)
    try:
        chosen = set(ways_of_playing([kind["key"] for kind in KINDS]))    # every kind under --full
        for kind in (kind for kind in KINDS if kind["key"] in chosen):
            for ex in first(kind["examples"]):                  # all of them under --full
                load_example(app, kind["key"], ex["name"])
                link = app.get_by_test_id("share").get_attribute("href")
                assert re.search(rf"#{kind['key']}(,[a-z]+)*/v3\.[A-Za-z0-9._~-]+[A-Za-z0-9]$", link), link
                fresh.goto("about:blank")
                fresh.goto(link)
                expect(fresh.get_by_test_id("kind")).to_have_value(kind["key"])
                expect(fresh.locator("[data-testid=board] .cell")).to_have_count(len(ex["state"]["cells"]))
                assert editor_state(fresh) == ex["state"], (kind["key"], ex["name"])
        assert not fresh.errors
    finally:
        close_page(fresh, fresh.shared)
