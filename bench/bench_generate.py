"""Generation times per kind, size and level, against QQWing (9×9 sudoku) and Tatham's Pattern (nonogram)
built outside the repository, in one run.

For each case (kind, size, level) `--seeds` puzzles are made through `api.handle({"op": "generate"})`
with seeds 0, 1, ... (after one untimed request: the generator's imports) and a budget per puzzle (`--budget`, seconds); the median, mean and largest CPU time
(`time.process_time`: the work is single-threaded) are printed with the attempts made, and how many ran
out of budget. `--only` keeps some kinds, `--sizes` some sides.

References, each skipped with a message when absent, timed in CPU seconds as ours are (a loaded machine
stretches wall time, not CPU time):
- `--qqwing PATH` (or GRIDLOGIC_QQWING): QQWing's C++ generator, built from github:stephenostermiller/qqwing,
  e.g. `g++ -O2 -Icfg -o qqwing src/cpp/main.cpp src/cpp/qqwing.cpp` with a config.h defining VERSION,
  PACKAGE_STRING and HAVE_GETTIMEOFDAY. It makes `--ref-count` 9×9 puzzles per level (its levels simple,
  easy, intermediate, expert matched to ours in order; they are its own solver's, not ours), timed by the
  processes' CPU time (its own timer is wall time), in four processes, each after a quarter of our seeds at
  that level, so that both are timed under the same load.
- `--pattern PATH` (or GRIDLOGIC_PATTERN): Pattern's generator through bench/pattern_driver.c (its
  docstring says how to build it), `--ref-count` puzzles per nonogram size measured, CPU time by its own
  clock(). Pattern has one level (pictures its line solver finishes, our easy); every level of ours at a
  size is set against it.
For each, the ratio of our mean to its mean time per puzzle (and of our median to its mean). Goals (issue
33): 9×9 sudoku at most 3× QQWing at every level, nonogram at most 30× Pattern.

`--parts` measures the cases again (apart from the timed run: the timers cost a little) and prints where the
time goes across attempts: how many attempts, how many the maker's cheap logic and the rating turned down,
and the CPU ms of the candidates (the grid), the solvers answering uniqueness (setting up, and the checks,
with their verdicts), the removals while unique (their checks included), the cheap logic, and the ratings:
those giving the level asked, and the others (a capped rating that stopped, a final one off the level).

    python bench/bench_generate.py [--seeds N] [--budget S] [--only sudoku,nonogram] [--sizes 9,15,20]
                                   [--qqwing PATH] [--pattern PATH] [--ref-count N] [--parts]
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import os
import re
import resource
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
    ("nonogram", 10, "easy"), ("nonogram", 15, "easy"), ("nonogram", 20, "easy"), ("nonogram", 15, "medium"),
    ("sudoku+killer", 9, "easy"), ("sudoku+killer", 9, "medium"), ("sudoku+killer", 9, "hard"),
    ("sudoku+killer", 9, "fiendish"), ("sudoku+killer", 6, "easy"), ("sudoku+killer", 6, "medium"),
]
QQWING_LEVELS = {"easy": "simple", "medium": "easy", "hard": "intermediate", "fiendish": "expert"}
QQWING_PARTS = 4            # runs of our seeds per 9×9 level, QQWing timed after each (`interleaved`)


def measure(kind: str, size: int, level: str, seeds, budget_s: float) -> tuple[list[float], list[int], int]:
    """CPU seconds and attempts per puzzle made with these seeds (a count: 0, 1, ...), and how many ran out of
    budget."""
    seeds = range(seeds) if isinstance(seeds, int) else seeds
    times, tried, stopped = [], [], 0
    kind, *families = kind.split("+")               # "sudoku+killer": the constraint families asked
    for seed in seeds:
        start = time.process_time()
        response = api.handle({"op": "generate", "kind": kind, "rows": size, "difficulty": level, "seed": seed,
                               "constraints": families, "budget_ms": int(budget_s * 1000)})
        spent = time.process_time() - start
        if not response["ok"]:                      # (a level the size does not reach)
            print(f"{kind} {size} {level}: {response['error']['message']}")
            return [], [], len(seeds)
        result = response["result"]
        if result["status"] == "generated":
            times.append(spent)
            tried.append(result["tried"])
        else:
            stopped += 1
    return times, tried, stopped


@contextlib.contextmanager
def _timers(spent: dict, counts: collections.Counter, level: str):
    """The generator's parts timed (CPU) into `spent` and counted into `counts` while inside."""
    from gridlogic import walks
    from gridlogic.generate import incremental, removal, search

    patched = []

    def timed(owner, name, key, verdict=None):
        original = getattr(owner, name)

        def run(*args, **kwargs):
            start = time.process_time()
            out = original(*args, **kwargs)
            key_of = key(out) if callable(key) else key
            spent[key_of] += time.process_time() - start
            counts[key_of] += 1
            if verdict is not None:
                counts[verdict(out)] += 1
            return out
        patched.append((owner, name, original))
        setattr(owner, name, run)
    timed(incremental.Givens, "__init__", "solver set up")
    timed(incremental.Givens, "adopt", "solver set up")
    timed(incremental.Givens, "is_unique", "uniqueness checks", lambda out: f"checks: unique {out}")
    timed(removal, "remove_while_unique", "removals while unique")
    timed(search, "_may_be", "cheap logic", lambda out: "turned down by cheap logic" if not out else "-")
    timed(walks, "rate", lambda out: "ratings at the level" if out.level == level else "ratings off it")
    try:
        yield
    finally:
        for owner, name, original in reversed(patched):
            setattr(owner, name, original)


