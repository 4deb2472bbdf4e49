"""Nonogram and number cross in the page's one editor (web/editor.js), in Debian's Chromium.

Nonogram: clues typed into the row/column edge fields (edge-rows-R, edge-cols-C) solve to the
picture Python finds; two solutions say `multiple` and browse both; a clue too long for its line
marks its edge field; a pasted `.non` fills the fields; the share link reopens the clues. Number
cross: the 5×5 example painted (keys, clicks and a drag with the region brushes), clues typed into
the clue edge: unique, the grid and the answer Python finds; an unknown phrase marks its clue field
as you type (the live `parse`); the share link; a long search shows the nodes searched and Stop
ends it; at 390×844 the board is usable (cells of at least 28 px, no sideways scroll).
"""

from __future__ import annotations

import re
import time

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from gridlogic import api
from gridlogic.kinds import nonogram, numbercross
from test_browser import (LOAD, browser, cell, close_page, editor_state, example, new_page,  # noqa: F401 - fixtures
                          status)
from test_browser_kakuro_puzlogic import (  # noqa: F401 - fixtures
    BAD,
    answer_cells,
    as_shown,
    app,
    board,
    cells,
    close_text_box,
    drawn,
    expect,
    expect_unique,
    move_to,
    pick_kind,
    python_solve,
    server,
    set_size,
    share_round_trip,
    site,
    solve_and_expect,
    text_box,
)

pytestmark = pytest.mark.browser


