"""Eager against lazy connectivity and loops (cnf/connected.py, cnf/loops.py), on solve, count, facts
(the backbone) and a whole hint walk, measured in one run; prints each time and the ratio lazy/eager.

Two small genres are composed here from the rule library, as a genre would compose them:
- slitherlink: `loop_on_edges` plus, for each clue, exactly that many used edges around its cell;
- kurodoko: the unshaded cells connected, no two shaded cells adjacent, and each clue's cell unshaded
  and seeing its number of cells (`seen_count`).
The puzzles were made by drawing a random solution, giving every clue and dropping clues while the
solution stayed unique; the "open" ones drop more, so they have many solutions (count, facts).
Every measurement runs each encoding on a new solver; the hint walk asks a new solver too (as ratings
and the generator do) and must give the same steps both ways.

    PYTHONPATH=pysrc python bench/bench_rules.py                       # about half a minute
    PYTHONPATH=pysrc python bench/bench_rules.py --engine cadical195   # the page's engine
"""

from __future__ import annotations

import argparse
import sys
import time
from types import SimpleNamespace

from gridlogic import explain, lattice, solver, walks
from gridlogic.backends import sat
from gridlogic.cnf import connected as conn
from gridlogic.cnf import loops
from gridlogic.cnf.visibility import seen_count
from gridlogic.cnf.formula import Formula, Not
from gridlogic.session import Session

SLITHER = {
    "6x6": "0.1.../12..12/....21/310.1./21..../..11..",
    "10x10": "2..1..223./1...0..211/.....0..../1........0/.0.1..20../.0..1...../1.1.3.0.../.1......../"
             ".2.0.00.../.0........",
    "15x15": ".....1...1...1./....12.0..00.0./....2.........1/..0.2.00......1/....0........../....02.......0./"
             "...0.......0.0./.....1...0.0.../...0.10.0...0.2/...0.......0.22/.....20.0..0.../......21.31.2../"
             "........1...2../..........1..../...........0...",
}
KURODOKO = {
    "6x6": ".,.,.,.,.,./.,.,8,.,.,./.,.,.,.,6,11/5,.,.,.,.,./.,.,.,.,.,7/.,4,.,.,.,.",
    "10x10": ".,.,.,3,.,.,.,.,.,./.,.,8,.,.,.,.,14,.,./.,.,9,.,.,.,.,.,.,6/18,.,.,.,.,.,.,.,.,./.,.,.,.,9,.,.,.,.,./"
             ".,.,15,.,.,.,.,.,.,./.,.,.,.,.,10,.,.,.,./.,.,.,.,.,.,.,.,11,./.,.,.,.,.,.,.,.,.,./.,4,.,6,.,10,.,.,.,.",
    "14x14": ".,.,.,.,.,6,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,3,.,10,.,.,./.,.,9,5,.,11,.,.,.,10,.,.,13,./"
             ".,.,.,.,.,.,.,.,.,.,.,8,.,./.,.,.,6,.,.,.,.,.,.,.,.,.,./5,.,.,.,.,.,.,.,.,.,.,.,.,./"
             ".,.,.,9,.,.,.,3,.,.,.,.,.,./.,.,.,.,.,.,.,.,.,.,13,.,.,8/.,9,.,.,.,.,.,.,.,.,.,.,.,./"
             ".,.,.,.,.,.,.,.,.,.,.,13,.,./.,.,9,.,.,9,.,.,.,.,6,.,.,./.,.,.,.,.,.,.,.,.,.,.,20,.,./"
             ".,7,.,12,.,.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,17,13,.,.,.,.,.",
}


def parse(text: str, sep: str | None) -> tuple[int, int, dict]:
    """Rows split by "/", cells by `sep` (None: one character each); "." is no clue."""
    rows = [row.split(sep) if sep else list(row) for row in text.split("/")]
    clues = {(r, c): int(v) for r, row in enumerate(rows) for c, v in enumerate(row) if v != "."}
    return len(rows), len(rows[0]), clues


def opened(puzzle: tuple[int, int, dict], keep: float) -> tuple[int, int, dict]:
    """The puzzle with only the first `keep` of its clues (in reading order): several solutions."""
    rows, cols, clues = puzzle
    return rows, cols, dict(sorted(clues.items())[:round(keep * len(clues))])


def slitherlink(lazy: bool) -> SimpleNamespace:
    """The mini-genre: a kind the solver and explain accept (a fact is (y, x, used) at an edge point)."""
    def encode(puzzle, f: Formula) -> None:
        rows, cols, clues = puzzle
        f.show(loops.loop_on_edges(f, rows, cols, lazy=lazy))
        for (r, c), n in sorted(clues.items()):
            edges = lattice.cell_edges(lattice.cell_point(r, c), rows, cols)
            with f.clue(("clue", r, c), [(r, c)], f"the {n} at r{r + 1}c{c + 1}"):
                f.exactly([("line", *e) for e in edges], n)
    return _kind("slitherlink", encode, lambda key, value: (key[1], key[2], int(value)))


