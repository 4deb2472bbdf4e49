"""Loop genres (slitherlink, masyu, simple loop) on real puzz.link puzzles: each solved with uniqueness (a second solution looked for)
through the genre itself, the one loop eager (reach labels) and lazy (cuts), in one run; CPU seconds
(time.process_time, encoding included) and the ratio lazy/eager. Facts (the backbone) and a whole hint
walk on a new solver are measured on the smaller ones, and must agree both ways.

    PYTHONPATH=pysrc python bench/bench_loops.py                    # lazy everywhere, eager up to 10×10
    PYTHONPATH=pysrc python bench/bench_loops.py --eager-all        # eager on the large ones too (minutes)
    PYTHONPATH=pysrc python bench/bench_loops.py --engine cadical195

The puzzles, each with where it was published (puzz.link URLs found in public repositories):
"""

from __future__ import annotations

import argparse
import sys
import time

from gridlogic import explain, solver, walks
from gridlogic.backends import sat
from gridlogic.cnf import connected as conn
from gridlogic.links import import_link
from gridlogic.session import Session

PUZZLES = (
    # pzprjs test/script/slither.js
    ("slitherlink 5×5 (pzprjs test)", "https://puzz.link/p?slither/5/5/cbcbcddad"),
    # a puzzle list of difficulties 3 and 4 (a Next.js site's slitherlink page)
    ("slitherlink 10×10 a", "https://puzz.link/p?slither/10/10/81ab6dac77678c7dg2bgcgddi71cichcgcj8c60ac1a"),
    ("slitherlink 10×10 b", "https://puzz.link/p?slither/10/10/h362762ca1abk2b22dg3di8a6di1bg32a3ckb2bb277172c"),
    ("slitherlink 10×10 c", "https://puzz.link/p?slither/10/10/dh1ch18dg7chdh78b18616dh686dkdgd3bhbldkdgb"),
    # samples of a slitherlink step solver (its tests and store)
    ("slitherlink 18×10 a", "https://puzz.link/p?slither/18/10/i61ch28cg16dg122cg63bi3ah1di2dcg0bgb1bc6c8bchd8b6cd1"
                            "cbg2cgb3ci1dh3ci18dg132bg72bg82bh36dg"),
    ("slitherlink 18×10 b", "https://puzz.link/p?slither/18/10/c82chcdgcbgd63c173ah6aibi81b71cdjcdcb123ddbcbjb37d16di"
                            "di8dh161c36cdgcagdbh28bb"),
    # puzsq.logicpuzzle.app puzzle 15552
    ("slitherlink 25×15 a", "https://puzz.link/p?slither/25/15/g3c27ch18c3dgd2cg2c62ch62di2di3cjcga3a0dg3ag2c38dhdj2"
                            "ci2cg2d3ah18d0dg2di03c70bh62b2dg2cg2cjbgcj1bg1cg2a38dh07c20ci1bg1d82ch0c2ag3bi2djch61c3dg3"
                            "ag2b1cbgdj1di2di08ch37c2dg3acg2d72bh53d2d"),
    # pzprjs's genre list example (pzv.jp)
    ("slitherlink 25×15 b", "http://pzv.jp/p.html?slither/25/15/i5di5di6bg3ad13dc13bd3cg5bi7ci7dhai6bi6ci7b02bd33cc2"
                            "3d8ci8ai6cibh6di6bi7dg1ca31ab10dc3dg6bi6ai6chai7ci7ci8d33dc33cc20d8bi7di7cidh8di5ci6cg3dd0"
                            "3cb02ad3dg6bi7ci6bg"),
    # pzprjs test/script/mashu.js
    ("masyu 6×6 (pzprjs test)", "https://puzz.link/p?mashu/6/6/1063000i3000"),
    # a puzzle list's three- and four-star 10×10s
    ("masyu 10×10 a", "https://puzz.link/p?mashu/10/10/0211300020b100039j00020i13000a3i90"),
    ("masyu 10×10 b", "https://puzz.link/p?mashu/10/10/00120900i30i6300906026913200903000"),
    # a list of sample puzzles (Masyu 2)
    ("masyu 13×9", "https://puzz.link/p?mashu/13/9/013009k10a3a39310c9313693i016030j039a20"),
    # a puzzle dataset's 20×20 sample (a masyu step solver's tests)
    ("masyu 20×20", "https://puzz.link/p?mashu/20/20/i000006303j0215600c0031070269c30i0009069i200o99213300c4004c9"
                    "100l000610j96i900366k3991300969a1010c200j0c009i00190000b01606j1006c0904000"),
    # pzprjs test/script/simpleloop.js; a list of sample puzzles (Simple Loop 1); Noqx's example
    ("simple loop 5×5 (pzprjs test)", "https://puzz.link/p?simpleloop/5/5/sg020"),
    ("simple loop 12×12", "https://puzz.link/p?simpleloop/12/12/40860g10m0kc0o0m3480q0g0008h2"),
    ("simple loop 15×15", "https://puzz.link/p?simpleloop/15/15/124000400000a0004g0002008h12000482008400004i1"),
)
SMALL = 10 * 10                  # eager, facts and walks up to this many cells unless --eager-all


def timed(run):
    start = time.process_time()
    out = run()
    return time.process_time() - start, out


def with_lazy(lazy: bool, run):
    """`run()` with the loop rule eager or lazy (connected.LAZY is the default both families read)."""
    was = conn.LAZY
    conn.LAZY = lazy
    try:
        return timed(run)
    finally:
        conn.LAZY = was


def measure(label: str, run, eager: bool) -> None:
    lazy_s, lazy = with_lazy(True, run)
    if not eager:
        print(f"{label:<44} lazy {lazy_s:8.3f} s   {lazy}", flush=True)
        return
    eager_s, eager_out = with_lazy(False, run)
    same = "same" if eager_out == lazy else "DIFFERENT"
    print(f"{label:<44} eager {eager_s:8.3f} s   lazy {lazy_s:8.3f} s   lazy/eager {lazy_s / eager_s:6.3f}   "
          f"{same} {lazy}", flush=True)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eager-all", action="store_true", help="eager on every puzzle (the large take minutes)")
    parser.add_argument("--engine", default=sat.DEFAULT_ENGINE, help="SAT engine (default: %(default)s)")
    parser.add_argument("--only", default="", help="only the puzzles whose label starts with this")
    args = parser.parse_args(argv)
    print(f"engine {args.engine}")
    for label, url in PUZZLES:
        if not label.startswith(args.only):
            continue
        found = import_link(url)
        kind, puzzle = found.kind, found.puzzle
        rows, cols = puzzle.rows, puzzle.cols
        small = rows * cols <= SMALL
        eager = small or args.eager_all

        def solve():
            answer = solver.solve(kind, puzzle, engine=args.engine)
            assert not kind.check(puzzle, answer.solution), label
            return answer.status
        measure(f"solve {label}", solve, eager)
        if small:
            measure(f"facts {label}", lambda: len(explain.facts(Session(kind, puzzle, engine=args.engine))), eager)
        if rows * cols <= 36:
            measure(f"hint walk {label}", lambda: len(walks.walk(kind, puzzle, engine=args.engine, new=True).steps),
                    eager)


if __name__ == "__main__":
    main(sys.argv[1:])
