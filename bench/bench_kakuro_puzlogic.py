"""Kakuro and Puzlogic timings on CPython, all measured in one run.

- kakuro, janko_kakuro_first200: solve + uniqueness proof per puzzle (parse excluded): total,
  median, max, on the default SAT engine; the first 20 also on smt (z3), with the ratio;
- kakuro, janko_kakuro_largest10: each puzzle, solve + uniqueness, split into encoding and
  solving, with its size and formula size (goal: under 1 s each);
- the same 10 on each SAT engine (`--engines`);
- puzlogic, the six corpus levels and the kind's examples: solve + uniqueness on sat and smt;
- with `--pyodide SITE`: the same sets inside Pyodide under Node (the page's runtime, through
  tests/node/run_api.mjs and a built site whose wheel has these kinds), after one warm-up solve.

    .venv/bin/python bench/bench_kakuro_puzlogic.py [--engines] [--pyodide site]
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gridlogic import backends, solver
from gridlogic.backends import sat
from gridlogic.kinds import kakuro, puzlogic
from gridlogic.kinds.kakuro.grid import WHITE

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"


def kakuro_blocks(name: str) -> list[tuple[str, str, str]]:
    """(id, problem, published solution) per block of a corpus/kakuro file."""
    text = CORPUS.joinpath("kakuro", name).read_text()
    out = []
    for block in ("\n" + text).split("\n=== ")[1:]:
        head, body = block.split("\n", 1)
        problem, solution = body.split("--- solution")
        out.append((head.split()[0], problem, solution))
    return out


def puzlogic_levels() -> list[tuple[str, str]]:
    """(level name, block) per level of corpus/puzlogic/puzlogic_levels.txt."""
    text = CORPUS.joinpath("puzlogic", "puzlogic_levels.txt").read_text()
    return [("level " + b.split()[0], "level " + b) for b in ("\n" + text).split("\nlevel ")[1:]]


def timed(fn):
    """Wall time in ms and the result."""
    start = time.perf_counter()
    result = fn()
    return (time.perf_counter() - start) * 1e3, result


def summary(label: str, times: list[float]) -> None:
    print(f"{label:<34} {len(times):>4} {sum(times) / 1e3:>9.3f} s {statistics.median(times):>9.2f} "
          f"{max(times):>9.2f}")


def kakuro_set(name: str, backend: str = "sat", first: int | None = None) -> list[float]:
    """Solve + uniqueness per puzzle; checks each answer against the published solution."""
    times = []
    for ident, problem, published in kakuro_blocks(name)[:first]:
        puzzle = kakuro.parse(problem)
        ms, answer = timed(lambda: solver.solve(kakuro, puzzle, backend=backend))
        expected = kakuro.parse_solution(puzzle, published)
        assert answer.solution == expected or answer.status == "multiple", ident
        assert kakuro.check(puzzle, answer.solution) == [], ident
        times.append(ms)
    return times


def largest(engine: str | None = None, verbose: bool = True) -> list[float]:
    """Each of the 10 largest: encode and total (solve + uniqueness) time."""
    times = []
    for ident, problem, _ in kakuro_blocks("janko_kakuro_largest10.txt"):
        puzzle = kakuro.parse(problem)
        enc_ms, formula = timed(lambda: solver.encode(kakuro, puzzle))
        ms, answer = timed(lambda: solver.solve(kakuro, puzzle, engine=engine))
        assert kakuro.check(puzzle, answer.solution) == []
        times.append(ms)
        if verbose:
            whites = sum(cell is WHITE for cell in puzzle.cells)
            print(f"{ident:<12} {puzzle.rows:>3}×{puzzle.cols:<3} {whites:>5} {formula.top:>7} "
                  f"{len(formula.clauses):>8} {enc_ms:>9.1f} {ms:>9.1f}  {answer.status}")
    return times


def puzlogic_set(backend: str) -> list[float]:
    """Solve + uniqueness for the six levels and the examples."""
    times = []
    cases = puzlogic_levels() + [(e.name, e.text) for e in puzlogic.EXAMPLES]
    for _, text in cases:
        puzzle = puzlogic.parse(text)
        ms, answer = timed(lambda: solver.solve(puzlogic, puzzle, backend=backend))
        assert all(puzlogic.check(puzzle, s) == [] for s in answer.solutions)
        times.append(ms)
    return times


def pyodide(site: str) -> None:
    """Solve + uniqueness inside Pyodide (elapsed_ms as reported by the API in there)."""
    sets = {"warm-up (kakuro example)": [kakuro.EXAMPLES[1].text],
            "kakuro first200": [p for _, p, _ in kakuro_blocks("janko_kakuro_first200.txt")],
            "kakuro largest10": [p for _, p, _ in kakuro_blocks("janko_kakuro_largest10.txt")],
            "puzlogic levels": [t for _, t in puzlogic_levels()]}
    requests = [{"op": "solve", "kind": "puzlogic" if name.startswith("puzlogic") else "kakuro",
                 "text": text, "render": False} for name, texts in sets.items() for text in texts]
    with tempfile.TemporaryFile("w+") as stdin:       # a file: readFileSync(0) can hit EAGAIN on a pipe
        stdin.write("\n".join(json.dumps(r) for r in requests) + "\n")
        stdin.seek(0)
        start = time.perf_counter()
        run = subprocess.run(["node", str(ROOT / "tests" / "node" / "run_api.mjs"), site], text=True,
                             stdin=stdin, capture_output=True)
        wall = time.perf_counter() - start
    if run.returncode:
        raise SystemExit(f"node failed ({run.returncode}): {run.stderr[-2000:]}")
    responses = [json.loads(line)["response"] for line in run.stdout.splitlines() if line.strip()]
    assert len(responses) == len(requests) and all(r["ok"] for r in responses)
    print(f"\npyodide ({responses[0]['result']['engine']}; node wall {wall:.1f} s with start-up)")
    print(f"{'set (solve + uniqueness)':<34} {'n':>4} {'total':>11} {'median ms':>9} {'max ms':>9}")
    i = 0
    for name, texts in sets.items():
        times = [r["result"]["elapsed_ms"] for r in responses[i:i + len(texts)]]
        i += len(texts)
        summary(name, times)
        if name == "kakuro largest10":
            print("  each: " + " ".join(f"{t:.0f}" for t in times) + " ms")


def main() -> int:
    """Print every table."""
    print(f"default engine: {sat.engine_name()}   python {sys.version.split()[0]}\n")
    print(f"{'kakuro set (solve + uniqueness)':<34} {'n':>4} {'total':>11} {'median ms':>9} {'max ms':>9}")
    summary("first200, sat", kakuro_set("janko_kakuro_first200.txt"))
    if backends.has_z3():
        sat20 = kakuro_set("janko_kakuro_first200.txt", first=20)
        smt20 = kakuro_set("janko_kakuro_first200.txt", backend="smt", first=20)
        summary("first 20, sat", sat20)
        summary("first 20, smt (z3)", smt20)
        print(f"{'smt/sat on the first 20':<34} {sum(smt20) / sum(sat20):>20.1f}x")
    print(f"\n{'largest10':<12} {'size':>7} {'white':>5} {'vars':>7} {'clauses':>8} {'encode ms':>9} "
          f"{'total ms':>9}  status")
    summary("\nlargest10, sat", largest())
    if "--engines" in sys.argv:
        print()
        for engine in sat.ENGINES:
            summary(f"largest10, {engine}", largest(engine, verbose=False))
    print(f"\n{'puzlogic (6 levels + examples)':<34} {'n':>4} {'total':>11} {'median ms':>9} {'max ms':>9}")
    summary("puzlogic, sat", puzlogic_set("sat"))
    if backends.has_z3():
        summary("puzlogic, smt (z3)", puzlogic_set("smt"))
    if "--pyodide" in sys.argv:
        pyodide(sys.argv[sys.argv.index("--pyodide") + 1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
