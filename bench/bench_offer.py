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

`--in-page` times the cases themselves in Pyodide under Node (the same runtime, `--pysrc`'s source tree first
on sys.path, so a source tree is timed in the page's runtime without building a site): each seed's CPU in
the page against the page's limits with the tenth to spare (median < 9 s, worst < 27 s), the same seeds
natively after it (this tree's code: "ANOTHER PUZZLE" when it makes another) for the case's factor. A case
`--pysrc`'s tree refuses (a level it does not make at the size) is shown "refused". `--levels` keeps only
some levels.

    .venv/bin/python bench/bench_offer.py [--seeds 5] [--factor 2.8] [--only sudoku,binary] [--json out.json]
    .venv/bin/python bench/bench_offer.py --factor-only [--site DIR]
    .venv/bin/python bench/bench_offer.py --in-page --only nonogram --levels hard [--site DIR] [--pysrc DIR]
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
from gridlogic.kinds import KINDS  # noqa: E402
from gridlogic.contract import layout_of  # noqa: E402

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


def cases(only: set[str] | None, levels: set[str] | None = None):
    """(kind key, families, rows, cols, level) for every size and level each maker reaches (of `levels`, when
    given), smaller first."""
    for kind in KINDS:
        makers = generate.makers_of(kind)
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
                    if levels is None or level in levels:
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
    levels = set(args.levels.split(",")) if args.levels else None
    print(f"factor {args.factor}: fit natively when median < {PAGE_MEDIAN * args.margin / args.factor:.2f} s and "
          f"worst < {cap * args.margin:.2f} s (CPU; {cap:.1f} s a puzzle at most)", flush=True)
    print(f"{'kind':16} {'size':>6} {'level':9} {'median':>7} {'worst':>7} {'page':>11} {'fit':>5} {'offered':>8}")
    rows_out, failed = [], set()
    recheck = None
    if args.recheck:
        recheck = {(c["kind"], c["rows"], c["cols"], c["level"]) for c in json.loads(Path(args.recheck).read_text())["cases"]
                   if not c["fit"]}
    for kind, families, rows, cols, level in cases(only, levels):
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


def site_of(args) -> Path:
    """The built site whose runtime runs the page's side (`--site`, else the tree's own `site/`)."""
    site = Path(args.site) if args.site else ROOT / "site"
    if not (site / "build.json").exists():
        raise SystemExit(f"no built site at {site}: python build.py build, or --site DIR")
    return site


def run_in_page(args, script_text: str, argument: str):
    """Run `script_text` in the site's Pyodide under Node with `--pysrc` (the tree's own pysrc) first on
    sys.path, `argument` as its sys.argv[1]; yields its stdout's lines as they come."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "offer.py"
        script.write_text(script_text)
        pysrc = Path(args.pysrc) if args.pysrc else ROOT / "pysrc"
        with subprocess.Popen(["node", str(ROOT / "bench" / "pyodide_script.mjs"), str(site_of(args)), str(pysrc),
                               tmp, str(script), argument], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) as done:
            yield from done.stdout
            error = done.stderr.read()
        if done.returncode:
            raise SystemExit(error[-2000:])


def measure_factor(args) -> None:
    """The page's slowdown: FACTOR_REQUESTS in Pyodide under Node against CPython, one run."""
    inside = json.loads(list(run_in_page(args, PYODIDE_SCRIPT, json.dumps(FACTOR_REQUESTS)))[-1])
    ratios = []
    for request, (wasm_s, text) in zip(FACTOR_REQUESTS, inside):
        start = time.process_time()
        here = api.handle({"op": "generate", **request})["result"]
        cpu = time.process_time() - start
        same = "same puzzle" if here.get("text") == text else "ANOTHER PUZZLE"
        ratios.append(wasm_s / cpu)
        print(f"{json.dumps(request):80} wasm CPU {wasm_s:6.2f} s  CPython {cpu:6.2f} s  {wasm_s / cpu:4.1f}×  {same}")
    print(f"factor: median {statistics.median(ratios):.2f}, largest {max(ratios):.2f}")


PAGE_CASES_SCRIPT = """
import json, statistics, sys
from js import process
from gridlogic import api

def cpu():
    used = process.cpuUsage()
    return (used.user + used.system) / 1e6

asked = json.loads(sys.argv[1])
failed = set()
api.handle({"op": "generate", "kind": "sudoku", "rows": 4, "seed": 0})      # the imports, untimed
for kind, families, rows, cols, level in asked["cases"]:
    key = (kind, tuple(families), level)
    times, texts, stopped = [], [], False
    if not any(k == key and max(rows, cols) > side for k, side in failed):
        for seed in range(asked["seeds"]):
            start = cpu()
            response = api.handle({"op": "generate", "kind": kind, "rows": rows, "cols": cols, "difficulty": level,
                                   "constraints": families, "seed": seed, "budget_ms": asked["budget_ms"]})
            spent = cpu() - start
            if not response["ok"]:                      # a level this source tree does not make at the size
                times, stopped = [], "refused"
                break
            result = response["result"]
            if result["status"] != "generated" or spent > asked["cap"]:
                stopped = True
                times.append(max(spent, asked["cap"]))
                break
            times.append(spent)
            texts.append(result["text"])
        if stopped == "refused":
            pass
        elif stopped or statistics.median(times) >= asked["median"] or max(times) >= asked["worst"]:
            failed.add((key, max(rows, cols)))
    else:
        stopped = None
    print(json.dumps({"times": times, "texts": texts, "stopped": stopped}))
"""


def measure_in_page(args) -> None:
    """The cases timed in the page's runtime (Pyodide under Node), the same seeds natively after each for its
    factor; fit by the page's own limits with `--margin` to spare."""
    only = set(args.only.split(",")) if args.only else None
    levels = set(args.levels.split(",")) if args.levels else None
    median_most, worst_most = PAGE_MEDIAN * args.margin, PAGE_WORST * args.margin
    found = list(cases(only, levels))
    asked = {"cases": found, "seeds": args.seeds, "cap": PAGE_WORST, "budget_ms": int(PAGE_WORST * args.wall * 1000),
             "median": median_most, "worst": worst_most}
    print(f"in the page (CPU): fit when median < {median_most:.1f} s and worst < {worst_most:.1f} s; "
          f"native: the same seeds after", flush=True)
    print(f"{'kind':16} {'size':>6} {'level':9} {'page med':>8} {'worst':>7} {'native':>7} {'factor':>6} {'fit':>5} "
          f"{'offered':>8}")
    rows_out = []
    answers = (json.loads(line) for line in run_in_page(args, PAGE_CASES_SCRIPT, json.dumps(asked))
               if line.startswith("{"))
    for (kind, families, rows, cols, level), got in zip(found, answers):
        name = "+".join((kind, *families))
        times, native, same = got["times"], [], True
        for seed, text in enumerate(got["texts"]):
            start = time.process_time()
            result = api.handle({"op": "generate", "kind": kind, "rows": rows, "cols": cols, "difficulty": level,
                                 "constraints": list(families), "seed": seed})["result"]
            native.append(time.process_time() - start)
            same = same and result.get("text") == text
        median = statistics.median(times) if times else None
        worst = max(times) if times else None
        fit = bool(times) and not got["stopped"] and median < median_most and worst < worst_most
        factor = sum(times) / sum(native) if native and not got["stopped"] and sum(native) else None
        is_offered = offered(kind, families, rows, cols, level)
        here = statistics.median(native) if native else 0.0
        shown = "skipped" if got["stopped"] is None else "refused" if got["stopped"] == "refused" else \
            f"{median:8.2f} {worst:7.2f}{'+' if got['stopped'] else ' '}{here:6.2f}"
        ratio = "" if factor is None else f"{factor:5.1f}×"
        print(f"{name:16} {f'{rows}×{cols}':>6} {level:9} {shown:>23} {ratio:>6} {'yes' if fit else 'no':>5} "
              f"{'yes' if is_offered else 'no':>8}{'' if same else '  ANOTHER PUZZLE'}", flush=True)
        rows_out.append({"kind": name, "rows": rows, "cols": cols, "level": level, "seeds": len(times),
                         "page": times, "native": native, "stopped": got["stopped"], "fit": fit,
                         "offered": is_offered, "same": same})
    if args.json:
        Path(args.json).write_text(json.dumps({"in_page": True, "cases": rows_out}, indent=1))
    wrong = [r for r in rows_out if r["offered"] and not r["fit"]]
    print(f"{len(wrong)} offered cases unfit" + "".join(f"\n  {r['kind']} {r['rows']}×{r['cols']} {r['level']}"
                                                       for r in wrong))


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
    parser.add_argument("--in-page", action="store_true", help="time the cases in the page's runtime (Pyodide)")
    parser.add_argument("--levels", help="comma-separated levels (all the maker reaches when not given)")
    parser.add_argument("--site", help="the built site whose Pyodide runs the page's side (default: site/)")
    parser.add_argument("--pysrc", help="the source tree timed in the page's runtime (default: this tree's pysrc)")
    args = parser.parse_args()
    (measure_factor if args.factor_only else measure_in_page if args.in_page else measure_offer)(args)


if __name__ == "__main__":
    main()
