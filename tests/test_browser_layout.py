"""Where the grid sits, in Debian's Chromium on the built site (served as test_browser.py does): element
boxes, never screenshots.

Covers: at 1280×800 the whole grid (with its clues) of a 9×9 sudoku, a 15×15 nonogram and a 10×10
kakuro lies in the first screen in play mode, with the keypad and Solve / Hint / Check to its right;
on a 390×844 phone the grid and the keypad are both on screen while playing, and no button lies
between them; a touch drag over a nonogram on a phone paints every cell it crosses and leaves the
page where it was (no scroll). A first visit (desktop and phone) opens today's puzzle in play mode with
its how-to-play line and Today's puzzle in the first screen (on a phone the line after the keypad), a
return keeps it, the header's Today's puzzle opens another kind's, and a player who switched kind
meanwhile keeps their choice.
Candidates are labelled a hint, asked for once, and drawn apart from the player's pencil marks (desktop
and phone).
"""

from __future__ import annotations

import json
import random
import re
from urllib.parse import quote

import pytest

import sampling
from conftest import ROOT
from gridlogic import api
from test_browser import LOAD, browser, open_ready, server, site, touch_drag, view  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def nonogram_text(n: int = 15) -> str:
    """A nonogram of n×n cells, its clues read off a random picture (a busy one: long clue lists)."""
    rng = random.Random(3)
    picture = [[rng.random() < 0.55 for _ in range(n)] for _ in range(n)]

    def runs(line: list[bool]) -> str:
        out, k = [], 0
        for v in [*line, False]:
            if v:
                k += 1
            elif k:
                out.append(str(k))
                k = 0
        return ",".join(out) or "0"

    rows = [runs(line) for line in picture]
    cols = [runs([picture[r][c] for r in range(n)]) for c in range(n)]
    return f"width {n}\nheight {n}\n\nrows\n" + "\n".join(rows) + "\n\ncolumns\n" + "\n".join(cols) + "\n"


def kakuro_text() -> str:
    """A 10×10 kakuro: a clue row and a clue column around a 9×9 block of runs of 45."""
    return "\n".join(["10 10", "- " + " ".join(["45,"] * 9), *[",45 " + " ".join(["0"] * 9)] * 9])


# kind → (link hash, rows, cols); sudoku's classic example is a 9×9.
GRIDS = {
    "sudoku": (None, 9, 9),
    "nonogram": ("#kind=nonogram&p=" + quote(nonogram_text()), 15, 15),
    "kakuro": ("#kind=kakuro&p=" + quote(kakuro_text()), 10, 10),
}


@pytest.fixture(scope="module")
def desktop(browser, server):  # noqa: F811
    yield from open_ready(browser, server, viewport=DESKTOP)


@pytest.fixture(scope="module")
def phone(browser, server):  # noqa: F811
    yield from open_ready(browser, server, viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)


def open_grid(page, server, kind: str) -> None:  # noqa: F811
    """Open the kind's grid of GRIDS in play mode, the page scrolled to its top."""
    link, rows, cols = GRIDS[kind]
    if link:
        page.goto(server.url + link)
    else:
        if page.get_by_test_id("kind").input_value() != kind:
            page.get_by_test_id("kind").select_option(kind)
        page.get_by_test_id("examples").select_option("classic")
    expect(page.locator(".board .cell")).to_have_count(rows * cols, timeout=LOAD)
    expect(page.locator(".board.playing")).to_have_count(1, timeout=LOAD)
    expect(page.get_by_test_id("status")).not_to_contain_text("reading", timeout=LOAD)
    page.mouse.wheel(0, -10_000)
    page.wait_for_function("() => window.scrollY === 0")


def box(page, selector: str) -> dict:
    b = page.locator(selector).first.bounding_box()
    assert b is not None, f"{selector} is not shown"
    return b


def bottom(b: dict) -> float:
    return b["y"] + b["height"]


