"""Hashiwokakero: real puzz.link puzzles solved to their answers, uniqueness on the second engine, counts
against a brute force over every set of bridges (through the checker, which shares nothing with the
encoder), the text, puzz.link and Tatham forms round trip, located refusals, the checker's codes and the
steps' words."""

from __future__ import annotations

import itertools
import random

import pytest

from gridlogic import backends, solver, walks
from gridlogic.errors import PuzzleSyntaxError, RequestError
from gridlogic.kinds import hashi
from gridlogic.links import import_link

# pzprjs test/script/hashikake.js: the URL and the answer of its last check (pzprv3 lines: the bridges
# between side-by-side cells row by row, then those between cells one above the other; 1 or 2 bridges,
# -1 a cross)
PZPRJS_URL = "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"
PZPRJS_ANSWER = ("2 2 0 0 /0 1 1 1 /-1 0 -1 -1 /0 1 1 -1 /2 2 2 2 /"
                 "2 0 0 0 0 /2 2 0 0 1 /1 2 0 -1 1 /1 0 0 -1 1 /")
REAL = [
    # a list of sample puzzles for a puzz.link player (Hashiwokakero 2 and 3)
    "https://puzz.link/p?hashi/9/9/h2g3g.q.g1i3g.o2i1i2o.g2i2g1q.g3g3h",
    "https://puzz.link/p?bridges/17/13/l2h1w2i3h2i3zi1h3p1g2k2g1h3r1k4g4h4h4i3h2u1g2l1g3n1g3y1j.g3g3g3h3r2j.h3g.g2",
]
HAS_Z3 = backends.has_z3()


def pzprv3_bridges(text: str, rows: int, cols: int) -> frozenset:
    """The (y, x, n) of a pzprv3 file's bridge lines (crosses and zeros left out)."""
    values = [list(map(int, part.split())) for part in text.split("/") if part.strip()]
    out = {(2 * r + 1, 2 * c + 2, values[r][c]) for r in range(rows) for c in range(cols - 1) if values[r][c] > 0}
    out |= {(2 * r + 2, 2 * c + 1, values[rows + r][c]) for r in range(rows - 1) for c in range(cols)
            if values[rows + r][c] > 0}
    return frozenset(out)


def test_pzprjs_puzzle_solves_to_its_answer():
    found = import_link(PZPRJS_URL)
    assert found.kind is hashi
    answer = solver.solve(hashi, found.puzzle)
    assert answer.status == "unique"
    assert answer.solution == pzprv3_bridges(PZPRJS_ANSWER, 5, 5)
    assert hashi.check(found.puzzle, answer.solution) == []
    if HAS_Z3:
        assert solver.solve(hashi, found.puzzle, backend="smt").solution == answer.solution


@pytest.mark.parametrize("url", REAL, ids=["9x9", "17x13"])
def test_real_puzzles_are_unique_and_pass_the_checker(url):
    found = import_link(url)
    assert found.kind is hashi
    answer = solver.solve(hashi, found.puzzle)
    assert answer.status == "unique"
    assert hashi.check(found.puzzle, answer.solution) == []
    if HAS_Z3:
        assert solver.solve(hashi, found.puzzle, backend="smt").solution == answer.solution


def brute_count(puzzle) -> int:
    """The sets of bridges the checker passes: 0, 1 or 2 on every straight run between two islands with
    only empty cells between them (found here apart from the encoder), every choice tried."""
    islands = puzzle.numbered()
    runs = []
    for (r, c) in islands:
        for dr, dc in ((0, 1), (1, 0)):
            s, d, points = r, c, []
            while True:
                points.append((2 * s + 1 + dr, 2 * d + 1 + dc))
                s, d = s + dr, d + dc
                if not (s < puzzle.rows and d < puzzle.cols) or (s, d) in islands:
                    break
            if s < puzzle.rows and d < puzzle.cols:
                runs.append(points)
    return sum(not hashi.check(puzzle, frozenset((y, x, n) for run, n in zip(runs, counts) if n for y, x in run))
               for counts in itertools.product((0, 1, 2), repeat=len(runs)))


@pytest.mark.parametrize("seed", range(6))
def test_counts_match_a_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.choice([4, 5]))
    puzzle = hashi.Puzzle(rows, cols, tuple(rng.choice([1, 2, 3, 4, "?"]) if (r, c) in cells else None
                                            for r in range(rows) for c in range(cols)))
    answer = solver.solve(hashi, puzzle, mode="count", limit=10_000)
    assert answer.count == brute_count(puzzle)
    assert all(hashi.check(puzzle, s) == [] for s in answer.solutions)


