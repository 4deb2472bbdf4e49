"""Hints checked by independent methods: every step re-derived by a solver from exactly its reason (those
clues and the negated step have no solution, and dropping any one clue leaves one); following hints one
at a time through the API, each applied as a new given, solves whole puzzles that the kind's own checker
accepts; checking progress flags every wrong entry and never a right one."""

from __future__ import annotations

import random

import pytest
from conftest import corpus_cases, corpus_lines, corpus_path

from gridlogic import api, explain, ratings, session, solver, walks
from gridlogic.backends.sat import enumerate_models
from gridlogic import budget as budget_module
from gridlogic.budget import Budget
from gridlogic.cnf.clues import Clue
from gridlogic.contract import is_cnf, optional
from gridlogic.kinds import KINDS, binary, futoshiki, has_setter, nonogram, numbercross, puzlogic, sudoku
from gridlogic.kinds.nonogram.lines import _cell_lines, line_steps
from gridlogic.kinds.sudoku import grading
from gridlogic.session import Session
from gridlogic.step import Step

FILLABLE = tuple(k for k in KINDS if has_setter(k))    # kinds whose givens are cell values (sudoku, binary...)


def literal(kind, puzzle, formula, r: int, c: int, v: int, eliminated: bool = False) -> int:
    """The integer literal that says v is at (r, c) (or, eliminated, that it is not), read through fact_of."""
    for var in formula.shown:
        key = formula.key_of(var)
        if kind.fact_of(puzzle, key, True) == (r, c, v):
            return -var if eliminated else var
        if kind.fact_of(puzzle, key, False) == (r, c, v) and not eliminated:
            return -var
    raise AssertionError(f"no variable says {v} at r{r + 1}c{c + 1}")


def assert_rederived(kind, puzzle, step, entries=()) -> None:
    """The step's clues alone force it and each of them is needed: solved again from a fresh encoding with
    only those clues switched on (earlier steps and entries held as their literals), every clue whole as
    explanations encode it (no nonogram line solving first)."""
    formula = session.encode(kind, puzzle, exact_clues=True)
    selectors = {clue.selector for clue in formula.clues.values()}
    hard = [x for x in formula.assumptions if x not in selectors]
    on = []
    for clue in step.clues:
        tag = clue.key[0]
        if tag in ("placed", "eliminated", "entry"):
            on.append(literal(kind, puzzle, formula, *clue.key[1:], eliminated=tag == "eliminated"))
        else:
            on.append(formula.clues[clue.key].selector)
    negated = -literal(kind, puzzle, formula, step.r, step.c, step.value, step.eliminated)

    def solvable(clues: list[int]) -> bool:
        formula.assumptions = hard + clues + [negated]
        return enumerate_models(formula, 1, keep=0)[1] > 0

    assert not solvable(on), step.sentence
    for drop in on:
        assert solvable([x for x in on if x != drop]), (step.sentence, drop)


def sudoku_text(line: str) -> str:
    """A corpus line's 81 characters as the sudoku text format."""
    cells = line.split(":")[0].strip()[:81].replace("0", ".")
    return "\n".join(cells[r * 9:r * 9 + 9] for r in range(9))


def unique_examples():
    for kind in FILLABLE:
        for example in kind.EXAMPLES:
            if example.count == 1:
                yield pytest.param(kind, example.text, example.rules, id=f"{kind.KEY}-{example.name}")


CORPUS = corpus_cases(("sudoku", "norvig_easy50.txt"), lambda lines: [
    pytest.param(sudoku, sudoku_text(line), (), id=f"norvig-easy-{i}") for i, line in enumerate(lines[:5])], width=3)


