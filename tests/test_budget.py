"""Budgets: a solve that runs out answers `unknown` with what it found (each partial solution passes
the kind's own checker), hard cases answer instead of hanging, and a bounded solve agrees with an
unbounded one wherever both finish."""

from __future__ import annotations

import time

import pytest

from gridlogic import api, session, solver
from gridlogic.backends import has_z3, sat
from gridlogic.backends.sat import engines, solvers
from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.errors import RequestError
from gridlogic.kinds import KINDS, binary, sudoku
from gridlogic.contract import is_cnf
from gridlogic.kinds import numbercross as nc
from gridlogic.kinds.binary.encoding import rules_formula

from conftest import corpus_path
from outlasting import nonogram_random, numbercross, puzlogic_miscounted, sudoku_entries, sudoku_pattern

CNF_BACKENDS = ["sat", "smt"] if has_z3() else ["sat"]
SLACK_S = 30          # "answered, not hung": the budget plus this much

pytestmark = pytest.mark.timed


def handle_timed(request: dict) -> tuple[dict, float]:
    start = time.monotonic()
    response = api.handle(request)
    return response, time.monotonic() - start


def test_budget_counts_down_and_raises():
    budget = Budget(50)
    assert budget.is_bounded and 0 < budget.remaining_ms() <= 50 and not budget.is_expired()
    budget.check()
    time.sleep(0.06)
    assert budget.is_expired() and budget.remaining_ms() == 0
    with pytest.raises(BudgetExceeded):
        budget.check()
    assert not UNLIMITED.is_bounded and UNLIMITED.remaining_ms() is None
    UNLIMITED.check()


def test_a_share_ends_at_its_own_time_or_with_the_whole_budget():
    share = UNLIMITED.within(50)
    assert share.is_bounded and 0 < share.remaining_ms() <= 50
    whole = Budget(60)
    assert whole.within(10_000).remaining_ms() <= 60                   # never past the whole budget
    short = whole.within(20)
    time.sleep(0.03)
    assert short.is_expired() and not whole.is_expired()
    long = Budget(1_000).within(10_000)
    long.whole.deadline = time.monotonic()                              # the whole budget runs out first
    assert long.is_expired() and long.remaining_ms() == 0
    with pytest.raises(BudgetExceeded):
        long.check()


def _assert_partial(kind, text: str, result: dict, rules=()) -> None:
    """An answer stopped by the budget: an incomplete count, `multiple` once it holds two solutions (else
    unknown), solutions that pass `check`."""
    assert result["stopped"] == "budget"
    assert result["status"] == ("multiple" if result["count"] >= 2 else "unknown")
    assert result["count_complete"] is False
    assert result["count"] >= len(result["solutions"])
    assert result["solution"] == (result["solutions"][0] if result["solutions"] else None)
    puzzle = kind.parse(text, rules=rules)
    for solution in result["solutions"]:
        assert kind.check(puzzle, kind.parse_solution(puzzle, solution)) == [], solution


@pytest.mark.parametrize("backend", CNF_BACKENDS)
def test_count_stopped_by_the_budget_keeps_what_it_found(backend):
    text = "." * 81                      # about 6.7e21 sudokus: no count ends in 300 ms
    response, wall = handle_timed({"op": "solve", "kind": "sudoku", "text": text, "count": True,
                                   "limit": 1_000_000, "keep": 50, "budget_ms": 300, "backend": backend})
    assert response["ok"], response
    _assert_partial(sudoku, text, response["result"])
    assert len(response["result"]["boards"]) == len(response["result"]["solutions"])
    assert wall < 0.3 + SLACK_S


def test_native_search_stopped_by_the_budget_keeps_what_it_found():
    text = numbercross(8, "multiple of 1")
    response, wall = handle_timed({"op": "solve", "kind": "numbercross", "text": text, "count": True,
                                   "limit": 1_000_000, "keep": 20, "budget_ms": 300, "render": False})
    assert response["ok"], response
    result = response["result"]
    _assert_partial(nc, text, result)
    assert result["count"] > 0 and result["answer"] == nc.answer_of(nc.parse(text), nc.parse_solution(nc.parse(text), result["solution"]))
    assert wall < 0.3 + SLACK_S


