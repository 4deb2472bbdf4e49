"""The human rule a hint names (each kind's `name_step`), checked on small situations where the rule holds
and where it does not, and over whole solves: every named step of a norvig_easy50 path is re-checked by
a plain candidate count on the grid of its reason, and every unnamed one is shown to fit no single."""

from __future__ import annotations

from itertools import combinations, product

import pytest
from conftest import corpus_cases, corpus_lines

from gridlogic import api, walks
from gridlogic.cnf.clues import Clue
from gridlogic.kinds import binary, futoshiki, kakuro, nonogram, sudoku
from gridlogic.kinds.futoshiki.grid import Puzzle
from gridlogic.kinds.nonogram import grid as nonogram_grid
from gridlogic.kinds.sudoku import grid as sudoku_grid
from gridlogic.step import Step, held

EMPTY9 = sudoku.parse("\n".join(["........."] * 9))


def given_grid(cells: dict[tuple[int, int], int]) -> sudoku_grid.Puzzle:
    """An empty 9×9 sudoku with these givens."""
    rows = [["."] * 9 for _ in range(9)]
    for (r, c), d in cells.items():
        rows[r][c] = str(d)
    return sudoku.parse("\n".join("".join(row) for row in rows))


def sudoku_name(cells: dict[tuple[int, int], int], fact, gone=()) -> str | None:
    """name_step on a reason of givens at `cells` and eliminations (r, c, d) `gone`."""
    keys = [("given", r, c) for r, c in cells] + [("eliminated", *x) for x in gone]
    return sudoku.name_step(given_grid(cells), fact, keys)


# -- sudoku: each pattern, and the same situation one clue short -------------------------------------

NAKED = {(0, 1): 1, (0, 2): 2, (0, 3): 3, (0, 4): 4, (1, 0): 5, (2, 0): 6, (1, 1): 7, (5, 0): 8}


def test_sudoku_naked_single():
    assert sudoku_name(NAKED, (0, 0, 9, False)) == "naked single"
    assert sudoku_name({k: v for k, v in NAKED.items() if v != 8}, (0, 0, 9, False)) is None


def test_sudoku_naked_single_counts_eliminations_at_the_cell():
    assert sudoku_name({k: v for k, v in NAKED.items() if v != 8}, (0, 0, 9, False), [(0, 0, 8)]) == "naked single"


HIDDEN = {(1, 4): 1, (2, 7): 1, (5, 1): 1, (7, 2): 1}       # box 1's other cells all see a 1


def test_sudoku_hidden_single():
    assert sudoku_name(HIDDEN, (0, 0, 1, False)) == "hidden single"
    assert sudoku_name({k: v for k, v in HIDDEN.items() if k != (7, 2)}, (0, 0, 1, False)) is None
    assert sudoku_name(HIDDEN, (0, 0, 2, False)) is None


def test_sudoku_a_placed_value_and_an_entry_count_like_givens():
    keys = [("placed", 1, 4, 1), ("entry", 2, 7, 1), ("given", 5, 1), ("placed", 7, 2, 1)]
    assert sudoku.name_step(given_grid({(5, 1): 1}), (0, 0, 1, False), keys) == "hidden single"


def test_sudoku_pointing():
    """Box 1's 1s lie on row 1 (its row 2 sees r2c5, row 3 is ruled out), so r1c8 cannot be 1."""
    gone = [(2, c, 1) for c in range(3)]
    assert sudoku_name({(1, 4): 1}, (0, 7, 1, True), gone) == "pointing"
    assert sudoku_name({(1, 4): 1}, (0, 7, 1, True), gone[:2]) is None


def test_sudoku_claiming():
    """Row 1's 1s lie in box 1, so r2c1 cannot be 1."""
    gone = [(0, c, 1) for c in range(3, 9)]
    assert sudoku_name({}, (1, 0, 1, True), gone) == "claiming"
    assert sudoku_name({}, (1, 0, 1, True), gone[1:]) is None


