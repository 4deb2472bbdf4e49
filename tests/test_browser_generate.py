"""New puzzles in the page: the "New puzzle" panel and the daily puzzle link, in Debian's Chromium on
the built site (served as a plain static host under a sub-path, as test_browser.py does).

Covers: a puzzle of each CNF kind made in the page opens in play mode with its difficulty word, is
unique (counted again by CPython's gridlogic), rates at the level asked (CPython's `hint` path) and
is solved by hand-applied hints (Hint → Apply until no cell is open; Check says solved; CPython
agrees that every entry is right); the puzzle a second one replaces goes to Recent; a daily link
opened in two fresh pages gives the same puzzle, the one CPython makes for that date; Stop during a
generation leaves a page that makes and solves puzzles; the panel offers at each size only the levels
the kinds op offers there (made within the default budget), and shows progress while it makes one;
number cross is refused with the engine's message at the control; older share links still open; on a
390 px phone the panel offers the same levels, fits without sideways scroll and is reached and used by
keyboard alone.
"""

from __future__ import annotations

import re
import time

import pytest

from gridlogic import api
from gridlogic.kinds import get_kind
from gridlogic.contract import layout_of
from gridlogic.codecs.page import encode_state, link_hash
from test_browser import (LOAD, SOLVE, VIEWS, browser, close_page, new_page, open_ready, phone,  # noqa: F401
                          ready_page, server, site, view)

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

# Each CNF kind of the page at a small size, so that making and hand-solving it is quick.
SMALL = [("sudoku", "4x4"), ("binary", "6x6"), ("futoshiki", "4x4"), ("kakuro", "6x6"), ("puzlogic", "4x4"),
         ("nonogram", "5x5")]
DAILY = "2026-11-25"


@pytest.fixture(scope="module")
def app(ready_page):  # noqa: F811
    return ready_page


def status(page):
    return page.get_by_test_id("status")


def idle(page) -> None:
    """Wait until no request of the page is under way."""
    expect(page.locator("body")).to_have_attribute("data-busy", "", timeout=SOLVE)


def open_panel(page) -> None:
    if not page.get_by_test_id("new-box").evaluate("d => d.open"):
        page.get_by_test_id("new-open").click()
    expect(page.get_by_test_id("gen-make")).to_be_visible()


def choose(page, kind: str, size: str | None = None, level: str = "easy") -> None:
    open_panel(page)
    page.get_by_test_id("gen-kind").select_option(kind)
    if size:
        page.get_by_test_id("gen-size").select_option(size)
    page.get_by_test_id("gen-level").select_option(level)


def make(page, kind: str, size: str, level: str = "easy") -> dict:
    """Make a puzzle in the page; the state it opened with."""
    choose(page, kind, size, level)
    page.get_by_test_id("gen-make").click()
    expect(status(page)).to_contain_text("new puzzle ready", timeout=SOLVE)
    return editor(page, "getState")


def editor(page, method: str):
    return page.evaluate(f"() => window.gridlogic.editor().{method}()")


def ask(**request) -> dict:
    response = api.handle(request)
    assert response["ok"], response
    return response["result"]


