"""The built site in Debian's Chromium (Playwright), served as any static host would: the standard
library's file handler unchanged (no headers of ours), under the sub-path /a/g/ of 127.0.0.1.

Covers: solving the classic example (asked for before the engine is ready), the miracle example
entered by keyboard with rule toggles, the empty miracle count (72), the binary example, a located
invalid message with the offending cell marked, no solution, share links (compact and long form)
in a fresh browser, the puzzle surviving a reload, puzz.link import/export, the SMT engine, a
stopped count followed by a solve, offline reload and solve, and that no request leaves the origin.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import re
import shutil
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import IN_CI, ROOT
from gridlogic import api
from gridlogic.kinds import binary, sudoku

pytestmark = pytest.mark.browser

CHROMIUM = Path(os.environ.get("GRIDLOGIC_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync"]
LOAD = 180_000          # ms: Pyodide's first load on a busy 2-core machine
SOLVE = 120_000


def _missing(message: str):
    if IN_CI:
        pytest.fail(message)
    pytest.skip(message)


try:
    from playwright.sync_api import expect, sync_playwright
except ImportError:  # pragma: no cover - the test extra pins playwright
    expect = sync_playwright = None


def _build_module():
    spec = importlib.util.spec_from_file_location("gridlogic_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build_module()


class Server:
    """The site as any static host would serve it: the standard library's handler unchanged (no
    headers of ours), under the sub-path `prefix` of a free port of 127.0.0.1, in a thread.
    `csp=True` serves it with the strict headers of `build.py serve --csp` instead; `handler` picks
    another handler class. `stop()` takes it down (offline tests); `publish()` swaps the site served."""

    def __init__(self, directory: Path, prefix: str = "a/g/", csp: bool = False, handler=None) -> None:
        self.prefix = prefix.strip("/")
        self.tmp = Path(tempfile.mkdtemp(prefix="gridlogic-host-")) if self.prefix else None
        self.root = self.tmp or Path(directory)            # an empty prefix serves the site at /
        if self.prefix:
            self.publish(directory)
        if handler is None:
            self.httpd = BUILD.make_server(self.root, 0, csp=csp)
        else:
            self.httpd = http.server.ThreadingHTTPServer(
                ("127.0.0.1", 0), functools.partial(handler, directory=str(self.root)))
            self.httpd.daemon_threads = True
        path = f"{self.prefix}/" if self.prefix else ""
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.url = f"{self.origin}/{path}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def publish(self, directory: Path) -> None:
        """Serve `directory` at the sub-path from now on (a symlink, swapped atomically)."""
        if not self.prefix:
            raise ValueError("publish needs a sub-path")
        link = self.tmp / self.prefix
        link.parent.mkdir(parents=True, exist_ok=True)
        tmp = link.with_name(link.name + ".new")
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(Path(directory).resolve(), target_is_directory=True)
        os.replace(tmp, link)

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        if self.tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)


@pytest.fixture(scope="module")
def site():
    private = os.environ.get("GRIDLOGIC_TEST_SITE")          # an own site folder, if set
    return BUILD.build_site(Path(private)) if private else BUILD.build_site()


class Shared:
    """What the browser tests of one process share, made on first use and closed when the process's
    session ends (conftest's pytest_sessionfinish): Playwright, one Chromium, a server of the site, and
    the contexts `new_page` keeps, by their options. Starting Python in a new context is the
    costliest step of these tests; in a context kept from an earlier page it starts from the state
    that page saved."""

    def __init__(self) -> None:
        self.playwright = None
        self.browser = None
        self.servers: dict[str, Server] = {}
        self.contexts: dict[tuple, list] = {}

    def close(self) -> None:
        for ctx in (c for kept in self.contexts.values() for c in kept):
            try:
                ctx.close()
            except Exception:  # noqa: BLE001 - the browser may have gone first
                pass
        self.contexts.clear()
        if self.browser is not None and self.browser.is_connected():
            self.browser.close()
        self.browser = None
        for s in self.servers.values():
            s.stop()
        self.servers.clear()
        if self.playwright is not None:
            self.playwright.stop()
            self.playwright = None


SHARED = Shared()


@pytest.fixture(scope="module")
def server(site):
    """The site served under its sub-path, one server a process (pages of one origin share what they saved)."""
    key = str(Path(site).resolve())
    if key not in SHARED.servers:
        SHARED.servers[key] = Server(site)
    return SHARED.servers[key]


# A context starts as a returning visitor with nothing saved (the page's store holds "{}"): a first
# visit opens today's puzzle (web/page/first.js), which tests of other things would meet mid-way.
RETURNING = """try { if (localStorage.getItem("gridlogic:v1") === null) localStorage.setItem("gridlogic:v1", "{}"); }
catch (err) {}"""


class Browser:
    """The browser, whose new contexts start as a returning visitor with nothing saved (RETURNING);
    `first_visit=True` gives a context as a first visit finds the page."""

    def __init__(self, browser) -> None:
        self._browser = browser

    def __getattr__(self, name):
        return getattr(self._browser, name)

    def new_context(self, first_visit: bool = False, **options):
        ctx = self._browser.new_context(**options)
        if not first_visit:
            ctx.add_init_script(RETURNING)
        return ctx


@contextmanager
def playwright_chromium():
    """Playwright's Chromium, once playwright and Debian's chromium are found (else a skip, or a
    failure under CI)."""
    if sync_playwright is None:
        _missing("playwright is not installed (python3 build.py test installs it)")
    if not CHROMIUM.exists():
        _missing(f"{CHROMIUM} not found (python3 build.py test installs Debian's chromium)")
    expect.set_options(timeout=SOLVE)
    if SHARED.playwright is None:
        SHARED.playwright = sync_playwright().start()
    yield SHARED.playwright.chromium


@pytest.fixture(scope="module")
def browser():
    """The process's Chromium; the contexts a module opened and left open are closed at its end."""
    with playwright_chromium() as chromium:
        if SHARED.browser is None or not SHARED.browser.is_connected():
            SHARED.browser = chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            SHARED.contexts.clear()
        before = list(SHARED.browser.contexts)
        yield Browser(SHARED.browser)
        kept = [c for contexts in SHARED.contexts.values() for c in contexts]
        for ctx in SHARED.browser.contexts:
            if not any(ctx is other for other in before + kept):
                ctx.close()


class Recorder:
    """Every request a browser context makes; requests to another origin are also aborted."""

    def __init__(self, context, origin: str) -> None:
        self.origin = origin.rstrip("/")
        self.foreign: list[str] = []
        self.seen: list[str] = []
        context.on("request", self._on_request)
        context.route(re.compile(r".*"), self._route)

    def _local(self, url: str) -> bool:
        return url.startswith(self.origin + "/") or url.startswith(("data:", "blob:"))

    def _on_request(self, request) -> None:
        self.seen.append(request.url)
        if not self._local(request.url):
            self.foreign.append(request.url)

    def _route(self, route) -> None:
        if self._local(route.request.url):
            route.continue_()
        else:
            route.abort()


@pytest.fixture(scope="module")
def ready_page(browser, server):
    """A desktop page on the engine ready (the explanation, page and play tests share it as their `app`)."""
    yield from open_ready(browser, server, viewport={"width": 1200, "height": 900})


# A phone's context: 390×844, touch, mobile (the viewport the walk used).
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}


