"""The nonogram grader (kinds/nonogram/grading.py): each technique sound, told apart on lines built for it,
levels by technique and then by how many contradictions, and the generator's puzzles in the band asked,
unique by an independent count, the same for a seed."""

from __future__ import annotations

import functools

import pytest

from gridlogic import api, walks
from gridlogic.generate import maker_of
from gridlogic.kinds import nonogram
from gridlogic.kinds.nonogram import grading
from gridlogic.kinds.nonogram.board import _read
from gridlogic.kinds.nonogram.lines import Automaton, line_solve

# A 15×15 the generator rated hard (seed 0), as a Pattern game ID (columns, then rows): three contradictions
HARD = ("15x15:5/5/6/5.1/6.2/7.2/9.3/9.2/5.3/3.3/2.1/2.3/6.1/11/6.5/"
        "6/6/5.2/9.3/9.3/8.4/10.4/15/1.6.2/2/1.3/1.2/3.2/3.1/2")


def hard_puzzle():
    return nonogram.parse(HARD)


@functools.lru_cache(maxsize=None)
def line_fillings(clue: tuple, n: int) -> tuple:
    """Every 0/1 line of n cells whose blocks are `clue`, block by block (no automaton)."""
    if not clue:
        return ((0,) * n,)
    first, rest = clue[0], clue[1:]
    out = []
    for start in range(n - first + 1):
        head = (0,) * start + (1,) * first
        if not rest:
            out.append(head + (0,) * (n - len(head)))
        elif len(head) < n:
            out += [head + (0,) + tail for tail in line_fillings(rest, n - len(head) - 1)]
    return tuple(out)


def fillings(clue, known):
    """Every filling of a line with blocks `clue` agreeing with `known` (-1 open)."""
    return [f for f in line_fillings(tuple(clue), len(known)) if all(k in (-1, v) for k, v in zip(known, f))]


def solution_of(puzzle):
    """The puzzle's one solution by SAT, passed by the kind's own checker, and its count."""
    result = api.handle({"op": "solve", "kind": "nonogram", "text": nonogram.format(puzzle), "render": False})
    assert result["ok"] and result["result"]["status"] == "unique", result
    rows = result["result"]["solution"].splitlines()
    values = tuple(int(ch == "#") for row in rows for ch in row)
    assert nonogram.check(puzzle, values) == []
    return values


@pytest.mark.parametrize("clue, known, boxes, spaces, placements", [
    ((4,), [-1] * 5, [1, 2, 3], [], []),                         # overlap on an empty line
    ((2,), [-1, -1, 1, -1, -1, -1], [], [0, 4, 5], []),                   # forcing: the block must cover cell 2
    ((1, 1), [-1, -1, 1, -1, -1], [], [], [(1, 0), (3, 0)]),        # joining and splitting: one block or the other
    ((2, 1), [1, -1, -1, -1, -1], [1], [2], []),                    # glued to the edge
])
def test_each_line_technique_on_a_line_built_for_it(clue, known, boxes, spaces, placements):
    reading = _read(Automaton(clue), range(len(known)), known)
    assert (list(reading.boxes), list(reading.spaces), list(reading.placements())) == (boxes, spaces, placements)
    agreed = {x: f[x] for f in fillings(clue, known)[:1] for x in range(len(known))}
    for f in fillings(clue, known):               # every technique's cell is one every filling agrees on
        agreed = {x: v for x, v in agreed.items() if f[x] == v}
    found = {**{x: 1 for x in boxes}, **{x: 0 for x in spaces}, **dict(placements)}
    assert {x: v for x, v in agreed.items() if known[x] == -1} == found


def check_steps_sound(puzzle, steps, solution):
    """Every step's value is the solution's; a line technique's also follows from its line's clue and the
    cells it names (brute force over the line's fillings)."""
    w = puzzle.width
    for step in steps:
        (r, c, v), = step.placed
        assert solution[r * w + c] == v, step
        if step.technique == "contradiction":
            continue
        (way, i), = step.told.keys
        cells = [(i, x) for x in range(w)] if way == "row" else [(x, i) for x in range(puzzle.height)]
        named = {(rr, cc): vv for rr, cc, vv in step.told.values}
        known = [named.get(cell, -1) for cell in cells]
        clue = puzzle.rows[i] if way == "row" else puzzle.columns[i]
        assert {f[cells.index((r, c))] for f in fillings(clue, known)} == {v}, step


def test_every_step_of_a_walk_and_of_a_grade_holds_in_the_solution():
    puzzle = hard_puzzle()
    solution = solution_of(puzzle)
    walked = grading.walk(puzzle)
    graded = grading.grade(puzzle)
    assert walked.solved and graded.solved
    check_steps_sound(puzzle, walked.steps, solution)
    for step in graded.steps:
        (r, c, v), = step.placed
        assert solution[r * puzzle.width + c] == v
    # the batch grade and the one-at-a-time walk agree on the level and the contradictions
    count = lambda grade: sum(s.technique == "contradiction" for s in grade.steps)  # noqa: E731
    assert (graded.level, count(graded)) == (walked.level, count(walked)) == ("hard", 3)
    assert line_solve(puzzle) is not None and len(line_solve(puzzle)) < 225      # beyond Pattern's line solver


