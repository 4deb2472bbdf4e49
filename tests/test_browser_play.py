"""Playing every kind by hand on the page, in Debian's Chromium on the built site; every verdict the
page draws is compared with the solution gridlogic's API gives in Python.

Covers, for each kind: a load opens in play mode; a right and a wrong entry typed; Check marks the
wrong one only; Solve names it ("your … at rRcC is wrong") and offers Solve from the givens; Hint →
Apply adds an entry (kinds with hints); Undo takes an entry back. Sudoku: corner and centre marks and
a colour survive a reload and travel in a link with progress, while the plain link shares the puzzle
only. Also: Solve pressed while a text link loads answers for that puzzle; Stop during a count keeps
"at least N" and the solutions found.
"""

from __future__ import annotations

import re
import time

import pytest

from gridlogic import api
from gridlogic.kinds import KINDS
from gridlogic.contract import is_cnf, layout_of
from sampling import ways_of_playing
from test_browser import LOAD, SOLVE, browser, close_page, new_page, ready_page, server, site  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

BAD = re.compile(r"\bbad\b")
ENTRY = re.compile(r"\bentry\b")
KIND = {k.KEY: k for k in KINDS}


@pytest.fixture(scope="module")
def app(ready_page):  # noqa: F811
    return ready_page


def cell(page, r: int, c: int):
    return page.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']")


def status(page):
    return page.get_by_test_id("status")


def unique_example(kind):
    return next(e for e in kind.EXAMPLES if e.count == 1)


def solution_facts(kind, example) -> dict[tuple[int, int], int]:
    """Every cell's value in the unique solution, as entries name values, from the API."""
    request = {"op": "solve", "kind": kind.KEY, "text": example.text, "rules": list(example.rules), "render": False}
    if is_cnf(kind):                                      # (facts and hints: CNF kinds)
        request["facts"] = True
    result = api.handle(request)["result"]
    if result.get("facts"):
        return {(r, c): v for r, c, v in result["facts"]}
    grid = result["solution"].splitlines()                 # number cross: digits and # (shaded)
    return {(r, c): 10 if ch == "#" else int(ch) for r, row in enumerate(grid) for c, ch in enumerate(row)}


def key_for(kind, value: int) -> str:
    """What a player types for a value: the kind's own key, its symbol, or its digits."""
    play = layout_of(kind)["play"]
    for key, n in play.get("keys", {}).items():
        if n == value:
            return key
    if play["values"] == "symbols":
        return "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[value]
    return str(value)


