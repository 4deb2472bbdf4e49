"""The package inside wasm: the built site's gridlogic wheel and python-sat wheel, loaded by Pyodide
under Node (tests/node/run_api.mjs), answer `api.handle` exactly as CPython does, on every kind's first
two examples (all of them under --full: parse, solve, count, check), on bad input, and on puzz.link
import/export. The site's cut standard library (build.py leaves out what no import reaches) still
imports everything: every module of every shipped wheel and every module it kept, none missing a
module that was cut.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import tarfile

import pytest

from conftest import ROOT
from gridlogic import api
from gridlogic.kinds import KINDS
from sampling import first

pytestmark = pytest.mark.pyodide

NODE_SCRIPT = ROOT / "tests" / "node" / "run_api.mjs"


def _build_module():
    spec = importlib.util.spec_from_file_location("gridlogic_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _requests() -> list[dict]:
    out: list[dict] = [{"op": "hello"}, {"op": "kinds"}]
    for kind in KINDS:
        for ex in first(kind.EXAMPLES, 2):                  # all of them under --full
            base = {"kind": kind.KEY, "text": ex.text, "rules": list(ex.rules)}
            out.append({"op": "parse", **base})
            out.append({"op": "solve", **base})
            out.append({"op": "hint", **base})
            if ex.count is not None:
                out.append({"op": "solve", **base, "count": True, "limit": 200, "render": False})
            if ex.solution is not None and hasattr(kind, "parse_solution"):
                out.append({"op": "check", **base, "solution": ex.solution})
    out += [
        {"op": "solve", "kind": "sudoku", "text": "11.......\n" + ".........\n" * 8},   # given twice
        {"op": "solve", "kind": "sudoku", "text": "12x"},                               # bad character
        {"op": "solve", "kind": "binary", "text": "10.\n0..\n"},                        # odd size
        {"op": "solve", "kind": "chess", "text": "."},                                  # unknown kind
        {"op": "frobnicate"},
        {"op": "link_import", "url": "https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k"},
        {"op": "link_export", "kind": "sudoku", "text": "1...\n..2.\n.3..\n...4"},
    ]
    return out


def _strip(value):
    """A response without its timings and engine name (the SAT engine differs: see the test below)."""
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in ("elapsed_ms", "trace", "engine")}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


@pytest.fixture(scope="module")
def site():
    """The built site (built here when missing or stale)."""
    return _build_module().build_site()



@pytest.fixture(scope="module")
def pyodide_answers(site, node):
    """Every request of `_requests()` answered inside Pyodide (one Node process)."""
    requests = _requests()
    lines = "\n".join(json.dumps(r) for r in requests) + "\n"
    done = subprocess.run([node, str(NODE_SCRIPT), str(site), "--lazy", "sympy"], input=lines,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    answers = [json.loads(line)["response"] for line in done.stdout.splitlines() if line.strip()]
    assert len(answers) == len(requests), done.stderr[-3000:]
    return dict(zip(map(json.dumps, requests), answers))


def _ids() -> list[str]:
    return [f"{i}-{r.get('op')}-{r.get('kind', '')}{'-count' if r.get('count') else ''}"
            for i, r in enumerate(_requests())]


@pytest.mark.parametrize("request_", _requests(), ids=_ids())
def test_pyodide_answers_like_cpython(pyodide_answers, request_):
    """The same request gives the same answer in Pyodide and in CPython (timings aside)."""
    inside = pyodide_answers[json.dumps(request_)]
    here = api.handle(request_)
    if request_["op"] == "hello":
        here["result"].pop("backends")          # z3 is installed here, loaded on demand in the page
        inside["result"].pop("backends")
    inside, here = _strip(inside), _strip(here)
    if here.get("ok") and here["result"].get("status") == "multiple":
        # Which solutions come first depends on solver state (sessions are reused across requests),
        # so several solutions are compared as a set when all were kept, and checked by the test below.
        a, b = inside["result"], here["result"]
        if b.get("count_complete") and b.get("count") == len(b["solutions"]):
            assert sorted(a["solutions"]) == sorted(b["solutions"])
        for field in ("solution", "solutions", "board", "boards"):
            a.pop(field, None)
            b.pop(field, None)
    assert inside == here


def test_pyodide_solutions_pass_the_checker(pyodide_answers):
    """Every solution Pyodide returned for an example is accepted by the kind's own checker (on CPython)."""
    checked = 0
    for key, answer in pyodide_answers.items():
        request = json.loads(key)
        if request["op"] != "solve" or not answer["ok"] or not hasattr(_kind(request["kind"]), "parse_solution"):
            continue
        for solution in answer["result"]["solutions"]:
            verdict = api.handle({"op": "check", "kind": request["kind"], "text": request["text"],
                                  "rules": request.get("rules", []), "solution": solution})
            assert verdict["ok"] and verdict["result"]["ok"], (request, solution, verdict)
            checked += 1
    assert checked > 0


