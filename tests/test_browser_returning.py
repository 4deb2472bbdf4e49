"""A returning browser, in Debian's Chromium with a persistent profile (Playwright's
`launch_persistent_context`), on the built site: the engine's saved state, restored on a later visit,
answers as a fresh start does, and a saved state that fails is dropped without a word.

Covers: a first visit starts the engine fresh and saves its state; the browser is closed; a second
visit with the same profile restores that state (data-engine-start "snapshot") and, on that one
restored worker, opens today's daily killer link, a share link of each family of sudoku constraints
(sums, lines, dots, cells, groups: 6×6 puzzles made unique here, linked by the API's `link_export`)
and every example of every kind, and solves each: the status, and the grid shown, are those the API
gives in Python. A saved state damaged between visits gives a fresh start that says why in
data-engine-fallback only (the status and the notice never say anything bad), solves right and saves
a good state. A saved state that restores but answers an internal error (made by a first visit whose
gridlogic wheel had lost the killer cage's encoding, served through a route) is dropped: the engine
starts afresh, the solve asked for is answered right without an error shown, and the next visit
restores the new state.
"""

from __future__ import annotations

import datetime
import io
import zipfile

import pytest

from gridlogic import api
import sampling
from test_browser import (ARGS, CHROMIUM, LOAD, RETURNING, SOLVE, board_text, editor_state,  # noqa: F401
                          expect, playwright_chromium, server, site)

pytestmark = pytest.mark.browser


KINDS = api.handle({"op": "kinds"})["result"]["kinds"]
DESKTOP = {"width": 1200, "height": 900}

# A 6×6 sudoku grid (2×3 boxes) and, for each family of constraints (kinds/sudoku/families/), clues of
# several of its types that the grid keeps; `unique_text` adds givens of the grid until it is the only
# solution.
GRID = ["123456", "456123", "231564", "564231", "312645", "645312"]
FAMILIES = {
    "sums": ["killer 3: r1c1 r1c2", "arrow: r2c3; r3c3 r3c2 r3c1", "sandwich 14: r1c0", "xsum 16: r2c0",
             "skyscraper 4: r0c1", "littlekiller 21 DR: r0c1"],
    "lines": ["thermo: r5c2 r5c3 r4c3", "renban: r1c4 r1c5 r1c6", "whispers: r2c3 r2c4 r3c4",
              "palindrome: r4c6 r5c5 r6c5", "between: r4c2 r4c3 r4c4", "entropic: r6c3 r6c4 r6c5",
              "modular: r1c1 r1c2 r1c3"],
    "dots": ["white: r1c1 r1c2", "black: r2c4 r2c5", "x: r3c5 r3c6", "v: r1c1 r2c1"],
    "cells": ["odd: r1c1", "even: r1c2", "minimum: r5c2", "maximum: r4c2"],
    "groups": ["extraregion: r1c6 r2c5 r3c4 r4c3", "clone: r1c1 r1c2; r3c3 r4c4",
               "quadruple 1 2: r1c1 r1c2 r2c1 r2c2", "rowindexer: r1c1", "columnindexer: r2c3"],
}

# Each cell of the grid shown: [r, c, its own text (not its fields' or marks'), shaded].
READ = """b => [...b.querySelectorAll('.cell')].map((c) => [+c.dataset.r, +c.dataset.c,
    [...c.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(''),
    c.classList.contains('black') || c.classList.contains('look-black')])"""
WORDS = {"unique": "unique solution", "multiple": "multiple solutions", "none": "no solution"}

# Every status and notice the page shows, with its tone (web/page/status.js), and each change of how
# the answering worker started (data-engine-start: "snapshot" | "fresh"), from the page's own start.
WATCH = """(() => {
    window.said = [];
    window.starts = [];
    new MutationObserver(() => {
        const start = document.documentElement.dataset.engineStart;
        if (start && start !== window.starts[window.starts.length - 1]) window.starts.push(start);
    }).observe(document, {attributes: true, attributeFilter: ['data-engine-start'], subtree: true});
    const watch = () => {
        for (const id of ['status', 'notice']) {
            const el = document.getElementById(id);
            const note = () => window.said.push([id, el.dataset.tone || '', el.textContent]);
            new MutationObserver(note).observe(el, {attributes: true, childList: true, characterData: true, subtree: true});
            note();
        }
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
    else watch();
})();"""

