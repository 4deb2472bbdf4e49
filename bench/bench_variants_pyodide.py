"""Variant sudoku in the page's engine: each real link solved with uniqueness inside the built site's
Pyodide (under Node, bench/pyodide_script.mjs), beside the same request on CPython, in one run.

A benchmark, not a test. The puzzles are the links of tests/data/variant_links.json, read by
`link_import`; each is sent as the page sends it (`{"op": "solve", "kind": "sudoku", "state", "rules"}`,
which proves uniqueness). Pyodide's times are wall seconds in a fresh interpreter: the first request
of a puzzle (its encoding included, as a user's first Solve) and the best of `--repeat` more; CPython's
are CPU seconds, measured the same way in this process. The goal (issue 19): every puzzle under 3 s
in the page and 2 s CPU on CPython.

`--sat wheel` runs the page's CaDiCaL work on python-sat's wasm wheel instead of the site's own SAT
module (the page's fallback, and what the page ran before the module); `--sat both` runs both, each in
its own fresh interpreter, and prints their ratio.

    python3 build.py                    # builds site/ (its Pyodide and wheels)
    .venv/bin/python bench/bench_variants_pyodide.py [--site site] [--repeat 2] [--sat module|wheel|both] [--phases] [--only WORD]

`--phases`: where each request's time goes, on both sides, so that a slowdown is placed in minutes:
Python encoding (`session.encode`, the formula and its cached base), loading clauses into the solver
(`append_formula` and `add_clause`, of python-sat's Solver or the page's own SAT module's, and
gridlogic's `engines.append`, which calls MiniSat's and CaDiCaL's C functions directly), SAT search
(`solve`, `solve_limited`) and the rest
(decoding, the board, the answer), with the page's engine (CaDiCaL, in pieces under a 60 s budget) on
both sides: wall time (perf_counter) of the first request of each puzzle in a
fresh interpreter and of the best of `--repeat` more, summed per phase over the puzzles, Pyodide
against CPython. The timers wrap those functions in this benchmark's interpreters only.
`--only WORD`: the links whose name holds WORD.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import api  # noqa: E402

LINKS = ROOT / "tests" / "data" / "variant_links.json"

TIMED = """
import json, sys, time
from gridlogic import api
from gridlogic.backends.sat import wasm_cadical
requests = json.load(open(sys.argv[1]))
repeat = int(sys.argv[2])
if sys.argv[3] == "wheel":
    wasm_cadical._module = False                  # as when the module did not load
out = []
for request in requests:
    times = []
    for _ in range(1 + repeat):
        start = time.perf_counter()
        answer = api.handle(request)
        times.append(time.perf_counter() - start)
    result = answer.get("result") or {}
    out.append({"first": times[0], "best": min(times[1:] or times), "status": result.get("status")})
print(json.dumps(out))
"""


# The phase timers (see the docstring), run as they are on both sides.
PHASES = """
import json, sys, time
from pysat import solvers as _solvers
from gridlogic import api, session

SPENT = {"encode": 0.0, "load": 0.0, "search": 0.0}
_depth = [0]


def _timed(phase, fn):
    def wrapper(*args, **kwargs):
        if _depth[0]:
            return fn(*args, **kwargs)
        _depth[0] += 1
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            SPENT[phase] += time.perf_counter() - start
            _depth[0] -= 1
    return wrapper


session.encode = _timed("encode", session.encode)
try:
    from gridlogic.backends.sat import wasm_cadical as _wasm
    _classes = (_solvers.Solver, _wasm.WasmCadical)
except ImportError:
    _wasm, _classes = None, (_solvers.Solver,)
for _cls in _classes:
    for _name, _phase in (("append_formula", "load"), ("add_clause", "load"), ("solve", "search"),
                          ("solve_limited", "search")):
        setattr(_cls, _name, _timed(_phase, getattr(_cls, _name)))
# gridlogic's own loader calls MiniSat's and CaDiCaL's C functions directly, past the methods above.
from gridlogic.backends.sat import engines as _engines, solvers as _gl_solvers
_engines.append = _gl_solvers.append = _timed("load", _engines.append)
if _wasm is not None and len(sys.argv) > 3 and sys.argv[3] == "wheel":
    _wasm._module = False                         # as when the page's SAT module did not load


def phases(requests, repeat):
    out = []
    for request in requests:
        runs = []
        for _ in range(1 + repeat):
            for k in SPENT:
                SPENT[k] = 0.0
            start = time.perf_counter()
            answer = api.handle(request)
            total = time.perf_counter() - start
            runs.append(dict(SPENT, total=total, status=(answer.get("result") or {}).get("status")))
        out.append({"first": runs[0], "best": min(runs[1:] or runs, key=lambda r: r["total"])})
    return out
