"""Path genres (numberlink) on real puzz.link puzzles: each solved with uniqueness (a second solution looked
for) on MiniSat, the default engine, and on the engine the genre names (`SAT_ENGINE`), in one run; CPU
seconds (time.process_time, encoding included), within a time limit each, and the ratio of the two.

    PYTHONPATH=pysrc python bench/bench_paths.py [--limit S] [--only LABEL]

A solve past --limit seconds (wall clock, default 40) is stopped and shown as such. The puzzles, each with
where it was published (puzz.link URLs found in public repositories):
"""

from __future__ import annotations

import argparse
import sys
import time

from gridlogic import solver
from gridlogic.backends import sat
from gridlogic.budget import Budget
from gridlogic.contract import optional
from gridlogic.links import import_link

SITE = "https://puzz.link/p?numlin/"
PUZZLES = (
    # pzprjs test/script/numlin.js
    ("numberlink 5×5 (pzprjs test)", SITE + "5/5/1j2h3m1h2j3"),
    # cspuz-solver2's serializer test
    ("numberlink 6×6", SITE + "6/6/j4h14m2n2h133k"),
    # a puzzle site's numberlink page, its list by difficulty (1 to 4)
    ("numberlink 7×7 (1)", SITE + "7/7/4h2j1i5h4q3h3h52s1"),
    ("numberlink 8×8 (1)", SITE + "8/8/h13i2i4i3g4g5i1r2l6g6i5t"),
    ("numberlink 10×10 a (2)", SITE + "10/10/1h2j65s5h3h1zk4y6k2i3m4l"),
    ("numberlink 10×10 b (2)", SITE + "10/10/3h43x2i5g2o1h5z1zj4q"),
    ("numberlink 10×10 c (2)", SITE + "10/10/m5g1v3l4zi1r2o3m2g5k4i"),
    ("numberlink 10×10 d (2)", SITE + "10/10/j5i13zi2j4j6g6i2i4r3g5zg1o"),
    ("numberlink 10×10 e (3)", SITE + "10/10/2n1h4o3o2o51o6g6o5zj3n4"),
    ("numberlink 10×10 f (3)", SITE + "10/10/4i2v1t3k24o1m6o5o3k56q"),
    ("numberlink 10×10 g (3)", SITE + "10/10/g3m1g4g7j2m6h5l87i3o4zj8k2k6g1l5h"),
    ("numberlink 10×10 h (3)", SITE + "10/10/x7h7l5j3j2l1g4k8q4l1j3m2k6g5i8g6"),
    ("numberlink 10×10 i (3)", SITE + "10/10/4i5l63j82h7r8g1p2t7j4m63j1n5o"),
    ("numberlink 10×10 j (3)", SITE + "10/10/p1g8n7h52v6h1m4g4o2k5h38k6i7s3"),
    ("numberlink 13×13 (3)", SITE + "13/13/k3x6i7x1i2l4w5zl7j3i1u6p4m2z5"),
    ("numberlink 14×14 (4)", SITE + "14/14/u3p2u1o5k4k6u4k7h2zi9p7i6h8gahazh3n95m1w8"),
    # a puzzle-hunt page's puzzle C
    ("numberlink 9×9", SITE + "9/9/h1j32j4l5v67o2g4l7r3j165i"),
    # a React site's numberlink page
    ("numberlink 11×11", SITE + "11/11/h8h65s4h6g8p9t2zl4i7l1h5n9h2i1g7i3h3i"),
    # a list of sample puzzles for a puzz.link player (Numberlink 3)
    ("numberlink 10×10 k", SITE + "10/10/1w2h3k4k6g5i7k2n8k5i4g1k8k6h7w3"),
)


def timed_solve(kind, puzzle, engine: str, limit: float) -> tuple[float, str]:
    """CPU seconds of solve with uniqueness on `engine`, and its status ("stopped" past the limit); the
    solution found is checked by the genre's own checker."""
    start = time.process_time()
    answer = solver.solve(kind, puzzle, engine=engine, budget=Budget(limit * 1000))
    took = time.process_time() - start
    if answer.status in ("unique", "multiple"):
        assert not kind.check(puzzle, answer.solution), "the checker refuses the solution"
    return took, answer.status if answer.status in ("unique", "multiple", "none") else "stopped"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=40, help="seconds a solve at most (default: %(default)s)")
    parser.add_argument("--only", default="", help="only the puzzles whose label starts with this")
    args = parser.parse_args(argv)
    print(f"| puzzle | {sat.DEFAULT_ENGINE} s | genre's engine | s | ratio | status |")
    print("|---|---:|---|---:|---:|---|")
    for label, url in PUZZLES:
        if not label.startswith(args.only):
            continue
        found = import_link(url)
        kind, puzzle = found.kind, found.puzzle
        own = optional(kind, "SAT_ENGINE") or sat.DEFAULT_ENGINE
        base_s, base = timed_solve(kind, puzzle, sat.DEFAULT_ENGINE, args.limit)
        own_s, status = timed_solve(kind, puzzle, own, args.limit)
        ratio = f"{own_s / base_s:.2f}" if "stopped" not in (base, status) else "–"
        print(f"| {label} | {base_s:.2f}{' (stopped)' if base == 'stopped' else ''} | {own} | {own_s:.2f} | "
              f"{ratio} | {status} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
