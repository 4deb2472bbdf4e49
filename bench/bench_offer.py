"""What the New puzzle panel may offer: every kind × size × level × constraint family the generator
reaches (each maker's `levels`, at each size the kind's layout lists), made with several seeds through
`api.handle`, with the median and worst CPU seconds, scaled to the page by the wasm slowdown factor.

A case is fit to offer when, in the page, its median is under 10 s and its worst under 30 s (the default
budget), with a tenth to spare (`--margin`; five seeds say little of the tail): natively, median < 9 s /
factor and worst < 27 s / factor. A seed taking more than 30 s /
factor of CPU (or running out of a wall budget `--wall` times that) makes its case unfit, and the rest
of its seeds are not tried; a level
unfit at one size is not tried at larger ones (marked "skipped"). The last column says whether the maker's
declared offer (`generate.offered`) offers the case: the table to keep it true against.

`--factor-only` measures the factor itself: a few of the same requests timed in Pyodide under Node (the
built site's runtime and the source tree, bench/pyodide_script.mjs; Node's process CPU) against CPython's
CPU, in one run. CPU on both sides, so a busy machine does not count twice.

    .venv/bin/python bench/bench_offer.py [--seeds 5] [--factor 2.8] [--only sudoku,binary] [--json out.json]
    .venv/bin/python bench/bench_offer.py --factor-only
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import api, generate  # noqa: E402
from gridlogic.kinds import KINDS, layout_of  # noqa: E402

PAGE_MEDIAN, PAGE_WORST = 10.0, 30.0        # seconds in the page: median and worst a case may take
FACTOR = 3.0                                # the page's time over CPython's (measured: --factor-only)
FACTOR_REQUESTS = [                         # timed on both sides to measure the factor
    {"kind": "sudoku", "rows": 9, "difficulty": "hard", "seed": 1},
    {"kind": "binary", "rows": 8, "difficulty": "medium", "seed": 1},
    {"kind": "futoshiki", "rows": 6, "difficulty": "medium", "seed": 1},
    {"kind": "sudoku", "rows": 6, "constraints": ["killer"], "seed": 1},
    {"kind": "kakuro", "rows": 8, "difficulty": "medium", "seed": 1},
    {"kind": "nonogram", "rows": 15, "seed": 1},
]


def cases(only: set[str] | None):
    """(kind key, families, rows, cols, level) for every size and level each maker reaches, smaller first."""
    for kind in KINDS:
        makers = generate.MAKERS.get(kind.KEY, {})
        if only and kind.KEY not in only and not any(name.startswith(kind.KEY + "+") for name in only):
            continue
        for families, maker in makers.items():
            if only and kind.KEY not in only and "+".join((kind.KEY, *families)) not in only:
                continue
            for size in layout_of(kind).get("sizes", ()):
                rows, cols = size["rows"], size["cols"]
                try:
                    maker.check_size(rows, cols)
                except Exception:
                    continue
                for level in maker.levels(rows, cols):
                    yield kind.KEY, families, rows, cols, level


def run_case(kind: str, families, rows: int, cols: int, level: str, seeds: int, cap: float, wall: float) -> dict:
    """CPU seconds per seed (stopping at the first seed that runs out of its budget, `cap` × `wall`
    seconds of wall time, or takes more than `cap` CPU seconds)."""
    times, stopped = [], False
    for seed in range(seeds):
        start = time.process_time()
        response = api.handle({"op": "generate", "kind": kind, "rows": rows, "cols": cols, "difficulty": level,
                               "constraints": list(families), "seed": seed, "budget_ms": int(cap * wall * 1000)})
        spent = time.process_time() - start
        if not response["ok"]:
            raise SystemExit(f"{kind} {rows}×{cols} {level}: {response['error']['message']}")
        if response["result"]["status"] != "generated" or spent > cap:
            stopped = True
            times.append(max(spent, cap))
            break
        times.append(spent)
    return {"times": times, "stopped": stopped}


def offered(kind_key: str, families, rows: int, cols: int, level: str) -> bool:
    """Whether the kinds op's `generate` section offers the case."""
    kind = next(k for k in KINDS if k.KEY == kind_key)
    offer = generate.options(kind)
    if families:
        offer = next(f for f in offer["families"] if tuple(f["constraints"]) == tuple(families))
    return any(r == rows and c == cols and level in levels for r, c, levels in offer["sizes"])


