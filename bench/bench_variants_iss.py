"""Variant and classic sudoku, solve + uniqueness: gridlogic against the Interactive Sudoku Solver (ISS).

A benchmark, not a test. ISS (github sigh/Interactive-Sudoku-Solver, JavaScript) runs headless in Node
from its own modules through bench/iss_runner.mjs; its repository is kept OUTSIDE this one and given as
`--iss DIR` (or GRIDLOGIC_ISS). The figures in the README came from commit e373f98 (2026-08-22):

    git --git-dir=<a clone of github.com/sigh/Interactive-Sudoku-Solver> archive \\
        e373f9811c087246b097eb444d838ab492c55f35 | tar -x -C /work/.cache/iss-e373f98
    .venv/bin/python bench/bench_variants_iss.py --iss /work/.cache/iss-e373f98 [--repeat N]

Puzzles:
- "variant": every link of tests/data/variant_links.json (f-puzzles `?load=` and SudokuPad SCL links;
  10 of the SCL links are re-encodings of f-puzzles entries, `same_as`), read by gridlogic's
  `link_import`. ISS at that commit reads no f-puzzles or SudokuPad link (its js/ has no such reader),
  so iss_runner.mjs writes the puzzle gridlogic read as an ISS constraint string (`.Cage~17~R1C1~...`);
  each side's first solution is checked against the link's published one, so a mistranslation shows.
  A puzzle whose constraints have no ISS counterpart is skipped on both sides and said so.
- "classic": the first 60 puzzles of ../shared/corpus/sudoku/norvig_top95.txt (ISS reads the
  81-character line itself).

Each side first solves every puzzle `--warmup` times untimed (default 1: V8 compiles ISS's handlers as
they run, and a puzzle timed first would pay for it), then each puzzle `--repeat` times (median kept),
one process per side:
- gridlogic: `api.handle({"op": "solve", "kind": "sudoku", "state": ..., "rules": ...})` (classic:
  `"text": line`), the request as the page sends it (render on; `--no-render` to drop the board),
  CPU seconds of this process (`time.process_time()`); link_import is not timed. `solve` answers
  unique or multiple, so it decides uniqueness.
- ISS: parse its constraint string, build its solver, run it to at most 2 solutions (what its
  tools/lib/solver_analysis.js runSolve and tools/debug/solve.js do; the default "proof of
  uniqueness"), CPU time of the Node process (`process.cpuUsage()`, user + system). Its search alone is
  printed beside it. Node's start-up and module loading are not timed.
Both sides' statuses (unique / multiple) are compared and any disagreement printed. Per set: the
median of the per-puzzle medians, their total, and gridlogic/ISS for both.

    .venv/bin/python bench/bench_variants_iss.py --iss DIR [--repeat N] [--warmup N] [--node PATH] [--no-render]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import api  # noqa: E402
from gridlogic.kinds import sudoku  # noqa: E402
from gridlogic.kinds.sudoku.grid import SYMBOLS  # noqa: E402

LINKS = ROOT / "tests" / "data" / "variant_links.json"
RUNNER = ROOT / "bench" / "iss_runner.mjs"
CLASSIC = 60


def shared_dir() -> Path:
    """../shared beside the checkout (a worktree's is beside the main checkout)."""
    here = ROOT.parent / "shared"
    if here.is_dir():
        return here
    common = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--git-common-dir"],
                            capture_output=True, text=True).stdout.strip()
    return (ROOT / common).resolve().parent.parent / "shared"


def classic_lines(limit: int) -> list[str]:
    out = []
    for line in (shared_dir() / "corpus" / "sudoku" / "norvig_top95.txt").read_text().splitlines():
        cells = re.sub(r"[^0-9.]", "", line.split(":")[0])[:81].replace("0", ".")
        if len(cells) == 81:
            out.append(cells)
    return out[:limit]


def digits(text: str | None, size: int) -> list[int] | None:
    """A solution's digits row-major, from gridlogic's text or a link's published string."""
    if not text:
        return None
    symbols = [ch for ch in text.upper() if ch in SYMBOLS[:size]]
    return [SYMBOLS.index(ch) + 1 for ch in symbols[:size * size]] if len(symbols) >= size * size else None