@pytest.mark.parametrize("backend", CNF_BACKENDS)
def test_a_first_solution_found_before_the_budget_is_shown(backend):
    """A count that cannot end still shows its first solutions (budgets grow until one is found)."""
    text = "." * 81
    for budget_ms in (1500, 6000, 24000):
        response = api.handle({"op": "solve", "kind": "sudoku", "text": text, "count": True,
                               "limit": 1_000_000, "budget_ms": budget_ms, "backend": backend, "render": False})
        result = response["result"]
        _assert_partial(sudoku, text, result)
        if result["solution"] is not None:
            break
    assert result["solution"] is not None and result["count"] >= 1


@pytest.mark.parametrize("request_", [
    pytest.param({"kind": "sudoku", "text": "." * 144, "rules": ["miracle"]}, id="sudoku-12x12-empty-miracle"),
    pytest.param({"kind": "sudoku", "text": "." * 144, "rules": ["miracle"], "backend": "smt"},
                 id="sudoku-12x12-empty-miracle-smt", marks=pytest.mark.skipif(not has_z3(), reason="no z3")),
    pytest.param({"kind": "binary", "text": "\n".join(["." * 60] * 60)}, id="binary-60x60-empty"),
    pytest.param({"kind": "nonogram", "text": nonogram_random(100, 1)}, id="nonogram-100x100-random"),
    pytest.param({"kind": "numbercross", "text": numbercross(8, "multiple of 1"), "count": True, "limit": 1_000_000},
                 id="numbercross-8x8-open-count"),
])
def test_hard_cases_answer_within_the_budget_instead_of_hanging(request_):
    response, wall = handle_timed({"op": "solve", "budget_ms": 2000, "render": False, **request_})
    assert response["ok"], response
    result = response["result"]
    assert wall < 2 + SLACK_S
    assert result["status"] in ("unknown", "unique", "multiple", "none")
    if result["stopped"]:
        assert result["status"] in ("unknown", "multiple") and result["count_complete"] is False
    if result["status"] in ("unique", "multiple"):
        assert result["solution"] is not None


def test_hint_gets_the_budget_too():
    response, wall = handle_timed({"op": "hint", "kind": "sudoku", "text": "." * 144, "rules": ["miracle"],
                                   "budget_ms": 200})
    assert response["result"] == {"status": "unknown", "hint": None, "stopped": "budget",
                                  "message": "No step found within the time budget."}
    assert wall < 0.2 + SLACK_S


def test_a_stopped_solve_leaves_the_shared_solver_usable():
    """Sudoku keeps one solver per shape: after a budget stop it must still answer right."""
    stopped = api.handle({"op": "solve", "kind": "sudoku", "text": "." * 81, "count": True, "limit": 10 ** 6,
                          "budget_ms": 100, "render": False})["result"]
    assert stopped["stopped"] == "budget"
    classic = sudoku.EXAMPLES[0]
    again = api.handle({"op": "solve", "kind": "sudoku", "text": classic.text, "render": False})["result"]
    assert again["status"] == "unique" and again["solution"] == classic.solution and again["stopped"] is None
    count = api.handle({"op": "solve", "kind": "sudoku", "text": "." * 81, "rules": ["miracle"], "count": True,
                        "render": False})["result"]
    assert count["count"] == 72 and count["count_complete"]


def _examples():
    for kind in KINDS:
        for backend in (CNF_BACKENDS if is_cnf(kind) else ["native"]):
            for ex in kind.EXAMPLES:
                if ex.count is not None:
                    yield pytest.param(kind, backend, ex, id=f"{kind.KEY}-{backend}-{ex.name}")


@pytest.mark.parametrize("kind,backend,ex", _examples())
def test_a_generous_budget_changes_no_answer(kind, backend, ex):
    puzzle = kind.parse(ex.text, rules=ex.rules)
    bounded = solver.solve(kind, puzzle, backend=backend, mode="count", limit=2000, budget=Budget(600_000))
    assert bounded.stopped is None and bounded.complete
    assert bounded.count == ex.count


