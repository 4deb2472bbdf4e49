"""Number cross: Number Cross 4 (corpus) end to end, solve + uniqueness proof, and what the
search's two shortcuts buy, measured in one run.

Prints: the one-off import cost of sympy (fresh interpreter), Number Cross 4 through
`solver.solve` cold (first puzzle in the process: clue predicates built) and warm (best of 5),
nodes searched and row states remembered as dead, the same search without prefix pruning and
without the dead-state memory (nodes and time ratios), the 5×5 example, and the whole CLI run
(`python -m gridlogic solve numbercross FILE`, interpreter start included).

    .venv/bin/python bench/bench_numbercross.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gridlogic import solver
from gridlogic.kinds import numbercross as nc

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "numbercross"


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


def timed_search(puzzle, **options) -> tuple[float, dict, int]:
    """Seconds, stats and solution count of one full search."""
    stats: dict = {}
    start = time.perf_counter()
    count = sum(1 for _ in nc.search(puzzle, stats=stats, **options))
    return time.perf_counter() - start, stats, count


def main() -> None:
    if not CORPUS.exists():
        sys.exit(f"corpus not found at {CORPUS}")
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
    print(f"  full search: {count} solution, {base['nodes']} nodes, {base['dead_states']} dead row states, "
          f"{base_s:.3f} s ({base['nodes'] / base_s:,.0f} nodes/s)")
    for label, options in (("no prefix pruning", {"prune": False}), ("no dead-state memory", {"remember": False})):
        secs, stats, found = timed_search(puzzle, **options)
        assert found == 1
        print(f"  {label}: {stats['nodes']} nodes ({stats['nodes'] / base['nodes']:.1f}x), "
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


if __name__ == "__main__":
    main()
