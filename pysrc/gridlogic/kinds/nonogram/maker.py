"""Nonograms from random pictures, as Tatham's Pattern draws them: seeded noise, blurred (each cell the mean of its
3×3 neighbourhood, twice) and cut, so the picture has blobs rather than speckle: at its median for easy (half the
cells filled), sparser above easy (`filled_share`), where more pictures leave the line solver stuck and keep one
solution; above easy at the smaller sides (SNAKES), short random walks instead, which leave it stuck with one
solution more often still; at the smallest (FOUND), noise, many pictures judged at a time by masks.find (compiled
where the package was built with a C compiler). Its line clues make the puzzle; it is kept when it has one solution
and the level asked. The line solver alone (masks.solve, easy's fixed point) answers first, and settles an easy
picture (a finished solve proves one solution). Above easy, a picture it leaves open has the grader's
contradictions counted against it (masks.judged, before any puzzle is built: masks.contradictions, each open cell
probed with the value the picture does not have), up to the level's most: a count that finishes proves one solution and is the grader's, so no count of
solutions and no grade is needed, and the count is the puzzle's rating (grading.counted). A probe that fills the
grid is a second solution: the picture is changed in one cell where the two differ, each such cell in turn (REPAIRS
rounds, SNAKE_REPAIRS for walks; masks.find: one such cell drawn, masks.FIND_REPAIRS times), before a new picture
is drawn (docs/benchmarks.md)."""

from __future__ import annotations

import functools
import random

from gridlogic import ratings, walks
from gridlogic.budget import Budget, BudgetExceeded
from gridlogic.errors import RequestError
from gridlogic.generate import oracle
from gridlogic.generate.search import LEVELS, Candidate
from gridlogic.kinds import nonogram as kind
from gridlogic.kinds.nonogram import grading, masks
from gridlogic.kinds.nonogram.grid import Puzzle
from gridlogic.kinds.nonogram.lines import count_solutions

SYMMETRIES = ("none",)
DEFAULT = 10
OFFERED = {"easy": range(4, 31), "medium": range(5, 31), "hard": range(5, 31)}
"""Level -> the sides (the larger of rows and cols) the page's New puzzle panel offers it at (bench/bench_offer.py)."""
SIDES = range(4, 31)
BLURS = 2
SPARSE, SPARSE_SIDE = (0.25, 0.35), 18     # the share filled above easy: up to 18 a side, and beyond
SNAKES = {"medium": ((14, 4, 0.3),), "hard": ((12, 4, 0.3), (15, 6, 0.35), (20, 8, 0.4))}
"""Level -> (largest side, steps of a walk, share filled) of its pictures of `snakes`, smaller sides first; a
level not named, or a larger side, draws blurred pictures."""
FOUND = {"medium": 9, "hard": 9}
"""Level -> the largest side whose pictures masks.find draws and judges, up to FIND_TRIES for one candidate
(noise, neither blurred nor walks; SNAKES and blurred pictures above): where a unique picture that needs the
level's contradictions is rarest (at 5×5 hard, hundreds of pictures for one), so that judging one must cost
least (docs/benchmarks.md)."""
FIND_TRIES = 1000          # pictures one candidate's masks.find draws at most
SNAKE_REPAIRS = 1          # rounds of changes of a picture of snakes
REPAIRS = 2                # above easy, rounds of pictures changed where a second solution differs
SEARCH_MOST = 200          # line solves the count of a picture's solutions takes at most (then SAT counts)
MEDIUM_SIDES, HARD_SIDES = range(5, 31), range(5, 31)    # where medium, and hard, are made in time


def levels(rows: int, cols: int) -> tuple[str, ...]:
    """The levels a size reaches in reasonable time: medium and hard from 5 a side (at 4×4 a unique picture
    that needs a contradiction is rare: thousands drawn, none found). Not fiendish: a random picture is
    rarely unique beyond six contradictions, and 15×15 fiendish ran out of a minute for most seeds
    (docs/benchmarks.md)."""
    small, large = min(rows, cols), max(rows, cols)
    if small in HARD_SIDES and large in HARD_SIDES:
        return LEVELS[:3]
    return LEVELS[:2] if small in MEDIUM_SIDES else LEVELS[:1]


