"""Variant sudoku families: every constraint type's encoding against its independent checker.

On 4×4 (2×2 boxes) the 288 grids are enumerated once; for random constraints of each type the SAT
models of (sudoku rules + the encoding) must be exactly the grids the checker (`HOLDS`) keeps, which
catches a bug in either. On 9×9, random grids with random constraints (half of them made to hold)
are solved with every digit fixed: satisfiable exactly when the checker says the grid keeps the
constraint. Hand examples pin each checker to the rules as written (9×9 ones among them: entropic
thirds, German whispers' 5, X's 10).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gridlogic.backends import sat
from gridlogic.cnf.formula import Formula, Not
from gridlogic.kinds.sudoku.constraints import DIRECTIONS, TYPES, Constraint, outside_cells, validate
from gridlogic.kinds.sudoku.families import ENCODE, GLOBAL_ENCODE, GLOBAL_HOLDS, HOLDS, Grid
from gridlogic.kinds.sudoku.families.sums import _distinct_groups

KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
SIDES = [(-1, 0), (1, 0), (0, -1), (0, 1)]
TRIALS = 30                 # random constraints per type on 4×4
TRIALS_9 = 20               # random constraints per type on 9×9


def boxes(n: int, rows: int, cols: int) -> tuple:
    return tuple(tuple((r0 + r, c0 + c) for r in range(rows) for c in range(cols))
                 for r0 in range(0, n, rows) for c0 in range(0, n, cols))


GRID4 = Grid(4, boxes(4, 2, 2))
GRID9 = Grid(9, boxes(9, 3, 3))
JIGSAW4 = Grid(4, (((0, 0), (0, 1), (0, 2), (1, 0)), ((0, 3), (1, 1), (1, 2), (1, 3)),
                   ((2, 0), (3, 0), (3, 1), (2, 1)), ((2, 2), (2, 3), (3, 2), (3, 3))))
PARTIAL4 = Grid(4, (((0, 0), (0, 1), (1, 0)), ((0, 2), (0, 3), (1, 2), (1, 3)), ((2, 0), (3, 0), (3, 1)),
                    ((2, 3), (3, 3))))


def all_grids() -> list[tuple[int, ...]]:
    """The 288 4×4 sudoku grids (2×2 boxes), row-major."""
    out, v = [], [0] * 16

    def fill(i: int) -> None:
        if i == 16:
            out.append(tuple(v))
            return
        r, c = divmod(i, 4)
        unit = {v[r * 4 + k] for k in range(c)} | {v[k * 4 + c] for k in range(r)}
        unit |= {v[j] for j in range(i) if (j // 4) // 2 == r // 2 and (j % 4) // 2 == c // 2}
        for d in range(1, 5):
            if d not in unit:
                v[i] = d
                fill(i + 1)
        v[i] = 0

    fill(0)
    return out


GRIDS = all_grids()


def rules(grid_boxes: tuple, n: int) -> Formula:
    """Each cell one digit, each row, column and box each digit once."""
    f = Formula()
    digit = Grid.digit
    for r in range(n):
        for c in range(n):
            f.exactly_one([digit(r, c, d) for d in range(1, n + 1)])
    for d in range(1, n + 1):
        for i in range(n):
            f.exactly_one([digit(i, c, d) for c in range(n)])
            f.exactly_one([digit(r, i, d) for r in range(n)])
            f.exactly_one([digit(r, c, d) for r, c in grid_boxes[i]])
    return f


def encode(f: Formula, constraints, grid: Grid, negatives=()) -> None:
    for i, k in enumerate(constraints):
        with f.clue(("c", i), k.cells, "x"):
            ENCODE[k.type](f, k, grid, ("k", i))
    for name in negatives:
        with f.clue(("g", name)):
            GLOBAL_ENCODE[name](f, tuple(constraints), grid, ("g", name))


def models_4x4(constraints, grid: Grid = GRID4, negatives=()) -> set[tuple[int, ...]]:
    """The grids SAT finds under the rules and the constraints' encodings."""
    f = rules(GRID4.regions, 4)
    encode(f, constraints, grid, negatives)
    f.show([Grid.digit(r, c, d) for r in range(4) for c in range(4) for d in range(1, 5)], fixed_weight=True)
    models, _, complete = sat.enumerate_models(f, 300)
    assert complete
    return {tuple(next(d for d in range(1, 5) if m[Grid.digit(r, c, d)]) for r in range(4) for c in range(4))
            for m in models}


def kept_4x4(constraints, grid: Grid = GRID4, negatives=()) -> set[tuple[int, ...]]:
    """The grids the checkers keep."""
    return {g for g in GRIDS if all(HOLDS[k.type](k, g, grid) for k in constraints)
            and all(GLOBAL_HOLDS[name](tuple(constraints), g, grid) for name in negatives)}


