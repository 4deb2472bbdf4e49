"""The built site on hosts we do not control, and the engine's workers, in Debian's Chromium.

Covers: every file has a type any static host knows (no `.mjs`); the site at a host's root under
the strict CSP header (which binds the workers too); a copy of site/ under a sub-path of a host that
gzips everything and mistypes .wasm solves (with and without a service worker), then offline after
a reload with the host gone (Python restored from its saved state); Stop gives a
usable engine in under a second (the standby takes over) and a new standby follows; a worker that
dies is replaced without a reload, its request rejects with reason "died" and the puzzle stays;
a number cross parse error does not wait for sympy; a new build published over a cached one is
offered by a banner and, after its Reload, every file the page gets is the new build's and Python
starts fresh (the old build's saved state went with its cache). The saved state: the first start
is fresh and stores a snapshot, the next restores it and answers, z3 and sympy still load into a
restored interpreter; a damaged snapshot, or one whose libraries' layout differs, is refused: that
start is fresh, says why, and stores a good snapshot for the next.
"""

from __future__ import annotations

import gzip
import hashlib
import http.server
import io
import json
import os
import shutil
from pathlib import Path

import pytest

from test_browser import (BUILD, LOAD, Recorder, Server, board_text, browser,  # noqa: F401
                          example, pick_example, status, wait_ready)
from gridlogic.kinds import numbercross, sudoku

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

# What a host without configuration is sure to know (Python's http.server, nginx's and GitHub
# Pages' defaults all map these; `.mjs` is the one nginx serves as application/octet-stream).
# gz: the runtime's packed copies (build.PACKED), unpacked by the page's workers whatever type they come as.
KNOWN = {"html", "js", "css", "json", "wasm", "zip", "whl", "png", "svg", "webmanifest", "gz"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A private build (site/ is rebuilt by others while tests run)."""
    return BUILD.build_site(tmp_path_factory.mktemp("host") / "site", force=True)


@pytest.fixture()
def fresh(browser):  # noqa: F811 - the browser fixture is imported above
    """New browser contexts (service workers allowed), closed after the test."""
    made = []

    def make(server, service_workers="allow"):
        ctx = browser.new_context(service_workers=service_workers)
        ctx.recorder = Recorder(ctx, server.url)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()


def open_app(ctx, url: str):
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    return page


def html_data(page, name: str) -> str:
    return page.evaluate(f"document.documentElement.dataset.{name} || ''")


def wait_standby(page) -> None:
    page.wait_for_selector("html[data-standby=ready]", state="attached", timeout=LOAD)


def wait_snapshot(page) -> None:
    """Until a worker of the page has stored its saved state for the next start."""
    page.wait_for_selector("html[data-snapshot=stored]", state="attached", timeout=LOAD)


# Rewrites the build's saved state in the page's cache: its body (bytes filled with `fill`, when
# given) or its recorded library layout; returns the cache's name.
DAMAGE = """async ([fill, layout]) => {
    const name = (await caches.keys()).find((k) => k.startsWith('gridlogic-'));
    const cache = await caches.open(name);
    const url = new URL('snapshot.bin', location.href).href;
    const hit = await cache.match(url);
    if (!hit) throw new Error('no saved state in ' + name);
    const headers = new Headers(hit.headers);
    if (layout) headers.set('x-layout', layout);
    const body = fill === null ? await hit.arrayBuffer() : new Uint8Array(100000).fill(fill);
    await cache.put(url, new Response(body, {headers}));
    return name;
}"""


def solve_classic(page) -> None:
    pick_example(page, "sudoku", "classic")
    page.get_by_test_id("solve").click()
    expect(status(page)).to_contain_text("unique", timeout=LOAD)
    assert board_text(page) == example(sudoku, "classic").solution


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """A careless host: compresses every file it can (Content-Encoding: gzip), sends a .gz file as it
    is, marked gzip-encoded (the browser unpacks it on the way), and sends .wasm as
    application/octet-stream (WebAssembly.instantiateStreaming refuses that type)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/octet-stream"}

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        try:
            with open(path, "rb") as fh:
                body = fh.read() if path.endswith(".gz") else gzip.compress(fh.read(), 1)
        except OSError:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path.removesuffix(".gz")))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        pass


# -- tests ---------------------------------------------------------------------------------------
def test_every_file_has_a_type_every_host_knows(site):
    """No file the page loads needs a host's configuration: no .mjs, the worker a module."""
    files = json.loads((site / "build.json").read_text())["files"]
    assert {p.rsplit(".", 1)[-1] for p in files} <= KNOWN, sorted(files)
    worker = (site / "worker.js").read_text()
    assert 'from "./pyodide/pyodide.mjs.js"' in worker and "importScripts(\"pyodide" not in worker
    assert 'type: "module"' in (site / "engine.js").read_text()


