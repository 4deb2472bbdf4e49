"""Explanations on the page, in Debian's Chromium, on the built site; every one compared with what
gridlogic's API says for the same puzzle in Python.

Covers: the cells every solution shares, drawn over a sudoku with 29 solutions (Count and Solve); the
clues of an impossible example marked (exactly the API's conflict), and a variant rule named when it
is among them; Hint highlighting the cell and saying the API's heading and reason, Apply filling the
value as an entry (undoable); Explain all stepping to the solution with the difficulty rating; Check
marking a wrong entry and not a right one, entries told apart from givens, kept across a reload.
"""

from __future__ import annotations

import re

import pytest

from gridlogic.kinds import binary, nonogram, puzlogic, sudoku
from test_browser import LOAD, ask, browser, ready_page, server, site  # noqa: F401

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the browser fixture fails or skips
    expect = None

BAD = re.compile(r"\bbad\b")
ENTRY = re.compile(r"\bentry\b")


@pytest.fixture(scope="module")
def app(ready_page):  # noqa: F811
    return ready_page


def example(kind, name):
    return next(e for e in kind.EXAMPLES if e.name == name)


def cell(page, r: int, c: int):
    return page.locator(f"[data-testid=board] .cell[data-r='{r}'][data-c='{c}']")


def status(page):
    return page.get_by_test_id("status")


def load_example(page, kind: str, name: str) -> None:
    page.get_by_test_id("kind").select_option(kind)
    page.get_by_test_id("examples").select_option(value=name)


def load_text(page, kind: str, text: str) -> None:
    page.get_by_test_id("kind").select_option(kind)
    if page.get_by_test_id("text").is_hidden():
        page.get_by_test_id("text-toggle").click()
    page.get_by_test_id("text").fill(text)
    page.get_by_test_id("load-text").click()
    expect(status(page)).to_contain_text("loaded")


def classes_of(page, selector: str) -> set[tuple[int, int]]:
    """The (r, c) of the board's cells matching `selector` (e.g. ".bad")."""
    found = page.locator(f"[data-testid=board] .cell{selector}").evaluate_all(
        "cs => cs.map((c) => [+c.dataset.r, +c.dataset.c])")
    return {tuple(x) for x in found}


def grid_of(page) -> list[list[str]]:
    """The grid as the page shows it: a cell's own text, or the value drawn over it."""
    return page.locator("[data-testid=board]").evaluate("""b => {
        const out = [];
        for (const c of b.querySelectorAll('.cell')) {
            (out[+c.dataset.r] = out[+c.dataset.r] || [])[+c.dataset.c] = c.textContent;
        }
        return out;
    }""")


def type_at(page, r: int, c: int, text: str) -> None:
    cell(page, r, c).click()
    page.get_by_test_id("board").press(text)


# -- several solutions: the certain cells -----------------------------------------------------------
@pytest.mark.corpus
def test_several_solutions_are_drawn_before_the_shared_cells_are_found(app):
    """Knotty (two pictures, its shared cells slow to find): Solve draws the answer while the page is
    still looking for the cells every solution shares, and Stop keeps the answer."""
    from conftest import corpus_path
    text = corpus_path("nonogram", "webpbn_survey_non", "knotty.non").read_text()
    assert ask(op="solve", kind="nonogram", text=text, render=False)["status"] == "multiple"
    load_text(app, "nonogram", text)
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("finding the cells every solution shares", timeout=LOAD)
    expect(status(app)).to_contain_text("multiple solutions")
    expect(app.locator("body")).to_have_attribute("data-busy", "1")
    expect(app.get_by_test_id("which")).to_have_text("solution 1 of 2")
    app.get_by_test_id("stop").click()
    expect(status(app)).to_contain_text("multiple solutions")
    expect(status(app)).to_contain_text("stopped")
    expect(app.get_by_test_id("which")).to_have_text("solution 1 of 2")
    app.get_by_test_id("next").click()
    expect(app.get_by_test_id("which")).to_have_text("solution 2 of 2")
    expect(app.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)