# Rewrites the saved state in the origin's Cache Storage: its bytes (filled with 7) and its header.
DAMAGE = """async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('gridlogic-'));
    const cache = await caches.open(name);
    const url = new URL('snapshot.bin', location.href).href;
    const hit = await cache.match(url);
    if (!hit) throw new Error('no saved state in ' + name);
    await cache.put(url, new Response(new Uint8Array(100000).fill(7), {headers: new Headers(hit.headers)}));
    return name;
}"""


@pytest.fixture(scope="module")
def chromium():
    """Playwright's Chromium (a persistent context is launched, not opened in a browser)."""
    with playwright_chromium() as launcher:
        yield launcher


class Visit:
    """The browser started on a profile, one page of it, closed at the end of a `with`."""

    def __init__(self, chromium, profile, service_workers: str = "allow") -> None:
        self.context = chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), args=ARGS, viewport=DESKTOP, service_workers=service_workers)
        self.context.add_init_script(RETURNING)      # not a first visit: no daily puzzle opens by itself
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: m.type in ("warning", "error") and self.warnings.append(m.text))

    def __enter__(self) -> Visit:
        return self

    def __exit__(self, *exc) -> None:
        self.context.close()

    def open(self, url: str, watch: bool = False):
        if watch:
            self.page.add_init_script(WATCH)
        self.page.goto(url)
        return self.page


def html_data(page, name: str) -> str:
    return page.evaluate(f"document.documentElement.dataset.{name} || ''")


def wait_ready(page) -> None:
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)


def wait_saved(page) -> None:
    """Until a worker of the page has stored its state for the next start."""
    page.wait_for_selector("html[data-snapshot=stored]", state="attached", timeout=LOAD)


def status(page):
    return page.get_by_test_id("status")


def nothing_bad_said(page) -> None:
    """No status or notice of the page so far had a bad tone or spoke of the engine failing."""
    said = page.evaluate("window.said")
    assert said, "the watch saw nothing"
    bad = [s for s in said if s[1] == "bad" or ("engine" in s[2] and ("fail" in s[2] or "stop" in s[2]))]
    assert not bad, bad


# -- what the API says of the same puzzles --------------------------------------------------------
def blank(rows: int = 6, cols: int = 6) -> list[list[str]]:
    return [["."] * cols for _ in range(rows)]


def text_of(grid: list[list[str]], lines: list[str]) -> str:
    return "\n".join("".join(row) for row in grid) + "\n" + "\n".join(lines) + "\n"


def unique_text(lines: list[str]) -> str:
    """GRID's clues `lines` with the fewest givens of GRID this greedy walk needs for one solution: a
    given where a second solution differs, until there is none."""
    solution = "\n".join(GRID)
    assert api.handle({"op": "check", "kind": "sudoku", "text": text_of(blank(), lines),
                       "solution": solution})["result"]["ok"], lines
    grid = blank()
    for _ in range(36):
        result = ask(op="solve", kind="sudoku", text=text_of(grid, lines))
        if result["status"] == "unique":
            assert result["solution"] == solution
            return text_of(grid, lines)
        other = next(s for s in result["solutions"] if s != solution).split("\n")
        r, c = next((r, c) for r in range(6) for c in range(6) if other[r][c] != GRID[r][c])
        grid[r][c] = GRID[r][c]
    raise AssertionError(f"no unique puzzle for {lines}")


SOLVED_MARKS = "[data-testid=drawn] g[data-lattice=solved] [data-mark]"        # an answer's marks on the lattice


def ask(**request) -> dict:
    response = api.handle(request)
    assert response["ok"], response
    return response["result"]


def truth(request: dict) -> tuple[str, list[dict]]:
    """The API's status for a puzzle and the grids the page may show for it (every solution, for
    `multiple`; its one, for `unique`; none for `none`)."""
    result = ask(op="solve", all=True, limit=100, **request)
    assert result["count_complete"], request
    return result["status"], [expected(board) for board in result["boards"]]