def open_cells(kind, example) -> list[tuple[int, int]]:
    state = kind.to_state(kind.parse(example.text, rules=example.rules))
    on_all = layout_of(kind)["play"]["on"] == "all"
    return [(i // state["cols"], i % state["cols"]) for i, v in enumerate(state["cells"]) if on_all or v == ""]


def enter(page, r: int, c: int, key: str) -> None:
    cell(page, r, c).click()
    board = page.get_by_test_id("board")
    board.press("Delete")                                   # a click cycles some kinds' cells: start empty
    for ch in key:
        board.press(ch)


def load(page, kind, example) -> None:
    page.get_by_test_id("kind").select_option(kind.KEY)
    page.get_by_test_id("examples").select_option(value=example.name)
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.get_by_test_id("mode-play")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("key", ways_of_playing([k.KEY for k in KINDS if "values" in layout_of(k)["play"]]))
def test_every_kind_is_played_checked_and_solved_with_a_wrong_entry(app, key):
    """One kind of each way of playing by default, all under --full (tests/sampling.py). (Kinds played on
    the lattice alone take marks, not typed values: their group's module plays them, tests/test_browser_loops.py
    for the loops.)"""
    kind = KIND[key]
    example = unique_example(kind)
    truth = solution_facts(kind, example)
    cells = open_cells(kind, example)
    load(app, kind, example)
    expect(app.locator("[data-testid=board] .cell.entry")).to_have_count(0)
    (r1, c1), (r2, c2) = cells[0], cells[-1]
    enter(app, r1, c1, key_for(kind, truth[r1, c1]))
    values = sorted(set(truth.values()))
    if key == "puzlogic":                                   # a piece that is still free, and wrong there
        values = sorted(set(kind.parse(example.text).pieces) - {truth[r1, c1]})
    wrong = next(v for v in values if v != truth[r2, c2])
    enter(app, r2, c2, key_for(kind, wrong))
    expect(cell(app, r1, c1)).to_have_class(ENTRY)
    expect(cell(app, r2, c2)).to_have_class(ENTRY)
    expect(app.locator("[data-testid=board] .cell.entry")).to_have_count(2)

    app.get_by_test_id("check").click()
    expect(status(app)).to_contain_text("1 of your 2 entries is wrong", timeout=SOLVE)
    expect(cell(app, r2, c2)).to_have_class(BAD)
    expect(cell(app, r1, c1)).not_to_have_class(BAD)

    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text(f"at r{r2 + 1}c{c2 + 1} is wrong", timeout=SOLVE)
    expect(app.get_by_test_id("solve-givens")).to_be_visible()
    expect(cell(app, r2, c2)).to_have_class(BAD)
    app.get_by_test_id("solve-givens").click()
    expect(status(app)).to_contain_text("unique", timeout=SOLVE)

    app.get_by_test_id("back-to-puzzle").click()
    cell(app, r2, c2).click()
    app.get_by_test_id("board").press("Delete")
    expect(app.locator("[data-testid=board] .cell.entry")).to_have_count(1)
    if is_cnf(kind):                                      # (facts and hints: CNF kinds)
        app.get_by_test_id("hint").click()
        expect(app.get_by_test_id("apply")).to_be_visible(timeout=SOLVE)
        app.get_by_test_id("apply").click()
        expect(app.locator("[data-testid=board] .cell.entry")).to_have_count(2)
        app.get_by_test_id("undo").click()
    expect(app.locator("[data-testid=board] .cell.entry")).to_have_count(1)


def marks_of(page, r: int, c: int) -> tuple[str, str, str]:
    node = cell(page, r, c)
    corner = node.locator(".pm-corner")
    centre = node.locator(".pm-centre")
    return (corner.text_content() if corner.count() else "", centre.text_content() if centre.count() else "",
            node.evaluate("n => n.style.getPropertyValue('--colour')"))


def test_marks_and_colours_survive_a_reload_and_travel_with_progress(app, browser, server):  # noqa: F811
    kind = KIND["sudoku"]
    example = unique_example(kind)
    (r, c), (r2, c2) = open_cells(kind, example)[:2]
    load(app, kind, example)
    cell(app, r, c).click()
    board = app.get_by_test_id("board")
    for key in ("Shift+Digit3", "Shift+Digit5", "Control+Digit7", "Alt+Digit4"):
        board.press(key)
    enter(app, r2, c2, "9")
    shown = marks_of(app, r, c)
    assert shown[0] == "35" and shown[1] == "7" and shown[2]
    app.get_by_test_id("pen-corner").click()               # the pen does for touch what Shift does
    cell(app, r, c).click()
    app.get_by_test_id("key-8").click()
    assert marks_of(app, r, c)[0] == "358"
    app.get_by_test_id("undo").click()
    assert marks_of(app, r, c)[0] == "35"
    plain = app.get_by_test_id("share-url").input_value()
    app.reload()
    expect(app.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
    assert marks_of(app, r, c) == shown
    expect(cell(app, r2, c2)).to_have_text("9")
    progress = app.evaluate("() => window.gridlogic.progressLink()")
    assert progress.startswith(plain) and "/p1." in progress
    page, shared = new_page(browser, server)                     # another browser: nothing saved
    try:
        page.goto(progress)
        expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
        expect(cell(page, r2, c2)).to_have_text("9")
        assert marks_of(page, r, c) == shown
    finally:
        close_page(page, shared)
    page, shared = new_page(browser, server)
    try:
        page.goto(plain)
        expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
        expect(page.locator("body")).to_have_attribute("data-mode", "play")
        expect(page.locator("[data-testid=board] .cell.entry")).to_have_count(0)
        assert marks_of(page, r, c) == ("", "", "")
    finally:
        close_page(page, shared)


def test_solve_pressed_while_a_link_loads_answers_for_that_puzzle(app, server):  # noqa: F811
    text = unique_example(KIND["sudoku"]).text.replace("\n", "")
    app.goto(f"{server.url}?kind=sudoku&p={text}")
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique solution", timeout=LOAD)
    assert "changed" not in status(app).text_content()


def test_stop_during_a_count_keeps_what_was_found(app):
    app.get_by_test_id("kind").select_option("sudoku")
    app.get_by_test_id("mode-edit").click()
    app.get_by_test_id("clear").click()
    app.get_by_test_id("count").click()
    expect(status(app)).to_contain_text("solutions so far", timeout=SOLVE)
    time.sleep(1)
    app.get_by_test_id("stop").click()
    expect(status(app)).to_contain_text(re.compile(r"at least [\d,]+ solutions so far"))
    expect(app.get_by_test_id("which")).to_contain_text("solution 1 of")
    grid = app.locator("[data-testid=board] .cell.solved").evaluate_all("cs => cs.map((c) => c.textContent)")
    assert len(grid) == 81 and all(sorted(grid[i * 9:(i + 1) * 9]) == list("123456789") for i in range(9))
