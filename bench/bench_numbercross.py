"""Number cross: Number Cross 4 (corpus) end to end, solve + uniqueness proof, what the search's
shortcuts buy, and open grids against the search before backjumping, measured in one run.

Prints: the one-off import cost of sympy (fresh interpreter), Number Cross 4 through
`solver.solve` cold (first puzzle in the process: clue predicates built) and warm (best of 5),
nodes searched, backjumps and dead ends remembered, the same search without prefix pruning,
without the memory of dead ends and without backjumping (nodes and time ratios), the 5×5 example,
and the whole CLI run (`python -m gridlogic solve numbercross FILE`, interpreter start included).

Open grids: every clue "multiple of 1" (a 10×10 of 50 small regions, the 5×5 example's regions
and Number Cross 4's tiled to 26×26), solved (first solution, then a second) through
`solver.solve` as `api.handle` does, against the search of commit REFERENCE (plain backtracking,
read with `git show`; stopped after --cap seconds, the ratio then a lower bound), and through
`api.handle`. Without git or that commit, the reference figures measured before the change are
printed instead.

    .venv/bin/python bench/bench_numbercross.py [--reference COMMIT] [--cap SECONDS] [--open-only]
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gridlogic import api, solver
from gridlogic.budget import Budget
from gridlogic.kinds import numbercross as nc
from gridlogic.kinds.numbercross.grid import REGIONS

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "numbercross"
REFERENCE = "112cbd3"       # the last commit before backjumping
MANY_REGIONS_10 = ["qRRluDhhZZ", "RRRluuhOWZ", "RRRlluhMMZ", "gTTEEoPPIX", "gHaEKKssnA",
                   "wHGCKfjsnA", "bJGGNFjUUv", "bcpxLdVVVS", "imYxLQVVVe", "immkkkrBte"]
MEASURED_BEFORE = {"10x10, 50 small regions": 5.96, "26x26, the 5x5 example tiled": 4.44,
                   "26x26, Number Cross 4 tiled": 79.65}   # seconds through api.handle, one run each


def nc4_text() -> str:
    """Regions and clues of Number Cross 4, combined into one puzzle text."""
    return (CORPUS / "nc4_regions.txt").read_text() + "\n" + (CORPUS / "nc4_clues.txt").read_text()


def fresh_seconds(code: str, repeat: int = 3) -> float:
    """Best wall time of running `code` in a new interpreter."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        best = min(best, time.perf_counter() - start)
    return best


def timed_search(puzzle, kind=nc, **options) -> tuple[float, dict, int]:
    """Seconds, stats and solution count of one full search."""
    stats: dict = {}
    start = time.perf_counter()
    count = sum(1 for _ in kind.search(puzzle, stats=stats, **options))
    return time.perf_counter() - start, stats, count