def follow_hints(kind, text: str, rules) -> dict:
    """Ask for a hint, put its value into the state as a given, and again, until nothing is left: the
    final state (every request a fresh puzzle through the API)."""
    state = kind.to_state(kind.parse(text, rules=rules))
    for _ in range(len(state["cells"]) + 1):
        result = api.handle({"op": "hint", "kind": kind.KEY, "state": state, "rules": list(rules)})["result"]
        hint = result["hint"]
        if hint is None:
            assert result["status"] == "unique" and result["message"].startswith("Nothing left"), result
            return state
        assert not hint["eliminated"] and f"r{hint['cell'][0] + 1}c{hint['cell'][1] + 1} must be" in hint["sentence"]
        r, c = hint["cell"]
        i = r * state["cols"] + c
        assert state["cells"][i] == ""                     # a step fills an open cell, never a given one
        assert {tuple(cell) for cell in hint["because"]} <= {(r2, c2) for r2 in range(state["rows"])
                                                             for c2 in range(state["cols"])}
        state = {**state, "cells": [*state["cells"][:i], str(hint["value"]), *state["cells"][i + 1:]]}
    raise AssertionError("hints never ran out")


@pytest.mark.parametrize("kind,text,rules", [*unique_examples(), *CORPUS])
def test_following_hints_solves_the_puzzle(kind, text, rules):
    if rules:
        pytest.skip("the miracle's path takes half a minute; its first steps are re-derived below")
    state = follow_hints(kind, text, rules)
    grid = "\n".join("".join(state["cells"][r * state["cols"]:(r + 1) * state["cols"]]) for r in range(state["rows"]))
    puzzle = kind.parse(text, rules=rules)
    assert kind.check(puzzle, kind.parse_solution(puzzle, grid)) == []


@pytest.mark.parametrize("kind,text,rules", [*unique_examples(), *CORPUS[:2]])
def test_every_step_of_a_path_is_rederived_from_exactly_its_reason(kind, text, rules):
    puzzle = kind.parse(text, rules=rules)
    most = 4 if rules else None                     # the miracle's later reasons take a minute to re-solve
    walk = walks.walk(kind, puzzle, most=most, budget=Budget(120_000))
    assert walk.status == "unique" and not walk.stopped
    assert len(walk.steps) == (most or walk.open_cells)
    for step in walk.steps:
        assert_rederived(kind, puzzle, step)
    solution = kind.parse_solution(puzzle, api.handle({"op": "solve", "kind": kind.KEY, "text": text,
                                                       "rules": list(rules), "render": False})["result"]["solution"])
    placed = {(step.r, step.c): step.value for step in walk.steps}
    assert all(v == solution_value(kind, puzzle, solution, r, c) for (r, c), v in placed.items())


def solution_value(kind, puzzle, solution, r: int, c: int) -> int:
    """The value a solution has at (r, c), read through its text."""
    return int(kind.format(puzzle, solution).split("\n")[r][c], 36)


def test_the_path_op_gives_every_step_and_a_difficulty():
    result = api.handle({"op": "hint", "kind": "sudoku", "text": sudoku.EXAMPLES[0].text, "path": True})["result"]
    steps = result["steps"]
    assert result["hint"] == steps[0] and result["status"] == "unique"
    placed = [tuple(s["cell"]) for s in steps if not s["eliminated"]]   # plain sudoku: the grader's steps,
    assert len(set(placed)) == len(placed) == sudoku.EXAMPLES[0].text.count(".")   # each open cell placed once
    difficulty = result["difficulty"]                # and its rating (Sudoku Explainer's scale)
    grade = grading.grade(sudoku.parse(sudoku.EXAMPLES[0].text))
    assert difficulty["steps"] == len(grade.steps) and difficulty["score"] == grade.score
    assert difficulty["rating"] == grade.level == grading.level_of(grade.score)
    assert difficulty["levels"] == {name: sum(grading.level_of(s.score) == name for s in grade.steps)
                                    for name, _ in grading.LEVELS}
    assert difficulty["hard_steps"] == len(grade.steps) - difficulty["levels"]["easy"]
    assert difficulty["steps"] == len(steps)                                   # one count of steps
    assert difficulty["hardest"] == grading.words(max(grade.steps, key=lambda s: s.score).technique)
    assert difficulty["scale"] == "Sudoku Explainer"
    result = api.handle({"op": "hint", "kind": "sudoku", "text": sudoku.EXAMPLES[0].text, "path": True,
                         "rules": ["nonconsecutive"]})["result"]      # a rule the grader does not take: the walk's
    steps = result["steps"]
    difficulty = result["difficulty"]
    assert difficulty is None or (difficulty["steps"] == len(steps)
                                  and difficulty["largest_reason"] == max(len(s["clues"]) for s in steps)
                                  and 0 <= difficulty["hard_steps"] <= len(steps)
                                  and difficulty["rating"] in [name for name, _ in ratings.RATINGS])