"""
PHASES_RUN = PHASES + """
print(json.dumps(phases(json.load(open(sys.argv[1])), int(sys.argv[2]))))
"""


def print_phases(puzzles: list[tuple[str, dict]], wasm: list[dict], native: list[dict]) -> None:
    """Per puzzle and in total: each phase's seconds, Pyodide against CPython."""
    cols = ("encode", "load", "search", "rest", "total")

    def rest(run: dict) -> dict:
        return dict(run, rest=run["total"] - run["encode"] - run["load"] - run["search"])

    for which in ("first", "best"):
        print(f"\n{which} request of each puzzle, seconds (wall), CPython → Pyodide:")
        print(f"{'puzzle':40} " + " ".join(f"{c:>15}" for c in cols) + "  status")
        sums = {side: dict.fromkeys(cols, 0.0) for side in ("cpy", "wasm")}
        for (name, _), w, n in zip(puzzles, wasm, native):
            w, n = rest(w[which]), rest(n[which])
            for c in cols:
                sums["cpy"][c] += n[c]
                sums["wasm"][c] += w[c]
            print(f"{name[:40]:40} " + " ".join(f"{n[c]:6.3f} → {w[c]:6.3f}" for c in cols) + f"  {w['status']}")
        print(f"{'total':40} " + " ".join(f"{sums['cpy'][c]:6.2f} → {sums['wasm'][c]:6.2f}" for c in cols))
        print(f"{'Pyodide / CPython':40} " + " ".join(f"{sums['wasm'][c] / max(sums['cpy'][c], 1e-9):15.1f}x"
                                                     for c in cols))


def requests() -> list[tuple[str, dict]]:
    out = []
    for link in json.loads(LINKS.read_text())["links"]:
        answer = api.handle({"op": "link_import", "url": link["url"]})
        if answer.get("ok"):
            found = answer["result"]
            out.append((link["name"], {"op": "solve", "kind": "sudoku", "state": found["state"],
                                       "rules": found["rules"]}))
    return out


def cpython(request: dict, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(1 + repeat):
        start = time.process_time()
        api.handle(request)
        times.append(time.process_time() - start)
    return times[0], min(times[1:] or times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--sat", choices=("module", "wheel", "both"), default="module")
    parser.add_argument("--phases", action="store_true", help="split each request's time into phases")
    parser.add_argument("--only", default="", help="only the links whose name holds this")
    args = parser.parse_args()
    if not (args.site / "build.json").exists():
        print(f"no built site at {args.site} (python3 build.py builds it)")
        return 2
    puzzles = [(name, r) for name, r in requests() if args.only in name]
    if args.phases:                     # as the page asks: its engine, in pieces under a budget, on both sides
        puzzles = [(name, dict(r, engine="cadical195", budget_ms=60_000)) for name, r in puzzles]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        (data / "requests.json").write_text(json.dumps([r for _, r in puzzles]))
        (data / "timed.py").write_text(PHASES_RUN if args.phases else TIMED)
        runs = {}
        for sat in ("wheel", "module") if args.sat == "both" else (args.sat,):
            out = subprocess.run(["node", str(ROOT / "bench" / "pyodide_script.mjs"), str(args.site),
                                  str(ROOT / "pysrc"), str(data), str(data / "timed.py"), str(data / "requests.json"),
                                  str(args.repeat), sat], check=True, capture_output=True, text=True)
            runs[sat] = json.loads(out.stdout.strip().splitlines()[-1])
    if args.phases:
        space: dict = {}
        exec(PHASES, space)                     # the same timers around this interpreter's gridlogic
        native = space["phases"]([r for _, r in puzzles], args.repeat)
        for sat, wasm in runs.items():
            print(f"\n== the page's SAT engine in Pyodide: {sat} ==")
            print_phases(puzzles, wasm, native)
        return 0
    if args.sat == "both":
        return compare(puzzles, runs["wheel"], runs["module"])
    wasm = runs[args.sat]
    print(f"{'puzzle':44} {'CPython first/best s':>21} {'Pyodide first/best s':>21} {'ratio':>6}  status")
    totals = [0.0, 0.0]
    for (name, request), timed in zip(puzzles, wasm):
        first, best = cpython(request, args.repeat)
        totals[0] += first
        totals[1] += timed["first"]
        print(f"{name[:44]:44} {first:10.3f} {best:10.3f} {timed['first']:10.3f} {timed['best']:10.3f} "
              f"{timed['first'] / max(first, 1e-9):6.1f}  {timed['status']}")
    slowest = max(wasm, key=lambda t: t["first"])
    print(f"{len(puzzles)} links: total of first requests CPython {totals[0]:.2f} s, Pyodide {totals[1]:.2f} s "
          f"({totals[1] / totals[0]:.1f}×); slowest in Pyodide {slowest['first']:.2f} s")
    return 0


def compare(puzzles: list[tuple[str, dict]], wheel: list[dict], module: list[dict]) -> int:
    """First and best wall seconds of each puzzle in Pyodide on the wheel and on the module."""
    print(f"{'puzzle':44} {'wheel first/best s':>19} {'module first/best s':>20} {'first ×':>8}")
    totals = [0.0, 0.0, 0.0, 0.0]
    for (name, _), w, m in zip(puzzles, wheel, module):
        for i, v in enumerate((w["first"], m["first"], w["best"], m["best"])):
            totals[i] += v
        flag = "" if w["status"] == m["status"] else f"  status {w['status']} / {m['status']}"
        print(f"{name[:44]:44} {w['first']:9.3f} {w['best']:9.3f} {m['first']:9.3f} {m['best']:9.3f} "
              f"{m['first'] / max(w['first'], 1e-9):8.2f}{flag}")
    print(f"{len(puzzles)} links: first requests wheel {totals[0]:.2f} s, module {totals[1]:.2f} s "
          f"({totals[1] / totals[0]:.2f}×); repeats {totals[2]:.2f} s, {totals[3]:.2f} s ({totals[3] / totals[2]:.2f}×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
