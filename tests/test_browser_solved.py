"""The solved moment, in Debian's Chromium (Playwright): for every kind, an example solved by entering the
answer Python finds (web/page/solved.js asks the engine's `progress`, which says `solved`) stops the
clock, says so with the time, locks the entries until "Keep playing", and Recent shows the time; a
reload keeps it solved; the daily puzzle remembers its time. Puzlogic: the keypad counts the pieces left,
and a reload keeps the pieces placed. Clear and Restart over entries ask in the page and undo; Set givens
and a new puzzle over entries undo. On a phone (390×844, touch; `VIEWS`): a sudoku and a nonogram solved
by taps, puzlogic's pieces, Clear, Restart and Set givens apart from Clear.
"""

from __future__ import annotations

import re
import time

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from gridlogic import api
from solved_entries import answer_entries
from test_browser import LOAD, cell, open_ready, server, site  # noqa: F401 - fixtures
from test_browser import VIEWS, browser, phone, view  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

KINDS = {k["key"]: k for k in api.handle({"op": "kinds"})["result"]["kinds"]}
EXAMPLES = {"sudoku": "4x4", "binary": "6x6", "nonogram": "simpson 4x5", "kakuro": "puzz.link 5x5",
            "puzlogic": "level 6", "numbercross": "5x5 (Number Cross 4's example)", "futoshiki": "4x4"}


@pytest.fixture(scope="module")
def app(browser, server):  # noqa: F811
    yield from open_ready(browser, server, viewport={"width": 1280, "height": 800})


def example_state(kind: str) -> dict:
    return next(e for e in KINDS[kind]["examples"] if e["name"] == EXAMPLES[kind])["state"]


def key_of(kind: str, n: int) -> str:
    """The key that enters value n in play mode."""
    if KINDS[kind]["layout"]["play"]["values"] == "symbols":
        return "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n]
    return "#" if (KINDS[kind]["values"].get(str(n)) or {}).get("word") == "shaded" else str(n)


def enter(page, kind: str, entries: list) -> None:
    """Each entry as a player makes it: a nonogram cell clicked (filled), else the cell selected and its
    value's key typed; on a touch screen, the cell tapped and its value's key of the keypad tapped."""
    board = page.get_by_test_id("board")
    touch = getattr(page, "touch", False)
    for r, c, n in entries:
        target = cell(page, r, c)
        if kind == "nonogram":
            target.tap() if touch else target.click()
            continue
        if target.get_attribute("aria-selected") != "true":
            target.tap() if touch else target.click()
        if touch:
            page.get_by_test_id("keypad").locator(f"[data-value='{n}']").tap()
        else:
            board.press(key_of(kind, n))


def load_example(page, kind: str) -> None:
    page.get_by_test_id("kind").select_option(kind)
    page.get_by_test_id("examples").select_option(value=EXAMPLES[kind])
    if page.locator("body").get_attribute("data-mode") != "play":      # (the same puzzle again: no load)
        page.get_by_test_id("mode-play").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.get_by_test_id("solved")).to_be_hidden()


def assert_solved(page, kind: str) -> str:
    """The moment: the message with the time, the clock stopped at it, entries locked, Recent shows it."""
    box = page.get_by_test_id("solved")
    expect(box).to_be_visible(timeout=60_000)
    expect(page.get_by_test_id("solved-text")).to_have_text(re.compile(r"^Solved.* in \d+:\d\d!"))
    timer = page.get_by_test_id("timer")
    expect(timer).to_have_attribute("data-finished", "1")
    shown = timer.inner_text()
    assert shown in page.get_by_test_id("solved-text").inner_text()
    time.sleep(1.3)
    assert timer.inner_text() == shown                            # the clock no longer moves
    expect(page.get_by_test_id("board")).to_have_attribute("data-locked", "1")
    options = page.locator("[data-testid=recent] option").all_inner_texts()
    assert any(f"solved in {shown}" in o for o in options), options
    return shown


def assert_locked(page, kind: str, entries: list) -> None:
    """A change tried on a solved grid changes nothing."""
    before = page.get_by_test_id("board").inner_text()
    r, c, n = entries[0]
    if kind == "nonogram":
        cell(page, r, c).click()
    else:
        cell(page, r, c).click()
        page.get_by_test_id("board").press("Backspace")
    page.get_by_test_id("board").press("Control+z")
    assert page.get_by_test_id("board").inner_text() == before


# Every kind on the desktop; on a phone, by taps, a kind of digits and one of painted cells.
@pytest.mark.parametrize(("view", "kind"), [("app", k) for k in EXAMPLES] + [("phone", "sudoku"), ("phone", "nonogram")],
                         indirect=["view"])
