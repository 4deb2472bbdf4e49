"""The binary maker's own search for a solution grid (kinds/binary/filling.py): every grid it gives keeps the
rules (the kind's independent checker), the same seed gives the same grid, and shapes with no solution give
none. The grader's steps untold are its steps told (grading.UNTOLD_ALIKE: the generator's rating grades
untold), and a cell the maker counts as worked out at once is found by the capped ladder."""

from __future__ import annotations

import random

import pytest

from gridlogic import generate  # noqa: F401  (the makers' registry, before a maker is imported)
from gridlogic import ladder
from gridlogic.budget import UNLIMITED
from gridlogic.kinds import binary
from gridlogic.kinds.binary import filling, grading, maker
from gridlogic.kinds.binary.text import Puzzle


@pytest.mark.parametrize("width, height", [(4, 4), (6, 6), (8, 8), (10, 10), (12, 12), (16, 16), (6, 10), (10, 6)])
def test_grids_keep_the_rules(width, height):
    for seed in range(8):
        grid = filling.seeded_grid(width, height, random.Random(seed))
        assert grid is not None
        solution = tuple(grid[(r, c)] for r in range(height) for c in range(width))
        assert binary.check(Puzzle(width, height, (None,) * (width * height)), solution) == []


def test_a_seed_gives_one_grid_and_seeds_differ():
    grids = [filling.seeded_grid(10, 10, random.Random(seed)) for seed in (1, 1, 2)]
    assert grids[0] == grids[1] != grids[2]


@pytest.mark.parametrize("width, height", [(4, 8), (16, 4)])
def test_shapes_without_solution(width, height):
    """Width 4 has 6 lines keeping rules 1 and 2: 8 rows cannot all differ (nor 16 columns of height 4)."""
    assert filling.seeded_grid(width, height, random.Random(0)) is None


def test_balanced_lines():
    """Lines of 6 cells with three 1s and no three equal digits side by side: 14, counted by hand from the 20
    with three 1s (000111 and its like are out)."""
    lines = filling.balanced_lines(6)
    assert len(lines) == 14 and all(bin(x).count("1") == 3 and "111" not in f"{x:06b}" and "000" not in f"{x:06b}"
                                    for x in lines)


def _puzzles(count: int):
    """Puzzles from seeded grids with a seeded share of their cells given."""
    for seed in range(count):
        rng = random.Random(seed)
        n = rng.choice((6, 8, 10))
        grid = filling.seeded_grid(n, n, rng)
        share = rng.uniform(0.2, 0.6)
        yield Puzzle(n, n, tuple(grid[divmod(i, n)] if rng.random() < share else None for i in range(n * n)))


def test_untold_grades_take_the_told_steps():
    assert grading.UNTOLD_ALIKE
    levels = set()
    for puzzle in _puzzles(40):
        told, untold = grading.grade(puzzle), grading.grade(puzzle, told=False)
        assert [(s.technique, s.score, s.placed) for s in told.steps] == \
               [(s.technique, s.score, s.placed) for s in untold.steps]
        assert (told.solved, told.score, told.level, told.stopped) == \
               (untold.solved, untold.score, untold.level, untold.stopped)
        levels.add(told.level)
    assert len(levels) >= 3                     # the sample reaches several levels


def test_a_cell_settled_at_once_is_worked_out():
    """Where the maker's `settled` says a removed cell is given at once, the capped ladder works it out again
    from the other givens (and where the cell is open and it says not, the ladder still may, by more steps)."""
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        found = maker.candidate(8, 8, (), "none", rng, UNLIMITED)
        try:
            kept = set(found.clues)
            for cell in sorted(found.clues, key=lambda _: rng.random())[:30]:
                trial = kept - {cell}
                if found.settled(found.board(trial), cell):
                    checked += 1
                    board = found.board(trial)
                    ladder.climb(board, grading.RUNGS, grading.LEVELS, cap=1.5, batch=True)
                    assert found.settled(board, cell) and board.values[cell[0] * 8 + cell[1]] is not None
                kept = trial if rng.random() < 0.5 else kept
        finally:
            found.close()
    assert checked >= 50


@pytest.mark.parametrize("rows, cols, field", [(8, 4, "rows"), (4, 8, "cols"), (16, 6, "rows"), (6, 16, "cols")])
def test_a_shape_without_solution_is_refused_at_once(rows, cols, field):
    """A generate request for a shape no grid fills (more rows than lines of its width keep rules 1 and 2, or
    columns likewise) is refused by its size, naming the side, before any attempt (not left to the budget)."""
    from gridlogic import api

    response = api.handle({"op": "generate", "kind": "binary", "rows": rows, "cols": cols, "seed": 0,
                           "budget_ms": 60_000})
    assert not response["ok"] and response["error"]["type"] == "RequestError", response
    assert response["error"]["where"] == {"field": field}
    assert f"{rows}×{cols}" in response["error"]["message"] and "no solution" in response["error"]["message"]