@pytest.fixture(scope="module")
def phone(browser, server):
    """A phone's page on the engine ready; a module's tests take it through `view` beside its `app`."""
    yield from open_ready(browser, server, **PHONE)


@pytest.fixture
def view(request):
    """The page a test parametrized with `VIEWS` runs on: the module's desktop `app`, then its `phone`."""
    return request.getfixturevalue(request.param)


VIEWS = pytest.mark.parametrize("view", ["app", "phone"], indirect=True)


def new_page(browser, server, fresh: bool = False, **context):
    """(page, shared): a page (`context` its context's options, service worker blocked, requests
    recorded) of a returning visitor with nothing saved. It opens in the process's context for these
    options that has no page open (a new one is kept when all are in use), its local storage cleared
    first (`shared`), so its engine starts from the state an earlier page of it saved; `fresh=True` gives
    a new context, whose engine starts afresh (a test of the saved state itself takes it). The viewport is
    the page's own, so pages of every size share a context (Playwright's default scale factor is 1)."""
    viewport = context.pop("viewport", None)
    if context.get("device_scale_factor") == 1:
        del context["device_scale_factor"]
    kept = SHARED.contexts.setdefault((server.url, repr(sorted(context.items()))), [])
    ctx = None if fresh else next((c for c in kept if not c.pages), None)     # one with no page open
    shared = not fresh
    if ctx is None:
        ctx = browser.new_context(service_workers="block", **context)
        ctx.recorder = Recorder(ctx, server.url)
        if shared:
            kept.append(ctx)
    page = ctx.new_page()
    if viewport:
        page.set_viewport_size(viewport)
    if shared:
        cdp = ctx.new_cdp_session(page)
        cdp.send("Storage.clearDataForOrigin", {"origin": server.origin, "storageTypes": "local_storage"})
        cdp.detach()
    return page, shared