def test_a_binary_line_step_is_easy_and_named_rules_count(monkeypatch):
    puzzle = binary.parse(binary.EXAMPLES[0].text)
    steps = walks.walk(binary, puzzle).steps
    in_a_line = [s for s in steps if len({r for r, _ in [*s.cells, (s.r, s.c)]}) == 1]
    assert in_a_line and all(ratings.is_easy(binary, puzzle, s) for s in in_a_line)
    monkeypatch.setattr(sudoku, "name_step", lambda p, fact, keys: "single" if len(keys) <= 8 else None,
                        raising=False)
    monkeypatch.setattr(sudoku, "EASY_STEPS", ("single",), raising=False)
    puzzle = sudoku.parse(sudoku.EXAMPLES[0].text)
    steps = walks.walk(sudoku, puzzle).steps
    assert all((s.rule == "single") == (len(s.clues) <= 8) for s in steps)
    difficulty = ratings.walk_difficulty(sudoku, puzzle, steps)
    assert difficulty["hard_steps"] == sum(not ratings.is_easy(sudoku, puzzle, s) and len(s.clues) > 8 for s in steps)
    assert difficulty["hard_steps"] <= sum(len(s.clues) > 8 for s in steps)


def test_a_hint_works_from_the_users_entries():
    example = sudoku.EXAMPLES[0]
    puzzle = sudoku.parse(example.text)
    answer = example.solution.split("\n")
    open_cells = [(r, c) for r in range(9) for c in range(9) if example.text.split("\n")[r][c] == "."]
    entries = [(r, c, int(answer[r][c])) for r, c in open_cells[:20]]
    walk = walks.walk(sudoku, puzzle, entries, most=1)
    step = walk.steps[0]
    assert (step.r, step.c) not in {(r, c) for r, c, _ in entries}
    assert step.value == int(answer[step.r][step.c])
    assert_rederived(sudoku, puzzle, step, entries)
    wrong = [(r, c, v % 9 + 1) for r, c, v in entries[:1]] + entries[1:]
    result = api.handle({"op": "hint", "kind": "sudoku", "text": example.text,
                         "entries": [list(e) for e in wrong]})["result"]
    assert result["status"] == "none" and result["hint"] is None and result["wrong"] == [list(wrong[0])]
    assert result["message"].startswith(f"your {wrong[0][2]} at r{wrong[0][0] + 1}c{wrong[0][1] + 1} is wrong")


def test_eliminations_when_no_value_is_forced():
    text = "1...\n....\n....\n...."
    puzzle = sudoku.parse(text)
    all_solutions = api.handle({"op": "solve", "kind": "sudoku", "text": text, "all": True,
                                "render": False})["result"]["solutions"]
    walk = walks.walk(sudoku, puzzle, most=5)
    assert walk.status == "multiple" and len(walk.steps) == 5
    for step in walk.steps:
        assert step.eliminated and "cannot be" in step.sentence
        assert all(s.split("\n")[step.r][step.c] != str(step.value) for s in all_solutions)
        assert_rederived(sudoku, puzzle, step)


def test_no_solution_solved_and_nothing_certain():
    impossible = next(e for e in sudoku.EXAMPLES if e.count == 0)
    result = api.handle({"op": "hint", "kind": "sudoku", "text": impossible.text})["result"]
    assert result["status"] == "none" and result["hint"] is None and result["conflict"]
    assert result["message"].startswith("No solution")
    solved = sudoku.EXAMPLES[0].solution
    result = api.handle({"op": "hint", "kind": "sudoku", "text": solved, "path": True})["result"]
    assert result["hint"] is None and result["steps"] == [] and result["message"].startswith("Nothing left")
    result = api.handle({"op": "hint", "kind": "binary", "text": "....\n" * 4})["result"]
    assert result["status"] == "multiple" and result["hint"] is None


