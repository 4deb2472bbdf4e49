"""Binary puzzles above 20×20: the large grids' encoding against the whole one, measured in one run.

The whole encoding (every pair of lines written out, sequential counters; still used up to 20×20)
is forced onto the same grids as the reference, by setting `encoding.LAZY_ABOVE`. Each case goes
through `api.handle` (solve + a second solution looked for), cold (the size's rules and solver built
in this call) and warm (best of 3 more). Prints, per case, both times, their ratio and whether the
answers agree:
- empty 40×40, 50×50, 60×60 and 100×100 grids (the reference stops at `--budget` seconds, shown as
  `>`), and the empty 100×100 without the first guess (`reference` off: what the phases buy);
- puzzles with givens above 20×20: a solution of a 40×40 and of a 60×60 grid with 60% and 40% of
  its cells kept, and the same with two of its closest rows left open where they differ (the lazy
  rule has to step in);
- the corpus's largest puzzles, 20×20 (puzzle_binairo_com_sample) and 14×14 level 4
  (binarypuzzle_com_sample), whole against large forced on them: why the threshold is 20.

    .venv/bin/python bench/bench_binary.py [--budget 30] [--no-reference]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from gridlogic import api
from gridlogic.kinds.binary import encoding

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "binary"
WHOLE = encoding.LAZY_ABOVE


def use(large: bool) -> None:
    """Every size gets the large grids' encoding, or every size up to 100 the whole one (fresh rules)."""
    encoding.LAZY_ABOVE = 0 if large else 100
    encoding.rules_formula.cache_clear()


def solve(text: str, budget_s: float) -> tuple[float, dict]:
    """Seconds and result of one solve through the API."""
    start = time.perf_counter()
    response = api.handle({"op": "solve", "kind": "binary", "text": text, "budget_ms": int(budget_s * 1000),
                           "render": False})
    return time.perf_counter() - start, response["result"]


def cold_warm(text: str, large: bool, budget_s: float) -> tuple[float, float | None, dict]:
    """Cold seconds, warm seconds (best of 3, None when cold ran out of budget) and the cold result."""
    use(large)
    cold, result = solve(text, budget_s)
    if result["stopped"]:
        return cold, None, result
    warm = min(solve(text, budget_s)[0] for _ in range(3))
    return cold, warm, result


def answer(result: dict) -> str:
    """What must agree between the encodings: the status, or that the budget stopped it."""
    return "budget" if result["stopped"] else result["status"]


def row(name: str, text: str, budget_s: float, reference: bool) -> None:
    """One case: the whole encoding (when `reference`), then the large one, and their ratios."""
    after = cold_warm(text, True, budget_s)
    if not reference:
        print(f"{name:34} large {after[0]:7.3f} / {after[1] or float('nan'):7.3f} s  {answer(after[2])}")
        return
    before = cold_warm(text, False, budget_s)
    mark = ">" if before[2]["stopped"] else " "
    same = "same" if answer(before[2]) in (answer(after[2]), "budget") else "DIFFERENT"
    warm = f"{before[1] / after[1]:7.1f}×" if before[1] and after[1] else "      -"
    print(f"{name:34} whole {mark}{before[0]:7.2f} / {before[1] or float('nan'):7.3f} s   "
          f"large {after[0]:7.3f} / {after[1] or float('nan'):7.3f} s   "
          f"cold {mark}{before[0] / after[0]:7.1f}×  warm {warm}   {answer(after[2])} ({same})")


def with_givens(n: int, keep: float, seed: int, close_rows: bool = False) -> str:
    """A solution of an n×n grid (found from a few random givens) with `keep` of its cells kept; with
    `close_rows`, its two closest rows open where they differ."""
    chance = random.Random(seed)
    use(True)
    while True:
        cells = ["."] * (n * n)
        for i in chance.sample(range(n * n), n):
            cells[i] = str(chance.getrandbits(1))
        _, result = solve("\n".join("".join(cells[r * n:(r + 1) * n]) for r in range(n)), 60)
        if result["solution"]:
            break
    rows = result["solution"].splitlines()
    grid = [[ch if chance.random() < keep else "." for ch in line] for line in rows]
    if close_rows:
        _, i, j = min((sum(a != b for a, b in zip(rows[i], rows[j])), i, j) for i in range(n) for j in range(i))
        for k in range(n):
            open_here = rows[i][k] != rows[j][k]
            grid[i][k] = "." if open_here else rows[i][k]
            grid[j][k] = "." if open_here else rows[j][k]
    return "\n".join("".join(line) for line in grid)


def corpus_set(name: str, size: int, level: str | None) -> list[str]:
    """The corpus puzzles of one file with the given size (and level), as texts."""
    out = []
    for line in (CORPUS / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            n, lvl, _, text, _ = line.split()
            if int(n) == size and (level is None or lvl == level):
                out.append(text)
    return out


def corpus_row(label: str, texts: list[str]) -> None:
    """A corpus set through both encodings: total seconds (cold first puzzle included) and ratio."""
    totals, statuses = {}, {}
    for large in (False, True):
        use(large)
        start = time.perf_counter()
        statuses[large] = [answer(solve(text, 60)[1]) for text in texts]
        totals[large] = time.perf_counter() - start
    same = "same" if statuses[False] == statuses[True] else "DIFFERENT"
    print(f"{label:34} whole {totals[False]:7.3f} s   large {totals[True]:7.3f} s   "
          f"large/whole {totals[True] / totals[False]:5.2f}   ({same} answers, {len(texts)} puzzles)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=30.0, help="seconds each solve may take (the reference's cap)")
    parser.add_argument("--no-reference", action="store_true", help="skip the whole encoding on the large grids")
    args = parser.parse_args()
    reference = not args.no_reference
    print("cold / warm seconds through api.handle (solve + a second solution); ratios whole/large\n")
    for n in (40, 50, 60, 100):
        row(f"empty {n}×{n}", "\n".join(["." * n] * n), args.budget, reference)
    guess = encoding.reference
    encoding.reference = lambda width, height: None
    row("empty 100×100, no first guess", "\n".join(["." * 100] * 100), args.budget, False)
    encoding.reference = guess
    for n in (40, 60):
        for keep in (0.6, 0.4):
            row(f"{n}×{n}, {keep:.0%} of a solution", with_givens(n, keep, n), args.budget, reference)
        row(f"{n}×{n}, 50%, two close rows open", with_givens(n, 0.5, n + 1, close_rows=True), args.budget, reference)
    if CORPUS.exists():
        print()
        corpus_row("corpus 20×20 (puzzle-binairo)", corpus_set("puzzle_binairo_com_sample.txt", 20, None))
        corpus_row("corpus 14×14 level 4 (binarypuzzle)", corpus_set("binarypuzzle_com_sample.txt", 14, "4"))
    else:
        print(f"\ncorpus not found at {CORPUS}: corpus rows skipped")
    encoding.LAZY_ABOVE = WHOLE
    encoding.rules_formula.cache_clear()


if __name__ == "__main__":
    main()
