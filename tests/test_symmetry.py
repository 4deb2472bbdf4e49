"""Classes of solutions up to rotation and reflection, checked against brute force.

Each case enumerates every solution here by its own backtracking over the rules, finds which of
the square's eight symmetries keep the puzzle by hand-written grid operations on its givens, clues
and signs, and counts orbits by canonical forms; the API's `classes`, `class_sizes` and
`symmetries` must agree.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from gridlogic import api
from gridlogic.kinds import KINDS

# -- the square's symmetries, written out on lists of rows -------------------------------------


def _transpose(g):
    return [list(row) for row in zip(*g)]


MOVES = {
    "identity": lambda g: [list(row) for row in g],
    "rotate 90": lambda g: [list(row) for row in zip(*g[::-1])],          # clockwise
    "rotate 180": lambda g: [row[::-1] for row in g[::-1]],
    "rotate 270": lambda g: [list(row) for row in zip(*g)][::-1],
    "mirror left-right": lambda g: [row[::-1] for row in g],
    "mirror top-bottom": lambda g: [list(row) for row in g[::-1]],
    "transpose": _transpose,
    "anti-transpose": lambda g: _transpose([row[::-1] for row in g[::-1]]),
}


ROWS_STAY_ROWS = ("identity", "rotate 180", "mirror left-right", "mirror top-bottom")


def _keeps_shape(name, rows, cols):
    return rows == cols or name in ROWS_STAY_ROWS


def _orbits(solutions, names):
    """Number of classes and {size: classes} of grids under the named moves, by canonical forms."""
    canonical = {}
    for grid in solutions:
        images = {tuple(map(tuple, MOVES[name](grid))) for name in names}
        canonical.setdefault(min(images), len(images))
    sizes = {}
    for size in canonical.values():
        sizes[str(size)] = sizes.get(str(size), 0) + 1
    return len(canonical), sizes


def _fill(rows, cols, values, fits):
    """Every grid whose cells, filled row by row, each pass `fits(grid, r, c)` when placed."""
    grid = [[None] * cols for _ in range(rows)]
    out = []

    def place(i):
        if i == rows * cols:
            out.append([list(row) for row in grid])
            return
        r, c = divmod(i, cols)
        for v in values(r, c):
            grid[r][c] = v
            if fits(grid, r, c):
                place(i + 1)
        grid[r][c] = None

    place(0)
    return out


def _solve(kind, state, rules=()):
    response = api.handle({"op": "solve", "kind": kind, "state": state, "rules": list(rules), "count": True,
                           "symmetry": True, "render": False, "limit": 10_000})
    assert response["ok"], response
    return response["result"]


def _compare(result, solutions, names):
    assert result["count_complete"] and result["count"] == len(solutions)
    assert sorted(result["symmetries"]) == sorted(names)
    classes, sizes = _orbits(solutions, names)
    assert result["classes"] == classes
    assert result["class_sizes"] == sizes


# -- sudoku -------------------------------------------------------------------------------------
def _sudoku_fits(n, box, miracle):
    """Whether the digit just placed at (r, c) keeps the rules with the cells filled before it: no repeat
    in its row, column and box (under the miracle rules, nor a knight's or king's move away) and
    (miracle) no consecutive digit beside it."""
    def fits(g, r, c):
        v = g[r][c]
        for rr in range(n):
            for cc in range(n):
                other = g[rr][cc]
                if other is None or (rr, cc) == (r, c):
                    continue
                dr, dc = abs(rr - r), abs(cc - c)
                seen = rr == r or cc == c or (rr // box[0], cc // box[1]) == (r // box[0], c // box[1])
                if other == v and (seen or miracle and (dr, dc) in ((1, 2), (2, 1), (1, 1))):
                    return False
                if miracle and dr + dc == 1 and abs(other - v) == 1:
                    return False
        return True
    return fits


def _given_moves(givens, rows, cols):
    return [name for name in MOVES if _keeps_shape(name, rows, cols) and MOVES[name](givens) == givens]


@pytest.mark.parametrize("givens", [
    "................",
    "1..............1",
    "1..............2",
    ".1..........1...",
])
def test_sudoku_4x4(givens):
    grid = [[int(ch) if ch != "." else 0 for ch in givens[r * 4:r * 4 + 4]] for r in range(4)]
    solutions = _fill(4, 4, lambda r, c: [grid[r][c]] if grid[r][c] else range(1, 5), _sudoku_fits(4, (2, 2), False))
    state = {"rows": 4, "cols": 4, "cells": [ch if ch != "." else "" for ch in givens]}
    _compare(_solve("sudoku", state), solutions, _given_moves(grid, 4, 4))


def test_empty_miracle_sudoku_has_nine_classes():
    """Enumerating the 72 grids here takes a plain backtracker millions of nodes; they come from the
    API's `all` instead, each checked here against the rules and the list closed under every move."""
    request = {"op": "solve", "kind": "sudoku", "text": "." * 81, "rules": ["miracle"], "render": False}
    listed = api.handle(request | {"all": True})["result"]
    solutions = [[[int(ch) for ch in line] for line in text.split()] for text in listed["solutions"]]
    fits = _sudoku_fits(9, (3, 3), True)
    assert all(fits(g, r, c) for g in solutions for r in range(9) for c in range(9))
    assert listed["count_complete"] and len({str(g) for g in solutions}) == len(solutions) == 72
    assert all(MOVES[name](g) in solutions for g in solutions for name in MOVES)
    result = _solve("sudoku", {"rows": 9, "cols": 9, "cells": [""] * 81}, rules=("miracle",))
    _compare(result, solutions, list(MOVES))
    assert result["classes"] == 9


