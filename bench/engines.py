"""Which SAT engine for which kind and size? Times each python-sat engine on the same work in one run.

Every CNF kind's corpus, in size bands (a band is the unit the engine choice is made on): each puzzle
solved and its uniqueness decided through `solver.solve` (counting for the empty miracle sudoku),
from a fresh solver cache per engine and band. Prints CPU seconds of this process per band and
engine (a SAT call runs here, so CPU time is its time, steadier than wall time on a shared
machine), the fastest per band, and how many puzzles ran out of the per-puzzle budget (`--budget`,
counted at the budget). Answers are compared between engines: the status must agree.

    .venv/bin/python bench/engines.py [--engines minisat22,cadical195] [--budget 20] [--only nonogram]

Lingeling and Glucose 4 are left out: a budget cannot stop them (backends/sat/engines.py, BOUNDED_ENGINES).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from gridlogic import solver
from gridlogic.backends import sat
from gridlogic.backends.sat import solvers
from gridlogic.budget import Budget
from gridlogic.kinds import binary, futoshiki, kakuro, nonogram, puzlogic, sudoku
from gridlogic.kinds.binary import encoding as binary_encoding
from gridlogic.kinds.sudoku import encoding as sudoku_encoding
from gridlogic.kinds.nonogram.formats import read_taai

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
HARD_NONOGRAMS = ("knotty.non", "faase.non")     # minutes with any engine: bench_nonogram.py has them


def lines(*parts: str) -> list[str]:
    """Data lines of a corpus file."""
    text = CORPUS.joinpath(*parts).read_text()
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]


def kakuro_blocks(name: str) -> list[str]:
    """Problem texts of a corpus/kakuro file (`=== id url`, problem, `--- solution`, solution)."""
    text = CORPUS.joinpath("kakuro", name).read_text()
    return [block.split("\n", 1)[1].split("--- solution")[0] for block in ("\n" + text).split("\n=== ")[1:]]


def puzlogic_levels() -> list[str]:
    """Each level's block (from `level N` to `end`) of the corpus."""
    text = CORPUS.joinpath("puzlogic", "puzlogic_levels.txt").read_text()
    out, block = [], None
    for ln in text.splitlines():
        if ln.startswith("level "):
            block = [ln]
        elif block is not None:
            block.append(ln)
            if ln.strip() == "end":
                out.append("\n".join(block))
                block = None
    return out


def nonograms(folder: str, small: bool) -> list:
    """The folder's .non puzzles with at most (small) or more than 30×30 = 900 cells."""
    out = []
    for path in sorted(CORPUS.joinpath("nonogram", folder).glob("*.non")):
        if path.name in HARD_NONOGRAMS:
            continue
        p = nonogram.parse(path.read_text())
        if (p.width * p.height <= 900) == small:
            out.append(p)
    return out