def test_a_spent_budget_keeps_the_steps_found():
    result = api.handle({"op": "hint", "kind": "sudoku", "text": next(e.text for e in sudoku.EXAMPLES
                                                                    if e.name == "miracle"),
                         "rules": ["miracle"], "path": True, "budget_ms": 300})["result"]
    assert result["stopped"] == "budget" and result["difficulty"] is None
    assert len(result["steps"]) < 81


ORDER = ("easy", "medium", "hard", "fiendish")


class Ticks:
    """A clock for budgets that moves one millisecond each time it is read: where a budget stops is then
    the same on every machine and under any load."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 0.001
        return self.now


@pytest.mark.parametrize("kind, name", [("sudoku", "classic"), ("binary", "6x6")])
def test_a_stopped_path_says_what_it_needs_at_least(kind, name, monkeypatch):
    """A path the budget stops gives `at_least`: the difficulty of its steps so far, never above the
    whole path's (the same walk, cut short: its steps a prefix of the whole one's, each level's count
    no larger, the rating and the grader's score no higher). A finished path has none."""
    monkeypatch.setattr(budget_module, "time", Ticks())
    module = {"sudoku": sudoku, "binary": binary}[kind]
    text = next(e.text for e in module.EXAMPLES if e.name == name)
    ask = {"op": "hint", "kind": kind, "text": text, "path": True}
    whole = api.handle(ask)["result"]
    assert whole["stopped"] is None and whole["difficulty"] and whole["at_least"] is None
    full = whole["difficulty"]
    seen = 0
    for budget_ms in (2, 4, 8, 16, 32, 64, 128, 256, 512, 1024):
        cut = api.handle({**ask, "budget_ms": budget_ms})["result"]
        if cut["stopped"] != "budget":
            continue
        assert cut["difficulty"] is None
        assert [s["sentence"] for s in cut["steps"]] == [s["sentence"] for s in whole["steps"][:len(cut["steps"])]]
        low = cut["at_least"]
        if low is None:
            assert not cut["steps"]
            continue
        seen += 1
        assert low["steps"] == len(cut["steps"]) <= full["steps"]
        assert all(low["levels"][level] <= full["levels"][level] for level in low["levels"])
        assert ORDER.index(low["rating"]) <= ORDER.index(full["rating"])
        assert low.get("score", 0) <= full.get("score", 0)
    assert seen, "no budget stopped the path part way"


def test_native_kinds_refuse_hints():
    error = api.handle({"op": "hint", "kind": "numbercross", "text": "x"})["error"]
    assert error["type"] == "RequestError" and error["where"]["field"] == "kind"


# -- check my progress -----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("kind", FILLABLE, ids=lambda k: k.KEY)
def test_progress_flags_wrong_entries_and_never_right_ones(kind, seed):
    rng = random.Random(seed)
    example = next(e for e in kind.EXAMPLES if e.count == 1)
    puzzle = kind.parse(example.text, rules=example.rules)
    solution_text = api.handle({"op": "solve", "kind": kind.KEY, "text": example.text, "render": False,
                                "rules": list(example.rules)})["result"]["solution"].split("\n")
    state = kind.to_state(puzzle)
    cols = state["cols"]
    open_cells = [divmod(i, cols) for i, cell in enumerate(state["cells"]) if cell == ""]
    values = sorted({int(ch, 36) for row in solution_text for ch in row})
    chosen = rng.sample(open_cells, rng.randint(1, len(open_cells)))
    wrong = set(rng.sample(chosen, rng.randint(0, len(chosen))))
    entries = []
    for r, c in chosen:
        right = int(solution_text[r][c], 36)
        entries.append([r, c, rng.choice([v for v in values if v != right]) if (r, c) in wrong else right])
    result = api.handle({"op": "progress", "kind": kind.KEY, "text": example.text, "rules": list(example.rules),
                         "entries": entries})["result"]
    assert {tuple(cell) for cell in result["wrong"]} == wrong
    assert result["correct_so_far"] == (not wrong) and result["status"] == "unique"


