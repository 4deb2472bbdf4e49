"""SAT search natively and in the page's wasm python-sat, on the same formulas, in one run.

A benchmark, not a test. Each puzzle's `solve` request (as the page sends it) is run once on CPython
with every call to python-sat written down (bench/sat_trace.py: clauses, phases, assumptions, conflict
limits, verdicts). The traces are then replayed by plain python-sat natively and inside the built
site's Pyodide under Node (bench/pyodide_script.mjs): same solver, same clauses, same assumptions, same
pieces; verdicts are checked against the recorded ones. Inside Pyodide the CaDiCaL traces are replayed
twice: on python-sat's wasm wheel and on the site's own CaDiCaL module (backends/sat/wasm_cadical.py,
through the same Python calls as the page makes). Times are CPU seconds, the best of `--repeat`
replays on each side, for loading (clauses and phases into the solver) and search (solve calls).

Three traces per puzzle:
- `page`: CaDiCaL 1.9.5 as the page runs it, in conflict-limited pieces (a 60 s budget);
- `cadical`: CaDiCaL in one call per question (no budget);
- `minisat`: MiniSat 2.2 in one call per question, the CLI's default engine.

Puzzles: the `--slowest` variant links of tests/data/variant_links.json (re-encodings left out) whose
`page` search takes longest natively, and `--classics` of the hardest classics (../shared/corpus/sudoku/
forum_hardest_1106.txt, first lines) plus one 16×16 (janko).

    .venv/bin/python bench/bench_sat_wasm.py [--site site] [--repeat 3] [--dump DIR]

`--dump DIR` writes the traces (DIR/<n>-<trace>.trace) for replay by other builds of the solvers
(bench/sat_replay.cpp replays them on CaDiCaL built natively or as wasm).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))
sys.path.insert(0, str(ROOT / "bench"))

from sat_trace import record, replay  # noqa: E402

LINKS = ROOT / "tests" / "data" / "variant_links.json"
CORPUS = Path(os.environ.get("GRIDLOGIC_CORPUS", ROOT.parent / "shared" / "corpus")) / "sudoku"
BUDGET_MS = 60_000

WASM = """
import json, sys
sys.path.insert(0, sys.argv[1])
from sat_trace import replay
from gridlogic.backends.sat import wasm_cadical
names, repeat = json.load(open(sys.argv[2])), int(sys.argv[3])

def best(lines, make=None):
    runs = [replay(lines, make) for _ in range(repeat)]
    return {"load": min(r["load"] for r in runs), "search": min(r["search"] for r in runs),
            "first": runs[0]["search"], "calls": runs[0]["calls"], "same": all(r["same"] for r in runs)}

out = []
for name in names:
    lines = open(name).read().splitlines()
    row = {"wheel": best(lines)}
    if wasm_cadical.available() and not name.endswith("-minisat.trace"):
        row["module"] = best(lines, lambda engine: wasm_cadical.WasmCadical())
    out.append(row)
