"""The page's requests on a genre's largest real puzzles, in the built site's Pyodide under Node: where
the page's time goes besides the solve itself.

A benchmark, not a test. For each genre named, its `--per-genre` largest real puzzles (bench_noqx.py's
list: the tests' and the benchmarks', and Noqx's own examples when NOQX_DIR and NOQX_PYTHON are set),
each asked as the page asks: `solve` (the editor's state, `explain`, a 60 s budget) and `clashes`
(play mode's rule clashes, no entries, the page's 2 s budget), twice each; and then a `clashes` with one
entry, twice. CPU seconds of the Node process (process.cpuUsage: steadier than wall clock on a loaded
machine) of the first request and of the same again (what a session keeps shows there), and what each
answered (`budget` when its budget ran out).
Each source tree given by `--pysrc` (default: this one) runs in its own fresh Pyodide, one after the
other, so two versions are compared in one run without building either (bench/pyodide_script.mjs).

    NOQX_DIR=... NOQX_PYTHON=... .venv/bin/python bench/bench_page_requests.py araf,fillomino \\
        [--per-genre 3] [--site site] [--pysrc OLD/pysrc --pysrc pysrc]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "pysrc"), str(ROOT / "bench"), str(ROOT / "tests")]

from gridlogic import api  # noqa: E402

TIMED = """
import json, sys, time
import js
from gridlogic import api

def cpu():
    used = js.process.cpuUsage()
    return (used.user + used.system) / 1e6

def timed(request):
    runs = []
    for _ in range(2):
        start = cpu()
        answer = api.handle(request)
        took = cpu() - start
        result = answer.get("result") or {}
        said = result.get("status") or result.get("stopped") or ("named %d" % len(result.get("clashes", [])))
        runs.append((took, said if answer["ok"] else answer["error"]["message"][:40]))
    return runs

out = []
for kind, state, entry in json.load(open(sys.argv[1])):
    base = {"kind": kind, "rules": [], "state": state, "entries": []}
    row = [timed(dict(base, op="solve", backend="sat", explain=True, budget_ms=60000)),
           timed(dict(base, op="clashes", budget_ms=2000))]
    row.append(timed(dict(base, op="clashes", budget_ms=2000, entries=[entry])) if entry else None)
    out.append(row)
print(json.dumps(out))
"""


def puzzles(keys: list[str], per_genre: int) -> list[tuple[str, str, str, dict, list | None]]:
    """(kind, source, size, editing state, one entry of its solution) of each genre's largest puzzles."""
    import bench_noqx
    noqx = bench_noqx.noqx_setup()
    examples = bench_noqx.run_noqx(*noqx, "examples", *{bench_noqx.GENRES[k][1] for k in keys}) if noqx else {}
    out = []
    for key in keys:
        mine = []
        for _, source, text, _ in [p for p in bench_noqx.puzzles(keys, examples) if p[0] == key]:
            state = api.handle({"op": "parse", "kind": key, "text": text})["result"]["state"]
            facts = api.handle({"op": "solve", "kind": key, "text": text, "facts": True, "render": False})
            certain = (facts.get("result") or {}).get("facts") or []
            entry = list(certain[len(certain) // 2][:3]) if certain else None      # a cell in the middle
            mine.append((key, source, f"{state['rows']}×{state['cols']}", state, entry))
        out += sorted(mine, key=lambda p: -p[3]["rows"] * p[3]["cols"])[:per_genre]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("genres", help="genre keys, comma-separated")
    parser.add_argument("--per-genre", type=int, default=3)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--pysrc", type=Path, action="append", help="a source tree to time (repeatable)")
    args = parser.parse_args()
    if not (args.site / "build.json").exists():
        print(f"no built site at {args.site} (python3 build.py builds it)")
        return 2
    found = puzzles(args.genres.split(","), args.per_genre)
    trees = args.pysrc or [ROOT / "pysrc"]
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        (data / "requests.json").write_text(json.dumps([(k, state, entry) for k, _, _, state, entry in found]))
        (data / "timed.py").write_text(TIMED)
        for tree in trees:
            done = subprocess.run(["node", str(ROOT / "bench" / "pyodide_script.mjs"), str(args.site), str(tree),
                                   str(data), str(data / "timed.py"), str(data / "requests.json")],
                                  check=True, capture_output=True, text=True)
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    print("CPU seconds in Pyodide, the first request / the same again, per source tree: "
          + ", ".join(str(t) for t in trees))
    print("| genre | source | size | " + " | ".join(f"solve {i} | clashes {i} | clashes, one entry {i}"
                                                    for i in range(1, len(trees) + 1)) + " |")
    print("|---|---|---|" + "---:|" * 3 * len(trees))
    for i, (key, source, size, _, _) in enumerate(found):
        cells = [("–" if x is None else f"{x[0][0]:.2f} / {x[1][0]:.2f} ({x[0][1]}, {x[1][1]})")
                 for run in runs for x in run[i]]
        print(f"| {key} | {source} | {size} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