def inside(b: dict, view: dict) -> bool:
    return b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["width"] <= view["width"] and b["y"] + b["height"] <= view["height"]


@pytest.mark.parametrize("kind", list(GRIDS))
def test_desktop_grid_in_first_screen_with_tools_beside_it(desktop, server, kind):  # noqa: F811
    open_grid(desktop, server, kind)
    grid = box(desktop, ".ed-frame")                     # the board with its clues around it
    assert inside(grid, DESKTOP), (kind, grid)
    right = grid["x"] + grid["width"]
    tools = ["#actions", "#explain-tools", "#mode-bar"] + (["[data-testid=keypad]"] if kind != "nonogram" else [])
    for selector in tools:
        b = box(desktop, selector)
        assert b["x"] >= right, (kind, selector, b, grid)
        assert inside(b, DESKTOP), (kind, selector, b)
    for testid in ["solve", "hint", "check", "mode-edit"]:
        assert inside(box(desktop, f"[data-testid={testid}]"), DESKTOP), (kind, testid)


@pytest.mark.parametrize("kind", list(GRIDS))
def test_phone_grid_and_keypad_on_screen_with_no_button_between(phone, server, kind):  # noqa: F811
    open_grid(phone, server, kind)
    grid = box(phone, ".ed-frame")
    keypad = box(phone, "[data-testid=keypad]")
    assert inside(grid, PHONE), (kind, grid)
    assert inside(keypad, PHONE), (kind, keypad)
    below, above = grid["y"] + grid["height"], keypad["y"]
    assert below <= above, (kind, grid, keypad)
    between = []
    for button in phone.locator("button:visible").all():
        b = button.bounding_box()
        if b and b["height"] > 0 and b["y"] >= below - 1 and b["y"] + b["height"] <= above + 1:
            between.append(button.evaluate("b => b.id || b.textContent"))
    assert not between, (kind, between)


def test_phone_touch_drag_paints_nonogram_cells_and_never_scrolls(phone, server):  # noqa: F811
    open_grid(phone, server, "nonogram")
    assert phone.evaluate("() => document.documentElement.scrollHeight") > PHONE["height"]   # the page could scroll
    c = 7
    first, last = box(phone, "#cell-12-7"), box(phone, "#cell-3-7")
    x = first["x"] + first["width"] / 2
    y0, y1 = first["y"] + first["height"] / 2, last["y"] + last["height"] / 2
    steps = 24                                          # the finger moves up: a pan would scroll the page down
    touch_drag(phone, [(x, y0 + (y1 - y0) * i / steps) for i in range(steps + 1)])
    for r in range(3, 13):
        expect(phone.locator(f"#cell-{r}-{c}")).to_have_class(re.compile(r"\bfilled\b"))
    assert phone.evaluate("() => window.scrollY") == 0
    assert phone.locator(".board .cell.filled").count() == 10