def tiled(regions: list[str], n: int) -> list[str]:
    """An n×n region grid of copies of `regions`, neighbouring copies in letters 13 apart."""
    letters, m = REGIONS, len(regions)
    return ["".join(letters[(letters.index(regions[r % m][c % m]) + 13 * ((r // m + c // m) % 2)) % 52]
                    for c in range(n)) for r in range(n)]


def open_grids() -> dict[str, str]:
    """The open grids: regions, then "multiple of 1" for every row."""
    nc4 = [line.strip() for line in (CORPUS / "nc4_regions.txt").read_text().splitlines()
           if line.strip() and not line.startswith("#")]
    example = nc.EXAMPLES[0].text.split("\n\n")[0].splitlines()
    grids = {"10x10, 50 small regions": MANY_REGIONS_10, "26x26, the 5x5 example tiled": tiled(example, 26),
             "26x26, Number Cross 4 tiled": tiled(nc4, 26)}
    return {name: "\n".join(rows) + "\n\n" + "\n".join(["multiple of 1"] * len(rows)) for name, rows in grids.items()}


def reference_module(commit: str):
    """The number cross module of `commit` (its search: plain backtracking), or None without git."""
    try:
        source = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:pysrc/gridlogic/kinds/numbercross.py"],
                                capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    # Its clues came from today's tree, now the package's clues/ (numbercross_clues.py before the split)
    source = source.replace("gridlogic.kinds.numbercross_clues", "gridlogic.kinds.numbercross.clues")
    spec = importlib.util.spec_from_loader("numbercross_reference", loader=None)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    exec(compile(source, f"{commit}:numbercross.py", "exec"), module.__dict__)
    return module


def solve_seconds(kind, text: str, cap: float | None = None) -> tuple[float, object]:
    """Seconds to solve (first solution, then a second) through solver.solve, and the answer."""
    puzzle = kind.parse(text)
    start = time.perf_counter()
    answer = solver.solve(kind, puzzle, budget=Budget(cap * 1000) if cap else Budget())
    return time.perf_counter() - start, answer


def bench_open_grids(commit: str, cap: float) -> None:
    """Open grids now and before backjumping, with ratios."""
    reference = reference_module(commit)
    where = (f"reference: the search of {commit} (stopped after {cap:.0f} s)" if reference else
             f"reference: git show {commit} failed; figures measured before the change (api.handle, one run)")
    if reference:
        runs = {}
        for _ in range(3):                       # best of 3, alternating (the first builds the clues)
            for kind in (nc, reference):
                secs, stats, count = timed_search(kind.parse(nc4_text()), kind=kind)
                assert count == 1
                runs[kind] = min(runs.get(kind, (secs, stats)), (secs, stats), key=lambda run: run[0])
        (now_s, now), (old_s, old) = runs[nc], runs[reference]
        print(f"Number Cross 4 full search, best of 3: {now['nodes']:,} nodes, {now_s:.3f} s; with the search of "
              f"{commit}: {old['nodes']:,} nodes, {old_s:.3f} s (now {now_s / old_s:.2f}x its time)")
    print(f"Open grids (every clue 'multiple of 1'), solve + second solution; {where}")
    for name, text in open_grids().items():
        secs, answer = solve_seconds(nc, text)
        puzzle = nc.parse(text)
        assert answer.status == "multiple" and len(answer.solutions) == 2
        assert all(not nc.check(puzzle, grid) for grid in answer.solutions)
        start = time.perf_counter()
        result = api.handle({"op": "solve", "kind": "numbercross", "text": text})["result"]
        via_api = time.perf_counter() - start
        assert result["status"] == "multiple"
        if reference:
            ref, old = solve_seconds(reference, text, cap)
            bound = "> " if old.status == "unknown" else ""
            ref_text = f"{bound}{ref:.2f} s ({old.status})"
        else:
            bound, ref = "", MEASURED_BEFORE[name]
            ref_text = f"{ref:.2f} s"
        print(f"  {name}: {secs * 1000:.1f} ms (api.handle {via_api * 1000:.1f} ms), before {ref_text}: "
              f"{bound}{ref / secs:,.0f}x faster")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", default=REFERENCE, help="commit whose search is the reference")
    parser.add_argument("--cap", type=float, default=150.0, help="seconds before a reference run is stopped")
    parser.add_argument("--open-only", action="store_true", help="only the open grids")
    args = parser.parse_args()
    if not CORPUS.exists():
        sys.exit(f"corpus not found at {CORPUS}")
    if args.open_only:
        bench_open_grids(args.reference, args.cap)
        return
    bare = fresh_seconds("pass")
    with_sympy = fresh_seconds("import sympy")
    print(f"python start {bare:.3f} s; import sympy adds {with_sympy - bare:.3f} s (once per process)")

    puzzle = nc.parse(nc4_text())
    start = time.perf_counter()
    answer = solver.solve(nc, puzzle)          # cold: imports sympy, builds the clue predicates
    cold = time.perf_counter() - start
    assert answer.status == "unique" and not nc.check(puzzle, answer.solution)
    total = nc.answer_of(puzzle, answer.solution)
    warm_times = []
    for _ in range(5):
        start = time.perf_counter()
        again = solver.solve(nc, puzzle)
        warm_times.append(time.perf_counter() - start)
        assert again.status == "unique"
    print(f"Number Cross 4 solve + prove unique: cold {cold:.3f} s (sympy import included), "
          f"warm best {min(warm_times):.3f} s, median {statistics.median(warm_times):.3f} s; "
          f"status {answer.status}, answer {total}")

    base_s, base, count = timed_search(puzzle)
    print(f"  full search: {count} solution, {base['nodes']:,} nodes, {base['backjumps']:,} backjumps, "
          f"{base['dead_states']} dead ends remembered, {base_s:.3f} s ({base['nodes'] / base_s:,.0f} nodes/s)")
    for label, options in (("no prefix pruning", {"prune": False}), ("no memory of dead ends", {"remember": False}),
                           ("no backjumping", {"backjump": False})):
        secs, stats, found = timed_search(puzzle, **options)
        assert found == 1
        print(f"  {label}: {stats['nodes']:,} nodes ({stats['nodes'] / base['nodes']:.1f}x), "
              f"{secs:.3f} s ({secs / base_s:.1f}x)")

    example = nc.parse(nc.EXAMPLES[0].text)
    secs, stats, found = timed_search(example)
    print(f"5x5 example: {found} solution, {stats['nodes']} nodes, {secs * 1000:.1f} ms")

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
        fh.write(nc4_text())
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "gridlogic", "solve", "numbercross", fh.name],
                         capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    Path(fh.name).unlink()
    assert f"answer: {total}" in run.stdout and run.stdout.rstrip().endswith("unique")
    print(f"CLI end to end (new process, imports, solve, uniqueness): {wall:.3f} s")
    bench_open_grids(args.reference, args.cap)


if __name__ == "__main__":
    main()
