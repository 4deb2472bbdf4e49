"""Numberlink's unique/multiple verdict by the least other solution (kinds/numberlink/unique.py, on any size)
against the plain formula's second solution, the kind's solve (the verdict from 100 cells on, else or
where it does not apply the plain formula), and its certain cells (explain.facts: the one solution's where
the verdict says unique, else the backbone), on the real puzzles of bench_paths.py, in one run: CPU
seconds (time.process_time, encoding included) of each, each with no verdict kept from before.

    PYTHONPATH=pysrc python bench/bench_numberlink_verdict.py [--limit S] [--plain-limit S] [--only LABEL]
    PYTHONPATH=pysrc python bench/bench_numberlink_verdict.py --least [--only LABEL] [--options JSON]

The plain side is the kind's formula asked for two models on the kind's engine (CaDiCaL, gridlogic's
options, stray loops cut lazily), as the kind's solve did before the verdict. A run past --limit seconds
(wall clock, default 60; --plain-limit for the plain side) is stopped and shown as such.

With --least, only the verdict's last question, (b) (unique.py: a solution with an empty cell allowing no move),
on each puzzle in its 8 orientations (bench_orientations.py: turned and mirrored), one unbounded call each on
CaDiCaL steered as the kind steers it (unique.steer), unique.LEAST_OPTIONS updated by --options: its answer,
CaDiCaL's conflicts (the same run to run for one clause order, so a change to the clauses or options is measured
without the load's noise) and CPU seconds, and their totals. Its search differs from orientation to orientation
by a fifth or more: compare totals.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from bench_orientations import ORIENTATIONS, orient
from bench_paths import PUZZLES
from gridlogic.backends import sat
from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.cnf.formula import Formula
from gridlogic import explain, solver
from gridlogic.kinds import numberlink
from gridlogic.kinds.numberlink import unique
from gridlogic.links import import_link
from gridlogic.session import Session


def plain(puzzle, budget: Budget) -> str:
    """unique / multiple / none on the kind's formula alone."""
    f = Formula()
    numberlink.encode(puzzle, f)
    models, found, complete = sat.enumerate_models(f, 2, engine=numberlink.SAT_ENGINE, budget=budget)
    for model in models:
        assert not numberlink.check(puzzle, numberlink.decode(puzzle, model)), "the checker refuses a solution"
    return "none" if found == 0 else "unique" if found == 1 and complete else "multiple"


def verdict(puzzle, budget: Budget) -> str:
    """unique / multiple by the verdict, or "not applicable"."""
    found = unique.verdict(numberlink.encode, numberlink.decode, numberlink.check, puzzle, numberlink.SAT_ENGINE,
                           budget)
    if found is None:
        return "not applicable"
    assert all(not numberlink.check(puzzle, s) for s in found), "the checker refuses a solution"
    return "unique" if len(found) == 1 else "multiple"


def facts(puzzle, budget: Budget) -> str:
    """How many certain cells, or "none"."""
    found = explain.facts(Session(numberlink, puzzle, budget=budget))
    return "none" if found is None else str(len(found))


def least(puzzle, options: dict) -> tuple[str, int, float]:
    """(b) alone, one unbounded call: ("none" or "found", CaDiCaL's conflicts, CPU seconds)."""
    f = Formula()
    unique._least(numberlink.encode, puzzle, f)
    unique.with_empty_cell(f, puzzle, unique._free(puzzle))
    start = time.process_time()
    with sat.questions(f, "cadical195", UNLIMITED, new=True) as ask:
        found = unique.ask_least(ask, f, puzzle, "cadical195", options)
        conflicts = ask.solver.accum_stats()["conflicts"]
    return "none" if found is None else "found", conflicts, time.process_time() - start


def least_table(labels: list[str], options: dict) -> None:
    print("| puzzle | (b) per orientation: conflicts | conflicts | CPU s |")
    print("|---|---|---:|---:|")
    for label, url in PUZZLES:
        if label not in labels:
            continue
        text = numberlink.format(import_link(url).puzzle)
        runs = [least(numberlink.parse(orient(text, k)), options) for k in ORIENTATIONS]
        each = ", ".join(f"{c}" + ("" if answer == "none" else f" ({answer})") for answer, c, _ in runs)
        print(f"| {label} | {each} | {sum(c for _, c, _ in runs)} | {sum(s for _, _, s in runs):.2f} |", flush=True)


def timed(run) -> tuple[float, str]:
    numberlink._VERDICTS.clear()
    start = time.process_time()
    try:
        status = run()
    except BudgetExceeded:
        status = "stopped"
    return time.process_time() - start, status


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=60, help="seconds a verdict at most (default: %(default)s)")
    parser.add_argument("--plain-limit", type=float, default=None,
                        help="seconds the plain formula at most (default: --limit)")
    parser.add_argument("--only", default="", help="only the puzzles whose label starts with this")
    parser.add_argument("--least", action="store_true", help="(b) alone over the 8 orientations (see above)")
    parser.add_argument("--options", default="{}", help="CaDiCaL options over unique.LEAST_OPTIONS, as JSON")
    args = parser.parse_args(argv)
    if args.least:
        least_table([label for label, _ in PUZZLES if label.startswith(args.only)],
                    {**unique.LEAST_OPTIONS, **json.loads(args.options)})
        return
    plain_limit = args.limit if args.plain_limit is None else args.plain_limit
    print("| puzzle | plain s | status | verdict s | verdict | ratio | kind's solve s | status | certain cells s | cells |")
    print("|---|---:|---|---:|---|---:|---:|---|---:|---:|")
    for label, url in PUZZLES:
        if not label.startswith(args.only):
            continue
        puzzle = import_link(url).puzzle
        old_s, old = timed(lambda: plain(puzzle, Budget(plain_limit * 1000)))
        new_s, new = timed(lambda: verdict(puzzle, Budget(args.limit * 1000)))
        own_s, own = timed(lambda: solver.solve(numberlink, puzzle, budget=Budget(args.limit * 1000)).status)
        facts_s, certain = timed(lambda: facts(puzzle, Budget(args.limit * 1000)))
        ratio = f"{new_s / old_s:.2f}" if "stopped" not in (old, new) and old_s > 0 else "–"
        print(f"| {label} | {old_s:.2f} | {old} | {new_s:.2f} | {new} | {ratio} | {own_s:.2f} | "
              f"{'stopped' if own == 'unknown' else own} | {facts_s:.2f} | {certain} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
