"""The page's own parts in Debian's Chromium, on the built site (one browser, one page, in order):
the status cleared by a kind switch, "Rules:" hidden for a kind without rules, kind names not
doubling "puzzle", highlighted clue cells keeping readable text, the "How to play" box with each
kind's keys, the one Import box (a Tatham game ID, a puzz.link URL, a game ID in the text box), and
the Tools: true candidates compared with every solution listed by gridlogic in Python, a setter's
given checked by solving again with it added, and the classes of solutions under symmetry.
"""

from __future__ import annotations

import re

import pytest

from gridlogic.kinds import sudoku
from test_browser import LOAD, ask, board_text, browser, ready_page, server, site  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

PATTERN_ID = "5x5:1/1/1/1/1/1/1/1/1/1"
PUZZLINK_SUDOKU = "https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k"


@pytest.fixture(scope="module")
def app(ready_page):  # noqa: F811
    return ready_page


def status(page):
    return page.get_by_test_id("status")


def notice(page):
    return page.get_by_test_id("notice")


def cell(page, r: int, c: int):
    return page.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']")


def pick(page, kind: str) -> None:
    page.get_by_test_id("kind").select_option(kind)


def load_text(page, text: str) -> None:
    if page.get_by_test_id("text").is_hidden():
        page.get_by_test_id("text-toggle").click()
    page.get_by_test_id("text").fill(text)
    page.get_by_test_id("load-text").click()


def several_solutions() -> str:
    """The classic example without its r1c5: 29 solutions."""
    rows = next(e for e in sudoku.EXAMPLES if e.name == "classic").text.splitlines()
    rows[0] = rows[0][:4] + "." + rows[0][5:]
    return "\n".join(rows)


# -- faults ------------------------------------------------------------------------------------
def test_a_kind_switch_clears_the_status(app):
    pick(app, "sudoku")
    load_text(app, "12\n34")
    expect(status(app)).to_contain_text("invalid")
    pick(app, "binary")
    expect(status(app)).to_have_text("ready")


def test_rules_line_only_for_kinds_with_rules(app):
    pick(app, "nonogram")
    expect(app.get_by_test_id("rules-now")).to_be_hidden()
    expect(app.locator("text=Rules: classic >> visible=true")).to_have_count(0)
    pick(app, "sudoku")
    expect(app.get_by_test_id("rules-now")).to_be_visible()
    expect(app.get_by_test_id("rules-now")).to_have_text("Rules: classic")


def test_a_binary_puzzle_is_not_a_puzzle_puzzle(app):
    pick(app, "binary")
    app.get_by_test_id("examples").select_option(value="6x6")
    expect(cell(app, 0, 0)).to_be_visible()
    app.get_by_test_id("examples").select_option(value="empty 4x4")
    expect(notice(app)).to_contain_text("Your previous Binary puzzle (Takuzu) is kept in Recent.")
    assert "puzzle (Takuzu) puzzle" not in notice(app).inner_text()


def test_highlighted_clue_cells_keep_readable_text(app):
    pick(app, "kakuro")
    app.get_by_test_id("examples").select_option(index=1)
    clue = app.locator("[data-testid=board] .cell.look-clue").first
    black = app.locator("[data-testid=board] .cell.look-black").first
    at = [clue.evaluate("c => [+c.dataset.r, +c.dataset.c]"), black.evaluate("c => [+c.dataset.r, +c.dataset.c]")]
    app.evaluate("cells => window.gridlogic.editor().highlight(cells, 'test')", at)
    expect(clue).to_have_class(re.compile(r"\bhl\b"))
    colours = clue.evaluate("c => [getComputedStyle(c).color, getComputedStyle(c).backgroundColor]")
    assert colours[0] == "rgb(255, 255, 255)"
    assert colours[1] != "rgb(223, 243, 232)"                 # not the pale green of a white cell
    assert black.evaluate("c => getComputedStyle(c).backgroundColor") != "rgb(223, 243, 232)"
    app.evaluate("() => window.gridlogic.editor().clearOverlays()")


# -- how to play -------------------------------------------------------------------------------
def open_help(page):
    if not page.get_by_test_id("help").evaluate("d => d.open"):
        page.get_by_test_id("help").locator("summary").click()
    return page.get_by_test_id("help")


def test_help_shows_the_keys_of_the_kind(app):
    pick(app, "nonogram")
    help_ = open_help(app)
    expect(help_.locator("summary")).to_have_text("How to play Nonogram")
    play = app.get_by_test_id("help-play")
    expect(play).to_contain_text(re.compile(r"(f or #|# or f) enters ■ \(filled\)"))
    expect(play).to_contain_text("x enters × (empty)")
    expect(play).to_contain_text("Space")
    expect(play).not_to_contain_text("Shift+digit")
    expect(app.get_by_test_id("help-shortcuts")).to_contain_text("Ctrl+Enter")
    pick(app, "sudoku")                                           # redrawn on a kind switch
    expect(help_.locator("summary")).to_have_text("How to play Sudoku")
    expect(play).to_contain_text("Shift+digit")
    expect(play).to_contain_text("1 2 3 4 5 6 7 8 9")
    expect(play).not_to_contain_text("Space")
    pick(app, "kakuro")
    expect(app.get_by_test_id("help-edit")).to_contain_text("b, B or -")
    expect(app.get_by_test_id("help-edit")).to_contain_text("black")
    pick(app, "puzlogic")
    expect(play).to_contain_text("Grey sums")
    expect(play).to_contain_text("every number in the line")
    expect(play).to_contain_text("Blue sums")
    expect(play).to_contain_text("pieces placed in it")
    pick(app, "futoshiki")
    expect(app.get_by_test_id("help-edit")).to_contain_text("left is less than right")
    rules = app.get_by_test_id("help-rules")
    if ask(op="kinds")["kinds"][-1].get("how_to_play"):
        expect(rules).to_contain_text("digit")
    else:
        expect(rules).to_have_count(0)
    help_.locator("summary").click()