def test_pyodide_uses_an_engine_its_budget_can_stop(pyodide_answers):
    """Inside wasm the SAT answers come from CaDiCaL, the one python-sat engine whose conflict limit
    works there (the others read the 64-bit limit through a 32-bit long and never stop)."""
    engines = {answer["result"]["engine"] for answer in pyodide_answers.values()
               if answer["ok"] and str(answer["result"].get("engine", "")).startswith("sat:")}
    assert engines == {"sat:cadical195"}


def _kind(key: str):
    return next(k for k in KINDS if k.KEY == key)


# Loads every wheel of the site (core and optional) into Pyodide under Node and runs Python there.
STDLIB_SCRIPT = """
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
const [site, codeFile] = process.argv.slice(2);
const build = JSON.parse(readFileSync(join(site, "build.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: join(site, "pyodide") + "/", stdout: () => {}, stderr: () => {} });
const wheels = [...build.core, ...Object.values(build.lazy).flat()];
await pyodide.loadPackage(wheels.map((w) => join(site, w)), { messageCallback: () => {} });
process.stdout.write(pyodide.runPython(readFileSync(codeFile, "utf8")) + "\\n");
"""

# Imports every module of the shipped packages (their tests aside) and of the cut standard library;
# reports the imports that failed for want of a module the build cut away.
IMPORT_EVERYTHING = """
import importlib, json, pkgutil, sys, zipfile
removed = set(json.loads(REMOVED))
side_effects = {"antigravity", "this", "__hello__", "__phello__"}
def cut(name):
    parts = (name or "").split(".")
    return next((".".join(parts[:k]) for k in range(1, len(parts) + 1) if ".".join(parts[:k]) in removed), None)
def wanted(name):
    last = name.rsplit(".", 1)[-1]
    return not (name.split(".")[0] in side_effects or last == "__main__" or last == "tests"
                or ".tests." in name or last.startswith("test_") or last == "conftest")
names = []
for package in ("gridlogic", "pysat", "mpmath", "z3", "sympy"):
    names.append(package)
    path = importlib.import_module(package).__path__
    names += [m.name for m in pkgutil.walk_packages(path, package + ".", onerror=lambda name: None)]
stdlib = zipfile.ZipFile(next(p for p in sys.path if p.endswith(".zip")))
for entry in stdlib.namelist():
    if entry.endswith(".py"):
        name = entry[:-3].replace("/", ".")
        names.append(name[:-len(".__init__")] if name.endswith(".__init__") else name)
failures, tried = [], 0
for name in dict.fromkeys(n for n in names if wanted(n)):
    tried += 1
    try:
        importlib.import_module(name)
    except ImportError as err:
        if cut(err.name):
            failures.append(f"{name}: {err}")
    except BaseException:
        pass
import codecs
codecs_ok = all(codecs.lookup(c) for c in ("utf-8", "utf-16-le", "latin-1", "cp1252", "ascii", "idna", "cp437"))
json.dumps({"tried": tried, "failures": failures, "codecs": codecs_ok, "removed": len(removed)})
"""


def test_the_cut_standard_library_imports_everything(site, node, tmp_path):
    """Every module of gridlogic, python-sat, mpmath, z3 and sympy, and every module left in the
    standard library, imports in Pyodide without missing a module the build cut away."""
    build = _build_module()
    inputs = build.fetch_inputs()
    with tarfile.open(inputs["pyodide"]) as tar:
        full = tar.extractfile("package/python_stdlib.zip").read()
    cut, removed = build.trim_stdlib(full, build.shipped_imports(inputs))
    assert (site / "pyodide" / "python_stdlib.zip").read_bytes() == cut
    assert removed and len(cut) < len(full)
    script = tmp_path / "load_all.mjs"
    script.write_text(STDLIB_SCRIPT)
    code = tmp_path / "code.py"
    code.write_text(f"REMOVED = {json.dumps(json.dumps(removed))}\n" + IMPORT_EVERYTHING)
    done = subprocess.run([node, str(script), str(site), str(code)], capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["failures"] == [], report["failures"]
    assert report["codecs"] and report["tried"] > 1000, report
