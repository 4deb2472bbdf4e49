"""Answers that depend on the puzzle alone. A walk asked of a new solver (a rating, a hint without a
named engine, the generator) takes each step's reason as the first core of its clues in a fixed
order, which only yes/no answers decide, whichever cores the engine returns: checked against that
definition with another engine on solvers of its own, on every engine alike, and by walking again
under other budgets and with a clock that runs fast (SAT calls are then cut into other pieces)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from pysat.solvers import Solver

from gridlogic import api, session, walks
from gridlogic.backends import sat
from gridlogic.backends.sat import cores, counting, engines
from gridlogic.budget import UNLIMITED, Budget
from gridlogic.kinds import get_kind, sudoku

ENGINES = ["cadical195", "minisat22", "glucose4", "maplechrono"]
PUZZLE = ("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")


def _forced(text: str):
    """A sudoku's formula, its rules' assumptions, its clue selectors and four of its forced literals."""
    formula = session.encode(sudoku, sudoku.parse(text), exact_clues=True)
    selectors = [clue.selector for clue in formula.clues.values()]
    hard = [x for x in formula.assumptions if x not in set(selectors)]
    with sat.questions(formula, "minisat22") as ask:
        forced = ask.backbone(list(formula.assumptions), list(range(1, formula.top + 1)))
    chosen = [x for x in forced if x > 0 and -x not in formula.assumptions and x not in formula.assumptions]
    return formula, hard, selectors, random.Random(1).sample(chosen, 4)


def _unsat(formula, assumptions: list[int]) -> bool:
    """No model under `assumptions`, asked of a solver of its own (Lingeling: none of the walk's engines)."""
    with Solver(name="lingeling", bootstrap_with=formula.clauses) as other:
        return not other.solve(assumptions=assumptions)


@pytest.fixture(scope="module")
def cases():
    formula, hard, selectors, forced = _forced(PUZZLE)
    rng = random.Random(7)
    orders = [selectors, selectors[::-1], rng.sample(selectors, len(selectors))]
    return formula, [(hard + [-lit], order) for lit in forced for order in orders]


def test_first_core_is_the_definition_and_the_same_on_every_engine(cases):
    formula, asked = cases
    for hard, order in asked:
        found = []
        for engine in ENGINES:
            with sat.questions(formula, engine, new=True) as ask:
                found.append(ask.first_core(hard, order))
        assert all(core == found[0] for core in found), found
        core = found[0]
        assert core and _unsat(formula, hard + core)
        # Its last member ends the shortest prefix with no model; each before it, with those after held.
        held: list[int] = []
        for member in core[::-1]:
            end = order.index(member)
            assert _unsat(formula, hard + held + order[:end + 1])
            assert not _unsat(formula, hard + held + order[:end]), (member, core)
            held.append(member)
        for member in core:                         # and no member can go
            assert not _unsat(formula, hard + [x for x in core if x != member])


def test_checks_left_open_keep_their_members(cases, monkeypatch):
    """With no conflicts allowed, every check a first core steps back through stays open and keeps its
    member: the members still have no model together (asked of another solver), and differ from the first
    core where a check would have dropped one."""
    formula, asked = cases
    firsts = []
    for hard, order in asked:
        with sat.questions(formula, "cadical195", new=True) as ask:
            firsts.append(ask.first_core(hard, order))
    monkeypatch.setattr(cores, "FIRST_CHECK_CONFLICTS", 0)
    kept = []
    for engine in ("cadical195", "minisat22"):
        for hard, order in asked:
            with sat.questions(formula, engine, new=True) as ask:
                core = ask.first_core(hard, order)
            assert core and set(core) <= set(order) and _unsat(formula, hard + core)
            kept.append(core)
    assert any(core != first for core, first in zip(kept, firsts + firsts))


def test_first_end_is_the_shortest_prefix_with_no_model(cases):
    formula, asked = cases
    for hard, order in asked[:6]:
        shortest = next(n for n in range(len(order) + 1) if _unsat(formula, hard + order[:n]))
        with sat.questions(formula, "cadical195", new=True) as ask:
            assert ask.first_end(hard, order) == shortest
            assert ask.first_end(hard, order[:shortest - 1]) is None


def test_a_literal_twice_in_the_order_counts_from_its_first_place(cases):
    """An entry that restates a given puts its literal in the order twice: the first core is the one of
    the order without the repeat (a hint on a 4×4 with such an entry once stepped back and forth until
    the budget ran out)."""
    formula, asked = cases
    for hard, order in asked[:3]:
        with sat.questions(formula, "cadical195", new=True) as ask:
            once = ask.first_core(hard, order)
        for at in (0, len(order) // 2, len(order) - 1):
            twice = order[:at + 1] + [order[at]] + order[at + 1:] + [order[at]]
            with sat.questions(formula, "cadical195", Budget(20_000), new=True) as ask:     # (not forever)
                assert ask.first_core(hard, twice) == once


def test_a_hint_whose_entries_restate_givens_is_the_step_without_them():
    text = "43..\n...4\n3...\n.4.."
    plain = api.handle({"op": "hint", "kind": "sudoku", "text": text, "budget_ms": 20_000})["result"]
    for entries in ([[1, 3, 4]], [[1, 3, 4], [0, 0, 4], [0, 1, 3], [2, 0, 3]]):
        hinted = api.handle({"op": "hint", "kind": "sudoku", "text": text, "entries": entries,
                             "budget_ms": 20_000})["result"]
        assert hinted["stopped"] is None, entries
        same = ("cell", "value", "word", "eliminated", "rule")           # (a clue may be named as the entry)
        assert [hinted["hint"][k] for k in same] == [plain["hint"][k] for k in same], entries


def _steps(kind_name: str, text: str, budget: Budget = UNLIMITED, engine: str = walks.RATING_ENGINE) -> list:
    kind = get_kind(kind_name)
    found = walks.walk(kind, kind.parse(text), engine=engine, budget=budget, new=True)
    assert found.status == "unique" and found.stopped is None
    return [(s.r, s.c, s.value, s.eliminated, tuple(clue.key for clue in s.clues)) for s in found.steps]


@pytest.fixture(scope="module")
def puzzles() -> list[tuple[str, str]]:
    """Walk-rated puzzles (the generator's, so above easy where asked)."""
    asks = [("binary", 8, "medium", 0), ("futoshiki", 5, "medium", 3), ("puzlogic", 5, "easy", 1),
            ("kakuro", 5, "easy", 2)]
    out = []
    for kind, rows, level, seed in asks:
        made = api.handle({"op": "generate", "kind": kind, "rows": rows, "difficulty": level, "seed": seed})
        assert made["ok"] and made["result"]["status"] == "generated", made
        out.append((kind, made["result"]["text"]))
    return out


def test_a_walk_is_the_same_on_every_engine_under_any_budget_and_any_clock(puzzles, monkeypatch):
    first = [_steps(kind, text) for kind, text in puzzles]
    assert any(len(step[4]) > 2 for steps in first for step in steps)   # (reasons beyond the smallest)
    for engine in ENGINES[1:]:
        assert [_steps(kind, text, engine=engine) for kind, text in puzzles] == first, engine
    again = [_steps(kind, text, Budget(600_000)) for kind, text in puzzles]
    assert again == first
    clock = iter(range(0, 10**9, 7))                # every piece seems to take 7 s: time-sized pieces shrink
    for module in (engines, cores, counting):
        monkeypatch.setattr(module, "time", SimpleNamespace(monotonic=lambda: next(clock)))
    slow = [_steps(kind, text, Budget(600_000)) for kind, text in puzzles]
    assert slow == first


def test_a_named_engine_walks_on_its_cached_solver_with_its_own_cores():
    """A hint path asking an engine by name is walked on its cached solver: each reason is still a
    minimal set of clues (givens, signs, earlier steps) with no solution without its step."""
    made = api.handle({"op": "generate", "kind": "futoshiki", "rows": 5, "difficulty": "medium", "seed": 3})["result"]
    kind = get_kind("futoshiki")
    puzzle = kind.parse(made["text"])
    found = walks.walk(kind, puzzle, engine="minisat22")
    assert found.status == "unique" and found.steps
    formula = session.encode(kind, puzzle, exact_clues=True)
    selectors = {clue.key: clue.selector for clue in formula.clues.values()}
    hard = [x for x in formula.assumptions if x not in set(selectors.values())]
    placed, eliminated = session.meanings(kind, puzzle, formula)
    lits = {(fact, False): lit for lit, fact in placed.items()} | {(fact, True): lit for lit, fact in eliminated.items()}
    for step in found.steps:
        lit = lits[((step.r, step.c, step.value), step.eliminated)]
        held = {("eliminated" if gone else "placed", *fact): x for (fact, gone), x in lits.items()}
        reason = [selectors[clue.key] if clue.key in selectors else held[clue.key] for clue in step.clues]
        assert _unsat(formula, hard + [-lit] + reason), step
        for member in reason:
            assert not _unsat(formula, hard + [-lit] + [x for x in reason if x != member]), step
