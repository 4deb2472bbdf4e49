"""Hints in the page name their technique, in Debian's Chromium on the built site, at 1280×800 and on a
390×844 phone: a hint's caption and status say the technique first (as the API names it), the cells it
places and rests on are highlighted and no other; Explain all counts as many steps as the rating it
shows, and a step that rules candidates out draws them struck (≠) in their cells.
"""

from __future__ import annotations

import re

import pytest

from gridlogic.kinds import sudoku
from test_browser import LOAD, ask, browser, open_ready, server, site  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
CLASSIC = sudoku.EXAMPLES[0]


@pytest.fixture(scope="module", params=list(VIEWPORTS))
def app(request, browser, server):  # noqa: F811
    yield from open_ready(browser, server, viewport=VIEWPORTS[request.param])


def load_classic(page) -> None:
    page.get_by_test_id("kind").select_option("sudoku")
    page.get_by_test_id("examples").select_option(value=CLASSIC.name)
    expect(page.locator("[data-testid=board] .cell[data-r='0'][data-c='4']")).to_have_text("1", timeout=20_000)


def highlighted(page) -> set[tuple[int, int]]:
    return {(int(r), int(c)) for r, c in page.locator("[data-testid=board] .cell.hl").evaluate_all(
        "cells => cells.map((c) => [c.dataset.r, c.dataset.c])")}


def capital(name: str) -> str:
    return name[0].upper() + name[1:]


def test_a_hint_says_its_technique_first_and_highlights_its_cells(app):
    hint = ask(op="hint", kind="sudoku", text=CLASSIC.text)["hint"]
    load_classic(app)
    app.get_by_test_id("hint").click()
    caption = app.get_by_test_id("caption")
    expect(caption).to_contain_text(f"Hint: {hint['heading']} · ", timeout=LOAD)
    assert hint["heading"].startswith(capital(hint["technique"]))
    assert caption.inner_text().strip().startswith(f"Hint: {capital(hint['technique'])}")
    expect(app.get_by_test_id("status")).to_contain_text(f"hint: {hint['heading']} · ")
    expect(caption).to_contain_text(f": {hint['reason']}.")
    cells = {tuple(hint["cell"])} | {tuple(x) for x in hint["cells"]} | {tuple(x) for x in hint["because"]}
    assert 1 < len(cells) <= 10                                       # a few cells, not a list of clues
    expect(app.locator("[data-testid=board] .cell.hl")).to_have_count(len(cells))
    assert highlighted(app) == cells


def test_explain_all_counts_the_steps_its_rating_counts(app):
    """The classic's walk rules candidates out on its way (pointing and claiming pairs): Explain all shows
    those steps too, so its count is the rating's."""
    load_classic(app)
    app.get_by_test_id("explain-all").click()
    which = app.get_by_test_id("step-which")
    expect(which).to_contain_text("step 1 of ", timeout=LOAD)
    shown = int(re.search(r"step 1 of (\d+)", which.inner_text()).group(1))
    rating = app.get_by_test_id("rating")
    expect(rating).to_contain_text(" steps: ")
    rated = int(re.search(r"· (\d+) steps:", rating.inner_text()).group(1))
    assert shown == rated == ask(op="hint", kind="sudoku", text=CLASSIC.text, path=True)["difficulty"]["steps"]
    steps = ask(op="hint", kind="sudoku", text=CLASSIC.text, path=True)["steps"]
    k = next(i for i, step in enumerate(steps) if step["eliminated"])  # the first step that only rules out
    for _ in range(k):
        app.get_by_test_id("step-next").click()
    expect(which).to_have_text(f"step {k + 1} of {shown}")
    expect(app.get_by_test_id("caption")).to_contain_text(capital(steps[k]["technique"]))
    for r, c, v in steps[k]["eliminations"]:
        cell = app.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']")
        expect(cell).to_contain_text(f"≠{v}")
    assert highlighted(app) >= {tuple(x) for x in steps[k]["pattern"]} | {tuple(x) for x in steps[k]["cells"]}
    app.get_by_test_id("step-close").click()
