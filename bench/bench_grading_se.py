"""The sudoku grader against Sudoku Explainer (SE), the community's rating, on held-out corpus puzzles.

SE's `serate` (Java) rates each puzzle; gridlogic's `grading.grade` rates it too, in the same run. The
sample is fixed and shares no puzzle with tests/test_sudoku_grading.py:
    norvig_easy50[25:] (25), norvig_top95[10:] (85), magictour_top1465[3::10] (147),
    forum_hardest_1905_11plus_first1000[:6] (6, SE above 11), royle_17clue_first2000[::100] (20)
less the 4 puzzles that also occur in the tests' norvig_easy50[:25] and norvig_top95[:10] (273 distinct
puzzles; `--quick` keeps every fourth; `--cached-only` those SE has rated so far). Printed: Spearman's rho between the two scores,
the share of puzzles whose level (easy ≤ 1.5, medium ≤ 2.5, hard ≤ 6.0, fiendish) is SE's band, the
confusion table of levels, the puzzles out of band, and the time per puzzle of each (median and mean
per SE level; SE's is its own `%e` timer, ours CPU seconds).

SE is built outside the repo: clone github.com/1to9only/SudokuExplainer, copy `org/json/simple` from
1to9only/SukakuExplainer into it, and compile everything but the GUI with a JDK (17 works):
    javac -encoding ISO-8859-1 -d build $(find diuf org -name '*.java' | grep -v -e gui/ -e applet/)
Pass that `build` directory (or a jar) with `--se PATH` or the environment variable GRIDLOGIC_SE;
without it the bench says so and stops. SE's ratings are cached next to it (`serate_cache.tsv` in the
parent of PATH), never in the repo.

    python bench/bench_grading_se.py --se SE/build [--quick] [--jobs 2] [--budget-ms 60000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic.budget import Budget  # noqa: E402
from gridlogic.kinds import sudoku  # noqa: E402
from gridlogic.kinds.sudoku.grading import LEVELS, grade, level_of  # noqa: E402

CORPUS = Path(os.environ.get("GRIDLOGIC_CORPUS", ROOT.parent / "shared" / "corpus")) / "sudoku"
SAMPLE = (("norvig_easy50.txt", slice(25, None)), ("norvig_top95.txt", slice(10, None)),
          ("magictour_top1465.txt", slice(3, None, 10)), ("forum_hardest_1905_11plus_first1000.txt", slice(0, 6)),
          ("royle_17clue_first2000.txt", slice(0, None, 100)))


TESTED = (("norvig_easy50.txt", slice(0, 25)), ("norvig_top95.txt", slice(0, 10)))


def _puzzles(parts) -> dict[str, None]:
    out: dict[str, None] = {}
    for name, part in parts:
        lines = [ln.strip() for ln in (CORPUS / name).read_text().splitlines()
                 if ln.strip() and not ln.startswith("#")]
        for line in lines[part]:
            out[line[:81].replace("0", ".")] = None
    return out


def sample() -> list[str]:
    """The held-out puzzles, 81 characters each ('.' for blanks), in a fixed order without repeats and
    without the puzzles the tests grade (the corpus files repeat a few)."""
    tested = _puzzles(TESTED)
    return [p for p in _puzzles(SAMPLE) if p not in tested]


def se_ratings(se: Path, puzzles: list[str], cached_only: bool = False) -> dict[str, tuple[float, float]]:
    """SE's (rating, seconds) per puzzle, from the cache or by running serate on the missing ones
    (with `cached_only`, the missing ones are left out)."""
    cache = se.resolve().parent / "serate_cache.tsv"
    known: dict[str, tuple[float, float]] = {}
    if cache.exists():
        for line in cache.read_text().splitlines():
            p, rating, seconds = line.split("\t")
            known[p.replace("0", ".")] = (float(rating), float(seconds))
    missing = [p for p in puzzles if p not in known]
    if missing and cached_only:
        print(f"{len(missing)} puzzles not yet rated by SE are left out (--cached-only)")
        return {p: known[p] for p in puzzles if p in known}
    if missing:
        print(f"rating {len(missing)} puzzles with SE (cached in {cache}) ...", flush=True)
        with tempfile.TemporaryDirectory() as tmp:      # serate writes its settings file in its directory
            src, dst = Path(tmp) / "in.txt", Path(tmp) / "out.txt"
            src.write_text("\n".join(missing) + "\n")
            subprocess.run(["java", "-cp", str(se), "diuf.sudoku.test.serate", "--format=%g\t%r\t%e",
                            f"--input={src}", f"--output={dst}"], cwd=tmp, check=True)
            with cache.open("a") as f:
                for line in dst.read_text().splitlines():
                    p, rating, elapsed = line.split("\t")
                    p = p.replace("0", ".")
                    known[p] = (float(rating), _seconds(elapsed))
                    f.write(f"{p}\t{rating}\t{known[p][1]}\n")
    return {p: known[p] for p in puzzles}


def _seconds(elapsed: str) -> float:
    """serate's `%e` (like 0.04s, 1m05s) in seconds."""
    if elapsed.endswith("s") and "m" not in elapsed:
        return float(elapsed[:-1])
    minutes, _, rest = elapsed.partition("m")
    return 60 * float(minutes) + float(rest.rstrip("s") or 0)


