"""Sudoku solve + uniqueness through `api.handle`, against the bare CNF and against tdoku, in one run.

Per corpus set (norvig_top95, forum_hardest_1106, magictour_top1465), each puzzle solved and proven
unique (a second solution looked for):
- "bare CNF": one MiniSat loaded once with the very clauses gridlogic's sudoku base holds, givens as
  assumptions, the second solution looked for under a blocking clause that a fresh selector switches
  off afterwards (the solver built again every 500 selectors, as gridlogic's is); no parsing, no
  formatting, no JSON. The floor for gridlogic's own work.
- "api": `api.handle({"op": "solve", "kind": "sudoku", "text": ...})` as the CLI and the page call it
  (the default `render: true`), and again with `render: false`.
- "tdoku" (C++, SIMD): the whole set in one process, its own solve timer, when a path to its
  command-line driver is given (`--tdoku PATH`, or the environment variable GRIDLOGIC_TDOKU; skipped
  with a message when absent); the fastest of 5 runs. The driver prints `<puzzle>:<count>:<solution>:<STATUS>` per line.
Every answer is checked: the same solution from all, status unique. Ratios are api / bare CNF and
api / tdoku, from this run. Times are this process's CPU seconds (`time.process_time`: steadier than
wall time on a shared machine, and the work is single-threaded); tdoku's are its own solve timer.

    python bench/bench_sudoku.py [--sets a,b] [--limit N] [--tdoku PATH] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from pysat.solvers import Solver  # noqa: E402

from gridlogic import api  # noqa: E402
from gridlogic.kinds import sudoku  # noqa: E402
from gridlogic.kinds.sudoku.encoding import rules_formula  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "sudoku"
SETS = ("norvig_top95", "forum_hardest_1106", "magictour_top1465")
TDOKU = os.environ.get("GRIDLOGIC_TDOKU")
WARM = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."   # norvig_easy50's first


def puzzles(name: str, limit: int | None) -> list[str]:
    """The 81-character puzzles of a corpus file ('.' for blanks)."""
    out = []
    for line in (CORPUS / f"{name}.txt").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            cells = re.sub(r"[^0-9.]", "", line.split(":")[0])[:81].replace("0", ".")
            if len(cells) == 81:
                out.append(cells)
    return out[:limit]


def as_text(cells: str) -> str:
    return "\n".join(cells[r * 9:r * 9 + 9] for r in range(9))


class BareCnf:
    """The sudoku base clauses in one MiniSat, givens as assumptions."""

    def __init__(self) -> None:
        self.base = rules_formula(9, (3, 3), ())
        self.solver = Solver(name="minisat22", bootstrap_with=self.base.clauses)
        self.shown = list(self.base.shown)
        self.var = {self.base.key_of(v): v for v in self.shown}
        self.top = self.base.top

    def solve(self, cells: str) -> tuple[str, str]:
        """(status, solution as 81 digits)."""
        givens = [self.var[("digit", i // 9, i % 9, int(ch))] for i, ch in enumerate(cells) if ch != "."]
        if not self.solver.solve(assumptions=givens):
            return "none", ""
        model = self.solver.get_model()
        true = [v for v in self.shown if model[v - 1] > 0]
        if self.top - self.base.top >= 500:             # as gridlogic does: a model lists every selector
            self.solver.delete()
            self.solver = Solver(name="minisat22", bootstrap_with=self.base.clauses)
            self.top = self.base.top
        self.top += 1
        selector = self.top
        self.solver.add_clause([-v for v in true] + [-selector])
        second = self.solver.solve(assumptions=givens + [selector])
        self.solver.add_clause([-selector])
        digits = {self.base.key_of(v)[1:3]: self.base.key_of(v)[3] for v in true}
        solution = "".join(str(digits[divmod(i, 9)]) for i in range(81))
        return ("multiple" if second else "unique"), solution


def api_solve(cells: str, render: bool) -> tuple[str, str]:
    result = api.handle({"op": "solve", "kind": "sudoku", "text": as_text(cells), "render": render})["result"]
    return result["status"], (result["solution"] or "").replace("\n", "")


def run_each(cells_list: list[str], warm: str, profile: cProfile.Profile | None = None) -> dict:
    """The set through the bare CNF, the API and the API without boards, each from a fresh solver warmed
    on `warm` (a puzzle of another set: the API's base is cached and its solver used, never on these),
    the three runs twice in the order A B C C B A (a busy moment of the machine falls on all alike);
    the smaller of each run's two totals, and its answers."""
    from gridlogic.backends.sat import solvers

    def bare_run():
        bare = BareCnf()
        bare.solve(warm)
        return lambda cells: bare.solve(cells)

    def api_run(render: bool):
        def start():
            solvers.SESSIONS = solvers.SessionCache()
            api_solve(warm, render)
            return lambda cells: api_solve(cells, render)
        return start

    runs = {"bare": bare_run, "api": api_run(True), "plain": api_run(False)}
    spent = dict.fromkeys(runs, float("inf"))
    answers: dict[str, list] = {}
    for name in [*runs, *reversed(runs)]:
        solve = runs[name]()
        if profile and name == "api":
            profile.enable()
        begin = time.process_time()
        answers[name] = [solve(cells) for cells in cells_list]
        spent[name] = min(spent[name], time.process_time() - begin)
        if profile and name == "api":
            profile.disable()
            profile = None
    return {"spent": spent, "answers": answers}


def run_tdoku(path: Path, cells_list: list[str]) -> tuple[float, list[tuple[str, str]]] | None:
    """tdoku's own solve time for the whole set (from its summary line), and its answers."""
    done = subprocess.run([str(path)], input="\n".join(cells_list) + "\n", capture_output=True, text=True,
                          check=True)
    out = []
    for line in done.stdout.splitlines():
        puzzle, _, solution, status = line.split(":")
        out.append((status.lower(), solution))
    match = re.search(r"solve_time=([0-9.]+)s", done.stderr)
    return (float(match.group(1)) if match else float("nan")), out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--limit", type=int)
    parser.add_argument("--tdoku", type=Path, default=TDOKU and Path(TDOKU),
                        help="tdoku's command-line driver (default: $GRIDLOGIC_TDOKU)")
    parser.add_argument("--profile", action="store_true", help="profile the api run of the first set")
    args = parser.parse_args()
    if not CORPUS.exists():
        print(f"no corpus at {CORPUS}: skipped")
        return 0
    have_tdoku = args.tdoku is not None and args.tdoku.exists()
    if not have_tdoku:
        print(f"tdoku not found at {args.tdoku}: its column is skipped" if args.tdoku else
              "tdoku not given (--tdoku PATH or GRIDLOGIC_TDOKU): its column is skipped")
    print(f"{'set':22} {'n':>5} {'bare CNF s':>10} {'api s':>8} {'api/bare':>8} {'no render s':>11} "
          f"{'/bare':>6} {'tdoku s':>8} {'api/tdoku':>9}")
    for name in args.sets.split(","):
        cells_list = puzzles(name, args.limit)
        profile = cProfile.Profile() if args.profile and name == args.sets.split(",")[0] else None
        run = run_each(cells_list, WARM, profile)
        if profile:
            pstats.Stats(profile).sort_stats("tottime").print_stats(16)
        spent, answers = run["spent"], run["answers"]
        assert answers["api"] == answers["bare"] == answers["plain"], f"{name}: the answers differ"
        assert all(status == "unique" for status, _ in answers["api"]), name
        bare_s, api_s, plain_s = spent["bare"], spent["api"], spent["plain"]
        row = (f"{name:22} {len(cells_list):5} {bare_s:10.3f} {api_s:8.3f} {api_s / bare_s:7.2f}x "
               f"{plain_s:11.3f} {plain_s / bare_s:5.2f}x")
        if have_tdoku:                                  # its fastest of 5 runs: its timer is short and noisy
            tdoku_s, found = min((run_tdoku(args.tdoku, cells_list) for _ in range(5)), key=lambda r: r[0])
            assert [s for _, s in found] == [s for _, s in answers["api"]], f"{name}: tdoku's solutions differ"
            row += f" {tdoku_s:8.3f} {api_s / tdoku_s:8.1f}x"
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