def close_page(page, shared: bool) -> None:
    """The page closed, and its context unless it is the process's (`new_page`)."""
    if shared:
        page.close()
    else:
        page.context.close()


def open_ready(browser, server, fresh: bool = False, **context):
    """A page of `new_page` on the engine ready; at the end, no page error and no request to another
    origin. `page.touch`: a touch screen's."""
    page, shared = new_page(browser, server, fresh, **context)
    page.touch = bool(context.get("has_touch"))
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server.url)
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
    yield page
    assert not page.errors and not page.context.recorder.foreign
    close_page(page, shared)


def touch_drag(page, points: list[tuple[float, float]]) -> None:
    """A finger put down at the first point, moved through the others, lifted (the browser's own touch
    input: it pans the page wherever the page lets it)."""
    cdp = page.context.new_cdp_session(page)
    x, y = points[0]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for x, y in points[1:]:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def ask(**request) -> dict:
    """The API's result for a request (asserted to succeed), to compare the page with."""
    response = api.handle(request)
    assert response["ok"], response
    return response["result"]


@pytest.fixture(scope="module")
def context(browser, server):
    ctx = browser.new_context(service_workers="allow")
    ctx.recorder = Recorder(ctx, server.url)
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def app(context, server):
    """One page of the app, opened fresh (tests below run on it in order)."""
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server.url)
    return page


# -- helpers -------------------------------------------------------------------------------------
def status(page):
    return page.get_by_test_id("status")


def board_cols(page) -> int:
    return page.locator("[data-testid=board]").evaluate(
        "b => Math.max(...[...b.querySelectorAll('.cell')].map((c) => +c.dataset.c)) + 1")


def board_text(page) -> str:
    """The grid as rows of the cells' texts ("." for an empty one)."""
    values = page.locator("[data-testid=board] .cell").all_text_contents()
    cols = board_cols(page)
    return "\n".join("".join(v or "." for v in values[i:i + cols]) for i in range(0, len(values), cols))


def editor_state(page) -> dict:
    """The editing state the page shows, read from the DOM hooks of web/editor.js."""
    return page.locator("[data-testid=board]").evaluate("""b => {
        const cells = [...b.querySelectorAll('.cell')];
        const rows = Math.max(...cells.map((c) => +c.dataset.r)) + 1;
        const cols = Math.max(...cells.map((c) => +c.dataset.c)) + 1;
        const state = {rows, cols, cells: cells.map((c) => c.dataset.value)};
        const edges = {};
        for (const e of document.querySelectorAll('[data-testid^=edge-]')) {
            const [, key, i] = /^edge-(.+)-(\\d+)$/.exec(e.dataset.testid);
            (edges[key] = edges[key] || [])[+i] = e.value.replace(/\\n/g, ' ');
        }
        if (Object.keys(edges).length) state.edges = edges;
        const extras = {};
        for (const e of document.querySelectorAll('[data-testid^=extra-]')) extras[e.dataset.testid.slice(6)] = e.value;
        if (Object.keys(extras).length) state.extras = extras;
        if (b.dataset.parts) state.parts = JSON.parse(b.dataset.parts);
        const gaps = [...b.querySelectorAll('.gap')];
        if (gaps.length) {
            state.marks = {h: [], v: []};
            for (const g of gaps) {
                const n = g.dataset.dir === 'h' ? cols - 1 : cols;
                state.marks[g.dataset.dir][+g.dataset.r * n + +g.dataset.c] = g.textContent;
            }
        }
        return state;
    }""")


def cell(page, r: int, c: int):
    return page.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']")


def pick_example(page, kind: str, name: str) -> None:
    page.get_by_test_id("kind").select_option(kind)
    page.get_by_test_id("examples").select_option(value=name)


def wait_ready(page) -> None:
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)


def example(kind, name):
    return next(e for e in kind.EXAMPLES if e.name == name)


