"""New puzzles in the page: the `generate` op asked of the built site in Debian's Chromium (the round trip
page → worker → api → page, as the New puzzle control asks it) beside CPython's api.handle on the same
requests in this same run. The same seed must give the same puzzle on both sides (checked). Prints, per
kind, size and level, the median wall seconds in the page, CPython's median CPU seconds, and the ratio.

    .venv/bin/python bench/bench_generate_page.py [--seeds N] [--only kakuro,binary]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_explain_page import built_site, cpython, ready_page, serve

CASES = (("sudoku", 9, "easy"), ("sudoku", 9, "medium"), ("sudoku", 9, "hard"), ("sudoku", 9, "fiendish"),
         ("sudoku", 16, "easy"), ("nonogram", 20, "easy"),
         # walk-rated (reasons as first cores): the page's CaDiCaL must make CPython's puzzle too
         ("binary", 8, "medium"), ("futoshiki", 6, "hard"), ("puzlogic", 6, "medium"), ("sudoku+killer", 6, "easy"),
         ("sudoku+killer", 9, "medium"), ("kakuro", 8, "medium"), ("kakuro", 10, "hard"), ("kakuro", 12, "easy"))
BUDGET_MS = 60_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--only", help="comma-separated kinds (as in CASES: sudoku+killer) to run alone")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    url, server = serve(built_site())
    with sync_playwright() as p:
        browser, page = ready_page(p, url)
        print(f"{'kind':13} {'size':>5} {'level':9} {'page s':>7} {'max':>6} {'CPython s':>10} {'ratio':>6}")
        for name, size, level in CASES:
            if args.only and name not in args.only.split(","):
                continue
            walls, cpus = [], []
            kind, *families = name.split("+")             # "sudoku+killer": the constraint families asked
            for seed in range(1, args.seeds + 1):
                request = {"op": "generate", "kind": kind, "rows": size, "difficulty": level, "seed": seed,
                           "constraints": families, "budget_ms": BUDGET_MS}
                start = time.perf_counter()
                inside = page.evaluate("(request) => window.gridlogic.request(request)", request)["result"]
                walls.append(time.perf_counter() - start)
                cpu, here = cpython(request)
                cpus.append(cpu)
                assert inside["status"] == here["status"] == "generated", (inside.get("status"), here.get("status"))
                assert inside["text"] == here["text"], f"seed {seed}: the page made another puzzle"
            wall, cpu = statistics.median(walls), statistics.median(cpus)
            print(f"{name:13} {size:5} {level:9} {wall:7.2f} {max(walls):6.2f} {cpu:10.3f} {wall / cpu:6.1f}")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
