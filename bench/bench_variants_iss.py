"""Variant and classic sudoku, solve + uniqueness: gridlogic against the Interactive Sudoku Solver (ISS).

A benchmark, not a test. ISS (github sigh/Interactive-Sudoku-Solver, JavaScript) runs headless in Node
from its own modules through bench/iss_runner.mjs; its repository is kept OUTSIDE this one and given as
`--iss DIR` (or GRIDLOGIC_ISS). The figures in docs/benchmarks.md came from its commit e373f98 (2026-08-22):

    git --git-dir=<a clone of github.com/sigh/Interactive-Sudoku-Solver> archive \\
        e373f9811c087246b097eb444d838ab492c55f35 | tar -x -C ISS_DIR
    .venv/bin/python bench/bench_variants_iss.py --iss ISS_DIR --repeat 7

Puzzles:
- "variant": every link of tests/data/variant_links.json (f-puzzles `?load=` and SudokuPad SCL links;
  10 of the SCL links are re-encodings of f-puzzles entries, `same_as`), read by gridlogic's
  `link_import`. ISS at that commit reads no f-puzzles or SudokuPad link (its js/ has no such reader),
  so iss_runner.mjs writes the puzzle gridlogic read as an ISS constraint string (`.Cage~17~R1C1~...`);
  each side's first solution is checked against the link's published one, so a mistranslation shows.
  A puzzle whose constraints have no ISS counterpart is skipped on both sides and said so.
- "collection": the slowest puzzles of ISS's own collection (`data/collections.js` in the ISS directory,
  COLLECTION by name; `--collection` names others), its killer cages (`3x3::k:...`) and arrows (`Arrow~...`)
  read into gridlogic's constraints here and written back for ISS by iss_runner.mjs as the links are; the
  collection's solution, where it gives one, is the published one.
- "classic": the first 60 puzzles of ../shared/corpus/sudoku/norvig_top95.txt (ISS reads the
  81-character line itself).

Timed in rounds: in each, ISS solves every puzzle once and gridlogic does (one Node process, kept for
the run by iss_runner.mjs --serve, and this one), the sides taking turns going first; `--warmup`
rounds untimed first (default 1: V8 compiles ISS's handlers as they run, and a puzzle timed first would
pay for it), then `--repeat` timed rounds (default 3), each puzzle's median kept. Rounds, rather than
one puzzle's runs back to back, so that the shared machine's passing slowdowns (on its two shared cores
the same work's CPU time varied from one minute to the next, at times just after the other side's
burst; docs/benchmarks.md) touch both sides and every puzzle alike; each side rests half a second after its
round, so that V8's background threads are done before gridlogic's round. The two sides:
- gridlogic: `api.handle({"op": "solve", "kind": "sudoku", "state": ..., "rules": ...})` (classic:
  `"text": line`), the request as the page sends it (render on; `--no-render` to drop the board),
  CPU seconds of this process (`time.process_time()`); link_import is not timed. `solve` answers
  unique or multiple, so it decides uniqueness.
- ISS: parse its constraint string, build its solver, run it to at most 2 solutions (what its
  tools/lib/solver_analysis.js runSolve and tools/debug/solve.js do; the default "proof of
  uniqueness"), CPU time of the Node process (`process.cpuUsage()`, user + system). Its search alone is
  printed beside it, and the wall time of the same work (V8's compiler and collector threads count in
  its CPU time). Node's start-up and module loading are not timed.
Both sides' statuses (unique / multiple) are compared and any disagreement printed. Per set: the
median of the per-puzzle medians, their total, and gridlogic/ISS for both, against ISS's CPU time, its
wall time and its search alone.

`--phases`: gridlogic's time split as bench_variants_pyodide.py --phases splits it (Python encoding,
loading clauses into the solver, SAT search, the rest; the same timers, wall time of the same runs,
medians), printed per puzzle beside ISS's CPU time, with the puzzles where a phase alone takes longer
than ISS's whole solve counted per set: what a faster search could not win back.

    .venv/bin/python bench/bench_variants_iss.py --iss DIR [--repeat N] [--warmup N] [--node PATH] [--no-render] [--phases]
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
# ISS's collection puzzles whose search is the longest on either side (docs/benchmarks.md, "Killer cages
# against ISS"): killers with no given digit, and arrows.
COLLECTION = ("Wecoc #1", "Wecoc #2", "tarek unsolvable #41", "Arrow, slow")
# Seconds each side rests after its round: V8's compiler and collector threads finish before gridlogic's
# round (on this machine's two shared cores a busy neighbour slows the other side's CPU time too).
SETTLE = 0.5


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


def load_collection(iss: Path, names) -> tuple[list[dict], list[str]]:
    """ISS's collection entries (data/collections.js) named, as gridlogic requests (killer cages and
    arrows on a 9×9 grid; an entry with anything else is skipped)."""
    text = (iss / "data" / "collections.js").read_text()
    out, skipped = [], []
    for name in names:
        at = text.find(f"name: '{name}'")
        if at < 0:
            skipped.append(f"{name}: not in ISS's collection")
            continue
        end = text.find("name: '", at + 1)
        entry = text[at:end if end > 0 else len(text)]
        found = re.search(r"input: '([^']*)'", entry)
        solution = re.search(r"solution: '([^']*)'", entry)
        try:
            puzzle = collection_puzzle(found.group(1))
        except ValueError as err:
            skipped.append(f"{name}: {err}")
            continue
        state = sudoku.to_state(puzzle)
        out.append({"set": "collection", "name": name, "form": "ISS", "size": 9,
                    "request": {"op": "solve", "kind": "sudoku", "state": state, "rules": []},
                    "published": digits(solution.group(1) if solution else None, 9), "iss": dump(puzzle)})
    return out, skipped


def collection_puzzle(text: str):
    """A collection entry's input as a gridlogic Puzzle: `3x3::k:` (each cell's cage, value · 256 + cage
    number, 0 for none) or `.`-separated constraints of which `Arrow~R1C1~R2C2...` (the circle first)."""
    from gridlogic.kinds.sudoku.constraints import Constraint
    from gridlogic.kinds.sudoku.grid import make_puzzle

    constraints = []
    if text.startswith("3x3::k:"):
        cages: dict[int, tuple[int, list]] = {}
        for i, code in enumerate(int(x) for x in text[7:].strip(":").split(":")):
            if code:
                cages.setdefault(code & 255, (code >> 8, []))[1].append(divmod(i, 9))
        constraints = [Constraint("killer", tuple(sorted(cells)), total) for _, (total, cells) in sorted(cages.items())]
    else:
        for part in filter(None, text.split(".")):
            kind, *cells = part.split("~")
            if kind != "Arrow":
                raise ValueError(f"{kind} is not read here")
            cells = [(int(r) - 1, int(c) - 1) for r, c in (re.fullmatch(r"R(\d+)C(\d+)", x).groups() for x in cells)]
            constraints.append(Constraint("arrow", (cells[0],), None, more=tuple(cells[1:])))
    return make_puzzle(9, (0,) * 81, (), None, tuple(constraints))


class Iss:
    """iss_runner.mjs in --serve mode: one Node process for the whole run, a round on request."""

    def __init__(self, node: str, iss: Path, puzzles: list[dict]) -> None:
        self.proc = subprocess.Popen([node, str(RUNNER), "--iss", str(iss), "--serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.header, self.prepared = None, None
        answer = self._ask({"puzzles": [dict(p["iss"], name=p["name"]) for p in puzzles]})
        self.header, self.prepared = answer["iss"], answer["prepared"]

    def _ask(self, message: dict) -> dict:
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            sys.exit(f"iss_runner.mjs stopped (exit {self.proc.wait()}); its error is above")
        return json.loads(line)

    def round(self) -> list[dict | None]:
        return self._ask({"round": True})["round"]

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


PHASE_NAMES = ("encode", "load", "search")


def gridlogic_once(puzzle: dict, render: bool, spent: dict | None = None) -> dict:
    """One timed `solve` (CPU ms), its status and first solution's digits; with `spent` (the phase
    timers' sums, see --phases) also its phases in ms, the rest being the wall time left over."""
    request = dict(puzzle["request"], render=render)
    if spent is not None:
        for key in spent:
            spent[key] = 0.0
    begin, wall = time.process_time(), time.perf_counter()
    answer = api.handle(request)
    ms = (time.process_time() - begin) * 1000
    phases = None
    if spent is not None:
        phases = {key: spent[key] * 1000 for key in PHASE_NAMES}
        phases["rest"] = (time.perf_counter() - wall) * 1000 - sum(phases.values())
    if not answer.get("ok"):
        return {"status": "error: " + str(answer.get("error"))[:80], "ms": ms, "solution": None, "phases": phases}
    result = answer["result"]
    return {"status": result["status"], "ms": ms, "solution": digits(result.get("solution"), puzzle["size"]),
            "phases": phases}


