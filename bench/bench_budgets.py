"""Budget overruns: every op, SAT engine and backend on requests built to outlast their budgets.

Each round picks an op (solve, count, all, facts, explain, symmetry, hint, hint with path, progress),
an engine or backend that can run it and a request that cannot finish in time, gives it a random
budget, times `api.handle` around it and records how far past the budget it answered. Requests
range from small (an empty 9×9 sudoku counted) to large (Faase, a random 100×100 nonogram, an empty
25×25 sudoku through z3), so encoding, loading, search, reading models and writing solutions all
meet the deadline somewhere. Prints the worst overrun per op, engine and backend with the request
that made it, and the worst of all; the promise (docs/api.md, "Budgets") is 1 s.

    .venv/bin/python bench/bench_budgets.py [--minutes 5] [--seed 1] [--budgets 200,500,1000,3000,8000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from gridlogic import api  # noqa: E402
from gridlogic.backends import sat  # noqa: E402
from outlasting import requests, rounds  # noqa: E402


def timed(request: dict) -> tuple[dict, float]:
    start = time.monotonic()
    response = api.handle(request)
    return response, time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budgets", default="200,500,1000,3000,8000", help="budgets drawn from, ms")
    parser.add_argument("--only", default="", help="requests whose op, engine or name contains this")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    budgets = [int(b) for b in args.budgets.split(",")]
    pool = [r for r in rounds(requests()) if args.only in " ".join(r[:3])]
    if not pool:
        print("nothing to run")
        return 0
    print(f"{len(pool)} requests, budgets {budgets} ms, {args.minutes:g} minutes; "
          f"engines {', '.join(sat.BOUNDED_ENGINES)}", flush=True)
    over: dict[tuple[str, str], list[tuple[float, str, int]]] = {}
    errors: list[str] = []
    end = time.monotonic() + args.minutes * 60
    order: list[int] = []
    while time.monotonic() < end:
        if not order:                               # every request once per pass, in a random order
            order = list(range(len(pool)))
            rng.shuffle(order)
        op, where, name, request = pool[order.pop()]
        budget = rng.choice(budgets)
        response, wall = timed({**request, "budget_ms": budget})
        if not response["ok"]:
            errors.append(f"{op} {where} {name}: {response['error']['message'][:200]}")
            continue
        late = wall - budget / 1000
        runs = over.setdefault((op, where), [])
        if late > 0.5 and late > max((x for x, _, _ in runs), default=0):
            print(f"  {op:9s} {where:16s} {name:34s} budget {budget:5d} ms: {late:+.2f} s", flush=True)
        runs.append((late, name, budget))
    report(over, errors)
    return 0


def report(over: dict[tuple[str, str], list[tuple[float, str, int]]], errors: list[str]) -> None:
    print(f"\n{'op':10s} {'engine/backend':16s} {'runs':>5s} {'median':>8s} {'worst':>7s}  worst request")
    worst_all: tuple[float, str] = (float("-inf"), "")
    for (op, where), runs in sorted(over.items()):
        late, name, budget = max(runs)
        median = statistics.median(x for x, _, _ in runs)
        print(f"{op:10s} {where:16s} {len(runs):5d} {median:+8.2f} {late:+7.2f}  {name} ({budget} ms)")
        worst_all = max(worst_all, (late, f"{op} {where} {name} ({budget} ms)"))
    print(f"\nworst overrun: {worst_all[0]:+.2f} s, {worst_all[1]}")
    for line in errors:
        print("error:", line)


if __name__ == "__main__":
    sys.exit(main())
