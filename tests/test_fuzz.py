"""Fuzz tests of the one JSON boundary, `api.handle`, for every kind and every op (hypothesis).

Five families per kind: well-formed puzzles (examples and small random ones, with every op and
cross-checks between them), mutated texts, wrong-typed or out-of-range fields, random text, and
editing states drawn from the kind's layout (valid shapes with random contents, whose errors must
name places of the state, and broken shapes, which the door must refuse naming `state`); plus
kind-independent requests (hello, kinds, preload, link_import, unknown ops, non-objects).
Every response must be an envelope with a typed error or a consistent result; every error message
must be short and quote little of the request; every returned solution must pass the kind's own
checker; nothing may take longer than its budget plus slack. Long input (100,000 characters of many
shapes) comes now and then in random texts, state fields, broken states, links and field names.
The explanations (certain cells, conflicts, hints and their paths, progress on the user's entries)
are checked on their own and against each other; each result check is shown to fail on an answer
broken for it. The ops and their fields come from the API's own tables.

Default: a sample, derandomized (reproducible in CI): each family's cases are a fixed total shared
between the kinds (tests/sampling.py), and the edge values are spread over the kinds, each tried on
several.
`GRIDLOGIC_FUZZ=long` (or `GRIDLOGIC_FULL=1`, set by `build.py test --full`): at least 10,000
cases per kind, random seeds. `GRIDLOGIC_FUZZ_KEEP_GOING=1` runs every case instead of stopping
at the first failure and lists each distinct failure with its smallest request;
`GRIDLOGIC_FUZZ_REPORT=path.json` writes the per-kind counts there.
"""

from __future__ import annotations

import json
import os
import time
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from fuzz_strategies import (BUDGET_MS, BUDGETED, EDGE_VALUES, FIELDS, FIELDS_OF_OP, KIND_BY_KEY, KIND_KEYS,
                             NEAR_VALUES, OPS, SHAPES, Case, Door, Outcome, Problem, broken_states, cases,
                             corrupt_solution, error_type, explains, is_ok, layout_states, location_problems,
                             long_shapes, mutated, near_values, non_dict_requests, plainly_wrong, problems_of,
                             random_texts, rarely, short, small_entries, timeout_for, unknown_ops, weird_values)
from long_inputs import URLS, long_url
from outlasting import requests as outlasting_requests
from outlasting import rounds
from sampling import spread, share
from gridlogic import api, solver
from gridlogic.api import fields as api_fields
from gridlogic.backends import has_z3
from gridlogic.errors import excerpt
from gridlogic.contract import is_cnf, layout_of