def kurodoko(lazy: bool) -> SimpleNamespace:
    """The mini-genre: a fact is (r, c, shaded)."""
    def encode(puzzle, f: Formula) -> None:
        rows, cols, clues = puzzle
        cells = lattice.cells(rows, cols)
        f.show(("shade", *p) for p in cells)
        for p in cells:
            for q in lattice.neighbours(p, rows, cols):
                if p < q:
                    f.clause([Not(("shade", *p)), Not(("shade", *q))])
        conn.connected_cells(f, rows, cols, lambda p: Not(("shade", *p)), lazy=lazy)
        for (r, c), n in sorted(clues.items()):
            p = lattice.cell_point(r, c)
            with f.clue(("clue", r, c), [(r, c)], f"the {n} at r{r + 1}c{c + 1}"):
                f.clause([Not(("shade", *p))])
                seen_count(f, rows, cols, p, n, lambda q: Not(("shade", *q)))
    return _kind("kurodoko", encode, lambda key, value: (*lattice.point_cell(key[1:]), int(value)))


def _kind(key: str, encode, fact) -> SimpleNamespace:
    return SimpleNamespace(KEY=key, TITLE=key, encode=encode, decode=lambda puzzle, model: model.true_keys(),
                           fact_of=lambda puzzle, k, value: fact(k, value) if k[0] in ("line", "shade") else None)


def empty(rule, rows: int, cols: int, lazy: bool) -> Formula:
    """The rule alone on an empty R×C grid, its variables shown (for counting every model)."""
    f = Formula()
    if rule == "connected":
        f.show(("shade", *p) for p in lattice.cells(rows, cols))
        conn.connected_cells(f, rows, cols, lambda p: ("shade", *p), lazy=lazy)
    else:
        f.show(loops.loop_through_cells(f, rows, cols, lazy=lazy))
    return f


def count(f: Formula, engine: str) -> int:
    """Every model of `f` (on its shown variables)."""
    return sat.enumerate_models(f, 10**6, keep=0, engine=engine)[1]


def timed(run) -> tuple[float, object]:
    start = time.perf_counter()
    out = run()
    return time.perf_counter() - start, out


def both(label: str, run) -> None:
    """Run `run(lazy)` eager then lazy; print the times, the ratio, and whether the answers agree."""
    eager_s, eager = timed(lambda: run(False))
    lazy_s, lazy = timed(lambda: run(True))
    same = "same" if eager == lazy else "DIFFERENT"
    said = f" ({eager})" if isinstance(eager, int) else ""
    print(f"{label:<40} eager {eager_s:8.3f} s   lazy {lazy_s:8.3f} s   lazy/eager {lazy_s / eager_s:6.3f}   "
          f"{same}{said}", flush=True)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--large", action="store_true", help="add a 15×15 slitherlink (eager: a minute)")
    parser.add_argument("--engine", default=sat.DEFAULT_ENGINE, help="SAT engine (default: %(default)s)")
    args = parser.parse_args(argv)
    eng, large = args.engine, args.large
    print(f"engine {eng}")
    genres = (("slitherlink", slitherlink, SLITHER, None), ("kurodoko", kurodoko, KURODOKO, ","))
    print("solve (a second solution looked for, encoding included)")
    for name, kind, texts, sep in genres:
        for size, text in texts.items():
            if size != "15x15" or large:
                both(f"  {name} {size}", lambda lazy: solver.solve(kind(lazy), parse(text, sep), engine=eng).status)
    print("count (every model)")
    both("  connected cells, empty 4x4", lambda lazy: count(empty("connected", 4, 4, lazy), eng))
    both("  loop through cells, empty 4x5", lambda lazy: count(empty("loop", 4, 5, lazy), eng))
    for name, kind, texts, sep in genres:
        puzzle = opened(parse(texts["6x6"], sep), 0.7)
        both(f"  {name} 6x6, 70% of its clues",
             lambda lazy: solver.solve(kind(lazy), puzzle, mode="count", limit=10**5, engine=eng).count)
    print("facts (cells every solution shares)")
    for name, kind, texts, sep in genres:
        for size in ("6x6", "10x10"):
            puzzle = opened(parse(texts[size], sep), 0.6)
            both(f"  {name} {size}, 60% of its clues",
                 lambda lazy: explain.facts(Session(kind(lazy), puzzle, engine=eng)))
    print("hint walk (every step, on a new solver)")
    for name, kind, texts, sep in genres:
        puzzle = parse(texts["6x6"], sep)
        both(f"  {name} 6x6", lambda lazy: [step.sentence for step in
                                             walks.walk(kind(lazy), puzzle, new=True, engine=eng).steps])


if __name__ == "__main__":
    main(sys.argv[1:])