def test_progress_on_several_solutions_keeps_entries_some_solution_has():
    text = "1...\n....\n....\n...."
    solutions = api.handle({"op": "solve", "kind": "sudoku", "text": text, "all": True,
                            "render": False})["result"]["solutions"]
    rng = random.Random(5)
    for grid in rng.sample(solutions, 8):
        rows = grid.split("\n")
        entries = [[r, c, int(rows[r][c])] for r in range(4) for c in range(4) if (r, c) != (0, 0)]
        result = api.handle({"op": "progress", "kind": "sudoku", "text": text, "entries": entries})["result"]
        assert result["wrong"] == [] and result["correct_so_far"] and result["status"] == "multiple"
    clash = [[0, 1, 2], [0, 2, 2]]                        # no solution has both; the later one is wrong
    result = api.handle({"op": "progress", "kind": "sudoku", "text": text, "entries": clash})["result"]
    assert result["wrong"] == [[0, 2]] and not result["correct_so_far"]


def test_progress_on_a_puzzle_without_solution():
    impossible = next(e for e in sudoku.EXAMPLES if e.count == 0)
    result = api.handle({"op": "progress", "kind": "sudoku", "text": impossible.text,
                         "entries": [[8, 8, 1]]})["result"]
    assert result["status"] == "none" and result["wrong"] == [] and not result["correct_so_far"]


# -- entries held apart in solve ----------------------------------------------------------------------

def test_solve_with_entries_keeps_the_solutions_that_agree_with_them():
    text = "1...\n....\n....\n...."
    every = api.handle({"op": "solve", "kind": "sudoku", "text": text, "all": True, "render": False})["result"]
    entries = [[0, 1, 2], [1, 0, 3]]
    agree = [s for s in every["solutions"] if all(s.split("\n")[r][c] == str(v) for r, c, v in entries)]
    result = api.handle({"op": "solve", "kind": "sudoku", "text": text, "all": True, "render": False,
                         "entries": entries})["result"]
    assert sorted(result["solutions"]) == sorted(agree) and 0 < len(agree) < every["count"]
    facts = api.handle({"op": "solve", "kind": "sudoku", "text": text, "facts": True, "render": False,
                        "entries": entries})["result"]["facts"]
    shared = {(r, c, int(agree[0].split("\n")[r][c])) for r in range(4) for c in range(4)
              if len({s.split("\n")[r][c] for s in agree}) == 1}
    assert {tuple(f) for f in facts} == shared


def test_a_wrong_entry_is_named_in_the_conflict_and_rebuilt_minimal():
    example = sudoku.EXAMPLES[0]
    answer = example.solution.split("\n")
    r, c = next((r, c) for r in range(9) for c in range(9) if example.text.split("\n")[r][c] == ".")
    wrong = int(answer[r][c]) % 9 + 1
    result = api.handle({"op": "solve", "kind": "sudoku", "text": example.text, "explain": True,
                         "entries": [[r, c, wrong]]})["result"]
    assert result["status"] == "none" and result["wrong"] == [[r, c, wrong]] and result["conflict"] is None
    puzzle = sudoku.parse(example.text)
    conflict = explain.explain(Session(sudoku, puzzle, [(r, c, wrong)]))
    assert f"your {wrong} at r{r + 1}c{c + 1}" in [clue.label for clue in conflict.clues]
    keys = [clue.key for clue in conflict.clues]
    formula = session.encode(sudoku, puzzle)
    selectors = {clue.selector for clue in formula.clues.values()}
    hard = [x for x in formula.assumptions if x not in selectors]
    on = [literal(sudoku, puzzle, formula, *k[1:]) if k[0] == "entry" else formula.clues[k].selector for k in keys]

    def solvable(clues):
        formula.assumptions = hard + clues
        return enumerate_models(formula, 1, keep=0)[1] > 0

    assert not solvable(on) and all(solvable([x for x in on if x != drop]) for drop in on)