def test_rectangular_boxes_keep_rows_as_rows():
    """A 6×6 sudoku's 2×3 boxes turn into 3×2 boxes under a quarter turn or a transpose."""
    result = _solve("sudoku", {"rows": 6, "cols": 6, "cells": [""] * 36})
    assert sorted(result["symmetries"]) == sorted(ROWS_STAY_ROWS)
    assert result["classes"] is None                  # 28,200,960 solutions: the count stops at the limit


# -- binary -------------------------------------------------------------------------------------
def _binary_solutions(grid):
    rows, cols = len(grid), len(grid[0])

    def fits(g, r, c):
        if c >= 2 and g[r][c] == g[r][c - 1] == g[r][c - 2]:
            return False
        if r >= 2 and g[r][c] == g[r - 1][c] == g[r - 2][c]:
            return False
        if c == cols - 1 and (sum(g[r]) * 2 != cols or any(g[r] == g[o] for o in range(r))):
            return False
        if r == rows - 1:
            column = [g[x][c] for x in range(rows)]
            if sum(column) * 2 != rows or any(column == [g[x][o] for x in range(rows)] for o in range(c)):
                return False
        return True

    return _fill(rows, cols, lambda r, c: [grid[r][c]] if grid[r][c] is not None else (0, 1), fits)


@pytest.mark.parametrize("text", ["1...\n....\n....\n...1", "1...\n....\n....\n...0", "....\n....\n....\n....",
                                  "1..0\n....\n....\n0..1", "......\n......\n......\n......", ".0..\n....\n....\n..1."])
def test_binary(text):
    grid = [[None if ch == "." else int(ch) for ch in line] for line in text.split("\n")]
    rows, cols = len(grid), len(grid[0])
    state = {"rows": rows, "cols": cols, "cells": ["" if v is None else str(v) for row in grid for v in row]}
    _compare(_solve("binary", state), _binary_solutions(grid), _given_moves(grid, rows, cols))


# -- futoshiki ----------------------------------------------------------------------------------
def _futoshiki_case(n, less):
    """The state of an empty n×n futoshiki whose signs say cell a < cell b for each (a, b) in `less`."""
    h, v = [""] * (n * (n - 1)), [""] * ((n - 1) * n)
    for (r1, c1), (r2, c2) in less:
        (lr, lc), (hr, hc) = sorted([(r1, c1), (r2, c2)])
        first_less = (lr, lc) == (r1, c1)
        if lr == hr:
            h[lr * (n - 1) + lc] = "<" if first_less else ">"
        else:
            v[lr * n + lc] = "^" if first_less else "v"
    return {"rows": n, "cols": n, "cells": [""] * (n * n), "marks": {"h": h, "v": v}}


def _sign_moves(n, less):
    """The moves that carry the set of "a < b" pairs onto itself (each cell moved as a grid entry)."""
    names = []
    for name, move in MOVES.items():
        where = move([[(r, c) for c in range(n)] for r in range(n)])
        place = {where[r][c]: (r, c) for r in range(n) for c in range(n)}
        if {(place[a], place[b]) for a, b in less} == set(less):
            names.append(name)
    return names


@pytest.mark.parametrize("less", [
    (),
    (((0, 0), (0, 1)), ((0, 0), (1, 0))),                         # symmetric about the main diagonal
    (((0, 0), (0, 1)), ((3, 3), (3, 2))),                         # about the centre (half turn)
    (((0, 1), (0, 0)), ((2, 3), (1, 3))),                         # no symmetry
    (((1, 1), (1, 2)), ((1, 2), (2, 2)), ((2, 2), (2, 1)), ((2, 1), (1, 1))),   # a cycle: impossible
    (((1, 1), (1, 2)), ((2, 2), (1, 2)), ((2, 2), (2, 1)), ((1, 1), (2, 1))),   # both ways from (1,1)
])
def test_futoshiki_4x4(less):
    def fits(g, r, c):
        v = g[r][c]
        if any(g[r][o] == v for o in range(c)) or any(g[o][c] == v for o in range(r)):
            return False
        return all(g[a[0]][a[1]] < g[b[0]][b[1]] for a, b in less
                   if g[a[0]][a[1]] is not None and g[b[0]][b[1]] is not None)

    solutions = _fill(4, 4, lambda r, c: range(1, 5), fits)
    _compare(_solve("futoshiki", _futoshiki_case(4, less)), solutions, _sign_moves(4, less))