def ours(args: tuple[str, float]) -> tuple[float, bool, str | None, float]:
    """(score, solved, why it stopped, CPU seconds) of gridlogic's grade."""
    p, budget_ms = args
    puzzle = sudoku.parse(p)
    t = time.process_time()
    g = grade(puzzle, budget=Budget(budget_ms))
    return g.score, g.solved, g.stopped, time.process_time() - t


def ranks(xs: list[float]) -> list[float]:
    """Ranks from 0, ties sharing their mean rank."""
    order = sorted(range(len(xs)), key=xs.__getitem__)
    out = [0.0] * len(xs)
    i = 0
    while i < len(xs):
        j = i
        while j + 1 < len(xs) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--se", default=os.environ.get("GRIDLOGIC_SE"), help="SE's classes directory or jar")
    parser.add_argument("--quick", action="store_true", help="every fourth puzzle of the sample")
    parser.add_argument("--jobs", type=int, default=1, help="processes grading in parallel")
    parser.add_argument("--budget-ms", type=float, default=60_000, help="our budget per puzzle")
    parser.add_argument("--cached-only", action="store_true",
                        help="only the puzzles SE has rated already (it takes minutes on the hardest)")
    args = parser.parse_args()
    if not args.se or not Path(args.se).exists():
        print("SE not given (--se PATH or GRIDLOGIC_SE): nothing to compare with; skipped")
        return
    puzzles = sample()
    if args.quick:
        puzzles = puzzles[::4]
    se = se_ratings(Path(args.se), puzzles, args.cached_only)
    puzzles = [p for p in puzzles if p in se]
    with ProcessPoolExecutor(args.jobs) as pool:
        mine = list(pool.map(ours, [(p, args.budget_ms) for p in puzzles], chunksize=4))
    a = [se[p][0] for p in puzzles]
    b = [m[0] for m in mine]
    rho = statistics.correlation(ranks(a), ranks(b))
    names = [name for name, _ in LEVELS]
    table = {(x, y): 0 for x in names for y in names}
    for x, y in zip(a, b):
        table[level_of(x), level_of(y)] += 1
    inside = sum(table[x, x] for x in names)
    print(f"\n{len(puzzles)} puzzles: Spearman rho {rho:.4f}; level inside SE's band {inside}/{len(puzzles)}"
          f" = {inside / len(puzzles):.1%}; unsolved by us {sum(not m[1] for m in mine)}"
          f" (budget {sum(m[2] == 'budget' for m in mine)})")
    print("\nlevels: rows SE, columns ours\n" + " " * 10 + "".join(f"{y:>10}" for y in names))
    for x in names:
        print(f"{x:>10}" + "".join(f"{table[x, y]:>10}" for y in names))
    print("\nseconds per puzzle by SE level: SE median/mean, ours median/mean, ratio of means")
    for x in names:
        rows = [(se[p][1], m[3]) for p, m in zip(puzzles, mine) if level_of(se[p][0]) == x]
        if rows:
            s, o = zip(*rows)
            print(f"{x:>10} n={len(rows):3d}  SE {statistics.median(s):7.3f} {statistics.mean(s):7.3f}"
                  f"  ours {statistics.median(o):7.3f} {statistics.mean(o):7.3f}"
                  f"  x{statistics.mean(o) / max(statistics.mean(s), 1e-3):.1f}")
    print("\nout of band (SE, ours, stopped, puzzle):")
    for p, x, m in zip(puzzles, a, mine):
        if level_of(x) != level_of(m[0]):
            print(f"  {x:4.1f} {m[0]:4.1f} {m[2] or '':8} {p}")
    print("\nstopped by the budget (SE, ours, puzzle):")
    for p, x, m in zip(puzzles, a, mine):
        if m[2] == "budget":
            print(f"  {x:4.1f} {m[0]:4.1f} {p}")
    print("\nlargest differences (SE, ours):")
    for p, x, m in sorted(zip(puzzles, a, mine), key=lambda t: -abs(t[1] - t[2][0]))[:10]:
        print(f"  {x:4.1f} {m[0]:4.1f} {m[2] or '':8} {p}")


if __name__ == "__main__":
    main()
