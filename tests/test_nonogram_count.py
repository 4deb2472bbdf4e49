"""The nonogram maker's count of a picture's solutions (kinds/nonogram/lines.py, count_solutions: a search
with the line solver as its propagation) against SAT (generate/oracle.py), on random pictures the line
solver leaves open; the line solver's verdict against the grader capped at easy; its step on one line
(Automaton.forced) against the line's live states; the line solver on masks (masks.py, the maker's) against
the one on lists; the contradictions counted against a known picture (masks.contradictions) against the
grader's, and the maker's rating told by their count against the grader's; the maker's local change of a
picture; masks.find's pictures against the grader and SAT, compiled and in Python alike; and a blurred picture
and a picture of walks compiled against the Python's."""

from __future__ import annotations

import os
import random

import pytest

from gridlogic import generate  # noqa: F401  (the makers' registry, before a maker is imported)
from gridlogic.budget import UNLIMITED
from gridlogic.generate import oracle
from gridlogic.kinds import nonogram
from gridlogic import api, walks
from gridlogic.kinds.nonogram import board, grading, maker, masks
from gridlogic.kinds.nonogram.grid import make_puzzle, runs
from gridlogic.kinds.nonogram.lines import Automaton, automata, count_solutions, solve_lines


def _puzzle(grid):
    w = len(grid[0])
    return make_puzzle(w, len(grid), [runs(row) for row in grid], [runs([row[c] for row in grid]) for c in range(w)])


def contradictions(rows, w, h, most, second=None):
    """masks.contradictions of the picture whose rows are the filled masks `rows`, from the empty grid's fixed
    point: in Python, and compiled where the package was built with it (the same count and second solution)."""
    _, autos, kept, packed = masks.lines(rows, w, h)
    fixed = masks.empty_grid(autos, kept, w, h)
    second = [] if second is None else second
    found = masks.contradictions(autos, kept, w, h, rows, most, fixed, second)
    if masks.compiled is not None:
        assert masks.empty_grid(autos, kept, w, h, packed) == fixed
        again: list = []
        assert masks.contradictions(autos, kept, w, h, rows, most, fixed, again, packed) == found
        assert again == second
        whole: list = []                 # masks.judged: the picture's lines read by the compiled solver too
        assert masks.judged(rows, w, h, most, whole) == found and whole == second
    return found


def _cells(rows, w):
    """The row-major 0/1 picture of rows' filled masks."""
    return [mask >> c & 1 for mask in rows for c in range(w)]


def _grid(rows, w):
    """The picture of rows' filled masks as a list of rows of 0/1."""
    return [[mask >> c & 1 for c in range(w)] for mask in rows]


def _open(puzzle):
    w, h = puzzle.width, puzzle.height
    grid = solve_lines(automata(puzzle), w, h, [-1] * (w * h), range(w + h))
    return -1 in grid


def test_the_count_is_sats():
    rng = random.Random(4)
    answers = {True: 0, False: 0}
    for n in (8, 10, 12):
        for _ in range(400):
            puzzle = _puzzle(maker.picture(n, n, rng))
            if not _open(puzzle):
                continue
            w, h = puzzle.width, puzzle.height
            count = count_solutions(automata(puzzle), w, h, [-1] * (w * h), range(w + h))
            assert count in (1, 2)
            unique = oracle.is_unique(nonogram, puzzle, UNLIMITED)
            assert (count == 1) == unique
            answers[unique] += 1
    assert min(answers.values()) >= 3, answers          # both answers are met


def test_a_count_past_its_line_solves_is_none():
    rng = random.Random(1)
    while True:
        puzzle = _puzzle(maker.picture(12, 12, rng))
        if _open(puzzle):
            break
    w, h = puzzle.width, puzzle.height
    assert count_solutions(automata(puzzle), w, h, [-1] * (w * h), range(w + h), nodes=[1]) is None


def test_the_line_solver_finishes_where_the_grade_capped_at_easy_does():
    rng = random.Random(2)
    seen = set()
    for n in (6, 10, 15):
        for _ in range(60):
            puzzle = _puzzle(maker.picture(n, n, rng))
            solved = not _open(puzzle)
            assert solved == grading.grade(puzzle, cap=dict(grading.LEVELS)["easy"]).solved
            seen.add(solved)
    assert seen == {True, False}