def workloads() -> dict[str, tuple[object, list, str]]:
    """Band name -> (kind, puzzles, mode)."""
    binairo = [ln.split() for ln in lines("binary", "puzzle_binairo_com_sample.txt")]
    taai = read_taai(CORPUS.joinpath("nonogram", "taai_tournament",
                                              "taai2011_first100_questions.txt").read_text())
    survey = ("webpbn_survey_non", "mikix_nonogram_db", "janko_via_puzzlekit")
    return {
        "sudoku 9x9 top95": (sudoku, [sudoku.parse(t) for t in lines("sudoku", "norvig_top95.txt")], "solve"),
        "sudoku 9x9 forum": (sudoku, [sudoku.parse(t) for t in lines("sudoku", "forum_hardest_1106.txt")[:300]],
                             "solve"),
        "sudoku 16x16": (sudoku, [sudoku.parse(ln.split()[2]) for ln in
                                  lines("sudoku", "janko_sudoku_9x9_16x16_with_solutions.txt")
                                  if len(ln.split()[2]) == 256], "solve"),
        "sudoku miracle count": (sudoku, [sudoku.parse("." * 81, rules="miracle")], "count"),
        "binary <=14": (binary, [binary.parse(ln.split()[3]) for ln in
                                 lines("binary", "binarypuzzle_com_sample.txt")[::5]],
                        "solve"),
        "binary 20x20": (binary, [binary.parse(b[3]) for b in binairo if b[0] == "20"][:100], "solve"),
        "binary empty 40-100": (binary, [binary.parse("\n".join(["." * n] * n)) for n in (40, 60, 100)], "solve"),
        "nonogram <=30x30": (nonogram, [p for f in survey for p in nonograms(f, True)], "solve"),
        "nonogram 25x25 taai": (nonogram, [p for _, p in taai[:50]], "solve"),
        "nonogram >30x30": (nonogram, [p for f in survey for p in nonograms(f, False)], "solve"),
        "kakuro janko first 50": (kakuro, [kakuro.parse(t) for t in kakuro_blocks("janko_kakuro_first200.txt")[:50]],
                                  "solve"),
        "kakuro janko largest": (kakuro, [kakuro.parse(t) for t in kakuro_blocks("janko_kakuro_largest10.txt")],
                                 "solve"),
        "puzlogic levels": (puzlogic, [puzlogic.parse(t) for t in puzlogic_levels()], "solve"),
        "futoshiki examples": (futoshiki, [futoshiki.parse(e.text, rules=e.rules) for e in futoshiki.EXAMPLES],
                               "count"),
    }


def run(kind, puzzles: list, mode: str, engine: str, budget_s: float) -> tuple[float, list[str], int]:
    """CPU seconds over the band (a stopped puzzle counts at the budget), statuses, puzzles stopped."""
    solvers.SESSIONS = solvers.SessionCache()
    for cached in (sudoku_encoding.rules_formula, binary_encoding.rules_formula):
        cached.cache_clear()
    total, statuses, stopped = 0.0, [], 0
    for puzzle in puzzles:
        start = time.process_time()
        answer = solver.solve(kind, puzzle, mode=mode, engine=engine, limit=1000,
                              budget=Budget(int(budget_s * 1000)))
        spent = time.process_time() - start
        if answer.stopped:
            stopped += 1
            spent = max(spent, budget_s)
        total += spent
        statuses.append("stopped" if answer.stopped else f"{answer.status}:{answer.count}")
    return total, statuses, stopped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engines", default=",".join(e for e in sat.BOUNDED_ENGINES))
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per puzzle")
    parser.add_argument("--only", default="", help="bands whose name contains this")
    args = parser.parse_args()
    if not CORPUS.is_dir():
        print(f"corpus not found at {CORPUS}: nothing to measure")
        return 0
    engines = args.engines.split(",")
    print(f"{'band':<24}{'n':>5}" + "".join(f"{e:>13}" for e in engines) + "   fastest (x next)   stopped")
    for band, (kind, puzzles, mode) in workloads().items():
        if args.only not in band:
            continue
        times, answers, stops = {}, {}, {}
        for engine in engines:
            times[engine], answers[engine], stops[engine] = run(kind, puzzles, mode, engine, args.budget)
        ranked = sorted(engines, key=times.get)
        agree = all(a == b or "stopped" in (a, b) for e in engines
                    for a, b in zip(answers[engines[0]], answers[e]))
        ratio = times[ranked[1]] / max(times[ranked[0]], 1e-9) if len(ranked) > 1 else 1.0
        stopped = ", ".join(f"{e} {n}" for e, n in stops.items() if n)
        print(f"{band:<24}{len(puzzles):>5}" + "".join(f"{times[e]:>13.3f}" for e in engines)
              + f"   {ranked[0]} ({ratio:.2f}x)   {stopped or '-'}" + ("" if agree else "   ANSWERS DIFFER"),
              flush=True)
    print(f"\ndefault engine here: {sat.DEFAULT_ENGINE}; CPU seconds per band, budget {args.budget:.0f} s a puzzle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