def test_small_pieces_still_find_every_solution(monkeypatch):
    """Pieces of a few conflicts and propagations, restarted many times, still count right."""
    monkeypatch.setattr(engines, "FIRST_PIECE", 2)
    monkeypatch.setattr(engines, "FIRST_PIECE_PROPAGATIONS", 50)
    monkeypatch.setattr(engines, "LONGEST_PIECE_S", 1e-6)
    for engine in sat.BOUNDED_ENGINES:
        monkeypatch.setattr(solvers, "SESSIONS", solvers.SessionCache())
        puzzle = sudoku.parse("." * 40 + "5" + "." * 40, rules="miracle")
        answer = solver.solve(sudoku, puzzle, mode="count", engine=engine, budget=Budget(600_000))
        assert (answer.count, answer.complete, answer.stopped) == (8, True, None), engine


def test_an_engine_that_cannot_be_stopped_is_refused_under_a_budget():
    unbounded = [e for e in sat.ENGINES if e not in sat.BOUNDED_ENGINES]
    assert "lingeling" in unbounded and "glucose4" in unbounded
    puzzle = binary.parse(binary.EXAMPLES[0].text)
    with pytest.raises(RequestError) as refused:
        solver.solve(binary, puzzle, engine="lingeling", budget=Budget(1000))
    assert refused.value.where["field"] == "engine" and "cannot be stopped" in refused.value.message
    assert solver.solve(binary, puzzle, engine="lingeling").status == "unique"      # no budget: fine


def test_default_budget_is_stated_in_the_answer():
    result = api.handle({"op": "solve", "kind": "sudoku", "text": sudoku.EXAMPLES[0].text, "render": False})["result"]
    assert result["budget_ms"] == 60_000 and result["stopped"] is None
    assert "count" not in result                       # a plain solve that finished has no count


def test_encoding_is_stopped_by_the_active_budget_and_caches_nothing_half_built():
    """Building a large formula checks the active budget as clauses are added (binary's cached
    rules for 98×98 take seconds): an expired budget stops it, and the cache keeps no partial base."""
    from gridlogic import budget as budget_module
    from gridlogic.budget import BudgetExceeded
    from gridlogic.kinds import binary

    rules_formula.cache_clear()
    with budget_module.active(Budget(0)), pytest.raises(BudgetExceeded):
        rules_formula(98, 98)
    assert rules_formula.cache_info().currsize == 0
    small = rules_formula(6, 6)
    assert small.clauses and rules_formula.cache_info().currsize == 1


def test_a_budget_that_runs_out_while_encoding_answers_unknown():
    """A nonogram whose line encoding is cut short by the budget answers `unknown`, not an error."""
    response, wall = handle_timed({"op": "solve", "kind": "nonogram", "text": nonogram_random(100, 1),
                                   "budget_ms": 1, "render": False})
    assert response["ok"], response
    assert response["result"]["status"] == "unknown" and response["result"]["stopped"] == "budget"
    assert wall < 1 + SLACK_S


def test_a_cached_solver_is_built_again_after_its_selectors_and_answers_stay(monkeypatch):
    """Each enumeration leaves a retired selector in the cached solver; after RENEW_AFTER of them the
    session is a new solver, and the answers before and after are the same."""
    monkeypatch.setattr(solvers, "RENEW_AFTER", 3)
    monkeypatch.setattr(solvers, "SESSIONS", solvers.SessionCache())
    classic = next(e for e in sudoku.EXAMPLES if e.name == "classic")
    puzzle = sudoku.parse(classic.text)
    seen = []
    for _ in range(8):
        answer = solver.solve(sudoku, puzzle, keep=1)
        assert answer.status == "unique" and "".join(map(str, answer.solution)) == classic.solution.replace("\n", "")
        seen.append(solvers.SESSIONS.get(sat.DEFAULT_ENGINE, session.encode(sudoku, puzzle).base).next_selector)
    assert any(later < earlier for earlier, later in zip(seen, seen[1:]))     # counted afresh: a new solver


# -- every op, engine and backend keeps its budget ------------------------------------------------
# Each request below cannot finish within BUDGET_MS; it must answer `unknown` (or say which stage the
# budget stopped) within BUDGET_MS plus OVERRUN_S. The promise is 1 s over at most; the test allows
# more because the machines running it are shared. bench/bench_budgets.py sweeps the same requests
# with random budgets and prints the worst overruns.

