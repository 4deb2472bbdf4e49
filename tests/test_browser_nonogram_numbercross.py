"""The nonogram and number cross pages in Debian's Chromium (Playwright), on a private build.

Nonogram: clues typed into the row/column fields solve to the Python solution; a puzzle with two
solutions says `multiple` and browses two different checked pictures; a pasted `.non` fills the
fields; share links reopen the clues. Number cross: the 5×5 example painted cell by cell (and a
drag), clues typed, solved unique with the answer shown; an unknown phrase is marked as you type;
share links; a long search shows live "nodes searched" and Stop ends it.
"""

from __future__ import annotations

import re
import time

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from gridlogic.kinds import nonogram, numbercross
from test_browser import BUILD, LOAD, SOLVE, Recorder, Server, browser  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture skips
    expect = None


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return BUILD.build_site(tmp_path_factory.mktemp("site") / "site", force=True)


@pytest.fixture(scope="module")
def server(site):
    s = Server(site)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def context(browser, server):  # noqa: F811 - the browser fixture is imported above
    ctx = browser.new_context(service_workers="block")
    ctx.recorder = Recorder(ctx, server.url)
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def app(context, server):
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server.url)
    return page


def status(page):
    return page.get_by_test_id("status")


def example(kind, name):
    return next(e for e in kind.EXAMPLES if e.name == name)


def picture(page) -> str:
    """The drawn nonogram: `#` for black cells, rows of the board's width."""
    cols = int(page.get_by_test_id("nono-width").input_value())
    flat = page.locator("[data-testid=board] .cell").evaluate_all(
        "cs => cs.map(c => c.classList.contains('black') ? '#' : '.').join('')")
    return "\n".join(flat[i:i + cols] for i in range(0, len(flat), cols))


def nc_grid(page) -> str:
    """The drawn number cross: digits, `#` for shaded cells."""
    flat = page.locator("[data-testid=board] .cell").evaluate_all(
        "cs => cs.map(c => c.classList.contains('black') ? '#' : (c.textContent || '.')).join('')")
    n = round(len(flat) ** 0.5)
    return "\n".join(flat[i:i + n] for i in range(0, len(flat), n))


def wait_until(page, expression: str, timeout_s: float = LOAD / 1000) -> None:
    """Poll a page expression until true (wait_for_function's eval is refused by the page's CSP)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(200)


def set_size(page, width: int, height: int) -> None:
    for testid, value in (("nono-width", width), ("nono-height", height)):
        box = page.get_by_test_id(testid)
        box.fill(str(value))
        box.press("Enter")
        expect(box).to_have_value(str(value))


def type_clue(page, testid: str, numbers) -> None:
    field = page.get_by_test_id(testid)
    field.click()
    field.fill("")
    field.press_sequentially(" ".join(map(str, numbers)) or "0")


# -- nonogram ------------------------------------------------------------------------------------
def test_nonogram_typed_clues_solve_to_the_python_solution(app):
    """Width/height fields, clues typed per row and column, Solve: unique, the cells drawn black."""
    ex = example(nonogram, "simpson 4x5")
    puzzle = nonogram.parse(ex.text)
    app.get_by_test_id("kind").select_option("nonogram")
    app.get_by_test_id("clear").click()
    set_size(app, puzzle.width, puzzle.height)
    expect(app.locator("[data-testid=board] .cell")).to_have_count(puzzle.width * puzzle.height)
    for r, clue in enumerate(puzzle.rows):
        type_clue(app, f"row-clue-{r}", clue)
    for c, clue in enumerate(puzzle.columns):
        type_clue(app, f"col-clue-{c}", clue)
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique", timeout=LOAD)
    drawn = picture(app)
    assert drawn == ex.solution
    assert not nonogram.check(puzzle, nonogram.parse_solution(puzzle, drawn))
    assert not app.errors


def test_nonogram_multiple_shows_two_different_solutions(app):
    """Two diagonals: status multiple, and the browser shows two different checked pictures."""
    app.get_by_test_id("kind").select_option("nonogram")
    app.get_by_test_id("examples").select_option(value="two diagonals")
    expect(app.get_by_test_id("row-clue-0")).to_have_value("1")
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("multiple")
    expect(app.get_by_test_id("which")).to_have_text("solution 1 of 2")
    first = picture(app)
    app.get_by_test_id("next").click()
    expect(app.get_by_test_id("which")).to_have_text("solution 2 of 2")
    second = picture(app)
    puzzle = nonogram.parse(example(nonogram, "two diagonals").text)
    assert first != second
    for drawn in (first, second):
        assert "#" in drawn and not nonogram.check(puzzle, nonogram.parse_solution(puzzle, drawn))


def test_nonogram_bad_clue_is_marked(app):
    """A clue too long for its line: invalid, and that row's field is marked."""
    app.get_by_test_id("clear").click()
    set_size(app, 3, 3)
    type_clue(app, "row-clue-1", [2, 2])
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("invalid")
    expect(app.get_by_test_id("row-clue-1")).to_have_class(re.compile(r"\bbad\b"))