def test_sudoku_naked_pair_and_triple():
    pair = [(0, c, d) for c in (1, 2) for d in range(3, 10)]           # r1c2 and r1c3 hold 1 or 2
    assert sudoku_name({}, (0, 5, 1, True), pair) == "naked pair"
    assert sudoku_name({}, (0, 5, 1, True), [x for x in pair if x != (0, 2, 3)]) is None
    triple = [(0, c, d) for c in (6, 7, 8) for d in range(4, 10)]      # r1c7..9 hold 1, 2 or 3
    assert sudoku_name({}, (0, 0, 3, True), triple) == "naked triple"


def test_sudoku_hidden_pair():
    gone = [(0, c, d) for c in range(2, 9) for d in (1, 2)]           # 1 and 2 only at r1c1, r1c2
    assert sudoku_name({}, (0, 0, 5, True), gone) == "hidden pair"
    assert sudoku_name({}, (0, 0, 5, True), gone[1:]) is None


def test_sudoku_an_elimination_already_seen_or_on_a_placed_cell_is_not_named():
    assert sudoku_name({(0, 4): 1}, (0, 0, 1, True)) is None
    assert sudoku_name(NAKED, (0, 1, 2, True)) is None


def test_sudoku_singles_are_easy_and_boxes_are_units():
    assert set(sudoku.EASY_STEPS) == {"naked single", "hidden single"}
    boxes = sudoku.units_of(EMPTY9)
    assert len(boxes) == 9 and {len(set(box)) for box in boxes} == {9}
    assert set().union(*map(set, boxes)) == {(r, c) for r in range(9) for c in range(9)}


# -- sudoku: whole solves, every name re-checked by a plain candidate count -----------------------------