def test_a_counted_puzzle_with_crossings_and_any_counts():
    """Two ways crossing in the middle cell (only one may be used), and islands of any count."""
    puzzle = hashi.parse(".?.\n?.?\n.?.\n")
    assert solver.solve(hashi, puzzle, mode="count", limit=100).count == brute_count(puzzle) == 0
    ring = hashi.parse("?.?\n...\n?.?\n")
    assert solver.solve(hashi, ring, mode="count", limit=100).count == brute_count(ring)


def test_text_url_and_game_id_round_trip():
    for url in [PZPRJS_URL, *REAL]:
        puzzle = import_link(url).puzzle
        assert hashi.parse(hashi.format(puzzle)) == puzzle
        assert import_link(hashi.to_puzzlink(puzzle)).puzzle == puzzle
        solution = solver.solve(hashi, puzzle).solution
        assert hashi.parse_solution(puzzle, hashi.format(puzzle, solution)) == solution
    assert hashi.to_puzzlink(import_link(PZPRJS_URL).puzzle) == PZPRJS_URL
    puzzle = import_link(PZPRJS_URL).puzzle
    game_id = hashi.to_tatham(puzzle)
    assert game_id == "5x5m2:4a2c3b23e3a1a3a4a3"
    for link in (game_id, "bridges:" + game_id, "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/bridges.html#"
                 + game_id, "5x5i30e10m2d0:4a2c3b23e3a1a3a4a3"):
        found = import_link(link)
        assert found.kind is hashi and found.puzzle == puzzle


@pytest.mark.parametrize("text, where", [
    ("1.\n.x\n", "r2c2"),
    ("1.\n...\n", "line 2"),
    ("1.\n.9\n", "r2c2"),
    ("0.\n.1\n", "r1c1"),
])
def test_bad_text_is_refused_with_its_place(text, where):
    with pytest.raises(PuzzleSyntaxError, match=where):
        hashi.parse(text)


def test_bad_links_are_refused_with_a_reason():
    with pytest.raises(PuzzleSyntaxError, match="r1c2"):
        import_link("https://puzz.link/p?hashikake/2/1/19")
    for game_id, why in [("bridges:3x3m4:1a1e", "m4"), ("bridges:3x3m2L:1a1e", "L"),
                         ("bridges:3x3m2:1a1d", "covers 7 cells"), ("bridges:3x3m2:1a1e!", "character")]:
        with pytest.raises((PuzzleSyntaxError, RequestError), match=why):
            import_link(game_id)
    with pytest.raises(PuzzleSyntaxError, match="r1c1"):
        hashi.to_tatham(hashi.parse("?.1\n"))


def test_a_solution_drawing_with_a_mark_off_a_step_is_refused():
    puzzle = hashi.parse("1.1\n")
    assert hashi.parse_solution(puzzle, "+ + + +\n 1---1\n+ + + +\n") == {(1, 2, 1), (1, 4, 1)}
    with pytest.raises(PuzzleSyntaxError, match="line 2, column 3"):
        hashi.parse_solution(puzzle, "+ + + +\n 1|--1\n+ + + +\n")


def test_checker_names_each_broken_rule():
    def codes(text, bridges):
        return [v.code for v in hashi.check(hashi.parse(text), frozenset(bridges))]
    assert codes("1.1\n", {(1, 2, 1), (1, 4, 1)}) == []
    assert codes("1.1\n", set()) == ["no_bridge"]
    assert codes("1.1\n", {(1, 2, 1)}) == ["no_island"]
    assert codes("1.1\n", {(1, 2, 1), (1, 4, 2)}) == ["uneven"]
    assert codes("1.1\n", {(1, 2, 2), (1, 4, 2)}) == ["too_many", "too_many"]
    assert codes(".1.\n1.1\n.1.\n", {(3, 2, 1), (3, 4, 1), (2, 3, 1), (4, 3, 1)}) == ["crossing"]
    assert codes("1.1\n...\n1.1\n", {(1, 2, 1), (1, 4, 1), (5, 2, 1), (5, 4, 1)}) == ["divided"]
    assert codes("2.1\n...\n1..\n", {(1, 2, 1), (1, 4, 1)}) == ["divided", "too_few", "too_few"]
    assert codes("1.1\n", {(1, 0, 1)}) == ["not_a_bridge"]


def test_hint_steps_speak_of_islands_and_bridges():
    walk = walks.walk(hashi, hashi.parse(hashi.EXAMPLES[0].text))
    assert walk.status == "unique" and walk.steps
    said = [step.sentence for step in walk.steps]
    assert all("the bridge r" in s for s in said)
    assert "The 4 at r1c1 needs two bridges east: the bridge r1c1–r1c3 is double (between r1c1 and r1c2)" in \
        " ".join(said)
    assert any(s.startswith("Bridges never cross, and join every island: the bridge r1c3–r5c3 is not drawn")
               for s in said)