def test_packed_runtime_files_unpack_to_the_plain_ones(site):
    """Pyodide's wasm, script and lock file are served gzipped (the workers unpack them): each packed copy
    is in the file list and the runtime the worker downloads, unpacks to the plain file (kept for Node and
    for a worker no service worker controls, outside the list), and is smaller by more than half."""
    info = json.loads((site / "build.json").read_text())
    assert set(info["packed"]) == set(BUILD.PACKED)
    for plain, packed in info["packed"].items():
        assert packed in info["files"] and plain not in info["files"]
        data = (site / plain).read_bytes()
        assert gzip.decompress((site / packed).read_bytes()) == data
        assert info["files"][packed]["size"] < len(data) / 2
    assert set(info["packed"].values()) <= set(info["runtime"])
    assert '"packed"' in (site / "sw.js").read_text()


def test_strict_csp_header_at_the_root(site, fresh):
    """Served at the host's root with the CSP header (it binds the workers, unlike the page's
    meta): load, solve."""
    server = Server(site, prefix="", csp=True)
    try:
        page = open_app(fresh(server), server.url)
        response = page.request.get(server.url + "worker.js")
        assert response.headers["content-security-policy"] == BUILD.CSP
        wait_ready(page)
        solve_classic(page)
        assert not page.errors and not page.context.recorder.foreign
    finally:
        server.stop()


def test_copy_under_a_sub_path_careless_host_online_then_offline(site, fresh, tmp_path):
    """site/ copied to some/deep/path/ of a careless host: solves without a service worker (the
    wasm compiled from bytes), then with one; with the host gone the reloaded page (service
    worker scope some/deep/path/) loads Python and solves again."""
    copy = tmp_path / "copy"
    shutil.copytree(site, copy)
    server = Server(copy, prefix="some/deep/path/", handler=GzipHandler)
    try:
        bare = open_app(fresh(server, service_workers="block"), server.url)
        wasm = bare.request.get(server.url + "pyodide/pyodide.asm.wasm")
        assert wasm.headers.get("content-encoding") == "gzip"
        assert wasm.headers.get("content-type") == "application/octet-stream"
        wait_ready(bare)
        solve_classic(bare)
        assert not bare.errors and not bare.context.recorder.foreign
        ctx = fresh(server)
        page = open_app(ctx, server.url)
        wait_ready(page)
        solve_classic(page)
        expect(page.locator("body")).to_have_attribute("data-offline", "ready", timeout=LOAD)
        wait_snapshot(page)
        server.stop()
        page.reload()
        wait_ready(page)
        assert html_data(page, "engineStart") == "snapshot"
        solve_classic(page)
        assert not page.errors and not ctx.recorder.foreign
    finally:
        if server.thread.is_alive():
            server.stop()


@pytest.mark.timed                                  # a wall-clock bound on the page's answer
def test_stop_gives_a_ready_engine_within_a_second(site, fresh):
    """Count the empty grid, Stop: the standby answers under 1 s later; a new standby follows."""
    server = Server(site)
    try:
        page = open_app(fresh(server), server.url)
        wait_ready(page)
        wait_standby(page)
        first = html_data(page, "engineWorker")
        page.get_by_test_id("kind").select_option("sudoku")
        page.get_by_test_id("clear").click()
        page.get_by_test_id("count").click()
        expect(status(page)).to_contain_text("so far")
        ms, answer = page.evaluate("""async () => {
            const t0 = performance.now();
            document.querySelector('[data-testid=stop]').click();
            const r = await window.gridlogic.request({op: 'parse', kind: 'sudoku', text: '.'.repeat(81)});
            return [performance.now() - t0, r.ok];
        }""")
        assert answer and ms < 1000, ms
        assert html_data(page, "engineWorker") != first
        expect(status(page)).to_contain_text("stopped")
        solve_classic(page)
        wait_standby(page)
        assert not page.errors
    finally:
        server.stop()


@pytest.mark.timed                                  # a wall-clock bound on the page's answer
def test_numbercross_parse_error_does_not_wait_for_sympy(site, fresh):
    """Picking number cross preloads sympy in the background; a parse asked for meanwhile is
    answered at once, before sympy is imported."""
    server = Server(site)
    try:
        page = open_app(fresh(server), server.url)
        wait_ready(page)
        page.get_by_test_id("kind").select_option("numbercross")
        ms, ok, imported = page.evaluate("""async () => {
            const t0 = performance.now();
            const r = await window.gridlogic.request({op: 'parse', kind: 'numbercross', text: 'no grid here'});
            const imported = window.gridlogicLoadLog.some(s => s.stage === 'sympy imported');
            return [performance.now() - t0, r.ok, imported];
        }""")
        assert not ok and not imported and ms < 3000, (ms, ok, imported)
    finally:
        server.stop()