print(json.dumps(out))
"""


def puzzles(classics: int) -> tuple[list[tuple[str, dict]], list[tuple[str, dict]]]:
    from gridlogic import api
    out = []
    for link in json.loads(LINKS.read_text())["links"]:
        if link.get("same_as"):                  # an SCL re-encoding of an f-puzzles link: the same formula
            continue
        answer = api.handle({"op": "link_import", "url": link["url"]})
        if answer.get("ok"):
            found = answer["result"]
            out.append((link["name"], {"op": "solve", "kind": "sudoku", "state": found["state"],
                                       "rules": found["rules"]}))
    lines = [x for x in (CORPUS / "forum_hardest_1106.txt").read_text().splitlines() if x and x[0] != "#"]
    hard = [(f"classic forum_hardest #{i + 1}", {"op": "solve", "kind": "sudoku", "text": line.split()[0]})
            for i, line in enumerate(lines[:classics])]
    janko = [x.split() for x in (CORPUS / "janko_sudoku_9x9_16x16_with_solutions.txt").read_text().splitlines()
             if x and x[0] != "#" and x.split()[1] == "16"]
    grid = janko[0][2]
    text = "\n".join(" ".join(grid[r * 16:(r + 1) * 16]) for r in range(16))
    return out, hard + [(f"classic 16×16 janko {janko[0][0]}", {"op": "solve", "kind": "sudoku", "text": text})]


def traces(request: dict) -> dict[str, list[str]]:
    from gridlogic.backends.sat import engines
    out = {"page": record({**request, "engine": "cadical195", "budget_ms": BUDGET_MS})}
    bounded = engines.BOUNDED_ENGINES
    engines.BOUNDED_ENGINES = ()
    try:
        out["cadical"] = record({**request, "engine": "cadical195"})
        out["minisat"] = record({**request, "engine": "minisat22"})
    finally:
        engines.BOUNDED_ENGINES = bounded
    return out


def native(lines: list[str], repeat: int) -> dict:
    runs = [replay(lines) for _ in range(repeat)]
    return {"load": min(r["load"] for r in runs), "search": min(r["search"] for r in runs),
            "first": runs[0]["search"], "calls": runs[0]["calls"], "same": all(r["same"] for r in runs)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--slowest", type=int, default=6)
    parser.add_argument("--classics", type=int, default=4)
    parser.add_argument("--dump", type=Path)
    parser.add_argument("--node-flags", default="", help="V8 flags for the Pyodide side, e.g. --no-liftoff")
    args = parser.parse_args()
    if not (args.site / "build.json").exists():
        print(f"no built site at {args.site} (python3 build.py builds it)")
        return 2
    variants, classics = puzzles(args.classics)
    pages = [(name, request, record({**request, "engine": "cadical195", "budget_ms": BUDGET_MS}))
             for name, request in variants]
    ranked = sorted(pages, key=lambda p: -native(p[2], 1)["search"])[:args.slowest]
    chosen = [(name, request) for name, request, _ in ranked] + classics
    data = Path(tempfile.mkdtemp())
    rows = []
    for i, (name, request) in enumerate(chosen):
        for which, lines in traces(request).items():
            path = data / f"{i + 1:02d}-{which}.trace"
            path.write_text("\n".join(lines) + "\n")
            rows.append((name, which, path))
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
        for _, _, path in rows:
            shutil.copy(path, args.dump / path.name)
    shutil.copy(ROOT / "bench" / "sat_trace.py", data / "sat_trace.py")
    (data / "names.json").write_text(json.dumps([str(p) for _, _, p in rows]))
    (data / "wasm.py").write_text(WASM)
    here = [native(path.read_text().splitlines(), args.repeat) for _, _, path in rows]
    out = subprocess.run(["node", *args.node_flags.split(), str(ROOT / "bench" / "pyodide_script.mjs"), str(args.site), str(ROOT / "pysrc"),
                          str(data), str(data / "wasm.py"), str(data), str(data / "names.json"), str(args.repeat)],
                         check=True, capture_output=True, text=True)
    replayed = json.loads(out.stdout.strip().splitlines()[-1])
    wasm = [r["wheel"] for r in replayed]
    again = [native(path.read_text().splitlines(), args.repeat) for _, _, path in rows]
    here = [{k: min(a[k], b[k]) if k in ("load", "search") else a[k] for k in a} for a, b in zip(here, again)]
    print(f"{'puzzle':40} {'trace':8} {'calls':>5} {'search native/wasm ms':>22} {'×':>5} {'wasm 1st':>8} "
          f"{'load native/wasm ms':>20} {'×':>5}")
    totals: dict[str, list[float]] = {}
    for (name, which, _), n, w in zip(rows, here, wasm):
        t = totals.setdefault(which, [0.0, 0.0, 0.0, 0.0])
        for j, v in enumerate((n["search"], w["search"], n["load"], w["load"])):
            t[j] += v
        flag = "" if n["same"] and w["same"] else "  verdicts differ"
        print(f"{name[:40]:40} {which:8} {n['calls']:5} {n['search'] * 1e3:10.1f} {w['search'] * 1e3:10.1f} "
              f"{w['search'] / max(n['search'], 1e-9):5.1f} {w['first'] * 1e3:8.1f} {n['load'] * 1e3:9.1f} {w['load'] * 1e3:9.1f} "
              f"{w['load'] / max(n['load'], 1e-9):5.1f}{flag}")
    for (name, which, _), w in zip(rows, wasm):
        totals[which].append(w["first"])
    for which, (ns, ws, nl, wl, *firsts) in totals.items():
        print(f"total {which:8}: search {ns * 1e3:.0f} → {ws * 1e3:.0f} ms ({ws / ns:.1f}×; first replays "
              f"{sum(firsts) * 1e3:.0f} ms, {sum(firsts) / ns:.1f}×), "
              f"load {nl * 1e3:.0f} → {wl * 1e3:.0f} ms ({wl / nl:.1f}×)")
    print_module(rows, here, replayed)
    shutil.rmtree(data)
    return 0


def print_module(rows: list, here: list[dict], replayed: list[dict]) -> None:
    """The same traces on the site's own SAT module in Pyodide, against native python-sat and the wheel."""
    if not any("module" in r for r in replayed):
        print("the site has no SAT module of its own (sat/cadical.js): nothing more to compare")
        return
    print(f"\nthe site's own CaDiCaL module\n{'puzzle':40} {'trace':8} {'search native/module ms':>24} {'×':>5} "
          f"{'load native/module ms':>22} {'×':>5}")
    totals: dict[str, list[float]] = {}
    for (name, which, _), n, r in zip(rows, here, replayed):
        m = r.get("module")
        if m is None:
            continue
        t = totals.setdefault(which, [0.0] * 6)
        for j, v in enumerate((n["search"], m["search"], r["wheel"]["search"], n["load"], m["load"], r["wheel"]["load"])):
            t[j] += v
        flag = "" if m["same"] else "  verdicts differ"
        print(f"{name[:40]:40} {which:8} {n['search'] * 1e3:11.1f} {m['search'] * 1e3:11.1f} "
              f"{m['search'] / max(n['search'], 1e-9):5.2f} {n['load'] * 1e3:10.1f} {m['load'] * 1e3:10.1f} "
              f"{m['load'] / max(n['load'], 1e-9):5.2f}{flag}")
    for which, (ns, ms, ws, nl, ml, wl) in totals.items():
        print(f"total {which:8}: search native {ns * 1e3:.0f}, module {ms * 1e3:.0f} ({ms / ns:.2f}×), wheel "
              f"{ws * 1e3:.0f} ms ({ws / ns:.2f}×); load native {nl * 1e3:.0f}, module {ml * 1e3:.0f} "
              f"({ml / nl:.2f}×), wheel {wl * 1e3:.0f} ms ({wl / nl:.2f}×)")


if __name__ == "__main__":
    sys.exit(main())