def test_puzlogic_pieces_placed_as_entries_still_have_their_solution():
    example = next(e for e in puzlogic.EXAMPLES if e.count == 1)
    solved = api.handle({"op": "solve", "kind": "puzlogic", "text": example.text, "render": False})["result"]
    facts = api.handle({"op": "solve", "kind": "puzlogic", "text": example.text, "facts": True,
                        "render": False})["result"]["facts"]
    placed = [f for f in facts if f[2]][:2]
    assert placed
    result = api.handle({"op": "solve", "kind": "puzlogic", "text": example.text, "render": False,
                         "entries": placed})["result"]
    assert result["status"] == "unique" and result["solution"] == solved["solution"]


def test_entries_apart_are_refused_where_they_cannot_be_held():
    text = numbercross.EXAMPLES[0].text
    error = api.handle({"op": "solve", "kind": "numbercross", "text": text, "entries": [[0, 9, 1]]})["error"]
    assert error["type"] == "RequestError" and error["where"]["field"] == "entries"
    error = api.handle({"op": "solve", "kind": "sudoku", "text": "1...\n....\n....\n....", "count": True,
                        "symmetry": True, "entries": [[0, 1, 2]]})["error"]
    assert error["where"]["field"] == "symmetry"


def test_nonogram_steps_say_filled_or_empty():
    example = next(e for e in nonogram.EXAMPLES if e.count == 1)
    steps = api.handle({"op": "hint", "kind": "nonogram", "text": example.text, "path": True})["result"]["steps"]
    solution = api.handle({"op": "solve", "kind": "nonogram", "text": example.text,
                           "render": False})["result"]["solution"].split("\n")
    for step in steps:
        r, c = step["cell"]
        word = "filled" if solution[r][c] == "#" else "empty"
        assert f": r{r + 1}c{c + 1} must be {word}:" in step["sentence"], step["sentence"]
    assert {s["sentence"].split(" must be ")[1].split(":")[0] for s in steps} == {"filled", "empty"}


def test_a_hint_out_of_time_while_narrowing_the_conflict_says_so():
    """Row sums 92 against column sums 101: no solution, but narrowing the clues down needs proofs that
    are hard for the solver, so the time runs out first: the hint names the clues it has (the solver's
    core: they cannot all hold), says they are not shown minimal, and never that the grid's rules alone
    fail."""
    text = "- 21, 22, 18, 19, 21,\n,21 0 0 0 0 0\n,24 0 0 0 0 0\n,23 0 0 0 0 0\n,24 0 0 0 0 0"
    result = api.handle({"op": "hint", "kind": "kakuro", "text": text, "budget_ms": 1000})["result"]
    assert result["status"] == "none" and result["conflict_clues"] and result["conflict_minimal"] is False
    assert result["message"].startswith("No solution: These ") and "rules" not in result["message"]


def test_entries_are_checked_first_and_once_per_cell():
    impossible = "12..\n3...\n....\n.4.."
    assert api.handle({"op": "solve", "kind": "sudoku", "text": impossible})["result"]["status"] == "none"
    error = api.handle({"op": "progress", "kind": "sudoku", "text": impossible, "entries": [[99, 99, 1]]})["error"]
    assert error["where"]["field"] == "entries" and "r100c100" in error["message"]
    error = api.handle({"op": "progress", "kind": "sudoku", "text": "1...\n..2.\n.3..\n...4",
                        "entries": [[0, 1, 3], [0, 1, 4]]})["error"]
    assert error["where"]["field"] == "entries" and "two values for r1c2 (3 and 4)" in error["message"]


# -- nonogram paths: one line's steps first, the rest through cores ----------------------------------------

def nonogram_paths():
    for example in nonogram.EXAMPLES:
        if example.count == 1:
            yield pytest.param(example.text, id=example.name)
    for name in ("webpbn__1.non", "webpbn__26167.non"):
        yield pytest.param(("nonogram", "mikix_nonogram_db", name), id=name)


@pytest.mark.parametrize("source", nonogram_paths())
def test_every_step_of_a_nonogram_path_is_rederived_from_exactly_its_reason(source):
    text = source if isinstance(source, str) else corpus_path(*source).read_text()
    puzzle = nonogram.parse(text)
    walk = walks.walk(nonogram, puzzle)
    assert walk.status == "unique" and not walk.stopped and len(walk.steps) == walk.open_cells
    for step in walk.steps:
        assert_rederived(nonogram, puzzle, step)
    solution = solver.solve(nonogram, puzzle).solution
    assert all(solution[step.r * puzzle.width + step.c] == step.value for step in walk.steps)