# -- random constraints ---------------------------------------------------------------------------
def path(rng: random.Random, n: int, length: int, moves=KING, start=None, avoid=()) -> tuple | None:
    cell = start or (rng.randrange(n), rng.randrange(n))
    if cell in avoid:
        return None
    out = [cell]
    while len(out) < length:
        r, c = out[-1]
        steps = [(r + dr, c + dc) for dr, dc in moves if 0 <= r + dr < n and 0 <= c + dc < n
                 and (r + dr, c + dc) not in out and (r + dr, c + dc) not in avoid]
        if not steps:
            return None
        out.append(rng.choice(steps))
    return tuple(out)


def cells(rng: random.Random, n: int, low: int, high: int) -> tuple:
    everything = [(r, c) for r in range(n) for c in range(n)]
    return tuple(rng.sample(everything, rng.randint(low, high)))


def outside(rng: random.Random, n: int, corners: bool = False) -> tuple:
    side = rng.choice((-1, n))
    along = rng.randrange(-1, n + 1) if corners else rng.randrange(n)
    return (side, along) if rng.random() < 0.5 else (along, side)


def some_value(rng: random.Random, n: int, high: int) -> int:
    return rng.randint(0, high * n // 4)


def make(rng: random.Random, name: str, n: int) -> Constraint:
    """A random constraint of type `name` on an n×n grid (valid as `validate` sees it)."""
    while True:
        k = _draft(rng, name, n)
        if k is None:
            continue
        try:
            validate(k, n)
        except Exception:
            continue
        return k


def _draft(rng: random.Random, name: str, n: int) -> Constraint | None:
    shape, long = TYPES[name].shape, min(n, 6) if n == 4 else 9
    if name == "killer":
        value = None if rng.random() < 0.2 else some_value(rng, n, 12)
        group = path(rng, n, rng.randint(1, 4), SIDES) if rng.random() < 0.6 else cells(rng, n, 1, 4)
        return group and Constraint(name, group, value)
    if name == "arrow":
        circle = path(rng, n, rng.choice((1, 1, 1, 2, 2, 3)), SIDES)
        if circle is None:
            return None
        start = None
        if len(circle) == 1:
            start = path(rng, n, 2, start=circle[0])
            start = start and start[1]
        line = path(rng, n, rng.choice((1, 2, 2, 3, 4)), start=start, avoid=circle)
        return line and Constraint(name, circle, None, line)
    if name == "littlekiller":
        direction = rng.choice(list(DIRECTIONS))
        return Constraint(name, (outside(rng, n, True),), some_value(rng, n, 12), direction=direction)
    if name in ("sandwich", "xsum", "skyscraper"):
        high = {"sandwich": 6, "xsum": 10, "skyscraper": 5}[name]
        return Constraint(name, (outside(rng, n),), rng.randint(0, high if n == 4 else high * 2 + 8))
    if name == "quadruple":
        r, c = rng.randrange(n - 1), rng.randrange(n - 1)
        digits = tuple(sorted(rng.randint(1, n) for _ in range(rng.randint(1, 4))))
        return Constraint(name, ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)), digits=digits)
    if name == "clone":
        shape_cells = path(rng, n, rng.randint(1, 3), SIDES)
        dr, dc = rng.randint(-2, 2), rng.randint(-2, 2)
        copy = tuple((r + dr, c + dc) for r, c in shape_cells or ())
        if shape_cells is None or not all(0 <= r < n and 0 <= c < n for r, c in copy) or (dr, dc) == (0, 0):
            return None
        return Constraint(name, shape_cells, None, copy)
    if shape == "dot":
        pair = path(rng, n, 2, SIDES)
        value = {"white": rng.choice((None, 0, 1, 2, 3)), "black": rng.choice((None, 1, 2, 3))}.get(name)
        return pair and Constraint(name, pair, value)
    if shape == "cell":
        return Constraint(name, cells(rng, n, 1, 3))
    if shape == "group":
        return Constraint(name, cells(rng, n, 1 if "indexer" in name else 2, 5))
    if name in ("whispers", "dutchwhispers"):
        value = rng.choice((None, None, 1, 2, 3))
    else:
        value = None
    line = path(rng, n, rng.randint(3 if name == "between" else 2, long))
    return line and Constraint(name, line, value)


# -- the checkers by hand ------------------------------------------------------------------------
def put(assign: dict, n: int = 9) -> list[int]:
    """An n×n grid of zeros holding `assign` ({(r, c): digit}; the checkers read only their cells)."""
    values = [0] * (n * n)
    for (r, c), d in assign.items():
        values[r * n + c] = d
    return values


def line(cells, digits) -> dict:
    return dict(zip(cells, digits))


def row(r: int, digits: str) -> dict:
    return {(r, c): int(d) for c, d in enumerate(digits)}


