"""Country road: real puzz.link puzzles solved to their published answers, uniqueness on the second engine,
counts against a brute force over every set of steps (through the checker, which shares nothing with
the encoder), the text and puzz.link forms round trip, located refusals, the checker's codes and the
steps' words."""

from __future__ import annotations

import itertools
import random

import pytest

from gridlogic import api, backends, lattice, solver, walks
from gridlogic.errors import PuzzleSyntaxError
from gridlogic.kinds import _rooms, country
from gridlogic.links import import_link
from test_masyu import pzprv3_lines

# pzprjs test/script/country.js: the URL and the lines of its last (correct) check (pzprv3: the steps
# between side-by-side cells row by row, then those between cells one above the other)
PZPRJS_URL = "https://puzz.link/p?country/5/5/amda0uf02h12h"
PZPRJS_LINES = "0 0 1 0 /1 1 0 1 /1 1 0 0 /0 1 0 1 /0 1 1 0 /0 0 1 1 0 /1 0 0 0 1 /0 0 1 0 1 /0 1 0 1 0 /"
REAL = [
    # Noqx's country road example (solver/country.py)
    "https://puzz.link/p?country/17/17/4si5d6t8fa2heg0ch42pfar88vioeikf7s4665a6g69g2bo2rc2qk0g5jrmll2p6kk62qsfhflvr"
    "akghu0pq13l87qg5huhgj407o09p0557vg4g4j-19o-362k2q1g",
]
HAS_Z3 = backends.has_z3()


def test_pzprjs_puzzle_solves_to_its_answer():
    found = import_link(PZPRJS_URL)
    assert found.kind is country
    answer = solver.solve(country, found.puzzle)
    assert answer.status == "unique"
    assert answer.solution == pzprv3_lines(PZPRJS_LINES, 5, 5)
    assert country.check(found.puzzle, answer.solution) == []
    if HAS_Z3:
        assert solver.solve(country, found.puzzle, backend="smt").solution == answer.solution


@pytest.mark.parametrize("url", REAL, ids=["17x17"])
def test_real_puzzles_are_unique_and_pass_the_checker(url):
    puzzle = import_link(url).puzzle
    answer = solver.solve(country, puzzle)
    assert answer.status == "unique"
    assert country.check(puzzle, answer.solution) == []
    if HAS_Z3:
        assert solver.solve(country, puzzle, backend="smt").status == "unique"


def brute_count(puzzle) -> int:
    """The sets of steps the checker passes, every one tried."""
    edges = lattice.inner_edges(puzzle.rows, puzzle.cols)
    return sum(not country.check(puzzle, frozenset(e for e, on in zip(edges, bits) if on))
               for bits in itertools.product((0, 1), repeat=len(edges)))


@pytest.mark.parametrize("seed", range(6))
def test_counts_match_a_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 3), (2, 4)])
    labels = [[rng.choice("AB") if rng.random() < 0.5 else "AC"[(r + c) % 2] for c in range(cols)]
              for r in range(rows)]
    groups = {}
    for r in range(rows):
        for c in range(cols):
            groups.setdefault(labels[r][c], []).append((r, c))
    pieces = [p for cells in groups.values()
              for p in _rooms.sh.regions(rows, cols, lambda r, c, s=set(cells): (r, c) in s)]
    numbers = [rng.choice([None, None, len(p) // 2 + 1]) for p in pieces]
    puzzle = _rooms.make(rows, cols, pieces, numbers)
    answer = solver.solve(country, puzzle, mode="count", limit=10_000)
    assert answer.count == brute_count(puzzle)
    assert all(country.check(puzzle, s) == [] for s in answer.solutions)


def test_the_implied_squares_keep_the_counts(monkeypatch):
    """No 2×2 square loop away from a room (rules.py) is implied: the counts are those without it."""
    from gridlogic.kinds.country import rules
    puzzle = country.parse("AABB\nCCDD\nEFFD\nEGGH\n")
    with_squares = solver.solve(country, puzzle, mode="count", limit=10_000).count
    assert rules._squares_away(puzzle)
    monkeypatch.setattr(rules, "_squares_away", lambda puzzle: {})
    assert solver.solve(country, puzzle, mode="count", limit=10_000).count == with_squares > 1


def test_text_and_url_round_trip():
    for url in (PZPRJS_URL, *REAL):
        puzzle = import_link(url).puzzle
        assert country.parse(country.format(puzzle)) == puzzle
        assert country.to_puzzlink(puzzle) == url
        assert country.from_state(country.to_state(puzzle)) == puzzle
    puzzle = import_link(PZPRJS_URL).puzzle
    answer = solver.solve(country, puzzle).solution
    assert country.parse_solution(puzzle, country.format(puzzle, answer)) == answer


@pytest.mark.parametrize("text, where", [
    ("AB\nAB\n\n1.\n.x\n", "r2c2"),
    ("AB\nA\n", "line 2"),
    ("AB\nAB\n\n3.\n..\n", "r1c1"),
])
def test_bad_text_is_refused_with_its_place(text, where):
    with pytest.raises(PuzzleSyntaxError, match=where):
        country.parse(text)


def test_checker_names_each_broken_rule():
    puzzle = country.parse("AAB\nAAB\n\n3..\n...\n")
    ring = frozenset({(1, 2), (2, 1), (2, 3), (3, 2)})             # r1c1..r2c2, all in room A
    assert [v.code for v in country.check(puzzle, ring)] == ["rooms", "count", "rooms"]
    assert "misses" in country.check(puzzle, ring)[0].detail
    apart = country.check(country.parse("AAB\nAAB\nCCC\n"), ring)
    assert [v.code for v in apart] == ["rooms", "rooms", "rooms", "beside"] and apart[-1].cells == ((1, 2), (2, 2))
    assert [v.code for v in country.check(puzzle, frozenset({(1, 2)}))][-2:] == ["dead_end", "dead_end"]


def test_hint_steps_speak_of_rooms():
    walk = walks.walk(country, country.parse(country.EXAMPLES[0].text))
    assert walk.status == "unique" and walk.steps
    rules = {step.rule for step in walk.steps}
    assert rules & {"a room's number", "each room visited once"}
    assert all(": the line r" in step.sentence for step in walk.steps)


def test_progress_solved_by_the_lines_drawn():
    text = country.EXAMPLES[1].text
    lines = solver.solve(country, country.parse(text)).solution
    entries = [[y, x, 1] for y, x in sorted(lines)]
    done = api.handle({"op": "progress", "kind": "country", "text": text, "entries": entries})["result"]
    assert done["solved"] and not done["wrong"]
    short = api.handle({"op": "progress", "kind": "country", "text": text, "entries": entries[:-1]})["result"]
    assert not short["solved"] and not short["wrong"]