# -- nonogram: the clues of any grid; the puzzle is kept by a move exactly when the moved
# picture has the same clues ---------------------------------------------------------------------
def _clue(line):
    return [len(run) for run in "".join("#" if v else "." for v in line).split(".") if run]


def _clues(g):
    return [_clue(row) for row in g], [_clue(col) for col in zip(*g)]


def _nonogram_grids(rows, cols):
    picture = random.Random(rows * 100 + cols)
    yield [[1 if picture.random() < 0.5 else 0 for _ in range(cols)] for _ in range(rows)]
    yield [[1 if r == c or r + c == rows - 1 else 0 for c in range(cols)] for r in range(rows)]   # an X
    yield [[1 if c <= r else 0 for c in range(cols)] for r in range(rows)]                       # a triangle
    yield [[1 if (r, c) in ((0, 0), (0, 1), (rows - 1, cols - 1)) else 0 for c in range(cols)] for r in range(rows)]
    half = [[1 if picture.random() < 0.5 else 0 for _ in range(cols)] for _ in range(rows)]
    yield [[half[r][c] if (r, c) <= (rows - 1 - r, cols - 1 - c) else half[rows - 1 - r][cols - 1 - c]
            for c in range(cols)] for r in range(rows)]                                           # a half turn
    if rows == cols:
        yield [[half[min(r, c)][max(r, c)] for c in range(cols)] for r in range(rows)]           # a transpose


@pytest.mark.parametrize("rows, cols", [(4, 4), (3, 5), (5, 5)])
def test_nonogram(rows, cols):
    for picture in _nonogram_grids(rows, cols):
        row_clues, col_clues = _clues(picture)
        lines = [[list(bits) for bits in itertools.product((0, 1), repeat=cols) if _clue(bits) == clue]
                 for clue in row_clues]
        solutions = [list(g) for g in itertools.product(*lines) if _clues(g)[1] == col_clues]
        kept = [name for name in MOVES if _keeps_shape(name, rows, cols)
                and _clues(MOVES[name](picture)) == (row_clues, col_clues)]
        state = {"rows": rows, "cols": cols, "cells": [""] * (rows * cols),
                 "edges": {"rows": [" ".join(map(str, c)) for c in row_clues],
                           "cols": [" ".join(map(str, c)) for c in col_clues]}}
        _compare(_solve("nonogram", state), solutions, kept)


# -- kakuro: a 2×2 block of white cells below and right of its clues ----------------------------
@pytest.mark.parametrize("down, right", [((7, 8), (7, 8)), ((7, 8), (8, 7)), ((9, 11), (9, 11)), ((10, 10), (10, 10))])
def test_kakuro(down, right):
    state = {"rows": 3, "cols": 3, "cells": ["-", f"\\{down[0]},", f"\\{down[1]},", f"\\,{right[0]}", "", "",
                                             f"\\,{right[1]}", "", ""]}
    solutions = []
    for a, b, c, d in itertools.product(range(1, 10), repeat=4):
        if a != b and c != d and a != c and b != d and (a + c, b + d) == down and (a + b, c + d) == right:
            solutions.append([[0, 0, 0], [0, a, b], [0, c, d]])
    clues = {(0, 1): (down[0], None), (0, 2): (down[1], None), (1, 0): (None, right[0]), (2, 0): (None, right[1])}
    transposed = {(c, r): (sums[1], sums[0]) for (r, c), sums in clues.items()}
    kept = ["identity"] + (["transpose"] if transposed == clues else [])
    _compare(_solve("kakuro", state), solutions, kept)


# -- the request ----------------------------------------------------------------------------------
def test_symmetry_needs_count_or_all():
    response = api.handle({"op": "solve", "kind": "sudoku", "text": "." * 16, "symmetry": True})
    assert not response["ok"] and response["error"]["where"].get("field") == "symmetry"


def test_incomplete_count_leaves_classes_unknown():
    result = api.handle({"op": "solve", "kind": "sudoku", "text": "." * 16, "count": True, "limit": 100,
                         "symmetry": True, "render": False})["result"]
    assert result["count"] == 100 and not result["count_complete"]
    assert result["classes"] is None and result["class_sizes"] is None and len(result["symmetries"]) == 8


