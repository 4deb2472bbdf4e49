"""Requests built to outlast their budgets, for every op, SAT engine and backend (shared by
tests/test_budget.py, the fuzz's budget family and bench/bench_budgets.py).

They range from small (an empty 9×9 sudoku counted) to large (a random 100×100 nonogram, an empty 25×25
sudoku through z3, Faase and the 31×46 kakuro when the corpus is there), so encoding, loading, search,
ranking reasons, reading models and writing solutions all meet the deadline somewhere. Among them the
shapes that once overran: a hint on a blank 100×100 nonogram, glucose4 on a puzlogic lattice (now
refused under a budget), CaDiCaL on Faase, z3 on an empty 25×25 sudoku, `all` on an empty 30×30 binary,
the candidates of an empty 25×25 sudoku.
"""

from __future__ import annotations

import random
import string
from pathlib import Path

from gridlogic.backends import has_z3, sat

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def puzlogic_miscounted(n: int, seed: int, values: int | None = None) -> str:
    """An n×n lattice of empty cells whose row sums total one more than its column sums: no solution,
    found only by exhausting placements (piece values 1..`values`, default max(n + 4, 2n - 1))."""
    rng = random.Random(seed)
    values = values or max(n + 4, 2 * n - 1)
    cells: dict[tuple[int, int], int] = {}
    for r in range(n):
        for c in range(n):
            used = {v for (r2, c2), v in cells.items() if r2 == r or c2 == c}
            cells[r, c] = rng.choice([v for v in range(1, values + 1) if v not in used])
    lines = [f"cells {r} {c} 0" for r, c in cells]
    lines.append("pieces " + " ".join(str(v) for v in cells.values()))
    for axis in (0, 1):
        for index in range(n):
            total = sum(v for cell, v in cells.items() if cell[axis] == index)
            lines.append(f"sum all {axis} {index} {total + (axis == 0 and index == 0)}")
    return "\n".join(lines)


def puzlogic_pieces(n: int, seed: int) -> str:
    """An n×n lattice of empty cells and n·n random pieces (values 1..99, at most n of each): glucose4
    ran 100,000 conflicts in one piece asked for 100 on n = 10, seed 0."""
    rng = random.Random(seed)
    rng.choice([10, 11, 12, 15, 20, 50, 99])
    pieces: list[int] = []
    while len(pieces) < n * n:
        v = rng.randint(1, 99)
        if pieces.count(v) < n:
            pieces.append(v)
    cells = "\n".join(f"cells {r} {c} 0" for r in range(n) for c in range(n))
    return cells + "\npieces " + " ".join(map(str, pieces))


def puzlogic_latin(n: int) -> str:
    """An n×n lattice of empty cells and n pieces of each value 1..n: a Latin square to find."""
    cells = "\n".join(f"cells {r} {c} 0" for r in range(n) for c in range(n))
    return cells + "\npieces " + " ".join(str(v) for v in range(1, n + 1) for _ in range(n))