ROW0 = tuple((0, c) for c in range(9))
PATH3 = ((0, 0), (0, 1), (1, 2))
PATH4 = ((0, 0), (0, 1), (1, 2), (1, 3))
K = Constraint
HAND = [
    # sums
    (K("killer", ((0, 0), (0, 1)), 12), line(((0, 0), (0, 1)), (7, 5)), True),
    (K("killer", ((0, 0), (0, 1)), 11), line(((0, 0), (0, 1)), (7, 5)), False),
    (K("killer", ((0, 0), (4, 4))), line(((0, 0), (4, 4)), (7, 7)), False),
    (K("arrow", ((0, 0),), None, ((0, 1), (0, 2))), line(ROW0[:3], (9, 4, 5)), True),
    (K("arrow", ((0, 0),), None, ((0, 1), (1, 1))), line(((0, 0), (0, 1), (1, 1)), (8, 4, 4)), True),
    (K("arrow", ((0, 0),), None, ((0, 1), (1, 1))), line(((0, 0), (0, 1), (1, 1)), (8, 4, 3)), False),
    (K("arrow", ((0, 0), (0, 1)), None, ((1, 0), (1, 1))), line(((0, 0), (0, 1), (1, 0), (1, 1)), (1, 2, 9, 3)), True),
    # a pill reads left to right whatever order its cells are written in: 12 here, never 21
    (K("arrow", ((0, 1), (0, 0)), None, ((1, 0), (1, 1))), line(((0, 0), (0, 1), (1, 0), (1, 1)), (1, 2, 9, 3)), True),
    (K("arrow", ((0, 1), (0, 0)), None, ((1, 0), (1, 1))), line(((0, 0), (0, 1), (1, 0), (1, 1)), (2, 1, 9, 3)), False),
    (K("doublearrow", PATH4), line(PATH4, (3, 4, 5, 6)), True),
    (K("doublearrow", PATH4), line(PATH4, (3, 4, 5, 4)), False),
    (K("littlekiller", ((-1, -1),), 45, direction="DR"), {(i, i): i + 1 for i in range(9)}, True),
    (K("littlekiller", ((-1, -1),), 44, direction="DR"), {(i, i): i + 1 for i in range(9)}, False),
    (K("littlekiller", ((-1, 1),), 7, direction="DL"), {(0, 0): 7, (1, 1): 9}, True),
    (K("littlekiller", ((9, 7),), 8, direction="UR"), {(8, 8): 8, (7, 7): 1}, True),      # one cell: r9c9
    (K("littlekiller", ((9, 7),), 9, direction="UR"), {(8, 8): 8, (7, 7): 1}, False),
    (K("sandwich", ((0, -1),), 7), row(0, "213495678"), True),
    (K("sandwich", ((0, 9),), 7), row(0, "213495678"), True),
    (K("sandwich", ((0, -1),), 0), row(0, "213495678"), False),
    (K("sandwich", ((-1, 0),), 0), {(r, 0): d for r, d in enumerate((1, 9, 2, 3, 4, 5, 6, 7, 8))}, True),
    (K("xsum", ((0, -1),), 9), row(0, "315246798"), True),
    (K("xsum", ((0, 9),), 42), row(0, "315246798"), True),
    (K("xsum", ((0, 9),), 8), row(0, "315246798"), False),
    (K("skyscraper", ((0, -1),), 9), row(0, "123456789"), True),
    (K("skyscraper", ((0, 9),), 1), row(0, "123456789"), True),
    (K("skyscraper", ((0, -1),), 4), row(0, "152364798"), False),
    (K("skyscraper", ((0, -1),), 5), row(0, "152364798"), True),          # 1 5 6 7 9
    (K("skyscraper", ((9, 3),), 5), {(r, 3): d for r, d in enumerate((9, 8, 1, 2, 3, 7, 4, 6, 5))}, True),   # 5 6 7 8 9
    # lines
    (K("thermo", PATH3), line(PATH3, (1, 3, 4)), True),
    (K("thermo", PATH3), line(PATH3, (1, 3, 3)), False),
    (K("slowthermo", PATH3), line(PATH3, (1, 3, 3)), True),
    (K("slowthermo", PATH3), line(PATH3, (1, 3, 2)), False),
    (K("palindrome", PATH3), line(PATH3, (1, 2, 1)), True),
    (K("palindrome", PATH3), line(PATH3, (1, 2, 2)), False),
    (K("renban", PATH3), line(PATH3, (4, 6, 5)), True),
    (K("renban", PATH3), line(PATH3, (4, 6, 7)), False),
    (K("renban", PATH3), line(PATH3, (4, 5, 4)), False),
    (K("whispers", PATH3), line(PATH3, (1, 6, 1)), True),         # 9×9: at least 5 apart
    (K("whispers", PATH3), line(PATH3, (1, 6, 2)), False),
    (K("whispers", PATH3, 3), line(PATH3, (1, 4, 1)), True),
    (K("dutchwhispers", PATH3), line(PATH3, (1, 5, 9)), True),
    (K("dutchwhispers", PATH3), line(PATH3, (1, 5, 8)), False),
    (K("between", PATH4), line(PATH4, (2, 5, 3, 8)), True),
    (K("between", PATH4), line(PATH4, (8, 5, 3, 2)), True),
    (K("between", PATH4), line(PATH4, (2, 5, 9, 8)), False),
    (K("between", PATH3), line(PATH3, (2, 2, 8)), False),
    (K("regionsum", ((0, 2), (0, 3), (1, 3), (1, 4))), line(((0, 2), (0, 3), (1, 3), (1, 4)), (9, 4, 3, 2)), True),
    (K("regionsum", ((0, 2), (0, 3), (1, 3), (1, 4))), line(((0, 2), (0, 3), (1, 3), (1, 4)), (8, 4, 3, 2)), False),
    (K("regionsum", ((2, 2), (3, 2), (2, 1))), line(((2, 2), (3, 2), (2, 1)), (4, 4, 4)), True),
    (K("regionsum", ((2, 2), (3, 2), (2, 1))), line(((2, 2), (3, 2), (2, 1)), (2, 4, 2)), False),   # box 1 twice
    (K("entropic", PATH4), line(PATH4, (1, 5, 9, 2)), True),
    (K("entropic", PATH4), line(PATH4, (1, 5, 9, 4)), False),
    (K("entropic", PATH3), line(PATH3, (1, 5, 6)), False),
    (K("entropic", PATH3[:2]), line(PATH3[:2], (4, 7)), True),
    (K("entropic", PATH3[:2]), line(PATH3[:2], (7, 9)), False),
    (K("modular", PATH4), line(PATH4, (1, 2, 3, 4)), True),
    (K("modular", PATH3), line(PATH3, (1, 4, 2)), False),
    (K("zipper", PATH3), line(PATH3, (1, 5, 4)), True),
    (K("zipper", PATH3), line(PATH3, (1, 5, 3)), False),
    (K("zipper", PATH4), line(PATH4, (1, 2, 8, 9)), True),
    (K("zipper", PATH4), line(PATH4, (1, 2, 7, 9)), False),
    # dots
    (K("white", ((0, 0), (0, 1))), line(((0, 0), (0, 1)), (4, 3)), True),
    (K("white", ((0, 0), (0, 1))), line(((0, 0), (0, 1)), (3, 5)), False),
    (K("white", ((0, 0), (0, 1)), 2), line(((0, 0), (0, 1)), (3, 5)), True),
    (K("black", ((0, 0), (0, 1))), line(((0, 0), (0, 1)), (6, 3)), True),
    (K("black", ((0, 0), (0, 1))), line(((0, 0), (0, 1)), (3, 5)), False),
    (K("black", ((0, 0), (0, 1)), 3), line(((0, 0), (0, 1)), (2, 6)), True),
    (K("x", ((0, 0), (0, 1))), line(((0, 0), (0, 1)), (3, 7)), True),
    (K("x", ((0, 0), (0, 1))), line(((0, 0), (0, 1)), (3, 6)), False),
    (K("v", ((0, 0), (0, 1))), line(((0, 0), (0, 1)), (1, 4)), True),
    (K("v", ((0, 0), (0, 1))), line(((0, 0), (0, 1)), (1, 3)), False),
    # cells
    (K("odd", ((0, 0), (5, 5))), {(0, 0): 3, (5, 5): 9}, True),
    (K("odd", ((0, 0), (5, 5))), {(0, 0): 3, (5, 5): 4}, False),
    (K("even", ((0, 0),)), {(0, 0): 4}, True),
    (K("even", ((0, 0),)), {(0, 0): 5}, False),
    (K("minimum", ((4, 4),)), {(4, 4): 1, (3, 4): 2, (5, 4): 3, (4, 3): 4, (4, 5): 5}, True),
    (K("minimum", ((4, 4),)), {(4, 4): 2, (3, 4): 3, (5, 4): 3, (4, 3): 4, (4, 5): 1}, False),
    (K("minimum", ((4, 4), (4, 5))), {(4, 4): 2, (3, 4): 3, (5, 4): 3, (4, 3): 4, (4, 5): 1, (3, 5): 5,
                                      (5, 5): 6, (4, 6): 7}, True),      # marked neighbours are not compared
    (K("maximum", ((0, 0),)), {(0, 0): 9, (0, 1): 8, (1, 0): 7}, True),
    (K("maximum", ((0, 0),)), {(0, 0): 8, (0, 1): 9, (1, 0): 7}, False),
    # groups
    (K("extraregion", PATH3), line(PATH3, (1, 2, 3)), True),
    (K("extraregion", PATH3), line(PATH3, (1, 2, 1)), False),
    (K("clone", ((0, 0), (0, 1)), None, ((5, 5), (5, 6))), line(((0, 0), (0, 1), (5, 5), (5, 6)), (1, 2, 1, 2)), True),
    (K("clone", ((0, 0), (0, 1)), None, ((5, 5), (5, 6))), line(((0, 0), (0, 1), (5, 5), (5, 6)), (1, 2, 2, 1)), False),
    (K("quadruple", PATH4[:2] + ((1, 0), (1, 1)), digits=(1, 2)), row(0, "12") | row(1, "34"), True),
    (K("quadruple", PATH4[:2] + ((1, 0), (1, 1)), digits=(1, 1)), row(0, "12") | row(1, "34"), False),
    (K("quadruple", PATH4[:2] + ((1, 0), (1, 1)), digits=(1, 1)), row(0, "13") | row(1, "41"), True),
    (K("quadruple", PATH4[:2] + ((1, 0), (1, 1)), digits=(5,)), row(0, "13") | row(1, "41"), False),
    # a row indexer's digit names a row: r1c1 = 3 puts 1 in r3c1 (and says nothing of r1c3)
    (K("rowindexer", ((0, 0),)), {(0, 0): 3, (2, 0): 1, (0, 2): 5}, True),
    (K("rowindexer", ((0, 0),)), {(0, 0): 3, (2, 0): 2, (0, 2): 1}, False),
    (K("columnindexer", ((0, 0),)), {(0, 0): 3, (0, 2): 1, (2, 0): 5}, True),
    (K("columnindexer", ((0, 0),)), {(0, 0): 3, (0, 2): 2, (2, 0): 1}, False),
    (K("boxindexer", ((4, 4),)), {(4, 4): 2, (3, 4): 5}, True),         # r5c5 is the 5th cell of box 5
    (K("boxindexer", ((4, 4),)), {(4, 4): 2, (3, 4): 4}, False),
    (K("boxindexer", ((4, 4),)), {(4, 4): 5}, True),
]


