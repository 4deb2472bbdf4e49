"""Whole hint paths on nonograms ("Explain all": op hint with `path`), before and after line steps.

Two survey puzzles of webpbn: #6 (20×20, line solving finishes it) and #6574 (25×25, line solving fixes
52 of its 625 cells). Each path is walked to the end by `walks.walk` in a process of its own, three
ways in turn, REPEAT times each (the median CPU seconds of the walk alone are printed):
  before   the code of --before (default: the commit before line steps came), cores at every step;
  cores    this code with the kind's one-line steps switched off (cores at every step, SHRINK of them
           shrunk), to tell the line steps' share from the rest;
  now      this code: one line's steps from the line solver first, cores only when no line forces a cell.
Ratios are taken within one run. Each path's steps are checked to place the puzzle's solution. Every
walk runs under a 60 s budget, as a request does (SAT calls are then made in bounded pieces).

With --pyodide SITE the walks run inside the built site's Pyodide under Node (bench/pyodide_script.mjs,
each version's source mounted, no build needed), where the page's engine is CaDiCaL: the same
comparison in wasm, e.g. `--pyodide site --before HEAD~1` for the last commit's effect in the page.

    python bench/bench_explain_path.py [--before REV] [--repeat N] [--engine NAME] [--no-before]
                                       [--pyodide SITE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from browser_bench import CORPUS  # noqa: E402

BEFORE = "1d7eae1"          # the last commit whose walk asked cores at every step
PUZZLES = ("webpbn-00006", "webpbn-06574")

WALK = """
import json, sys, time
from gridlogic import explain, solver
try:
    from gridlogic import ratings, walks
except ImportError:             # (a commit before the walk and its rating left explain.py)
    ratings = walks = explain
from gridlogic.budget import Budget
from gridlogic.kinds import nonogram
path, lines, engine = sys.argv[1], sys.argv[2] == "1", sys.argv[3] or None
if not lines:                   # the formula built without its one-line steps, wherever the walk builds it
    try:
        from gridlogic import session as builder
    except ImportError:         # (a commit before sessions: the walk encoded through explain's name)
        builder = explain
    encode = builder.encode_within
    def without_lines(*args, **kw):
        formula = encode(*args, **kw)
        formula.clue_steps = None
        return formula
    builder.encode_within = explain.encode_within = without_lines
puzzle = nonogram.parse(open(path).read())
start = time.process_time()
walk = walks.walk(nonogram, puzzle, engine=engine, budget=Budget(60_000))
cpu = time.process_time() - start
solution = solver.solve(nonogram, puzzle).solution
right = all(solution[s.r * puzzle.width + s.c] == s.value for s in walk.steps)
print(json.dumps({"cpu": cpu, "stopped": walk.stopped, "status": walk.status, "steps": len(walk.steps), "open": walk.open_cells,
                  "right": right, "difficulty": ratings.difficulty(nonogram, puzzle, walk.steps)}))
"""


def walk_once(pysrc: Path, puzzle: str, lines: bool, engine: str, site: Path | None) -> dict:
    """One walk in a new process on the code under `pysrc` (in Pyodide under Node with `site`): its CPU
    seconds and what it found."""
    path = CORPUS / "nonogram" / "webpbn_survey_non" / f"{puzzle}.non"
    args = [str(path), "1" if lines else "0", engine]
    if site is None:
        command = [sys.executable, "-c", WALK, *args]
    else:
        script = Path(tempfile.gettempdir()) / "gridlogic_walk.py"
        script.write_text(WALK)
        command = ["node", str(ROOT / "bench" / "pyodide_script.mjs"), str(site), str(pysrc), str(path.parent),
                   str(script), *args]
    out = subprocess.run(command, check=True, capture_output=True, text=True,
                         env={"PYTHONPATH": str(pysrc), "PATH": "/usr/local/bin:/usr/bin:/bin"})
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--before", default=BEFORE, help=f"the commit to compare with (default {BEFORE})")
    p.add_argument("--repeat", type=int, default=3, help="walks of each way (default 3)")
    p.add_argument("--engine", default="", help="the SAT engine (default: CPython's, minisat22; the page's is "
                                                "cadical195)")
    p.add_argument("--no-before", action="store_true", help="skip the old commit (its 25×25 takes half a minute)")
    p.add_argument("--no-cores", action="store_true", help="skip the walk without line steps")
    p.add_argument("--pyodide", type=Path, metavar="SITE", help="walk in this built site's Pyodide under Node")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ways = {"cores": (ROOT / "pysrc", False), "now": (ROOT / "pysrc", True)}
        if args.no_cores:
            del ways["cores"]
        if not args.no_before:
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.before, "pysrc"], check=True,
                                     capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            ways = {"before": (Path(tmp) / "pysrc", True), **ways}       # (as that commit walks)
        where = f"in Pyodide under Node ({args.pyodide})" if args.pyodide else "on CPython"
        print(f"CPU seconds of the whole path {where} (walks.walk, engine {args.engine or 'default'}), median of "
              f"{args.repeat}, each walk its own process")
        print(f"{'puzzle':14} " + " ".join(f"{way:>8}" for way in ways) + "   ratios          steps  hard  rating (now)")
        for puzzle in PUZZLES:
            found: dict[str, list[dict]] = {way: [] for way in ways}
            for _ in range(args.repeat):
                for way, (pysrc, lines) in ways.items():
                    found[way].append(walk_once(pysrc, puzzle, lines, args.engine, args.pyodide))
            cpu = {way: statistics.median(r["cpu"] for r in runs) for way, runs in found.items()}
            for way, runs in found.items():
                assert all(r["status"] == "unique" and r["steps"] == r["open"] and r["right"] for r in runs), (way, runs)
            ratios = "  ".join(f"{way}/now {cpu[way] / cpu['now']:5.1f}x" for way in ways if way != "now")
            now = found["now"][0]
            d = now["difficulty"]
            levels = ", ".join(f"{n} {name}" for name, n in d["levels"].items() if n)
            print(f"{puzzle:14} " + " ".join(f"{cpu[way]:8.2f}" for way in ways) + f"   {ratios}  {now['steps']:5} "
                  f"{d['hard_steps']:5}  {d['rating']} ({levels})")
            for way in ways:
                if way != "now":
                    old = found[way][0]["difficulty"]
                    print(f"{'':14} {way}: {old['hard_steps']} steps {'above easy' if 'levels' in old else 'hard'}, "
                          f"rated {old['rating']}, largest reason {old['largest_reason']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