BUDGET_MS = 700
OVERRUN_S = 1.5
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def _stopped(result: dict, *stages: str) -> bool:
    """Whether the budget stopped the search (`stopped`) or one of the later `stages` (`facts_stopped`...)."""
    return result["stopped"] == "budget" or any(result.get(stage) == "budget" for stage in stages)


def _sat_cases():
    """(id, request, stages a stop may be reported at) for every op on one SAT engine."""
    empty9 = "." * 81
    open_25 = sudoku_pattern(5, 0.2, 1)
    return [
        ("solve", {"op": "solve", "kind": "puzlogic", "text": puzlogic_miscounted(10, 1, values=14), "render": False}, ()),
        ("count", {"op": "solve", "kind": "sudoku", "text": empty9, "count": True, "limit": 10 ** 6,
                   "render": False}, ()),
        ("all", {"op": "solve", "kind": "sudoku", "text": empty9, "all": True, "limit": 10 ** 6}, ()),
        ("facts", {"op": "solve", "kind": "binary", "text": "\n".join(["." * 80] * 80), "facts": True,
                   "render": False}, ("facts_stopped",)),        # solved in 0.3 s; its facts take 7-20 s
        ("explain", {"op": "solve", "kind": "sudoku", "text": sudoku_pattern(5, 0.8, 1, wrong=True), "explain": True,
                     "render": False}, ("explain_stopped",)),
        ("symmetry", {"op": "solve", "kind": "binary", "text": "\n".join(["." * 8] * 8), "count": True,
                      "symmetry": True, "limit": 10 ** 6, "render": False}, ("classes_stopped",)),
        ("hint", {"op": "hint", "kind": "sudoku", "text": open_25}, ()),
        ("hint-path", {"op": "hint", "kind": "sudoku", "text": open_25, "path": True}, ()),
        ("progress", {"op": "progress", "kind": "sudoku", "text": open_25,
                      "entries": sudoku_entries(open_25, 5, 300)}, ()),
    ]


def _budget_matrix():
    for engine in sat.BOUNDED_ENGINES:
        for name, request, stages in _sat_cases():
            yield pytest.param({**request, "engine": engine}, stages, id=f"{name}-sat-{engine}")
    smt_ops = {"solve", "count", "all", "facts", "explain", "symmetry"}
    for name, request, stages in _sat_cases():
        if name in smt_ops:
            yield pytest.param({**request, "backend": "smt"}, stages, id=f"{name}-smt",
                               marks=pytest.mark.skipif(not has_z3(), reason="no z3"))
    open_nc = numbercross(8, "multiple of 1")
    for name, request in [
        ("solve", {"op": "solve", "kind": "numbercross", "text": numbercross(10, "palindrome and multiple of 7"), "render": False}),
        ("count", {"op": "solve", "kind": "numbercross", "text": open_nc, "count": True, "limit": 10 ** 6,
                   "render": False}),
        ("all", {"op": "solve", "kind": "numbercross", "text": open_nc, "all": True, "limit": 10 ** 6}),
        ("symmetry", {"op": "solve", "kind": "numbercross", "text": open_nc, "count": True, "symmetry": True,
                      "limit": 10 ** 6, "render": False}),
    ]:
        yield pytest.param(request, ("classes_stopped",), id=f"{name}-native")


@pytest.mark.parametrize("request_,stages", _budget_matrix())
def test_every_op_engine_and_backend_answers_within_its_budget(request_, stages):
    response, wall = handle_timed({**request_, "budget_ms": BUDGET_MS})
    assert response["ok"], response
    result = response["result"]
    assert _stopped(result, *stages), {k: v for k, v in result.items() if k not in ("board", "boards", "solutions")}
    if request_["op"] == "solve" and result["stopped"] == "budget":
        assert result["status"] == ("multiple" if result["count"] >= 2 else "unknown") and result["count_complete"] is False
        assert result["kept"] == len(result["solutions"]) >= (1 if result["count"] else 0)
    if request_["op"] != "solve":
        assert result["status"] in ("unknown", "unique", "multiple")
    assert wall < BUDGET_MS / 1000 + OVERRUN_S, f"{wall:.2f} s for a budget of {BUDGET_MS} ms"