def test_entering_the_answer_solves_it(view, kind):
    app = view
    load_example(app, kind)
    entries = answer_entries(kind, example_state(kind))
    enter(app, kind, entries)
    assert_solved(app, kind)
    assert_locked(app, kind, entries)
    assert app.get_by_test_id("status").inner_text().startswith("solved: all")
    app.get_by_test_id("solved-go-on").click()                  # Keep playing: unlocked, the time kept
    expect(app.get_by_test_id("board")).not_to_have_attribute("data-locked", "1")
    expect(app.get_by_test_id("solved-go-on")).to_be_hidden()
    expect(app.get_by_test_id("timer")).to_have_attribute("data-finished", "1")
    r, c, _ = entries[0]
    cell(app, r, c).click()
    if kind == "nonogram":                                       # a click cycles filled → crossed
        expect(cell(app, r, c)).not_to_have_class(re.compile(r"\bfilled\b"))
    else:
        app.get_by_test_id("board").press("Backspace")
        expect(cell(app, r, c)).to_have_text("")
    expect(app.get_by_test_id("solved")).to_be_visible()         # still solved, in the time it took


def test_a_partial_grid_is_not_solved(app):
    load_example(app, "futoshiki")
    entries = answer_entries("futoshiki", example_state("futoshiki"))
    enter(app, "futoshiki", entries[:-1])
    time.sleep(1.5)
    expect(app.get_by_test_id("solved")).to_be_hidden()
    expect(app.get_by_test_id("timer")).not_to_have_attribute("data-finished", "1")
    r, c, n = entries[-1]
    wrong = n % 4 + 1
    enter(app, "futoshiki", [[r, c, wrong]])                       # every cell filled, one wrong: not solved
    time.sleep(1.5)
    expect(app.get_by_test_id("solved")).to_be_hidden()
    app.get_by_test_id("board").press(key_of("futoshiki", wrong))  # (the same key again clears it)
    enter(app, "futoshiki", [[r, c, n]])
    assert_solved(app, "futoshiki")