def parts(kind: str, size: int, level: str, seeds: int, budget_s: float) -> None:
    """Print where the time of a case goes across attempts (see the module docstring)."""
    from gridlogic.generate import makers_of
    from gridlogic.kinds import get_kind

    spent: dict = collections.defaultdict(float)
    counts: collections.Counter = collections.Counter()
    name, *families = kind.split("+")
    maker = makers_of(get_kind(name))[tuple(sorted(families))]
    original = maker.candidate

    def candidate(*args, **kwargs):
        start = time.process_time()
        out = original(*args, **kwargs)
        spent["candidates (the grid)"] += time.process_time() - start
        return out
    maker.candidate = candidate
    try:
        with _timers(spent, counts, level):
            start = time.process_time()
            _, tried, _ = measure(kind, size, level, seeds, budget_s)
            total = time.process_time() - start
    finally:
        maker.candidate = original
    print(f"{kind} {size} {level}: {total * 1000:.1f} ms for {seeds} puzzles, {sum(tried)} attempts; "
          f"turned down by cheap logic {counts['turned down by cheap logic']}, by the rating "
          f"{counts['ratings off it']}; checks {counts['uniqueness checks']} (unique "
          f"{counts['checks: unique True']}, not {counts['checks: unique False']})")
    for key in sorted(spent, key=spent.get, reverse=True):
        print(f"  {key:28} {spent[key] * 1000:8.1f} ms")


def _child_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def qqwing_seconds(path: str, level: str, count: int) -> float | None:
    """QQWing's mean CPU seconds per 9×9 puzzle of its level (the whole process's)."""
    before = _child_cpu()
    done = subprocess.run([path, "--generate", str(count), "--difficulty", QQWING_LEVELS[level], "--compact"],
                          capture_output=True, text=True, timeout=600)
    spent = _child_cpu() - before
    return spent / count if done.returncode == 0 else None


def pattern_seconds(path: str, size: int, count: int) -> float | None:
    """Pattern's mean CPU seconds per puzzle of size×size, by its own clock()."""
    done = subprocess.run([path, f"{size}x{size}", str(count)], capture_output=True, text=True, timeout=600)
    found = re.search(r"(\d+) puzzles generated in ([0-9.]+) seconds", done.stdout)
    return float(found.group(2)) / int(found.group(1)) if found else None


def ratio_line(name: str, ours: list[float], theirs: float, reference: str) -> str:
    """One line: our mean and median against the reference's mean, and their ratios."""
    mean, median = statistics.mean(ours), statistics.median(ours)
    return (f"{name:22}: ours {mean * 1000:9.1f} ms mean ({median * 1000:8.1f} median), {reference} "
            f"{theirs * 1000:7.2f} ms: ratio {mean / theirs:7.1f} ({median / theirs:7.1f} by median)")