def test_a_lines_forced_cells_are_its_live_states_reading():
    """Automaton.forced (the line solver's step, worked out in one backward pass and kept by known cells)
    against cell_values read from `live`, on random lines and clues, asked twice (the kept answer too)."""
    rng = random.Random(6)
    seen = {"broken": 0, "forcing": 0}
    for _ in range(3000):
        length = rng.randint(1, 14)
        clue = runs([rng.random() < 0.45 for _ in range(length)]) if rng.random() < 0.8 else \
            tuple(rng.randint(1, 3) for _ in range(rng.randint(0, 3)))
        if sum(clue) + len(clue) - 1 > length:
            continue
        auto = Automaton(clue)
        known = tuple(rng.choice((-1, -1, 0, 1)) for _ in range(length))
        live = auto.live(list(known))
        want = None if live is None else tuple(
            (i, int(filled)) for i in range(length) if known[i] == -1
            for empty, filled in (auto.cell_values(live, i),) if empty != filled)
        assert auto.forced(known) == want == auto.forced(known)
        seen["broken" if want is None else "forcing"] += bool(want is None or want)
    assert min(seen.values()) >= 50, seen


def _contradictions_in(grade):
    return sum(step.technique == "contradiction" for step in grade.steps)


def test_contradictions_probed_against_the_picture_are_the_graders():
    """masks.contradictions (each open cell probed with the value the picture does not have) against the
    grader's batch grade: the same count of contradictions where the grade finishes, None where it is stuck;
    a probe that fills the grid gives a second solution, which SAT agrees exists."""
    rng = random.Random(7)
    seen = {"easy": 0, "contradictions": 0, "none": 0, "second": 0}
    for n, share in ((8, 0.35), (10, 0.25), (12, 0.35), (15, 0.25)):
        for _ in range(120):
            grid = maker.picture(n, n, rng, share)
            puzzle = _puzzle(grid)
            rows = masks.rows_of([int(x) for row in grid for x in row], n, n)
            second: list = []
            found = contradictions(rows, n, n, 20, second)
            grade = grading.grade(puzzle)
            assert found == (_contradictions_in(grade) if grade.solved else None)
            if second:
                assert found is None and second[0] != rows and nonogram.check(puzzle, tuple(_cells(second[0], n))) == []
                if seen["second"] < 10:
                    assert not oracle.is_unique(nonogram, puzzle, UNLIMITED)
                seen["second"] += 1
            seen["easy" if found == 0 else "none" if found is None else "contradictions"] += 1
    assert min(seen.values()) >= 5, seen


def test_contradictions_on_pictures_of_walks_are_the_graders():
    """The same on the maker's pictures of short walks (maker.snakes, at each band of maker.SNAKES): the
    count where the grade finishes, None where it is stuck or a probe fills the grid."""
    rng = random.Random(11)
    seen = {"easy": 0, "contradictions": 0, "none": 0}
    bands = sorted({band for level in maker.SNAKES.values() for band in level})
    for n, steps, share in bands:
        for _ in range(60):
            rows = maker.snakes(n, n, rng, steps, share)
            assert sum(map(int.bit_count, rows)) >= share * n * n and all(mask >> n == 0 for mask in rows)
            puzzle = _puzzle(_grid(rows, n))
            found = contradictions(rows, n, n, 20)
            grade = grading.grade(puzzle)
            graders = _contradictions_in(grade) if grade.solved else None
            assert found == (graders if graders is None or graders <= 20 else None)
            seen["easy" if found == 0 else "none" if found is None else "contradictions"] += 1
    assert min(seen.values()) >= 5, seen


def test_contradictions_stop_past_their_most():
    rng = random.Random(8)
    checked = 0
    while checked < 5:
        rows = masks.rows_of([int(x) for row in maker.picture(15, 15, rng, 0.25) for x in row], 15, 15)
        found = contradictions(rows, 15, 15, 20)
        if found is None or found < 2:
            continue
        assert contradictions(rows, 15, 15, found) == found
        assert contradictions(rows, 15, 15, found - 1) is None
        checked += 1


def test_a_picture_changed_in_one_cell_keeps_its_clues_and_solution_together():
    """The maker's local change (a cell filled or emptied where a second solution differs): the new puzzle's
    clues are the changed picture's, which solves it, and only the cell's row and column clues change."""
    rng = random.Random(9)
    for n in (6, 10, 13):
        w = n + 2
        rows = masks.rows_of([int(x) for row in maker.picture(n, w, rng, 0.3) for x in row], w, n)
        before = _puzzle(_grid(rows, w))
        other = [mask ^ rng.getrandbits(w) for mask in rows]          # differs in about half the cells
        changes = maker._changes(rows, masks.columns(rows, w), other)
        differ = [i for i, (a, b) in enumerate(zip(_cells(rows, w), _cells(other, w))) if a != b]
        assert len(changes) == len(differ)
        for (changed, changed_cols), i in zip(changes, differ):    # row-major, one cell each
            assert changed_cols == masks.columns(changed, w)
            cells, now = _cells(rows, w), _cells(changed, w)
            assert [k for k in range(n * w) if cells[k] != now[k]] == [i]
            clues, _, _, _ = masks.lines(changed, w, n)
            after = _puzzle(_grid(changed, w))
            assert (tuple(clues[:n]), tuple(clues[n:])) == (after.rows, after.columns)
            assert nonogram.check(after, tuple(now)) == []
            r, c = divmod(i, w)
            assert [k for k in range(n) if after.rows[k] != before.rows[k]] == [r]
            assert [k for k in range(w) if after.columns[k] != before.columns[k]] == [c]