# -- one import box ------------------------------------------------------------------------------
def open_import(page) -> None:
    if page.get_by_test_id("puzzlink-in").is_hidden():
        page.locator("details.share summary", has_text="Import a link").click()


def test_a_tatham_game_id_and_a_puzzlink_url_through_the_import_box(app):
    pick(app, "sudoku")
    open_import(app)
    app.get_by_test_id("puzzlink-in").fill(PATTERN_ID)
    app.get_by_test_id("import").click()
    expect(app.get_by_test_id("kind")).to_have_value("nonogram", timeout=LOAD)
    expect(status(app)).to_contain_text("imported")
    expect(notice(app)).to_contain_text("Imported a Nonogram puzzle from")
    expect(app.get_by_test_id("edge-rows-4")).to_have_value("1")
    app.get_by_test_id("puzzlink-in").fill(PUZZLINK_SUDOKU)
    app.get_by_test_id("import").click()
    expect(app.get_by_test_id("kind")).to_have_value("sudoku", timeout=LOAD)
    expect(notice(app)).to_contain_text("puzz.link")
    assert board_text(app).splitlines()[1] == "7...2...9"


def test_a_tatham_game_id_in_the_text_box_loads(app):
    pick(app, "binary")
    load_text(app, PATTERN_ID)
    expect(app.get_by_test_id("kind")).to_have_value("nonogram", timeout=LOAD)
    expect(status(app)).to_contain_text("imported")
    expect(app.get_by_test_id("edge-cols-2")).to_have_value("1")


# -- tools ---------------------------------------------------------------------------------------
def test_tools_are_offered_where_they_work(app):
    pick(app, "nonogram")
    expect(app.get_by_test_id("setter")).to_be_disabled()
    expect(app.get_by_test_id("true-candidates")).to_be_enabled()
    pick(app, "numbercross")
    expect(app.get_by_test_id("true-candidates")).to_be_disabled()
    expect(app.get_by_test_id("symmetry")).to_be_disabled()
    pick(app, "futoshiki")
    expect(app.get_by_test_id("setter")).to_be_enabled()


def test_true_candidates_are_the_values_of_every_solution(app):
    text = several_solutions()
    listed = ask(op="solve", kind="sudoku", text=text, all=True, render=False)["solutions"]
    assert len(listed) > 1
    rows = text.splitlines()
    union = {(r, c): {s.splitlines()[r][c] for s in listed} for r in range(9) for c in range(9) if rows[r][c] == "."}
    pick(app, "sudoku")
    load_text(app, text)
    expect(status(app)).to_contain_text("loaded")
    app.get_by_test_id("true-candidates").click()
    app.get_by_test_id("candidates-confirm").click()          # a hint that gives the answer away: asked first
    expect(status(app)).to_contain_text("each in some solution", timeout=LOAD)
    drawn = app.locator("[data-testid=board] .cell").evaluate_all("""cs => cs.filter((c) => c.querySelector('.cands'))
        .map((c) => [+c.dataset.r, +c.dataset.c, [...c.querySelectorAll('.cands span')].map((s) => s.textContent)])""")
    assert {(r, c): set(v) for r, c, v in drawn} == union
    values = sum(len(v) for v in union.values())
    expect(status(app)).to_contain_text(f"{values} values in {len(union)} open cells")


def test_setter_names_a_given_that_makes_the_puzzle_unique(app):
    text = several_solutions()
    pick(app, "sudoku")
    load_text(app, text)
    expect(status(app)).to_contain_text("loaded")
    app.get_by_test_id("setter").click()
    expect(status(app)).to_contain_text("makes it unique", timeout=LOAD)
    m = re.search(r"adding (\w) at row (\d+), column (\d+)", status(app).inner_text())
    assert m, status(app).inner_text()
    v, r, c = m.group(1), int(m.group(2)) - 1, int(m.group(3)) - 1
    expect(cell(app, r, c).locator(".ov-value")).to_have_text(v)
    rows = text.splitlines()
    assert rows[r][c] == "."
    rows[r] = rows[r][:c] + v + rows[r][c + 1:]
    assert ask(op="solve", kind="sudoku", text="\n".join(rows), count=True, render=False)["count"] == 1
    # the highlighted cells are where two of the solutions differ
    highlighted = app.locator("[data-testid=board] .cell.hl").evaluate_all("cs => cs.map((c) => [+c.dataset.r, +c.dataset.c])")
    listed = [s.splitlines() for s in ask(op="solve", kind="sudoku", text=text, all=True, render=False)["solutions"]]
    pairs = {frozenset((r, c) for r in range(9) for c in range(9) if a[r][c] != b[r][c])
             for i, a in enumerate(listed) for b in listed[i + 1:]}
    assert frozenset(map(tuple, highlighted)) in pairs


def test_symmetry_counts_classes_of_solutions(app):
    expected = ask(op="solve", kind="sudoku", text="\n".join(["...."] * 4), count=True, symmetry=True, render=False)
    pick(app, "sudoku")
    app.get_by_test_id("examples").select_option(value="4x4")
    load_text(app, "\n".join(["...."] * 4))
    expect(status(app)).to_contain_text("loaded")
    app.get_by_test_id("symmetry").click()
    expect(status(app)).to_contain_text(f"{expected['count']} solutions in {expected['classes']} classes", timeout=LOAD)
    expect(status(app)).to_contain_text("rotate 90")
