"""Optional packages in the page: a visit to number cross (which needs sympy) does not slow the next
sudoku Solve. The page asks the engine to preload a kind's packages when the kind is picked, and says
so when a kind needs none; sympy's import (6-20 s in wasm) is then begun only while the page's kind
wants it, or just before a request of a kind that needs it, never in the way of another kind's
request (tests/test_pyodide_sympy.py: Python itself is not slower once sympy is imported). On a desktop and
on a phone (390×844, touch: Solve tapped after the visit)."""

from __future__ import annotations

import time

import pytest

from gridlogic.kinds import numbercross, sudoku
from test_browser import SOLVE, VIEWS, browser, open_ready, phone, server, site, view  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None


@pytest.fixture(scope="module")
def app(browser, server):  # noqa: F811
    yield from open_ready(browser, server, viewport={"width": 1280, "height": 800})


def stages(page) -> list[str]:
    return page.evaluate("() => window.gridlogicLoadLog.map((s) => s.stage)")


def solve_seconds(page, text: str) -> float:
    start = time.perf_counter()
    response = page.evaluate("(r) => window.gridlogic.request(r)",
                             {"op": "solve", "kind": "sudoku", "text": text, "explain": True, "budget_ms": 60000})
    assert response["ok"], response
    return time.perf_counter() - start


def variant(i: int) -> str:
    text = sudoku.EXAMPLES[0].text
    at = [k for k, ch in enumerate(text) if ch.isdigit()][i]
    return text[:at] + "." + text[at + 1:]


@VIEWS
@pytest.mark.timed                                  # a wall-clock bound on the page's answer
def test_a_sudoku_solve_after_a_visit_to_number_cross_does_not_wait_for_sympy(view):
    app = view
    before = min(solve_seconds(app, variant(i)) for i in range(3))
    app.get_by_test_id("kind").select_option("numbercross")          # sympy: fetched and installed...
    app.get_by_test_id("kind").select_option("sudoku")               # ...but no longer wanted
    deadline = time.monotonic() + SOLVE / 1000
    while "sympy ready" not in stages(app):
        assert time.monotonic() < deadline, stages(app)
        time.sleep(0.2)
    time.sleep(1.5)                                                   # idle: an import would begin now
    after = solve_seconds(app, variant(3))
    assert "Importing sympy" not in stages(app), stages(app)
    assert after < max(3 * before, 2.0), (before, after)
    if app.touch:                                                     # the phone: Solve tapped answers too
        app.get_by_test_id("examples").select_option("classic")
        app.get_by_test_id("solve").tap()
        expect(app.get_by_test_id("status")).to_contain_text("unique", timeout=SOLVE)
        assert "Importing sympy" not in stages(app), stages(app)
        return                                                        # (sympy imported again: the desktop's)
    app.get_by_test_id("kind").select_option("numbercross")          # wanted again: imported when idle
    deadline = time.monotonic() + SOLVE / 1000
    while "sympy imported" not in stages(app):
        assert time.monotonic() < deadline, stages(app)
        time.sleep(0.2)
    response = app.evaluate("(r) => window.gridlogic.request(r)",
                            {"op": "solve", "kind": "numbercross", "text": numbercross.EXAMPLES[0].text})
    assert response["ok"] and response["result"]["status"] == "unique", response
