"""The variant drawing (web/editor/drawn.js) in Debian's Chromium, on the built site (one page, in
order): clues typed into the sudoku's Variant clues field are drawn once the live check reads them
(a dashed killer cage with its sum, a thermometer's line and bulb, a white dot on the edge between
its cells, an X, outside clues in a margin beyond the grid, a little killer's arrow), with each
label as hover text; the same puzzle loaded through the Text box is drawn without an edit; at
390×844 the page does not scroll sideways; a solve keeps the drawing (with the constraints when
their encodings exist, else with irregular regions, whose borders replace the box lines); and a
kind whose board carries regions of its own (number cross) gets no drawing.
"""

from __future__ import annotations

import re

import pytest

from gridlogic import api
from gridlogic.kinds.sudoku import families
from test_browser import LOAD, board_text, browser, ready_page, server, site  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

# A solved grid (the shifted pattern), so every clue below holds in it and the clues can be solved.
S = [[((r % 3) * 3 + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]


def sandwich(col: int) -> int:
    """The sum between 1 and 9 in a column (0-based), as the clue above it says."""
    line = [S[r][col] for r in range(9)]
    a, b = sorted((line.index(1), line.index(9)))
    return sum(line[a + 1:b])


def little_killer(r: int, c: int, dr: int, dc: int) -> int:
    """The sum of the diagonal from the outside cell (r, c), 0-based, along (dr, dc)."""
    total, r, c = 0, r + dr, c + dc
    while 0 <= r < 9 and 0 <= c < 9:
        total, r, c = total + S[r][c], r + dr, c + dc
    return total


def x_sum(row: int) -> int:
    """The sum of the first X digits of a row from the left, X its first digit."""
    return sum(S[row][:S[row][0]])


def skyscrapers(row: int) -> int:
    """How many digits of a row are seen from the right (each higher than all before it)."""
    seen, top = 0, 0
    for d in reversed(S[row]):
        if d > top:
            seen, top = seen + 1, d
    return seen


KILLER = [(1, 3), (1, 4), (2, 4)]
assert sum(S[r][c] for r, c in KILLER) == 17
THERMO = [(8, 1), (8, 2), (8, 3)]
assert S[8][1] < S[8][2] < S[8][3]
assert abs(S[0][0] - S[0][1]) == 1                      # the white dot's cells
assert S[1][5] + S[1][6] == 10                          # the X's cells
CLUES = "\n".join([
    "killer 17: r2c4 r2c5 r3c5",
    "thermo: r9c2 r9c3 r9c4",
    "white: r1c1 r1c2",
    "x: r2c6 r2c7",
    f"sandwich {sandwich(2)}: r0c3",
    f"littlekiller {little_killer(-1, 1, 1, 1)} DR: r0c2",
    f"xsum {x_sum(4)}: r5c0",
    f"skyscraper {skyscrapers(5)}: r6c10",
])
TYPES = ("killer", "thermo", "white", "x", "sandwich", "littlekiller", "xsum", "skyscraper")

# An irregular sudoku: the pattern grid with a third of it open, two cells of equal digits swapped
# between the first two boxes.
REGIONS = ["AABBBBCCC", "AAABBBCCC", "AAABBACCC"] + ["DDDEEEFFF"] * 3 + ["GGGHHHIII"] * 3
GIVENS = "\n".join("".join(str(S[r][c]) if (r + c) % 3 else "." for c in range(9)) for r in range(9))
IRREGULAR = GIVENS + "\nregions:\n" + "\n".join(REGIONS)


@pytest.fixture(scope="module")
def app(ready_page):  # noqa: F811
    return ready_page


def drawn(page, selector: str = ""):
    return page.locator(f"[data-testid=drawn] {selector}".strip())


def cell(page, r: int, c: int):
    return page.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']")


def rect(locator) -> dict:
    return locator.evaluate("e => { const b = e.getBoundingClientRect(); "
                            "return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; }")


def middle(locator) -> tuple[float, float]:
    b = rect(locator)
    return (b["left"] + b["right"]) / 2, (b["top"] + b["bottom"]) / 2


def load_text(page, text: str) -> None:
    if page.get_by_test_id("text").is_hidden():
        page.get_by_test_id("text-toggle").click()
    page.get_by_test_id("text").fill(text)
    page.get_by_test_id("load-text").click()


def status(page):
    return page.get_by_test_id("status")


def assert_drawn(page) -> None:
    """Each clue of CLUES drawn where and as it should be."""
    for t in TYPES:
        expect(drawn(page, f"g[data-type={t}]").first).to_be_attached()
    cage = drawn(page, "g[data-type=killer]")
    expect(cage.locator("path[stroke-dasharray]")).to_have_count(1)
    expect(cage.locator("text")).to_have_text("17")
    expect(cage.locator("title")).to_contain_text("killer cage of 17")
    x, y = middle(cage.locator("text"))                 # the sum in the top-left cell's corner
    top_left = rect(cell(page, 1, 3))
    assert top_left["left"] <= x < (top_left["left"] + top_left["right"]) / 2
    assert top_left["top"] <= y < (top_left["top"] + top_left["bottom"]) / 2
    thermo = drawn(page, "g[data-type=thermo]")
    expect(thermo.locator("polyline")).to_have_count(1)
    expect(thermo.locator("circle[data-part=bulb]")).to_have_count(1)
    bx, by = middle(thermo.locator("circle[data-part=bulb]"))
    bulb_cell = rect(cell(page, 8, 1))
    assert bulb_cell["left"] < bx < bulb_cell["right"] and bulb_cell["top"] < by < bulb_cell["bottom"]
    # A dot and the X sit on the edge their two cells share.
    for selector, (a, b) in (("g[data-type=white] circle[data-part=dot]", ((0, 0), (0, 1))),
                             ("g[data-type=x] text", ((1, 5), (1, 6)))):
        x, y = middle(drawn(page, selector))
        left, right = rect(cell(page, *a)), rect(cell(page, *b))
        assert left["right"] - 3 <= x <= right["left"] + 3, (selector, x, left, right)
        assert left["top"] < y < left["bottom"] and abs(y - (left["top"] + left["bottom"]) / 2) < 3
    expect(drawn(page, "g[data-type=x] text")).to_have_text("X")
    # Outside clues: their numbers beyond the grid, on their side, in the page.
    grid = rect(page.get_by_test_id("board"))
    width = page.evaluate("document.documentElement.clientWidth")
    for t, side in (("sandwich", "top"), ("littlekiller", "top"), ("xsum", "left"), ("skyscraper", "right")):
        text = drawn(page, f"g[data-type={t}] text")
        b = rect(text)
        beyond = {"top": b["bottom"] <= grid["top"], "left": b["right"] <= grid["left"],
                  "right": b["left"] >= grid["right"]}[side]
        assert beyond, (t, b, grid)
        assert b["left"] >= 0 and b["right"] <= width, (t, b, width)
    expect(drawn(page, "g[data-type=sandwich] text")).to_have_text(str(sandwich(2)))
    expect(drawn(page, "g[data-type=littlekiller] line")).to_have_count(1)          # its arrow
    expect(drawn(page)).to_have_attribute("aria-label", re.compile(r"^Variant clues: .*killer cage of 17"))
    expect(cell(page, 2, 4)).to_have_attribute("title", re.compile("killer cage of 17"))
    assert drawn(page).evaluate("e => getComputedStyle(e).pointerEvents") == "none"


def test_typed_clues_are_drawn(app):
    app.get_by_test_id("kind").select_option("sudoku")
    app.get_by_test_id("extra-drawn").fill(CLUES)
    expect(drawn(app, "g[data-type=killer]")).to_have_count(1)
    assert_drawn(app)
    # A tap on a cell under the drawing still selects it: the overlay takes no pointer.
    cell(app, 1, 4).click()
    expect(cell(app, 1, 4)).to_have_attribute("aria-selected", "true")


def test_a_load_is_drawn_without_an_edit(app):
    load_text(app, GIVENS)                                          # no clues: the drawing goes
    expect(drawn(app)).to_have_count(0)
    load_text(app, "\n".join(["." * 9] * 9) + "\n" + CLUES)
    expect(cell(app, 0, 1)).to_have_attribute("data-value", "")
    expect(drawn(app, "g[data-type=killer]")).to_have_count(1)
    assert_drawn(app)


def test_no_sideways_scroll_on_a_phone(app):
    app.set_viewport_size({"width": 390, "height": 844})
    try:
        expect(drawn(app, "g[data-type=killer]")).to_have_count(1)
        app.wait_for_timeout(200)                                   # the resize's fit
        assert app.evaluate("document.scrollingElement.scrollWidth") <= 390
        grid = rect(app.get_by_test_id("board"))
        assert grid["left"] >= 0 and grid["right"] <= 390 and grid["right"] - grid["left"] >= 9 * 28, grid
        assert_drawn(app)
    finally:
        app.set_viewport_size({"width": 1200, "height": 900})


def test_a_solve_keeps_the_drawing(app):
    encoded = getattr(families, "ENCODE", {})
    if all(t in encoded for t in TYPES):
        # The pattern grid with the clues' cells open: the constraints take part in the solve.
        open_cells = set(KILLER + THERMO + [(0, 0), (0, 1), (1, 5), (1, 6)])
        rows = ["".join("." if (r, c) in open_cells else str(S[r][c]) for c in range(9)) for r in range(9)]
        text = "\n".join(rows) + "\n" + CLUES
        load_text(app, text)
        expect(drawn(app, "g[data-type=killer]")).to_have_count(1)
        app.get_by_test_id("solve").click()
        expect(status(app)).to_contain_text(re.compile("unique|solution"), timeout=LOAD)
        answer = api.handle({"op": "solve", "kind": "sudoku", "text": text})["result"]["solutions"][0]
        assert board_text(app) == answer
        assert_drawn(app)
        return
    # No encodings of these constraints yet: solve irregular regions, drawn as the cells' borders.
    load_text(app, IRREGULAR)
    expect(cell(app, 0, 1)).to_have_attribute("data-value", str(S[0][1]))
    expect(drawn(app)).to_have_count(0)                              # regions alone: no overlay
    borders = [((0, 2), "bl", True), ((0, 3), "bl", False), ((2, 5), "bl", True), ((2, 5), "bt", True),
               ((2, 6), "bl", True), ((1, 3), "bl", True), ((3, 0), "bt", True)]

    def assert_borders():
        for (r, c), side, present in borders:
            pattern = re.compile(rf"\b{side}\b")
            if present:
                expect(cell(app, r, c)).to_have_class(pattern)
            else:
                expect(cell(app, r, c)).not_to_have_class(pattern)

    assert_borders()
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique", timeout=LOAD)
    assert board_text(app) == "\n".join("".join(map(str, row)) for row in S)
    assert_borders()


def test_a_kind_with_regions_of_its_own_is_not_drawn(app):
    example = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == "numbercross")["examples"][0]
    text = api.handle({"op": "parse", "kind": "numbercross", "state": example["state"]})["result"]["text"]
    assert api.handle({"op": "parse", "kind": "numbercross", "text": text})["result"]["board"].get("regions")
    app.get_by_test_id("kind").select_option("numbercross")
    app.get_by_test_id("examples").select_option(value=example["name"])
    expect(app.get_by_test_id("text")).to_have_value(text)          # the live check has answered
    expect(drawn(app)).to_have_count(0)
    expect(app.locator("[data-testid=board] .cell.bt, [data-testid=board] .cell[title]")).to_have_count(0)


def test_an_f_puzzles_link_imports_solves_hints_and_exports(app):
    """A real f-puzzles link pasted into the Import box opens as a sudoku with its title, author and
    clues drawn; Solve answers its published solution, Hint names a constraint or a given; Copy
    f-puzzles link gives a link that opens the same puzzle back."""
    import json
    from pathlib import Path

    links = json.loads((Path(__file__).parent / "data" / "variant_links.json").read_text())["links"]
    link = next(x for x in links if x["name"].startswith('"Blitz"') and "f-puzzles.com" in x["url"])
    if app.get_by_test_id("puzzlink-in").is_hidden():
        app.locator("#puzzlink-box summary").click()
    app.get_by_test_id("puzzlink-in").fill(link["url"])
    app.get_by_test_id("import").click()
    expect(status(app)).to_have_text("imported", timeout=LOAD)
    imported = api.handle({"op": "link_import", "url": link["url"]})["result"]
    expect(app.get_by_test_id("puzzle-info")).to_be_visible()
    expect(app.get_by_test_id("puzzle-title")).to_have_text(imported["title"])
    expect(drawn(app, "g[data-type=killer]").first).to_be_attached(timeout=LOAD)
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique", timeout=LOAD)
    assert "".join(board_text(app).split()) == link["solution"]
    app.get_by_test_id("export-fpuzzles").click()
    expect(app.get_by_test_id("puzzlink-out")).to_have_value(re.compile(r"^https://www\.f-puzzles\.com/\?load="))
    url = app.get_by_test_id("puzzlink-out").input_value()
    back = api.handle({"op": "link_import", "url": url})["result"]
    assert (back["text"], back["rules"]) == (imported["text"], imported["rules"])
    app.get_by_test_id("kind").select_option("binary")
    expect(app.get_by_test_id("puzzle-info")).to_be_hidden()
    expect(app.get_by_test_id("export-fpuzzles")).to_be_hidden()
    app.get_by_test_id("kind").select_option("sudoku")