def expected(board: dict) -> dict:
    """What the page should show of an answer's board: each cell's text and whether it is shaded, and
    the look of each mark on the lattice (a loop's lines; shaded cells and dots are the cells' own)."""
    out = {(x["r"], x["c"]): (x["text"], x["role"] == "black") for x in board["cells"]
           if x["role"] in ("solved", "given", "black", "empty")}
    out.update({("mark", f"{y},{x}"): look for look, points in board.get("lattice_marks", {}).items()
                if look not in ("shade", "dot") for y, x in points})
    return out


def shown(page) -> dict:
    out = {(r, c): (text, shaded) for r, c, text, shaded in page.get_by_test_id("board").evaluate(READ)}
    marks = page.eval_on_selector_all(SOLVED_MARKS, "nodes => nodes.map((n) => [n.dataset.mark, n.dataset.point])")
    out.update({("mark", point): look for look, point in marks})
    return out


def solve_and_compare(page, request: dict, what: str) -> None:
    """Solve what the page holds (its answer cleared first): the status word and the grid the API
    gives for `request`."""
    want, boards = truth(request)
    answer = page.locator(f"[data-testid=board] .cell.solved, [data-testid=board] .cell.given.black, "
                          f"{SOLVED_MARKS}")      # solved cells, givens the answer shades (hitori), or marks
    expect(answer).to_have_count(0)
    page.get_by_test_id("solve").click()
    if want == "none":
        expect(status(page)).to_contain_text(WORDS["none"], timeout=LOAD)
        expect(answer).to_have_count(0)
        return
    expect(answer.first).to_be_attached(timeout=LOAD)
    expect(status(page)).to_contain_text(WORDS[want])
    got = shown(page)
    assert any({k: got.get(k) for k in board} == board for board in boards), (what, got, boards[:1])


def wait_state(page, state: dict, what: str) -> None:
    """Until the editor holds `state` (a link opened by the page in its own time)."""
    for _ in range(int(LOAD / 100)):
        if editor_state(page) == state:
            return
        page.wait_for_timeout(100)
    assert editor_state(page) == state, what


# -- tests -----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def profile(tmp_path_factory):
    return tmp_path_factory.mktemp("profile")


def test_a_returning_browser_restores_the_engine_and_solves_every_link_and_example(chromium, server, profile):  # noqa: F811
    with Visit(chromium, profile) as first:
        page = first.open(server.url + "index.html")
        wait_ready(page)
        assert html_data(page, "engineStart") == "fresh"
        wait_saved(page)
        assert not first.errors

    today = datetime.date.today().isoformat()
    daily = ask(op="generate", kind="sudoku", constraints=["killer"], daily=today, difficulty="easy", rows=6, cols=6)
    links = {}
    for family, lines in FAMILIES.items():
        text = unique_text(lines)
        links[family] = (text, ask(op="link_export", kind="sudoku", text=text)["url"])
    with Visit(chromium, profile) as second:
        page = second.open(f"{server.url}index.html#sudoku+killer/daily/{today}/easy/6x6", watch=True)
        wait_ready(page)
        assert html_data(page, "engineStart") == "snapshot", html_data(page, "engineFallback")
        assert html_data(page, "engineFallback") == ""
        page.evaluate("window.sameDocument = true")                  # gone, should the page reload
        expect(status(page)).to_contain_text("daily puzzle ready", timeout=LOAD)
        wait_state(page, daily["state"], "the daily killer")
        solve_and_compare(page, {"kind": "sudoku", "text": daily["text"]}, "the daily killer")

        for family, (text, link) in links.items():
            page.goto(f"{server.url}index.html{link}")                 # the hash alone changes: no reload
            wait_state(page, ask(op="parse", kind="sudoku", text=text)["state"], family)
            solve_and_compare(page, {"kind": "sudoku", "text": text}, family)

        for kind in KINDS:
            page.get_by_test_id("kind").select_option(kind["key"])
            for ex in sampling.first(kind["examples"]):         # all of them under --full
                page.get_by_test_id("examples").select_option(value=ex["name"])
                wait_state(page, ex["state"], ex["name"])
                solve_and_compare(page, {"kind": kind["key"], "state": ex["state"], "rules": ex["rules"]},
                                  f"{kind['key']} {ex['name']}")

        # Every answer came from a restored worker (a load during the shared cells' request after a
        # `multiple` answer stops it: the standby, restored too, takes over), and none gave up its state.
        assert page.evaluate("window.sameDocument")
        assert set(page.evaluate("window.starts")) == {"snapshot"}, page.evaluate("window.starts")
        assert html_data(page, "engineFallback") == ""
        assert not [w for w in second.warnings if "saved state" in w], second.warnings
        assert not second.errors