# -- tests ---------------------------------------------------------------------------------------
def test_classic_solve_asked_before_ready(app):
    """The editor works before Pyodide is ready; the early solve runs once it is, and is unique."""
    pick_example(app, "sudoku", "classic")
    assert app.locator("body").get_attribute("data-engine") == "loading"
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("solving")
    wait_ready(app)
    expect(status(app)).to_contain_text("unique", timeout=SOLVE)
    assert board_text(app) == example(sudoku, "classic").solution
    given = cell(app, 0, 4)
    solved = cell(app, 0, 0)
    assert "given" in given.get_attribute("class") and "solved" in solved.get_attribute("class")
    color = "e => getComputedStyle(e).color"
    assert given.evaluate(color) != solved.evaluate(color)
    expect(app.get_by_test_id("elapsed")).to_contain_text("ms")
    assert not app.errors


def test_miracle_by_keyboard_and_rule_toggles(app):
    """Clear, type the two miracle givens with the keyboard, switch on the three rules, solve."""
    app.get_by_test_id("kind").select_option("sudoku")
    app.get_by_test_id("clear").click()
    text = example(sudoku, "miracle").text
    grid = sudoku.parse(text)
    board = app.get_by_test_id("board")
    cell(app, 0, 0).click()
    for i, d in enumerate(grid.givens):
        if d:
            r, c = divmod(i, 9)
            cell(app, 0, 0).click()
            for _ in range(r):
                board.press("ArrowDown")
            for _ in range(c):
                board.press("ArrowRight")
            board.press(str(d))
    for rule in ("knight", "king", "nonconsecutive"):
        app.get_by_test_id(f"rule-{rule}").check()
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique")
    assert board_text(app) == example(sudoku, "miracle").solution


def test_empty_miracle_counts_72(app):
    """Count on the empty grid under the miracle alias gives exactly 72; solutions can be browsed."""
    app.get_by_test_id("clear").click()
    for rule in ("knight", "king", "nonconsecutive"):
        app.get_by_test_id(f"rule-{rule}").uncheck()
    app.get_by_test_id("alias-miracle").click()
    for rule in ("knight", "king", "nonconsecutive"):
        expect(app.get_by_test_id(f"rule-{rule}")).to_be_checked()
    app.get_by_test_id("count").click()
    expect(status(app)).to_contain_text("exactly 72 solutions")
    first = board_text(app)
    app.get_by_test_id("next").click()
    expect(app.get_by_test_id("which")).to_contain_text("solution 2 of 72")
    second = board_text(app)
    assert first != second and "." not in first + second
    for solution in (first, second):
        empty = sudoku.parse("." * 81, rules=("miracle",))
        assert not sudoku.check(empty, sudoku.parse_solution(empty, solution))


def test_binary_example(app):
    """The binary example solves uniquely to the checker-approved grid."""
    pick_example(app, "binary", "6x6")
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique")
    puzzle = binary.parse(example(binary, "6x6").text)
    solution = board_text(app)
    assert not binary.check(puzzle, binary.parse_solution(puzzle, solution))


def test_invalid_puzzle_is_located_and_marked(app):
    """A digit entered twice in a row while playing: no solution, naming the second as the wrong
    entry; made givens, the puzzle itself is `invalid` with the place, both cells marked."""
    app.get_by_test_id("kind").select_option("sudoku")
    app.get_by_test_id("clear").click()
    app.get_by_test_id("mode-play").click()
    cell(app, 2, 1).click()
    app.get_by_test_id("board").press("5")
    cell(app, 2, 6).click()
    app.get_by_test_id("board").press("5")
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("no solution")
    expect(status(app)).to_contain_text("your 5 at r3c7 is wrong")
    expect(cell(app, 2, 6)).to_have_class(re.compile(r"\bbad\b"))
    expect(app.locator("[data-testid=board] .cell.bad")).to_have_count(1)
    app.get_by_test_id("keep-givens").click()
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("invalid")
    expect(status(app)).to_contain_text("r3c7")
    for c in (1, 6):
        expect(cell(app, 2, c)).to_have_class(re.compile(r"\bbad\b"))
    expect(app.locator("[data-testid=board] .cell.bad")).to_have_count(2)