@pytest.mark.parametrize("constraint,assign,expected", HAND, ids=[f"{k.type}-{i}" for i, (k, _, _) in enumerate(HAND)])
def test_checker_by_hand(constraint, assign, expected):
    validate(constraint, 9)
    assert HOLDS[constraint.type](constraint, put(assign), GRID9) is expected


def test_hand_examples_cover_every_type_both_ways():
    assert {(k.type, e) for k, _, e in HAND} == {(name, e) for name in TYPES for e in (True, False)}


def test_4x4_generalisations_by_hand():
    two = ((0, 0), (0, 1), (1, 1))
    assert HOLDS["whispers"](K("whispers", two), put(line(two, (1, 3, 1)), 4), GRID4)      # (4 + 1) // 2 = 2
    assert not HOLDS["whispers"](K("whispers", two), put(line(two, (1, 2, 4)), 4), GRID4)
    assert HOLDS["entropic"](K("entropic", two), put(line(two, (2, 3, 4)), 4), GRID4)      # groups 12, 3, 4
    assert not HOLDS["entropic"](K("entropic", two), put(line(two, (1, 2, 4)), 4), GRID4)
    # a cell in no region belongs to no segment and does not cut the line
    loose = ((1, 0), (1, 1), (0, 1))                          # PARTIAL4: region 0, none, region 0
    assert HOLDS["regionsum"](K("regionsum", loose), put(line(loose, (1, 4, 3)), 4), PARTIAL4)
    loose = ((0, 1), (1, 1), (1, 2))                          # region 0, none, region 1
    assert HOLDS["regionsum"](K("regionsum", loose), put(line(loose, (3, 1, 3)), 4), PARTIAL4)
    assert not HOLDS["regionsum"](K("regionsum", loose), put(line(loose, (3, 1, 4)), 4), PARTIAL4)