HAS_Z3 = has_z3()           # the smt backend and preloading z3 are refused without it
LONG = os.environ.get("GRIDLOGIC_FUZZ") == "long" or os.environ.get("GRIDLOGIC_FULL") == "1"
KEEP_GOING = os.environ.get("GRIDLOGIC_FUZZ_KEEP_GOING") == "1"
REPORT = os.environ.get("GRIDLOGIC_FUZZ_REPORT")
PER_FAMILY = int(os.environ.get("GRIDLOGIC_FUZZ_EXAMPLES", 3000 if LONG else share(2700, 40)))
WELLFORMED = max(1, PER_FAMILY // 3 if not LONG else PER_FAMILY // 7)   # ~10 requests per case
OUTLASTING = int(os.environ.get("GRIDLOGIC_FUZZ_OUTLASTING", "300" if LONG else "16"))  # budget family cases
OVERRUN_S = float(os.environ.get("GRIDLOGIC_FUZZ_OVERRUN", "1.5"))   # past a budget: the promise is 1 s
OUTLASTING_BUDGETS_MS = (150, 400, 1000, 2000)
STATES = max(1, PER_FAMILY // 4)                                         # ~2 requests per case, quick

_common = dict(database=None, deadline=None, suppress_health_check=list(HealthCheck), print_blob=False,
               phases=(Phase.explicit, Phase.generate) if KEEP_GOING else tuple(Phase))
settings.register_profile("gridlogic-ci", derandomize=True, **_common)
settings.register_profile("gridlogic-long", derandomize=False, **_common)
settings.load_profile("gridlogic-long" if LONG else "gridlogic-ci")

pytestmark = pytest.mark.fuzz

FAMILY_TALLY: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
KIND_TALLY: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
FINDINGS: dict[str, tuple[Problem, object]] = {}


class CaseOver(Exception):
    """Ends a case early (keep-going mode) after a hang or a crash has been recorded."""


class Runner:
    """Sends requests through the door, checks each response, and tallies per kind."""

    def __init__(self, door: Door, kind: str, family: str) -> None:
        self.door, self.kind, self.family = door, kind, family
        self.found: dict[str, tuple[Problem, object]] = {}

    def send(self, request) -> Outcome:
        """One request, its envelope and result checks; raises on a problem unless keeping going."""
        outcome = self.door.call(request, timeout_for(request))
        tally = KIND_TALLY[self.kind]
        tally["requests"] += 1
        if isinstance(request, dict) and request.get("op") in OPS:
            tally[f"requests {request['op']}"] += 1
        tally["max_request_s"] = max(tally["max_request_s"], outcome.elapsed)
        budget = request.get("budget_ms") if isinstance(request, dict) and request.get("op") in BUDGETED else None
        if isinstance(budget, int) and not isinstance(budget, bool) and 0 < budget < 10 ** 9:
            tally["max_over_budget_s"] = max(tally["max_over_budget_s"], outcome.elapsed - budget / 1000)
        self.flag(problems_of(request, outcome), request)
        if outcome.hang or outcome.crash:
            raise CaseOver()              # the rest of this case would wait on the same input again
        return outcome

    def flag(self, problems: list[Problem], request) -> None:
        """Record problems (the smallest request per signature) and fail unless keeping going."""
        for problem in problems:
            KIND_TALLY[self.kind][problem.category] += 1
            FAMILY_TALLY[f"{self.kind}/{self.family}"][problem.category] += 1
            for store in (self.found, FINDINGS):
                old = store.get(problem.signature)
                if old is None or len(repr(request)) < len(repr(old[1])):
                    store[problem.signature] = (problem, request)
        if problems and not KEEP_GOING:
            lines = [f"{p.category}: {p.signature}\n    {p.detail}" for p in problems]
            raise AssertionError("\n".join(lines) + f"\nrequest: {short(request, 2000)}")

    def inconsistent(self, signature: str, detail: str, request) -> None:
        """Flag an answer that contradicts another answer or the kind's checker."""
        self.flag([Problem("inconsistent", f"{self.kind}: {signature}", detail)], request)

    def finish(self) -> None:
        """In keep-going mode, fail now with every distinct problem this test found."""
        if self.found:
            lines = [f"{p.category}: {sig}\n    {p.detail}\n    smallest request: {short(req, 600)}"
                     for sig, (p, req) in sorted(self.found.items())]
            pytest.fail(f"{len(self.found)} distinct problems:\n" + "\n".join(lines), pytrace=False)


@pytest.fixture(scope="module")
def door():
    """One worker process for the module; counts are written when it closes."""
    d = Door()
    yield d
    d.close()
    if REPORT:
        with open(REPORT, "w", encoding="utf-8") as fh:
            json.dump({"kinds": KIND_TALLY, "families": FAMILY_TALLY, "long": LONG,
                       "findings": {sig: {"category": p.category, "detail": p.detail, "request": short(r, 3000)}
                                    for sig, (p, r) in sorted(FINDINGS.items())}}, fh, indent=1, default=str)


def _run(door: Door, kind: str, family: str, examples: int, strategy, body) -> None:
    runner = Runner(door, kind, family)
    start = time.perf_counter()

    @settings(max_examples=examples)
    @given(strategy)
    def fuzz(drawn) -> None:
        KIND_TALLY[kind]["cases"] += 1
        FAMILY_TALLY[f"{kind}/{family}"]["cases"] += 1
        try:
            body(runner, drawn)
        except CaseOver:
            pass

    try:
        fuzz()
    finally:
        KIND_TALLY[kind]["wall_s"] += time.perf_counter() - start
        FAMILY_TALLY[f"{kind}/{family}"]["wall_s"] += time.perf_counter() - start
    if KEEP_GOING:
        runner.finish()


def _budget(data, case: Case) -> dict:
    """`budget_ms` for a searching op: always, except sometimes on a tiny puzzle; short on stress inputs."""
    if case.tiny and data.draw(st.integers(0, 3)) == 0:
        return {}
    return {"budget_ms": 500 if case.origin == "stress" else BUDGET_MS}


def _solve_options(data, kind: str) -> dict:
    options: dict = {}
    mode = data.draw(st.sampled_from(["solve", "solve", "count", "all"]))
    if mode != "solve":
        options[mode] = True
    limit = data.draw(st.sampled_from([None, 1, 2, 3, 5, 40]))
    if limit is not None:
        options["limit"] = limit
    keep = data.draw(st.sampled_from([None, None, 1, 2, 5]))
    if keep is not None:
        options["keep"] = keep
    backend = data.draw(st.sampled_from([None, None, None, "sat" if is_cnf(KIND_BY_KEY[kind]) else "native"]))
    if backend:
        options["backend"] = backend
    if data.draw(st.integers(0, 5)) == 0:
        options["render"] = False
    extra = data.draw(st.sampled_from(["", "", "", "", "", "", "facts", "explain", "both", "symmetry", "candidates"]))
    if extra in ("facts", "both", "candidates") and explains(kind):
        options["facts"] = True
    if extra == "candidates" and explains(kind):
        options["candidates"] = True
    if extra in ("explain", "both") and explains(kind):
        options["explain"] = True
    if extra == "symmetry" and mode != "solve":
        options["symmetry"] = True
    return options


def _known(status) -> bool:
    return status in ("unique", "multiple", "none")


def _status(outcome: Outcome):
    return outcome.response["result"].get("status") if is_ok(outcome) else None


# -- well-formed puzzles -----------------------------------------------------------------------------
def _without_goal(text: str) -> str:
    """A canonical text without a nonogram's published solution (puzz.link URLs do not carry it)."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("goal ")).strip()


def _check_solutions(runner: Runner, base: dict, solutions: list[str], rnd) -> None:
    for text in solutions[:2]:
        request = {"op": "check", **base, "solution": text}
        out = runner.send(request)
        if not is_ok(out):
            runner.inconsistent("a returned solution is refused by check", short(out.response), request)
        elif out.response["result"].get("ok") is not True:
            runner.inconsistent("a returned solution fails the kind's checker",
                                short(out.response["result"].get("violations")), request)
    if solutions:
        bad = corrupt_solution(runner.kind, solutions[0], rnd)
        if bad is not None:
            request = {"op": "check", **base, "solution": bad}
            out = runner.send(request)
            if is_ok(out) and out.response["result"].get("ok") is not False:
                runner.inconsistent("the checker accepts a solution with one cell changed", bad, request)


def _agree(runner: Runner, what: str, first, second, request) -> None:
    if _known(first) and _known(second) and first != second:
        runner.inconsistent(what, f"{first} then {second}", request)


def wellformed(runner: Runner, drawn) -> None:
    """Parse, round trip, solve in every mode with cross-checks, hint, check, puz.link round trip; in
    some cases (tiny ones always) the explanations too: certain cells, a hint's path, progress."""
    case, data = drawn
    kind = runner.kind
    base = {"kind": kind, "text": case.text, "rules": case.rules}
    budget = _budget(data, case)          # every draw comes first: answers may vary with timing
    options = _solve_options(data, kind)
    use_smt = HAS_Z3 and is_cnf(KIND_BY_KEY[kind]) and data.draw(st.integers(0, 3)) == 0
    rnd = data.draw(st.randoms(use_true_random=False))
    deep = case.origin != "stress" and (case.tiny or data.draw(st.integers(0, 2)) == 0)
    plan = {"spoil": data.draw(st.booleans()), "every": data.draw(st.integers(0, 3)) == 0} if deep else None
    parsed = runner.send({"op": "parse", **base})
    if not is_ok(parsed):
        refused = error_type(parsed)
        over_limit = case.origin == "stress"              # size limits may refuse these, any typed way
        if not over_limit and (refused not in ("PuzzleRuleError", "RequestError")
                               or (case.count and refused == "PuzzleRuleError")):
            runner.inconsistent(f"a well-formed puzzle is refused with {refused}", short(parsed.response),
                                {"op": "parse", **base})
        solved = runner.send({"op": "solve", **base, **budget})
        if error_type(solved) != refused:
            runner.inconsistent("parse refuses but solve does not (or differently)",
                                f"parse {refused}, solve {short(solved.response)}",
                                {"op": "solve", **base, **budget})
        return
    canonical = parsed.response["result"]["text"]
    again = runner.send({"op": "parse", **base, "text": canonical})
    if not is_ok(again) or again.response["result"]["text"] != canonical:
        runner.inconsistent("parse(format(p)) is not p", short(again.response),
                            {"op": "parse", **base, "text": canonical})

    request = {"op": "solve", **base, **budget, **options}
    solved = runner.send(request)
    if error_type(solved) == "PuzzleRuleError":
        return                  # a clue found impossible while preparing the search: refused, not wrong
    if not is_ok(solved):
        runner.inconsistent("solve refuses what parse accepted", short(solved.response), request)
        return
    result = solved.response["result"]
    status = result["status"]
    if case.count is not None and _known(status) and "limit" not in request:
        want = "none" if case.count == 0 else "unique" if case.count == 1 else "multiple"
        if status != want:
            runner.inconsistent(f"example {case.origin} is {want}, answered {status}", short(result), request)
    _check_solutions(runner, base, result.get("solutions") or [], rnd)

    repeat = runner.send(request)
    if is_ok(repeat):
        _agree(runner, "the same request twice gives different statuses", status, _status(repeat), request)
        other = repeat.response["result"]
        if result.get("count_complete") is True and other.get("count_complete") is True \
                and result.get("count") != other.get("count"):
            runner.inconsistent("the same count request twice gives different counts",
                                f"{result.get('count')} then {other.get('count')}", request)

    plain = {"op": "solve", **base, **budget}
    counted = runner.send({**plain, "count": True, "limit": 3})
    if is_ok(counted):
        c = counted.response["result"]
        if c.get("count_complete") is True and isinstance(c.get("count"), int):
            implied = "none" if c["count"] == 0 else "unique" if c["count"] == 1 else "multiple"
            _agree(runner, "count and solve disagree", implied, status, request)
            if case.count is not None and case.count <= 3 and c["count"] != case.count:
                runner.inconsistent(f"example {case.origin} has {case.count} solutions, counted {c['count']}",
                                    short(c), {**plain, "count": True, "limit": 3})
        elif isinstance(c.get("count"), int) and c["count"] >= 2:
            _agree(runner, "count finds several, solve says otherwise", "multiple", status, request)
    if "count" not in result:
        reference = status
    else:
        reference = _status(runner.send(plain))
    if use_smt:
        smt = runner.send({**plain, "backend": "smt"})
        _agree(runner, "sat and smt disagree", reference, _status(smt), {**plain, "backend": "smt"})

    state = parsed.response["result"]["state"]
    small = state["rows"] * state["cols"] <= 36
    hint_request = {"op": "hint", **base, **budget, **({"path": True} if deep and small else {})}
    hinted = runner.send(hint_request)
    if is_ok(hinted):
        _agree(runner, "hint and solve disagree on status", hinted.response["result"].get("status"), reference,
               hint_request)
    if deep:
        _explanations(runner, {**base, **budget}, result, hinted, reference, plan, rnd)

    if case.solution is not None and not case.rules:
        request = {"op": "check", **base, "solution": case.solution}
        out = runner.send(request)
        if not is_ok(out) or out.response["result"].get("ok") is not True:
            runner.inconsistent("check refuses a known solution", short(out.response), request)

    exported = runner.send({"op": "link_export", **base})
    if is_ok(exported):
        url = exported.response["result"].get("url")
        imported = runner.send({"op": "link_import", "url": url})
        if not is_ok(imported):
            runner.inconsistent("link_import refuses link_export's URL", short(imported.response),
                                {"op": "link_import", "url": url})
        else:
            back = imported.response["result"]
            reparsed = runner.send({"op": "parse", "kind": back.get("kind"), "text": back.get("text"),
                                    "rules": back.get("rules")})
            if back.get("kind") != kind or not is_ok(reparsed) \
                    or _without_goal(reparsed.response["result"]["text"]) != _without_goal(canonical):
                runner.inconsistent("link export then import changes the puzzle",
                                    f"{canonical!r} -> {url!r} -> {short(back)}", {"op": "link_import", "url": url})
    elif error_type(exported) != "RequestError":
        runner.inconsistent("link_export fails with something other than RequestError",
                            short(exported.response), {"op": "link_export", **base})


def _steps(hint_result: dict) -> list[dict]:
    """The steps of a hint result: its path, or its one hint."""
    if "steps" in hint_result:
        return hint_result["steps"]
    return [hint_result["hint"]] if hint_result.get("hint") else []


def _against_certain(runner: Runner, what: str, steps: list[dict], certain: set, request) -> None:
    """Every step places a certain value or eliminates an uncertain one."""
    for step in steps:
        fact = (*step["cell"], step["value"])
        if step["eliminated"] == (fact in certain):
            runner.inconsistent(f"{what} {'eliminates' if step['eliminated'] else 'places'} a value against "
                                "the certain cells", f"step {short(step)}; certain {short(sorted(certain))}", request)


def _explanations(runner: Runner, base: dict, solved: dict, hinted: Outcome, reference, plan: dict, rnd) -> None:
    """The explanations checked against each other. A native kind refuses them. Otherwise the certain
    cells (facts) of a puzzle with solutions are taken as the user's entries (some, or every one), and
    maybe one of them changed to another value: progress marks exactly the changed cell wrong, a hint
    with these entries keeps the status (or names the changed cell in its conflict) and never places
    a value against the certain cells, and solving with them keeps the status and the certain cells (or
    finds none, the changed cell in the conflict). A puzzle without solutions gets its conflict."""
    kind = runner.kind
    if not explains(kind):
        refused = [{"op": "solve", **base, "facts": True}]
        if not solver.searches_entries(KIND_BY_KEY[kind]):         # number cross checks entries by its search
            refused.append({"op": "progress", **base, "entries": []})
        for request in refused:
            out = runner.send(request)
            if error_type(out) != "RequestError":
                runner.inconsistent("a kind solved without SAT does not refuse explaining", short(out.response),
                                    request)
        if error_type(hinted) != "RequestError":
            runner.inconsistent("a kind solved without SAT does not refuse a hint", short(hinted.response),
                                {"op": "hint", **base})
        return
    plain = {"op": "solve", **base, "render": False}
    if reference == "none":
        if "conflict" not in solved:
            runner.send({**plain, "explain": True})         # its conflict is checked on its own
        return
    if reference not in ("unique", "multiple"):
        return
    if "facts" in solved:
        facts, stopped = solved["facts"], solved["facts_stopped"]
    else:
        out = runner.send({**plain, "facts": True})
        if not is_ok(out):
            runner.inconsistent("solve refuses facts for a kind that explains", short(out.response),
                                {**plain, "facts": True})
            return
        facts, stopped = out.response["result"].get("facts"), out.response["result"].get("facts_stopped")
    if not isinstance(facts, list) or stopped is not None:
        return
    certain = {tuple(f) for f in facts}
    if is_ok(hinted):
        _against_certain(runner, "a hint", _steps(hinted.response["result"]), certain, {"op": "hint", **base})

    entries = list(facts) if plan["every"] else rnd.sample(facts, min(len(facts), rnd.randint(0, 4)))
    changed = None
    values = sorted({f[2] for f in facts})
    if plan["spoil"] and facts and len(values) > 1:
        r, c, v = rnd.choice(facts)
        changed = [r, c, rnd.choice([x for x in values if x != v])]
        entries = [e for e in entries if e[:2] != [r, c]] + [changed]
        rnd.shuffle(entries)

    request = {"op": "progress", **base, "entries": entries}
    out = runner.send(request)
    if not is_ok(out):
        refused = out.response.get("error") if isinstance(out.response, dict) else None
        if not (changed and error_type(out) == "RequestError" and (refused.get("where") or {}).get("field")
                == "entries"):                    # else the changed value has no place in its cell
            runner.inconsistent("progress refuses entries taken from the certain cells", short(out.response),
                                request)
        return
    p = out.response["result"]
    _agree(runner, "progress and solve disagree on status", p["status"], reference, request)
    want = [changed[:2]] if changed else []
    if p["status"] != "unknown" and p["wrong"] != want:
        runner.inconsistent("progress marks other cells wrong than the one changed from a certain value",
                            f"wrong {p['wrong']}, changed {changed}", request)

    request = {"op": "hint", **base, "entries": entries}
    out = runner.send(request)
    if not is_ok(out):
        runner.inconsistent("hint refuses entries that progress takes", short(out.response), request)
    else:
        h = out.response["result"]
        if changed:
            _conflict_names(runner, "a hint", h, changed, request)
        else:
            _agree(runner, "a hint with certain cells as entries changes the status", h["status"], reference,
                   request)
            _against_certain(runner, "a hint with entries", _steps(h), certain, request)
            step = h.get("hint")
            if plan["every"] and step is not None and (reference == "unique" or not step["eliminated"]):
                runner.inconsistent("every certain cell is filled, yet a hint places a value",
                                    short(step), request)

    if "entries" not in FIELDS_OF_OP["solve"]:
        return
    asked = {"explain": True} if changed else {"facts": True, "count": True, "limit": 3}
    request = {**plain, "entries": entries, **asked}
    out = runner.send(request)
    if not is_ok(out):
        runner.inconsistent("solve refuses entries that progress takes", short(out.response), request)
        return
    s = out.response["result"]
    if changed:
        _conflict_names(runner, "solving", s, changed, request)
    else:
        _agree(runner, "solving with certain cells as entries changes the status", s["status"], reference,
               request)
        if s.get("facts_stopped") is None and isinstance(s.get("facts"), list) and s["facts"] != facts:
            runner.inconsistent("certain cells held as entries change the certain cells",
                                f"{short(facts)} then {short(s['facts'])}", request)


def _conflict_names(runner: Runner, what: str, result: dict, changed: list, request) -> None:
    """An entry against a certain cell leaves no solution, and the conflict names its cell."""
    if result["status"] == "unknown":
        return
    if result["status"] != "none":
        runner.inconsistent(f"{what} finds solutions with an entry against a certain cell",
                            f"status {result['status']}, entry {changed}", request)
    elif result.get("conflict") is not None and changed[:2] not in result["conflict"]:
        runner.inconsistent(f"{what}'s conflict leaves out the entry against a certain cell",
                            f"conflict {result['conflict']}, entry {changed}", request)


# -- mutated texts -----------------------------------------------------------------------------------
def mutation(runner: Runner, drawn) -> None:
    """A mutated puzzle text through parse/solve/check/hint/progress/link_export; round trips when accepted."""
    case, data = drawn
    kind = runner.kind
    text = data.draw(mutated(case.text))
    rnd = data.draw(st.randoms(use_true_random=False))
    op = data.draw(st.sampled_from(["parse", "parse", "solve", "solve", "check", "hint", "progress",
                                    "link_export"]))
    rules = case.rules
    if data.draw(st.integers(0, 5)) == 0:
        joined = ",".join(case.rules) if isinstance(case.rules, list) else case.rules
        rules = data.draw(st.one_of(mutated(joined or "x"),
                                    st.lists(st.sampled_from(["knight", "king", "miracle", "x", "", " ", "flying",
                                                              "KNIGHT", "²"]), max_size=3)))
    request = {"op": op, "kind": kind, "text": text, "rules": rules}
    if op in BUDGETED:
        request["budget_ms"] = BUDGET_MS
    if op == "solve":
        request.update(_solve_options(data, kind))
    if op == "check":
        request["solution"] = data.draw(st.one_of(st.just(case.solution or case.text),
                                                  mutated(case.solution or case.text)))
    if op in ("hint", "progress"):
        request["entries"] = data.draw(small_entries)
    out = runner.send(request)
    if not is_ok(out):
        return
    result = out.response["result"]
    if op == "parse":
        again_request = {**request, "text": result["text"]}
        again = runner.send(again_request)
        if not is_ok(again) or again.response["result"]["text"] != result["text"]:
            runner.inconsistent("parse(format(p)) is not p for an accepted text", short(again.response),
                                again_request)
    elif op == "solve":
        _check_solutions(runner, {k: request[k] for k in ("kind", "text", "rules")},
                         result.get("solutions") or [], rnd)


# -- wrong-typed and out-of-range fields ---------------------------------------------------------------
def _base_request(op: str, case: Case, data) -> dict:
    """A valid request of `op` on `case` (solve options and choices drawn when `data` is given)."""
    request: dict = {"op": op}
    if op == "generate":                      # (a 4×4 sudoku: a few ms; bench/bench_generate.py sweeps the rest)
        return {"op": op, "kind": "sudoku", "rows": 4, "seed": 1, "budget_ms": BUDGET_MS}
    if op in BUDGETED:
        request["budget_ms"] = BUDGET_MS
    if "kind" in FIELDS_OF_OP[op]:
        request.update(kind=case.kind, text=case.text, rules=case.rules)
    if op == "solve" and data is not None:
        request.update(_solve_options(data, case.kind))
    if op == "progress" or (op == "hint" and data is not None):
        request["entries"] = data.draw(small_entries) if data is not None else []
    if op == "hint" and data is not None and data.draw(st.integers(0, 3)) == 0:
        request["path"] = True
    if op == "check":
        request["solution"] = case.solution or case.text
    if op == "link_import":
        urls = ["https://puzz.link/p?sudoku/4/4/1g2g3g4", "https://puzz.link/p?nonogram/2/2/1111",
                "https://puzz.link/p?kakuro/2/2/kkkk"]
        request["url"] = data.draw(st.sampled_from(urls)) if data is not None else urls[0]
    if op == "preload":
        request["packages"] = data.draw(st.sampled_from([[], ["sympy"], ["z3"]] if HAS_Z3 else [[], ["sympy"]])) if data is not None else []
    return request


def fields(runner: Runner, drawn) -> None:
    """A valid request of any op with one or two fields set to wrong types, removed, or added; a
    single field of a type it can never take must be refused with a RequestError naming it."""
    case, data = drawn
    op = data.draw(st.sampled_from(OPS + ("solve",) * 4 + ("parse", "check", "hint", "progress")))
    request = _base_request(op, case, data)
    changes = []
    for _ in range(data.draw(st.integers(1, 2))):
        how = data.draw(st.sampled_from(["set", "set", "set", "set", "drop", "add"]))
        name = data.draw(st.sampled_from(FIELDS_OF_OP[op] * 6 + FIELDS + tuple(request)))
        if how == "drop":
            request.pop(name, None)
        elif how == "add":
            name = data.draw(rarely(long_shapes, st.text(max_size=8)))
            if name not in request:
                request[name] = data.draw(weird_values)
        elif name == "op" and data.draw(st.booleans()):
            request["op"] = data.draw(unknown_ops)
        else:
            request[name] = data.draw(st.one_of(weird_values, near_values(name)))
        changes.append((how, name))
    out = runner.send(request)
    if len(changes) == 1 and changes[0][0] == "set" and case.origin != "stress":   # else the text may be refused first
        _expect_refusal(runner, request, op, changes[0][1], out)


def _expect_refusal(runner: Runner, request: dict, op: str, name: str, out: Outcome) -> None:
    """A field the op reads, set to a type it can never take, must give a RequestError naming it."""
    value = request.get(name)
    if (name == "op" or name in FIELDS_OF_OP[op]) and plainly_wrong(name, value):
        error = out.response.get("error") if isinstance(out.response, dict) else None
        named = isinstance(error, dict) and error.get("type") == "RequestError" and (
            (error.get("where") or {}).get("field") == name or name in str(error.get("message")))
        if not named:
            what = short(error) if isinstance(error, dict) else "an ok answer"
            runner.flag([Problem("door", f"{name}={type(value).__name__} not refused as a RequestError "
                                         f"naming {name!r} (op={op})", what)], request)


TINY = {"sudoku": Case("sudoku", "1...\n..2.\n.3..\n...4", [], True, None, "1243\n3421\n4312\n2134"),
        "binary": Case("binary", "1.\n..", [], True, None, "10\n01"),
        "nonogram": Case("nonogram", "2x2:1/1/1/1", [], True, None, "#.\n.#"),
        "kakuro": Case("kakuro", "3 3\n- 3, 3,\n,3 0 0\n,3 0 0", [], True, None, "3 3\n- - -\n- 1 2\n- 2 1"),
        "puzlogic": Case("puzlogic", "cells 0 0 0\ncells 1 1 0\npieces 1 2", [], True, None,
                         "solution 0 0 1\nsolution 1 1 2"),
        "numbercross": Case("numbercross", "AB\nAB\n\nsquare\nsquare", [], True, None, "16\n16"),
        "futoshiki": Case("futoshiki", ". . . .\n    v\n. . . 4\n^\n2 . . .\n    v\n.>. . .", [], True, None,
                          "3142\n1324\n2431\n4213")}
"""A tiny puzzle per kind, the base of the every-field edge test (see `tiny`)."""


def tiny(kind: str) -> Case:
    """A kind's TINY puzzle, or by default its shortest example with one solution (with any, if none has one)."""
    if kind in TINY:
        return TINY[kind]
    examples = KIND_BY_KEY[kind].EXAMPLES
    example = min([e for e in examples if e.count == 1] or examples, key=lambda e: len(e.text))
    return Case(kind, example.text, list(example.rules), True, None, example.solution)


def test_tables_follow_the_api():
    """Every field the API reads has a shape here (so a new field cannot go unfuzzed), the near values
    name real fields, each op reads only fields of the API's field table, and each op has a base
    request the API answers on a tiny puzzle (so edge values are tried against a request that works)."""
    assert set(SHAPES) == {"op"} | set(api_fields.FIELDS)
    assert set(NEAR_VALUES) <= set(SHAPES)
    for op in OPS:
        assert set(FIELDS_OF_OP[op]) <= set(api_fields.FIELDS), op
        request = _base_request(op, TINY["sudoku"], None)
        assert api.handle(request)["ok"] is True, (op, request)


# -- the result checks, each shown to fail on a broken answer ------------------------------------------
SUDOKU4 = TINY["sudoku"].text
GOOD = {
    "facts": {"op": "solve", "kind": "sudoku", "text": SUDOKU4, "facts": True, "explain": True, "render": False},
    "none": {"op": "solve", "kind": "sudoku", "text": "12..\n3...\n....\n.4..", "facts": True, "explain": True,
             "render": False},
    "classes": {"op": "solve", "kind": "sudoku", "text": "....\n....\n....\n....", "count": True,
                "symmetry": True, "render": False},
    "path": {"op": "hint", "kind": "tents", "text": "1 1 1 1\n.T.. 1\n...T 1\nT... 1\n..T. 1", "path": True,
             "entries": [[0, 2, 1]]},
    "graded_path": {"op": "hint", "kind": "sudoku", "text": SUDOKU4, "path": True, "entries": [[0, 1, 2]]},
    "hint_none": {"op": "hint", "kind": "sudoku", "text": "12..\n3...\n....\n.4..", "entries": [[3, 3, 1]]},
    "hint_wrong": {"op": "hint", "kind": "sudoku", "text": SUDOKU4, "entries": [[0, 1, 3]]},
    "solve_wrong": {"op": "solve", "kind": "sudoku", "text": SUDOKU4, "entries": [[0, 1, 3]], "explain": True,
                    "render": False},
    "progress": {"op": "progress", "kind": "sudoku", "text": SUDOKU4, "entries": [[0, 1, 3], [0, 2, 4]]},
}
"""Requests whose answers on a 4x4 sudoku (a path: a 4×4 tents', rated by its walk; a graded path: a plain
sudoku's, its grader's walk) are known good, the bases of the broken answers below."""


def _set(**values):
    return lambda request, result: result.update(values)


def _step(index, **values):
    return lambda request, result: result["steps"][index].update(values)


def _facts_without_entry(request, result):
    request["entries"] = [result["facts"][0]]
    del result["facts"][0]
    result["facts_count"] -= 1


def _step_on_entry(request, result):
    request["entries"] = request["entries"] + [result["hint"]["cell"] + [result["hint"]["value"]]]


def _twice(request, result):
    result["steps"].append(dict(result["steps"][0]))
    result["difficulty"]["steps"] += 1


BROKEN = [
    ("facts", _set(facts_count=15), "facts_count # is not the # facts"),
    ("facts", lambda q, r: r["facts"].__setitem__(0, [4, 0, 1]), "a fact is not"),
    ("facts", lambda q, r: r["facts"].reverse(), "facts not sorted, or two on one cell"),
    ("facts", lambda q, r: r["facts"].insert(1, [0, 0, 2]) or r.update(facts_count=17), "two on one cell"),
    ("facts", _set(facts=None, facts_count=None), "no facts for a unique puzzle"),
    ("facts", _set(facts_stopped="time"), "facts_stopped is"),
    ("facts", lambda q, r: r.pop("facts_count"), "facts asked for but not all"),
    ("none", _set(facts_count=0), "facts_count without facts"),
    ("none", _set(explain_stopped="time"), "explain_stopped is not null or budget"),
    ("facts", lambda q, r: q.pop("facts"), "facts not asked for but answered"),
    ("facts", _facts_without_entry, "held, yet not certain"),
    ("none", _set(facts=[[0, 0, 1]], facts_count=1), "facts for a puzzle with status none"),
    ("facts", _set(conflict=[[0, 0]], conflict_clues=[{"key": "x", "label": "x", "cells": [[0, 0]]}],
                   because="x", conflict_minimal=True), "a conflict for a puzzle with status unique"),
    ("facts", _set(conflict_clues=[]), "clues, a sentence or conflict_minimal without a conflict"),
    ("none", _set(conflict=None, conflict_clues=None, because=None, conflict_minimal=None),
     "no conflict for a puzzle without"),
    ("none", _set(conflict_minimal="yes"), "conflict_minimal is not a bool"),
    ("hint_none", _set(conflict_minimal=None), "conflict_minimal is not a bool"),
    ("none", lambda q, r: r["conflict"].append([3, 3]), "is not the cells of its clues"),
    ("none", lambda q, r: r["conflict"].append([4, 0]), "conflict cells not cells inside"),
    ("none", lambda q, r: r["conflict"].insert(0, r["conflict"][-1]), "conflict cells not sorted"),
    ("none", _set(because=""), "a conflict without a sentence"),
    ("none", lambda q, r: r["conflict_clues"][0].pop("key"), "conflict_clues are not clues"),
    ("classes", _set(classes=40), "is not the sum of class_sizes"),
    ("classes", _set(class_sizes={"4": 7, "8": 32}), "do not add up to the count"),
    ("classes", _set(classes=96, class_sizes={"3": 96}), "does not divide"),
    ("classes", _set(class_sizes={"4": "6", "8": 33}), "class_sizes is not"),
    ("classes", lambda q, r: r["symmetries"].remove("identity"), "symmetries are not a group"),
    ("classes", _set(count_complete=False), "classes of an incomplete count"),
    ("classes", _set(classes=None, class_sizes=None), "no classes for a complete count"),
    ("path", _set(status="solved"), "not in the four"),
    ("path", _set(status="none"), "a hint without a solution"),
    ("path", _set(stopped="time"), "stopped or message malformed"),
    ("path", lambda q, r: r["steps"].reverse(), "not the path's first step"),
    ("path", lambda q, r: q.pop("path"), "steps or difficulty without a path"),
    ("path", _set(steps=None), "steps is not a list"),
    ("path", lambda q, r: r["steps"].append("r1c1 is 1"), "a step is not an object"),
    ("path", _step(-1, cell=[4, 0]), "off the"),
    ("path", _step(-1, value="3"), "off the"),
    ("path", _step(-1, eliminated=None), "eliminated/rule are not"),
    ("path", _step(-1, because=[[3, 3], [0, 0]]), "because cells not sorted"),
    ("path", _step(-1, because=[[0, 4]]), "because cells not cells inside"),
    ("path", _step(-1, clues=[1]), "clues are not names"),
    ("path", _step(-1, sentence="it must be so"), "sentence does not name its cell"),
    ("path", _set(message="x"), "the message is not the hint's sentence"),
    ("path", _step_on_entry, "steps on cells the user filled"),
    ("path", _twice, "a cell placed twice"),
    ("path", _step(-1, eliminated=True), "eliminates a candidate"),
    ("path", lambda q, r: r["difficulty"].update(steps=1), "does not count the # steps"),
    ("path", lambda q, r: r["difficulty"].update(largest_reason=0), "does not count the # steps"),
    ("path", lambda q, r: r["difficulty"].update(hard_steps=99), "does not count the # steps"),
    ("path", lambda q, r: r["difficulty"].update(rating="trivial"), "difficulty is not rated"),
    ("path", lambda q, r: r["difficulty"].update(rating="fiendish"), "the rating contradicts its levels"),
    ("path", lambda q, r: r["difficulty"]["levels"].update(easy=0), "the rating contradicts its levels"),
    ("path", lambda q, r: r["difficulty"].pop("levels"), "the rating contradicts its levels"),
    ("path", _set(stopped="budget"), "a difficulty for an unfinished path"),
    ("graded_path", _step(-1, eliminated=True), "eliminates a candidate"),
    ("graded_path", _step(0, technique=""), "names no technique"),
    ("graded_path", lambda q, r: r["difficulty"].update(steps=1), "does not count the # steps"),
    ("graded_path", _twice, "a cell placed twice"),
    ("hint_none", lambda q, r: r.pop("conflict"), "status none without a conflict"),
    ("hint_none", _set(status="unique"), "status unique with a conflict"),
    ("hint_none", lambda q, r: r["conflict"].append([3, 3]), "is not the cells of its clues"),
    ("hint_wrong", lambda q, r: r.pop("wrong"), "status none without a conflict or wrong entries"),
    ("hint_wrong", _set(wrong=[[1, 1, 1]]), "wrong is not a list of the request's entries"),
    ("hint_wrong", _set(message="no hint"), "wrong entries not named in the message"),
    ("solve_wrong", _set(wrong=[]), "no conflict for a puzzle without solutions, no wrong entries"),
    ("solve_wrong", _set(status="unique"), "wrong entries with status unique"),
    ("progress", _set(status="almost"), "not in the four"),
    ("progress", _set(stopped="budget"), "stopped 'budget' with status unique"),
    ("progress", _set(wrong=[[1, 1]]), "are not among the entries' cells"),
    ("progress", _set(wrong=[[0, 1], [0, 1], [0, 2]]), "are not among the entries' cells"),
    ("progress", _set(wrong=[0, 1]), "wrong is not a list of cells"),
    ("progress", _set(correct_so_far=True), "correct_so_far"),
    ("progress", _set(status="none", correct_so_far=False), "wrong entries in a puzzle without solutions"),
]
"""(a good answer, how to break it or its request, what the check that must catch it says)."""


def _good(name: str) -> tuple[dict, dict]:
    request = json.loads(json.dumps(GOOD[name]))
    return request, api.handle(request)["result"]


LONG_REQUEST = {"op": "parse", "kind": "nonogram", "text": "$" + "x" * 1000}
BROKEN_ERRORS = [
    (f"line 1: puzzle {excerpt(LONG_REQUEST['text'])} has 0 clue lines", {}, None),
    ("line 1: puzzle $" + "x" * 40 + " has 0 clue lines", {}, "quotes over 40 chars of the request"),
    ("line 1: puzzle $" + "x" * 299, {}, "over 300 chars"),
    (api._shorten("line 1: puzzle $" + "x" * 1000), {}, "cut by the API's last guard"),
    ("unknown field", {"field": "x" * 41}, "where holds a string over 40 chars"),
]
"""(an error message, its where, what the envelope check says of it: None for nothing)."""


@pytest.mark.parametrize("message, where, says", BROKEN_ERRORS, ids=[str(says) for _, _, says in BROKEN_ERRORS])
def test_envelope_checks_hold_messages_short(message, where, says):
    """Each message check finds the long or quoting message it is there for, and passes a short one."""
    error = {"type": "PuzzleSyntaxError", "message": message, "where": where}
    found = [p.signature for p in problems_of(LONG_REQUEST, Outcome(response={"ok": False, "error": error}))]
    assert (found == []) if says is None else (len(found) == 1 and says in found[0]), found


@pytest.mark.parametrize("name", sorted(GOOD))
def test_result_checks_pass_good_answers(name):
    """The result checks find nothing wrong with answers known to be good."""
    request, result = _good(name)
    assert problems_of(request, Outcome(response={"ok": True, "result": result})) == []


@pytest.mark.parametrize("name, breaking, says", BROKEN, ids=[f"{n}-{s}" for n, _, s in BROKEN])
def test_result_checks_fail_broken_answers(name, breaking, says):
    """Each result check catches the broken answer it is there for."""
    request, result = _good(name)
    breaking(request, result)
    found = problems_of(request, Outcome(response={"ok": True, "result": result}))
    assert any(says in p.signature or says in p.detail for p in found), found


def _edge_combos(named: bool) -> list[tuple]:
    """(op, field, value) for every field of the ops that name a kind (`named`) or of those that do not."""
    return [(op, name, value) for op in OPS if ("kind" in FIELDS_OF_OP[op]) == named
            for name in ("op",) + FIELDS_OF_OP[op] for value in EDGE_VALUES + NEAR_VALUES.get(name, ())]


@pytest.mark.parametrize("kind", KIND_KEYS)
def test_every_field_edge_value(door, kind):
    """Every field each op reads (and `op`), set in turn to every fixed edge value, on a tiny puzzle (by
    default each combination on a few of the kinds, tests/sampling.py)."""
    runner = Runner(door, kind, "edges")
    start = time.perf_counter()
    combos = _edge_combos(named=True)
    if not LONG:
        combos = spread(combos, KIND_KEYS.index(kind))
    if kind == KIND_KEYS[0]:                # ops that name no kind are tried once, with the first kind
        combos += _edge_combos(named=False)
    for op, name, value in combos:
        request = _base_request(op, tiny(kind), None)
        request[name] = value
        KIND_TALLY[kind]["cases"] += 1
        FAMILY_TALLY[f"{kind}/edges"]["cases"] += 1
        try:
            out = runner.send(request)
            _expect_refusal(runner, request, op, name, out)
        except CaseOver:
            pass
    KIND_TALLY[kind]["wall_s"] += time.perf_counter() - start
    FAMILY_TALLY[f"{kind}/edges"]["wall_s"] += time.perf_counter() - start
    if KEEP_GOING:
        runner.finish()



# -- random text ---------------------------------------------------------------------------------------
def random_text(runner: Runner, drawn) -> None:
    """Random text as a puzzle (and as a proposed solution) of the kind."""
    text, data = drawn
    op = data.draw(st.sampled_from(["parse", "parse", "solve", "check", "hint", "progress"]))
    request = {"op": op, "kind": runner.kind, "text": text, "rules": []}
    if op in BUDGETED:
        request["budget_ms"] = BUDGET_MS
    if op == "check":
        request["solution"] = data.draw(random_texts(runner.kind))
    if op == "progress":
        request["entries"] = data.draw(small_entries)
    out = runner.send(request)
    if op == "parse" and is_ok(out):
        again_request = {**request, "text": out.response["result"]["text"]}
        again = runner.send(again_request)
        if not is_ok(again) or again.response["result"]["text"] != out.response["result"]["text"]:
            runner.inconsistent("parse(format(p)) is not p for accepted random text", short(again.response),
                                again_request)


# -- the tests ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KIND_KEYS)
def test_wellformed(door, kind):
    """Well-formed puzzles of every kind through every op, with cross-checks between the answers."""
    _run(door, kind, "wellformed", WELLFORMED, st.tuples(cases(kind), st.data()), wellformed)


@pytest.mark.parametrize("kind", KIND_KEYS)
def test_mutated_text(door, kind):
    """Mutated puzzle texts: typed errors or consistent answers, never a crash or a hang."""
    _run(door, kind, "mutated", PER_FAMILY, st.tuples(cases(kind), st.data()), mutation)


@pytest.mark.parametrize("kind", KIND_KEYS)
def test_wrong_fields(door, kind):
    """Every field set to a wrong type or an out-of-range value, dropped, or an unknown one added."""
    _run(door, kind, "fields", PER_FAMILY, st.tuples(cases(kind), st.data()), fields)


@pytest.mark.parametrize("kind", KIND_KEYS)
def test_random_text(door, kind):
    """Random text as a puzzle of the kind."""
    _run(door, kind, "random", PER_FAMILY, st.tuples(random_texts(kind), st.data()), random_text)


# -- editing states -------------------------------------------------------------------------------------
def state_case(runner: Runner, drawn) -> None:
    """A state of valid shape with random contents through parse/solve/check/hint/progress/link_export: a
    refusal must locate a place of this state; an accepted one must round-trip through its text."""
    state, data = drawn
    kind = runner.kind
    op = data.draw(st.sampled_from(["parse", "parse", "solve", "check", "hint", "progress", "link_export"]))
    rnd = data.draw(st.randoms(use_true_random=False))
    base = {"kind": kind, "state": state, "rules": []}
    request = {"op": op, **base}
    if op in BUDGETED:
        request["budget_ms"] = BUDGET_MS
    if op == "solve":
        request.update(_solve_options(data, kind))
    if op == "check":
        request["solution"] = data.draw(random_texts(kind))
    if op in ("hint", "progress"):
        request["entries"] = data.draw(small_entries)
    out = runner.send(request)
    if not is_ok(out):
        error = out.response.get("error") if isinstance(out.response, dict) else None
        where = (error or {}).get("where") or {}
        if error and error.get("type") == "RequestError" and where.get("field") == "state":
            runner.inconsistent("the door refuses a state of valid shape", short(error), request)
        elif error and error.get("type") != "InternalError":
            wrong = location_problems(layout_of(KIND_BY_KEY[kind]), state, where)
            if op == "check":                   # the proposed solution is text: its errors have lines
                wrong = [w for w in wrong if not w.startswith("a text line")]
            if wrong:
                runner.inconsistent(f"a state's error is located off the state ({wrong[0].split(' ')[0]})",
                                    f"{wrong}: {short(error)}", request)
        return
    result = out.response["result"]
    if op == "parse":
        again = runner.send({"op": "parse", **base, "state": result["state"]})
        by_text = runner.send({"op": "parse", "kind": kind, "text": result["text"]})
        for what, other in (("its state", again), ("its text", by_text)):
            if not is_ok(other) or other.response["result"]["text"] != result["text"] \
                    or other.response["result"]["state"] != result["state"]:
                runner.inconsistent(f"a parsed state read back from {what} is another puzzle",
                                    short(other.response), {"op": "parse", **base})
    elif op == "solve":
        _check_solutions(runner, base, result.get("solutions") or [], rnd)


def broken_state_case(runner: Runner, drawn) -> None:
    """A state whose shape is broken in one place: a RequestError naming `state`, quickly."""
    (how, state), data = drawn
    op = data.draw(st.sampled_from(["parse", "solve", "check", "hint", "progress", "link_export"]))
    request = {"op": op, "kind": runner.kind, "state": state}
    if op == "check":
        request["solution"] = "1"
    if op == "progress":
        request["entries"] = []
    out = runner.send(request)
    error = out.response.get("error") if isinstance(out.response, dict) else None
    if not (isinstance(error, dict) and error.get("type") == "RequestError"
            and (error.get("where") or {}).get("field") == "state"):
        runner.inconsistent(f"a broken state ({how}) is not refused naming 'state'",
                            short(out.response), request)


@pytest.mark.parametrize("kind", KIND_KEYS)
def test_layout_states(door, kind):
    """States of valid shape drawn from the layout, random contents: located errors or consistent answers."""
    _run(door, kind, "states", STATES, st.tuples(layout_states(kind), st.data()), state_case)


@pytest.mark.parametrize("kind", KIND_KEYS)
def test_broken_states(door, kind):
    """States with a broken shape: refused at the door naming `state`, never an InternalError or a hang."""
    _run(door, kind, "broken states", STATES, st.tuples(broken_states(kind), st.data()), broken_state_case)


def general(runner: Runner, drawn) -> None:
    """Kind-independent requests: hello, kinds, preload, link_import (long links of every form too), unknown
    ops, non-objects."""
    data = drawn
    which = data.draw(st.sampled_from(["hello", "kinds", "preload", "link", "link", "long_link", "unknown_op",
                                       "not_object"]))
    if which in ("hello", "kinds"):
        request = {"op": which}
        if data.draw(st.booleans()):
            request[data.draw(st.sampled_from(FIELDS))] = data.draw(weird_values)
        request["op"] = which
        out = runner.send(request)
        if which == "kinds" and is_ok(out):
            listed = {k.get("key"): k for k in out.response["result"].get("kinds", [])}
            if sorted(listed) != sorted(KIND_KEYS):
                runner.inconsistent("kinds does not list every kind", short(sorted(listed)), request)
    elif which == "preload":
        packages = data.draw(st.one_of(weird_values, st.lists(st.sampled_from(["sympy", "z3", "os", "", "SYMPY"]),
                                                              max_size=3)))
        runner.send({"op": "preload", "packages": packages})
    elif which == "link":
        pid = data.draw(st.sampled_from(["sudoku", "kakuro", "nonogram", "binary", "chess", "", "sudoku_edit"]))
        cols = data.draw(st.sampled_from(["9", "4", "2", "0", "²", "①", "99999", "-1", "", "9" * 5000, "a"]))
        rows = data.draw(st.sampled_from(["9", "4", "2", "0", "²", "99999", "", "4294967296"]))
        body = data.draw(st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz.-+=@%*$/_", max_size=40))
        prefix = data.draw(st.sampled_from(["https://puzz.link/p?", "http://pzv.jp/p.html?", "?",
                                            "https://puzz.link/p?type=editor&", "puzz.link/p?", ""]))
        url = f"{prefix}{pid}/{cols}/{rows}/{body}"
        if data.draw(st.integers(0, 3)) == 0:
            url = data.draw(mutated(url))
        runner.send({"op": "link_import", "url": url})
    elif which == "long_link":
        pid = data.draw(st.sampled_from(["sudoku", "kakuro", "nonogram", "puzlogic", "chess"]))
        runner.send({"op": "link_import", "url": long_url(data.draw(st.sampled_from(sorted(URLS))), pid)})
    elif which == "unknown_op":
        runner.send({"op": data.draw(unknown_ops), "kind": "sudoku", "text": "1...\n..2.\n.3..\n...4"})
    else:
        runner.send(data.draw(non_dict_requests))


def test_general_ops(door):
    """hello, kinds, preload, link_import and malformed requests that name no kind."""
    _run(door, "-", "general", PER_FAMILY * 2, st.data(), general)


def outlasting(runner: Runner, drawn) -> None:
    """A request built to outlast its budget answers within OVERRUN_S past it, with its other checks."""
    (op, where, name, request), budget = drawn
    outcome = runner.send({**request, "budget_ms": budget})
    late = outcome.elapsed - budget / 1000
    if late > OVERRUN_S:
        runner.flag([Problem("over budget", f"{op} {where} {name}", f"{late:.2f} s past a budget of {budget} ms")],
                    {**request, "budget_ms": budget})


def test_budgets_are_kept(door):
    """Every op, engine and backend on requests built to outlast random budgets (tests/outlasting.py:
    among them the shapes that once overran); `max_over_budget_s` in the report is the worst seen."""
    drawn = st.tuples(st.sampled_from(rounds(outlasting_requests())), st.sampled_from(OUTLASTING_BUDGETS_MS))
    _run(door, "-", "outlasting", OUTLASTING, drawn, outlasting)
