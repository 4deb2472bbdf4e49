"""Binary and futoshiki levels against Tatham's Unruly and Unequal, and generation time against his generators,
in one run.

Needs Tatham's standalone solvers and generators, built outside the repository from his sources (SRC: the
directory holding unruly.c, unequal.c, latin.c, ...), in one directory given as `--tatham DIR` or the
environment variable GRIDLOGIC_TATHAM:

    gcc -O2 -DSTANDALONE_SOLVER -I$SRC $SRC/unruly.c $SRC/random.c $SRC/misc.c $SRC/malloc.c $SRC/nullfe.c \
        -lm -o unruly-solver
    gcc -O2 -DANDROID -DSTANDALONE_SOLVER -I$SRC $SRC/unequal.c $SRC/latin.c $SRC/tree234.c $SRC/matching.c \
        $SRC/random.c $SRC/misc.c $SRC/malloc.c $SRC/nullfe.c -lm -o unequal-solver
    and unruly-gen, unequal-gen from bench/tatham_gen.c (its comment has the commands).

For each kind, size and level:
  (a) `--seeds` puzzles made by us (api "generate", seeds 0, 1, ...) are rated by Tatham's solver
      (Unruly: Trivial / Easy / Normal, or "beyond" when its solver cannot finish; Unequal: Trivial / Easy /
      Tricky / Extreme / Recursive): a confusion table, our level by row;
  (b) as many puzzles made by Tatham's generator at each of his levels (seed 1) are rated by his solver and
      by our grader: a confusion table, his solver's level by row (at 4×4 Unequal's generator gives up on
      Tricky and harder after its tries and hands out Easy puzzles, as his solver rates them);
  (c) our median CPU time per puzzle (time.process_time, the attempts included) over his median (his
      generator's own CPU timer, the same puzzles as (b)) at the matching level: the ratio. Our fiendish
      binary has no Unruly level; its ratio is against Unruly's Normal.
Unruly's puzzles are asked with rule 3 on (`u` in its parameters), as binary puzzles have it.

    python bench/bench_tatham_levels.py [--tatham DIR] [--seeds N] [--budget S] [--only binary,futoshiki]
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

from gridlogic import api  # noqa: E402
from gridlogic.generate import maker_of  # noqa: E402
from gridlogic.kinds import binary, futoshiki  # noqa: E402

LEVELS = ("easy", "medium", "hard", "fiendish")
GAMES = {
    "binary": {"kind": binary, "game": "unruly", "sizes": (6, 8, 10), "params": "{n}x{n}ud{c}",
               "theirs": (("Trivial", "t"), ("Easy", "e"), ("Normal", "n")),
               "match": {"easy": "t", "medium": "e", "hard": "n", "fiendish": "n"}},
    "futoshiki": {"kind": futoshiki, "game": "unequal", "sizes": (4, 5, 6, 7), "params": "{n}d{c}",
                  "theirs": (("Trivial", "t"), ("Easy", "e"), ("Tricky", "k"), ("Extreme", "x"), ("Recursive", "r")),
                  "match": {"easy": "t", "medium": "e", "hard": "k", "fiendish": "x"}},
}


def tatham_rating(tools: Path, game: str, game_id: str) -> str:
    """Tatham's solver's difficulty for a game ID: its level's name, or "beyond" when it cannot finish."""
    out = subprocess.run([str(tools / f"{game}-solver"), game_id], capture_output=True, text=True, timeout=60).stdout
    found = re.search(r"Difficulty: (\w+)|Game has difficulty (\w+)", out)
    if found is None or "No solution found" in out:       # (Unruly names the techniques it used, then gives up)
        return "beyond"
    return found.group(1) or found.group(2)


def tatham_made(tools: Path, game: str, params: str, count: int) -> list[tuple[str, float]]:
    """`count` puzzles of Tatham's generator: (game ID, CPU seconds)."""
    out = subprocess.run([str(tools / f"{game}-gen"), params, str(count), "1"], capture_output=True, text=True,
                         timeout=600, check=True).stdout
    return [(line.split("\t")[0], float(line.split("\t")[1])) for line in out.splitlines()]


def ours(kind: str, n: int, level: str, seeds: int, budget_s: float) -> tuple[list[str], list[float], int]:
    """Our puzzles (texts), CPU seconds each, and how many ran out of budget."""
    texts, times, stopped = [], [], 0
    for seed in range(seeds):
        start = time.process_time()
        result = api.handle({"op": "generate", "kind": kind, "rows": n, "difficulty": level, "seed": seed,
                             "budget_ms": int(budget_s * 1000)})["result"]
        spent = time.process_time() - start
        if result["status"] == "generated":
            texts.append(result["text"])
            times.append(spent)
        else:
            stopped += 1
    return texts, times, stopped


def table(title: str, rows: dict, columns: list[str]) -> None:
    print(f"\n{title}\n")
    print("| | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for name, counts in rows.items():
        print(f"| {name} | " + " | ".join(str(counts.get(c, 0) or "") for c in columns) + " |")


def run(name: str, tools: Path, seeds: int, budget_s: float) -> None:
    spec = GAMES[name]
    kind, game = spec["kind"], spec["game"]
    theirs = [title for title, _ in spec["theirs"]]
    ours_by_level: dict = {level: collections.Counter() for level in LEVELS}
    theirs_by_level: dict = {title: collections.Counter() for title in theirs + ["beyond"]}
    print(f"\n## {name} against {game}\n")
    print("| size | level | ours median | ours max | out of budget | Tatham's median (his level) | ratio |")
    print("|---|---|---|---|---|---|---|")
    for n in spec["sizes"]:
        made = {}
        for title, code in spec["theirs"]:
            made[code] = tatham_made(tools, game, spec["params"].format(n=n, c=code), seeds)
            for game_id, _ in made[code]:
                puzzle = kind.from_tatham(game_id)
                grade = kind.grader(puzzle).grade(puzzle)
                theirs_by_level[tatham_rating(tools, game, game_id)][grade.level if grade.solved else "stuck"] += 1
        for level in maker_of(kind).levels(n, n):
            texts, times, stopped = ours(name, n, level, seeds, budget_s)
            for text in texts:
                ours_by_level[level][tatham_rating(tools, game, kind.to_tatham(kind.parse(text)))] += 1
            code = spec["match"][level]
            his = statistics.median(t for _, t in made[code])
            mine = statistics.median(times) if times else None
            ratio = f"{mine / his:.0f}×" if mine else "-"
            print(f"| {n}×{n} | {level} | {mine or 0:.3f} s | {max(times, default=0):.3f} s | {stopped} | "
                  f"{his * 1000:.2f} ms ({code}) | {ratio} |", flush=True)
    table(f"(a) {name}: our level (rows) rated by {game}'s solver (columns), sizes {spec['sizes']}", ours_by_level,
          theirs + ["beyond"])
    table(f"(b) {name}: {game}'s level (rows) rated by our grader (columns), sizes {spec['sizes']}", theirs_by_level,
          list(LEVELS) + ["stuck"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tatham", default=os.environ.get("GRIDLOGIC_TATHAM"))
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=60.0)
    parser.add_argument("--only", default="binary,futoshiki")
    args = parser.parse_args()
    if not args.tatham or not Path(args.tatham).is_dir():
        raise SystemExit("Tatham's tools not found: give --tatham DIR or GRIDLOGIC_TATHAM (see the docstring)")
    for name in args.only.split(","):
        run(name, Path(args.tatham), args.seeds, args.budget)


if __name__ == "__main__":
    main()