def until(test, seconds: float = SOLVE / 1000) -> bool:
    """Poll `test` from Python (the page's CSP forbids wait_for_function's string eval)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if test():
            return True
        time.sleep(0.1)
    return test()


def solve_by_hints(page, most: int) -> list:
    """Hint → Apply until no cell is open, or the page has found the puzzle solved and locked the entries
    (a nonogram is solved once its filled cells are, its crosses optional); the entries made."""
    for _ in range(most):
        if editor(page, "openCount") == 0 or editor(page, "isLocked"):
            break
        page.get_by_test_id("hint").click()
        apply = page.get_by_test_id("apply")                # hidden once applied: shown again by this hint
        expect(apply).to_be_visible(timeout=SOLVE)
        apply.click()
        expect(apply).to_be_hidden()
    assert editor(page, "openCount") == 0 or editor(page, "isLocked"), f"still open after {most} hints"
    page.get_by_test_id("check").click()
    idle(page)
    expect(status(page)).to_contain_text("solved: all")
    return editor(page, "entries")


# -- a puzzle of every CNF kind, solved by hand-applied hints --------------------------------------
@pytest.mark.parametrize(("kind", "size"), SMALL, ids=[k for k, _ in SMALL])
def test_a_new_puzzle_of_each_kind_opens_in_play_and_is_solved_by_hints(app, kind, size):
    state = make(app, kind, size)
    expect(app.locator("body")).to_have_attribute("data-mode", "play")
    expect(app.get_by_test_id("puzzle-level")).to_have_text("easy")
    expect(app.get_by_test_id("notice-text")).to_contain_text("easy")
    expect(app.get_by_test_id("timer")).to_have_text(re.compile(r"^0:0\d$"))
    rows, cols = (int(n) for n in size.split("x"))
    assert (state["rows"], state["cols"]) == (rows, cols)
    counted = ask(op="solve", kind=kind, state=state, count=True, limit=2, render=False)
    assert counted["count"] == 1 and counted["count_complete"], counted
    # Re-rated in the page and on CPython: the same hint path, to the last count.
    rated = app.evaluate("(request) => window.gridlogic.request(request)",
                         {"op": "hint", "kind": kind, "state": state, "path": True})
    assert rated["ok"] and rated["result"]["difficulty"]["rating"] == "easy", rated
    here = ask(op="hint", kind=kind, state=state, path=True)
    assert here["difficulty"] == rated["result"]["difficulty"], (here, rated)
    givens = editor(app, "givenState")
    entries = solve_by_hints(app, most=rows * cols + 1)
    assert entries
    checked = ask(op="progress", kind=kind, state=givens, entries=entries)
    assert checked["correct_so_far"] and not checked["wrong"], checked


def test_the_puzzle_a_new_one_replaces_goes_to_recent(app):
    first = make(app, "sudoku", "4x4")
    before = app.get_by_test_id("recent").locator("option").count()
    second = make(app, "sudoku", "4x4")
    assert first != second                               # a fresh seed: another puzzle
    expect(app.get_by_test_id("recent").locator("option")).to_have_count(before + 1)
    app.get_by_test_id("notice").get_by_test_id("undo-load").click()
    assert until(lambda: editor(app, "getState") == first)
    expect(app.get_by_test_id("notice-text")).to_contain_text("Load undone.")


# -- the daily puzzle ------------------------------------------------------------------------------
def _daily_state(browser, server, link: str) -> dict:  # noqa: F811
    page, shared = new_page(browser, server)                     # another browser: nothing saved
    try:
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(link)
        expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
        expect(status(page)).to_contain_text("daily puzzle ready", timeout=SOLVE)
        expect(page.locator("body")).to_have_attribute("data-mode", "play")
        expect(page.get_by_test_id("puzzle-level")).to_have_text("easy")
        expect(page.get_by_test_id("puzzle-title")).to_contain_text(DAILY)
        state = editor(page, "getState")
        assert not errors, errors
        return state
    finally:
        close_page(page, shared)


def test_a_daily_link_opens_the_same_puzzle_on_every_page_and_in_cpython(browser, server):  # noqa: F811
    link = f"{server.url}index.html#sudoku/daily/{DAILY}/easy"
    first = _daily_state(browser, server, link)
    second = _daily_state(browser, server, link)
    assert first == second
    made = ask(op="generate", kind="sudoku", daily=DAILY, difficulty="easy")
    assert made["status"] == "generated"
    assert made["state"] == first


def test_killer_cages_are_offered_made_and_solved_and_their_daily_link_opens(app, browser, server):  # noqa: F811
    open_panel(app)
    app.get_by_test_id("gen-kind").select_option("binary")
    expect(app.locator("#gen-family-label")).to_be_hidden()              # binary draws no families
    app.get_by_test_id("gen-kind").select_option("sudoku")
    expect(app.locator("#gen-family-label")).to_be_visible()
    app.get_by_test_id("gen-family").select_option("killer")
    sizes = app.get_by_test_id("gen-size").locator("option").all_text_contents()
    assert "6×6" in sizes and "16×16" not in sizes, sizes                # the family's own sizes
    app.get_by_test_id("gen-size").select_option("6x6")
    app.get_by_test_id("gen-level").select_option("easy")
    link = app.get_by_test_id("gen-daily-url").input_value()
    assert re.search(r"#sudoku\+killer/daily/\d{4}-\d{2}-\d{2}/easy/6x6$", link), link
    app.get_by_test_id("gen-make").click()
    expect(status(app)).to_contain_text("new puzzle ready", timeout=SOLVE)
    state = editor(app, "getState")
    cages = state["parts"]["cages"]
    assert cages and {tuple(cell) for cage in cages for cell in cage["cells"]} == {(r, c) for r in range(6) for c in range(6)}
    counted = ask(op="solve", kind="sudoku", state=state, count=True, limit=2, render=False)
    assert counted["count"] == 1 and counted["count_complete"], counted
    rated = ask(op="hint", kind="sudoku", state=state, path=True)
    assert rated["difficulty"]["rating"] == "easy", rated["difficulty"]
    givens = editor(app, "givenState")
    entries = solve_by_hints(app, most=37)
    checked = ask(op="progress", kind="sudoku", state=givens, entries=entries)
    assert checked["correct_so_far"] and not checked["wrong"], checked
    daily = f"{server.url}index.html#sudoku+killer/daily/{DAILY}/easy/6x6"
    opened = _daily_state(browser, server, daily)
    made = ask(op="generate", kind="sudoku", constraints=["killer"], rows=6, daily=DAILY, difficulty="easy")
    assert made["state"] == opened and opened["parts"]["cages"]
    app.get_by_test_id("gen-family").select_option("")                   # back to givens only


def test_todays_puzzle_and_its_link(app):
    choose(app, "binary", "6x6", "easy")
    link = app.get_by_test_id("gen-daily-url").input_value()
    assert re.search(r"#binary/daily/\d{4}-\d{2}-\d{2}/easy/6x6$", link), link
    app.get_by_test_id("gen-size").select_option("")            # the engine's standard size: no size in the link
    standard = app.get_by_test_id("gen-daily-url").input_value()
    assert standard == link.removesuffix("/6x6")
    app.get_by_test_id("gen-size").select_option("6x6")
    app.get_by_test_id("gen-today").click()
    expect(status(app)).to_contain_text("daily puzzle ready", timeout=SOLVE)
    today = app.evaluate("() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]; }")
    assert link.endswith("/{:04d}-{:02d}-{:02d}/easy/6x6".format(*today))
    assert "{:04d}-{:02d}-{:02d}".format(*today) in app.get_by_test_id("puzzle-title").text_content()


def test_a_bad_daily_link_is_refused_with_the_reason(app, server):  # noqa: F811
    app.goto(f"{server.url}index.html#sudoku/daily/2026-13-40/easy")
    expect(app.get_by_test_id("notice-text")).to_contain_text("no date it can read")
    expect(app.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)


# -- Stop, refusals, older links -------------------------------------------------------------------
def test_stop_during_a_generation_leaves_a_usable_page(app):
    choose(app, "sudoku", "16x16", "hard")
    app.get_by_test_id("gen-make").click()
    expect(app.get_by_test_id("gen-stop")).to_be_enabled()
    app.get_by_test_id("gen-stop").click()
    expect(status(app)).to_contain_text("stopped")
    expect(app.get_by_test_id("gen-make")).to_be_enabled()
    expect(app.get_by_test_id("gen-stop")).to_be_disabled()
    make(app, "futoshiki", "4x4")
    solve_by_hints(app, most=17)


@VIEWS
def test_the_panel_offers_only_the_levels_made_in_time(view):
    """Each size (and the standard size) of each kind and family lists the levels the kinds op offers
    there (made within the default budget), no other; a level kept when the new size offers it. On a
    desktop and on a phone."""
    app = view
    infos = {info["key"]: info for info in api.handle({"op": "kinds"})["result"]["kinds"]}
    open_panel(app)
    for key, info in infos.items():
        if not info["generate"]:
            continue
        app.get_by_test_id("gen-kind").select_option(key)
        for offer in [info["generate"], *info["generate"].get("families", [])]:
            if "constraints" in offer or info["generate"].get("families"):
                app.get_by_test_id("gen-family").select_option("+".join(offer.get("constraints", [])))
            d = offer["default_size"]
            standard = next(levels for rows, cols, levels in offer["sizes"] if (rows, cols) == (d["rows"], d["cols"]))
            for rows, cols, levels in [[0, 0, standard], *offer["sizes"]]:
                app.get_by_test_id("gen-size").select_option(f"{rows}x{cols}" if rows else "")
                shown = app.get_by_test_id("gen-level").locator("option").all_text_contents()
                assert shown == levels, (key, offer.get("constraints"), rows, cols, shown)
    app.get_by_test_id("gen-kind").select_option("sudoku")
    app.get_by_test_id("gen-family").select_option("")
    app.get_by_test_id("gen-size").select_option("9x9")
    app.get_by_test_id("gen-level").select_option("fiendish")
    app.get_by_test_id("gen-size").select_option("16x16")                 # not offered at 16×16: the first level
    expect(app.get_by_test_id("gen-level")).to_have_value("easy")
    app.get_by_test_id("gen-level").select_option("hard")
    app.get_by_test_id("gen-size").select_option("9x9")                   # offered at both: kept
    expect(app.get_by_test_id("gen-level")).to_have_value("hard")
    app.get_by_test_id("new-box").evaluate("d => { d.open = false; }")


def test_progress_shows_while_generating(app):
    """A generation of a few seconds says how many puzzles it tried, and its clock, while it runs."""
    choose(app, "sudoku", "16x16", "easy")
    app.get_by_test_id("gen-make").click()
    running = re.compile(r"tried \d+ puzzles? · \d+\.\d s of")             # only while it runs
    expect(app.get_by_test_id("gen-progress")).to_have_text(running, timeout=SOLVE)
    expect(status(app)).to_contain_text("new puzzle ready", timeout=SOLVE)


def test_number_cross_is_refused_at_the_kind(app):
    open_panel(app)
    app.get_by_test_id("gen-kind").select_option("numbercross")
    app.get_by_test_id("gen-make").click()
    idle(app)
    expect(app.get_by_test_id("gen-error")).to_be_visible()
    expect(app.get_by_test_id("gen-kind")).to_have_attribute("aria-invalid", "true")


def test_older_share_links_still_open(app, server):  # noqa: F811
    kind = get_kind("sudoku")
    example = kind.EXAMPLES[0]
    state = ask(op="parse", kind="sudoku", text=example.text)["state"]
    compact = link_hash("sudoku", [], encode_state(layout_of(kind), state))
    app.goto(f"{server.url}index.html#{compact}")
    expect(app.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
    expect(app.locator("[data-testid=board] .cell")).to_have_count(81)
    assert until(lambda: editor(app, "getState")["cells"] == state["cells"])
    app.get_by_test_id("kind").select_option("binary")      # elsewhere, so that the next link loads anew
    long_form = example.text.replace("\n", "")
    app.goto(f"{server.url}?kind=sudoku&p={long_form}")
    expect(app.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
    assert until(lambda: app.get_by_test_id("kind").input_value() == "sudoku"
                 and editor(app, "getState")["cells"] == state["cells"])


# -- phone and keyboard ----------------------------------------------------------------------------
def test_the_panel_fits_a_phone_and_works_by_keyboard(phone):
    phone.get_by_test_id("examples").focus()
    for _ in range(4):                                    # Recent is skipped while it is empty
        phone.keyboard.press("Tab")
        if phone.evaluate("() => document.activeElement.dataset.testid") == "new-open":
            break
    assert phone.evaluate("() => document.activeElement.dataset.testid") == "new-open"
    phone.keyboard.press("Enter")
    expect(phone.get_by_test_id("gen-kind")).to_be_visible()
    phone.keyboard.press("Tab")
    assert phone.evaluate("() => document.activeElement.dataset.testid") == "gen-kind"
    phone.get_by_test_id("gen-kind").select_option("sudoku")
    phone.get_by_test_id("gen-size").select_option("4x4")
    phone.get_by_test_id("gen-level").select_option("easy")
    phone.get_by_test_id("gen-make").focus()
    phone.keyboard.press("Enter")
    expect(status(phone)).to_contain_text("new puzzle ready", timeout=SOLVE)
    widths = phone.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths
    open_panel(phone)
    widths = phone.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths
