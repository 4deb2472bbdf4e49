"""Shakashaka: real puzz.link puzzles solved to their answers (checked by `check`, uniqueness on the smt
engine too), the checker against pzprjs's failing boards, brute-force counts, round trips, located
refusals and the named hint steps."""

from __future__ import annotations

import functools
from itertools import product

import pytest

from gridlogic import api, backends, solver
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import shakashaka
from gridlogic.kinds.shakashaka import vertex
from gridlogic.links import import_link

BACKENDS = ["sat", "smt"] if backends.has_z3() else ["sat"]

# pzprjs test/script/shakashaka.js (robx/pzprjs): the URL, the answer its last failcheck accepts, and
# its failing boards with pzprjs's failcode and ours, in pzprjs's values (2 ◣, 3 ◢, 4 ◥, 5 ◤; `+` and
# `.` no triangle). The clue 2 of its last failing board (nmTriangleLt) is its own change of the puzzle.
PZPRJS_URL = "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb"
PZPRJS_ANSWER = ". 5 4 + . + /5 . 3 . 5 4 /2 3 . 5 . 3 /. 5 4 2 3 . /5 . 3 + 5 4 /2 3 + . 2 3 /"
PZPRJS_FAILS = [
    ("brNoTriangle", "no_triangle", ". . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /. . . . . . /"),
    ("nmTriangleGt", "number", ". 5 4 . . . /5 . 3 . . . /2 3 . . . . /. . . . . . /. . . . . . /. 2 3 . 2 3 /"),
    ("cuNotRectx", "rectangle", ". 5 4 . . . /5 . 3 . . . /2 3 . . . . /. . . . . . /. . . . . . /. . . . 2 3 /"),
    ("cuNotRectx", "rectangle", ". 5 4 . . . /5 . 3 . 5 4 /2 3 . 5 5 3 /. 5 4 2 3 . /5 . 3 . 5 4 /2 3 . . 2 3 /"),
]
# cspuz_solver_backend (semiexp) src/puzzle/shakashaka.rs: its test URL; pencil-puzzle-bench's hf_1199.
CSPUZ_URL = "https://puzz.link/p?shakashaka/10/10/rdr70bdpdgccrczhcga"
BENCH_URL = "https://puzz.link/p?shakashaka/10/10/zs000ajaajaaj000azq"


def board(text: str) -> tuple[int, ...]:
    """pzprjs's answer rows as our values (ours are pzprjs's less one)."""
    return tuple(int(t) - 1 if t.isdigit() else 0 for row in text.split("/") for t in row.split())


@pytest.mark.parametrize("backend", BACKENDS)
def test_pzprjs_puzzle_solves_to_its_answer(backend):
    puzzle = import_link(PZPRJS_URL).puzzle
    got = solver.solve(shakashaka, puzzle, backend=backend)
    assert got.status == "unique" and got.solution == board(PZPRJS_ANSWER)
    assert shakashaka.check(puzzle, got.solution) == []
    assert shakashaka.parse_solution(puzzle, shakashaka.format(puzzle, got.solution)) == got.solution


@pytest.mark.parametrize("url,backend", [(CSPUZ_URL, b) for b in BACKENDS] + [(BENCH_URL, "sat")])
def test_larger_puzzles_are_unique(url, backend):
    puzzle = import_link(url).puzzle
    got = solver.solve(shakashaka, puzzle, backend=backend)
    assert got.status == "unique"
    assert shakashaka.check(puzzle, got.solution) == []
    assert shakashaka.to_puzzlink(puzzle) == url


@pytest.mark.parametrize("code,ours,text", PZPRJS_FAILS, ids=[f[0] for f in PZPRJS_FAILS])
def test_check_names_what_pzprjs_names(code, ours, text):
    puzzle = import_link(PZPRJS_URL).puzzle
    assert ours in {v.code for v in shakashaka.check(puzzle, board(text))}


def test_white_areas_may_touch_at_a_corner_and_turn_45_degrees():
    grid = shakashaka.parse("....\n....\n")
    diamond = (0, 4, 3, 0, 0, 1, 2, 0)            # ◤◥ over ◣◢ in the middle: a turned square
    assert shakashaka.check(grid, diamond) == []
    assert shakashaka.check(grid, (4, 3, 0, 0, 1, 2, 0, 0)) == []
    assert {v.code for v in shakashaka.check(grid, (4, 0, 0, 0, 0, 0, 0, 0))} == {"rectangle"}


@pytest.mark.parametrize("text", ["...\n...\n", "#..\n...\n", "..\n..\n", "4..\n...\n", ".1\n..\n"])
def test_counts_agree_with_brute_force(text):
    """Every filling of the white cells that `check` accepts, against the solver's count."""
    puzzle = shakashaka.parse(text)
    white = [i for i, v in enumerate(puzzle.clues) if v is None]
    brute = 0
    for combo in product(range(5), repeat=len(white)):
        values = [0] * (puzzle.rows * puzzle.cols)
        for i, v in zip(white, combo):
            values[i] = v
        brute += not shakashaka.check(puzzle, tuple(values))
    got = solver.solve(shakashaka, puzzle, mode="count")
    assert got.count == brute
    assert all(shakashaka.check(puzzle, s) == [] for s in got.solutions)


def test_round_trips():
    puzzle = import_link(PZPRJS_URL).puzzle
    assert shakashaka.to_puzzlink(puzzle) == PZPRJS_URL
    assert shakashaka.parse(shakashaka.format(puzzle)) == puzzle
    assert shakashaka.from_state(shakashaka.to_state(puzzle)) == puzzle
    black = shakashaka.parse("#.2\n...\n")
    assert import_link(shakashaka.to_puzzlink(black)).puzzle == black


