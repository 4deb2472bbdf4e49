"""Nonogram benchmark: survey puzzles (solve + decide uniqueness) and the 300 TAAI 25×25 puzzles.

Usage: python bench/bench_nonogram.py [--engines minisat22,glucose4,cadical195] [--limit 60]
                                      [--taai-step 1] [--survey-only | --taai-only | --guess-only]

Every survey puzzle runs in a child process with a wall-clock limit (Knotty and Faase are hard);
times are end to end as `gridlogic.solver.solve` reports them (line solving, encoding, solver
construction, first and second solution). Also measures the line-solving presolve: the same
puzzles encoded with and without it, and the symmetric guess (nonogram/encoding.py's symmetric_formula): the
hard survey puzzles with and without it, CPU seconds of the child and wall seconds, in one run.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import solver  # noqa: E402
from gridlogic.backends import sat  # noqa: E402
from gridlogic.formula import Formula  # noqa: E402
from gridlogic.kinds import nonogram  # noqa: E402
from gridlogic.kinds.nonogram.encoding import symmetries  # noqa: E402
from gridlogic.kinds.nonogram.formats import read_taai  # noqa: E402
from gridlogic.kinds.nonogram.lines import line_solve  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "nonogram"


def _solve_child(text: str, engine: str, presolve: bool, queue, guess: bool = True) -> None:
    if not guess:
        nonogram.GUESS_OPEN_CELLS = float("inf")        # (encode reads it in the kind's module)
    puzzle = nonogram.parse(text)
    start, cpu = time.perf_counter(), time.process_time()
    f = Formula()
    nonogram.encode(puzzle, f, presolve=presolve)
    models, found, complete = sat.enumerate_models(f, 2, engine=engine)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    sols = [nonogram.decode(puzzle, m) for m in models]
    ok = all(nonogram.check(puzzle, s) == [] for s in sols) and len(set(sols)) == len(sols)
    status = "none" if not found else "unique" if found == 1 and complete else "multiple"
    queue.put((elapsed, status, ok, f.top, len(f.clauses), cpu))


def timed(text: str, engine: str, limit: float, presolve: bool = True, guess: bool = True):
    """(seconds, status, all solutions checked and distinct, vars, clauses, CPU seconds) or None
    after `limit` seconds."""
    queue = mp.Queue()
    child = mp.Process(target=_solve_child, args=(text, engine, presolve, queue, guess))
    child.start()
    child.join(limit)
    if child.is_alive():
        child.terminate()
        child.join()
        return None
    return queue.get()


def bench_survey(engines: list[str], limit: float) -> None:
    files = sorted((CORPUS / "webpbn_survey_non").glob("*.non"))
    print(f"survey ({len(files)} puzzles), seconds to solve and decide uniqueness, limit {limit:.0f} s")
    print(f"{'puzzle':20s} {'size':>6s} " + " ".join(f"{e:>12s}" for e in engines) + "  status")
    totals = {e: 0.0 for e in engines}
    for path in files:
        text = path.read_text(encoding="utf-8")
        puzzle = nonogram.parse(text)
        cells, status = [], "?"
        for engine in engines:
            result = timed(text, engine, limit)
            if result is None:
                cells.append(f">{limit:.0f}")
                totals[engine] += limit
                continue
            elapsed, status, ok, *_ = result
            assert ok, (path.name, engine)
            totals[engine] += elapsed
            cells.append(f"{elapsed:.3f}")
        print(f"{path.stem:20s} {puzzle.width:>3d}x{puzzle.height:<3d}"
              + " ".join(f"{c:>12s}" for c in cells) + f"  {status}", flush=True)
    print(f"{'total (timeouts at limit)':27s}" + " ".join(f"{totals[e]:12.2f}" for e in engines))


def _taai_puzzles(step: int):
    out = []
    for name in ("taai2011", "tcga2016", "icga2017"):
        text = (CORPUS / "taai_tournament" / f"{name}_first100_questions.txt").read_text()
        out += [(f"{name}/{label}", p) for label, p in read_taai(text)[::step]]
    return out


def bench_taai(engines: list[str], step: int) -> None:
    puzzles = _taai_puzzles(step)
    print(f"\nTAAI/TCGA/ICGA 25×25: {len(puzzles)} puzzles, ms per puzzle (solve + uniqueness)")
    for engine in engines:
        times, statuses = [], {}
        for label, puzzle in puzzles:
            start = time.perf_counter()
            answer = solver.solve(nonogram, puzzle, engine=engine)
            times.append(((time.perf_counter() - start) * 1000, label))
            statuses[answer.status] = statuses.get(answer.status, 0) + 1
            assert all(nonogram.check(puzzle, s) == [] for s in answer.solutions), label
        ms = sorted(t for t, _ in times)
        worst = max(times)
        print(f"  {engine:12s} median {statistics.median(ms):6.1f}  mean {statistics.mean(ms):6.1f}  "
              f"max {worst[0]:7.1f} ({worst[1]})  total {sum(ms) / 1000:6.2f} s  {statuses}", flush=True)


def bench_presolve(engine: str, step: int, limit: float) -> None:
    print(f"\nline-solving presolve on/off ({engine}): seconds, vars, clauses")
    cases = [(p.stem, p.read_text()) for p in sorted((CORPUS / "webpbn_survey_non").glob("webpbn-0*.non"))]
    for name, text in cases:
        row = []
        for presolve in (True, False):
            result = timed(text, engine, limit, presolve)
            row.append("timeout" if result is None else f"{result[0]:.3f}s {result[3]:>7d}v {result[4]:>8d}c")
        print(f"  {name:16s} on: {row[0]:32s} off: {row[1]}", flush=True)
    for presolve in (True, False):
        ms = []
        for _, puzzle in _taai_puzzles(step):
            start = time.perf_counter()
            f = Formula()
            nonogram.encode(puzzle, f, presolve=presolve)
            sat.enumerate_models(f, 2, engine=engine)
            ms.append((time.perf_counter() - start) * 1000)
        print(f"  TAAI presolve={'on ' if presolve else 'off'} median {statistics.median(ms):6.1f} ms  "
              f"max {max(ms):7.1f} ms", flush=True)


def bench_guess(engines: list[str], limit: float) -> None:
    print(f"\nsymmetric guess on/off: CPU s (wall s) to solve and decide uniqueness, limit {limit:.0f} s")
    for name in ("knotty", "faase", "webpbn-00065"):
        text = (CORPUS / "webpbn_survey_non" / f"{name}.non").read_text(encoding="utf-8")
        puzzle = nonogram.parse(text)
        known = line_solve(puzzle) or {}
        print(f"  {name} {puzzle.width}x{puzzle.height}: {puzzle.width * puzzle.height - len(known)} cells open "
              f"after line solving, {len(symmetries(puzzle))} symmetries of the clues")
        for engine in engines:
            row = []
            for guess in (True, False):
                result = timed(text, engine, limit, guess=guess)
                if result is None:
                    row.append(f"{'>' + format(limit, '.0f'):>8s}")
                    continue
                assert result[2], (name, engine, guess)
                row.append(f"{result[5]:8.2f} ({result[0]:.2f}) {result[1]}")
            print(f"    {engine:12s} guess: {row[0]:28s} no guess: {row[1]}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="minisat22,glucose4,cadical195,maplechrono")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per survey puzzle")
    parser.add_argument("--taai-step", type=int, default=1, help="take every n-th TAAI puzzle")
    parser.add_argument("--survey-only", action="store_true")
    parser.add_argument("--taai-only", action="store_true")
    parser.add_argument("--no-presolve-check", action="store_true")
    parser.add_argument("--guess-only", action="store_true", help="only the symmetric guess on/off")
    parser.add_argument("--guess-limit", type=float, default=30.0, help="seconds per run there")
    args = parser.parse_args()
    engines = args.engines.split(",")
    print(f"Python {sys.version.split()[0]}; default engine {sat.DEFAULT_ENGINE}")
    if args.guess_only:
        bench_guess(engines, args.guess_limit)
        return
    if not args.taai_only:
        bench_survey(engines, args.limit)
    if not args.survey_only:
        bench_taai(engines, args.taai_step)
    if not args.no_presolve_check:
        bench_presolve(engines[0], max(args.taai_step, 3), args.limit)
    bench_guess(engines, args.guess_limit)


if __name__ == "__main__":
    main()