def test_a_nonogram_step_beyond_one_line_comes_only_when_no_line_forces_a_cell():
    """The 4×4 that line solving cannot finish: its first step beyond one line comes where every line, with
    the cells placed before, leaves each open cell open (checked by the line solver over the whole grid)."""
    example = next(e for e in nonogram.EXAMPLES if e.name == "not line-solvable 4x4")
    puzzle = nonogram.parse(example.text)
    steps = walks.walk(nonogram, puzzle).steps
    beyond = [i for i, s in enumerate(steps) if s.rule is None]
    assert beyond and all(s.rule in nonogram.EASY_STEPS for s in steps if s.rule is not None)
    first = beyond[0]
    known = {(s.r, s.c): s.value for s in steps[:first]}
    for tag, _, cells in _cell_lines(puzzle):
        assert line_steps(puzzle, tag, {x: v for x, v in known.items() if x in cells}) == []


# -- the rating agrees with its counts ---------------------------------------------------------------------

def rated_paths():
    for kind in KINDS:
        if not is_cnf(kind) or optional(kind, "fact_of") is None:
            continue
        for example in kind.EXAMPLES:
            if example.count != 0 and not example.rules:      # (the miracle's path takes half a minute)
                yield pytest.param(kind, example.text, id=f"{kind.KEY}-{example.name}")
    for name in ("webpbn-00006.non", "webpbn-06574.non"):
        yield pytest.param(nonogram, ("nonogram", "webpbn_survey_non", name), id=name)
    yield pytest.param(sudoku, ("sudoku", "norvig_top95.txt"), id="norvig-top95-0")


@pytest.mark.parametrize("kind,source", rated_paths())
def test_the_rating_word_never_contradicts_its_counts(kind, source):
    if isinstance(source, str):
        text = source
    elif source[-1].endswith(".txt"):
        text = sudoku_text(corpus_lines(*source)[0])
    else:
        text = corpus_path(*source).read_text()
    puzzle = kind.parse(text)
    walk = walks.walk(kind, puzzle, budget=Budget(120_000))
    assert not walk.stopped
    difficulty = ratings.walk_difficulty(kind, puzzle, walk.steps)
    names = [name for name, _ in ratings.RATINGS]
    levels = difficulty["levels"]
    assert list(levels) == names and sum(levels.values()) == difficulty["steps"] == len(walk.steps)
    assert levels == {name: sum(ratings.level(kind, puzzle, s) == name for s in walk.steps) for name in names}
    assert difficulty["rating"] == max((name for name in names if levels[name]), key=names.index, default="easy")
    assert (difficulty["rating"] == "easy") == (difficulty["hard_steps"] == 0)
    assert difficulty["hard_steps"] == len(walk.steps) - levels["easy"]
    for step in walk.steps:
        if ratings.is_easy(kind, puzzle, step):
            assert ratings.level(kind, puzzle, step) == "easy"
        else:
            assert ratings.level(kind, puzzle, step) == next(name for name, most in ratings.RATINGS
                                                             if most is None or len(step.clues) <= most)


def test_a_solve_with_one_hard_step_is_rated_by_it():
    puzzle = sudoku.parse(sudoku.EXAMPLES[0].text)
    steps = list(walks.walk(sudoku, puzzle, most=3).steps)
    spread = tuple(Clue(("given", i // 9, i % 9), 0, ((i // 9, i % 9),)) for i in range(19))
    wide = Step(8, 8, 1, False, spread)             # 19 clues over three rows of boxes
    difficulty = ratings.walk_difficulty(sudoku, puzzle, [*steps, wide])
    assert difficulty["rating"] == "fiendish" and difficulty["hard_steps"] == 1
    assert difficulty["levels"]["fiendish"] == 1 and sum(difficulty["levels"].values()) == len(steps) + 1
    assert ratings.walk_difficulty(sudoku, puzzle, [])["rating"] == "easy"
