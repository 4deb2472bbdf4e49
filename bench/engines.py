"""Which SAT engine should be the default? Times each python-sat engine on the same work in one run.

Work per engine (fresh solver cache each time): every puzzle of norvig_top95 and forum_hardest_1106
solved and proven unique, the empty miracle counted (72), the janko 16×16 sudokus, and 100 binary
puzzles of 14×14 and 20×20. Prints seconds per workload and the total relative to the fastest.

    .venv/bin/python bench/engines.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from gridlogic import solver
from gridlogic.backends import sat
from gridlogic.kinds import binary, sudoku

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def lines(*parts: str) -> list[str]:
    """Data lines of a corpus file."""
    text = CORPUS.joinpath(*parts).read_text()
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]


def workloads() -> dict[str, list]:
    """(kind, puzzle, mode) triples per workload name."""
    big_binary = [ln.split()[3] for ln in lines("binary", "puzzle_binairo_com_sample.txt")
                  if ln.split()[0] in ("14", "20")][:100]
    return {
        "top95": [(sudoku, sudoku.parse(ln), "solve") for ln in lines("sudoku", "norvig_top95.txt")],
        "forum1106": [(sudoku, sudoku.parse(ln), "solve") for ln in lines("sudoku", "forum_hardest_1106.txt")],
        "miracle72": [(sudoku, sudoku.parse("." * 81, rules="miracle"), "count")],
        "janko16": [(sudoku, sudoku.parse(ln.split()[2]), "solve")
                    for ln in lines("sudoku", "janko_sudoku_9x9_16x16_with_solutions.txt")],
        "binary14-20": [(binary, binary.parse(t), "solve") for t in big_binary],
    }


def main() -> int:
    """Run every engine over every workload and print the table."""
    work = workloads()
    engines = sys.argv[1:] or list(sat.ENGINES)
    totals = {}
    print(f"{'engine':<12}" + "".join(f"{name:>13}" for name in work) + f"{'total s':>10}")
    for engine in engines:
        sat.SESSIONS = sat.SessionCache()
        sudoku.rules_formula.cache_clear()
        row = []
        for items in work.values():
            start = time.perf_counter()
            for kind, puzzle, mode in items:
                solver.solve(kind, puzzle, mode=mode, engine=engine, limit=1000)
            row.append(time.perf_counter() - start)
        totals[engine] = sum(row)
        print(f"{engine:<12}" + "".join(f"{t:>13.3f}" for t in row) + f"{totals[engine]:>10.3f}")
    best = min(totals, key=totals.get)
    print(f"\nfastest overall: {best} (default is {sat.DEFAULT_ENGINE})")
    for engine, total in sorted(totals.items(), key=lambda kv: kv[1]):
        print(f"  {engine:<12} {total / totals[best]:6.2f}x the fastest")
    return 0


if __name__ == "__main__":
    sys.exit(main())