def test_a_reload_keeps_it_solved_and_locked(app):
    load_example(app, "binary")
    enter(app, "binary", answer_entries("binary", example_state("binary")))
    shown = assert_solved(app, "binary")
    app.reload()
    expect(app.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
    expect(app.get_by_test_id("solved")).to_be_visible()
    expect(app.get_by_test_id("timer")).to_have_text(shown)
    expect(app.get_by_test_id("board")).to_have_attribute("data-locked", "1")
    app.get_by_test_id("solved-go-on").click()
    app.reload()
    expect(app.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
    expect(app.get_by_test_id("solved")).to_be_visible()
    expect(app.get_by_test_id("board")).not_to_have_attribute("data-locked", "1")
    app.get_by_test_id("restart").click()                         # Restart: from the start, nothing solved
    app.get_by_test_id("confirm-yes").click()
    expect(app.get_by_test_id("solved")).to_be_hidden()
    expect(app.get_by_test_id("timer")).not_to_have_attribute("data-finished", "1")


def test_the_daily_puzzle_remembers_its_time(app):
    app.get_by_test_id("kind").select_option("binary")
    app.get_by_test_id("new-open").click()
    app.get_by_test_id("gen-kind").select_option("binary")
    app.get_by_test_id("gen-size").select_option(index=1)
    app.get_by_test_id("gen-level").select_option("easy")
    expect(app.get_by_test_id("gen-daily-solved")).to_be_hidden()
    app.get_by_test_id("gen-today").click()
    expect(app.get_by_test_id("status")).to_have_text(re.compile("daily puzzle ready"), timeout=120_000)
    state = app.evaluate("() => window.gridlogic.editor().givenState()")
    enter(app, "binary", answer_entries("binary", state))
    shown = assert_solved(app, "binary")
    expect(app.get_by_test_id("solved-text")).to_contain_text("today's puzzle")
    expect(app.get_by_test_id("gen-daily-solved")).to_have_text(f"Solved on this device in {shown}.")
    app.get_by_test_id("gen-today").click()                       # opened again: it says it was solved
    expect(app.get_by_test_id("status")).to_have_text(f"you solved this daily puzzle before, in {shown}",
                                                      timeout=120_000)
    expect(app.get_by_test_id("solved")).to_be_hidden()


@VIEWS
def test_puzlogic_counts_pieces_and_keeps_them_over_a_reload(view):
    app = view
    load_example(app, "puzlogic")
    entries = answer_entries("puzlogic", example_state("puzlogic"))
    key = app.get_by_test_id("key-1")
    expect(key).to_have_text("1×1")
    enter(app, "puzlogic", entries[:3])
    for _, _, n in entries[:3]:
        expect(app.get_by_test_id(f"key-{n}")).to_have_text(f"{n}×0")
        expect(app.get_by_test_id(f"key-{n}")).to_have_attribute("data-left", "0")
    app.reload()
    expect(app.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
    for r, c, n in entries[:3]:
        expect(cell(app, r, c)).to_have_text(str(n))
    expect(app.get_by_test_id(f"key-{entries[0][2]}")).to_have_text(f"{entries[0][2]}×0")
    expect(app.get_by_test_id(f"key-{entries[3][2]}")).to_have_text(f"{entries[3][2]}×1")


# -- Clear, Restart, Set givens and a new puzzle over entries: asked first, undone -----------------
def texts(page) -> list[str]:
    return page.locator("[data-testid=board] .cell").all_inner_texts()


def played(page, kind: str = "sudoku", n: int = 3) -> tuple[list, list[str]]:
    """An example with n of its answer's entries made: (the entries, the board's texts)."""
    load_example(page, kind)
    entries = answer_entries(kind, example_state(kind))[:n]
    enter(page, kind, entries)
    expect(page.locator("[data-testid=board] .cell.entry")).to_have_count(n)
    return entries, texts(page)


@VIEWS
def test_clear_over_entries_asks_in_the_page_and_undoes(view):
    app = view
    _, before = played(app)
    app.get_by_test_id("clear").click()
    expect(app.get_by_test_id("notice-text")).to_contain_text("Clear the whole grid?")
    assert texts(app) == before                                      # nothing gone yet
    app.get_by_test_id("confirm-no").click()
    expect(app.get_by_test_id("notice")).to_be_hidden()
    assert texts(app) == before
    app.get_by_test_id("clear").click()
    app.get_by_test_id("confirm-yes").click()
    expect(app.locator("body")).to_have_attribute("data-mode", "edit")
    assert not any(texts(app))
    app.get_by_test_id("undo-action").click()                       # the puzzle and the entries, in play mode
    expect(app.locator("body")).to_have_attribute("data-mode", "play")
    assert texts(app) == before
    expect(app.locator("[data-testid=board] .cell.entry")).to_have_count(3)


def test_clear_in_edit_mode_asks_nothing_and_undoes(app):
    load_example(app, "sudoku")
    before = texts(app)
    app.get_by_test_id("mode-edit").click()
    app.get_by_test_id("clear").click()
    assert not any(texts(app))
    expect(app.get_by_test_id("confirm-yes")).to_have_count(0)
    app.get_by_test_id("undo").click()                              # the editor's Undo too
    assert texts(app) == before


@VIEWS
def test_restart_over_entries_asks_and_undoes(view):
    app = view
    _, before = played(app)
    app.get_by_test_id("restart").click()
    app.get_by_test_id("confirm-yes").click()
    expect(app.locator("[data-testid=board] .cell.entry")).to_have_count(0)
    app.get_by_test_id("undo-action").click()
    expect(app.locator("[data-testid=board] .cell.entry")).to_have_count(3)
    assert texts(app) == before


def test_set_givens_undoes(app):
    entries, before = played(app)
    app.get_by_test_id("keep-givens").click()
    expect(app.locator("[data-testid=board] .cell.entry")).to_have_count(0)
    for r, c, _ in entries:
        expect(cell(app, r, c)).to_have_class(re.compile(r"\bgiven\b"))
    app.get_by_test_id("undo-action").click()
    expect(app.locator("[data-testid=board] .cell.entry")).to_have_count(3)
    assert texts(app) == before


def test_a_new_puzzle_over_entries_undoes(app):
    _, before = played(app, "binary")
    app.get_by_test_id("new-open").click()
    app.get_by_test_id("gen-kind").select_option("binary")
    app.get_by_test_id("gen-size").select_option(index=1)
    app.get_by_test_id("gen-level").select_option("easy")
    app.get_by_test_id("gen-make").click()
    expect(app.get_by_test_id("status")).to_have_text(re.compile("new puzzle ready"), timeout=120_000)
    app.get_by_test_id("undo-load").click()
    expect(app.locator("[data-testid=board] .cell.entry")).to_have_count(3)
    assert texts(app) == before


def apart(page) -> None:
    """Set givens sits in another group than Clear, not beside it."""
    load_example(page, "sudoku")
    clear, keep = page.get_by_test_id("clear"), page.get_by_test_id("keep-givens")
    expect(keep).to_be_visible()
    group = "e => e.closest('.toolbar').id"
    assert clear.evaluate(group) != keep.evaluate(group)
    a, b = clear.bounding_box(), keep.bounding_box()
    gap = max(b["x"] - (a["x"] + a["width"]), a["x"] - (b["x"] + b["width"]),
              b["y"] - (a["y"] + a["height"]), a["y"] - (b["y"] + b["height"]))
    assert gap >= 8, (a, b)


@VIEWS
def test_set_givens_is_apart_from_clear(view):
    apart(view)
