"""Links, loads and answers as a user meets them, in Debian's Chromium (Playwright), on the built site.

Covers: malformed and unknown links (cut at a `%`, `#garbage`, an unknown kind in both forms, an
unreadable payload) open the page with the reason and the last puzzle still there; a load that
replaces a puzzle keeps it in Recent and Undo load brings it back; an unknown rule in a link is
shown, refused by Solve with the reason and removable; a pasted puzzle brings its own (no) rules
and the page says which apply; editing during a count stops it and no stale answer is drawn;
budgets are shown while running and an `unknown` answer can keep going; share links keep the
puzzle in the hash (a 100 KB long-form link opens), the old `?kind=&p=` form still opens, and so
does every compact link an older page made (tests/data/legacy_links.json, read by the engine); hostile
markup and script in every field of every link form, and in pasted text, stay inert; a puzz.link
URL pasted in the text box, on the grid or into a clue field imports through the engine and switches
kind, while a clue pasted into its field stays a clue.
"""

from __future__ import annotations

import json
import re
import time
from urllib.parse import quote, urlsplit

import pytest

from conftest import ROOT
from gridlogic import api
from gridlogic.kinds import sudoku
from sampling import each_group, paired
from test_browser import (LOAD, PHONE, SOLVE, VIEWS, board_text, browser, close_page, editor_state,  # noqa: F401
                          new_page, server, site, view)

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None


def example(kind, name):
    return next(e for e in kind.EXAMPLES if e.name == name)


def v2(body: str) -> str:
    """A share-link payload of web/codecs/statelink.js: `v2.`, the body and its two check characters."""
    h = 7
    for ch in body:
        h = (h * 31 + ord(ch)) % 1296
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return f"v2.{body}{digits[h // 36]}{digits[h % 36]}"


CLASSIC = example(sudoku, "classic")
MIRACLE = example(sudoku, "miracle")
EMPTY81 = v2("9x9.zzzc")                    # 81 empty cells
MIRACLE_PAYLOAD = v2("9x9.zl1l2zc")         # the miracle example's two givens
LEGACY = json.loads((ROOT / "tests" / "data" / "legacy_links.json").read_text())["links"]
PUZZLINK_SUDOKU = "https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k"
HOSTILE = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', "javascript:alert(1)",
           "'><svg onload=alert(1)>"]


# -- helpers -------------------------------------------------------------------------------------
class Page:
    """A page of a returning visitor with nothing saved (test_browser.new_page); records page errors and
    fails on any dialog."""

    def __init__(self, browser, server, **options):
        self.page, self.shared = new_page(browser, server, **options)
        self.context = self.page.context
        self.recorder = self.context.recorder
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", self._dialog)

    def _dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def close(self) -> None:
        assert not self.recorder.foreign
        close_page(self.page, self.shared)


@pytest.fixture
def fresh(browser, server):  # noqa: F811
    made = []

    def make():
        p = Page(browser, server)
        made.append(p)
        return p

    yield make
    for p in made:
        p.close()


@pytest.fixture(scope="module")
def app(browser, server):  # noqa: F811
    """One page that loads the engine once; tests that need answers run on it in order."""
    p = Page(browser, server)
    p.page.goto(server.url)
    yield p.page
    assert not p.errors and not p.dialogs
    p.close()


@pytest.fixture(scope="module")
def phone(browser, server):  # noqa: F811
    """The same on a phone (390×844, touch), for the tests run at both sizes (`VIEWS`)."""
    p = Page(browser, server, **PHONE)
    p.page.goto(server.url)
    yield p.page
    assert not p.errors and not p.dialogs
    p.close()


def status(page):
    return page.get_by_test_id("status")


def notice(page):
    return page.get_by_test_id("notice")


def rules_now(page):
    return page.get_by_test_id("rules-now")


def cell(page, r: int, c: int):
    return page.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']")


def wait_ready(page) -> None:
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)


def open_fresh(page, url: str) -> None:
    """A real page load of `url` (not a same-document hash change)."""
    page.goto("about:blank")
    page.goto(url)
    expect(page.locator("[data-testid=board] .cell").first).to_be_visible()


