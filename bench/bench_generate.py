"""Generation times per kind, size and level, and 9×9 sudoku against QQWing's C++ generator, in one run.

For each case (kind, size, level) `--seeds` puzzles are made through `api.handle({"op": "generate"})`
with seeds 0, 1, ... and a budget per puzzle (`--budget`, seconds); the median and the largest CPU time
(`time.process_time`: the work is single-threaded) are printed with the attempts made, and how many ran
out of budget. When a QQWing binary is given (`--qqwing PATH`, or the environment variable
GRIDLOGIC_QQWING; built outside the repository from github:stephenostermiller/qqwing, e.g.
`g++ -O2 -Icfg -o qqwing src/cpp/main.cpp src/cpp/qqwing.cpp` with a config.h defining VERSION,
PACKAGE_STRING and HAVE_GETTIMEOFDAY), it makes the same number of 9×9 puzzles per level (its
levels: simple, easy, intermediate, expert, matched to ours in order) and the ratio of our median time
to its mean time per puzzle is printed (QQWing's own timer; its levels are its own solver's, not ours).
Skipped with a message when absent. Targets (issue 20): 9×9 median ≤ 0.5 s, 16×16 < 5 s, 20×20
nonogram < 2 s.

    python bench/bench_generate.py [--seeds N] [--budget S] [--only sudoku,binary] [--qqwing PATH]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import api  # noqa: E402

CASES = [
    ("sudoku", 9, "easy"), ("sudoku", 9, "medium"), ("sudoku", 9, "hard"), ("sudoku", 9, "fiendish"),
    ("sudoku", 4, "easy"), ("sudoku", 6, "medium"), ("sudoku", 16, "easy"), ("sudoku", 16, "hard"),
    ("binary", 6, "easy"), ("binary", 10, "easy"), ("binary", 10, "medium"),
    ("futoshiki", 5, "easy"), ("futoshiki", 6, "medium"), ("futoshiki", 7, "hard"),
    ("kakuro", 6, "easy"), ("kakuro", 8, "medium"), ("kakuro", 10, "medium"), ("kakuro", 12, "hard"),
    ("puzlogic", 5, "easy"), ("puzlogic", 6, "medium"),
    ("nonogram", 10, "easy"), ("nonogram", 20, "easy"), ("nonogram", 15, "medium"),
    ("sudoku+killer", 9, "easy"), ("sudoku+killer", 9, "medium"), ("sudoku+killer", 9, "hard"),
    ("sudoku+killer", 9, "fiendish"), ("sudoku+killer", 6, "easy"), ("sudoku+killer", 6, "medium"),
]
QQWING_LEVELS = {"easy": "simple", "medium": "easy", "hard": "intermediate", "fiendish": "expert"}


def measure(kind: str, size: int, level: str, seeds: int, budget_s: float) -> tuple[list[float], list[int], int]:
    """CPU seconds and attempts per puzzle made, and how many ran out of budget."""
    times, tried, stopped = [], [], 0
    kind, *families = kind.split("+")               # "sudoku+killer": the constraint families asked
    for seed in range(seeds):
        start = time.process_time()
        response = api.handle({"op": "generate", "kind": kind, "rows": size, "difficulty": level, "seed": seed,
                               "constraints": families, "budget_ms": int(budget_s * 1000)})
        spent = time.process_time() - start
        if not response["ok"]:
            raise SystemExit(f"{kind} {size} {level}: {response['error']['message']}")
        result = response["result"]
        if result["status"] == "generated":
            times.append(spent)
            tried.append(result["tried"])
        else:
            stopped += 1
    return times, tried, stopped


def qqwing_seconds(path: str, level: str, count: int) -> float | None:
    """QQWing's mean seconds per 9×9 puzzle of its level, by its own timer."""
    done = subprocess.run([path, "--generate", str(count), "--difficulty", QQWING_LEVELS[level], "--compact",
                           "--timer"], capture_output=True, text=True, timeout=600)
    found = re.search(r"(\d+) puzzles? generated in ([0-9.]+) seconds", done.stdout + done.stderr)
    return float(found.group(2)) / int(found.group(1)) if found else None


def main() -> None:
    """Print the table (and the QQWing ratios)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--only", default="", help="kinds to run, comma-separated")
    parser.add_argument("--qqwing", default=os.environ.get("GRIDLOGIC_QQWING"))
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    medians = {}
    print(f"{'kind':10} {'size':>5} {'level':9} {'median s':>9} {'max s':>7} {'tries':>6} {'stopped':>8}")
    for kind, size, level in CASES:
        if only and kind not in only and kind.split("+")[0] not in only:
            continue
        times, tried, stopped = measure(kind, size, level, args.seeds, args.budget)
        median = statistics.median(times) if times else float("nan")
        medians[(kind, size, level)] = median
        print(f"{kind:10} {size:>5} {level:9} {median:9.3f} {max(times, default=float('nan')):7.3f} "
              f"{statistics.median(tried) if tried else 0:6.1f} {stopped:>5}/{args.seeds}", flush=True)
    if not args.qqwing or not Path(args.qqwing).exists():
        print("QQWing: not given (--qqwing PATH or GRIDLOGIC_QQWING); ratios skipped")
        return
    for level in QQWING_LEVELS:
        ours = medians.get(("sudoku", 9, level))
        theirs = qqwing_seconds(args.qqwing, level, max(args.seeds, 20))
        if ours is None or theirs is None:
            continue
        print(f"9×9 {level:9}: ours {ours * 1000:8.1f} ms median, QQWing {theirs * 1000:6.1f} ms "
              f"({QQWING_LEVELS[level]}), ratio {ours / theirs:5.1f}")


if __name__ == "__main__":
    main()