def test_hint_points_at_a_cell_of_the_solution(app):
    """Hint names a cell and its value from the unique solution, moves the cursor there and
    highlights it with a caption."""
    pick_example(app, "sudoku", "classic")
    app.get_by_test_id("hint").click()
    expect(status(app)).to_contain_text(re.compile(r"hint: [^·]+ · row"))
    m = re.search(r"row (\d+), column (\d+) is (\w)", status(app).text_content())
    r, c, value = int(m.group(1)) - 1, int(m.group(2)) - 1, m.group(3)
    assert example(sudoku, "classic").solution.splitlines()[r][c] == value
    expect(cell(app, r, c)).to_have_class(re.compile(r"\bsel\b"))
    expect(cell(app, r, c)).to_have_class(re.compile(r"\bhl\b"))
    expect(app.get_by_test_id("caption")).to_contain_text(f"row {r + 1}, column {c + 1} is {value}")
    expect(cell(app, r, c)).to_have_text("")


def test_impossible_says_no_solution(app):
    pick_example(app, "sudoku", "impossible")
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("no solution")


def test_puzzlink_import_and_export(app):
    """A puzz.link sudoku URL imports, solves to the reference solution, and exports back."""
    url = "https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k"
    app.locator("details.share summary", has_text="puzz.link").click()
    app.get_by_test_id("puzzlink-in").fill(url)
    app.get_by_test_id("import").click()
    expect(status(app)).to_contain_text("imported")
    assert board_text(app).splitlines()[1] == "7...2...9"
    app.get_by_test_id("export").click()
    expect(app.get_by_test_id("puzzlink-out")).to_have_value(url)
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique")
    assert board_text(app).splitlines()[0] == "264798315"


def test_share_link_opens_the_same_puzzle_in_a_browser_with_nothing_saved(app, browser, server):
    """The share element's compact link, and the long form, reopen puzzle and rules elsewhere (a browser
    with nothing saved)."""
    pick_example(app, "sudoku", "miracle")
    expect(app.get_by_test_id("rule-king")).to_be_checked()
    link = app.get_by_test_id("share").get_attribute("href")
    assert link == app.url and "#sudoku," in link
    puzzle = board_text(app)
    long_form = f"{server.url}index.html?kind=sudoku&rules=miracle&p={quote(example(sudoku, 'miracle').text)}"
    for url in (link, long_form):
        page, shared = new_page(browser, server)
        page.goto(url)
        expect(page.locator("[data-testid=board] .cell")).to_have_count(81)
        expect(page.get_by_test_id("rule-knight")).to_be_checked()
        expect(page.get_by_test_id("rule-nonconsecutive")).to_be_checked()
        expect(page.get_by_test_id("rule-diagonal")).not_to_be_checked()
        assert board_text(page) == puzzle
        assert "#sudoku," in page.url                  # the long form is rewritten to the compact one
        assert not page.context.recorder.foreign
        close_page(page, shared)


def test_puzzle_survives_a_reload(app, server):
    """An edit is kept in localStorage: the bare address brings it back."""
    app.get_by_test_id("kind").select_option("sudoku")
    app.get_by_test_id("clear").click()
    cell(app, 4, 4).click()
    app.get_by_test_id("board").press("7")
    app.goto(server.url + "index.html")
    expect(cell(app, 4, 4)).to_have_text("7")
    assert board_text(app).count(".") == 80


def test_smt_engine_loads_z3_on_demand(app):
    """Choosing SMT fetches z3 (not before) and solves the classic example with it."""
    wait_ready(app)
    stages = "window.gridlogicLoadLog.map(s => s.stage).join('|')"
    assert "z3" not in app.evaluate(stages)
    pick_example(app, "sudoku", "classic")
    app.get_by_test_id("engine").select_option("smt")
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique", timeout=LOAD)
    expect(app.get_by_test_id("engine-name")).to_have_text("smt:z3")
    assert board_text(app) == example(sudoku, "classic").solution
    assert "Fetching z3" in app.evaluate(stages)
    assert any("z3_solver" in u for u in app.context.recorder.seen)
    app.get_by_test_id("engine").select_option("sat")


def test_stop_a_long_count_then_solve(app):
    """Counting the empty 9×9 runs long: Stop ends it (fresh worker), and a solve works after."""
    app.get_by_test_id("kind").select_option("sudoku")
    app.get_by_test_id("clear").click()
    for rule in ("knight", "king", "nonconsecutive", "diagonal"):
        app.get_by_test_id(f"rule-{rule}").uncheck()
    wait_ready(app)
    app.get_by_test_id("count").click()
    expect(status(app)).to_contain_text("so far")
    app.get_by_test_id("stop").click()
    expect(status(app)).to_contain_text("stopped")
    pick_example(app, "sudoku", "classic")
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique", timeout=LOAD)


