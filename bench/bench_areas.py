"""Cave and Yin-Yang's puzzles (the tests' sources): CPU time of solve with uniqueness on CPython, each
against the first (pzprjs's cave 6×6) as the reference, in one run; and what the written-out implied
rules (cnf/shading.py's no_checkerboard, border_runs) save: the same puzzles without them (Yin-Yang's
22×18 given a time limit).

    PYTHONPATH=pysrc python bench/bench_areas.py
"""

from __future__ import annotations

import sys
import time
from unittest import mock

from gridlogic import solver
from gridlogic.budget import Budget
from gridlogic.cnf import shading
from gridlogic.links import import_link

sys.path.insert(0, "tests")
from test_cave import MADE_10, MADE_20, PZPRJS_URL as CAVE  # noqa: E402
from test_yinyang import NOQX_URL, PZPRJS_URL as YINYANG  # noqa: E402

PUZZLES = [CAVE, MADE_10, MADE_20, YINYANG, NOQX_URL]
LIMIT = 60.0               # seconds for a solve without the implied rules


def cpu(url: str, repeat: int = 3, budget=None) -> float:
    """The smallest CPU time of `repeat` solves with uniqueness (import and encoding included); inf when
    the budget ran out."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        imported = import_link(url)
        answer = solver.solve(imported.kind, imported.puzzle, **({"budget": budget} if budget else {}))
        if answer.status == "unknown":
            return float("inf")
        best = min(best, time.process_time() - start)
        assert answer.status == "unique", url
    return best


def main() -> None:
    times = [cpu(url) for url in PUZZLES]
    for url, t in zip(PUZZLES, times):
        print(f"{t:7.3f} s  ×{t / times[0]:8.1f}  {url[:70]}")
    with mock.patch.object(shading, "no_checkerboard", lambda *a: None), \
            mock.patch.object(shading, "border_runs", lambda *a: None):
        for url, t in zip(PUZZLES, times):
            slow = cpu(url, 1, Budget(LIMIT * 1000))
            print(f"without the implied rules {slow:8.3f} s (with {t:.3f} s)  {url[:60]}")


if __name__ == "__main__":
    main()