@pytest.mark.parametrize("text,words", [
    ("5..\n...\n", "r1c1: '5' is not"),
    ("...\n..\n", "line 2"),
    ("..x\n...\n", "line 1, r1c3"),
])
def test_bad_text_is_refused_in_words(text, words):
    with pytest.raises(PuzzleSyntaxError, match=words):
        shakashaka.parse(text)


def test_bad_cell_in_the_state_is_refused_there():
    state = shakashaka.to_state(shakashaka.parse(shakashaka.EXAMPLES[0].text))
    state["cells"][8] = "7"
    answer = api.handle({"op": "parse", "kind": "shakashaka", "state": state})
    assert not answer["ok"] and answer["error"]["where"] == {"r": 1, "c": 2}


def test_hint_steps_are_named_in_shakashaka_words():
    answer = api.handle({"op": "hint", "kind": "shakashaka", "text": shakashaka.EXAMPLES[0].text, "path": True})
    steps = answer["result"]["steps"]
    rules = {s["rule"] for s in steps}
    assert rules - {None} <= set(shakashaka.EASY_STEPS)
    assert "white areas are rectangles" in rules


@pytest.mark.parametrize("present", list(product((True, False), repeat=4)), ids=str)
def test_vertex_clauses_hold_on_their_pictures_alone_and_are_prime(present):
    """Every picture of the vertex's white cells (a state each) against its clauses: they keep those whose
    white sectors run 90°, 180° or all around, drawn independently here as the quarters of each cell a
    picture leaves white (where a black cell or the edge is beside the vertex, less those no 4×4 window
    around it can hold: see the next test); and no literal of a clause can go."""
    where = [j for j, here in enumerate(present) if here]
    clauses = vertex.vertex_clauses(present)
    holds = lambda clause, states: any(states[(k - 1) // 5] == (k - 1) % 5 for k in clause)  # noqa: E731
    pictures = list(product(range(5), repeat=len(where)))
    allowed = [states for states in pictures if _runs_are_right_angles(present, dict(zip(where, states)))]
    if len(where) < 4:
        allowed = [states for states in allowed if _picture(present, states) in vertex.pictures()]
    kept = [states for states in pictures if all(holds(clause, states) for clause in clauses)]
    assert kept == allowed and (0 < len(allowed) < len(pictures) or not where)
    for clause in clauses:
        for k in clause:
            less = [x for x in clause if x != k]
            assert any(not holds(less, states) for states in allowed)


def _picture(present, states) -> tuple:
    states = iter(states)
    return tuple(next(states) if here else None for here in present)


@pytest.mark.parametrize("present", [p for p in product((True, False), repeat=4) if not all(p)], ids=str)
def test_pictures_left_out_fit_no_window(present):
    """A picture with right-angled runs that `vertex.pictures()` leaves out has no 4×4 window of cells around
    its vertex (each cell black or a state) whose nine inner vertices all have right-angled runs: no solution
    shows it."""
    where = [j for j, here in enumerate(present) if here]
    for states in product(range(5), repeat=len(where)):
        picture = _picture(present, states)
        if _runs_are_right_angles(present, dict(zip(where, states))) and picture not in vertex.pictures():
            assert not _fits_a_window(picture), picture


def _fits_a_window(picture) -> bool:
    """Whether the 4×4 window whose middle vertex shows `picture` (cells NE, SE, SW, NW) can be filled: row by
    row, the rows each row above allows."""
    states = (0, 1, 2, 3, 4, None)
    every = list(product(states, repeat=4))
    middle = {1: (picture[3], picture[0]), 2: (picture[2], picture[1])}
    rows = {y: [(a, *middle[y], b) for a in states for b in states] for y in (1, 2)}

    def joins(top, bottom) -> bool:            # the three vertices between two rows (cells NE, SE, SW, NW)
        return all(_right_picture((top[x], bottom[x], bottom[x - 1], top[x - 1])) for x in (1, 2, 3))
    first = [row for row in rows[1] if any(joins(top, row) for top in every)]
    second = [row for row in rows[2] if any(joins(top, row) for top in first)]
    return any(joins(row, bottom) for row in second for bottom in every)


@functools.cache
def _right_picture(picture) -> bool:
    """_runs_are_right_angles of a picture (a state per cell NE, SE, SW, NW, None a black cell)."""
    states = {j: v for j, v in enumerate(picture) if v is not None}
    return _runs_are_right_angles([v is not None for v in picture], states)


def _runs_are_right_angles(present, states) -> bool:
    """Whether the white around a vertex (cells NE, SE, SW, NW: `states` of the white ones) runs 90°, 180° or
    all around, read from the cells' quarters (shakashaka.BLACKENS): the eight 45° halves of the quarters
    touching the vertex, in turn."""
    # each cell's two quarters touching the vertex, clockwise from north (quarters 0 top, 1 right, 2 bottom,
    # 3 left): NE cell's left and bottom, SE's top and left, SW's right and top, NW's bottom and right
    touching = ((3, 2), (0, 3), (1, 0), (2, 1))
    white = []
    for j, quarters in enumerate(touching):
        for q in quarters:
            white.append(j in states and q not in shakashaka.BLACKENS.get(states[j], set()))
    if all(white) or not any(white):
        return True
    start = white.index(False)
    runs, run = [], 0
    for i in range(1, 9):
        if white[(start + i) % 8]:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    return all(r in (2, 4) for r in runs)