def check_size(rows: int, cols: int) -> None:
    """Refuse a size the generator does not make (4 to 30 a side)."""
    if rows not in SIDES or cols not in SIDES:
        raise RequestError(f"nonograms are generated 4 to {SIDES[-1]} cells a side (got {rows}×{cols})",
                           field="rows")


def picture(rows: int, cols: int, rng: random.Random, filled: float = 0.5) -> list[list[bool]]:
    """A blurred random picture cut so that about the share `filled` of its cells is filled (at its median:
    half)."""
    grid, cut = _blurred(rows, cols, rng, filled)
    return [[x >= cut for x in row] for row in grid]


def _blurred(rows: int, cols: int, rng: random.Random, filled: float) -> tuple[list[list[float]], float]:
    """`picture`'s blurred noise and the value it is cut at."""
    draw = rng.random
    grid = [[draw() for _ in range(cols)] for _ in range(rows)]
    for _ in range(BLURS):
        grid = _blur(grid)
    cut = sorted([x for row in grid for x in row])[int(rows * cols * (1 - filled))]
    return grid, cut


def snakes(rows: int, cols: int, rng: random.Random, steps: int, filled: float) -> list[int]:
    """A picture (its rows' filled masks) of short random walks: each from a random cell, `steps` steps up,
    down, left or right (one kept at the edge), filling the cells it visits, until the share `filled` of the
    cells is filled. At the sides SNAKES names, a unique picture that needs a contradiction or more comes
    sooner than from a blurred picture (docs/benchmarks.md). By the compiled module where there is one (the same
    draws from `rng`, the same picture)."""
    if masks.compiled is not None:         # the same draws and walks, by the compiled module
        return masks.compiled.snakes(rng.getrandbits, rows, cols, steps, filled * rows * cols)
    draw = rng.getrandbits                  # randrange's draws, written out (its bits and rejections)
    row_bits, col_bits = rows.bit_length(), cols.bit_length()
    filled_rows = [0] * rows
    count, most = 0, filled * rows * cols
    last_r, last_c = rows - 1, cols - 1
    while count < most:
        r = draw(row_bits)
        while r >= rows:
            r = draw(row_bits)
        c = draw(col_bits)
        while c >= cols:
            c = draw(col_bits)
        for _ in range(steps):
            if not filled_rows[r] >> c & 1:
                filled_rows[r] |= 1 << c
                count += 1
            way = draw(3)
            while way >= 4:
                way = draw(3)
            if way == 0:
                if c < last_c:
                    c += 1
            elif way == 1:
                if c:
                    c -= 1
            elif way == 2:
                if r < last_r:
                    r += 1
            elif r:
                r -= 1
    return filled_rows


def drawn_picture(level: str, rows: int, cols: int, rng: random.Random) -> list[int]:
    """The picture a candidate of `level` starts from (its rows' filled masks): `snakes` where SNAKES names
    the level and size, else blurred (`picture`) at its `filled_share`, by the compiled module where there is
    one (the same picture; docs/benchmarks.md)."""
    band = _snaky(level, rows, cols)
    if band is not None:
        return snakes(rows, cols, rng, band[1], band[2])
    filled = filled_share(level, rows, cols)
    if masks.compiled is not None:              # the same noise, blurred and cut by the compiled module
        draw = rng.random
        return masks.compiled.blurred([draw() for _ in range(rows * cols)], rows, cols, BLURS,
                                      int(rows * cols * (1 - filled)))
    grid, cut = _blurred(rows, cols, rng, filled)
    return [int(bytes([x >= cut for x in reversed(row)]).translate(_DIGITS), 2) for row in grid]


_DIGITS = bytes.maketrans(b"\0\1", b"01")


def _snaky(level: str, rows: int, cols: int) -> tuple[int, int, float] | None:
    """The band of SNAKES a candidate of `level` at this size draws from, or None (a blurred picture)."""
    return next((band for band in SNAKES.get(level, ()) if max(rows, cols) <= band[0]), None)