def test_a_saved_state_restores_and_one_that_does_not_fit_gives_a_fresh_start(site, fresh):
    """The first start is fresh and stores a snapshot. A damaged snapshot, then one saved with the
    shared libraries elsewhere, is not restored: each reload starts fresh and says why, answers, and
    stores a good snapshot. The next reload restores it and answers like a fresh start; z3 (SMT) and
    sympy (number cross) load into the restored interpreter."""
    server = Server(site)
    try:
        page = open_app(fresh(server), server.url)
        wait_ready(page)
        assert html_data(page, "engineStart") == "fresh"
        wait_snapshot(page)
        for damage in ("bytes", "layout"):
            page.evaluate(DAMAGE, [7, None] if damage == "bytes" else [None, "1,2"])
            page.reload()
            wait_ready(page)
            assert html_data(page, "engineStart") == "fresh", damage
            reason = html_data(page, "engineFallback")
            assert ("damaged" in reason or "magic" in reason) if damage == "bytes" else "saved with 1,2" in reason, reason
            solve_classic(page)
            wait_snapshot(page)
        page.reload()
        wait_ready(page)
        assert html_data(page, "engineStart") == "snapshot"
        assert html_data(page, "engineFallback") == ""
        solve_classic(page)
        classic = example(sudoku, "classic")
        r = page.evaluate("t => window.gridlogic.request({op: 'solve', kind: 'sudoku', text: t, backend: 'smt'})",
                          classic.text)
        assert r["ok"] and r["result"]["status"] == "unique" and r["result"]["engine"].startswith("smt"), r
        assert r["result"]["solution"] == classic.solution
        nx = next(ex for ex in numbercross.EXAMPLES if "cube" in ex.text)    # a clue that needs sympy
        r = page.evaluate("t => window.gridlogic.request({op: 'solve', kind: 'numbercross', text: t})", nx.text)
        assert r["ok"] and r["result"]["status"] == "unique", r
        assert r["result"]["solution"] == nx.solution
        assert not page.errors
    finally:
        server.stop()


def _changed_web(tmp_path: Path) -> Path:
    web = tmp_path / "web"
    shutil.copytree(BUILD.WEB, web)
    with open(web / "app.js", "a") as fh:
        fh.write("\n// the next build\n")
    return web


def _body_now(response):
    """A response's body as it arrives, or the error reading it gave (raised where it is checked)."""
    try:
        return response.body()
    except Exception as exc:  # noqa: BLE001 - kept and raised by the test that reads it
        return exc


def test_update_switches_completely(site, fresh, tmp_path):
    """Build A cached, build B published: the reload still runs A and offers the update; after
    its Reload the footer shows B and every file the page and its workers got is B's. A second
    tab of A, not clicked, switches to B with it."""
    b = BUILD.build_site(tmp_path / "b" / "site", force=True, web=_changed_web(tmp_path))
    version_a = json.loads((site / "build.json").read_text())["version"]
    version_b = json.loads((b / "build.json").read_text())["version"]
    assert version_a != version_b
    server = Server(site)
    try:
        ctx = fresh(server)
        page = open_app(ctx, server.url)
        wait_ready(page)
        expect(page.locator("body")).to_have_attribute("data-offline", "ready", timeout=LOAD)
        expect(page.locator("#version")).to_contain_text(version_a)
        wait_snapshot(page)
        server.publish(b)
        page.reload()
        expect(page.get_by_test_id("update")).to_be_visible(timeout=LOAD)
        wait_ready(page)
        expect(page.locator("#version")).to_contain_text(version_a)   # still all of A until asked
        other = open_app(ctx, server.url)
        expect(other.get_by_test_id("update")).to_be_visible(timeout=LOAD)
        expect(other.locator("#version")).to_contain_text(version_a)
        seen = []
        ctx.on("response", lambda r: seen.append((r, _body_now(r))))    # read on arrival: Chromium drops bodies later
        with page.expect_navigation():
            page.get_by_test_id("update-reload").click()
        wait_ready(page)
        expect(page.locator("#version")).to_contain_text(version_b)
        assert page.evaluate("caches.keys()") == [f"gridlogic-{version_b}"]
        assert html_data(page, "engineStart") == "fresh"           # A's saved state went with A's cache
        checked = set()
        for response, body in seen:
            path = response.url.split("?")[0].split("#")[0][len(server.url):] or "index.html"
            if not response.url.startswith(server.url) or response.status != 200 or not (b / path).is_file():
                continue
            if isinstance(body, Exception):
                raise body
            assert hashlib.sha256(body).digest() == hashlib.sha256((b / path).read_bytes()).digest(), path
            checked.add(path)
        assert {"index.html", "app.js", "engine.js", "worker.js", "build.json"} <= checked, checked
        assert not page.get_by_test_id("update").count()
        expect(other.locator("#version")).to_contain_text(version_b, timeout=LOAD)
        expect(other.get_by_test_id("update")).to_have_count(0)
    finally:
        server.stop()