def test_certain_cells_of_a_sudoku_with_several_solutions(app):
    """The classic without its r1c5: Count says the API's number of solutions and of open cells the
    same in all of them, and draws exactly those cells with their values; Solve says the same."""
    rows = example(sudoku, "classic").text.splitlines()
    rows[0] = rows[0][:4] + "." + rows[0][5:]
    text = "\n".join(rows)
    counted = ask(op="solve", kind="sudoku", text=text, count=True, facts=True, render=False)
    assert counted["status"] == "multiple" and counted["count_complete"]
    certain = {(r, c): v for r, c, v in counted["facts"] if rows[r][c] == "."}
    assert 0 < len(certain) < sum(row.count(".") for row in rows)
    # independently: the open cells whose value is the same in every solution the API lists
    listed = ask(op="solve", kind="sudoku", text=text, all=True, render=False)["solutions"]
    assert len(listed) == counted["count"]
    same = {(r, c): int(listed[0].splitlines()[r][c]) for r in range(9) for c in range(9)
            if rows[r][c] == "." and len({s.splitlines()[r][c] for s in listed}) == 1}
    assert same == certain
    load_text(app, "sudoku", text)
    app.get_by_test_id("count").click()
    expect(status(app)).to_contain_text(f"exactly {counted['count']} solutions; "
                                        f"{len(certain)} open cells are the same in all of them")
    assert classes_of(app, ".ov") == set(certain)
    app.get_by_test_id("back-to-puzzle").click()              # the puzzle with the certain values over it
    grid = grid_of(app)
    for (r, c), v in certain.items():
        assert grid[r][c] == str(v)
        expect(cell(app, r, c).locator(".ov-value")).to_have_text(str(v))
    shown = {(r, c) for r in range(9) for c in range(9) if rows[r][c] == "." and grid[r][c]}
    assert shown == set(certain)
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text(f"{len(certain)} open cells are the same in all of them")
    assert classes_of(app, ".ov") == set(certain)
    type_at(app, 8, 8, "4")                                   # an edit drops them
    expect(app.locator("[data-testid=board] .ov")).to_have_count(0)


# -- no solution: the clues that contradict each other -------------------------------------------------
def test_impossible_example_marks_exactly_the_conflict(app):
    ex = example(sudoku, "impossible")
    answer = ask(op="solve", kind="sudoku", text=ex.text, explain=True, render=False)
    assert answer["status"] == "none" and answer["conflict"]
    load_example(app, "sudoku", "impossible")
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("no solution")
    expect(status(app)).to_contain_text(answer["because"])
    expect(app.get_by_test_id("caption")).to_have_text(answer["because"])
    expect(app.locator("[data-testid=board] .cell.bad")).to_have_count(len(answer["conflict"]))
    assert classes_of(app, ".bad") == {tuple(x) for x in answer["conflict"]}
    assert_minimal_conflict(ex.text, classes_of(app, ".bad"))


def assert_minimal_conflict(text: str, marked: set, rules=()) -> None:
    """Re-solved: the marked givens alone (under `rules`) have no solution, without any one of them
    they have one."""
    grid = text.splitlines()

    def status_of(cells):
        only = "\n".join("".join(grid[r][c] if (r, c) in cells else "." for c in range(9)) for r in range(9))
        return ask(op="solve", kind="sudoku", text=only, rules=list(rules), render=False)["status"]

    assert status_of(marked) == "none"
    assert all(status_of(marked - {cell}) != "none" for cell in marked)


def test_a_rule_among_the_conflict_is_named(app):
    """The classic under the knight rule has no solution: the rule is named and givens marked that
    contradict each other under it (a minimal set, re-solved here; which one depends on the solver's
    history, so it is checked rather than compared), and not without it."""
    text = example(sudoku, "classic").text
    answer = ask(op="solve", kind="sudoku", text=text, rules=["knight"], explain=True, render=False)
    assert answer["status"] == "none" and ["rule", "knight"] in [c["key"] for c in answer["conflict_clues"]]
    load_example(app, "sudoku", "classic")
    app.get_by_test_id("rule-knight").check()
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("The knight rule is part of it")
    expect(app.locator("[data-testid=board] .cell.bad").first).to_be_visible()
    marked = classes_of(app, ".bad")
    assert_minimal_conflict(text, marked, rules=["knight"])
    assert ask(op="solve", kind="sudoku", text=text, render=False)["status"] == "unique"
    app.get_by_test_id("rule-knight").uncheck()
    expect(app.locator("[data-testid=board] .cell.bad")).to_have_count(0)


# -- hints -------------------------------------------------------------------------------------------
def expect_told(where, step):
    """`where` says the API's `step`: its heading first, then its reason (when it has clues)."""
    expect(where).to_contain_text(f"{step['heading']} · ")
    if step["reason"]:
        expect(where).to_contain_text(f": {step['reason']}.")