def test_a_saved_state_damaged_between_visits_gives_a_quiet_fresh_start(chromium, server, profile):  # noqa: F811
    """(After the test above, on its profile.) The saved state is overwritten from a page of the site
    that starts no engine; the next visit starts fresh, says why only in data-engine-fallback, solves
    a killer link right and saves a good state again."""
    with Visit(chromium, profile) as between:
        page = between.open(server.url + "build.json")
        assert page.evaluate(DAMAGE).startswith("gridlogic-")
    text = unique_text(FAMILIES["sums"])
    link = ask(op="link_export", kind="sudoku", text=text)["url"]
    with Visit(chromium, profile) as later:
        page = later.open(f"{server.url}index.html{link}", watch=True)
        wait_ready(page)
        assert page.evaluate("window.starts") == ["fresh"]
        reason = html_data(page, "engineFallback")
        assert "damaged" in reason or "magic" in reason, reason
        wait_state(page, ask(op="parse", kind="sudoku", text=text)["state"], "the sums link")
        solve_and_compare(page, {"kind": "sudoku", "text": text}, "the sums link")
        wait_saved(page)
        nothing_bad_said(page)
        assert not later.errors


def broken_wheel(site) -> bytes:  # noqa: F811
    """The site's gridlogic wheel without the killer cage's encoding (a state that cannot be)."""
    out = io.BytesIO()
    wheel = next((site / "wheels").glob("gridlogic-*.whl"))
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "gridlogic/kinds/sudoku/families/sums.py":
                data += b'\nENCODE.pop("killer")\n'
            dst.writestr(info, data)
    return out.getvalue()


def test_a_saved_state_that_fails_after_it_restored_is_dropped_quietly(chromium, server, site, tmp_path):  # noqa: F811
    """A first visit (service workers blocked, so the worker's downloads meet the route) saves a state
    whose killer cages cannot be encoded; the next visit restores it, its first killer solve meets the
    internal error, and the engine starts afresh: the answer is right, nothing bad is said, and the
    visit after restores the good state saved by the fresh start."""
    profile = tmp_path / "profile"
    body = broken_wheel(site)
    with Visit(chromium, profile, service_workers="block") as first:
        first.context.route("**/wheels/gridlogic-*.whl",
                            lambda route: route.fulfill(body=body, headers={"content-type": "application/zip"}))
        page = first.open(server.url + "index.html")
        wait_ready(page)
        wait_saved(page)
    text = unique_text(FAMILIES["sums"])
    link = ask(op="link_export", kind="sudoku", text=text)["url"]
    state = ask(op="parse", kind="sudoku", text=text)["state"]
    with Visit(chromium, profile, service_workers="block") as second:
        page = second.open(f"{server.url}index.html{link}", watch=True)
        wait_ready(page)
        wait_state(page, state, "the sums link")
        solve_and_compare(page, {"kind": "sudoku", "text": text}, "the sums link")
        assert page.evaluate("window.starts") == ["snapshot", "fresh"]
        reason = html_data(page, "engineFallback")
        assert "failed after it restored" in reason and "KeyError" in reason, reason
        wait_saved(page)
        nothing_bad_said(page)
        assert not second.errors
    with Visit(chromium, profile, service_workers="block") as third:
        page = third.open(f"{server.url}index.html{link}")
        wait_ready(page)
        assert html_data(page, "engineStart") == "snapshot"
        wait_state(page, state, "the sums link")
        solve_and_compare(page, {"kind": "sudoku", "text": text}, "the sums link")
        assert html_data(page, "engineStart") == "snapshot"