def test_nonogram_pasted_non_file_fills_the_fields(app):
    """Pasting a `.non` file on the grid loads its clues (through the engine's parse)."""
    ex = example(nonogram, "dancer 5x10")
    puzzle = nonogram.parse(ex.text)
    app.get_by_test_id("kind").select_option("nonogram")
    app.get_by_test_id("board").evaluate(
        """(b, text) => { const dt = new DataTransfer(); dt.setData('text/plain', text);
                          b.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true})); }""",
        "title \"Dancer\"\n" + ex.text)
    expect(app.get_by_test_id("nono-height")).to_have_value(str(puzzle.height))
    for r, clue in enumerate(puzzle.rows):
        expect(app.get_by_test_id(f"row-clue-{r}")).to_have_value(" ".join(map(str, clue)))
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique")
    assert picture(app) == ex.solution


def test_nonogram_share_link_round_trip(app, browser, server):  # noqa: F811
    """The compact share link reopens the same clues in a fresh browser context."""
    puzzle = nonogram.parse(example(nonogram, "dancer 5x10").text)
    link = app.get_by_test_id("share").get_attribute("href")
    assert "#nonogram/5x10/" in link
    fresh = browser.new_context(service_workers="block")
    page = fresh.new_page()
    page.goto(link)
    expect(page.get_by_test_id("nono-width")).to_have_value("5")
    for c, clue in enumerate(puzzle.columns):
        assert page.get_by_test_id(f"col-clue-{c}").input_value().split() == [str(x) for x in clue]
    for r, clue in enumerate(puzzle.rows):
        assert page.get_by_test_id(f"row-clue-{r}").input_value().split() == [str(x) for x in clue]
    fresh.close()


# -- number cross --------------------------------------------------------------------------------
NC5 = example(numbercross, "5x5 (Number Cross 4's example)")


def test_numbercross_painted_and_typed_solves_unique_with_the_answer(app):
    """Regions painted (a drag for one column, clicks for the rest), clues typed: unique, answer shown."""
    puzzle = numbercross.parse(NC5.text)
    app.get_by_test_id("kind").select_option("numbercross")
    app.get_by_test_id("clear").click()
    n = puzzle.size
    app.get_by_test_id("size").select_option(label=f"{n}×{n}")
    expect(app.locator("[data-testid=board] .cell")).to_have_count(n * n)
    col = next(c for c in range(n) if len({row[c] for row in puzzle.regions}) == 1 and puzzle.regions[0][c] != "A")
    app.get_by_test_id(f"region-{puzzle.regions[0][col]}").click()
    top = app.locator(f"[data-testid=board] .cell[data-r='0'][data-c='{col}']").bounding_box()
    bottom = app.locator(f"[data-testid=board] .cell[data-r='{n - 1}'][data-c='{col}']").bounding_box()
    app.mouse.move(top["x"] + top["width"] / 2, top["y"] + top["height"] / 2)
    app.mouse.down()
    app.mouse.move(bottom["x"] + bottom["width"] / 2, bottom["y"] + bottom["height"] / 2, steps=8)
    app.mouse.up()
    for r in range(n):
        expect(app.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{col}']")).to_have_attribute(
            "data-region", puzzle.regions[0][col])
    for r, row in enumerate(puzzle.regions):
        for c, letter in enumerate(row):
            if c == col or letter == "A":
                continue
            app.get_by_test_id(f"region-{letter}").click()
            app.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']").click()
    for r, clue in enumerate(puzzle.clues):
        app.get_by_test_id(f"clue-{r}").fill(clue)
    letters = app.locator("[data-testid=board] .cell").evaluate_all("cs => cs.map(c => c.dataset.region).join('')")
    assert letters == "".join(puzzle.regions)
    # picking number cross fetched and imported sympy in the background (no solve has asked for it yet)
    wait_until(app, "window.gridlogicLoadLog.some(s => s.stage === 'sympy imported')")
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique", timeout=LOAD)
    drawn = nc_grid(app)
    assert drawn == NC5.solution
    assert not numbercross.check(puzzle, numbercross.parse_solution(puzzle, drawn))
    answer = numbercross.answer_of(puzzle, numbercross.parse_solution(puzzle, drawn))
    expect(app.get_by_test_id("answer")).to_have_text(f"answer: {answer}")
    assert not app.errors