STALLING_KAKURO = """10 10
- - 34, 41, 40, 14, - - 11, 12,
- ,20 0 0 0 0 - 36,12 0 0
- 12,12 0 0 0 0 31,19 0 0 0
,36 0 0 0 0 0 0 0 25, -
,37 0 0 0 0 0 0 0 0 23,
,28 0 0 0 0 26,12 0 0 0 0
- ,36 0 0 0 0 0 0 0 0
- 11, 8,36 0 0 0 0 0 0 0
,10 0 0 0 ,26 0 0 0 0 -
,16 0 0 - ,24 0 0 0 0 -"""


def test_cadical_in_pieces_settles_what_one_call_settles():
    """With chronological backtracking, CaDiCaL cut into pieces of 100, 200, 400... conflicts (how a
    budget is kept) never settled one of this kakuro's certain-cell questions, even at 100,000
    conflicts, that one unlimited call settles in 1,243: its certain cells ran out of any budget.
    Without it (CADICAL_OPTIONS) they take milliseconds, the same cells as MiniSat's."""
    request = {"op": "solve", "kind": "kakuro", "text": STALLING_KAKURO, "facts": True, "render": False,
               "budget_ms": 20_000}
    cadical = api.handle({**request, "engine": "cadical195"})["result"]
    minisat = api.handle({**request, "engine": "minisat22"})["result"]
    assert cadical["facts_stopped"] is None and minisat["facts_stopped"] is None
    assert cadical["facts"] == minisat["facts"] and cadical["facts_count"] == 9


def test_cadical_keeps_the_budget_on_faase():
    """CaDiCaL's inprocessing rounds run between conflicts, unbounded by any limit: on Faase (860k clauses)
    one elimination round took 11.6 s, and a 5 s budget answered after 7.9-13.5 s (now 5.3-5.8 s)."""
    text = corpus_path("nonogram", "webpbn_survey_non", "faase.non").read_text(encoding="utf-8")
    response, wall = handle_timed({"op": "solve", "kind": "nonogram", "text": text, "engine": "cadical195",
                                   "budget_ms": 5000, "render": False})
    assert response["result"]["stopped"] == "budget"
    assert wall < 5 + OVERRUN_S


def test_all_stops_writing_solutions_when_the_budget_ends():
    """Solutions kept by a search that used the budget up are not all written and drawn afterwards
    (an empty 30×30 binary under 12 s answered after 15-16 s with 17 MB): the first one is, and the
    answer says how many it carries and that the budget cut them."""
    result = api.handle({"op": "solve", "kind": "binary", "text": "\n".join(["." * 20] * 20), "all": True,
                         "limit": 10 ** 6, "budget_ms": 1000})["result"]
    assert result["stopped"] == "budget" and result["count"] > 1
    assert result["kept"] == len(result["solutions"]) == len(result["boards"]) < result["count"]
    assert result["kept_stopped"] == "budget" and result["solution"] == result["solutions"][0]
    whole = api.handle({"op": "solve", "kind": "binary", "text": "\n".join(["." * 6] * 6), "all": True,
                        "limit": 50})["result"]
    assert whole["kept"] == len(whole["solutions"]) == 50 and len(whole["boards"]) == 50
    assert whole["kept_stopped"] is None


@pytest.mark.skipif(not has_z3(), reason="no z3")
def test_smt_stops_while_reading_a_model(monkeypatch):
    """z3's first model of an empty 16×16 sudoku is read back within the budget: a budget that ends as the
    first model is read stops there (reading it once took seconds, unchecked)."""
    from gridlogic.backends import smt

    formula = session.encode(sudoku, sudoku.parse("." * 256))
    reads = []
    original = smt._Terms.true_among

    def read_then_expire(self, model, variables):
        reads.append(len(variables))
        self.budget.deadline = time.monotonic() - 1          # the time runs out while a model is read
        return original(self, model, variables)
    monkeypatch.setattr(smt._Terms, "true_among", read_then_expire)
    with pytest.raises(BudgetExceeded) as stop:
        smt.enumerate_models(formula, 10, keep=5, budget=Budget(60_000))
    assert reads == [len(formula.shown)] and stop.value.found == 0
