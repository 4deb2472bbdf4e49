"""What first-core walks cost: whole hint paths of walk-rated puzzles, walked as a rating walks them (a new
solver, reasons as first cores, which yes/no answers alone decide) against walks on the cached solver
(reasons as the solver's cores, shrunk), in one run.

The puzzles are the generator's (fixed seeds), one per walk-rated kind and level. Each path is walked
REPEAT times each way after one walk to warm up; the median CPU seconds (`time.process_time`) are printed
with their ratio, and each way's rating. Each walk's steps are checked to place the solution
(the `progress` op).

    python bench/bench_first_cores.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import api, ratings, walks  # noqa: E402
from gridlogic.backends import sat  # noqa: E402
from gridlogic.backends.sat import solvers  # noqa: E402
from gridlogic.kinds import get_kind  # noqa: E402

CASES = [  # kind, rows, level, seed, constraints
    ("binary", 8, "medium", 0, []), ("binary", 10, "medium", 1, []),
    ("futoshiki", 6, "hard", 2, []), ("puzlogic", 6, "medium", 1, []),
    ("nonogram", 15, "medium", 0, []), ("sudoku", 6, "easy", 1, ["killer"]),
    ("sudoku", 9, "medium", 0, ["killer"]),
]


def timed(kind, puzzle, new: bool) -> tuple[float, walks.Walk]:
    if not new:
        solvers.SESSIONS = solvers.SessionCache()            # a cold cache, as a first hint on a puzzle finds it
    start = time.process_time()
    found = walks.walk(kind, puzzle, engine=walks.RATING_ENGINE, new=new)
    return time.process_time() - start, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'puzzle':<28}{'first s':>10}{'cores s':>10}{'ratio':>8}  ratings (first cores / cores)")
    ratios = []
    for name, rows, level, seed, constraints in CASES:
        made = api.handle({"op": "generate", "kind": name, "rows": rows, "difficulty": level, "seed": seed,
                           "constraints": constraints, "budget_ms": 300_000})["result"]
        if made["status"] != "generated":
            print(f"{name} {rows} {level}: none made in 300 s (seed {seed})")
            continue
        kind = get_kind(name)
        puzzle = kind.parse(made["text"], rules=tuple(made["rules"]))
        rows_out = {}
        for new in (True, False):
            timed(kind, puzzle, new)
            runs = [timed(kind, puzzle, new) for _ in range(args.repeat)]
            walk = runs[0][1]
            rows_out[new] = (statistics.median(t for t, _ in runs), ratings.walk_difficulty(kind, puzzle, walk.steps))
            placed = [[s.r, s.c, s.value] for s in walk.steps if not s.eliminated]
            checked = api.handle({"op": "progress", "kind": name, "text": made["text"], "rules": made["rules"],
                                  "entries": placed})["result"]
            assert checked["correct_so_far"] and not checked["wrong"], (name, checked)
        (first, rated), (cores, before) = rows_out[True], rows_out[False]
        ratios.append(first / cores)
        label = f"{name}{'+' + constraints[0] if constraints else ''} {rows} {level}"
        print(f"{label:<28}{first:>10.3f}{cores:>10.3f}{first / cores:>7.2f}x  {rated['rating']} / {before['rating']}")
    print(f"median ratio {statistics.median(ratios):.2f}x")


if __name__ == "__main__":
    main()