def seen_from(grid: dict, r: int, c: int) -> set[int]:
    """The digits of `grid` in the row, column or 3×3 box of (r, c), the cell itself left out."""
    return {d for (r2, c2), d in grid.items() if (r2, c2) != (r, c)
            and (r2 == r or c2 == c or (r2 // 3, c2 // 3) == (r // 3, c // 3))}


def is_naked_single(grid: dict, r: int, c: int, v: int) -> bool:
    """Every digit but v is seen from the cell."""
    return set(range(1, 10)) - seen_from(grid, r, c) == {v}


def is_hidden_single(grid: dict, r: int, c: int, v: int) -> bool:
    """In the cell's row, column or box, every other cell is filled or sees a v."""
    units = ([(r, x) for x in range(9)], [(x, c) for x in range(9)],
             [(r // 3 * 3 + i, c // 3 * 3 + j) for i in range(3) for j in range(3)])
    return any(all(cell == (r, c) or cell in grid or v in seen_from(grid, *cell) for cell in unit) for unit in units)


CHECKS = {"naked single": is_naked_single, "hidden single": is_hidden_single}


@pytest.mark.parametrize("line", corpus_cases(("sudoku", "norvig_easy50.txt"), lambda lines: lines[:10]))
def test_sudoku_names_on_a_whole_solve_are_rechecked(line):
    cells = line.split(":")[0].strip()[:81].replace("0", ".")
    text = "\n".join(cells[r * 9:r * 9 + 9] for r in range(9))
    # the SAT walk's names (variant sudoku's steps; a plain one's hints are its grader's: test_hint_techniques.py)
    walk = walks.walk(sudoku, sudoku.parse(text), engine=walks.RATING_ENGINE, new=True)
    result = {"steps": [step.to_json() for step in walk.steps]}
    grid = {(i // 9, i % 9): int(ch) for i, ch in enumerate(cells) if ch != "."}
    named = 0
    for step in result["steps"]:
        (r, c), v = step["cell"], step["value"]
        assert not step["eliminated"] and (r, c) not in grid
        reason = {tuple(cell): grid[tuple(cell)] for cell in step["because"]}
        fits = [name for name, check in CHECKS.items() if check(reason, r, c, v)]
        if step["rule"] is None:
            assert not fits, step["sentence"]
        else:
            assert step["rule"] in fits, step["sentence"]
            named += 1
        grid[(r, c)] = v
    assert len(grid) == 81 and named >= len(result["steps"]) // 2


# -- binary ---------------------------------------------------------------------------------------------

def binary_name(cells: dict[tuple[int, int], int], fact, size: int = 6) -> str | None:
    """name_step on a reason of givens at `cells` in an otherwise empty size×size binary puzzle."""
    rows = [["-"] * size for _ in range(size)]
    for (r, c), v in cells.items():
        rows[r][c] = str(v)
    puzzle = binary.parse("\n".join("".join(row) for row in rows))
    return binary.name_step(puzzle, fact, [("given", r, c) for r, c in cells])


def test_binary_pair_and_sandwich():
    assert binary_name({(2, 3): 1, (2, 4): 1}, (2, 2, 0, False)) == "pair"
    assert binary_name({(3, 2): 0, (4, 2): 0}, (5, 2, 1, False)) == "pair"
    assert binary_name({(2, 3): 1, (2, 4): 0}, (2, 2, 0, False)) is None
    assert binary_name({(2, 1): 0, (2, 3): 0}, (2, 2, 1, False)) == "sandwich"
    assert binary_name({(1, 2): 1, (3, 2): 1}, (2, 2, 0, False)) == "sandwich"
    assert binary_name({(1, 2): 1, (3, 3): 1}, (2, 2, 0, False)) is None


def test_binary_line_balance():
    assert binary_name({(0, 0): 1, (0, 2): 1, (0, 5): 1}, (0, 3, 0, False)) == "line balance"
    assert binary_name({(0, 0): 1, (0, 2): 1, (0, 5): 0}, (0, 3, 0, False)) is None
    assert binary_name({(0, 1): 0, (2, 1): 0, (5, 1): 0}, (3, 1, 1, False)) == "line balance"


def test_binary_no_duplicate_line():
    full = {(0, c): v for c, v in enumerate((0, 1, 1, 0, 1, 0))}
    mine = {(3, c): v for c, v in enumerate((0, 1, 1, 0, 1, 0)) if c not in (0, 1)}
    assert binary_name(full | mine, (3, 0, 1, False)) == "no duplicate line"
    assert binary_name(full | mine, (3, 1, 0, False)) == "no duplicate line"
    other = {(3, c): v for c, v in enumerate((0, 1, 0, 1, 1, 0)) if c not in (0, 1)}
    assert binary_name(full | other, (3, 0, 1, False)) is None            # the lines differ already
    assert binary_name({**full, **mine, (0, 0): 1, (0, 1): 0}, (3, 0, 1, False)) is None   # a row 1 0 … forces 0 here
    three_open = {k: v for k, v in mine.items() if k != (3, 2)}
    assert binary_name(full | three_open, (3, 0, 1, False)) is None


def binary_fits(grid: dict, r: int, c: int, v: int, width: int, height: int) -> set[str]:
    """The binary rules a reason grid shows for v at (r, c), each by its definition."""
    other = 1 - v
    fits = set()
    for dr, dc in ((0, 1), (1, 0)):
        beside = [grid.get((r + k * dr, c + k * dc)) for k in (-2, -1, 1, 2)]
        if beside[0] == beside[1] == other or beside[2] == beside[3] == other:
            fits.add("pair")
        if beside[1] == beside[2] == other:
            fits.add("sandwich")
    row, col = [(r, x) for x in range(width)], [(x, c) for x in range(height)]
    if [grid.get(x) for x in row].count(other) == width // 2 or [grid.get(x) for x in col].count(other) == height // 2:
        fits.add("line balance")
    for line, lines in ((row, [[(i, x) for x in range(width)] for i in range(height)]),
                        (col, [[(x, i) for x in range(height)] for i in range(width)])):
        gaps = [x for x in line if x not in grid]
        if len(gaps) > 2:
            continue
        # every balanced filling of the line's gaps with `other` at (r, c) repeats a full line of the reason
        fillings = [dict(zip(gaps, bits)) for bits in product((0, 1), repeat=len(gaps))]
        fillings = [f for f in fillings if f.get((r, c)) == other
                    and [grid.get(x, f.get(x)) for x in line].count(1) == len(line) // 2]
        full = [[grid[x] for x in each] for each in lines if each != line and all(x in grid for x in each)]
        if gaps and fillings and all([grid.get(x, f.get(x)) for x in line] in full for f in fillings):
            fits.add("no duplicate line")
    return fits


BY_DEFINITION = ("pair", "sandwich", "line balance")


@pytest.mark.parametrize("level", ["1", "2", "3", "4"])
def test_binary_names_on_whole_solves_are_rechecked(level):
    """The grader's steps (kinds/binary/grading.py) named pair, sandwich or line balance show that rule
    on the values they rest on."""
    size, _, _, text, _ = next(line.split() for line in corpus_lines("binary", "binarypuzzle_com_sample.txt")
                               if line.split()[:2] == ["8", level])
    n = int(size)
    result = api.handle({"op": "hint", "kind": "binary", "text": "\n".join(text[i:i + n] for i in range(0, n * n, n)),
                         "path": True})["result"]
    grid = {divmod(i, n): int(ch) for i, ch in enumerate(text) if ch != "-"}
    for step in result["steps"]:
        (r, c), v = step["cell"], step["value"]
        reason = {tuple(cell): grid[tuple(cell)] for cell in step["because"] if tuple(cell) in grid}
        fits = binary_fits(reason, r, c, v, n, n)
        if step["rule"] in BY_DEFINITION:   # the grader's other techniques: tests/test_binary_grading.py
            assert step["rule"] in fits, step["sentence"]
        grid[(r, c)] = v
    assert len(grid) == n * n and any(step["rule"] for step in result["steps"])


# -- nonogram ---------------------------------------------------------------------------------------------

LINES = nonogram_grid.Puzzle(5, 5, rows=((5,), (3,), (1,), (2, 1), ()), columns=((4,), (1,), (1, 1), (3,), (1,)))


def test_nonogram_one_line_alone():
    assert nonogram.name_step(LINES, (0, 3, 1, False), [("row", 0)]) == "the row clue alone"
    assert nonogram.name_step(LINES, (1, 2, 1, False), [("row", 1)]) == "the row clue alone"
    assert nonogram.name_step(LINES, (1, 0, 1, False), [("row", 1)]) is None          # 3 in 5 leaves it open
    assert nonogram.name_step(LINES, (1, 0, 0, False), [("row", 1)]) is None
    assert nonogram.name_step(LINES, (0, 0, 1, False), [("col", 0)]) is None
    assert nonogram.name_step(LINES, (3, 3, 1, False), [("col", 3)]) is None
    assert nonogram.name_step(LINES, (2, 3, 1, False), [("col", 3)]) == "the column clue alone"


def test_nonogram_a_line_with_cells_of_its_own_but_not_of_another():
    assert nonogram.name_step(LINES, (2, 1, 0, False), [("row", 2), ("placed", 2, 0, 1)]) == "the row clue alone"
    assert nonogram.name_step(LINES, (2, 1, 0, False), [("row", 2), ("entry", 2, 2, 1)]) == "the row clue alone"
    assert nonogram.name_step(LINES, (2, 1, 0, False), [("row", 2), ("placed", 3, 0, 1)]) is None
    assert nonogram.name_step(LINES, (2, 1, 0, False), [("row", 2), ("col", 0)]) is None
    assert nonogram.name_step(LINES, (3, 1, 1, False), [("row", 3), ("placed", 3, 0, 1)]) == "the row clue alone"


def line_runs(values) -> tuple[int, ...]:
    """The lengths of the blocks of 1s in a line."""
    return tuple(len(block) for block in "".join(map(str, values)).split("0") if block)


def in_line(cell, line) -> bool:
    """True when a cell lies on a line ("row", r) or ("col", c)."""
    return cell[0 if line[0] == "row" else 1] == line[1]


@pytest.mark.parametrize("example", [e for e in nonogram.EXAMPLES if e.count == 1], ids=lambda e: e.name)
def test_nonogram_names_on_whole_solves_are_rechecked(example):
    """Each named step: every filling of its line that keeps the clue and the reason's cells of that line
    gives the cell the step's value (all 2^width fillings tried)."""
    puzzle = nonogram.parse(example.text)
    named = 0
    for step in walks.walk(nonogram, puzzle).steps:
        keys = [clue.key for clue in step.clues]
        lines = [key for key in keys if key[0] in ("row", "col")]
        if step.rule is None:                  # not one line and its own cells (a sound reason would force it)
            assert len(lines) != 1 or any(key[0] == "placed" and not in_line(key[1:3], lines[0])
                                          for key in keys), step.sentence
            continue
        named += 1
        (way, i), = lines
        assert step.rule == f"the {'row' if way == 'row' else 'column'} clue alone"
        cells = [(i, x) for x in range(puzzle.width)] if way == "row" else [(x, i) for x in range(puzzle.height)]
        clue = puzzle.rows[i] if way == "row" else puzzle.columns[i]
        known = {tuple(key[1:3]): key[3] for key in keys if key[0] == "placed"}
        assert set(known) <= set(cells) and len(known) == len(keys) - 1
        fillings = [f for f in product((0, 1), repeat=len(cells)) if line_runs(f) == tuple(clue)
                    and all(f[k] == known[cell] for k, cell in enumerate(cells) if cell in known)]
        assert fillings and {f[cells.index((step.r, step.c))] for f in fillings} == {step.value}
    assert named


# -- kakuro ---------------------------------------------------------------------------------------------

KAKURO = kakuro.parse(kakuro.EXAMPLES[0].text)      # down 4 at r2c2 over r3c2, r4c2; right 3 at r4c1 over r4c2, r4c3


def test_kakuro_crossing_runs():
    both = [("sum", "down", 1, 1), ("sum", "right", 3, 0)]
    assert kakuro.name_step(KAKURO, (3, 1, 1, False), both) == "the crossing runs' digit sets"
    assert kakuro.name_step(KAKURO, (3, 1, 1, False), both[:1]) is None                 # {1, 3} alone
    assert kakuro.name_step(KAKURO, (2, 1, 3, False), both) is None                     # two steps in one


def test_kakuro_one_run():
    row = [("sum", "right", 2, 0), ("placed", 2, 1, 3), ("placed", 2, 2, 4), ("placed", 2, 3, 1)]
    assert kakuro.name_step(KAKURO, (2, 4, 2, False), row) == "the run's digit sets"
    assert kakuro.name_step(KAKURO, (2, 4, 2, False), row[:3]) is None
    assert kakuro.name_step(KAKURO, (2, 1, 2, True), [("sum", "down", 1, 1)]) == "the run's digit sets"
    assert kakuro.name_step(KAKURO, (2, 1, 1, True), [("sum", "down", 1, 1)]) is None
    assert kakuro.name_step(KAKURO, (2, 4, 2, False), [("sum", "down", 1, 1)] + row[1:]) is None   # not its run


def test_kakuro_a_digit_in_a_crossing_run_counts():
    """Right 3 over r4c5, r4c6 is {1, 2}; the 2 at r3c5 shares r4c5's down run."""
    assert kakuro.name_step(KAKURO, (3, 4, 1, False), [("sum", "right", 3, 3), ("placed", 2, 4, 2)]) \
        == "the run's digit sets"
    assert kakuro.name_step(KAKURO, (3, 4, 1, False), [("sum", "right", 3, 3), ("placed", 2, 2, 2)]) is None


def kakuro_runs(puzzle) -> dict[tuple, list[tuple[int, int]]]:
    """Every sum key ("sum", way, r, c) and its run's cells, read off the grid."""
    out = {}
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            cell = puzzle.cell(r, c)
            for k, (way, dr, dc) in enumerate((("down", 1, 0), ("right", 0, 1))):
                if cell is not None and cell[k] is not None:
                    run, i = [], 1
                    while puzzle.is_white(r + i * dr, c + i * dc):
                        run.append((r + i * dr, c + i * dc))
                        i += 1
                    out[("sum", way, r, c)] = (cell[k], run)
    return out


def kakuro_left(puzzle, cell, keys) -> set[int]:
    """The digits a cell can hold by the sums of the reason: a set of distinct digits adding to the sum that
    holds the run's reason digits, less the digits of the reason in any run through the cell."""
    every = kakuro_runs(puzzle)
    known = {tuple(key[1:3]): key[3] for key in keys if key[0] == "placed"}
    beside = {x for _, run in every.values() if cell in run for x in run}
    left = set(range(1, 10)) - {d for x, d in known.items() if x in beside}
    left -= {key[3] for key in keys if key[0] == "eliminated" and tuple(key[1:3]) == cell}
    for key in keys:
        if key[0] == "sum":
            total, run = every[key]
            held = {known[x] for x in run if x in known}
            left &= {d for combo in combinations(range(1, 10), len(run)) if sum(combo) == total
                     and held <= set(combo) for d in combo}
    return left


@pytest.mark.parametrize("at", [0, 1])
def test_kakuro_names_on_whole_solves_are_rechecked(at):
    blocks = "\n".join(corpus_lines("kakuro", "janko_kakuro_first200.txt")).split("=== ")[1:]
    puzzle = kakuro.parse(blocks[at].split("\n", 1)[1].split("--- solution")[0])
    every = kakuro_runs(puzzle)
    named = 0
    for step in walks.walk(kakuro, puzzle).steps:
        if step.rule is None:
            continue
        named += 1
        keys = [clue.key for clue in step.clues]
        sums = [key for key in keys if key[0] == "sum"]
        assert step.rule == ("the run's digit sets", "the crossing runs' digit sets")[len(sums) - 1]
        assert all((step.r, step.c) in every[key][1] for key in sums)
        left = kakuro_left(puzzle, (step.r, step.c), keys)
        assert step.value not in left if step.eliminated else left == {step.value}, step.sentence
    assert named


# -- futoshiki ------------------------------------------------------------------------------------------

def futoshiki_name(givens: dict, signs: dict, fact, gone=()) -> str | None:
    """name_step on a 4×4 with these givens {(r, c): d} and signs {("h" | "v", r, c): "<" | ">" | "^" | "v"},
    all in the reason, with eliminations (r, c, d)."""
    across, down = [""] * 12, [""] * 12
    for (mark, r, c), sign in signs.items():
        if mark == "h":
            across[r * 3 + c] = sign
        else:
            down[r * 4 + c] = sign
    puzzle = Puzzle(4, tuple(givens.get(divmod(i, 4), 0) for i in range(16)), tuple(across), tuple(down))
    keys = [("given", r, c) for r, c in givens] + [("sign", *key) for key in signs] + [("eliminated", *x) for x in gone]
    return futoshiki.name_step(puzzle, fact, keys)


def test_futoshiki_latin_square_single():
    assert futoshiki_name({(0, 1): 1, (0, 2): 2, (0, 3): 3}, {}, (0, 0, 4, False)) == "Latin square single"
    assert futoshiki_name({(0, 1): 1, (0, 2): 2}, {}, (0, 0, 4, False)) is None
    assert futoshiki_name({(1, 1): 4, (2, 2): 4, (3, 3): 4}, {}, (0, 0, 4, False)) == "Latin square single"
    assert futoshiki_name({(1, 1): 4, (2, 2): 4}, {}, (0, 0, 4, False)) is None
    assert futoshiki_name({(0, 1): 4}, {}, (0, 0, 4, True)) is None          # an elimination needs a sign


def test_futoshiki_inequality():
    chain = {("h", 0, 0): "<", ("h", 0, 1): "<", ("h", 0, 2): "<"}
    assert futoshiki_name({}, chain, (0, 0, 1, False)) == "inequality"
    assert futoshiki_name({}, chain, (0, 3, 4, False)) == "inequality"
    assert futoshiki_name({}, dict(list(chain.items())[:2]), (0, 0, 1, False)) is None
    assert futoshiki_name({(1, 0): 2}, {("v", 0, 0): "v"}, (0, 0, 1, False)) is None     # r1c1 > 2: 3 or 4
    assert futoshiki_name({(1, 0): 3, (0, 1): 4}, {("v", 0, 0): "v"}, (0, 0, 4, False)) is None
    assert futoshiki_name({(1, 0): 2, (0, 1): 4}, {("v", 0, 0): "v"}, (0, 0, 3, False)) == "inequality"
    assert futoshiki_name({}, {("h", 0, 0): ">"}, (0, 0, 1, True)) == "inequality"
    assert futoshiki_name({}, {("h", 0, 0): ">"}, (0, 0, 2, True)) is None


@pytest.mark.parametrize("example", [e for e in futoshiki.EXAMPLES if e.count == 1], ids=lambda e: e.name)
def test_futoshiki_names_on_whole_solves_are_rechecked(example):
    """A Latin square single: no sign in the reason, and the reason's digits leave the cell one digit or the
    digit one place in its row or column. An inequality: a sign in the reason, and no such single."""
    puzzle = futoshiki.parse(example.text)
    n = puzzle.size
    grid = {divmod(i, n): d for i, d in enumerate(puzzle.givens) if d}
    names = set()
    for step in walks.walk(futoshiki, puzzle).steps:
        r, c, v = step.r, step.c, step.value
        keys = [clue.key for clue in step.clues]
        reason = {tuple(key[1:3]): grid[tuple(key[1:3])] for key in keys if key[0] in ("given", "placed")}

        def sees(cell, d):
            return any(x != cell and (x[0] == cell[0] or x[1] == cell[1]) and e == d for x, e in reason.items())

        single = (all(sees((r, c), d) for d in range(1, n + 1) if d != v)
                  or any(all(x == (r, c) or x in reason or sees(x, v) for x in line)
                         for line in ([(r, j) for j in range(n)], [(i, c) for i in range(n)])))
        signed = any(key[0] == "sign" for key in keys)
        if step.rule == "Latin square single":
            assert single and not signed, step.sentence
        elif step.rule == "inequality":
            assert signed and not single, step.sentence
        else:
            assert not (single and not signed), step.sentence
        names.add(step.rule)
        grid[(r, c)] = v
    assert len(grid) == n * n and "inequality" in names


# -- how a step is said ------------------------------------------------------------------------------

def test_a_steps_sentence_is_its_heading_what_it_does_and_its_reason_with_a_cells_ruled_out_values_together():
    """The sentence is the heading, what the step does and its reason; values earlier steps ruled out of one
    cell are said together where the first of them stands, other clues as they are, in their order."""
    gone = [Clue(*held((3, 1, v), True)[:1], v, ((3, 1),), held((3, 1, v), True)[1]) for v in (2, 5, 9)]
    other = Clue(("given", 0, 0), 7, ((0, 0),), "the 4 at r1c1")
    elsewhere = Clue(*held((2, 2, 3), True)[:1], 8, ((2, 2),), held((2, 2, 3), True)[1])
    step = Step(3, 1, 1, False, (gone[0], other, gone[1], elsewhere, gone[2]), rule="single", units=("row 4",))
    assert step.heading == "Single in row 4"
    assert step.reason == "no 2, 5 or 9 at r4c2, the 4 at r1c1 and no 3 at r3c3 leave no other choice"
    assert step.sentence == f"Single in row 4: r4c2 must be 1: {step.reason}."
    assert step.to_json()["clues"] == ["no 2 at r4c2", "the 4 at r1c1", "no 5 at r4c2", "no 3 at r3c3", "no 9 at r4c2"]
    alone = Step(0, 0, 0, True, (gone[0],))
    assert (alone.heading, alone.reason) == ("One clue alone", "no 2 at r4c2 rules it out")
    assert Step(0, 0, 1, False, ()).reason is None and Step(0, 0, 1, False, ()).sentence == "The rules alone: r1c1 must be 1."