def sudoku_pattern(k: int, share: float, seed: int, wrong: bool = False) -> str:
    """A (k·k)² sudoku giving `share` of a patterned solution's cells; with `wrong`, one given changed to a
    digit its row, column and box do not show."""
    n = k * k
    rng = random.Random(seed)
    grid = [[SYMBOLS[(k * (r % k) + r // k + c) % n] if rng.random() < share else "." for c in range(n)]
            for r in range(n)]
    while wrong:
        r, c = rng.randrange(n), rng.randrange(n)
        box = {grid[i][j] for i in range(r // k * k, r // k * k + k) for j in range(c // k * k, c // k * k + k)}
        free = [s for s in SYMBOLS[:n] if s not in set(grid[r]) | {row[c] for row in grid} | box]
        if grid[r][c] != "." and free:
            grid[r][c], wrong = rng.choice(free), False
    return "\n".join("".join(row) for row in grid)


def sudoku_entries(text: str, k: int, most: int) -> list[list[int]]:
    """The patterned solution's digits for the first `most` open cells, the sixth one wrong."""
    n = k * k
    rows = text.split("\n")
    entries = [[r, c, (k * (r % k) + r // k + c) % n + 1] for r in range(n) for c in range(n)
               if rows[r][c] == "."][:most]
    entries[5][2] = entries[5][2] % n + 1
    return entries


def _clue(line: list[bool]) -> str:
    runs = [len(run) for run in "".join("#" if x else "." for x in line).split(".") if run]
    return " ".join(map(str, runs)) or "0"


def nonogram_random(n: int, seed: int, quarter_turn: bool = False) -> str:
    """A .non file whose clues come from a random n×n picture (with `quarter_turn`, one that keeps it)."""
    rng = random.Random(seed)
    picture = [[False] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            if rng.random() < (0.12 if quarter_turn else 0.5):
                turns = [(r, c), (c, n - 1 - r), (n - 1 - r, n - 1 - c), (n - 1 - c, r)] if quarter_turn else [(r, c)]
                for a, b in turns:
                    picture[a][b] = True
    rows = "\n".join(_clue(row) for row in picture)
    columns = "\n".join(_clue([picture[r][c] for r in range(n)]) for c in range(n))
    return f"width {n}\nheight {n}\nrows\n{rows}\n\ncolumns\n{columns}\n"


def nonogram_blank(n: int) -> str:
    """An n×n nonogram whose every clue is 0: one solution, every cell forced by its own line."""
    return f"width {n}\nheight {n}\nrows\n" + "0\n" * n + "columns\n" + "0\n" * n


def numbercross(n: int, clue: str) -> str:
    """An open n×n number cross (a region per cell, repeating every 26) with one clue on every row."""
    grid = "\n".join("".join(string.ascii_uppercase[(r * 3 + c) % 26] for c in range(n)) for r in range(n))
    return grid + "\n\n" + "\n".join([clue] * n)


def corpus(*parts: str) -> str | None:
    path = CORPUS.joinpath(*parts)
    return path.read_text(encoding="utf-8") if path.is_file() else None


def blank(n: int) -> str:
    return "\n".join(["." * n] * n)


def requests() -> dict[str, list[tuple[str, dict]]]:
    """Op -> (name, request) pairs whose work outlasts a few seconds (engine, backend and budget are
    added per round)."""
    faase = corpus("nonogram", "webpbn_survey_non", "faase.non")
    largest = corpus("kakuro", "janko_kakuro_largest10.txt")
    kakuro_31x46 = largest and largest.split("=== ")[1].split("\n", 1)[1].split("--- solution")[0]
    knotty = corpus("nonogram", "webpbn_survey_non", "knotty.non")
    open25, open16 = sudoku_pattern(5, 0.2, 1), sudoku_pattern(4, 0.1, 2)
    solve = [
        ("puzlogic 10x10 miscounted", {"kind": "puzlogic", "text": puzlogic_miscounted(10, 1)}),
        ("puzlogic 20x20 miscounted", {"kind": "puzlogic", "text": puzlogic_miscounted(20, 2)}),
        ("puzlogic 30x30 latin", {"kind": "puzlogic", "text": puzlogic_latin(30)}),
        ("puzlogic 10x10 random pieces", {"kind": "puzlogic", "text": puzlogic_pieces(10, 0)}),
        ("nonogram 60x60 random", {"kind": "nonogram", "text": nonogram_random(60, 3)}),
        ("nonogram 100x100 random", {"kind": "nonogram", "text": nonogram_random(100, 1)}),
        ("nonogram 80x80 quarter turn", {"kind": "nonogram", "text": nonogram_random(80, 1, quarter_turn=True)}),
        ("sudoku 25x25 empty", {"kind": "sudoku", "text": "." * 625}),
        ("binary 100x100 empty", {"kind": "binary", "text": blank(100)}),
    ] + [(name, {"kind": "kakuro", "text": text}) for name, text in (("kakuro 31x46", kakuro_31x46),)
         if text is not None] + [(name, {"kind": "nonogram", "text": text}) for name, text in (("Faase", faase), ("Knotty", knotty))
         if text is not None]
    count = [
        ("sudoku 9x9 empty", {"kind": "sudoku", "text": "." * 81}),
        ("sudoku 16x16 empty", {"kind": "sudoku", "text": "." * 256}),
        ("sudoku 25x25 empty", {"kind": "sudoku", "text": "." * 625}),
        ("binary 20x20 empty", {"kind": "binary", "text": blank(20)}),
        ("binary 30x30 empty", {"kind": "binary", "text": blank(30)}),
        ("puzlogic 12x12 latin", {"kind": "puzlogic", "text": puzlogic_latin(12)}),
    ]
    return {
        "solve": solve,
        "count": [(name, {**r, "count": True, "limit": 10 ** 6}) for name, r in count],
        "all": [(name, {**r, "all": True, "limit": 10 ** 6}) for name, r in count],
        "candidates": [("sudoku 25x25 empty", {"kind": "sudoku", "text": blank(25), "candidates": True}),
                       ("sudoku 25x25 open", {"kind": "sudoku", "text": open25, "candidates": True}),
                       ("binary 30x30 empty", {"kind": "binary", "text": blank(30), "candidates": True}),
                       ("nonogram 40x40 random", {"kind": "nonogram", "text": nonogram_random(40, 4),
                                                  "candidates": True})],
        "facts": [("sudoku 25x25 open", {"kind": "sudoku", "text": open25, "facts": True}),
                  ("sudoku 16x16 open", {"kind": "sudoku", "text": open16, "facts": True}),
                  ("binary 30x30 empty", {"kind": "binary", "text": blank(30), "facts": True}),
                  ("nonogram 40x40 random", {"kind": "nonogram", "text": nonogram_random(40, 4), "facts": True})],
        "explain": [("sudoku 25x25 80% wrong", {"kind": "sudoku", "text": sudoku_pattern(5, 0.8, 1, True),
                                                "explain": True}),
                    ("sudoku 25x25 70% wrong", {"kind": "sudoku", "text": sudoku_pattern(5, 0.7, 1, True),
                                                "explain": True}),
                    ("sudoku 16x16 70% wrong", {"kind": "sudoku", "text": sudoku_pattern(4, 0.7, 3, True),
                                                "explain": True})],
        "symmetry": [(name, {**r, "count": True, "symmetry": True, "limit": 10 ** 6}) for name, r in
                     [("binary 6x6 empty", {"kind": "binary", "text": blank(6)}),
                      ("binary 8x8 empty", {"kind": "binary", "text": blank(8)}),
                      ("sudoku 9x9 empty", {"kind": "sudoku", "text": "." * 81})]],
        "hint": [("sudoku 25x25 open", {"kind": "sudoku", "text": open25}),
                 ("sudoku 16x16 open", {"kind": "sudoku", "text": open16}),
                 ("binary 30x30 empty", {"kind": "binary", "text": blank(30)}),
                 ("nonogram 30x30 random", {"kind": "nonogram", "text": nonogram_random(30, 5)}),
                 ("nonogram 100x100 blank", {"kind": "nonogram", "text": nonogram_blank(100)}),
                 ("nonogram 70x70 blank", {"kind": "nonogram", "text": nonogram_blank(70)})]
                + [(name, {"kind": "kakuro", "text": text}) for name, text in (("kakuro 31x46", kakuro_31x46),)
                   if text is not None],
        "progress": [("sudoku 25x25 open, 300 entries", {"kind": "sudoku", "text": open25,
                                                         "entries": sudoku_entries(open25, 5, 300)}),
                     ("sudoku 16x16 open, 100 entries", {"kind": "sudoku", "text": open16,
                                                         "entries": sudoku_entries(open16, 4, 100)})],
        "clashes": [("sudoku 25x25 open, 300 entries", {"kind": "sudoku", "text": open25,
                                                        "entries": sudoku_entries(open25, 5, 300)}),
                    ("binary 30x30 empty", {"kind": "binary", "text": blank(30)})],
    }


NATIVE = {
    "solve": [("numbercross 10x10 palindromes x7", numbercross(10, "palindrome and multiple of 7"))],
    "count": [("numbercross 8x8 open", numbercross(8, "multiple of 1"))],
    "all": [("numbercross 8x8 open", numbercross(8, "multiple of 1"))],
    "symmetry": [("numbercross 8x8 open", numbercross(8, "multiple of 1"))],
}


def rounds(ops: dict[str, list[tuple[str, dict]]]) -> list[tuple[str, str, str, dict]]:
    """Every (op, where, name, request) to draw from: `where` is `sat:ENGINE`, `smt`, `native` or `rules`
    (clashes: unit propagation of its own, no engine)."""
    out = []
    smt = has_z3()
    for op, cases in ops.items():
        for name, base in cases:
            if op == "clashes":                   # (no engine: unit propagation of its own)
                out.append((op, "rules", name, {"op": op, **base}))
                continue
            if op in ("hint", "progress"):
                request = {"op": op, **base}
            else:
                request = {"op": "solve", "render": op == "all", **base}
            if op == "hint":
                out += [("hint-path", f"sat:{e}", name, {**request, "engine": e, "path": True})
                        for e in sat.BOUNDED_ENGINES]
            out += [(op, f"sat:{e}", name, {**request, "engine": e}) for e in sat.BOUNDED_ENGINES]
            if smt and op in ("solve", "count", "all", "facts", "explain", "symmetry"):
                out.append((op, "smt", name, {**request, "backend": "smt"}))
    for op, cases in NATIVE.items():
        for name, text in cases:
            extra = {"count": True, "limit": 10 ** 6} if op in ("count", "symmetry") else {}
            extra |= {"all": True, "limit": 10 ** 6} if op == "all" else {}
            extra |= {"symmetry": True} if op == "symmetry" else {}
            out.append((op, "native", name, {"op": "solve", "kind": "numbercross", "text": text,
                                              "render": op == "all", **extra}))
    return out