def test_negative_rules_by_hand():
    values = (1, 2, 3, 4,
              3, 4, 1, 2,
              2, 1, 4, 3,
              4, 3, 2, 1)
    consecutive = [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3)), ((1, 0), (1, 1)), ((1, 2), (1, 3)),
                   ((2, 0), (2, 1)), ((2, 2), (2, 3)), ((3, 0), (3, 1)), ((3, 1), (3, 2)), ((3, 2), (3, 3)),
                   ((1, 0), (2, 0)), ((1, 3), (2, 3))]
    doubles = [((2, 0), (3, 0)), ((0, 1), (1, 1)), ((2, 2), (3, 2)), ((0, 3), (1, 3))]   # 2-4 (the 1-2s are above)
    whites = tuple(K("white", pair) for pair in consecutive)
    negative = GLOBAL_HOLDS["negative-white"]
    assert not negative((), values, GRID4)
    assert negative(whites, values, GRID4)
    assert not negative(whites[1:], values, GRID4)
    assert negative((K("black", consecutive[0]),) + whites[1:], values, GRID4)   # a 1-2 edge may take black
    blacks = tuple(K("black", pair) for pair in doubles)
    assert not GLOBAL_HOLDS["negative-black"](whites, values, GRID4)
    assert GLOBAL_HOLDS["negative-black"](whites + blacks, values, GRID4)         # white dots mark 1-2 edges too
    assert not GLOBAL_HOLDS["negative-black"](whites + blacks[1:], values, GRID4)
    assert negative(whites + blacks, values, GRID4)
    assert not GLOBAL_HOLDS["negative-xv"]((), values, GRID4)                    # r2c2 + r2c3 = 4 + 1
    assert not GLOBAL_HOLDS["negative-xv"](whites + blacks, values, GRID4)       # kropki dots do not mark XV
    assert GLOBAL_HOLDS["negative-xv"]((), put(row(0, "1111") | row(1, "1111") | row(2, "1111") | row(3, "1111"), 4),
                                       GRID4)