def print_phases(set_rows: list[tuple[dict, dict, dict]]) -> None:
    """Per puzzle: gridlogic's phases (medians, ms) beside ISS's CPU ms; per set, how many puzzles have a
    phase alone (or encoding and loading together) above ISS's whole solve."""
    print(f"  phases (ms): {'puzzle':44} {'encode':>7} {'load':>7} {'search':>7} {'rest':>7} {'ISS':>8}")
    over = {"encode": 0, "load": 0, "search": 0, "rest": 0, "encode + load": 0}
    for p, g, r in set_rows:
        med = {key: statistics.median(run[key] for run in g["phases"]) for key in (*PHASE_NAMES, "rest")}
        iss_ms = statistics.median(r["cpu_ms"])
        med["encode + load"] = med["encode"] + med["load"]
        for key in over:
            over[key] += med[key] > iss_ms
        print(f"  {'':13}{p['name'][:44]:44} {med['encode']:7.2f} {med['load']:7.2f} {med['search']:7.2f} "
              f"{med['rest']:7.2f} {iss_ms:8.2f}")
    print("  puzzles where gridlogic's phase alone takes longer than ISS's whole solve: "
          + ", ".join(f"{key} {n}" for key, n in over.items()) + f" (of {len(set_rows)})")


def fmt(ms: float) -> str:
    return f"{ms:8.2f}" if ms < 1000 else f"{ms:8.0f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iss", default=os.environ.get("GRIDLOGIC_ISS"),
                    help="a checkout of github.com/sigh/Interactive-Sudoku-Solver, outside this repository")
    ap.add_argument("--repeat", type=int, default=3, help="timed rounds: runs per puzzle on each side (median kept)")
    ap.add_argument("--warmup", type=int, default=1,
                    help="untimed rounds first (V8's compiler, gridlogic's caches)")
    ap.add_argument("--node", default="node")
    ap.add_argument("--collection", default=";".join(COLLECTION),
                    help="ISS's collection entries to time, by name, separated by semicolons ('' for none)")
    ap.add_argument("--no-render", dest="render", action="store_false", help="gridlogic's solve without its board")
    ap.add_argument("--phases", action="store_true", help="split gridlogic's time into phases (see the docstring)")
    args = ap.parse_args()
    if not args.iss or not (Path(args.iss) / "js" / "solver" / "sudoku_builder.js").is_file():
        sys.exit("--iss DIR (or GRIDLOGIC_ISS): a copy of github.com/sigh/Interactive-Sudoku-Solver (see the docstring)")
    iss = Path(args.iss).resolve()
    head = subprocess.run(["git", "-C", str(iss), "rev-parse", "--short", "HEAD"], capture_output=True, text=True) \
        if (iss / ".git").exists() else None
    node_version = subprocess.run([args.node, "--version"], capture_output=True, text=True).stdout.strip()

    variants, skipped = load_variants()
    collection, missing = load_collection(iss, [n for n in args.collection.split(";") if n])
    skipped += missing
    classic = [{"set": "classic", "name": f"norvig_top95 #{i + 1}", "form": "81 chars", "size": 9,
                "request": {"op": "solve", "kind": "sudoku", "text": line}, "published": None,
                "iss": {"grid": line}} for i, line in enumerate(classic_lines(CLASSIC))]
    puzzles = variants + collection + classic

    print(f"ISS: {iss} ({head.stdout.strip() if head else 'no .git: commit as extracted'}), Node {node_version}; "
          f"gridlogic render={args.render}; {args.warmup} untimed round(s) over all puzzles, then {args.repeat} timed "
          f"rounds (each side solves each puzzle once a round, taking turns going first), medians; CPU ms "
          f"(gridlogic time.process_time, ISS process.cpuUsage)")
    load0 = " ".join(f"{x:.2f}" for x in os.getloadavg())
    spent_by_phase = None
    if args.phases:
        sys.path.insert(0, str(ROOT / "bench"))
        from bench_variants_pyodide import PHASES
        space: dict = {}
        exec(PHASES, space)                     # the phase timers around this interpreter's gridlogic
        spent_by_phase = space["SPENT"]
    side = Iss(args.node, iss, puzzles)
    for p, r in zip(puzzles, side.prepared):
        assert p["name"] == r["name"]
        if r.get("status") == "skipped":
            skipped.append(f"{p['name']} [{p['form']}]: {r['reason']} (skipped on both sides)")
    timed = [(p, r) for p, r in zip(puzzles, side.prepared) if r.get("status") != "skipped"]
    # Rounds: each side solves every puzzle once, ISS then gridlogic, --warmup rounds untimed, then
    # --repeat timed: a passing load on the shared machine touches both sides and every puzzle alike.
    glog = {id(p): {"ms": [], "phases": []} for p, _ in timed}
    isslog = {id(p): {"cpu_ms": [], "search_ms": [], "wall_ms": []} for p, _ in timed}
    spent = 0.0
    for k in range(args.warmup + args.repeat):
        for iss_turn in ((True, False) if k % 2 == 0 else (False, True)):      # the sides take turns going first
            if iss_turn:
                iss_round = [r for r in side.round() if r is not None]
            else:
                begin = time.process_time()
                gl_round = [gridlogic_once(p, args.render, spent_by_phase) for p, _ in timed]
                spent += time.process_time() - begin
            time.sleep(SETTLE)
        if k < args.warmup:
            continue
        for (p, _), g, r in zip(timed, gl_round, iss_round):
            glog[id(p)].update(status=g["status"], solution=g["solution"])
            glog[id(p)]["ms"].append(g["ms"])
            glog[id(p)]["phases"].append(g["phases"])
            log = isslog[id(p)]
            log.update(status=r["status"], solution=r["solution"])
            for key, value in (("cpu_ms", r["cpu"]), ("search_ms", r["search"]), ("wall_ms", r["wall"])):
                log[key].append(value)
    side.close()
    print(f"(load average before and after: {load0}, {' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    rows: dict[str, list[tuple[dict, dict, dict]]] = {"variant": [], "collection": [], "classic": []}
    for p, _ in timed:
        rows[p["set"]].append((p, glog[id(p)], isslog[id(p)]))
    print(f"(gridlogic side {spent:.1f} s CPU in all, warm-up included)")

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
            checked += bool(p["published"]) and g["status"] == r["status"] == "unique"
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
        slower = sum(statistics.median(g["ms"]) > statistics.median(r["cpu_ms"]) for _, g, r in set_rows)
        print(f"  puzzles slower than ISS's CPU time: {slower} of {len(set_rows)}")
        if args.phases:
            print_phases(set_rows)
    print("\nskipped:" if skipped else "\nskipped: none")
    for line in skipped:
        print("  " + line)
    print("status disagreements:" if disagreements else "status disagreements: none")
    for line in disagreements:
        print("  " + line)
    print(f"solutions unlike the published one (checked on both sides for the {checked} unique puzzles that have one):"
          + ("" if wrong else " none"))
    for line in wrong:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
