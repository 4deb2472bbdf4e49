"""gridlogic against the z3-tutorial reference (bench/z3_reference.py), and corpus timings.

In one run:
- the classic and miracle examples (solve + uniqueness), the empty-miracle count of 72, and a
  14×14 binary puzzle from the corpus: reference seconds, gridlogic seconds cold (fresh process
  state: nothing cached, rules encoded and a solver created for this puzzle) and warm (the steady
  state of a batch or of the browser worker: the shape's rules already encoded and its solver
  already used, on a different puzzle of that shape, never on this one), and the ratios;
- norvig_top95 and forum_hardest_1106, solve + uniqueness proof per puzzle: total, median, max.

    .venv/bin/python bench/bench_core.py [--skip-empty-miracle-reference]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import z3_reference  # noqa: E402

from gridlogic import solver  # noqa: E402
from gridlogic.backends import sat  # noqa: E402
from gridlogic.backends.sat import solvers  # noqa: E402
from gridlogic.kinds import binary, sudoku  # noqa: E402
from gridlogic.kinds.binary import encoding as binary_encoding  # noqa: E402
from gridlogic.kinds.sudoku import encoding as sudoku_encoding  # noqa: E402

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def lines(*parts: str) -> list[str]:
    """Data lines of a corpus file."""
    text = CORPUS.joinpath(*parts).read_text()
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]


def timed(fn, repeat: int = 1, before=None) -> tuple[float, object]:
    """Best wall time of `repeat` calls (each after `before()`, untimed), and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        if before:
            before()
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def fresh_state() -> None:
    """Forget cached rule formulas and solvers (a cold start)."""
    sudoku_encoding.rules_formula.cache_clear()
    binary_encoding.rules_formula.cache_clear()
    solvers.SESSIONS = solvers.SessionCache()


def compare(name: str, kind, text: str, rules: str, mode: str, reference, expected: int, skip_ref: bool,
            primer: str):
    """One row: reference vs gridlogic cold and warm."""
    puzzle = kind.parse(text, rules=rules)
    other = kind.parse(primer, rules=rules)
    fresh_state()
    cold, answer = timed(lambda: solver.solve(kind, puzzle, mode=mode, limit=1000))

    def primed() -> None:      # a new solver that has solved a different puzzle of the same shape
        solvers.SESSIONS = solvers.SessionCache()
        solver.solve(kind, other, mode="solve")

    warm, answer = timed(lambda: solver.solve(kind, puzzle, mode=mode, limit=1000), repeat=5, before=primed)
    found = answer.count if mode == "count" else len(answer.solutions)
    assert found == expected and all(kind.check(puzzle, s) == [] for s in answer.solutions)
    if skip_ref:
        print(f"{name:<16} {'(skipped)':>10} {cold * 1e3:>10.2f} {warm * 1e3:>10.2f}")
        return
    ref, ref_solutions = timed(reference)
    assert len(ref_solutions) == expected, (name, len(ref_solutions))
    print(f"{name:<16} {ref * 1e3:>10.1f} {cold * 1e3:>10.2f} {warm * 1e3:>10.2f} "
          f"{ref / cold:>10.0f}x {ref / warm:>10.0f}x")


def corpus_timing(name: str) -> None:
    """Solve + uniqueness for every puzzle of a set (rules cached after the first)."""
    times = []
    for line in lines("sudoku", name):
        puzzle = sudoku.parse(line)
        t, answer = timed(lambda: solver.solve(sudoku, puzzle))
        assert answer.status == "unique"
        times.append(t * 1e3)
    print(f"{name:<26} {len(times):>5} {sum(times) / 1e3:>9.3f} s {statistics.median(times):>9.3f} "
          f"{max(times):>9.2f}")


def main() -> int:
    """Print both tables."""
    skip_empty = "--skip-empty-miracle-reference" in sys.argv
    print(f"engine: {sat.engine_name()}")
    print(f"{'case':<16} {'z3 ref ms':>10} {'cold ms':>10} {'warm ms':>10} {'ref/cold':>11} {'ref/warm':>11}")
    classic, miracle, empty = sudoku.EXAMPLES[0], sudoku.EXAMPLES[1], sudoku.EXAMPLES[2]
    for ex, mode, expected, skip in ((classic, "solve", 1, False), (miracle, "solve", 1, False),
                                     (empty, "count", 72, skip_empty)):
        p = sudoku.parse(ex.text, rules=ex.rules)
        limit = 2 if mode == "solve" else 1000
        primer = miracle.text if ex is empty else "." * 81
        compare(ex.name, sudoku, ex.text, ",".join(ex.rules), mode,
                lambda p=p, limit=limit: z3_reference.sudoku(list(p.givens), p.size, p.box, p.rules, limit),
                expected, skip, primer)
    b14 = next(ln.split()[3] for ln in lines("binary", "binarypuzzle_com_sample.txt") if ln.split()[0] == "14")
    bp = binary.parse(b14)
    compare("binary 14x14", binary, b14, "", "solve",
            lambda: z3_reference.binary(list(bp.givens), bp.width, bp.height, 2), 1, False, "." * 196)
    print(f"\n{'set (solve + uniqueness)':<26} {'n':>5} {'total':>11} {'median ms':>9} {'max ms':>9}")
    fresh_state()
    for name in ("norvig_top95.txt", "forum_hardest_1106.txt"):
        corpus_timing(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