def wait_until(page, expression: str, timeout_s: float = LOAD / 1000) -> None:
    """Poll a page expression until true (wait_for_function's eval is refused by the page's CSP)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(200)


def type_clue(page, testid: str, numbers) -> None:
    """Type a nonogram clue into its edge field, key by key."""
    field = page.get_by_test_id(testid)
    field.click()
    field.fill("")
    field.press_sequentially(" ".join(map(str, numbers)) or "0")


def clues_shown(page, key: str, n: int) -> list[list[str]]:
    return [page.get_by_test_id(f"edge-{key}-{i}").input_value().split() for i in range(n)]


# -- nonogram ------------------------------------------------------------------------------------
def test_nonogram_typed_clues_solve_to_the_python_solution(app):
    """Rows/columns typed, clues typed per row and column: the example's state and text, unique,
    the cells drawn filled are those of the picture Python finds."""
    ex = example(nonogram, "simpson 4x5")
    puzzle = nonogram.parse(ex.text)
    pick_kind(app, "nonogram")
    app.get_by_test_id("clear").click()
    set_size(app, puzzle.height, puzzle.width)
    expect(cells(app)).to_have_count(puzzle.width * puzzle.height)
    for r, clue in enumerate(puzzle.rows):
        type_clue(app, f"edge-rows-{r}", clue)
    for c, clue in enumerate(puzzle.columns):
        type_clue(app, f"edge-cols-{c}", clue)
    board(app).focus()
    expect_unique(app, nonogram, puzzle)
    assert not app.errors


def test_nonogram_multiple_shows_two_different_solutions(app):
    """Two diagonals: multiple, and the page browses two different pictures, the two Python finds."""
    pick_kind(app, "nonogram")
    app.get_by_test_id("examples").select_option(value="two diagonals")
    expect(app.get_by_test_id("edge-rows-0")).to_have_value("1")
    solve_and_expect(app, "multiple")
    expect(app.get_by_test_id("which")).to_have_text("solution 1 of 2")
    first = drawn(app)
    app.get_by_test_id("next").click()
    expect(app.get_by_test_id("which")).to_have_text("solution 2 of 2")
    second = drawn(app)
    answer = python_solve(nonogram, text=example(nonogram, "two diagonals").text)
    assert answer["status"] == "multiple"
    assert first != second and first and second
    pictures = {frozenset(answer_cells(b).items()) for b in answer["boards"]}
    assert {frozenset(first.items()), frozenset(second.items())} == pictures


def test_nonogram_bad_clue_is_marked(app):
    """A clue too long for its line: invalid, and that row's edge field is marked (as you type, and
    after Solve)."""
    app.get_by_test_id("clear").click()
    set_size(app, 3, 3)
    type_clue(app, "edge-rows-1", [2, 2])
    field = app.get_by_test_id("edge-rows-1")
    expect(field).to_have_class(BAD)
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(status(app)).to_contain_text("invalid")
    solve_and_expect(app, "invalid")
    expect(field).to_have_class(BAD)
    expect(app.get_by_test_id("edge-rows-0")).not_to_have_class(BAD)
    expect(app.get_by_test_id("edge-cols-1")).not_to_have_class(BAD)


def test_nonogram_pasted_non_file_fills_the_fields(app):
    """Pasting a `.non` file on the grid loads its clues (through the engine's parse)."""
    ex = example(nonogram, "dancer 5x10")
    puzzle = nonogram.parse(ex.text)
    pick_kind(app, "nonogram")
    board(app).evaluate(
        """(b, text) => { const dt = new DataTransfer(); dt.setData('text/plain', text);
                          b.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true})); }""",
        "title \"Dancer\"\n" + ex.text)
    expect(app.get_by_test_id("size-rows")).to_have_value(str(puzzle.height))
    expect(app.get_by_test_id("size-cols")).to_have_value(str(puzzle.width))
    assert clues_shown(app, "rows", puzzle.height) == [[str(x) for x in clue] for clue in puzzle.rows]
    assert clues_shown(app, "cols", puzzle.width) == [[str(x) for x in clue] for clue in puzzle.columns]
    solve_and_expect(app, "unique")
    assert drawn(app) == answer_cells(python_solve(nonogram, text=ex.text)["board"])


def test_nonogram_share_link_round_trip(app, browser, server):  # noqa: F811
    """The share link reopens the same size and clues in a fresh browser context."""
    app.get_by_test_id("back-to-puzzle").click()
    share_round_trip(app, browser, server)


# -- number cross --------------------------------------------------------------------------------
NC5 = example(numbercross, "5x5 (Number Cross 4's example)")


def paint_regions(page, regions: list[str]) -> None:
    """Paint the regions: one column by a drag, the first column by keys (a letter paints the
    cursor's cell), the rest by clicks, letter by letter, with the brush of its letter. Each brush
    is picked with the cursor moved by arrows onto a cell of its letter: the page at bc03eef also
    paints the cursor's cell when a brush is picked, and either way the result is the same."""
    n = len(regions)
    col = next(c for c in range(1, n) if len({row[c] for row in regions}) == 1)
    page.get_by_test_id(f"key-{regions[0][col]}").click()
    top = cell(page, 0, col).bounding_box()
    bottom = cell(page, n - 1, col).bounding_box()
    page.mouse.move(top["x"] + top["width"] / 2, top["y"] + top["height"] / 2)
    page.mouse.down()
    page.mouse.move(bottom["x"] + bottom["width"] / 2, bottom["y"] + bottom["height"] / 2, steps=8)
    page.mouse.up()
    for r in range(n):
        expect(cell(page, r, col)).to_have_attribute("data-value", regions[0][col])
    expect(cell(page, n - 1, col)).to_have_attribute("aria-selected", "true")
    board(page).press("Home")
    board(page).press("ArrowDown")                        # from the last row to the first
    for r in range(n):
        board(page).press(regions[r][0])
        board(page).press("ArrowDown")
    rest: dict[str, list] = {}
    for r, row in enumerate(regions):
        for c, letter in enumerate(row):
            if c not in (0, col):
                rest.setdefault(letter, []).append((r, c))
    for letter, places in rest.items():
        move_to(page, *places[0])
        page.get_by_test_id(f"key-{letter}").click()
        for r, c in places:
            cell(page, r, c).click()


def test_numbercross_painted_and_typed_solves_unique_with_the_answer(app):
    """Regions painted, clues typed: the example's state and text, unique, the grid and the answer
    Python finds."""
    puzzle = numbercross.parse(NC5.text)
    pick_kind(app, "numbercross")
    app.get_by_test_id("clear").click()
    n = puzzle.size
    app.get_by_test_id("size").select_option(label=f"{n}×{n}")
    expect(cells(app)).to_have_count(n * n)
    paint_regions(app, list(puzzle.regions))
    for r, clue in enumerate(puzzle.clues):
        app.get_by_test_id(f"edge-clues-{r}").fill(clue)
    # picking number cross fetched and imported sympy in the background (no solve has asked for it yet)
    wait_until(app, "window.gridlogicLoadLog.some(s => s.stage === 'sympy imported')")
    answer = expect_unique(app, numbercross, puzzle)
    expect(app.get_by_test_id("answer")).to_have_text(f"answer: {answer['answer']}")
    assert not app.errors


def test_numbercross_unknown_phrase_is_marked_as_you_type(app):
    """A misspelt phrase marks its clue field while typing (the engine's parse, located); fixing it
    unmarks it."""
    app.get_by_test_id("back-to-puzzle").click()
    field = app.get_by_test_id("edge-clues-2")
    field.fill("")
    field.press_sequentially("sqare and palindrome")
    expect(field).to_have_class(BAD)
    expect(field).to_have_attribute("aria-invalid", "true")
    refused = api.handle({"op": "parse", "kind": "numbercross", "state": editor_state(app)})
    assert not refused["ok"] and refused["error"]["where"] == {"edge": "clues", "index": 2}
    assert "unknown clue phrase 'sqare'" in refused["error"]["message"]
    expect(status(app)).to_have_text(f"invalid: {refused['error']['message']}")
    expect(app.get_by_test_id("edge-clues-1")).not_to_have_class(BAD)
    field.fill("multiple of 5")
    expect(field).not_to_have_class(BAD)
    expect(status(app)).not_to_contain_text("invalid")


def test_numbercross_share_link_round_trip(app, browser, server):  # noqa: F811
    """The share link reopens the regions and clues in a fresh browser context."""
    assert editor_state(app) == as_shown(numbercross.to_state(numbercross.parse(NC5.text)))
    share_round_trip(app, browser, server)


def test_numbercross_long_search_shows_nodes_and_stops(app):
    """A search that runs for long reports nodes searched live; Stop ends it and the page solves again."""
    n = 8
    regions = ["".join("AB"[(r + c) % 2] for c in range(n)) for r in range(n)]
    clues = ["multiple of 1"] * (n - 1) + ["square and 1 more than a square"]
    text_box(app).fill("\n".join(regions) + "\n\n" + "\n".join(clues))
    app.get_by_test_id("load-text").click()
    expect(cells(app)).to_have_count(n * n)
    close_text_box(app)
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("nodes searched")
    first = int(re.search(r"([\d,]+) nodes", status(app).text_content()).group(1).replace(",", ""))
    expect(status(app)).not_to_contain_text(f" {first:,} nodes")
    app.get_by_test_id("stop").click()
    expect(status(app)).to_contain_text("stopped")
    app.get_by_test_id("examples").select_option(value=NC5.name)
    solve_and_expect(app, "unique")
    assert drawn(app) == answer_cells(python_solve(numbercross, text=NC5.text)["board"])


def test_numbercross_is_usable_on_a_phone(browser, server):  # noqa: F811
    """At 390×844 on a touch screen: no sideways scroll, cells of at least 28 px, clue fields wide
    enough to read, and a tap with a brush paints a cell."""
    page, shared = new_page(browser, server, has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844})
    try:
        page.goto(server.url)
        pick_kind(page, "numbercross")
        page.get_by_test_id("examples").select_option(value=NC5.name)
        page.get_by_test_id("mode-edit").tap()                   # a loaded puzzle opens in play
        expect(cell(page, 4, 4)).to_have_attribute("data-value", NC5.text.splitlines()[4][4])
        sizes = cells(page).evaluate_all("cs => cs.map(c => c.getBoundingClientRect().width)")
        assert min(sizes) >= 28, sizes
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        for r in range(5):
            box = page.get_by_test_id(f"edge-clues-{r}").bounding_box()
            assert box["width"] >= 100 and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        letter = next(s for s in numbercross.layout()["cell"]["symbols"] if s not in NC5.text)
        page.get_by_test_id(f"key-{letter}").tap()
        cell(page, 2, 2).tap()
        expect(cell(page, 2, 2)).to_have_attribute("data-value", letter)
        assert not page.context.recorder.foreign
    finally:
        close_page(page, shared)
