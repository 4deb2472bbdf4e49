"""Why no solution: `explain.explain` against the plain way (the solver's core over every clue in the
formula's order, shrunk by deletion with no bound per check: `sat.minimal_conflict`), measured in one run.

Impossible puzzles: every kind's examples with no solution; 8 wrong-digit sudokus (the first sudoku
example with one open cell given a digit that differs from its solution without clashing with a
given, as tests/test_explain.py makes them); the 10 puzzles of the tdoku test set with count 0; the
first sudoku example under variant rules; three 16×16 janko sudokus with one wrong digit; three
webpbn nonograms with one row clue's first number moved to the next row that can spare it; and the
9×9 sudoku of issue 17 under knight + diagonal. Each explanation starts from a new solver (the
solvers kept per shape are dropped first) and has `--budget` seconds. Prints, per case and engine,
seconds and clues for both ways (`budget` when no conflict came in time), the time ratio, and
`not minimal` when the new way could not show its set minimal.

    python bench/bench_conflicts.py [--engine minisat22 --engine cadical195] [--budget 60] [--only NAME]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import explain, session  # noqa: E402
from gridlogic.backends import sat  # noqa: E402
from gridlogic.backends.sat import solvers  # noqa: E402
from gridlogic.budget import Budget, BudgetExceeded  # noqa: E402
from gridlogic.kinds import KINDS, nonogram, sudoku  # noqa: E402
from gridlogic.contract import is_cnf  # noqa: E402
from gridlogic.session import Session  # noqa: E402

CORPUS = ROOT.parents[1] / "shared" / "corpus"
KNIGHT_DIAGONAL = "1635.89..\n..29.4.1.\n4.76315.2\n53.2..761\n671.852..\n..4..6358\n.46.538.9\n.158.2476\n28...7..5"
DIGITS = "123456789ABCDEFG"


def wrong_digit(grid: str, solution: str, n: int, box: int, rng: random.Random) -> str:
    """`grid` with one open cell given a digit other than the solution's that no given in its row,
    column or box already has."""
    cells = list(grid)

    def seen(i: int) -> set[str]:
        r, c = divmod(i, n)
        return {cells[j] for j in range(n * n) if j != i and (j // n == r or j % n == c
                                                             or (j // n // box, j % n // box) == (r // box, c // box))}
    open_cells = [i for i, ch in enumerate(cells) if ch == "." and set(DIGITS[:n]) - seen(i) - {solution[i]}]
    i = rng.choice(open_cells)
    cells[i] = rng.choice(sorted(set(DIGITS[:n]) - seen(i) - {solution[i]}))
    return "\n".join("".join(cells[r * n:r * n + n]) for r in range(n))


def moved_clue(path: Path) -> str:
    """A .non file with its third row clue's first number one more, and the next row clue's first
    number that can spare one one less (the published goal dropped)."""
    lines = [ln for ln in path.read_text().split("\n") if not ln.startswith("goal")]
    k = lines.index("rows") + 3
    numbers = lines[k].split(",")
    numbers[0] = str(int(numbers[0]) + 1)
    lines[k] = ",".join(numbers)
    j = next(j for j in range(k + 1, len(lines))
             if lines[j].split(",")[0].isdigit() and int(lines[j].split(",")[0]) > 1)
    numbers = lines[j].split(",")
    numbers[0] = str(int(numbers[0]) - 1)
    lines[j] = ",".join(numbers)
    return "\n".join(lines)


def cases() -> list[tuple[str, object, object]]:
    """(name, kind, puzzle) for every impossible puzzle measured."""
    out = [(f"{kind.KEY} {ex.name}", kind, kind.parse(ex.text, rules=ex.rules))
           for kind in KINDS if is_cnf(kind) for ex in kind.EXAMPLES if ex.count == 0]
    example = sudoku.EXAMPLES[0]
    for seed in range(8):
        text = wrong_digit(example.text.replace("\n", ""), example.solution.replace("\n", ""), 9, 3,
                           random.Random(seed))
        out.append((f"wrong digit {seed}", sudoku, sudoku.parse(text)))
    for i, line in enumerate(ln for ln in (CORPUS / "sudoku" / "tdoku_test_puzzles_with_counts.txt").read_text()
                             .splitlines() if ln.split(":")[1:2] == ["0"]):
        out.append((f"tdoku count 0 #{i + 1}", sudoku, sudoku.parse(line.split(":")[0])))
    for rules in (("miracle",), ("knight",), ("king",), ("nonconsecutive",), ("knight", "diagonal"),
                  ("king", "diagonal")):
        out.append((f"{example.name} + {'+'.join(rules)}", sudoku, sudoku.parse(example.text, rules=rules)))
    janko = [ln.split() for ln in (CORPUS / "sudoku" / "janko_sudoku_9x9_16x16_with_solutions.txt").read_text()
             .splitlines() if not ln.startswith("#") and ln.split()[1] == "16"]
    for seed, (name, _, grid, solution) in enumerate(janko[:3]):
        out.append((f"janko {name} wrong digit", sudoku, sudoku.parse(wrong_digit(grid, solution, 16, 4,
                                                                                  random.Random(seed)))))
    for name in ("webpbn-00016", "webpbn-00065", "webpbn-00436"):
        out.append((f"{name} moved clue", nonogram,
                    nonogram.parse(moved_clue(CORPUS / "nonogram" / "webpbn_survey_non" / f"{name}.non"))))
    out.append(("issue 17: knight + diagonal", sudoku, sudoku.parse(KNIGHT_DIAGONAL, rules=("knight", "diagonal"))))
    return out


def timed(ask, budget_s: float) -> tuple[float, int | None, bool]:
    """Seconds, clues (None when the budget ran out first) and minimal, from a new solver."""
    solvers.SESSIONS = solvers.SessionCache()
    start = time.monotonic()
    try:
        clues, minimal = ask(Budget(budget_s * 1000))
    except BudgetExceeded:
        return time.monotonic() - start, None, False
    return time.monotonic() - start, clues, minimal


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", action="append", help="engines (default: minisat22 and cadical195)")
    parser.add_argument("--budget", type=float, default=60, help="seconds per explanation")
    parser.add_argument("--only", default="", help="cases whose name contains this")
    args = parser.parse_args()
    for engine in args.engine or ["minisat22", "cadical195"]:
        print(f"{engine}:\n  {'case':40s} {'plain':>15s} {'explain':>15s} {'ratio':>6s}")
        for name, kind, puzzle in cases():
            if args.only not in name:
                continue

            def plain(budget: Budget) -> tuple[int, bool]:
                formula = session.encode_within(kind, puzzle, budget, exact_clues=True)
                return len(sat.minimal_conflict(formula, engine, budget)), True

            def new(budget: Budget) -> tuple[int, bool]:
                found = explain.explain(Session(kind, puzzle, engine=engine, budget=budget))
                return len(found.clues), found.minimal

            said = []
            for way in (plain, new):
                seconds, clues, minimal = timed(way, args.budget)
                said.append((seconds, clues, minimal))
            (t0, c0, _), (t1, c1, m1) = said
            show = lambda t, c: f"{t:6.2f} s {c:4d}" if c is not None else f"{t:6.2f} s budget"  # noqa: E731
            print(f"  {name:40s} {show(t0, c0):>15s} {show(t1, c1):>15s} {t1 / max(t0, 1e-3):6.2f}"
                  + ("" if m1 or c1 is None else "  not minimal"), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
