"""Nonogram levels against Tatham's Pattern, and generation time against his generator, in one run.

Needs Pattern's standalone solver and bench/pattern_driver.c's generator, built outside the repository from
his sources (SRC: the directory holding pattern.c, random.c, misc.c, malloc.c, nullfe.c), in one directory
given as `--tatham DIR` or the environment variable GRIDLOGIC_TATHAM:

    gcc -O2 -DSTANDALONE_SOLVER -I$SRC $SRC/pattern.c $SRC/random.c $SRC/misc.c $SRC/malloc.c $SRC/nullfe.c \
        -lm -o pattern-solver
    gcc -O2 -I$SRC bench/pattern_driver.c $SRC/pattern.c $SRC/random.c $SRC/misc.c $SRC/malloc.c $SRC/nullfe.c \
        -lm -o pattern-bench

Pattern's solver is a line solver (each line's every placement, lines until none changes) and rates a
puzzle only "finished" or not; its generator keeps the pictures it finishes. For each size:
  (a) `--seeds` puzzles per level made by us (api "generate", seeds 0, 1, ...) rated by Pattern's solver:
      a confusion table, our level by row, "line-solved" or "beyond" by column;
  (b) `--ref-count` puzzles of Pattern's generator (seeds "0", "1", ...) rated by our grader: his one level
      by row, ours by column;
  (c) our mean and median CPU time per puzzle (time.process_time, attempts included, after one untimed
      request for the imports) over Pattern's mean (its own clock()), for every level of ours (Pattern has
      one). Pattern is timed beside ours: our seeds run in PARTS runs, each followed by `--ref-count`
      puzzles of Pattern's (seeds "0", "1", ...), and its mean is over all of them, so that both sides are
      timed under the same load (on the shared machine, Pattern's 10×10 mean moved between 0.046 and 0.067
      ms from one moment to the next; docs/benchmarks.md).

    python bench/bench_pattern_levels.py [--tatham DIR] [--seeds N] [--sizes 10,15,20] [--levels easy,medium]
"""

from __future__ import annotations

import argparse
import collections
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
from gridlogic.generate import maker_of  # noqa: E402
from gridlogic.kinds import nonogram  # noqa: E402
from gridlogic.kinds.nonogram import grading  # noqa: E402

LEVELS = ("easy", "medium", "hard", "fiendish")
THEIRS = ("line-solved", "beyond")


def pattern_rating(tools: Path, puzzle) -> str:
    """Pattern's solver on a puzzle: "line-solved" when it fills every cell, else "beyond"."""
    game_id = nonogram.to_tatham(puzzle)
    out = subprocess.run([str(tools / "pattern-solver"), game_id], capture_output=True, text=True, timeout=60).stdout
    grid = [line for line in out.splitlines() if line and set(line) <= set("#.?!")]
    return "line-solved" if grid and not any("?" in line or "!" in line for line in grid) else "beyond"


def pattern_made(tools: Path, size: int, count: int) -> tuple[list, float]:
    """Pattern's generator: `count` puzzles of size×size (seeds "0".."count-1") and its mean CPU seconds each."""
    out = subprocess.run([str(tools / "pattern-bench"), f"{size}x{size}", str(count), "print"], capture_output=True,
                         text=True, timeout=600, check=True).stdout.splitlines()
    found = re.search(r"(\d+) puzzles generated in ([0-9.]+) seconds", out[-1])
    puzzles = [nonogram.parse(f"{size}x{size}:{desc}") for desc in out[:-1]]
    return puzzles, float(found.group(2)) / int(found.group(1))


PARTS = 4                   # runs of our seeds per size and level, Pattern timed after each


def ours(size: int, level: str, seeds: int, budget_s: float, tools: Path,
         ref_count: int) -> tuple[list, list[float], int, float]:
    """Our puzzles, CPU seconds each, how many ran out of budget, and Pattern's mean CPU seconds a puzzle of
    the size, timed after each of PARTS runs of our seeds."""
    puzzles, times, stopped, theirs = [], [], 0, []
    for seed in range(seeds):
        if seed and seed % max(1, seeds // PARTS) == 0 and len(theirs) < PARTS - 1:
            theirs.append(pattern_made(tools, size, ref_count)[1])
        start = time.process_time()
        result = api.handle({"op": "generate", "kind": "nonogram", "rows": size, "difficulty": level, "seed": seed,
                             "budget_ms": int(budget_s * 1000)})["result"]
        spent = time.process_time() - start
        if result["status"] == "generated":
            puzzles.append(nonogram.parse(result["text"]))
            times.append(spent)
        else:
            stopped += 1
    theirs.append(pattern_made(tools, size, ref_count)[1])
    return puzzles, times, stopped, statistics.mean(theirs)


def table(title: str, rows: tuple, cols: tuple, counts: collections.Counter) -> None:
    print(f"| {title} | " + " | ".join(cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for row in rows:
        if any(counts[row, col] for col in cols):
            print(f"| {row} | " + " | ".join(str(counts[row, col] or "") for col in cols) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tatham", default=os.environ.get("GRIDLOGIC_TATHAM"))
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--ref-count", type=int, default=200)
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--sizes", default="10,15,20")
    parser.add_argument("--levels", default=",".join(LEVELS))
    args = parser.parse_args()
    if not args.tatham or not (Path(args.tatham) / "pattern-solver").exists():
        sys.exit("needs --tatham DIR (or GRIDLOGIC_TATHAM) holding pattern-solver and pattern-bench")
    tools = Path(args.tatham)
    api.handle({"op": "generate", "kind": "nonogram", "rows": 5, "seed": 10 ** 6})      # the imports, untimed
    rated, graded, lines = collections.Counter(), collections.Counter(), []
    for size in map(int, args.sizes.split(",")):
        theirs, _ = pattern_made(tools, size, args.ref_count)
        for puzzle in theirs:
            graded["line-solved", grading.grade(puzzle).level] += 1
        reached = maker_of(nonogram).levels(size, size)
        for level in args.levels.split(","):
            if level not in reached:
                continue
            made, times, stopped, their_mean = ours(size, level, args.seeds, args.budget, tools, args.ref_count)
            for puzzle in made:
                rated[level, pattern_rating(tools, puzzle)] += 1
            if times:
                mean, median = statistics.mean(times), statistics.median(times)
                lines.append(f"nonogram {size}×{size} {level:8}: ours {mean * 1000:8.1f} ms mean ({median * 1000:8.1f} "
                             f"median, {stopped} stopped), Pattern {their_mean * 1000:6.3f} ms: ratio {mean / their_mean:8.1f}"
                             f" ({median / their_mean:8.1f} by median)")
                print(lines[-1], flush=True)
    print()
    table("ours (a)", LEVELS, THEIRS, rated)
    print()
    table("Pattern's (b)", ("line-solved",), LEVELS, graded)


if __name__ == "__main__":
    main()
