"""Whole hint walks (the `hint` op with `path`, as the page's Explain all asks it) of the largest puzz.link
puzzle with one solution of each genre's tests, timed in CPU seconds on CPython.

    .venv/bin/python bench/bench_walks.py [--budget-ms N] [--kinds creek,nurikabe] [--steps N] [--json out.json]

Prints per genre: the puzzle's size, the walk's CPU time, its steps, why it stopped (budget, or done),
its rating and largest reason. With --json, also each walk's steps (cell, value, clue count), to
compare two runs' walks. With --steps, a walk ends after that many steps (as a hint of one step ends after
one): the CPU time of the same steps, whatever the machine's load.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import api, solver, walks  # noqa: E402
from gridlogic.errors import PuzzleError  # noqa: E402
from gridlogic.links import import_link  # noqa: E402

URL = re.compile(r"https://puzz\.link/p\?[A-Za-z0-9_./%+\-]+")


def by_size_per_kind() -> dict[str, list[tuple[int, str]]]:
    """Each kind's puzz.link puzzles among the tests' links, the largest first (cells, url)."""
    found: dict[str, set[tuple[int, str]]] = {}
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        strings = [node.value for node in ast.walk(ast.parse(path.read_text()))
                   if isinstance(node, ast.Constant) and isinstance(node.value, str)]
        for url in {url for text in strings for url in URL.findall(text)}:     # (a link split over lines: whole)
            try:
                imported = import_link(url)
            except (PuzzleError, ValueError):
                continue
            state = imported.kind.to_state(imported.puzzle) if hasattr(imported.kind, "to_state") else {}
            found.setdefault(imported.kind.KEY, set()).add((state.get("rows", 0) * state.get("cols", 0), url))
    return {key: sorted(urls, key=lambda x: (-x[0], x[1])) for key, urls in found.items()}


def is_unique(url: str) -> bool:
    """Whether the link's puzzle has exactly one solution."""
    imported = import_link(url)
    return solver.solve(imported.kind, imported.puzzle).status == "unique"


def walk(url: str, budget_ms: int) -> dict:
    """The whole hint walk of a link: CPU time, steps, stop, difficulty."""
    imported = import_link(url)
    start = time.process_time()
    result = api.handle({"op": "hint", "kind": imported.kind.KEY, "text": imported.kind.format(imported.puzzle),
                         "path": True, "budget_ms": budget_ms})["result"]
    cpu = time.process_time() - start
    steps = result.get("steps") or []
    return {"cpu": round(cpu, 2), "steps": len(steps), "stopped": result.get("stopped"),
            "status": result.get("status"), "difficulty": result.get("difficulty"), "at_least": result.get("at_least"),
            "walk": [[*s["cell"], s["value"], s["eliminated"], len(s["clues"]), s["rule"]] for s in steps]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget-ms", type=int, default=60_000)
    parser.add_argument("--kinds", default="")
    parser.add_argument("--json", default="")
    parser.add_argument("--steps", type=int, default=0)
    args = parser.parse_args()
    if args.steps:
        whole = walks.walk_session

        def walk_session(session, *, most=None, **kwargs):
            return whole(session, most=args.steps if most is None else most, **kwargs)
        walks.walk_session = walk_session
    wanted = set(filter(None, args.kinds.split(",")))
    out = {}
    for key, urls in sorted(by_size_per_kind().items()):
        if wanted and key not in wanted:
            continue
        unique = [(size, url) for size, url in urls if is_unique(url)]
        if not unique:
            continue
        size, url = unique[0]                    # the largest with one solution
        row = walk(url, args.budget_ms)
        out[key] = {"url": url, **row}
        rated = row["difficulty"] or row["at_least"] or {}
        print(f"{key:12} {size:4} cells {row['cpu']:7.2f} s {row['steps']:4} steps stopped={row['stopped']} "
              f"rating={rated.get('rating')} largest={rated.get('largest_reason')} hard={rated.get('hard_steps')}",
              flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