def test_numbercross_unknown_phrase_is_marked_as_you_type(app):
    """A misspelt phrase marks its row while typing (engine's parse, located); fixing it unmarks."""
    app.get_by_test_id("kind").select_option("numbercross")
    field = app.get_by_test_id("clue-2")
    field.fill("")
    field.press_sequentially("sqare and palindrome")
    expect(field).to_have_class(re.compile(r"\bbad\b"))
    error = app.get_by_test_id("clue-error")
    expect(error).to_contain_text("unknown clue phrase 'sqare'")
    expect(error).to_contain_text("line 9, column 3")
    expect(field).to_have_attribute("data-error-col", "1")
    expect(app.get_by_test_id("clue-1")).not_to_have_class(re.compile(r"\bbad\b"))
    field.fill("multiple of 5")
    expect(field).not_to_have_class(re.compile(r"\bbad\b"))
    expect(error).to_be_hidden()


def test_numbercross_share_link_round_trip(app, browser, server):  # noqa: F811
    """The compact share link reopens the regions and clues in a fresh browser context."""
    link = app.get_by_test_id("share").get_attribute("href")
    assert "#numbercross/5/" in link
    puzzle = numbercross.parse(NC5.text)
    fresh = browser.new_context(service_workers="block")
    page = fresh.new_page()
    page.goto(link)
    expect(page.locator("[data-testid=board] .cell")).to_have_count(25)
    letters = page.locator("[data-testid=board] .cell").evaluate_all("cs => cs.map(c => c.dataset.region).join('')")
    assert letters == "".join(puzzle.regions)
    assert [page.get_by_test_id(f"clue-{r}").input_value() for r in range(5)] == list(puzzle.clues)
    fresh.close()


def test_numbercross_long_search_shows_nodes_and_stops(app):
    """A search that runs for long reports nodes searched live; Stop ends it and the page solves again."""
    n = 8
    regions = ["".join("AB"[(r + c) % 2] for c in range(n)) for r in range(n)]
    clues = ["multiple of 1"] * (n - 1) + ["square and 1 more than a square"]
    app.get_by_test_id("text-toggle").click()
    app.get_by_test_id("text").fill("\n".join(regions) + "\n\n" + "\n".join(clues))
    app.get_by_test_id("load-text").click()
    expect(app.locator("[data-testid=board] .cell")).to_have_count(n * n)
    app.get_by_test_id("text-toggle").click()
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("nodes searched")
    first = int(re.search(r"([\d,]+) nodes", status(app).text_content()).group(1).replace(",", ""))
    expect(status(app)).not_to_contain_text(f" {first:,} nodes")
    app.get_by_test_id("stop").click()
    expect(status(app)).to_contain_text("stopped")
    app.get_by_test_id("examples").select_option(value=NC5.name)
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique", timeout=LOAD)
    assert nc_grid(app) == NC5.solution