def dump(puzzle) -> dict:
    """gridlogic's Puzzle as iss_runner.mjs reads it."""
    return {"size": puzzle.size, "givens": list(puzzle.givens),
            "regions": None if puzzle.regions is None else list(puzzle.regions), "rules": list(puzzle.rules),
            "constraints": [{"type": c.type, "cells": [list(x) for x in c.cells], "value": c.value,
                             "more": [list(x) for x in c.more], "digits": list(c.digits), "direction": c.direction}
                            for c in puzzle.constraints]}


def load_variants() -> tuple[list[dict], list[str]]:
    out, skipped = [], []
    for link in json.loads(LINKS.read_text())["links"]:
        form = "SCL" if "sudokupad.app/scl" in link["url"] else "f-puzzles" if "f-puzzles" in link["url"] else "other"
        try:
            answer = api.handle({"op": "link_import", "url": link["url"]})
            if not answer.get("ok"):
                raise ValueError(answer.get("error"))
            found = answer["result"]
            puzzle = sudoku.from_state(found["state"], found["rules"])
        except Exception as err:                                       # noqa: BLE001
            skipped.append(f"{link['name']}: gridlogic did not read it ({err})")
            continue
        out.append({"set": "variant", "name": link["name"], "form": form, "size": puzzle.size,
                    "request": {"op": "solve", "kind": "sudoku", "state": found["state"], "rules": found["rules"]},
                    "published": digits(link.get("solution"), puzzle.size), "iss": dump(puzzle)})
    return out, skipped