def measure_offer(args) -> None:
    cap = PAGE_WORST / args.factor
    only = set(args.only.split(",")) if args.only else None
    print(f"factor {args.factor}: fit natively when median < {PAGE_MEDIAN * args.margin / args.factor:.2f} s and "
          f"worst < {cap * args.margin:.2f} s (CPU; {cap:.1f} s a puzzle at most)", flush=True)
    print(f"{'kind':16} {'size':>6} {'level':9} {'median':>7} {'worst':>7} {'page':>11} {'fit':>5} {'offered':>8}")
    rows_out, failed = [], set()
    recheck = None
    if args.recheck:
        recheck = {(c["kind"], c["rows"], c["cols"], c["level"]) for c in json.loads(Path(args.recheck).read_text())["cases"]
                   if not c["fit"]}
    for kind, families, rows, cols, level in cases(only):
        name = "+".join((kind, *families))
        if recheck is not None and (name, rows, cols, level) not in recheck:
            continue
        side = max(rows, cols)
        if any(name == f and level == lv and side > s for f, lv, s in failed):
            result = {"times": [], "stopped": True, "skipped": True}
        else:
            result = run_case(kind, families, rows, cols, level, args.seeds, cap, args.wall)
        times = result["times"]
        median = statistics.median(times) if times else None
        worst = max(times) if times else None
        fit = bool(times) and not result["stopped"] and median * args.factor < PAGE_MEDIAN * args.margin \
            and worst * args.factor < PAGE_WORST * args.margin
        if not fit:
            failed.add((name, level, side))
        shown = "skipped" if result.get("skipped") else f"{median:7.2f} {worst:7.2f}{'+' if result['stopped'] else ' '}"
        page = "" if median is None else f"{median * args.factor:4.1f}/{worst * args.factor:4.1f}"
        is_offered = offered(kind, families, rows, cols, level)
        print(f"{name:16} {f'{rows}×{cols}':>6} {level:9} {shown:>16} {page:>11} {'yes' if fit else 'no':>5} "
              f"{'yes' if is_offered else 'no':>8}", flush=True)
        rows_out.append({"kind": name, "rows": rows, "cols": cols, "level": level, "seeds": len(times),
                         "median": median, "worst": worst, "stopped": result["stopped"],
                         "skipped": bool(result.get("skipped")), "fit": fit, "offered": is_offered})
    if args.json:
        Path(args.json).write_text(json.dumps({"factor": args.factor, "cases": rows_out}, indent=1))
    wrong = [r for r in rows_out if r["offered"] and not r["fit"]]
    print(f"{len(wrong)} offered cases unfit" + "".join(f"\n  {r['kind']} {r['rows']}×{r['cols']} {r['level']}"
                                                       for r in wrong))


PYODIDE_SCRIPT = """
import json, sys
from js import process
from gridlogic import api

def cpu():
    used = process.cpuUsage()
    return (used.user + used.system) / 1e6

out = []
for request in json.loads(sys.argv[1]):
    start = cpu()
    response = api.handle({"op": "generate", **request})
    out.append([cpu() - start, response["result"].get("text")])
print(json.dumps(out))
"""


def measure_factor(args) -> None:
    """The page's slowdown: FACTOR_REQUESTS in Pyodide under Node against CPython, one run."""
    site = ROOT / "site"
    if not (site / "build.json").exists():
        raise SystemExit("build the site first: python build.py build")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "offer.py"
        script.write_text(PYODIDE_SCRIPT)
        done = subprocess.run(["node", str(ROOT / "bench" / "pyodide_script.mjs"), str(site), str(ROOT / "pysrc"),
                               tmp, str(script), json.dumps(FACTOR_REQUESTS)], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(done.stderr[-2000:])
    inside = json.loads(done.stdout.strip().splitlines()[-1])
    ratios = []
    for request, (wasm_s, text) in zip(FACTOR_REQUESTS, inside):
        start = time.process_time()
        here = api.handle({"op": "generate", **request})["result"]
        cpu = time.process_time() - start
        same = "same puzzle" if here.get("text") == text else "ANOTHER PUZZLE"
        ratios.append(wasm_s / cpu)
        print(f"{json.dumps(request):80} wasm CPU {wasm_s:6.2f} s  CPython {cpu:6.2f} s  {wasm_s / cpu:4.1f}×  {same}")
    print(f"factor: median {statistics.median(ratios):.2f}, largest {max(ratios):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--factor", type=float, default=FACTOR)
    parser.add_argument("--margin", type=float, default=0.9, help="the share of the page's limits a case may use")
    parser.add_argument("--only", help="comma-separated kind keys, or kind+family (sudoku+killer)")
    parser.add_argument("--json", help="write the cases to this file")
    parser.add_argument("--wall", type=float, default=3.0,
                        help="a puzzle's wall budget over its CPU cap (a busy machine's wall time runs ahead)")
    parser.add_argument("--recheck", help="measure again only the cases unfit in this --json file")
    parser.add_argument("--factor-only", action="store_true", help="measure the wasm factor and stop")
    args = parser.parse_args()
    (measure_factor if args.factor_only else measure_offer)(args)


if __name__ == "__main__":
    main()