# -- 4×4: every grid ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(TYPES))
def test_encoding_keeps_what_the_checker_keeps(name):
    rng = random.Random(name)
    grids = {"regionsum": [GRID4, JIGSAW4, PARTIAL4], "boxindexer": [GRID4, PARTIAL4]}.get(name, [GRID4])
    counts = []
    for trial in range(TRIALS):
        grid = grids[trial % len(grids)]
        k = make(rng, name, 4)
        assert models_4x4([k], grid) == kept_4x4([k], grid), k
        counts.append(len(kept_4x4([k], grid)))
    pair = [make(rng, name, 4), make(rng, name, 4)]
    assert models_4x4(pair) == kept_4x4(pair), pair
    if name not in ("x", "dutchwhispers"):         # X needs 10, Dutch whispers' default 4 apart: never on 4×4
        assert any(counts) and not all(c == 288 for c in counts), counts


@pytest.mark.parametrize("negative", sorted(GLOBAL_ENCODE))
def test_negative_rules(negative):
    rng = random.Random(negative)
    names = ("x", "v") if negative == "negative-xv" else ("white", "black")
    for _ in range(TRIALS):
        marks = [make(rng, rng.choice(names), 4) for _ in range(rng.randint(0, 5))]
        assert models_4x4(marks, negatives=(negative,)) == kept_4x4(marks, negatives=(negative,)), marks


def test_outside_clues_from_every_side_and_direction():
    for name in ("sandwich", "xsum", "skyscraper"):
        for cell in [(-1, 1), (4, 2), (2, -1), (1, 4)]:
            for value in range(0, 7):
                k = Constraint(name, (cell,), value)
                assert models_4x4([k]) == kept_4x4([k]), k
    for direction in DIRECTIONS:
        for cell in [(-1, -1), (-1, 1), (-1, 4), (4, -1), (4, 2), (1, -1), (2, 4), (4, 4)]:
            k = Constraint("littlekiller", (cell,), 6, direction=direction)
            if outside_cells(k, 4):
                for value in (1, 5, 6, 10):
                    k = replace(k, value=value)
                    assert models_4x4([k]) == kept_4x4([k]), k


def test_pills_and_double_arrows():
    pill = Constraint("arrow", ((0, 0), (0, 1)), None, ((1, 0), (2, 0), (3, 0), (3, 1)))
    assert models_4x4([pill]) == kept_4x4([pill])
    assert kept_4x4([pill])                                       # 12: reachable with four digits
    three = Constraint("arrow", ((0, 0), (0, 1), (0, 2)), None, ((1, 1), (2, 2)))
    assert models_4x4([three]) == kept_4x4([three]) == set()
    double = Constraint("doublearrow", ((0, 0), (1, 1), (2, 2), (3, 3)))
    assert models_4x4([double]) == kept_4x4([double])


def test_long_arrows():
    """Lines longer than the grid is wide take the order encoding (digits repeat along them)."""
    line = ((1, 0), (2, 0), (3, 0), (3, 1), (3, 2))
    for circle in (((0, 0),), ((0, 0), (0, 1))):
        for more in (line, line + ((2, 2),)):
            k = Constraint("arrow", circle, None, more)
            assert models_4x4([k]) == kept_4x4([k]), k
    assert kept_4x4([Constraint("arrow", ((0, 0), (0, 1)), None, line)])       # 12 to 20 by five digits
    # A line that leaves its box and comes back: summed box by box (its box's four digits add up to 10).
    back = ((0, 1), (0, 2), (1, 2), (1, 1), (1, 0), (0, 0))
    assert _distinct_groups(GRID4, back) == ((0, 3, 4, 5), (1, 2))
    k = Constraint("arrow", ((2, 0), (2, 1)), None, back)
    assert models_4x4([k]) == kept_4x4([k]) and kept_4x4([k])                # 13 or 14


