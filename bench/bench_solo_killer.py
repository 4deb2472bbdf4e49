"""Killer sudoku levels against Tatham's Solo in killer mode, and generation time against his generator, in
one run.

Needs Solo's standalone solver and its generator, built outside the repository from his sources (SRC: the
directory holding solo.c, divvy.c, dsf.c, ...), in one directory given as `--tatham DIR` or the
environment variable GRIDLOGIC_TATHAM. Solo's drawing code is not wanted: a one-line file STUB.c holding
`#include "puzzles.h"` and an empty `draw_thick_polygon` stands in for it.

    gcc -O2 -DANDROID -DSTANDALONE_SOLVER -I$SRC $SRC/solo.c $SRC/divvy.c $SRC/dsf.c $SRC/random.c \
        $SRC/misc.c $SRC/malloc.c $SRC/nullfe.c STUB.c -lm -o solo-solver
    gcc -O2 -DANDROID -DGAME_C='"solo.c"' -I$SRC bench/tatham_gen.c $SRC/divvy.c $SRC/dsf.c $SRC/random.c \
        $SRC/misc.c $SRC/malloc.c $SRC/nullfe.c STUB.c -lm -o solo-gen

Solo rates a killer on two scales: its sudoku techniques (Trivial: box hidden singles; Basic: line hidden
singles and naked singles; Intermediate: pointing and claiming; Advanced: naked and hidden sets; Extreme:
fish and forcing chains; Unreasonable: guessing) and its cage techniques (Trivial: one-cell cages; Simple:
a cage's least and greatest sums; Intermediate: a cage's combinations; Advanced: the 45 rule). It tries
every cage technique before its sudoku ones past box singles, and its generator always asks for the
Advanced cage level: the level Solo shows a player is the sudoku one, which the tables use. Solo's solver
reads a cage's distinct digits only through its tables of sums, for cages inside one row, column or box:
it may find a killer with cages across boxes ambiguous ("Ambiguous") that has one solution.

For each size (6×6, 9×9) and level:
  (a) `--seeds` killers made by us (api "generate", seeds 0, 1, ...) are rated by Solo's solver: a
      confusion table, our level by row, Solo's by column;
  (b) as many killers made by Solo's generator at each of its levels (seed 1) are rated by our grader: a
      confusion table, Solo's level by row;
  (c) our median CPU time per puzzle (time.process_time, attempts included) over Solo's median (its
      generator's own CPU timer, the puzzles of (b)) at the matching level (MATCH).

    python bench/bench_solo_killer.py [--tatham DIR] [--seeds N] [--sizes 6,9]
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pysrc"))

from gridlogic import api, generate  # noqa: E402,F401 (generate: the makers load before the kind's grader)
from gridlogic.kinds import sudoku  # noqa: E402

LEVELS = ("easy", "medium", "hard", "fiendish")
SOLO = (("Trivial", "t"), ("Basic", "b"), ("Intermediate", "i"), ("Advanced", "a"), ("Extreme", "e"),
        ("Unreasonable", "u"))
MATCH = {"easy": "b", "medium": "i", "hard": "a", "fiendish": "u"}
PARAMS = {6: "2x3", 9: "3x3"}


def solo_rating(tools: Path, game_id: str) -> tuple[str, str]:
    """Solo's two ratings of a killer game ID: its sudoku level and its cage level ("refused" when Solo does
    not read the ID: it takes no one-cell cage, which our cutter leaves when no neighbour lacks its digit)."""
    ran = subprocess.run([str(tools / "solo-solver"), "-g", game_id], capture_output=True, text=True, timeout=120)
    if "too small" in ran.stderr:
        return "refused", "refused"
    out = ran.stdout
    level = re.search(r"Difficulty rating: (\w+)", out)
    cages = re.search(r"Killer difficulty: (\w+)", out)
    return (level.group(1) if level else "none"), (cages.group(1) if cages else "none")


def solo_made(tools: Path, params: str, count: int) -> list[tuple[str, float]]:
    """`count` killers of Solo's generator: (game ID, CPU seconds)."""
    out = subprocess.run([str(tools / "solo-gen"), params, str(count), "1"], capture_output=True, text=True,
                         timeout=1200, check=True).stdout
    return [(line.split("\t")[0], float(line.split("\t")[1])) for line in out.splitlines()]


def ours(n: int, level: str, seeds: int) -> tuple[list, list[float]]:
    """Our killers (puzzles) and the CPU seconds each took."""
    puzzles, times = [], []
    for seed in range(seeds):
        start = time.process_time()
        result = api.handle({"op": "generate", "kind": "sudoku", "rows": n, "difficulty": level, "seed": seed,
                             "constraints": ["killer"], "budget_ms": 120000})["result"]
        times.append(time.process_time() - start)
        if result.get("status") == "generated":
            puzzles.append(sudoku.from_state(result["state"]))
    return puzzles, times


def table(title: str, rows: list[str], cols: list[str], counts: collections.Counter) -> None:
    print(f"\n| {title} | " + " | ".join(cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for row in rows:
        if any(counts[(row, col)] for col in cols):
            print(f"| {row} | " + " | ".join(str(counts[(row, col)] or "") for col in cols) + " |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tatham", default=os.environ.get("GRIDLOGIC_TATHAM"))
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--sizes", default="6,9")
    args = parser.parse_args()
    if not args.tatham:
        sys.exit("give --tatham DIR (or GRIDLOGIC_TATHAM): Solo's solver and generator, built as the docstring says")
    tools = Path(args.tatham)
    names = [name for name, _ in SOLO] + ["Ambiguous", "refused"]
    by_letter = dict((letter, name) for name, letter in SOLO)
    for n in (int(x) for x in args.sizes.split(",")):
        ours_by, theirs_by, cages_by = collections.Counter(), collections.Counter(), collections.Counter()
        our_times, their_times = {}, {}
        for level in LEVELS:
            puzzles, our_times[level] = ours(n, level, args.seeds)
            for puzzle in puzzles:
                rated, cages = solo_rating(tools, sudoku.to_tatham(puzzle))
                ours_by[(level, rated)] += 1
                cages_by[(level, cages)] += 1
        for name, letter in SOLO:
            if letter == "u" and n == 9:
                continue                   # Solo's Unreasonable 9×9 killer: minutes a puzzle
            made = solo_made(tools, f"{PARAMS[n]}kd{letter}", args.seeds)
            their_times[letter] = [t for _, t in made]
            for game_id, _ in made:
                theirs_by[(solo_rating(tools, game_id)[0], sudoku.grader(p := sudoku.from_tatham(game_id)).grade(p).level)] += 1
        print(f"\n## {n}×{n}")
        table(f"(a) ours, rated by Solo", list(LEVELS), names, ours_by)
        table("(a) Solo's cage level", list(LEVELS), ["Trivial", "Simple", "Intermediate", "Advanced", "refused"],
              cages_by)
        table("(b) Solo's, rated by ours", names, list(LEVELS), theirs_by)
        print("\n| (c) level | ours (median s) | Solo's (median s) | ratio |\n|---|---|---|---|")
        for level in LEVELS:
            mine, theirs = statistics.median(our_times[level]), their_times.get(MATCH[level])
            if theirs:
                base = statistics.median(theirs)
                print(f"| {level} vs {by_letter[MATCH[level]]} | {mine:.3f} | {base:.4f} | {mine / max(base, 1e-6):.0f}× |")
            else:
                print(f"| {level} | {mine:.3f} | - | - |")


if __name__ == "__main__":
    main()
