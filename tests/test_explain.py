"""Explanations checked by independent methods: certain cells (the backbone) against enumeration,
conflicts (minimal sets of clues that cannot all hold) re-solved for unsatisfiability and minimality."""

from __future__ import annotations

import itertools
import random

import pytest

from clues_fit import count, count_without

from gridlogic import api, conflicts, explain, session
from gridlogic.backends import sat
from gridlogic.budget import Budget, BudgetExceeded
from gridlogic.cnf.formula import Formula, Not
from gridlogic.kinds import KINDS, has_setter, sudoku
from gridlogic.contract import is_cnf, optional
from gridlogic.session import Session

ENGINES = ["minisat22", "cadical195"]


def xs(n: int) -> list[tuple]:
    return [("x", i) for i in range(n)]


def brute_models(f: Formula, n: int, on: set[int] | None = None) -> list[dict[int, bool]]:
    """Every assignment of the n shown variables that is a model with the assumptions in `on`
    (default: all of them); the other variables are clue selectors, true exactly when in `on`."""
    on = set(f.assumptions) if on is None else on
    out = []
    for bits in itertools.product((False, True), repeat=n):
        value = {v: v in on for v in range(n + 1, f.top + 1)}
        value.update({i + 1: b for i, b in enumerate(bits)})
        holds = lambda x: value[abs(x)] == (x > 0)     # noqa: E731
        if all(holds(a) for a in on) and all(any(holds(x) for x in c) for c in f.clauses):
            out.append(value)
    return out


def random_formula(rng: random.Random, n: int, density: float = 3) -> Formula:
    """Random 3-clauses over n shown variables (up to `density` per variable), some of them clues,
    plus a few givens."""
    f = Formula()
    f.show(xs(n))
    for i in range(rng.randint(n, int(density * n))):
        clause = [("x", v) if rng.random() < 0.5 else Not(("x", v)) for v in rng.sample(range(n), 3)]
        if rng.random() < 0.5:
            with f.clue(("c", i)):
                f.clause(clause)
        else:
            f.clause(clause)
    for v in rng.sample(range(n), rng.randint(0, 3)):
        f.given(("x", v) if rng.random() < 0.5 else Not(("x", v)), ("given", v))
    return f


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("seed", range(40))
def test_backbone_is_what_every_model_agrees_on(engine, seed):
    rng = random.Random(seed)
    n = rng.randint(4, 8)
    f = random_formula(rng, n)
    models = brute_models(f, n)
    found = sat.backbone(f, engine)
    if not models:
        assert found is None
        return
    agreed = [v if models[0][v] else -v for v in range(1, n + 1) if len({m[v] for m in models}) == 1]
    assert len(models) > 1 or len(agreed) == n
    assert found == agreed


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("seed", range(40))
def test_conflict_is_unsatisfiable_and_minimal(engine, seed):
    rng = random.Random(1000 + seed)
    n = rng.randint(4, 7)
    f = random_formula(rng, n, density=7)
    selectors = {clue.selector for clue in f.clues.values()}
    hard = {x for x in f.assumptions if x not in selectors}
    conflict = sat.minimal_conflict(f, engine)
    if brute_models(f, n):
        assert conflict is None
        return
    assert conflict is not None
    on = [f.clues[key].selector for key in conflict]
    assert not brute_models(f, n, hard | set(on))                # these clues alone fail
    for drop in on:                                              # and each one is needed
        assert brute_models(f, n, hard | (set(on) - {drop}))


def test_backbone_candidates_and_a_shared_base_stay_clean():
    base = Formula()
    base.show(xs(4), fixed_weight=True)
    base.exactly(xs(4), 2)
    with base.clue(("rule", "x0 or x1")):
        base.clause([("x", 0), ("x", 1)])
    f = Formula()
    f.include(base)
    f.given(("x", 2), ("given", 2))
    assert sat.backbone(f, candidates=[f.var(("x", 2)), f.var(("x", 3))]) == [f.var(("x", 2))]
    assert sat.backbone(f) == [f.var(("x", 2)), -f.var(("x", 3))]     # x3 would leave x0, x1 false
    f.given(("x", 3), ("given", 3))                          # x0, x1 now both false: no model
    assert sat.backbone(f) is None
    assert sat.minimal_conflict(f) == [("rule", "x0 or x1"), ("given", 2), ("given", 3)]
    g = Formula()
    g.include(base)                                          # the cached solver learnt nothing permanent
    assert sat.enumerate_models(g, 10)[1] == 5
    assert sat.minimal_conflict(g) is None