def test_levels_by_technique_then_by_how_many_contradictions():
    assert [grading.level_of(grading.contradiction_score(n)) for n in range(1, 9)] == \
        ["medium"] * 2 + ["hard"] * 4 + ["fiendish"] * 2
    for example in nonogram.EXAMPLES:
        if example.count != 1:
            continue
        puzzle = nonogram.parse(example.text)
        grade = grading.grade(puzzle)
        finished = len(line_solve(puzzle) or {}) == puzzle.width * puzzle.height
        assert grade.solved and (grade.level == "easy") == finished, example.name
    two = nonogram.parse(next(e.text for e in nonogram.EXAMPLES if e.count == 2))
    assert grading.grade(two).stopped == "stuck"          # two solutions: no sound step settles a cell


@pytest.mark.parametrize("size, level, seed", [(12, "easy", 1), (10, "medium", 4), (15, "medium", 3),
                                               (20, "medium", 2), (12, "hard", 1), (6, "hard", 2), (27, "hard", 3)])
def test_generated_puzzles_are_in_band_unique_and_the_same_for_a_seed(size, level, seed):
    ask = {"op": "generate", "kind": "nonogram", "rows": size, "difficulty": level, "seed": seed}
    made = api.handle(ask)["result"]
    assert made["status"] == "generated" and made["difficulty"]["rating"] == level
    puzzle = nonogram.parse(made["text"])
    solution_of(puzzle)                                   # one solution, by SAT, checked by `check`
    assert grading.grade(puzzle).level == level
    opened = len(line_solve(puzzle)) < puzzle.width * puzzle.height
    assert opened == (level != "easy")                # beyond the line solver (Pattern's) above easy
    again = api.handle(ask)["result"]                  # the same puzzle after the same attempts: no timing in it
    assert (again["text"], again["tried"], again["difficulty"]) == (made["text"], made["tried"], made["difficulty"])
    other = api.handle({**ask, "difficulty": "easy" if level != "easy" else "medium"})["result"]
    assert other["text"] != made["text"]              # another level from the seed: another picture


def test_the_rating_is_the_graders_and_medium_and_hard_are_offered_where_they_make_in_time():
    puzzle = hard_puzzle()
    assert walks.rate(nonogram, puzzle).level == "hard"
    assert walks.rate(nonogram, puzzle, cap="medium").level is None
    maker = maker_of(nonogram)
    assert maker.levels(4, 4) == ("easy",) and maker.levels(5, 30) == maker.levels(30, 30) == ("easy", "medium", "hard")
    offer = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == "nonogram")["generate"]
    assert [size[:2] for size in offer["sizes"] if "hard" in size[2]] == [[n, n] for n in (5, 10, 15, 20, 25, 30)]


def test_every_size_and_level_the_page_offers_is_made_in_band_unique_and_beyond_the_line_solver():
    """The New puzzle panel's table (the kinds op) against what is made: at each size it lists, each level it
    offers there is generated (seed 5) rated that level by the grader, with one solution by SAT (checked by
    `check`), the line solver (Pattern's) finishing it exactly at easy."""
    offer = next(k for k in api.handle({"op": "kinds"})["result"]["kinds"] if k["key"] == "nonogram")["generate"]
    assert {level for size in offer["sizes"] for level in size[2]} == {"easy", "medium", "hard"}
    for rows, cols, levels in offer["sizes"]:
        for level in levels:
            made = api.handle({"op": "generate", "kind": "nonogram", "rows": rows, "cols": cols, "difficulty": level,
                               "seed": 5})["result"]
            assert made["status"] == "generated" and made["difficulty"]["rating"] == level, (rows, level, made)
            puzzle = nonogram.parse(made["text"])
            assert (puzzle.height, puzzle.width) == (rows, cols)
            solution_of(puzzle)
            assert grading.grade(puzzle).level == level, (rows, level)
            assert (len(line_solve(puzzle)) == rows * cols) == (level == "easy"), (rows, level)


def test_a_hint_names_the_graders_technique_in_filled_and_empty():
    example = next(e for e in nonogram.EXAMPLES if e.name == "dancer 5x10")
    result = api.handle({"op": "hint", "kind": "nonogram", "text": example.text, "path": True})["result"]
    first = result["steps"][0]
    assert first["technique"] == "simple boxes" and " must be filled: " in first["sentence"]
    assert result["difficulty"]["rating"] == "easy" and len(result["steps"]) == 50