def test_hint_then_apply_fills_the_value(app):
    ex = example(sudoku, "classic")
    hint = ask(op="hint", kind="sudoku", text=ex.text)["hint"]
    (r, c), value = hint["cell"], str(hint["value"])
    assert ex.solution.splitlines()[r][c] == value                 # a hint is never wrong
    load_example(app, "sudoku", "classic")
    app.get_by_test_id("hint").click()
    assert hint["heading"].lower().startswith(hint["technique"])              # the technique first
    expect(status(app)).to_contain_text(f"hint: {hint['heading']} · row {r + 1}, column {c + 1} is {value}: "
                                        f"{hint['reason']}.")
    assert hint["technique"].lower() not in status(app).inner_text().lower().split(" · ", 1)[1]   # said once
    expect_told(app.get_by_test_id("caption"), hint)
    assert classes_of(app, ".hl") == {(r, c)} | {tuple(x) for x in hint["because"]}
    expect(cell(app, r, c)).to_have_text("")                        # said, not filled in
    app.get_by_test_id("apply").click()
    expect(cell(app, r, c)).to_have_text(value)
    expect(cell(app, r, c)).to_have_class(ENTRY)
    expect(status(app)).to_contain_text(f"applied: row {r + 1}, column {c + 1} is {value}")
    expect(app.get_by_test_id("apply")).to_be_hidden()
    # the next hint starts from the entry: the API, asked with it, gives the same step the page shows
    following = ask(op="hint", kind="sudoku", text=ex.text, entries=[[r, c, hint["value"]]])["hint"]
    app.get_by_test_id("hint").click()
    expect_told(status(app), following)
    app.get_by_test_id("undo").click()                             # Apply is an ordinary edit
    expect(cell(app, r, c)).to_have_text("")


def test_explain_all_steps_to_the_solution_with_a_rating(app):
    """Explain all on the binary example: a step per open cell (binary steps place values), the first
    one the API's first hint, Next to the last step gives the solution, and a rating with its counts.
    (Later reasons may differ from a fresh Python's: the solver's history picks among equal ones.)"""
    ex = example(binary, "6x6")
    first = ask(op="hint", kind="binary", text=ex.text)["hint"]
    puzzle = binary.parse(ex.text)
    n = sum(row.count(".") for row in ex.text.split())
    load_example(app, "binary", "6x6")
    app.get_by_test_id("explain-all").click()
    expect(app.get_by_test_id("step-which")).to_have_text(f"step 1 of {n}")
    expect_told(status(app), first)
    rating = app.get_by_test_id("rating")
    said = ask(op="hint", kind="binary", text=ex.text, path=True)["difficulty"]
    levels = ", ".join(f"{k} {name}" for name, k in said["levels"].items() if k)
    expect(rating).to_contain_text(f"Difficulty: {said['rating']} · {n} steps: {levels};")
    for i in range(1, n):
        app.get_by_test_id("step-next").click()
        expect(app.get_by_test_id("step-which")).to_have_text(f"step {i + 1} of {n}")
    expect(app.get_by_test_id("step-next")).to_be_disabled()
    expect(status(app)).to_contain_text("the last step: every cell is known")
    shown = "\n".join("".join(row) for row in grid_of(app))
    assert shown == ask(op="solve", kind="binary", text=ex.text, render=False)["solution"].strip()
    assert not binary.check(puzzle, binary.parse_solution(puzzle, shown))
    app.get_by_test_id("step-prev").click()
    expect(app.get_by_test_id("step-which")).to_have_text(f"step {n - 1} of {n}")
    assert sum(v == "" for row in grid_of(app) for v in row) == 1     # one step back: one cell open
    app.get_by_test_id("step-close").click()
    expect(app.get_by_test_id("steps")).to_be_hidden()
    expect(app.locator("[data-testid=board] .ov")).to_have_count(0)


def test_explain_all_stopped_by_the_budget_says_the_level_it_needs_at_least(app):
    """A plain sudoku whose first step is a forcing chain (Arto Inkala's): within the shortest budget
    Explain all gives no rating, and says the level it needs at least: fiendish, the grader's lower
    bound, as the API's `at_least` says for the same puzzle stopped early."""
    hard = "8........\n..36.....\n.7..9.2..\n.5...7...\n....457..\n...1...3.\n..1....68\n..85...1.\n.9....4.."
    said = ask(op="hint", kind="sudoku", text=hard, path=True, budget_ms=300)
    assert said["stopped"] == "budget" and said["difficulty"] is None and said["at_least"]["rating"] == "fiendish"
    load_text(app, "sudoku", hard)
    app.get_by_test_id("budget").select_option(label="10 s")
    app.get_by_test_id("explain-all").click()
    expect(app.locator("#steps:not([hidden]) [data-testid=rating], [data-testid=status]").filter(
        has_text="at least fiendish").first).to_be_visible(timeout=LOAD)