def test_rules_alone_failing_name_no_clue():
    f = Formula()
    f.show(xs(2))
    f.clause([("x", 0)])
    f.clause([Not(("x", 0))])
    f.given(("x", 1), ("given", 1))
    assert sat.minimal_conflict(f) == []


def test_an_expired_budget_stops_both():
    f = Formula()
    f.show(xs(3))
    f.exactly_one(xs(3))
    spent = Budget(1)
    while not spent.is_expired():
        pass
    with pytest.raises(BudgetExceeded):
        sat.backbone(f, budget=spent)
    with pytest.raises(BudgetExceeded):
        sat.minimal_conflict(f, budget=spent)


# -- kinds: facts against enumeration, conflicts re-solved -------------------------------------

CNF_KINDS = [kind for kind in KINDS if is_cnf(kind)]
ENUMERABLE = 5000            # examples with more solutions than this are not enumerated here


def _examples(want):
    for kind in CNF_KINDS:
        for example in kind.EXAMPLES:
            if want(example):
                yield pytest.param(kind, example, id=f"{kind.KEY}-{example.name}")


def facts_by_enumeration(kind, puzzle) -> list[tuple[int, int, int]]:
    """The cell facts every enumerated model agrees on (fact_of read on each model, then intersected)."""
    formula = session.encode(kind, puzzle)
    models, found, complete = sat.enumerate_models(formula, ENUMERABLE, keep=ENUMERABLE)
    assert complete and found
    common = None
    for model in models:
        seen = {tuple(kind.fact_of(puzzle, formula.key_of(v), model[formula.key_of(v)])) for v in formula.shown
                if kind.fact_of(puzzle, formula.key_of(v), model[formula.key_of(v)]) is not None}
        common = seen if common is None else common & seen
    return sorted(common)


def sudoku_facts_by_api(text: str, rules: str = "") -> list[tuple[int, int, int]]:
    """The cells whose digit is the same in every solution `all` lists (solution texts compared)."""
    result = api.handle({"op": "solve", "kind": "sudoku", "text": text, "rules": rules, "all": True,
                         "limit": ENUMERABLE, "render": False})["result"]
    assert result["count_complete"] and result["count"] == len(result["solutions"]) > 0
    grids = [s.split("\n") for s in result["solutions"]]
    n = len(grids[0])
    return [(r, c, int(grids[0][r][c], 36)) for r in range(n) for c in range(n)
            if len({g[r][c] for g in grids}) == 1]


def api_facts(kind_key: str, text: str, rules=()) -> list[tuple[int, int, int]]:
    result = api.handle({"op": "solve", "kind": kind_key, "text": text, "rules": list(rules), "facts": True,
                         "render": False})["result"]
    assert result["facts_count"] == len(result["facts"])
    return [tuple(f) for f in result["facts"]]


def test_the_empty_miracle_grid_has_72_solutions_and_facts_agree():
    text = "." * 81
    expected = sudoku_facts_by_api(text, "miracle")
    assert api_facts("sudoku", text, ["miracle"]) == expected


@pytest.mark.parametrize("seed", range(12))
def test_sudoku_facts_match_enumeration_on_random_small_puzzles(seed):
    rng = random.Random(seed)
    solutions = api.handle({"op": "solve", "kind": "sudoku", "text": "....\n" * 4, "all": True,
                            "render": False})["result"]["solutions"]
    grid = list(rng.choice(solutions).replace("\n", ""))
    for i in rng.sample(range(16), rng.randint(10, 15)):
        grid[i] = "."
    text = "\n".join("".join(grid[r * 4:r * 4 + 4]) for r in range(4))
    assert api_facts("sudoku", text) == sudoku_facts_by_api(text)


