"""The generator inside wasm: the built site's gridlogic wheel, loaded by Pyodide under Node
(tests/node/run_api.mjs), makes the same puzzle as CPython for the same request and seed, with the
same difficulty to the last count: SAT is asked yes/no questions only, a plain sudoku is rated by the
grader (pure Python), and a walk's reasons are first cores, which yes/no answers alone decide (the
wasm build of CaDiCaL returns other cores than the native one)."""

from __future__ import annotations

import json
import subprocess

import pytest

from conftest import ROOT
from gridlogic import api

pytestmark = pytest.mark.pyodide

REQUESTS = [
    {"op": "generate", "kind": "sudoku", "difficulty": "hard", "symmetry": "rotate180", "seed": 3},
    {"op": "generate", "kind": "sudoku", "rows": 6, "rules": ["king"], "seed": 7},
    {"op": "generate", "kind": "binary", "rows": 6, "seed": 8},
    {"op": "generate", "kind": "binary", "rows": 8, "difficulty": "medium", "seed": 0},
    {"op": "generate", "kind": "futoshiki", "rows": 6, "difficulty": "hard", "seed": 2},
    {"op": "generate", "kind": "sudoku", "rows": 6, "constraints": ["killer"], "seed": 1},
    {"op": "generate", "kind": "futoshiki", "rows": 5, "seed": 10},
    {"op": "generate", "kind": "kakuro", "rows": 8, "difficulty": "medium", "seed": 1},
    {"op": "generate", "kind": "puzlogic", "rows": 5, "seed": 13},
    {"op": "generate", "kind": "nonogram", "rows": 10, "seed": 14},
    {"op": "generate", "kind": "nonogram", "rows": 6, "difficulty": "hard", "seed": 5},
    {"op": "generate", "kind": "nonogram", "rows": 12, "difficulty": "medium", "seed": 3},
    {"op": "generate", "kind": "nonogram", "rows": 16, "difficulty": "hard", "seed": 2},
    {"op": "generate", "kind": "sudoku", "rows": 4, "daily": "2026-11-25"},
]


# The same output is the question, not the time: a loaded machine must not run a request out of its budget.
for _request in REQUESTS:
    _request["budget_ms"] = 600_000


@pytest.fixture(scope="module")
def answers(node):
    """Every request answered inside Pyodide (one Node process, the site built when missing or stale)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("gridlogic_build", ROOT / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    site = build.build_site()
    lines = "\n".join(json.dumps(r) for r in REQUESTS) + "\n"
    done = subprocess.run([node, str(ROOT / "tests" / "node" / "run_api.mjs"), str(site)], input=lines,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line)["response"] for line in done.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize("i", range(len(REQUESTS)), ids=[f"{r['kind']}-{r.get('rows', '')}" for r in REQUESTS])
def test_pyodide_generates_what_cpython_generates(answers, i):
    inside, here = answers[i], api.handle(REQUESTS[i])
    assert inside["ok"] and here["ok"], (inside, here)
    assert inside["result"]["status"] == "generated"
    a, b = inside["result"], here["result"]
    assert a["text"] == b["text"] and a["state"] == b["state"] and a["seed"] == b["seed"]
    assert a["difficulty"]["rating"] == (REQUESTS[i].get("difficulty") or "easy")
    assert a == b