def filled_share(level: str, rows: int, cols: int) -> float:
    """The share of a picture's cells filled: half for easy (as Pattern's); above easy SPARSE, a sparser
    picture leaving the line solver stuck more often while keeping one solution (10×10 medium: one picture in
    30 to 40 against one in 500 at half; docs/benchmarks.md)."""
    if level == LEVELS[0]:
        return 0.5
    return SPARSE[0] if max(rows, cols) <= SPARSE_SIDE else SPARSE[1]


def _blur(grid: list[list[float]]) -> list[list[float]]:
    """Each cell the mean of its 3×3 neighbourhood within the grid (summed along rows, then columns; a zero
    beyond the edge adds nothing, so the sums are those of the cells within, in the same order)."""
    rows, cols = len(grid), len(grid[0])
    zero = [0.0] * cols
    across = [zero]
    for row in grid:
        padded = [0.0, *row, 0.0]
        across.append([a + b + c for a, b, c in zip(padded, padded[1:], padded[2:])])
    across.append(zero)
    return [[(a + b + c) / n for a, b, c, n in zip(across[r], across[r + 1], across[r + 2], counts)]
            for r, counts in enumerate(_neighbours(rows, cols))]


@functools.lru_cache(maxsize=64)
def _neighbours(rows: int, cols: int) -> list[list[int]]:
    """How many cells of a rows×cols grid each cell's 3×3 neighbourhood holds (rows of them)."""
    wide = [min(c + 2, cols) - max(c - 1, 0) for c in range(cols)]
    return [[(min(r + 2, rows) - max(r - 1, 0)) * w for w in wide] for r in range(rows)]


def candidate(rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: random.Random, budget: Budget) -> Candidate:
    """The puzzle of a random picture (no clue of it may go), its levels settled by the grader. The picture
    is drawn at the first question, which names the level (`filled_share`; the attempt asks `solves` before
    it writes the puzzle, and draws nothing else from `rng` in between)."""
    drawn: list = []                     # [the puzzle, its solves, its rated]

    def keep(picture_rows: list[int], picture_cols: list[int] | None = None) -> None:
        clues, autos, tables, packed = masks.lines(picture_rows, cols, rows, picture_cols)
        puzzle = Puzzle(cols, rows, tuple(clues[:rows]), tuple(clues[rows:]))
        drawn[:] = [puzzle, *_solver(puzzle, picture_rows, (autos, tables, packed), budget)]

    def draw(level: str) -> list:
        if drawn:
            return drawn
        if level in FOUND and max(rows, cols) <= FOUND[level]:
            found, _, _ = masks.find(rng.getrandbits(64), cols, rows, *_contradictions(level), FIND_TRIES)
            if found is not None:
                keep(found)
        else:
            first = drawn_picture(level, rows, cols, rng)
            tries = [(first, masks.columns(first, cols), 0)]
            rounds = REPAIRS if _snaky(level, rows, cols) is None else SNAKE_REPAIRS
            least, most = (0, 0) if level == LEVELS[0] else _contradictions(level)
            while tries:
                picture_rows, picture_cols, depth = tries.pop(0)
                if level == LEVELS[0]:           # easy: the line solver alone answers, asked of the puzzle
                    keep(picture_rows, picture_cols)
                    break
                second: list = []                # judged first: the puzzle is built for the picture kept
                found = masks.judged(picture_rows, cols, rows, most, second)
                if found is not None and found >= least:
                    keep(picture_rows, picture_cols)
                    break
                if second and depth < rounds:
                    tries += [(*changed, depth + 1) for changed in _changes(picture_rows, picture_cols, second[0])]
        if not drawn:                            # no picture of the level
            drawn[:] = [None, lambda kept, level: False, lambda: None]
        return drawn

    return Candidate(lambda kept: draw(LEVELS[0])[0], solves=lambda kept, level: draw(level)[1](kept, level),
                     rated=lambda kept: draw(LEVELS[0])[2]())