# -- checking the user's entries ------------------------------------------------------------------------
def test_check_marks_a_wrong_entry_and_not_a_right_one(app):
    ex = example(sudoku, "classic")
    grid = ex.text.splitlines()
    solution = ex.solution.splitlines()
    right = (0, 0)
    wrong, bad_digit = None, None
    for r, c in ((r, c) for r in range(9) for c in range(9) if grid[r][c] == "." and (r, c) != right):
        seen = set(grid[r]) | {grid[i][c] for i in range(9)} | {
            grid[i][j] for i in range(r // 3 * 3, r // 3 * 3 + 3) for j in range(c // 3 * 3, c // 3 * 3 + 3)}
        free = [d for d in "123456789" if d not in seen and d != solution[r][c]]
        if free:
            wrong, bad_digit = (r, c), free[0]
            break
    entries = [[*right, int(solution[0][0])], [*wrong, int(bad_digit)]]
    checked = ask(op="progress", kind="sudoku", text=ex.text, entries=entries)
    assert checked["wrong"] == [list(wrong)]
    load_example(app, "sudoku", "classic")
    type_at(app, *right, solution[0][0])
    type_at(app, *wrong, bad_digit)
    expect(status(app)).to_have_text("ready")
    assert classes_of(app, ".entry") == {right, wrong}
    assert not classes_of(app, ".entry") & {(r, c) for r in range(9) for c in range(9) if grid[r][c] != "."}
    app.get_by_test_id("check").click()
    expect(status(app)).to_contain_text("1 of your 2 entries is wrong")
    expect(cell(app, *wrong)).to_have_class(BAD)
    expect(cell(app, *right)).not_to_have_class(BAD)
    assert classes_of(app, ".bad") == {wrong}
    assert cell(app, 1, 0).text_content() == ""                     # nothing else revealed
    app.reload()                                                     # the entries are kept as entries
    expect(cell(app, *wrong)).to_have_text(bad_digit)
    assert classes_of(app, ".entry") == {right, wrong}
    expect(app.locator("body")).to_have_attribute("data-engine", "ready", timeout=LOAD)
    type_at(app, *wrong, "Delete")
    app.get_by_test_id("check").click()
    expect(status(app)).to_contain_text("all correct so far (1 entry)")
    expect(app.locator("[data-testid=board] .cell.bad")).to_have_count(0)
    app.get_by_test_id("keep-givens").click()                          # now part of the puzzle
    assert not classes_of(app, ".entry")
    app.get_by_test_id("check").click()
    expect(status(app)).to_contain_text("nothing to check yet")


# -- Solve holds the user's entries apart from the puzzle ---------------------------------------------
def test_solve_keeps_entries_apart_from_the_givens(app):
    """A puzlogic piece placed by the user is an entry, not a given cell: Solve still finds the
    puzzle's one solution. A wrong sudoku entry makes Solve say no solution and name the entry."""
    ex = example(puzlogic, "level 6")
    solved = ask(op="solve", kind="puzlogic", text=ex.text, facts=True, render=False)
    r, c, v = next(f for f in solved["facts"] if f[2])
    load_example(app, "puzlogic", "level 6")
    type_at(app, r, c, str(v))
    assert classes_of(app, ".entry") == {(r, c)}
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("unique", timeout=LOAD)

    ex = example(sudoku, "classic")
    grid, solution = ex.text.splitlines(), ex.solution.splitlines()
    r, c = next((r, c) for r in range(9) for c in range(9) if grid[r][c] == ".")
    wrong = str(int(solution[r][c]) % 9 + 1)
    conflict = ask(op="solve", kind="sudoku", text=ex.text, explain=True, entries=[[r, c, int(wrong)]])
    assert conflict["status"] == "none"
    load_example(app, "sudoku", "classic")
    type_at(app, r, c, wrong)
    app.get_by_test_id("solve").click()
    expect(status(app)).to_contain_text("no solution", timeout=LOAD)
    expect(status(app)).to_contain_text(f"your {wrong} at r{r + 1}c{c + 1}")
    assert (r, c) in classes_of(app, ".bad")


def test_nonogram_steps_are_drawn_as_marks_and_said_in_words(app):
    """Explain all on a nonogram draws each step as the kind's mark (■ filled, × empty), never 0 or 1;
    the status says 'row X, column Y is filled' or 'is empty', as the solution has it."""
    ex = next(e for e in nonogram.EXAMPLES if e.count == 1)
    solution = ask(op="solve", kind="nonogram", text=ex.text, render=False)["solution"].splitlines()
    load_example(app, "nonogram", ex.name)
    app.get_by_test_id("explain-all").click()
    expect(status(app)).to_contain_text("step 1 of ", timeout=LOAD)
    total = int(re.search(r"step 1 of (\d+)", status(app).text_content()).group(1))
    seen = set()
    for i in range(total):
        if i:
            app.get_by_test_id("step-next").click()
            expect(status(app)).to_contain_text(f"step {i + 1} of ")
        m = re.search(r"row (\d+), column (\d+) is (filled|empty)", status(app).text_content())
        r, c, word = int(m.group(1)) - 1, int(m.group(2)) - 1, m.group(3)
        assert word == ("filled" if solution[r][c] == "#" else "empty")
        expect(cell(app, r, c)).to_have_text("■" if word == "filled" else "×")
        seen.add(word)
    assert seen == {"filled", "empty"}