def type_digits(page, digits: dict[tuple[int, int], str]) -> None:
    for (r, c), d in digits.items():
        cell(page, r, c).click()
        page.get_by_test_id("board").press(d)


def paste_on_board(page, text: str) -> None:
    page.get_by_test_id("board").evaluate(
        """(b, text) => { const dt = new DataTransfer(); dt.setData('text/plain', text);
                          b.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true})); }""",
        text)


def load_in_text_box(page, text: str) -> None:
    if page.locator("#text-box").is_hidden():
        page.get_by_test_id("text-toggle").click()
    page.get_by_test_id("text").fill(text)
    page.get_by_test_id("load-text").click()


def open_import(page) -> None:
    if page.get_by_test_id("puzzlink-in").is_hidden():
        page.locator("details.share summary", has_text="puzz.link").click()


def grid_of(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


# -- 1. links never break the page or lose work ---------------------------------------------------
BAD_LINKS = [
    ("index.html#sudoku/9x9/%%%%", "damaged"),
    ("index.html#sudoku/9x9/zl1l2%E2%8", "damaged"),          # cut inside a %-escape
    ("index.html#garbage", "not a puzzle link"),
    ("index.html#chess/9x9/abc", "unknown puzzle kind “chess”"),
    ("index.html?kind=foo&p=1", "unknown puzzle kind “foo”"),
    ("index.html#kind=foo&p=1", "unknown puzzle kind “foo”"),
    ("index.html#sudoku/9x9/abc", "could not be read"),     # an older page's form, read by the engine
    ("index.html#sudoku/", "could not be read"),
    ("index.html#binary/3x3/012", "could not be read"),
    ("index.html#sudoku/" + EMPTY81[:-1], "could not be read"),      # cut short: the check fails
    ("index.html#sudoku/" + v2("3x4.l"), "could not be read"),       # no sudoku size (not square)
    ("index.html#sudoku/v2.9x9.1zzzb", "could not be read"),         # no check characters
]


def test_bad_links_open_the_page_with_the_reason_and_the_last_puzzle(fresh, server):  # noqa: F811
    """Each malformed or unknown link, opened as a fresh page load: the page starts, the notice says
    what was wrong, the last sudoku (typed by the user) is still on the grid and still saved."""
    p = fresh()
    page = p.page
    open_fresh(page, server.url + "index.html#sudoku/" + EMPTY81)
    type_digits(page, {(0, 0): "7", (8, 8): "3"})
    mine = board_text(page)
    for link, reason in each_group(BAD_LINKS, lambda case: case[1]):     # every link under --full
        open_fresh(page, server.url + link)
        expect(notice(page)).to_be_visible()
        expect(notice(page)).to_have_attribute("data-tone", "bad")
        expect(notice(page)).to_contain_text("could not be opened")
        expect(notice(page)).to_contain_text(reason)
        expect(page.get_by_test_id("kind")).to_have_value("sudoku")
        assert board_text(page) == mine, link
        assert "failed" not in status(page).text_content()
        assert "#sudoku/v3.9x9.7" in page.url              # the address holds the puzzle shown again
    page.goto(server.url + "index.html")                   # a plain reload: the puzzle was never lost
    expect(cell(page, 0, 0)).to_have_text("7")
    assert board_text(page) == mine
    assert not p.errors and not p.dialogs


def test_a_bad_link_in_the_address_bar_of_an_open_page(fresh, server):  # noqa: F811
    """The same links typed over the hash of a page that is open (hashchange, no reload)."""
    p = fresh()
    page = p.page
    open_fresh(page, server.url + "index.html#sudoku/" + MIRACLE_PAYLOAD)
    mine = board_text(page)
    for link, reason in BAD_LINKS:
        if "#" not in link:
            continue
        if notice(page).is_visible():
            page.get_by_test_id("notice-close").click()       # the next notice is this link's own
        expect(notice(page)).to_be_hidden()
        page.goto(server.url + link)
        expect(notice(page)).to_contain_text(reason)
        deadline = time.monotonic() + LOAD / 1000
        while board_text(page) != mine and time.monotonic() < deadline:
            time.sleep(0.1)
        assert board_text(page) == mine, link
    assert not p.errors and not p.dialogs


def test_a_link_that_replaces_work_keeps_it_in_recent_and_can_be_undone(fresh, server):  # noqa: F811
    """Typed work, then another puzzle's link: the notice offers Undo load, which brings the work
    back with its rules; Recent holds the replaced puzzles across a reload."""
    p = fresh()
    page = p.page
    open_fresh(page, server.url + "index.html#sudoku,king/" + EMPTY81)
    type_digits(page, {(4, 4): "5", (0, 1): "2"})
    mine = board_text(page)
    open_fresh(page, server.url + "index.html#sudoku/" + MIRACLE_PAYLOAD)
    expect(cell(page, 4, 2)).to_have_text("1")
    expect(notice(page)).to_contain_text("kept in Recent")
    expect(rules_now(page)).to_have_text("Rules: classic")
    page.get_by_test_id("undo-load").click()
    expect(cell(page, 4, 4)).to_have_text("5")
    assert board_text(page) == mine
    expect(page.get_by_test_id("rule-king")).to_be_checked()
    expect(rules_now(page)).to_have_text("Rules: king")
    # Recent now holds the link's puzzle (replaced by the undo); it survives a reload.
    page.goto(server.url + "index.html")
    options = page.get_by_test_id("recent").locator("option")
    expect(options).to_have_count(3)                       # "choose…", the link's puzzle, my work
    page.get_by_test_id("recent").select_option(index=1)
    expect(cell(page, 4, 2)).to_have_text("1")
    expect(cell(page, 4, 4)).to_have_text("")
    assert not p.errors and not p.dialogs


# -- 2. unknown rules ----------------------------------------------------------------------------
def test_unknown_rules_in_a_link_are_shown_removable_and_refused(app, server):  # noqa: F811
    """`#sudoku,flying,knight/…`: knight is ticked, flying is a chip marked unknown; Solve refuses
    and says why; removing the chip lets the same puzzle solve."""
    app.goto(server.url + "index.html#sudoku,flying,knight/" + MIRACLE_PAYLOAD)
    chip = app.get_by_test_id("unknown-rule")
    expect(chip).to_have_count(1)
    expect(chip).to_have_attribute("data-rule", "flying")
    expect(chip).to_contain_text("unknown")
    expect(app.get_by_test_id("rule-knight")).to_be_checked()
    expect(rules_now(app)).to_have_text("Rules: knight, flying (unknown)")
    expect(notice(app)).to_contain_text("flying")
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("refused")
    expect(status(app)).to_contain_text("“flying” is not a rule of Sudoku")
    app.get_by_test_id("remove-rule").click()
    expect(chip).to_have_count(0)
    expect(rules_now(app)).to_have_text("Rules: knight")
    assert "flying" not in app.url
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("solution", timeout=LOAD)
    expect(status(app)).not_to_contain_text("refused")


def test_unknown_rules_in_the_long_form_and_for_a_kind_without_rules(app, server):  # noqa: F811
    """The long form's rules= and a binary link with a sudoku rule show their chips too."""
    text = "1..0..\n..00.1\n.00..1\n......\n00.1..\n.1..00"
    app.goto(server.url + "index.html#kind=binary&rules=knight&p=" + quote(text))
    expect(app.get_by_test_id("kind")).to_have_value("binary")
    expect(app.get_by_test_id("rules")).to_be_visible()
    expect(app.get_by_test_id("unknown-rule")).to_have_attribute("data-rule", "knight")
    app.get_by_test_id("count").click()
    expect(status(app)).to_contain_text("is not a rule of Binary")
    expect(status(app)).to_contain_text("it has no variant rules")
    app.get_by_test_id("remove-rule").click()
    expect(app.get_by_test_id("rules")).to_be_hidden()
    expect(rules_now(app)).to_have_text("Rules: classic")


# -- 3. a pasted or loaded puzzle sets its own rules ---------------------------------------------
def test_a_pasted_classic_after_the_miracle_example_solves_under_classic_rules(app):
    """The issue's case: miracle example, then a classic sudoku pasted on the grid. The rules reset
    (the page says so and which apply), Solve is unique; keeping the old rules in one click gives
    `no solution` and says under which rules."""
    app.get_by_test_id("kind").select_option("sudoku")
    app.get_by_test_id("examples").select_option(value="miracle")
    expect(rules_now(app)).to_have_text("Rules: knight, king, nonconsecutive")
    paste_on_board(app, CLASSIC.text)
    expect(cell(app, 0, 4)).to_have_text("1")
    expect(rules_now(app)).to_have_text("Rules: classic")
    for rule in ("knight", "king", "nonconsecutive"):
        expect(app.get_by_test_id(f"rule-{rule}")).not_to_be_checked()
    expect(notice(app)).to_contain_text("Rules reset to classic")
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique", timeout=LOAD)
    assert board_text(app) == CLASSIC.solution
    app.get_by_test_id("keep-rules").click()
    expect(rules_now(app)).to_have_text("Rules: knight, king, nonconsecutive")
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("no solution under the rules knight, king, nonconsecutive")


def test_text_box_load_and_examples_set_their_rules(app):
    """The text box's Load resets the rules too; an example brings its own."""
    app.get_by_test_id("examples").select_option(value="miracle")
    load_in_text_box(app, CLASSIC.text)                 # typed while the example still loads
    expect(rules_now(app)).to_have_text("Rules: classic")
    expect(cell(app, 0, 4)).to_have_text("1")
    app.get_by_test_id("examples").select_option(value="empty miracle")
    expect(rules_now(app)).to_have_text("Rules: knight, king, nonconsecutive")
    app.get_by_test_id("examples").select_option(value="classic")
    expect(rules_now(app)).to_have_text("Rules: classic")


def test_text_typed_in_the_box_stays_until_loaded_then_the_box_follows_the_grid(app):
    """A check answering while the player types in the text box never replaces what they typed;
    once loaded, the box shows the puzzle's text again and follows edits on the grid."""
    wait_ready(app)
    app.get_by_test_id("examples").select_option(value="classic")
    expect(cell(app, 0, 4)).to_have_text("1")
    if app.locator("#text-box").is_hidden():
        app.get_by_test_id("text-toggle").click()
    expect(app.get_by_test_id("text")).to_have_value(re.compile(re.escape(CLASSIC.text.splitlines()[0])))
    typed = "typed, not yet loaded"
    app.get_by_test_id("text").fill(typed)
    cell(app, 8, 8).click()                               # focus leaves the box; the edit is checked
    app.get_by_test_id("board").press("7")
    expect(cell(app, 8, 8)).to_have_text("7")
    expect(status(app)).not_to_contain_text("checking")
    time.sleep(1)                                         # room for the check's answer to (wrongly) land
    expect(app.get_by_test_id("text")).to_have_value(typed)
    load_in_text_box(app, CLASSIC.text)
    expect(cell(app, 8, 8)).not_to_have_text("7")
    app.get_by_test_id("examples").select_option(value="miracle")
    expect(app.get_by_test_id("text")).to_have_value(re.compile(re.escape(MIRACLE.text.splitlines()[4])))


# -- 4. a result belongs to its puzzle -----------------------------------------------------------
def long_count(app) -> None:
    """Count the empty grid under the anti-knight and anti-king rules (the empty miracle without its
    nonconsecutive rule): tens of thousands of solutions, a count that runs for long in the page."""
    app.get_by_test_id("kind").select_option("sudoku")
    app.get_by_test_id("examples").select_option(value="empty miracle")
    app.get_by_test_id("rule-nonconsecutive").uncheck()
    app.get_by_test_id("count").click()
    expect(status(app)).to_contain_text("solving")


def test_editing_during_a_count_stops_it_and_draws_no_stale_answer(app):
    """Count on an empty grid of many solutions, type a digit while it runs: the count stops, the digit
    stays the user's, and no count or solution digit ever appears for the new puzzle; with the
    miracle's rules whole again, the count is the new puzzle's (not the empty miracle's 72)."""
    wait_ready(app)
    long_count(app)
    cell(app, 0, 0).click()
    app.get_by_test_id("board").press("5")
    expect(status(app)).to_contain_text("stopped: the puzzle changed")
    expect(cell(app, 0, 0)).to_have_text("5")
    expect(cell(app, 0, 0)).to_have_class(re.compile(r"\bentry\b"))              # the player's, in play mode
    wait_ready(app)
    time.sleep(3)                                   # room for a stale answer to (wrongly) arrive
    expect(status(app)).not_to_contain_text("solution")
    expect(app.locator("[data-testid=board] .cell.solved")).to_have_count(0)
    expect(app.locator("#browse")).to_be_hidden()
    app.get_by_test_id("rule-nonconsecutive").check()
    app.get_by_test_id("count").click()
    expect(status(app)).to_contain_text("exactly", timeout=LOAD)
    expect(status(app)).not_to_contain_text("exactly 72")
    expect(cell(app, 0, 0)).to_have_text("5")


def test_a_rule_toggle_during_a_solve_stops_it_too(app):
    """Ticking a rule is an edit: the running count stops instead of answering for the old rules."""
    wait_ready(app)
    long_count(app)
    app.get_by_test_id("rule-diagonal").check()
    expect(status(app)).to_contain_text("stopped: the puzzle changed")
    expect(app.locator("[data-testid=board] .cell.solved")).to_have_count(0)


# -- 5. budgets ----------------------------------------------------------------------------------
def test_budget_is_shown_extended_and_an_unknown_answer_keeps_going(app):
    """The empty classic 9×9 count runs past a 10 s budget: while it runs the status shows the
    budget, Extend raises it; the answer cut short (`multiple` once two were found) says how many were
    found so far and Keep going asks again with a larger budget."""
    wait_ready(app)
    app.get_by_test_id("kind").select_option("sudoku")
    app.get_by_test_id("examples").select_option(value="classic")
    app.get_by_test_id("clear").click()
    app.get_by_test_id("budget").select_option(label="10 s")
    app.get_by_test_id("count").click()
    expect(status(app)).to_contain_text(re.compile(r"\d+\.\d s of 10 s"))
    expect(app.get_by_test_id("extend")).to_be_visible()
    expect(app.get_by_test_id("extend")).to_have_text("Extend to 30 s")
    expect(status(app)).to_contain_text("multiple: at least", timeout=LOAD)    # two found: multiple, cut short
    expect(status(app)).to_contain_text("solutions so far")
    found = int(re.search(r"at least ([\d,]+)", status(app).text_content()).group(1).replace(",", ""))
    assert found > 0
    expect(app.get_by_test_id("which")).to_contain_text("solution 1 of")      # what was found is shown
    keep = app.get_by_test_id("keep-going")
    expect(keep).to_have_text("Keep going (30 s)")
    keep.click()
    expect(status(app)).to_contain_text("of 30 s")
    app.get_by_test_id("extend").click()
    expect(status(app)).to_contain_text("of 2 min")
    app.get_by_test_id("stop").click()
    expect(status(app)).to_contain_text("stopped")
    app.get_by_test_id("budget").select_option(label="30 s")


# -- 6. share links ------------------------------------------------------------------------------
def test_share_links_keep_the_puzzle_in_the_hash_and_every_form_opens(fresh, app, server):  # noqa: F811
    """The page's link holds the puzzle after `#`; the hash long form (100 KB of it) and the older
    `?kind=&rules=&p=` form open the same puzzle and rules."""
    app.get_by_test_id("examples").select_option(value="miracle")
    link = app.get_by_test_id("share").get_attribute("href")
    assert link.startswith(server.url) and "?" not in link and "#sudoku," in link
    padded = MIRACLE.text + "\n" * (99_999 - len(MIRACLE.text))   # blank lines are ignored; the
    # engine reads texts up to 100,000 characters
    forms = [
        link,
        f"{server.url}index.html#kind=sudoku&rules=miracle&p={quote(padded)}",
        f"{server.url}index.html?kind=sudoku&rules=miracle&p={quote(MIRACLE.text)}",
        f"{server.url}?kind=sudoku&rules=knight,king,nonconsecutive&p={quote(MIRACLE.text)}",
    ]
    for url in forms:
        p = fresh()
        p.page.goto(url)
        expect(p.page.locator("[data-testid=board] .cell")).to_have_count(81)
        expect(cell(p.page, 4, 2)).to_have_text("1")
        assert board_text(p.page) == grid_of(MIRACLE.text)
        expect(rules_now(p.page)).to_have_text("Rules: knight, king, nonconsecutive")
        expect(notice(p.page)).to_be_hidden()
        assert "#sudoku,knight,king,nonconsecutive/" in p.page.url and "?" not in p.page.url
        assert not p.errors
        p.close()


# -- 7. hostile links ----------------------------------------------------------------------------
def _inert(p: Page) -> None:
    """No dialog opened, no script ran, no markup of the payload became an element."""
    page = p.page
    page.wait_for_timeout(150)                          # an onerror handler would have fired by now
    assert not p.dialogs, p.dialogs
    assert page.locator("img[src='x'], svg[onload], [onerror], [onload]").count() == 0
    assert page.locator("script:not([src])").count() == 0
    assert not p.errors, p.errors


def test_hostile_links_in_every_field_stay_inert(fresh, server):  # noqa: F811
    """Markup and script in kind, rules and payload of the compact form, in kind/rules/p of the
    hash and query long forms: shown (if at all) as text, never run."""
    p = fresh()
    page = p.page
    classic = quote(CLASSIC.text)
    forms = ["index.html#{q}/" + EMPTY81, "index.html#sudoku,{q}/" + EMPTY81, "index.html#sudoku/{q}",
             "index.html#sudoku,knight/9x9/{q}", "index.html#sudoku/v2.{q}", "index.html#kind={q}&p=" + classic,
             "index.html#kind=sudoku&rules={q}&p=" + classic, "index.html#kind=sudoku&p={q}",
             "index.html?kind={q}&p=" + classic, "index.html?kind=sudoku&rules={q}&p=" + classic,
             "index.html?kind=sudoku&p={q}"]
    for form, bad in paired(forms, HOSTILE):               # every form with every payload under --full
        open_fresh(page, server.url + form.replace("{q}", quote(bad, safe="")))
        _inert(p)
    for bad in HOSTILE:
        q = quote(bad, safe="")
        # A compact-form kind is quoted back as text, character for character.
        open_fresh(page, f"{server.url}index.html#{q}/{EMPTY81}")
        if "/" not in bad and "," not in bad:
            expect(page.get_by_test_id("notice-text")).to_contain_text(f"“{bad[:39]}")
    # Unknown hostile rules become chips whose text is the rule, not markup.
    open_fresh(page, f"{server.url}index.html#sudoku,{quote(HOSTILE[0], safe='')}/{EMPTY81}")
    expect(page.get_by_test_id("unknown-rule")).to_contain_text("<img src=x onerror=alert(1)>")
    _inert(p)


def test_hostile_text_pasted_typed_and_imported_stays_inert(app, server):  # noqa: F811
    """The same payloads pasted on the grid, loaded from the text box and put in the Import box go
    to the engine and come back as messages shown as text."""
    wait_ready(app)
    app.get_by_test_id("kind").select_option("sudoku")
    dialogs: list[str] = []
    app.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_import(app)
    for bad in HOSTILE:
        paste_on_board(app, bad)
        expect(status(app)).to_contain_text("invalid", timeout=LOAD)
        load_in_text_box(app, f"{bad}\n{bad}")
        expect(status(app)).to_contain_text("invalid", timeout=LOAD)
        app.get_by_test_id("puzzlink-in").fill(bad)
        app.get_by_test_id("import").click()
        expect(status(app)).to_contain_text("invalid", timeout=LOAD)
        app.get_by_test_id("puzzlink-in").fill(f"https://puzz.link/p?{bad}")
        app.get_by_test_id("import").click()
        expect(status(app)).to_contain_text("invalid", timeout=LOAD)
    app.wait_for_timeout(150)
    assert not dialogs
    assert app.locator("img[src='x'], svg[onload], [onerror], [onload], script:not([src])").count() == 0


# -- 8. import paths -----------------------------------------------------------------------------
def test_a_puzzlink_url_pasted_in_the_text_box_or_on_the_grid_imports_and_switches_kind(app):
    """From binary, a sudoku puzz.link URL in the text box imports through link_import and switches
    to sudoku; pasted on the grid it does the same."""
    wait_ready(app)
    for how in ("text box", "grid"):
        app.get_by_test_id("kind").select_option("binary")
        if how == "text box":
            load_in_text_box(app, PUZZLINK_SUDOKU)
        else:
            paste_on_board(app, PUZZLINK_SUDOKU)
        expect(status(app)).to_contain_text("imported", timeout=LOAD)
        expect(app.get_by_test_id("kind")).to_have_value("sudoku")
        assert board_text(app).splitlines()[1] == "7...2...9"


def test_a_gridlogic_link_pasted_on_the_grid_opens_as_a_link(app, server):  # noqa: F811
    """One of this page's own share links pasted on the grid opens with its rules."""
    paste_on_board(app, f"{server.url}index.html#sudoku,miracle/{MIRACLE_PAYLOAD}")
    expect(cell(app, 4, 2)).to_have_text("1")
    expect(rules_now(app)).to_have_text("Rules: knight, king, nonconsecutive")


def test_nonogram_puzzlink_through_the_import_box(app):
    """The Import box reads a nonogram puzz.link URL and switches kind."""
    wait_ready(app)
    url = "https://puzz.link/p?nonogram/6/7/31h12h31h111g2i5l32g22g11g1211113h"
    app.get_by_test_id("kind").select_option("sudoku")
    open_import(app)
    app.get_by_test_id("puzzlink-in").fill(url)
    app.get_by_test_id("import").click()
    expect(status(app)).to_contain_text("imported", timeout=LOAD)
    expect(app.get_by_test_id("kind")).to_have_value("nonogram")
    expect(app.get_by_test_id("size-cols")).to_have_value("6")


def test_a_clue_field_keeps_its_own_paste_but_a_url_pasted_there_imports(app):
    """A nonogram clue pasted into its field stays a clue (no puzzle load); a puzz.link URL pasted
    into the same field imports and switches kind."""
    wait_ready(app)
    app.get_by_test_id("kind").select_option("nonogram")
    field = app.get_by_test_id("edge-rows-0")
    before = app.get_by_test_id("share-url").input_value()
    paste = """(f, text) => { const dt = new DataTransfer(); dt.setData('text/plain', text);
                             return f.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true})); }"""
    assert field.evaluate(paste, "3 1") is True                 # not cancelled: the field pastes it
    expect(status(app)).not_to_contain_text("reading")
    assert app.get_by_test_id("share-url").input_value() == before
    assert field.evaluate(paste, PUZZLINK_SUDOKU) is False       # taken by the page
    expect(status(app)).to_contain_text("imported", timeout=LOAD)
    expect(app.get_by_test_id("kind")).to_have_value("sudoku")


# -- 9. links of older pages ---------------------------------------------------------------------
def test_every_compact_link_of_an_older_page_opens_the_same_puzzle(app, server):  # noqa: F811
    """Each link the page made before the one editor (every example, and typed puzzles) opens through
    the engine's link_import with its rules, shows the state `parse` gives for its text, and the
    address becomes this page's own v3 link (test_browser_editor reopens those)."""
    wait_ready(app)
    for link in LEGACY:
        parsed = api.handle({"op": "parse", "kind": link["kind"], "text": link["text"], "rules": link["rules"]})
        assert parsed["ok"], parsed
        hash_ = urlsplit(link["url"]).fragment
        app.goto(f"{server.url}index.html#{hash_}")
        expect(app.get_by_test_id("kind")).to_have_value(link["kind"])
        expect(notice(app)).not_to_contain_text("could not")
        deadline = time.monotonic() + LOAD / 1000
        while editor_state(app) != parsed["result"]["state"] and time.monotonic() < deadline:
            app.wait_for_timeout(100)
        assert editor_state(app) == parsed["result"]["state"], link["name"]
        assert f"#{link['kind']}" in app.url and "/v3." in app.url
        if link["rules"]:
            expect(rules_now(app)).not_to_have_text("Rules: classic")


@VIEWS
def test_a_share_link_keeps_title_author_and_rules_text_and_a_text_its_rules_line(view, server):  # noqa: F811
    """A page link with an `i1.` segment shows its title, author and rules text, and the page's own share
    link, its f-puzzles link and its SudokuPad link carry them on; a pasted text's `rules:` line sets
    those rules."""
    app = view
    about = {"title": "Disjoint four", "author": "Jané", "rules_text": "Cells alike in their boxes differ."}
    url = api.handle({"op": "link_export", "kind": "sudoku", "text": "1...\n....\n....\n....\nrules: disjoint",
                      "base": server.url + "index.html", **about})["result"]["url"]
    assert "/i1." in url
    open_fresh(app, url)
    wait_ready(app)
    expect(app.get_by_test_id("puzzle-title")).to_have_text(about["title"])
    expect(app.get_by_test_id("puzzle-author")).to_have_text("by Jané")
    expect(app.get_by_test_id("puzzle-rules")).to_have_text(about["rules_text"])
    expect(rules_now(app)).to_contain_text("disjoint")
    share = app.get_by_test_id("share-url").input_value()
    again = api.handle({"op": "link_import", "url": share})["result"]
    assert {key: again[key] for key in about} == about and again["rules"] == ["disjoint"]
    open_import(app)
    app.get_by_test_id("export-fpuzzles").click()
    expect(app.get_by_test_id("puzzlink-out")).to_have_value(re.compile(r"^https://www\.f-puzzles\.com/\?load="))
    exported = api.handle({"op": "link_import", "url": app.get_by_test_id("puzzlink-out").input_value()})["result"]
    assert {key: exported[key] for key in about} == about and exported["rules"] == ["disjoint"]
    app.evaluate("() => { window.opened = []; window.open = (url) => { window.opened.push(url); return null; }; }")
    app.get_by_test_id("open-sudokupad").click()
    expect(status(app)).to_contain_text("opened in SudokuPad")
    (url,) = app.evaluate("() => window.opened")
    exported = api.handle({"op": "link_import", "url": url})["result"]
    assert {key: exported[key] for key in about} == about and exported["rules"] == ["disjoint"]
    paste_on_board(app, "....\n....\n....\n1...\nrules: knight")
    expect(cell(app, 3, 0)).to_have_text("1")
    expect(rules_now(app)).to_contain_text("knight")
    expect(notice(app)).not_to_contain_text("Rules reset")


KILLER = "....\n4...\n....\n..3.\nkiller 7: r1c1 r1c2 r1c3\nkiller 10: r1c4 r2c4 r3c4 r4c4\nkiller 8: r2c1 r3c1 r4c1\n" \
         "killer 10: r2c2 r2c3 r3c2 r4c2\nkiller 5: r3c3 r4c3\n"


@VIEWS
def test_a_killer_puzzle_is_not_exported_to_puzzlink_and_the_page_says_why(view, server):  # noqa: F811
    """puzz.link's sudoku holds no cages: Export to puzz.link refuses with the reason (no empty link), and
    the f-puzzles link keeps the cages."""
    app = view
    open_fresh(app, f"{server.url}#kind=sudoku&p={quote(KILLER)}")
    wait_ready(app)
    expect(cell(app, 1, 0)).to_have_text("4")
    open_import(app)
    app.get_by_test_id("export").click()
    expect(status(app)).to_contain_text("cannot export: puzz.link sudoku has no variant constraints ('killer')")
    expect(status(app)).to_contain_text("f-puzzles or SudokuPad")
    expect(app.get_by_test_id("puzzlink-out")).to_have_value("")
    app.get_by_test_id("export-fpuzzles").click()
    expect(app.get_by_test_id("puzzlink-out")).to_have_value(re.compile(r"^https://www\.f-puzzles\.com/\?load="))
    back = api.handle({"op": "link_import", "url": app.get_by_test_id("puzzlink-out").input_value()})["result"]
    assert sorted(line for line in back["text"].splitlines() if line.startswith("killer")) == \
        sorted(line for line in KILLER.splitlines() if line.startswith("killer"))