@pytest.mark.parametrize("kind,example", _examples(lambda e: e.count != 0 and (e.count or 0) <= ENUMERABLE))
def test_facts_match_enumeration_on_every_example(kind, example):
    if optional(kind, "fact_of") is None:
        pytest.skip(f"{kind.KEY} has no fact_of")
    puzzle = kind.parse(example.text, rules=example.rules)
    facts = explain.facts(Session(kind, puzzle))
    assert facts == facts_by_enumeration(kind, puzzle)
    if example.count == 1:                          # a unique puzzle: its facts are its whole solution
        assert facts and len({(r, c) for r, c, _ in facts}) == len(facts)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("kind", [k for k in KINDS if has_setter(k)], ids=lambda k: k.KEY)   # givens: cell values
def test_facts_match_enumeration_with_givens_taken_away(kind, seed):
    if optional(kind, "fact_of") is None:
        pytest.skip(f"{kind.KEY} has no fact_of")
    rng = random.Random(seed)
    example = next(e for e in kind.EXAMPLES if e.count == 1)
    state = kind.to_state(kind.parse(example.text, rules=example.rules))
    filled = [i for i, cell in enumerate(state["cells"]) if cell]
    cells = list(state["cells"])
    for i in rng.sample(filled, rng.randint(1, max(1, len(filled) // 6))):
        cells[i] = ""
    puzzle = kind.from_state({**state, "cells": cells}, rules=example.rules)
    if sat.enumerate_models(session.encode(kind, puzzle), ENUMERABLE + 1, keep=0)[1] > ENUMERABLE:
        pytest.skip("too many solutions to enumerate")
    assert explain.facts(Session(kind, puzzle)) == facts_by_enumeration(kind, puzzle)


def assert_minimal(kind, puzzle, keys) -> None:
    """The clues `keys` alone cannot all hold, and dropping any one of them leaves a solution:
    solved again by enumeration with only their selectors assumed, in the formula conflicts are found in
    (exact clues: a kind's plain formula may let one clue lean on another's clauses)."""
    formula = session.encode(kind, puzzle, exact_clues=True)
    selectors = {clue.selector for clue in formula.clues.values()}
    hard = [x for x in formula.assumptions if x not in selectors]

    def solvable(on: list) -> bool:
        formula.assumptions = hard + [formula.clues[key].selector for key in on]
        return sat.enumerate_models(formula, 1, keep=0)[1] > 0

    assert not solvable(keys)
    for key in keys:
        assert solvable([k for k in keys if k != key]), key


@pytest.mark.parametrize("kind,example", _examples(lambda e: e.count is not None))
def test_a_clue_switched_off_never_loses_solutions(kind, example):
    """Every kind's clue blocks guard only what follows from that clue: with one off (of the first 24),
    no solution of the whole puzzle is lost."""
    puzzle = kind.parse(example.text, rules=example.rules)
    assert count(session.encode(kind, puzzle)) == example.count
    for key in list(session.encode(kind, puzzle).clues)[:24]:
        assert count_without(kind, puzzle, key, limit=max(example.count, 1)) >= example.count


@pytest.mark.parametrize("kind,example", _examples(lambda e: e.count == 0))
def test_every_impossible_example_has_a_minimal_conflict(kind, example):
    puzzle = kind.parse(example.text, rules=example.rules)
    found = explain.explain(Session(kind, puzzle))
    assert found is not None and found.minimal
    clues = found.clues
    assert_minimal(kind, puzzle, [clue.key for clue in clues])
    if not session.encode(kind, puzzle).clues:
        pytest.skip(f"{kind.KEY} names no clues")
    assert clues                                    # the example fails through its clues, not the bare grid
    result = api.handle({"op": "solve", "kind": kind.KEY, "text": example.text, "rules": list(example.rules),
                         "explain": True, "render": False})["result"]
    assert result["status"] == "none" and len(result["conflict_clues"]) == len(clues)


@pytest.mark.parametrize("kind,example", _examples(lambda e: e.count not in (0, None)))
def test_puzzles_with_solutions_have_no_conflict(kind, example):
    assert explain.explain(Session(kind, kind.parse(example.text, rules=example.rules))) is None


def test_classic_sudoku_under_the_miracle_rules_names_a_rule():
    classic = sudoku.EXAMPLES[0].text
    puzzle = sudoku.parse(classic, rules=("miracle",))
    found = explain.explain(Session(sudoku, puzzle))
    assert found.minimal
    keys = [clue.key for clue in found.clues]
    assert any(key[0] == "rule" for key in keys)
    assert_minimal(sudoku, puzzle, keys)
    # rebuilt from its clues alone (those givens, those rules), the puzzle has no solution; one fewer, it has
    assert rebuilt_status(classic, keys) == "none"
    for drop in keys:
        assert rebuilt_status(classic, [k for k in keys if k != drop]) != "none", drop


def rebuilt_status(classic: str, keys: list) -> str:
    """The status of the classic puzzle keeping only the givens and rules named by `keys`."""
    rows = classic.split("\n")
    text = "\n".join("".join(ch if ("given", r, c) in keys else "." for c, ch in enumerate(row))
                     for r, row in enumerate(rows))
    rules = [key[1] for key in keys if key[0] == "rule"]
    return api.handle({"op": "solve", "kind": "sudoku", "text": text, "rules": rules, "render": False,
                       "count": True, "limit": 1})["result"]["status"]


@pytest.mark.parametrize("seed", range(8))
def test_a_wrong_digit_in_a_unique_sudoku_is_explained_minimally(seed):
    rng = random.Random(seed)
    example = sudoku.EXAMPLES[0]
    grid = list(example.text.replace("\n", ""))
    answer = example.solution.replace("\n", "")
    n = 9

    def seen(i: int) -> set[str]:
        r, c = divmod(i, n)
        return {grid[j] for j in range(81) if j != i and (j // n == r or j % n == c
                                                          or (j // n // 3, j % n // 3) == (r // 3, c // 3))}

    open_cells = [i for i, ch in enumerate(grid) if ch == "." and set("123456789") - seen(i) - {answer[i]}]
    i = rng.choice(open_cells)
    grid[i] = rng.choice(sorted(set("123456789") - seen(i) - {answer[i]}))   # no repeat the parser would refuse
    puzzle = sudoku.parse("\n".join("".join(grid[r * n:r * n + n]) for r in range(n)))
    found = explain.explain(Session(sudoku, puzzle))
    assert found.minimal
    keys = [clue.key for clue in found.clues]
    assert ("given", i // n, i % n) in keys       # without it the givens are the solvable classic
    assert_minimal(sudoku, puzzle, keys)


# -- small conflicts, and conflicts within a budget ------------------------------------------------------

# No solution under knight + diagonal, and a solver's first core can be large; small conflicts exist (the
# diagonal rule with the 8s at r5c5 and r7c7; the knight rule with four givens).
KNIGHT_DIAGONAL = "\n".join(["1635.89..", "..29.4.1.", "4.76315.2", "53.2..761", "671.852..", "..4..6358",
                             ".46.538.9", ".158.2476", "28...7..5"])
# No solution with no rule at all (from the tdoku test set), and no conflict of fewer than 20 clues.
TDOKU_NONE = "\n".join(["1...5.2.9", "..7......", ".6.......", "2........", "...5.1..2", "....2.39.",
                        "3.4.9...1", "5...1...3", "...8...4."])


def assert_conflict(text: str, keys: list, minimal: bool) -> None:
    """Rebuilt from its clues alone (a fresh puzzle of those givens and rules), the conflict has no
    solution; when it is said to be minimal, dropping any one clue leaves one."""
    assert rebuilt_status(text, keys) == "none"
    if minimal:
        for drop in keys:
            assert rebuilt_status(text, [k for k in keys if k != drop]) != "none", drop


def keys_of(conflict_clues: list) -> list:
    return [tuple(clue["key"]) if isinstance(clue["key"], list) else clue["key"] for clue in conflict_clues]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_small_conflict_is_found_when_the_first_core_is_large(engine):
    puzzle = sudoku.parse(KNIGHT_DIAGONAL, rules=("knight", "diagonal"))
    found = explain.explain(Session(sudoku, puzzle, engine=engine, budget=Budget(60_000)))
    keys = [clue.key for clue in found.clues]
    assert 0 < len(keys) <= 8
    assert_conflict(KNIGHT_DIAGONAL, keys, found.minimal)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("op", ["solve", "hint"])
def test_a_small_conflict_through_the_api(engine, op):
    request = {"op": op, "kind": "sudoku", "text": KNIGHT_DIAGONAL, "rules": ["knight", "diagonal"],
               "engine": engine}
    if op == "solve":
        request.update(explain=True, render=False)
    result = api.handle(request)["result"]
    assert result["status"] == "none" and isinstance(result["conflict_minimal"], bool)
    keys = keys_of(result["conflict_clues"])
    assert 0 < len(keys) <= 8
    assert_conflict(KNIGHT_DIAGONAL, keys, result["conflict_minimal"])


class Clockwork(Budget):
    """A budget that runs out at its `looks`-th look at the clock, whatever the time."""

    def __init__(self, looks: int) -> None:
        super().__init__(3_600_000)
        self.looks = looks

    def is_expired(self) -> bool:
        self.looks -= 1
        return self.looks < 0


def _tdoku_core(engine: str):
    """The TDOKU_NONE puzzle's formula, its hard assumptions, and the solver's first core of its clues."""
    formula = session.encode(sudoku, sudoku.parse(TDOKU_NONE), exact_clues=True)
    by_selector = {clue.selector: clue.key for clue in formula.clues.values()}
    hard = [x for x in formula.assumptions if x not in by_selector]
    with sat.questions(formula, engine) as ask:
        core = ask.core(hard, list(by_selector))
    return formula, by_selector, hard, core


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("looks", [2, 6, 12])
def test_a_shrink_stopped_midway_keeps_a_set_with_no_solution(engine, looks):
    formula, by_selector, hard, core = _tdoku_core(engine)
    with sat.questions(formula, engine, Clockwork(looks)) as ask:
        with pytest.raises(BudgetExceeded) as stop:
            ask.shrink_within(hard, core)
    kept = list(stop.value.kept)
    assert kept and set(kept) <= set(core)
    assert_conflict(TDOKU_NONE, [by_selector[x] for x in kept], minimal=False)


@pytest.mark.parametrize("engine", ENGINES)
def test_checks_left_open_keep_their_members(engine):
    """Checks given no time settle nothing: the core comes back whole, every check open; asked again
    with time (of the same solver, or of a new one as `conflict_of` does), they leave a minimal set."""
    formula, by_selector, hard, core = _tdoku_core(engine)
    with sat.questions(formula, engine) as ask:
        shrunk, left_open = ask.shrink_within(hard, core, check_ms=1e-6)
        assert shrunk == core and sorted(left_open) == sorted(core)
        settled = [ask.shrink_within(hard, core, check_ms=10_000, among=left_open),
                   conflicts._settle(ask, formula, hard, core, left_open)]
    for shrunk, left_open in settled:
        assert not left_open and set(shrunk) <= set(core)
        assert_conflict(TDOKU_NONE, [by_selector[x] for x in shrunk], minimal=True)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("looks", [5, 15, 30, 1000])
def test_an_explanation_stopped_by_the_budget_answers_what_it_found(engine, looks):
    """A budget that runs out after a core was found still answers a set of clues with no solution
    (not claimed minimal unless every check was settled)."""
    try:
        found = explain.explain(Session(sudoku, sudoku.parse(TDOKU_NONE), engine=engine, budget=Clockwork(looks)))
    except BudgetExceeded:
        assert looks < 5                    # (no core yet)
        return
    assert_conflict(TDOKU_NONE, [clue.key for clue in found.clues], found.minimal)
    assert found.minimal == (looks == 1000)
