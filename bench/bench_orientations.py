"""Two source trees of gridlogic on one puzzle in its 8 orientations (turned and mirrored), solve with
uniqueness through `api.handle` (`solve`, `count`, limit 2: parse, encode, both SAT questions in bounded
pieces), in alternating processes: the means per engine and the second tree's ratio to the first.

    .venv/bin/python bench/bench_orientations.py BEFORE_DIR AFTER_DIR URL [--rounds N]
        [--engines minisat22,cadical195]

BEFORE_DIR and AFTER_DIR hold a `pysrc` (e.g. `git archive COMMIT pysrc | tar -x -C DIR`). A puzzle's
search is chaotic where its first solution takes thousands of conflicts (araf's 10×10 with two 50s): one
orientation, or one process, says little, so each round runs every orientation once in one process per
tree and engine, the trees taking turns (the first of a round alternates), and CPU seconds
(time.process_time) are read per request after an untimed warm-up request of one orientation (`WARM_UP`), which
is not timed again: the means are over the other 7 (a kind that keeps its last answers by puzzle, as numberlink
keeps its verdicts, answers a puzzle it has seen at once).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ORIENTATIONS = range(8)               # k < 4: turned k quarter turns; k >= 4: mirrored (transposed), then turned
WARM_UP = 1                           # the orientation a process asks first, untimed, and does not time again


def orient(text: str, k: int) -> str:
    """A grid text of tokens turned and mirrored (rows of tokens split by spaces, or one character each)."""
    rows = [line.split() if " " in line.strip() else list(line.strip()) for line in text.strip().splitlines()]
    if k >= 4:
        rows = [list(r) for r in zip(*rows)]
    for _ in range(k % 4):
        rows = [list(r) for r in zip(*rows[::-1])]
    return "\n".join(" ".join(r) for r in rows) + "\n"


def child(engine: str, url: str) -> None:
    """In the tree's own process: each orientation's CPU seconds, as JSON on stdout."""
    from gridlogic import api
    found = api.handle({"op": "link_import", "url": url})["result"]
    kind, text = found["kind"], found["text"]
    ask = {"op": "solve", "kind": kind, "count": True, "limit": 2, "render": False, "engine": engine}
    api.handle({**ask, "text": orient(text, WARM_UP)})                 # warm-up: imports, first patterns
    times = []
    for k in ORIENTATIONS:
        if k == WARM_UP:        # (a kind that keeps its last answers, numberlink's verdicts, would answer it at once)
            continue
        start = time.process_time()
        result = api.handle({**ask, "text": orient(text, k)})["result"]
        times.append(round(time.process_time() - start, 3))
        if result["status"] != "unique":
            sys.exit(f"orientation {k}: {result['status']}")
    print(json.dumps(times))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("url")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--engines", default="minisat22,cadical195")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.url)
        return
    trees, engines = [args.before, args.after], args.engines.split(",")
    times: dict = {(t, e): [] for t in trees for e in engines}
    for r in range(args.rounds):
        for engine in engines:
            for tree in trees if r % 2 == 0 else trees[::-1]:
                env = dict(os.environ, PYTHONPATH=os.path.join(tree, "pysrc"))
                done = subprocess.run([sys.executable, __file__, *trees, args.url, "--child", engine], env=env,
                                      capture_output=True, text=True, check=False)
                if done.returncode:
                    sys.exit(f"{tree} ({engine}): {done.stderr[-1500:]}")
                times[tree, engine] += json.loads(done.stdout)
                print(f"round {r}  {engine:11}  {tree}: {done.stdout.strip()}  load {os.getloadavg()[0]:.1f}",
                      flush=True)
    for engine in engines:
        before, after = (statistics.mean(times[t, engine]) for t in trees)
        print(f"{engine:11}  mean {before:.3f} s -> {after:.3f} s  (×{after / before:.2f}; "
              f"{len(times[trees[0], engine])} solves each)")


if __name__ == "__main__":
    main()