FIRST_SENTENCE = "Put a digit in every empty cell so that each row, each column and each box holds every digit once."


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_first_visit_opens_todays_puzzle_in_play_mode_and_a_return_keeps_it(browser, server, viewport):  # noqa: F811
    phone = viewport is PHONE
    ctx = browser.new_context(first_visit=True, service_workers="block", viewport=viewport,
                              **({"has_touch": True, "is_mobile": True} if phone else {}))
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    date = page.evaluate("() => { const d = new Date(); const p = (n) => String(n).padStart(2, '0');"
                         " return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`; }")
    expect(page.get_by_test_id("puzzle-title")).to_have_text(f"Daily Sudoku puzzle of {date}, 9×9", timeout=LOAD)
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.get_by_test_id("mode-play")).to_have_attribute("aria-pressed", "true")
    how = page.get_by_test_id("how-line")
    expect(how).to_contain_text(FIRST_SENTENCE)
    page.mouse.wheel(0, -10_000)
    page.wait_for_function("() => window.scrollY === 0")
    view = PHONE if phone else DESKTOP
    assert inside(box(page, ".ed-frame"), view)
    assert inside(box(page, "[data-testid=how-line]"), view)   # beside the grid; on a phone, after the keypad
    if phone:
        assert box(page, "[data-testid=how-line]")["y"] >= bottom(box(page, "[data-testid=keypad]")) - 1
    else:
        assert inside(box(page, "[data-testid=puzzle-title]"), view)
    assert inside(box(page, "[data-testid=mode-edit]"), view)  # the editor: one click away
    assert inside(box(page, "[data-testid=today]"), view)      # today's puzzle: in the header
    givens = page.locator(".board .cell.given").count()
    assert givens > 0
    # An entry, then a visit again: the same puzzle with the entry, still in play mode, no new daily made.
    open_cell = page.locator(".board .cell.empty").first
    cell_id = open_cell.get_attribute("id")
    open_cell.click()
    page.keyboard.press("5")
    expect(page.locator(f"#{cell_id}")).to_have_text("5")
    page.goto("about:blank")
    page.goto(server.url)
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
    expect(page.locator(f"#{cell_id}")).to_have_text("5")
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    assert page.locator(".board .cell.given").count() == givens
    page.get_by_test_id("mode-edit").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "edit")
    # The header's Today's puzzle opens today's puzzle of the kind on screen, in play mode.
    page.get_by_test_id("kind").select_option("binary")
    page.get_by_test_id("today").click()
    expect(page.get_by_test_id("puzzle-title")).to_have_text(re.compile(rf"^Daily .* of {date}, 6×6$"), timeout=LOAD)
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    assert page.locator(".board .cell.given").count() > 0
    page.get_by_test_id("kind").select_option("numbercross")    # a kind the engine does not make: no button
    expect(page.get_by_test_id("today")).to_be_hidden()
    assert not errors
    ctx.close()


@pytest.mark.parametrize("view", ["desktop", "phone"], indirect=True)
def test_candidates_are_a_hint_asked_for_once_and_drawn_apart_from_pencil_marks(view, server):  # noqa: F811
    desktop = view
    open_grid(desktop, server, "sudoku")
    button = desktop.get_by_test_id("true-candidates")
    expect(button).to_contain_text("hint")
    open_cell = desktop.locator(".board .cell.empty").first
    cell_id = open_cell.get_attribute("id")
    if desktop.touch:                                             # the player's own corner mark
        open_cell.tap()
        desktop.get_by_test_id("pen-corner").tap()
        desktop.get_by_test_id("keypad").locator("[data-value='1']").tap()
        desktop.get_by_test_id("pen-value").tap()
    else:
        open_cell.click()
        desktop.keyboard.press("Shift+1")
    expect(desktop.locator(f"#{cell_id} .pm")).to_have_count(1)
    button.click()
    expect(desktop.get_by_test_id("candidates-confirm")).to_be_visible()
    expect(desktop.get_by_test_id("notice-text")).to_contain_text("give part of the answer away")
    desktop.wait_for_timeout(300)
    assert desktop.locator(".board .cands").count() == 0          # nothing shown before the answer
    desktop.get_by_test_id("candidates-confirm").click()
    expect(desktop.get_by_test_id("status")).to_contain_text("hint: the solver's true candidates", timeout=LOAD)
    expect(desktop.locator(f"#{cell_id} .cands")).to_have_count(1)
    style = "e => { const s = getComputedStyle(e); return [s.color, s.fontStyle, s.backgroundColor]; }"
    cands = desktop.locator(f"#{cell_id} .cands").evaluate(style)
    marks = desktop.locator(f"#{cell_id} .pm").evaluate(style)
    assert cands[0] != marks[0] and cands[1] == "italic" and cands[2] != marks[2], (cands, marks)
    desktop.get_by_test_id("examples").select_option("classic")   # another load clears them; asked once only
    expect(desktop.locator(".board .cands")).to_have_count(0)
    button.click()
    expect(desktop.get_by_test_id("status")).to_contain_text("hint: the solver's true candidates", timeout=LOAD)
    assert desktop.get_by_test_id("candidates-confirm").count() == 0