def run_iss(node: str, iss: Path, puzzles: list[dict], repeat: int, warmup: int) -> dict:
    payload = {"puzzles": [dict(p["iss"], name=p["name"]) for p in puzzles]}
    done = subprocess.run([node, str(RUNNER), "--iss", str(iss), "--repeat", str(repeat), "--warmup", str(warmup)],
                          input=json.dumps(payload), capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"iss_runner.mjs failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def run_gridlogic(puzzle: dict, repeat: int, render: bool) -> dict:
    request = dict(puzzle["request"], render=render)
    times, answer = [], None
    for _ in range(repeat):
        begin = time.process_time()
        answer = api.handle(request)
        times.append(time.process_time() - begin)
    if not answer.get("ok"):
        return {"status": "error: " + str(answer.get("error"))[:80], "ms": [t * 1000 for t in times], "solution": None}
    result = answer["result"]
    return {"status": result["status"], "ms": [t * 1000 for t in times],
            "solution": digits(result.get("solution"), puzzle["size"])}


def fmt(ms: float) -> str:
    return f"{ms:8.2f}" if ms < 1000 else f"{ms:8.0f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iss", default=os.environ.get("GRIDLOGIC_ISS"),
                    help="a checkout of github.com/sigh/Interactive-Sudoku-Solver, outside this repository")
    ap.add_argument("--repeat", type=int, default=3, help="runs per puzzle on each side (median kept)")
    ap.add_argument("--warmup", type=int, default=1,
                    help="untimed rounds over every puzzle first, on each side (V8's compiler, gridlogic's caches)")
    ap.add_argument("--node", default="node")
    ap.add_argument("--no-render", dest="render", action="store_false", help="gridlogic's solve without its board")
    args = ap.parse_args()
    if not args.iss or not (Path(args.iss) / "js" / "solver" / "sudoku_builder.js").is_file():
        sys.exit("--iss DIR (or GRIDLOGIC_ISS): a copy of github.com/sigh/Interactive-Sudoku-Solver (see the docstring)")
    iss = Path(args.iss).resolve()
    head = subprocess.run(["git", "-C", str(iss), "rev-parse", "--short", "HEAD"], capture_output=True, text=True) \
        if (iss / ".git").exists() else None
    node_version = subprocess.run([args.node, "--version"], capture_output=True, text=True).stdout.strip()

    variants, skipped = load_variants()
    classic = [{"set": "classic", "name": f"norvig_top95 #{i + 1}", "form": "81 chars", "size": 9,
                "request": {"op": "solve", "kind": "sudoku", "text": line}, "published": None,
                "iss": {"grid": line}} for i, line in enumerate(classic_lines(CLASSIC))]
    puzzles = variants + classic

    print(f"ISS: {iss} ({head.stdout.strip() if head else 'no .git: commit as extracted'}), Node {node_version}; "
          f"gridlogic render={args.render}; {args.warmup} untimed round(s) over all puzzles, then {args.repeat} runs "
          f"per puzzle, medians; CPU ms "
          f"(gridlogic time.process_time, ISS process.cpuUsage)")
    iss_out = run_iss(args.node, iss, puzzles, args.repeat, args.warmup)
    by_name = {}
    for p, r in zip(puzzles, iss_out["results"]):
        assert p["name"] == r["name"]
        by_name[id(p)] = r
    for p in puzzles:
        r = by_name[id(p)]
        if r["status"] == "skipped":
            skipped.append(f"{p['name']} [{p['form']}]: {r['reason']} (skipped on both sides)")
    rows: dict[str, list[tuple[dict, dict, dict]]] = {"variant": [], "classic": []}
    t0 = time.process_time()
    timed = [p for p in puzzles if by_name[id(p)]["status"] != "skipped"]
    for _ in range(args.warmup):
        for p in timed:
            api.handle(dict(p["request"], render=args.render))
    for p in timed:
        rows[p["set"]].append((p, run_gridlogic(p, args.repeat, args.render), by_name[id(p)]))
    print(f"(gridlogic side {time.process_time() - t0:.1f} s CPU in all)")

    disagreements, wrong, checked = [], [], 0
    for name, set_rows in rows.items():
        if not set_rows:
            continue
        print(f"\n== {name}: {len(set_rows)} puzzles ==")
        print(f"{'puzzle':52} {'form':9} {'gridlogic':>9} {'ISS':>9} {'ISS wall':>9} {'ISS srch':>9} {'gl/ISS':>7}"
              "  status")
        gl_meds, iss_meds, wall_meds, search_meds = [], [], [], []
        for p, g, r in set_rows:
            gm, im, sm = (statistics.median(g["ms"]), statistics.median(r["cpu_ms"]), statistics.median(r["search_ms"]))
            wm = statistics.median(r["wall_ms"])
            gl_meds.append(gm)
            iss_meds.append(im)
            wall_meds.append(wm)
            search_meds.append(sm)
            checked += bool(p["published"])
            status = g["status"] if g["status"] == r["status"] else f"gridlogic {g['status']} / ISS {r['status']}"
            if g["status"] != r["status"]:
                disagreements.append(f"{p['name']}: gridlogic {g['status']}, ISS {r['status']}")
            for side, sol in (("gridlogic", g["solution"]), ("ISS", r.get("solution"))):
                if p["published"] and sol and sol != p["published"] and g["status"] == "unique":
                    wrong.append(f"{p['name']}: {side}'s solution differs from the published one")
            ratio = gm / im if im > 0 else float("inf")
            print(f"{p['name'][:52]:52} {p['form']:9} {fmt(gm)} {fmt(im)} {fmt(wm)} {fmt(sm)} {ratio:7.2f}  {status}")
        gmed, gtot = statistics.median(gl_meds), sum(gl_meds)
        print(f"{name}, {len(set_rows)} puzzles, medians of {args.repeat} runs each:")
        for what, meds in (("ISS CPU (parse + build + search)", iss_meds), ("ISS wall, same work", wall_meds),
                           ("ISS CPU, search alone", search_meds)):
            imed, itot = statistics.median(meds), sum(meds)
            print(f"  gridlogic against {what}: median {gmed:.2f} ms / {imed:.2f} ms = {gmed / imed:.2f}; "
                  f"total {gtot:.1f} ms / {itot:.1f} ms = {gtot / itot:.2f}")
    print("\nskipped:" if skipped else "\nskipped: none")
    for line in skipped:
        print("  " + line)
    print("status disagreements:" if disagreements else "status disagreements: none")
    for line in disagreements:
        print("  " + line)
    print(f"solutions unlike the published one ({checked} puzzles have one; unique ones checked, both sides):"
          + ("" if wrong else " none"))
    for line in wrong:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