def test_dead_worker_is_replaced_and_the_puzzle_kept(app):
    """The answering worker fails (an uncaught error): its request rejects with reason "died",
    the standby answers the next one, the page keeps its puzzle and is not reloaded."""
    pick_example(app, "sudoku", "classic")
    wait_ready(app)
    app.wait_for_selector("html[data-standby=ready]", state="attached", timeout=LOAD)
    before = board_text(app)
    name = app.evaluate("document.documentElement.dataset.engineWorker")
    worker = next(w for w in app.workers if w.evaluate("self.name") == name)
    worker.evaluate("() => { self.onmessage = () => { throw new Error('simulated crash'); }; }")
    app.evaluate("window.gridlogicMarker = 1")
    reason = app.evaluate("""() => window.gridlogic.request({op: 'parse', kind: 'sudoku', text: '.'.repeat(81)})
        .then(() => 'answered', (e) => e.reason)""")
    assert reason == "died"
    assert app.evaluate("document.documentElement.dataset.engineWorker") != name
    r = app.evaluate("t => window.gridlogic.request({op: 'solve', kind: 'sudoku', text: t})",
                     example(sudoku, "classic").text)
    assert r["ok"] and r["result"]["status"] == "unique"
    assert app.evaluate("window.gridlogicMarker") == 1          # no reload
    assert board_text(app) == before


def test_no_request_left_the_origin(context):
    """Across every page of the shared context (and its service worker), nothing went elsewhere."""
    assert context.recorder.seen
    assert context.recorder.foreign == []


# Pyodide's wasm as the service worker keeps it unpacked in the offline cache for later starts (sw.js's
# `unpacked`): null until it is kept, then [response type, content type, bytes].
KEPT_WASM = """async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('gridlogic-'));
    const hit = name && await (await caches.open(name)).match(new URL('pyodide/pyodide.asm.wasm', location.href).href);
    return hit ? [hit.type, hit.headers.get('content-type'), (await hit.arrayBuffer()).byteLength] : null;
}"""

DROP_PACKED_WASM = """async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('gridlogic-'));
    return (await caches.open(name)).delete(new URL('pyodide/pyodide.asm.wasm.gz', location.href).href);
}"""


def test_offline_reload_and_solve(browser, site):
    """After the first visit the service worker has the whole site, and Pyodide's wasm unpacked (kept
    as it first answered a worker it controls, for Chromium to keep compiled beside it): with the server
    gone and the packed copy dropped, the page reloads, restores Python reading the kept copy, and
    solves."""
    server = Server(site)
    ctx = browser.new_context(service_workers="allow")
    recorder = Recorder(ctx, server.url)
    page = ctx.new_page()
    try:
        page.goto(server.url)
        wait_ready(page)
        expect(page.locator("body")).to_have_attribute("data-offline", "ready", timeout=LOAD)
        deadline = time.monotonic() + LOAD / 1000
        while (kept := page.evaluate(KEPT_WASM)) is None and time.monotonic() < deadline:
            page.wait_for_timeout(250)
        assert kept == ["default", "application/wasm", (Path(site) / "pyodide/pyodide.asm.wasm").stat().st_size], kept
        # The packed copy gone, a start from the saved state can only have read the kept one.
        page.wait_for_selector("html[data-snapshot=stored]", state="attached", timeout=LOAD)
        assert page.evaluate(DROP_PACKED_WASM)
        server.stop()
        page.reload()
        pick_example(page, "sudoku", "classic")
        page.get_by_test_id("solve").click()
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.engineStart") == "snapshot"
        expect(status(page)).to_contain_text("unique", timeout=LOAD)
        assert board_text(page) == example(sudoku, "classic").solution
        assert recorder.foreign == []
    finally:
        ctx.close()
        if server.thread.is_alive():
            server.stop()


def test_page_has_a_csp_and_no_inline_script(site):
    """Static checks of the built page: CSP meta without inline script, scripts only from files."""
    html = (site / "index.html").read_text()
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp and "unsafe-inline" not in csp
    assert "unsafe-eval'" not in csp.replace("wasm-unsafe-eval", "")
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == []
    assert re.findall(r'(?:src|href)="(?:https?:)?//', html) == []
    assert "unsafe-inline" not in BUILD.CSP and "connect-src 'self'" in BUILD.CSP