CLIPPED = next(link for link in json.loads((ROOT / "tests" / "data" / "variant_links.json").read_text())["links"]
               if link["name"] == '"Clipped" by glum_hippo: Arrow, Thermo, Givens, King')


CLIPPED_SCL = next(link for link in json.loads((ROOT / "tests" / "data" / "variant_links.json").read_text())["links"]
                   if link["name"] == '"Clipped" by glum_hippo: Arrow, Thermo, Givens, King (SCL)')
LINKS = {"fpuzzles": CLIPPED["url"], "scl": CLIPPED_SCL["url"],
         "puzzlink": "https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k"}


# Each is a first visit of its own. The link forms meet the same flow (the link read ahead, the engine's
# import, Solve waiting on it); their readers are checked under Node (test_foreign_links): one link form
# by default, all under --full.
@pytest.mark.parametrize("move", sampling.each_group(["kind", "fpuzzles", "scl", "puzzlink"], lambda m: m == "kind"))
def test_first_visit_puzzle_is_not_forced_on_a_player_who_moved_on(browser, server, move):  # noqa: F811
    """Another kind picked, or a link imported, while the engine starts: today's puzzle is not made (the
    import does not wait for it) and the player's choice stays. An f-puzzles link's, a SudokuPad SCL
    link's and a puzz.link URL's givens show at once, before the engine is ready; the engine's import then
    reads the whole puzzle (the f-puzzles and SCL links' arrows and thermometers), and Solve pressed on
    the givens drawn ahead answers it."""
    ctx = browser.new_context(first_visit=True, service_workers="block", viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(server.url)
    expect(page.get_by_test_id("kind")).to_have_value("sudoku")
    givens = {}
    if move == "kind":
        page.get_by_test_id("kind").select_option("nonogram")
    else:
        imported = api.handle({"op": "link_import", "url": LINKS[move]})["result"]
        read = imported["state"]
        givens = {f"#cell-{i // 9}-{i % 9}": v for i, v in enumerate(read["cells"]) if v}
        page.locator("#puzzlink-box summary").click()
        page.get_by_test_id("puzzlink-in").fill(LINKS[move])
        page.get_by_test_id("import").click()
        page.locator(".board .cell.given").nth(len(givens) - 1).wait_for(timeout=3000)
        assert page.locator("body").get_attribute("data-engine") != "ready"
        assert {f"#{e.get_attribute('id')}": e.inner_text() for e in page.locator(".board .cell.given").all()} == givens
        page.get_by_test_id("solve").click()                 # on the givens drawn ahead: it waits for the import
    assert page.locator("body").get_attribute("data-engine") != "ready"    # (all of it before the engine)
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
    if move != "kind":
        expect(page.get_by_test_id("status")).to_contain_text("unique", timeout=LOAD)
        solution = api.handle({"op": "solve", "kind": "sudoku", "state": read, "rules": imported["rules"]})["result"]
        assert "".join(page.locator(".board .cell").all_inner_texts()) == "".join(solution["solution"].split())
    if move in ("fpuzzles", "scl"):
        parts = page.evaluate("() => window.gridlogic.editor().getState().parts")
        assert parts["lines"] == read["parts"]["lines"] and parts["lines"], parts     # its arrows and thermometers
    page.wait_for_timeout(1500)
    expect(page.get_by_test_id("kind")).to_have_value("nonogram" if move == "kind" else "sudoku")
    expect(page.get_by_test_id("status")).not_to_contain_text("daily")
    expect(page.get_by_test_id("puzzle-info")).to_be_visible() if move in ("fpuzzles", "scl") else \
        expect(page.get_by_test_id("puzzle-info")).to_be_hidden()
    for selector, value in givens.items():
        expect(page.locator(selector)).to_have_text(value)
    assert page.locator("[data-testid=recent] option").all_inner_texts() == ["none yet"]   # no daily replaced
    ctx.close()