def test_budget_spent_before_the_classes():
    from gridlogic import symmetry
    from gridlogic.budget import Budget
    from gridlogic.kinds import get_kind
    from gridlogic.session import Session

    sudoku = get_kind("sudoku")
    result = symmetry.classes(Session(sudoku, sudoku.parse("." * 16), budget=Budget(0)), 288, True)
    assert result["classes"] is None and result["classes_stopped"] == "budget" and len(result["symmetries"]) == 8


def test_all_mode_and_a_kind_without_moves():
    result = api.handle({"op": "solve", "kind": "binary", "text": "....\n....\n....\n....", "all": True,
                         "symmetry": True, "render": False})["result"]
    solutions = [[[int(ch) for ch in line] for line in text.split()] for text in result["solutions"]]
    assert result["classes"] == _orbits(solutions, list(MOVES))[0]
    example = api.handle({"op": "kinds"})["result"]["kinds"]
    numbercross = next(k for k in example if k["key"] == "numbercross")["examples"][0]
    result = api.handle({"op": "solve", "kind": "numbercross", "state": numbercross["state"], "count": True,
                         "symmetry": True, "render": False})["result"]
    assert result["symmetries"] == ["identity"]
    assert result["classes"] == (result["count"] if result["count_complete"] else None)


def test_command_line(tmp_path, capsys):
    from gridlogic import cli

    puzzle = tmp_path / "binary.txt"
    puzzle.write_text("1...\n....\n....\n...1\n")
    cli.main(["solve", "binary", str(puzzle), "--symmetry"])
    lines = capsys.readouterr().out.splitlines()
    result = _solve("binary", {"rows": 4, "cols": 4, "cells": ["1"] + [""] * 14 + ["1"]})
    sizes = ", ".join(f"{n} of size {size}" for size, n in result["class_sizes"].items())
    assert lines[-2:] == [str(result["count"]),
                          f"classes: {result['classes']} ({sizes}) under {', '.join(result['symmetries'])}"]
    cli.main(["solve", "binary", str(puzzle), "--symmetry", "--json"])
    shown = json.loads(capsys.readouterr().out)
    assert (shown["classes"], shown["class_sizes"]) == (result["classes"], result["class_sizes"])


def _assert_a_group(kind, puzzle) -> list:
    """The moves that keep the puzzle: the identity, and the composite of any two of them."""
    from gridlogic.symmetry import IDENTITY, MOVES, moves_of

    moves = moves_of(kind, puzzle)
    state = kind.to_state(puzzle)
    rows, cols = state["rows"], state["cols"]
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    image = {tuple(m.place(r, c, rows, cols) for r, c in cells): m for m in MOVES if rows == cols or not m.swap}
    assert IDENTITY in moves
    for a, b in itertools.product(moves, repeat=2):
        assert image[tuple(b.place(*a.place(r, c, rows, cols), rows, cols) for r, c in cells)] in moves
    return moves


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KEY)
def test_every_kinds_moves_form_a_group_and_its_classes_add_up(kind):
    """Every kind (its SYMMETRY, or the identity alone): on its blank grid (when it is a puzzle) and on each
    example, the moves that keep the puzzle form a group; on each example of at most ten solutions a class of
    size s holds s solutions, so the class sizes add up to the count."""
    from gridlogic.errors import PuzzleError
    from gridlogic.contract import layout_of
    from gridlogic.layout import blank_state

    layout = layout_of(kind)
    size = layout["default_size"]
    try:
        blank = kind.from_state(blank_state(layout, size["rows"], size["cols"]))
    except PuzzleError:
        blank = None                     # (a blank grid that is no puzzle of the kind)
    if blank is not None:
        _assert_a_group(kind, blank)
    for example in kind.EXAMPLES:
        puzzle = kind.parse(example.text, rules=example.rules)
        moves = _assert_a_group(kind, puzzle)
        if example.count is None or example.count > 10:
            continue
        result = api.handle({"op": "solve", "kind": kind.KEY, "text": example.text, "rules": list(example.rules),
                             "count": True, "symmetry": True, "render": False})["result"]
        assert result["count"] == example.count and result["symmetries"] == [m.name for m in moves]
        assert sum(int(size) * n for size, n in result["class_sizes"].items()) == example.count


def test_moves_that_place_every_cell_alike_count_once():
    """On a one-cell puzzle every move places its cell where it was: one class per solution (the eight
    moves counted as eight gave class sizes below zero)."""
    request = {"op": "solve", "kind": "puzlogic", "text": "cells 0 0 0\npieces 1", "count": True, "symmetry": True,
               "render": False}
    result = api.handle(request)["result"]
    assert result["count"] == 1
    assert result["class_sizes"] == {"1": 1} and result["classes"] == 1