def test_a_grade_is_the_same_with_the_boards_readings_kept_or_not():
    rng = random.Random(10)
    for n in (10, 15):
        for _ in range(20):
            puzzle = _puzzle(maker.picture(n, n, rng, 0.3))
            steps = []
            for _ in range(2):
                board._kept.clear()
                grading._last.clear()
                first = grading.grade(puzzle)
                grading._last.clear()
                again = grading.grade(puzzle)                  # every line's reading now kept
                steps.append([(s.technique, s.score, s.placed) for s in first.steps])
                assert steps[-1] == [(s.technique, s.score, s.placed) for s in again.steps]
            assert steps[0] == steps[1]


def test_the_line_solver_on_masks_is_the_one_on_lists():
    """masks.solve (the maker's) against lines.solve_lines, from the empty grid and from a cell given either
    value, on pictures of every kind the maker draws and on noise, square or not: the same fixed point, and
    the same clue broken (None / False); and the compiled solver's the same, where it is built."""
    rng = random.Random(12)
    broken = 0
    for _ in range(300):
        w, h = rng.randint(3, 16), rng.randint(3, 16)
        rows = rng.choice([lambda: maker.snakes(h, w, rng, 4, 0.3),
                           lambda: masks.rows_of([int(x) for row in maker.picture(h, w, rng, 0.35) for x in row], w, h),
                           lambda: [rng.getrandbits(w) for _ in range(h)]])()
        puzzle = _puzzle(_grid(rows, w))
        clues, autos, kept, packed = masks.lines(rows, w, h)
        assert (tuple(clues[:h]), tuple(clues[h:])) == (puzzle.rows, puzzle.columns)
        assert autos == automata(puzzle)
        grid = solve_lines(autos, w, h, [-1] * (w * h), range(w + h))
        fixed = masks.empty_grid(autos, kept, w, h)
        assert masks.grid_of(*fixed, w, h) == grid
        assert masks.is_full(*fixed, w, h) == (-1 not in grid)
        for i in [i for i, v in enumerate(grid) if v == -1][:6]:
            for v in (0, 1):
                r, c = divmod(i, w)
                trial = list(grid)
                trial[i] = v
                listed = solve_lines(autos, w, h, trial, (r, h + c))
                fill, empty = list(fixed[0]), list(fixed[1])
                (fill if v else empty)[r] |= 1 << c
                (fill if v else empty)[h + c] |= 1 << r
                if masks.compiled is not None:
                    again = list(fill), list(empty)
                    assert masks.compiled.solve(packed, w, h, *again, (r, h + c)) == (listed is not None)
                solved = masks.solve(autos, kept, w, h, fill, empty, (r, h + c))
                assert solved == (listed is not None)
                if masks.compiled is not None and solved:
                    assert again == (fill, empty)
                if solved:
                    assert masks.grid_of(fill, empty, w, h) == listed
                else:
                    broken += 1
    assert broken >= 20


def test_the_makers_rating_by_contradictions_is_the_graders():
    """A generated medium or hard nonogram is rated by the maker from its count of contradictions
    (grading.counted): the difficulty it answers is the grader's own, graded afresh (walks.rate)."""
    for size, level, seeds in ((5, "hard", 4), (7, "medium", 4), (10, "medium", 6), (10, "hard", 6),
                               (13, "hard", 3), (16, "medium", 3)):
        for seed in range(seeds):
            answer = api.handle({"op": "generate", "kind": "nonogram", "rows": size, "cols": size,
                                 "difficulty": level, "seed": seed})["result"]
            puzzle = nonogram.parse(answer["text"])
            grading._last.clear()
            graded = walks.rate(nonogram, puzzle)
            assert graded.level == level and graded.difficulty == answer["difficulty"]


def _found(monkeypatch, seed, w, h, least, most, tries):
    """masks.find in Python, and compiled where the package was built with it (the same answer)."""
    compiled = masks.compiled
    with monkeypatch.context() as patch:
        patch.setattr(masks, "compiled", None)
        found = masks.find(seed, w, h, least, most, tries)
    if compiled is not None:
        assert tuple(compiled.find(seed, w, h, least, most, tries)) == tuple(found)
    return found


