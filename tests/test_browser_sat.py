"""The page's own SAT module in the browser: the worker loads sat/cadical195.wasm beside Pyodide and its
CaDiCaL answers the page's requests (counts as python-sat's natively, solutions passing the kind's own
checker), after a fresh start and after one from the saved state; when the module cannot be fetched,
the page says so and solves on python-sat's wheel."""

from __future__ import annotations

import pytest

from gridlogic import api
from gridlogic.kinds import numberlink, sudoku
from test_browser import LOAD, browser, open_ready, server, site  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

REQUESTS = [{"op": "solve", "kind": "sudoku", "text": ex.text, "rules": list(ex.rules), "count": True,
             "limit": 100} for ex in sudoku.EXAMPLES if ex.count == 72]
REQUESTS += [{"op": "solve", "kind": "numberlink", "text": numberlink.EXAMPLES[0].text, "count": True}]


def answers_as_python_sat(page) -> None:
    for request in REQUESTS:
        response = page.evaluate("(r) => window.gridlogic.request(r)", request)
        assert response["ok"], response
        result = response["result"]
        assert result["engine"] == "sat:cadical195"
        assert result["count"] == api.handle(request)["result"]["count"]
        for solution in result["solutions"]:
            verdict = api.handle({"op": "check", "kind": request["kind"], "text": request["text"],
                                  "rules": request["rules"] if "rules" in request else [], "solution": solution})
            assert verdict["ok"] and verdict["result"]["ok"], verdict


def test_the_page_searches_on_its_own_sat_module(browser, server):  # noqa: F811
    """On a fresh start, and on a start from the saved state (the module is handed to the restored
    interpreter, which held no reference to it)."""
    for page in open_ready(browser, server, fresh=True):
        html = page.locator("html")
        expect(html).to_have_attribute("data-engine-sat", "module")
        answers_as_python_sat(page)
        page.wait_for_selector("html[data-snapshot=stored]", state="attached", timeout=LOAD)
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
        expect(html).to_have_attribute("data-engine-start", "snapshot")
        expect(html).to_have_attribute("data-engine-sat", "module")
        answers_as_python_sat(page)


def ready_page_with(browser, server, pattern: str, handler):  # noqa: F811
    """A page on the engine ready whose requests matching `pattern` `handler` answers; and its errors."""
    ctx = browser.new_context(service_workers="block")
    ctx.route(pattern, handler)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
    return ctx, page, errors


def test_without_the_module_the_page_solves_on_python_sats_wheel(browser, server):  # noqa: F811
    ctx, page, errors = ready_page_with(browser, server, "**/sat/cadical195.wasm", lambda route: route.abort())
    expect(page.locator("html")).to_have_attribute("data-engine-sat", "wheel")
    answers_as_python_sat(page)
    assert not errors
    ctx.close()


def test_a_module_that_stops_mid_request_hands_over_to_the_wheel(browser, server, site):  # noqa: F811
    """The module's fourth solve aborts (as an out-of-memory wasm module does): that request and every
    later one are answered on python-sat's wheel, and the page's indicator says so."""
    glue = (site / "sat" / "cadical.js").read_text()
    solve = "return m._cdc_solve(s);"
    assert solve in glue
    failing = glue.replace(solve, "if ((globalThis.solves = (globalThis.solves || 0) + 1) > 3) "
                                  "throw new Error('Aborted()');\n      " + solve)
    ctx, page, errors = ready_page_with(browser, server, "**/sat/cadical.js", lambda route: route.fulfill(
        status=200, body=failing, headers={"content-type": "text/javascript; charset=utf-8"}))
    expect(page.locator("html")).to_have_attribute("data-engine-sat", "module")
    answers_as_python_sat(page)
    expect(page.locator("html")).to_have_attribute("data-engine-sat", "wheel")
    answers_as_python_sat(page)
    assert not errors
    ctx.close()
