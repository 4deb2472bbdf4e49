"""Hints name their technique, and one count of steps is used everywhere.

A plain sudoku's hints and Explain all are its grader's walk (gridlogic/techniques.py): every named
technique is checked here on a candidate grid this file keeps itself (the givens, the values placed and
the candidates ruled out so far, each cell's candidates the digits no peer holds), never through the
explainer: a naked single's cell has that one candidate left, a hidden single's digit one place in the
named unit, a pointing pair's digit in its box lies on its line only, and so on; every value placed is the
solution's and every candidate ruled out is not. The values a step names are on the grid and see the
cells they are said to rule out. Then, for every kind's examples with one solution: the steps Explain all
shows, the rating's count and the generator's rating (walks.rate) are one count.
"""

from __future__ import annotations

import re

import pytest
from conftest import corpus_cases

from gridlogic import api, walks
from gridlogic.contract import is_cnf, layout_of
from gridlogic.kinds import KINDS, sudoku
from gridlogic.layout.play import plays_on_lattice

CLASSIC = sudoku.EXAMPLES[0]
VALUE = re.compile(r"the (\d) (?:placed )?at r(\d)c(\d)")
GONE = re.compile(r"no (\d) at r(\d)c(\d)")
DIGITS = set(range(1, 10))


def unit_cells(name: str) -> list[tuple[int, int]]:
    """The cells of "row 3", "column 9" or "box 2"."""
    noun, k = name.split()
    k = int(k) - 1
    if noun == "row":
        return [(k, c) for c in range(9)]
    if noun == "column":
        return [(r, k) for r in range(9)]
    return [(k // 3 * 3 + i, k % 3 * 3 + j) for i in range(3) for j in range(3)]


def sees(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a != b and (a[0] == b[0] or a[1] == b[1] or (a[0] // 3, a[1] // 3) == (b[0] // 3, b[1] // 3))


class Grid:
    """Values and ruled-out candidates of a 9×9 sudoku, kept by the test alone."""

    def __init__(self, text: str) -> None:
        rows = text.split("\n")
        self.values = {(r, c): int(ch) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}
        self.gone: set[tuple[int, int, int]] = set()

    def candidates(self, cell: tuple[int, int]) -> set[int]:
        if cell in self.values:
            return set()
        seen = {d for other, d in self.values.items() if sees(cell, other)}
        return DIGITS - seen - {d for r, c, d in self.gone if (r, c) == cell}

    def places(self, unit: list[tuple[int, int]], d: int) -> list[tuple[int, int]]:
        return [cell for cell in unit if d in self.candidates(cell)]

    def apply(self, step: dict) -> None:
        self.gone |= {tuple(fact) for fact in step["eliminations"]}
        if not step["eliminated"]:
            self.values[tuple(step["cell"])] = step["value"]


def removed(step: dict) -> tuple[set, set]:
    """The cells a step rules candidates out of, and the digits."""
    return {(r, c) for r, c, _ in step["eliminations"]}, {d for _, _, d in step["eliminations"]}


def check_locked(grid: Grid, step: dict, pointing: bool) -> None:
    """Pointing: the digit's places in the box (units[0]) all lie on the line (units[1]), and it leaves the
    line outside the box. Claiming: the same with line and box swapped."""
    first, second = (unit_cells(name) for name in step["units"][:2])
    cells, (d,) = removed(step)
    pattern = {tuple(cell) for cell in step["pattern"]}
    assert set(grid.places(first, d)) == pattern and pattern <= set(second), step["sentence"]
    assert cells <= set(second) - set(first), step["sentence"]
    assert step["units"][0].startswith("box") == pointing


def check_naked_set(grid: Grid, step: dict) -> None:
    """k cells of the unit whose candidates are k digits in all; those digits leave the unit's other cells."""
    pattern = [tuple(cell) for cell in step["pattern"]]
    digits = set().union(*(grid.candidates(cell) for cell in pattern))
    cells, gone = removed(step)
    assert len(digits) == len(pattern) and gone <= digits, step["sentence"]
    assert cells <= set(unit_cells(step["units"][0])) - set(pattern), step["sentence"]


def check_hidden_set(grid: Grid, step: dict) -> None:
    """k digits whose places in the unit are the k pattern cells: those cells lose every other digit."""
    unit, pattern = unit_cells(step["units"][0]), {tuple(cell) for cell in step["pattern"]}
    cells, _ = removed(step)
    kept = [d for d in DIGITS if grid.places(unit, d) and set(grid.places(unit, d)) <= pattern]
    assert len(kept) == len(pattern) and cells <= pattern, step["sentence"]
    assert all(d not in kept for _, _, d in step["eliminations"]), step["sentence"]


def check_fish(grid: Grid, step: dict) -> None:
    """The digit's places in the k base lines lie in k cross lines; it leaves those lines elsewhere."""
    cells, (d,) = removed(step)
    base = [unit_cells(name) for name in step["units"]]
    along = 1 if step["units"][0].startswith("row") else 0          # rows as base: columns cover
    cover = {cell[along] for unit in base for cell in grid.places(unit, d)}
    assert len(cover) == len(base) and all(cell[along] in cover for cell in cells), step["sentence"]
    assert not cells & {cell for unit in base for cell in unit}, step["sentence"]


def check_single(grid: Grid, step: dict, technique: str) -> None:
    cell, v = tuple(step["cell"]), step["value"]
    if technique == "naked single":
        assert grid.candidates(cell) == {v}, step["sentence"]
        assert len(step["clues"]) <= 8                               # one value or ruled-out candidate per digit
    elif technique == "hidden single":
        assert grid.places(unit_cells(step["units"][-1]), v) == [cell], step["sentence"]
    elif technique == "full house":
        unit = unit_cells(step["units"][0])
        assert [x for x in unit if x not in grid.values] == [cell], step["sentence"]


def check_step(grid: Grid, step: dict, solution: list[str]) -> None:
    """The named technique holds on the grid before the step, and the step agrees with the solution."""
    technique = step["technique"]
    for r, c, d in step["eliminations"]:
        assert d in grid.candidates((r, c)) and int(solution[r][c]) != d, step["sentence"]
    if not step["eliminated"]:
        (r, c), v = step["cell"], step["value"]
        assert (r, c) not in grid.values and int(solution[r][c]) == v, step["sentence"]
    for clue in step["clues"]:                                    # what it rests on is on the grid
        value, gone = VALUE.fullmatch(clue), GONE.fullmatch(clue)
        assert value or gone, clue
        d, r, c = (int(x) for x in (value or gone).groups())
        assert grid.values.get((r - 1, c - 1)) == d if value else (r - 1, c - 1, d) in grid.gone, clue
        if value and technique == "naked single":
            assert sees((r - 1, c - 1), tuple(step["cell"])), clue
    base = technique.split(" after a ")[-1]
    if base.startswith(("pointing", "claiming")):
        check_locked(grid, step, base.startswith("pointing"))
    elif base.startswith("naked") and base != "naked single":
        check_naked_set(grid, step)
    elif base.startswith("hidden") and base != "hidden single":
        check_hidden_set(grid, step)
    elif base in ("X-wing", "swordfish", "jellyfish"):
        check_fish(grid, step)
    if " after a " in technique:                                  # then the hidden single it leaves
        after = Grid.__new__(Grid)
        after.values, after.gone = dict(grid.values), grid.gone | {tuple(x) for x in step["eliminations"]}
        cell, v = tuple(step["cell"]), step["value"]
        assert any(after.places(unit_cells(name), v) == [cell] for name in unit_names(cell)), step["sentence"]
    elif technique in ("naked single", "hidden single", "full house"):
        check_single(grid, step, technique)
    checked[technique] = checked.get(technique, 0) + 1


def unit_names(cell: tuple[int, int]) -> list[str]:
    r, c = cell
    return [f"row {r + 1}", f"column {c + 1}", f"box {r // 3 * 3 + c // 3 + 1}"]


checked: dict[str, int] = {}


def puzzle_text(line: str) -> str:
    cells = line.split(":")[0].strip()[:81].replace("0", ".")
    return "\n".join(cells[r * 9:r * 9 + 9] for r in range(9))


SUDOKUS = [pytest.param(CLASSIC.text, id="classic"),
           *corpus_cases(("sudoku", "norvig_easy50.txt"),
                         lambda lines: [pytest.param(puzzle_text(lines[i]), id=f"norvig-easy-{i}") for i in (6, 41, 49)])]


@pytest.mark.parametrize("text", SUDOKUS)
def test_every_named_technique_holds_on_the_grid(text):
    result = api.handle({"op": "hint", "kind": "sudoku", "text": text, "path": True})["result"]
    solution = api.handle({"op": "solve", "kind": "sudoku", "text": text, "render": False})["result"]["solution"]
    solution = solution.split("\n")
    grid = Grid(text)
    for step in result["steps"]:
        assert step["technique"] and step["sentence"].lower().startswith(step["technique"].lower())
        check_step(grid, step, solution)
        grid.apply(step)
    assert len(grid.values) == 81
    assert result["difficulty"]["steps"] == len(result["steps"])


def test_the_techniques_checked_cover_the_common_ones():
    """(After the test above: each named technique was checked on the grid at least once.)"""
    if not checked:
        pytest.skip("runs after test_every_named_technique_holds_on_the_grid")
    for technique in ("naked single", "hidden single", "full house", "pointing pair", "claiming pair"):
        assert checked.get(technique), (technique, checked)


def test_a_hint_names_the_eliminations_it_was_found_after():
    """After 20 placements of the classic, the grader rules candidates out (pointing, claiming) before it
    places a value: the hint is that placement, its `before` those steps, each checked on the grid."""
    path = api.handle({"op": "hint", "kind": "sudoku", "text": CLASSIC.text, "path": True})["result"]["steps"]
    entries = [[*s["cell"], s["value"]] for s in path[:20]]
    assert all(not s["eliminated"] for s in path[:20]) and path[20]["eliminated"]
    hint = api.handle({"op": "hint", "kind": "sudoku", "text": CLASSIC.text, "entries": entries})["result"]["hint"]
    solution = CLASSIC.solution.split("\n")
    grid = Grid(CLASSIC.text)
    for r, c, v in entries:
        grid.values[(r, c)] = v
    assert [s["technique"] for s in hint["before"]] == [s["technique"] for s in path[20:20 + len(hint["before"])]]
    for step in hint["before"]:
        assert step["eliminated"]
        check_step(grid, step, solution)
        grid.apply(step)
    assert not hint["eliminated"]
    check_step(grid, hint, solution)
    assert hint["sentence"].startswith("After " + hint["before"][0]["technique"])


def unique_examples():
    for kind in KINDS:
        if is_cnf(kind):
            for example in kind.EXAMPLES:
                if example.count == 1 and not example.rules:
                    yield pytest.param(kind, example, id=f"{kind.KEY}-{example.name}")


@pytest.mark.parametrize("kind,example", list(unique_examples()))
def test_one_count_of_steps_for_every_kind(kind, example):
    """Explain all's steps, the rating it shows and the generator's rating count the same steps, and every
    step names a technique that its sentence starts with."""
    result = api.handle({"op": "hint", "kind": kind.KEY, "text": example.text, "path": True})["result"]
    steps, difficulty = result["steps"], result["difficulty"]
    assert steps and difficulty["steps"] == len(steps) == sum(difficulty["levels"].values())
    rated = walks.rate(kind, kind.parse(example.text))
    assert rated.difficulty["steps"] == len(steps) and rated.level == difficulty["rating"]
    for step in steps:
        assert step["technique"] and step["sentence"].lower().startswith(step["technique"].lower())
        assert [step["cell"]] == step["cells"][:1]
    hint = api.handle({"op": "hint", "kind": kind.KEY, "text": example.text})["result"]["hint"]
    assert hint["cell"] == next(s for s in steps if not s["eliminated"])["cell"]   # the next hint is the walk's


@pytest.mark.parametrize("kind", [k for k in KINDS if plays_on_lattice(layout_of(k))], ids=lambda k: k.KEY)
def test_a_step_on_the_lattice_says_what_it_settles_and_rests_on_cells(kind):
    """A kind whose facts are lattice points (lines, sides): every step says what it settles in the kind's
    words (the page shows them, not a point read as a cell), and the cells it rests on are cells of the
    grid, an earlier step standing for the cells beside its point."""
    example = next(e for e in kind.EXAMPLES if e.count == 1)
    state = kind.to_state(kind.parse(example.text))
    steps = api.handle({"op": "hint", "kind": kind.KEY, "text": example.text, "path": True})["result"]["steps"]
    assert steps
    for i, step in enumerate(steps):
        assert step["said"] and step["said"] in step["sentence"]
        assert not re.search(rf"\br{step['cell'][0] + 1}c{step['cell'][1] + 1}\b", step["said"])
        assert all(0 <= r < state["rows"] and 0 <= c < state["cols"] for r, c in step["because"]), step
        for earlier in steps[:i]:
            y, x = earlier["cell"]
            beside = {((y + dy - 1) // 2, (x + dx - 1) // 2) for dy, dx in ((0, -1), (0, 1), (-1, 0), (1, 0))
                      if (y + dy) % 2 and (x + dx) % 2 and 0 < y + dy < 2 * state["rows"] and 0 < x + dx < 2 * state["cols"]}
            if earlier["said"] in step["clues"]:
                assert beside <= {tuple(cell) for cell in step["because"]}, (earlier["said"], step)


def test_a_naked_single_named_by_the_sat_walk_has_one_candidate_left():
    """A SAT step's name (variant sudoku, or a plain one the grader cannot finish) is checked the same way:
    a naked single's cell has one candidate left on the grid before it."""
    walk = walks.walk(sudoku, sudoku.parse(CLASSIC.text), engine=walks.RATING_ENGINE, new=True)
    grid = Grid(CLASSIC.text)
    named = 0
    for step in walk.steps:
        data = step.to_json()
        if data["technique"] == "naked single":
            assert grid.candidates((step.r, step.c)) == {step.value}, data["sentence"]
            named += 1
        grid.apply(data)
    assert named


def test_the_grader_names_sets_and_fish_in_players_words():
    from gridlogic.kinds.sudoku.grading import words
    assert [words(t) for t in ("Hidden single (last cell)", "Naked pair", "X-wing", "XY-wing", "BUG type 1",
                               "Forcing X-chain", "Nishio forcing chain")] == [
        "full house", "naked pair", "X-wing", "XY-wing", "BUG type 1", "forcing X-chain", "Nishio forcing chain"]


def test_puzlogic_steps_name_the_sums_they_lean_on():
    """A puzlogic step named after a line's sum lies in that line, and that sum is its only sum; crossing
    sums are those of the step's row and column."""
    from gridlogic.kinds import puzlogic
    example = next(e for e in puzlogic.EXAMPLES if e.count == 1)
    steps = walks.walk(puzlogic, puzlogic.parse(example.text), engine=walks.RATING_ENGINE, new=True).steps
    assert steps and sum(bool(step.rule) for step in steps) >= len(steps) - 1
    for step in steps:
        sums = [clue.key for clue in step.clues if clue.key[0] == "sum"]
        if step.rule in ("the row's sum", "the column's sum"):
            (_, _, axis, index), = sums
            assert ("row", "column")[axis] in step.rule and (step.r, step.c)[axis] == index
        elif step.rule == "crossing sums":
            assert {(axis, index) for _, _, axis, index in sums} == {(0, step.r), (1, step.c)}