def _changes(picture_rows: list[int], picture_cols: list[int], other: list[int]) -> list[tuple[list[int], list[int]]]:
    """The picture (its rows' and columns' filled masks) changed in one cell where `other` (rows' masks)
    differs from it, each such cell in turn, row-major: filled or emptied."""
    out = []
    for r, (mask, differ) in enumerate(zip(picture_rows, other)):
        differ ^= mask
        while differ:
            low = differ & -differ
            differ ^= low
            changed_rows, changed_cols = list(picture_rows), list(picture_cols)
            changed_rows[r] = mask ^ low
            changed_cols[low.bit_length() - 1] ^= 1 << r
            out.append((changed_rows, changed_cols))
    return out


def _contradictions(level: str) -> tuple[int, int]:
    """The fewest and most contradictions a puzzle of `level` (above easy) needs."""
    caps = dict(grading.LEVELS)
    return most_contradictions(caps[LEVELS[LEVELS.index(level) - 1]]) + 1, most_contradictions(caps[level])


@functools.lru_cache(maxsize=16)
def most_contradictions(cap: float) -> int:
    """How many contradictions a grade capped at `cap` may take (grading.contradiction_score: 0 at easy, 2 at
    medium, 6 at hard)."""
    return sum(1 for n in range(1, grading.HARD_MOST + 2) if grading.contradiction_score(n) <= cap + 1e-9)


def _solver(puzzle, drawn: list[int], lines: tuple, budget: Budget):
    """`Candidate.solves` and `Candidate.rated` of a picture, its rows' filled masks `drawn` (`lines`: its
    lines' automata, tables and packed automata, from masks.lines). `solves` by the line
    solver, then by contradictions probed against the picture: first the line solver alone (masks.solve:
    easy's techniques reach its fixed point, so a grade capped at easy finishes exactly when it does); for
    medium and hard, the contradictions the grader takes beyond it, counted up to the level's most
    (masks.contradictions: the grader's own contradictions, each cell probed with the value the picture does
    not have; a finished count proves one solution, and a probe that fills the grid stops it at a second). At
    fiendish (not offered: `levels`), of a picture the line solver leaves open, its solutions counted once up
    to two (lines.count_solutions, SAT past SEARCH_MOST line solves), then the uncapped grade: one stuck that
    none below fiendish does is yes, the picture being unique. `rated`: the rating of a picture whose
    contradictions were counted and finished (medium and hard), told by their count (grading.counted), else
    None (easy, and fiendish: the grader rates them)."""
    w, h = puzzle.width, puzzle.height
    autos, tables, packed = lines
    caps = dict(grading.LEVELS)
    lined: list = []                     # [the line solver's fixed point from the empty grid, whether it is full]
    counted: dict[int, int | None] = {}  # most asked -> contradictions (None: more, or none helps)
    unique: list = []

    def needed(most: int) -> int | None:
        for asked, found in counted.items():
            if found is not None or asked >= most:
                return found
        counted[most] = masks.contradictions(autos, tables, w, h, drawn, most, lined[0][0], None, packed)
        return counted[most]

    def solves(kept: set, level: str) -> bool | None:
        cap = caps[level]
        if not lined:
            fixed = masks.empty_grid(autos, tables, w, h, packed)
            lined.append((fixed, masks.is_full(*fixed, w, h)))
        if lined[0][1]:
            return True
        if level == LEVELS[0]:
            return False
        if cap is not None:
            most = most_contradictions(cap)
            found = needed(most)
            return found is not None and found <= most
        if not unique:
            grid = masks.grid_of(*lined[0][0], w, h)
            count = count_solutions(autos, w, h, grid, range(w + h), nodes=[SEARCH_MOST])
            unique.append(oracle.is_unique(kind, puzzle, budget) if count is None else count == 1)
        if not unique[0]:
            return False
        grade = grading.grade(puzzle, budget=budget)
        if grade.stopped == "budget":
            raise BudgetExceeded()
        return grade.solved or grade.stopped == "stuck"

    def rated() -> walks.Rating | None:
        found = next((n for n in counted.values() if n), None)
        if found is None:
            return None
        grade = grading.counted(puzzle, found)
        return walks.Rating(grade.level, ratings.graded(grading, grade))
    return solves, rated
