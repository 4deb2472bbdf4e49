"""Solving inside wasm after sympy is imported: the built site's package, loaded by Pyodide under Node
(tests/node/run_api.mjs, with sympy's wheels installed), solves 9×9 sudokus (a Solve with its
explanation, then a count, as the page asks) before and after a number cross request imports sympy.
Python's side is not slowed by sympy's many objects: the sudokus after take at most ~1.5× those before
(medians, in one run). The 6-12 s the page's next Solve took was sympy's import, charged to the first
request after a visit to number cross; the worker now imports a package only before a request of a
kind that needs it, or when idle while the page's kind wants it (tests/test_browser_generate.py checks
that in the page)."""

from __future__ import annotations

import json
import statistics
import subprocess

import pytest

from conftest import ROOT
from gridlogic.kinds import numbercross, sudoku

pytestmark = pytest.mark.pyodide

SOLVES = 4            # sudokus before, and as many after


def _variants() -> list[str]:
    """The classic example with one given removed, each a different puzzle (no session shared)."""
    text = sudoku.EXAMPLES[0].text
    places = [i for i, ch in enumerate(text) if ch.isdigit()]
    return [text[:at] + "." + text[at + 1:] for at in places[:2 * SOLVES + 1]]


def _solves(text: str) -> list[dict]:
    return [{"op": "solve", "kind": "sudoku", "text": text, "explain": True, "budget_ms": 60000},
            {"op": "solve", "kind": "sudoku", "text": text, "count": True, "limit": 1000, "keep": 200,
             "budget_ms": 60000}]


def test_a_sudoku_after_number_cross_solves_as_fast_as_before(node):
    spec_build = __import__("importlib.util").util.spec_from_file_location("gridlogic_build", ROOT / "build.py")
    build = __import__("importlib.util").util.module_from_spec(spec_build)
    spec_build.loader.exec_module(build)
    site = build.build_site()
    puzzles = _variants()
    requests = _solves(puzzles[0])                                       # warm-up, not timed
    for text in puzzles[1:SOLVES + 1]:
        requests += _solves(text)
    requests.append({"op": "solve", "kind": "numbercross", "text": numbercross.EXAMPLES[0].text})
    for text in puzzles[SOLVES + 1:]:
        requests += _solves(text)
    done = subprocess.run([node, str(ROOT / "tests" / "node" / "run_api.mjs"), str(site), "--lazy", "sympy"],
                          input="\n".join(json.dumps(r) for r in requests) + "\n", capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert all(a["response"]["ok"] for a in answers), [a["response"] for a in answers if not a["response"]["ok"]]
    nc = 2 + 2 * SOLVES
    assert answers[nc]["response"]["result"]["status"] == "unique"             # sympy imported and used
    pairs = lambda part: [part[i]["ms"] + part[i + 1]["ms"] for i in range(0, len(part), 2)]  # noqa: E731
    before, after = statistics.median(pairs(answers[2:nc])), statistics.median(pairs(answers[nc + 1:]))
    assert after <= 1.5 * before + 50, (before, after)