def main() -> None:
    """Print the table and the ratios against the references given."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--only", default="", help="kinds to run, comma-separated (sudoku+killer for killer)")
    parser.add_argument("--sizes", default="", help="sides to run, comma-separated")
    parser.add_argument("--qqwing", default=os.environ.get("GRIDLOGIC_QQWING"))
    parser.add_argument("--pattern", default=os.environ.get("GRIDLOGIC_PATTERN"))
    parser.add_argument("--ref-count", type=int, default=50, help="puzzles per reference case")
    parser.add_argument("--parts", action="store_true", help="where the time goes across attempts, per case")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    sizes = {int(x) for x in args.sizes.split(",") if x}
    made, theirs = {}, {}
    api.handle({"op": "generate", "kind": "sudoku", "rows": 4, "seed": 10 ** 6})   # the imports, untimed
    print(f"{'kind':10} {'size':>5} {'level':9} {'median s':>9} {'mean s':>7} {'max s':>7} {'tries':>6} {'stopped':>8}")
    for kind, size, level in CASES:
        if (only and kind not in only) or (sizes and size not in sizes):
            continue
        if (kind, size) == ("sudoku", 9) and args.qqwing and Path(args.qqwing).exists():
            times, tried, stopped, theirs[level] = interleaved(args, level)
        else:
            times, tried, stopped = measure(kind, size, level, args.seeds, args.budget)
        made[(kind, size, level)] = times
        nan = float("nan")
        print(f"{kind:10} {size:>5} {level:9} {statistics.median(times) if times else nan:9.3f} "
              f"{statistics.mean(times) if times else nan:7.3f} {max(times, default=nan):7.3f} "
              f"{statistics.median(tried) if tried else 0:6.1f} {stopped:>5}/{args.seeds}", flush=True)
    compare_qqwing(args, made, theirs)
    compare_pattern(args, made)
    if args.parts:
        for kind, size, level in made:
            parts(kind, size, level, args.seeds, args.budget)


def interleaved(args, level: str) -> tuple[list[float], list[int], int, float | None]:
    """A 9×9 sudoku level measured in `QQWING_PARTS` runs of seeds (0, 1, ... in order), QQWing's level timed
    after each on its share of `--ref-count` puzzles, so that both see the same load (QQWing's time per
    puzzle moved by 40% between runs minutes apart, docs/benchmarks.md): (ours as `measure` gives them, and
    QQWing's mean CPU seconds per puzzle, None when it failed)."""
    times, tried, stopped = [], [], 0
    spent, count = 0.0, 0
    for part in range(QQWING_PARTS):
        seeds = range(part * args.seeds // QQWING_PARTS, (part + 1) * args.seeds // QQWING_PARTS)
        some = measure("sudoku", 9, level, seeds, args.budget)
        times += some[0]
        tried += some[1]
        stopped += some[2]
        share = (part + 1) * args.ref_count // QQWING_PARTS - part * args.ref_count // QQWING_PARTS
        mean = qqwing_seconds(args.qqwing, level, share) if share else 0.0
        if mean is None:
            return times, tried, stopped, None
        spent += mean * share
        count += share
    return times, tried, stopped, spent / count if count else None


def compare_qqwing(args, made: dict, theirs: dict) -> None:
    """QQWing's ratios per level, for the 9×9 sudoku levels measured (QQWing's means from `interleaved`)."""
    levels = [level for level in QQWING_LEVELS if made.get(("sudoku", 9, level))]
    if not levels:
        return
    if not args.qqwing or not Path(args.qqwing).exists():
        print("QQWing: not given (--qqwing PATH or GRIDLOGIC_QQWING); ratios skipped")
        return
    for level in levels:
        if theirs.get(level) is not None:
            print(ratio_line(f"sudoku 9×9 {level}", made[("sudoku", 9, level)], theirs[level],
                             f"QQWing {QQWING_LEVELS[level]}"))


def compare_pattern(args, made: dict) -> None:
    """Pattern's ratios per nonogram size and level measured."""
    cases = [(size, level) for kind, size, level in made if kind == "nonogram" and made[(kind, size, level)]]
    if not cases:
        return
    if not args.pattern or not Path(args.pattern).exists():
        print("Pattern: not given (--pattern PATH or GRIDLOGIC_PATTERN); ratios skipped")
        return
    means = {size: pattern_seconds(args.pattern, size, args.ref_count) for size in sorted({s for s, _ in cases})}
    for size, level in cases:
        if means[size] is not None:
            print(ratio_line(f"nonogram {size}×{size} {level}", made[("nonogram", size, level)], means[size],
                             "Pattern"))


if __name__ == "__main__":
    main()
