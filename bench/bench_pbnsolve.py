"""Ordinary `.non` nonograms through `api.handle` against pbnsolve `-u`, in one run.

The `.non` files of the corpus (webpbn survey, mikix, janko) without Knotty and Faase, which no
published solver finishes. gridlogic: each puzzle through `api.handle` (solve and decide uniqueness)
in this process, wall time per puzzle summed. pbnsolve (C; its path by `--pbnsolve` or the
environment variable GRIDLOGIC_PBNSOLVE, skipped with a message when neither is given or the file is absent): `pbnsolve -b -u FILE` as one
process per puzzle, wall time per process summed, its status read from its last line. Both statuses
must agree; the ratio is gridlogic / pbnsolve, in wall time (pbnsolve's includes starting its process)
and in CPU time (this process's; pbnsolve's children's). The slowest puzzles of each are listed.

    python bench/bench_pbnsolve.py [--pbnsolve PATH] [--limit N]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import api  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "nonogram"
PBNSOLVE = os.environ.get("GRIDLOGIC_PBNSOLVE")
HARD = ("knotty", "faase")
WORDS = {"unique": "unique", "multiple": "multiple", "contradiction": "none"}


def files(limit: int | None) -> list[Path]:
    found = sorted(p for p in CORPUS.rglob("*.non") if not any(h in p.name.lower() for h in HARD))
    return found[:limit]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def pbnsolve(path: Path, exe: Path) -> tuple[float, float, str]:
    """(process wall s, its CPU s, status)."""
    start, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run([str(exe), "-b", "-u", str(path)], capture_output=True, text=True, timeout=600)
    wall, cpu = time.perf_counter() - start, _children_cpu() - cpu
    words = done.stdout.split()
    status = next((WORDS[w] for w in reversed(words) if w in WORDS), "?")
    return wall, cpu, status


def gridlogic(path: Path) -> tuple[float, float, str]:
    """(wall s, CPU s of this process, status)."""
    start, cpu = time.perf_counter(), time.process_time()
    result = api.handle({"op": "solve", "kind": "nonogram", "text": path.read_text(), "render": False})
    status = result["result"]["status"] if result["ok"] else "invalid"
    return time.perf_counter() - start, time.process_time() - cpu, status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pbnsolve", type=Path, default=PBNSOLVE and Path(PBNSOLVE),
                        help="pbnsolve's executable (default: $GRIDLOGIC_PBNSOLVE)")
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()
    if not CORPUS.exists():
        print(f"no corpus at {CORPUS}: skipped")
        return 0
    if args.pbnsolve is None or not args.pbnsolve.exists():
        print(f"pbnsolve not found at {args.pbnsolve}: skipped" if args.pbnsolve else
              "pbnsolve not given (--pbnsolve PATH or GRIDLOGIC_PBNSOLVE): skipped")
        return 0
    paths = files(args.limit)
    api.handle({"op": "solve", "kind": "nonogram", "text": paths[0].read_text()})     # imports, caches
    ours, theirs, ours_cpu, theirs_cpu, rows = 0.0, 0.0, 0.0, 0.0, []
    for path in paths:
        g, g_cpu, g_status = gridlogic(path)
        p, p_cpu, p_status = pbnsolve(path, args.pbnsolve)
        assert g_status == p_status, f"{path.name}: gridlogic {g_status}, pbnsolve {p_status}"
        ours, theirs, ours_cpu, theirs_cpu = ours + g, theirs + p, ours_cpu + g_cpu, theirs_cpu + p_cpu
        rows.append((g, p, path.name))
    print(f"{len(paths)} puzzles: gridlogic {ours:.2f} s, pbnsolve -u {theirs:.2f} s (process wall), "
          f"ratio {ours / theirs:.2f}x; CPU {ours_cpu:.2f} s against {theirs_cpu:.2f} s, {ours_cpu / theirs_cpu:.2f}x")
    for label, key in (("gridlogic", 0), ("pbnsolve", 1)):
        slow = sorted(rows, key=lambda row: -row[key])[:5]
        print(f"slowest for {label}: " + ", ".join(f"{name} {g:.2f}/{p:.2f} s" for g, p, name in slow))
    return 0


if __name__ == "__main__":
    sys.exit(main())