@pytest.mark.parametrize("rows, cols", [(6, 4), (4, 6), (14, 6), (6, 14)])
def test_the_widest_shapes_with_solutions_are_still_made(rows, cols):
    """The largest counts of rows a width allows (14 of width 6, 6 of width 4) pass the size check and generate."""
    from gridlogic import api

    response = api.handle({"op": "generate", "kind": "binary", "rows": rows, "cols": cols, "seed": 0,
                           "difficulty": "easy", "budget_ms": 60_000})
    assert response["ok"] and response["result"]["status"] == "generated", response
    puzzle = binary.parse(response["result"]["text"])
    assert (puzzle.height, puzzle.width) == (rows, cols)


def _swapped_grids(grid: dict, rows: int, cols: int) -> list[tuple]:
    """Rectangles found by swapping every crosswise rectangle's digits and checking the grid it gives against the
    kind's own checker (binary.check), apart from maker.rectangles."""
    out = []
    cells = [(r1, r2, c1, c2) for r1 in range(rows) for r2 in range(r1 + 1, rows)
             for c1 in range(cols) for c2 in range(c1 + 1, cols)]
    for r1, r2, c1, c2 in cells:
        corners = ((r1, c1), (r1, c2), (r2, c1), (r2, c2))
        a, b, c, d = (grid[cell] for cell in corners)
        if a == b or c != b or d != a:
            continue
        other = {cell: 1 - v if cell in corners else v for cell, v in grid.items()}
        blank = Puzzle(cols, rows, (None,) * (rows * cols))
        if not binary.check(blank, tuple(other[(r, x)] for r in range(rows) for x in range(cols))):
            out.append(corners)
    return out


@pytest.mark.parametrize("n", [6, 8, 10])
def test_rectangles_are_the_swaps_giving_another_grid(n):
    """maker.rectangles (the unavoidable sets the uniqueness check reads before SAT) are the rectangles whose
    swap gives a grid the checker accepts; givens leaving one open leave several solutions (SAT agrees)."""
    from gridlogic.generate import oracle

    found_any = 0
    for seed in range(6):
        grid = filling.seeded_grid(n, n, random.Random(seed))
        rectangles = maker.rectangles(grid, n, n)
        assert rectangles == _swapped_grids(grid, n, n), seed
        found_any += len(rectangles)
        whole = Puzzle(n, n, tuple(grid[(r, c)] for r in range(n) for c in range(n)))
        for corners in rectangles[:3]:
            open_ = {r * n + c for r, c in corners}
            puzzle = Puzzle(n, n, tuple(None if i in open_ else v for i, v in enumerate(whole.givens)))
            assert not oracle.is_unique(binary, puzzle, UNLIMITED), (seed, corners)
    assert found_any >= 6


@pytest.mark.parametrize("width, height", [(4, 4), (4, 6), (6, 4), (6, 6)])
def test_the_listed_grids_are_every_grid(width, height):
    """kinds/binary/grids.py lists each grid once, each keeping the rules (the kind's checker); 4 wide, they
    are every choice of distinct rows among the lines keeping rules 1 and 2 that the checker accepts; 6×6
    has 4,140 (every grid missing would show in the uniqueness answers below, compared with SAT's)."""
    import itertools

    from gridlogic.kinds.binary import grids

    listed = grids.grids(width, height)
    assert len(set(listed)) == len(listed)
    blank = Puzzle(width, height, (None,) * (width * height))
    for rows in listed:
        assert binary.check(blank, tuple(row >> c & 1 for row in rows for c in range(width))) == []
    if width == 4:
        every = {rows for rows in itertools.permutations(filling.balanced_lines(width), height)
                 if not binary.check(blank, tuple(row >> c & 1 for row in rows for c in range(width)))}
        assert every == set(listed)
    if (width, height) == (6, 6):
        assert len(listed) == 4140


@pytest.mark.parametrize("width, height", [(4, 6), (6, 6)])
def test_uniqueness_on_the_listed_grids_is_sats(width, height):
    """grids.unique answers as SAT (oracle.is_unique) on random shares of seeded grids' givens."""
    from gridlogic.generate import oracle
    from gridlogic.kinds.binary import grids

    answers = {True: 0, False: 0}
    for seed in range(15):
        rng = random.Random(seed)
        grid = filling.seeded_grid(width, height, rng)
        rows = [sum(grid[(r, c)] << c for c in range(width)) for r in range(height)]
        for _ in range(8):
            share = rng.uniform(0.2, 0.6)
            kept = {cell for cell in grid if rng.random() < share}
            givens = tuple(grid[(r, c)] if (r, c) in kept else None for r in range(height) for c in range(width))
            several = not oracle.is_unique(binary, Puzzle(width, height, givens), UNLIMITED)
            assert grids.unique(width, height, rows, kept) != several, (seed, sorted(kept))
            answers[not several] += 1
    assert min(answers.values()) >= 10, answers