def test_find_draws_pictures_taking_the_contradictions_asked(monkeypatch):
    """masks.find's picture (the maker's at the smallest sides) has one solution (SAT) and takes the count of
    contradictions it reports, within those asked, by the grader's grade of its clues; without one within its
    tries it answers None after them all. The compiled find draws the same pictures and answers."""
    seen = {"found": 0, "none": 0}
    for w, h, least, most in ((5, 5, 3, 6), (5, 5, 1, 2), (6, 6, 3, 6), (7, 5, 1, 2), (9, 9, 3, 6), (4, 8, 1, 2)):
        for seed in range(6):
            tries = 30 if seed % 2 else 3000
            rows, found, drawn = _found(monkeypatch, seed * 7919 + w * 31 + h, w, h, least, most, tries)
            if rows is None:
                assert found == -1 and drawn == tries
                seen["none"] += 1
                continue
            assert len(rows) == h and all(0 <= mask < 1 << w for mask in rows) and 0 < drawn <= tries
            puzzle = _puzzle(_grid(rows, w))
            grade = grading.grade(puzzle)
            assert grade.solved and least <= _contradictions_in(grade) == found <= most
            assert oracle.is_unique(nonogram, puzzle, UNLIMITED)
            seen["found"] += 1
    assert min(seen.values()) >= 3, seen


def test_find_reads_its_draws_from_the_seed(monkeypatch):
    """The same seed draws the same picture; the draws are splitmix64's (its published first output for seed 0)
    and a picture's rows three cells in eight filled, near enough."""
    assert masks.mix(0)[1] == 0xE220A8397B1DCDAF
    assert _found(monkeypatch, 12, 6, 6, 1, 2, 500) == _found(monkeypatch, 12, 6, 6, 1, 2, 500)
    state, cells = 1, 0
    for _ in range(2000):
        state, z = masks.mix(state)
        cells += (z & 0xFF & ((z >> 8) | (z >> 16))).bit_count()
    assert abs(cells / (2000 * 8) - 0.375) < 0.02
    with pytest.raises(ValueError):
        masks.find(1, masks.FIND_SIDE + 1, 5, 1, 2, 10)


def test_a_blurred_picture_is_the_same_compiled():
    """The maker's blurred picture (maker.drawn_picture, above easy and at easy) is the same from the compiled
    module as from the Python (the same noise, the same sums in the same order, the same cut), at every share
    a level draws and at sides 4 to 30, square or not."""
    if masks.compiled is None:
        pytest.skip("the package was built without a C compiler: the Python alone runs")
    rng = random.Random(5)
    for _ in range(300):
        rows, cols = rng.randrange(4, 31), rng.randrange(4, 31)
        filled = rng.choice((0.5, *maker.SPARSE))
        seed = rng.randrange(10 ** 9)
        grid, cut = maker._blurred(rows, cols, random.Random(seed), filled)
        python = [sum(1 << c for c, x in enumerate(row) if x >= cut) for row in grid]
        draw = random.Random(seed).random
        compiled = masks.compiled.blurred([draw() for _ in range(rows * cols)], rows, cols, maker.BLURS,
                                          int(rows * cols * (1 - filled)))
        assert compiled == python


def test_a_picture_of_walks_is_the_same_compiled(monkeypatch):
    """The maker's picture of walks (maker.snakes) is the same from the compiled module as from the Python, from
    the same random.Random, which is left at the same state, at every band of SNAKES and at odd sizes."""
    if masks.compiled is None:
        pytest.skip("the package was built without a C compiler: the Python alone runs")
    rng = random.Random(9)
    bands = sorted({band for level in maker.SNAKES.values() for band in level})
    for _ in range(200):
        _, steps, share = rng.choice(bands)
        rows, cols, seed = rng.randrange(4, 31), rng.randrange(4, 31), rng.randrange(10 ** 9)
        theirs, ours = random.Random(seed), random.Random(seed)
        compiled = maker.snakes(rows, cols, theirs, steps, share)
        with monkeypatch.context() as patch:
            patch.setattr(masks, "compiled", None)
            python = maker.snakes(rows, cols, ours, steps, share)
        assert compiled == python and theirs.getstate() == ours.getstate()


def test_the_compiled_line_solver_is_built_where_ci_runs():
    """The README's install builds the compiled line solver (a C compiler is on the project's machines), so the
    tests above hold it to the Python one; elsewhere a missing compiler leaves the Python alone."""
    if os.environ.get("CI") != "true":
        pytest.skip("checked under CI=true, where the README's install builds it")
    assert masks.compiled is not None
