"""The page's own CaDiCaL module (wasm/cadical.py builds it, web/sat/cadical.js wraps it,
backends/sat/wasm_cadical.py drives it) inside Pyodide under Node, as the worker hands it to Python:
it is the engine of the page's CaDiCaL work; counts equal python-sat's natively on sudoku with variants,
loop genres whose one loop is kept by lazy cuts, and numberlink (whose engine is CaDiCaL; a real 10×10
answered by its verdict); every solution passes the kind's own checker; a budget that runs out stops the
count; cores are failed assumptions under which the formula has no model; a conflict limit ends a call
undecided. Without the module (the page's fallback) python-sat's wheel answers the same.
"""

from __future__ import annotations

import json
import subprocess

import pytest

from conftest import ROOT
from gridlogic import api
from gridlogic.kinds import KINDS

pytestmark = pytest.mark.pyodide

NODE_SCRIPT = ROOT / "tests" / "node" / "run_api.mjs"
LINKS = ("\"Blitz\" by Patrick", "Sandwich snipe 18")       # killers and little killers; a sandwich
# a real 10×10 (bench_paths.py's 10×10 c): from 100 cells on, numberlink's count of one is its verdict's
NUMBERLINK_10 = "\n".join([".......5.1", "..........", "......3...", "...4......", "..........", ".......1..",
                            "..........", "2.........", "3.......2.", "5.....4...", ""])


