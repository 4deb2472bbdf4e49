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
    .venv/bin/python bench/bench_variants_pyodide.py [--site site] [--repeat 2] [--sat module|wheel|both]
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
    args = parser.parse_args()
    if not (args.site / "build.json").exists():
        print(f"no built site at {args.site} (python3 build.py builds it)")
        return 2
    puzzles = requests()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        (data / "requests.json").write_text(json.dumps([r for _, r in puzzles]))
        (data / "timed.py").write_text(TIMED)
        runs = {}
        for sat in ("wheel", "module") if args.sat == "both" else (args.sat,):
            out = subprocess.run(["node", str(ROOT / "bench" / "pyodide_script.mjs"), str(args.site),
                                  str(ROOT / "pysrc"), str(data), str(data / "timed.py"), str(data / "requests.json"),
                                  str(args.repeat), sat], check=True, capture_output=True, text=True)
            runs[sat] = json.loads(out.stdout.strip().splitlines()[-1])
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