def test_arrows_whose_line_digits_differ():
    """One circle and a line whose cells share a unit pairwise: a choice among digit sets (its selectors
    are functions of the digits, so the grids are counted once each), beside lines that do not."""
    lines = [((0, 1),), ((1, 0), (1, 1)), ((0, 1), (1, 0), (1, 1)), ((1, 0), (2, 0), (3, 0)),
             ((1, 1), (2, 2)), ((1, 2), (2, 1), (3, 0))]
    for line in lines:
        k = Constraint("arrow", ((0, 0),), None, line)
        assert models_4x4([k]) == kept_4x4([k]), k
        f = Formula()
        ENCODE["arrow"](f, k, GRID4, ("k",))
        distinct = all(a[0] == b[0] or a[1] == b[1] or (a[0] // 2, a[1] // 2) == (b[0] // 2, b[1] // 2)
                       for i, a in enumerate(line) for b in line[i + 1:])
        if len(line) < 3:                  # (three distinct digits add up to 6 at least: no circle holds it)
            assert any("set" in key for key in f.pool.obj2id if key[0] == "k") is distinct, line
    pair = [Constraint("arrow", ((0, 0),), None, ((1, 0), (1, 1))), Constraint("arrow", ((3, 3),), None, ((3, 2), (2, 3)))]
    assert models_4x4(pair) == kept_4x4(pair) and kept_4x4(pair)


@pytest.mark.parametrize("name", sorted(TYPES))
def test_variables_are_digits_or_tagged(name):
    rng = random.Random(name + "keys")
    tag = ("clue", name, 7)
    for _ in range(5):
        f = Formula()
        ENCODE[name](f, make(rng, name, 9), GRID9, tag)
        for key in f.pool.obj2id:
            assert key[0] == "digit" or key[:len(tag)] == tag, key


def test_one_by_one():
    one = Grid(1, (((0, 0),),))
    for k, expected in [(K("sandwich", ((-1, 0),), 0), True), (K("sandwich", ((0, 1),), 1), False),
                        (K("xsum", ((0, -1),), 1), True), (K("skyscraper", ((1, 0),), 1), True),
                        (K("littlekiller", ((-1, -1),), 1, direction="DR"), True), (K("killer", ((0, 0),), 2), False)]:
        assert HOLDS[k.type](k, (1,), one) is expected
        assert satisfiable_with([k], (1,), one) is expected, k


# -- 9×9: fixed grids -----------------------------------------------------------------------------
def random_grid9(rng: random.Random) -> tuple[int, ...]:
    """A valid 9×9 grid: the pattern grid with shuffled digits, bands, stacks, rows and columns."""
    def order() -> list[int]:
        bands = rng.sample(range(3), 3)
        return [b * 3 + i for b in bands for i in rng.sample(range(3), 3)]
    rows, cols, digits = order(), order(), rng.sample(range(1, 10), 9)
    return tuple(digits[(3 * (r % 3) + r // 3 + c) % 9] for r in rows for c in cols)


def holds_on(values, grid: Grid):
    return lambda k: HOLDS[k.type](k, values, grid)


def fitted(rng: random.Random, name: str, values) -> Constraint:
    """A random 9×9 constraint, half the time made to hold on `values` where a value, a greedy line or a
    greedy choice of cells can do it."""
    k = make(rng, name, 9)
    keeps = holds_on(values, GRID9)
    kind = TYPES[name]
    if rng.random() < 0.5:
        return k
    if name == "quadruple":
        around = [values[r * 9 + c] for r, c in k.cells]
        return replace(k, digits=tuple(sorted(rng.sample(around, len(k.digits)))))
    if k.value is not None:
        return next((replace(k, value=v) for v in range(130, -1, -1) if keeps(replace(k, value=v))), k)
    if name in ("arrow", "doublearrow", "palindrome"):
        return next((other for other in (make(rng, name, 9) for _ in range(2000)) if keeps(other)), k)
    if name == "clone":
        shifts = [(dr, dc) for dr in range(-8, 9) for dc in range(-8, 9) if (dr, dc) != (0, 0)]
        for dr, dc in rng.sample(shifts, len(shifts)):
            copy = tuple((r + dr, c + dc) for r, c in k.cells)
            if all(0 <= r < 9 and 0 <= c < 9 for r, c in copy) and keeps(replace(k, more=copy)):
                return replace(k, more=copy)
        return k
    if kind.shape == "dot":
        pairs = [(a, b) for a in sorted(GRID9.region_of) for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])]
                 if b[0] < 9 and b[1] < 9]
        rng.shuffle(pairs)
        return next((replace(k, cells=p) for p in pairs if keeps(replace(k, cells=p))), k)
    if kind.shape in ("cell", "group"):
        group: list = []
        for cell in rng.sample(sorted(GRID9.region_of), 81):
            if len(group) < len(k.cells) and keeps(replace(k, cells=tuple(group + [cell]))):
                group.append(cell)
        return replace(k, cells=tuple(group)) if len(group) >= kind.min_cells else k
    if kind.shape == "path" and not kind.more:
        line = [k.cells[0]]
        while len(line) < len(k.cells):
            r, c = line[-1]
            steps = [(r + dr, c + dc) for dr, dc in KING if 0 <= r + dr < 9 and 0 <= c + dc < 9
                     and (r + dr, c + dc) not in line and keeps(replace(k, cells=tuple(line) + ((r + dr, c + dc),)))]
            if not steps:
                break
            line.append(rng.choice(steps))
        if len(line) >= kind.min_cells:
            return replace(k, cells=tuple(line))
    return k


def satisfiable_with(constraints, values, grid: Grid, negatives=()) -> bool:
    """Whether the encodings allow the filled grid `values` (every digit literal fixed)."""
    f = Formula()
    n = grid.size
    for r in range(n):
        for c in range(n):
            for d in grid.digits:
                key = Grid.digit(r, c, d)
                f.clause([key if values[r * n + c] == d else Not(key)])
    encode(f, constraints, grid, negatives)
    _, found, _ = sat.enumerate_models(f, 1)
    return found == 1


RELIABLE = {"killer", "littlekiller", "sandwich", "xsum", "skyscraper", "white", "black", "x", "v", "thermo",
            "slowthermo", "whispers", "dutchwhispers", "entropic", "modular", "odd", "even", "minimum", "maximum",
            "extraregion", "quadruple", "rowindexer", "columnindexer", "boxindexer"}


@pytest.mark.parametrize("name", sorted(TYPES))
def test_9x9_fixed_grids(name):
    rng = random.Random(name + "9")
    kept = 0
    for _ in range(TRIALS_9):
        values = random_grid9(rng)
        k = fitted(rng, name, values)
        expected = HOLDS[name](k, values, GRID9)
        assert satisfiable_with([k], values, GRID9) == expected, (k, values)
        kept += expected
    assert kept or name not in RELIABLE, name


def marks_for(negative: str, values, rng: random.Random) -> list[Constraint]:
    """Marks on most of the edges whose pair the negative rule forbids (so that it sometimes holds)."""
    out = []
    for r in range(9):
        for c in range(9):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 == 9 or c2 == 9 or rng.random() < 0.02:
                    continue
                a, b = values[r * 9 + c], values[r2 * 9 + c2]
                cells = ((r, c), (r2, c2))
                if negative == "negative-xv" and a + b in (5, 10):
                    out.append(Constraint("x" if a + b == 10 else "v", cells))
                elif negative != "negative-xv" and (abs(a - b) == 1 or a == 2 * b or b == 2 * a):
                    colours = [name for name, fits in (("white", abs(a - b) == 1), ("black", a == 2 * b or b == 2 * a))
                               if fits]
                    out.append(Constraint(rng.choice(colours), cells))
    return out


def test_16x16_cages_with_many_digit_sets(monkeypatch):
    """Every 16×16 cage is a choice among at most SET_LIMIT digit sets; one with more (25×25 grids; here
    16×16 with the limit lowered) is summed in the order encoding: either way a filled row is kept
    exactly when its cells hold the total."""
    from gridlogic.kinds.sudoku.families import sums
    from gridlogic.cnf.sums import digit_sets

    assert all(digit_sets(k, t, 16, sums.SET_LIMIT) is not None for k in range(17) for t in range(137))
    grid16 = Grid(16, ())
    rng = random.Random(16)
    for trial in range(8):
        SET_LIMIT = 64 if trial % 2 else sums.SET_LIMIT
        monkeypatch.setattr(sums, "SET_LIMIT", SET_LIMIT)
        row = rng.sample(range(1, 17), 16)
        values = tuple(row[(c + 4 * r + r // 4) % 16] for r in range(16) for c in range(16))
        cage = tuple((0, c) for c in rng.sample(range(16), 6))
        total = sum(values[c] for _, c in cage) + rng.choice((0, 0, 1, -2))
        assert (digit_sets(6, total, 16, SET_LIMIT) is None) is (SET_LIMIT == 64)
        k = Constraint("killer", cage, total)
        assert satisfiable_with([k], values, grid16) is HOLDS["killer"](k, values, grid16), k


@pytest.mark.parametrize("negative", sorted(GLOBAL_ENCODE))
def test_9x9_negative_rules(negative):
    rng = random.Random(negative + "9")
    seen = set()
    for _ in range(TRIALS_9):
        values = random_grid9(rng)
        marks = marks_for(negative, values, rng)
        expected = (all(HOLDS[k.type](k, values, GRID9) for k in marks)
                    and GLOBAL_HOLDS[negative](tuple(marks), values, GRID9))
        assert satisfiable_with(marks, values, GRID9, (negative,)) == expected
        seen.add(expected)
    assert seen == {True, False}


def test_9x9_mixed_puzzles():
    """Forty constraints of all kinds that hold on a random grid: every model found keeps them all."""
    rng = random.Random("mixed")
    for _ in range(3):
        values = random_grid9(rng)
        constraints: list[Constraint] = []
        while len(constraints) < 40:
            name = rng.choice(sorted(TYPES))
            k = fitted(rng, name, values)
            if HOLDS[name](k, values, GRID9):
                constraints.append(k)
        f = rules(GRID9.regions, 9)
        encode(f, constraints, GRID9)
        f.show([Grid.digit(r, c, d) for r in range(9) for c in range(9) for d in range(1, 10)], fixed_weight=True)
        models, found, _ = sat.enumerate_models(f, 3)
        assert found >= 1
        for m in models:
            solution = tuple(next(d for d in GRID9.digits if m[Grid.digit(r, c, d)])
                             for r in range(9) for c in range(9))
            assert all(HOLDS[k.type](k, solution, GRID9) for k in constraints)