def _build_module():
    import importlib.util
    spec = importlib.util.spec_from_file_location("gridlogic_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _kind(key: str):
    return next(k for k in KINDS if k.KEY == key)


def _counts() -> list[dict]:
    """Count requests: every example of these kinds, and two variant links."""
    out = []
    for key in ("sudoku", "slitherlink", "masyu", "numberlink"):
        for ex in _kind(key).EXAMPLES:
            if ex.count is not None:
                out.append({"op": "solve", "kind": key, "text": ex.text, "rules": list(ex.rules), "count": True,
                            "limit": 200, "render": False})
    out.append({"op": "solve", "kind": "numberlink", "text": NUMBERLINK_10, "count": True, "limit": 200,
                "render": False})
    links = json.loads((ROOT / "tests" / "data" / "variant_links.json").read_text())["links"]
    for link in links:
        if link["name"].startswith(LINKS) and not link.get("same_as"):
            found = api.handle({"op": "link_import", "url": link["url"]})["result"]
            out.append({"op": "solve", "kind": "sudoku", "state": found["state"], "rules": found["rules"],
                        "count": True, "limit": 10, "render": False})
    return out


BUDGET = {"op": "solve", "kind": "sudoku", "text": "." * 81, "count": True, "limit": 1_000_000, "keep": 20,
          "budget_ms": 300, "render": False}


@pytest.fixture(scope="module")
def site():
    return _build_module().build_site()


def _run(node: str, site, requests: list[dict], *flags: str) -> tuple[list[dict], int]:
    """The answers inside Pyodide, and how many solve calls the module answered."""
    lines = "\n".join(json.dumps(r) for r in requests) + "\n"
    done = subprocess.run([node, str(NODE_SCRIPT), str(site), *flags], input=lines, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    solves = [line for line in done.stderr.splitlines() if line.startswith("sat module solves:")]
    return ([json.loads(line)["response"] for line in done.stdout.splitlines() if line.strip()],
            int(solves[-1].split(":")[1]) if solves else 0)


@pytest.fixture(scope="module")
def answers(site, node):
    requests = _counts() + [BUDGET]
    found, solves = _run(node, site, requests)
    assert len(found) == len(requests)
    return list(zip(requests, found)), solves


def test_the_module_answers_and_counts_as_python_sat_natively(answers):
    pairs, solves = answers
    assert solves > len(pairs)                          # every request's calls went to the module
    kinds = set()
    for request, answer in pairs[:-1]:
        here = api.handle(request)
        assert answer["ok"], answer
        assert answer["result"]["engine"] == "sat:cadical195"
        assert (answer["result"]["count"], answer["result"]["status"]) == (here["result"]["count"],
                                                                          here["result"]["status"]), request
        kinds.add(request["kind"])
        _check(request, answer["result"]["solutions"])
    assert kinds == {"sudoku", "slitherlink", "masyu", "numberlink"}


def test_a_budget_that_runs_out_stops_the_count(answers):
    request, answer = answers[0][-1]
    result = answer["result"]
    assert result["stopped"] == "budget" and result["count_complete"] is False
    assert 1 <= len(result["solutions"]) <= 20
    _check(request, result["solutions"])


def _check(request: dict, solutions: list) -> None:
    """Each solution passes the kind's own checker (on CPython)."""
    kind = _kind(request["kind"])
    where = {k: request[k] for k in ("text", "state") if k in request}
    for solution in solutions:
        verdict = api.handle({"op": "check", "kind": kind.KEY, **where, "rules": request.get("rules", []),
                              "solution": solution})
        assert verdict["ok"] and verdict["result"]["ok"], (request, solution, verdict)


def test_a_module_that_aborts_is_replaced_by_the_wheel_and_the_request_answered(site, node):
    """The module aborts (an invalid literal) at its third solve call: the request it was answering is
    asked again on python-sat's wheel and answers as natively, and so do the ones after it."""
    requests = [r for r in _counts() if r["kind"] in ("sudoku", "numberlink")][:4]
    found, solves = _run(node, site, requests, "--abort-at", "3")
    assert solves == 3                                   # the module was not called after it stopped
    for request, answer in zip(requests, found):
        assert answer["ok"], answer
        here = api.handle(request)["result"]
        assert (answer["result"]["count"], answer["result"]["status"]) == (here["count"], here["status"])
        _check(request, answer["result"]["solutions"])


GROWING = """
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
const site = process.argv[2];
const { loadCadical } = await import(pathToFileURL(join(site, "sat", "cadical.js")).href);
const sat = await loadCadical(readFileSync(join(site, "sat", "cadical195.wasm")));
const s = sat.make();
sat.add(s, Int32Array.of(-1, -2, 0));
// 4 million unit clauses (32 MB of buffer, more than the module's first memory): v for v = 2..1001
const units = new Int32Array(8_000_000).map((_, i) => (i % 2 ? 0 : 2 + ((i / 2) % 1000)));
sat.add(s, units);
const verdict = sat.solve(s, new Int32Array(0));
const model = Array.from(sat.model(s));
process.stdout.write(JSON.stringify({ verdict, vars: model.length, positive: model.filter((x) => x > 0).length,
                                      first: model[0] }) + "\\n");
"""


def test_a_buffer_that_grows_the_modules_memory_is_copied_whole(site, node, tmp_path):
    """Copying a buffer in first takes room for it in the module's memory; when that grows the memory,
    the copy goes to the new memory (it used to go to the old one's view: 'detached ArrayBuffer')."""
    (tmp_path / "grow.mjs").write_text(GROWING)
    done = subprocess.run([node, str(tmp_path / "grow.mjs"), str(site)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    assert out == {"verdict": 10, "vars": 1001, "positive": 1000, "first": -1}


def test_without_the_module_python_sats_wheel_answers(site, node):
    requests = [r for r in _counts() if r["kind"] == "numberlink"]
    found, solves = _run(node, site, requests, "--wheel")
    assert solves == 0
    assert [a["result"]["count"] for a in found] == [api.handle(r)["result"]["count"] for r in requests]


# The solver itself, inside Pyodide: pigeonhole formulas (n + 1 pigeons, n holes: no model).
SOLVER_SCRIPT = """
import json, random
from pysat.solvers import Solver
from gridlogic.backends.sat import engines, wasm_cadical

def pigeons(n):
    v = lambda p, h: p * n + h + 1
    return ([[v(p, h) for h in range(n)] for p in range(n + 1)]
            + [[-v(p, h), -v(q, h)] for h in range(n) for p in range(n + 1) for q in range(p)])

def models(solver, top, assumptions=()):
    found = []
    while solver.solve(assumptions=list(assumptions)):
        model = solver.get_model()[:top]
        found.append(model)
        solver.add_clause([-x for x in model])
    return sorted(found)

out = {"engine": type(engines.new_solver("cadical195")).__name__}
rng = random.Random(7)
cnf = [[rng.choice((1, -1)) * rng.randint(1, 9) for _ in range(3)] for _ in range(20)]
with wasm_cadical.WasmCadical() as ours, Solver(name="cadical195") as wheel:
    for s in (ours, wheel):
        s.append_formula(cnf)
        s.set_phases([-x for x in range(1, 10)])
    ours_models, wheel_models = models(ours, 9, [2]), models(wheel, 9, [2])
    out["models"] = [len(ours_models), ours_models == wheel_models]
# a core: pigeonhole of 5 holes, each hole's clauses switched on by a selector
n = 5
holes = pigeons(n)
with wasm_cadical.WasmCadical() as ours:
    ours.append_formula([c + [-100] for c in holes] + [[1, 2, 3]])
    sat_model = ours.solve(assumptions=[-1, -2])
    assumptions = [-1, 100, -2]
    verdict = ours.solve(assumptions=assumptions)
    core = ours.get_core()
    out["core"] = {"sat before": sat_model, "verdict": verdict, "core": core,
                   "model after unsat": ours.get_model(),
                   "inside": set(core) <= set(assumptions), "unsat under it": not ours.solve(assumptions=core)}
# a conflict limit: undecided, then decided without it
with wasm_cadical.WasmCadical() as ours:
    ours.configure(engines.CADICAL_OPTIONS)
    ours.append_formula(pigeons(8))
    ours.conf_budget(10)
    first = ours.solve_limited()
    ours.conf_budget(-1)
    out["limit"] = [first, ours.solve_limited(), ours.get_model()]
json.dumps(out)
"""

SCRIPT_RUNNER = """
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
const [site, codeFile] = process.argv.slice(2);
const build = JSON.parse(readFileSync(join(site, "build.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: join(site, "pyodide") + "/", stdout: () => {}, stderr: () => {} });
await pyodide.loadPackage(build.core.map((w) => join(site, w)), { messageCallback: () => {} });
const { loadCadical } = await import(pathToFileURL(join(site, "sat", "cadical.js")).href);
pyodide.registerJsModule("cadical_wasm", await loadCadical(readFileSync(join(site, "sat", "cadical195.wasm"))));
process.stdout.write(pyodide.runPython(readFileSync(codeFile, "utf8")) + "\\n");
"""


def test_the_module_keeps_python_sats_semantics(site, node, tmp_path):
    (tmp_path / "run.mjs").write_text(SCRIPT_RUNNER)
    (tmp_path / "check.py").write_text(SOLVER_SCRIPT)
    done = subprocess.run([node, str(tmp_path / "run.mjs"), str(site), str(tmp_path / "check.py")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["engine"] == "WasmCadical"
    assert out["models"][0] > 1 and out["models"][1] is True      # the same models as the wheel's
    core = out["core"]
    assert core["sat before"] is True and core["verdict"] is False and core["model after unsat"] is None
    assert core["inside"] and core["unsat under it"] and 100 in core["core"]
    assert out["limit"][0] is None and out["limit"][1] is False and out["limit"][2] is None


def test_the_modules_glue_keeps_to_the_pages_csp(site, tmp_path):
    """The emitted glue has no string eval (the CSP forbids it) and takes its wasm bytes from the page;
    the check the build makes refuses glue that has."""
    build = _build_module().wasm_cadical()
    glue = site / "sat" / "cadical195.js"
    build.check_glue(glue)
    assert "wasmBinary" in glue.read_text()
    bad = tmp_path / "glue.js"
    bad.write_text(glue.read_text() + "\nnew Function('return 1');\n")
    with pytest.raises(SystemExit, match="CSP forbids"):
        build.check_glue(bad)
