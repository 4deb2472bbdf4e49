"""Rule clashes (`op: clashes`, gridlogic/clashes): the parts the entries break, from the rules alone.

Checked three ways: hand-made cases per kind, each breaking one rule, name exactly that part; a whole
solution (found here by SAT, not by the code under test) gives none; and on small grids, random entries
give exactly the houses a brute force over each house's cells finds impossible (sudoku, binary), while
every clue named is one whose own clauses have no solution with the entries (asked of SAT).
"""

from __future__ import annotations

import itertools
import random
import time

import pytest
from pysat.solvers import Solver

from gridlogic import api
from gridlogic.budget import UNLIMITED
from gridlogic.clashes import clashes
from gridlogic.clashes.parts import Parts
from gridlogic.kinds import KINDS, binary, futoshiki, get_kind, kakuro, nonogram, puzlogic, sudoku
from gridlogic.contract import is_cnf
from gridlogic.links import parse_text
from gridlogic.session import Session


def ask(kind: str, text: str, entries, rules=()) -> dict:
    response = api.handle({"op": "clashes", "kind": kind, "text": text, "entries": [list(e) for e in entries],
                           "rules": list(rules)})
    assert response["ok"], response
    return response["result"]


def keys(result: dict) -> set[tuple]:
    return {tuple(clash["key"]) for clash in result["clashes"]}


EMPTY9 = "\n".join(["........."] * 9)
FUTOSHIKI = futoshiki.EXAMPLES[0].text      # r1c3 > r2c3 among its signs
BINARY = binary.EXAMPLES[0].text
KAKURO = kakuro.EXAMPLES[0].text
NONOGRAM = nonogram.EXAMPLES[0].text        # row 2's clue is 1 1
PUZLOGIC = puzlogic.EXAMPLES[0].text

CASES = [
    ("sudoku", EMPTY9, (), [(0, 0, 5), (0, 8, 5)], {("row", 0)}),
    ("sudoku", EMPTY9, (), [(0, 0, 5), (8, 0, 5)], {("column", 0)}),
    ("sudoku", EMPTY9, (), [(0, 0, 5), (1, 1, 5)], {("unit", 0)}),
    ("sudoku", EMPTY9 + "\nkiller 10: r1c1 r1c2", (), [(0, 0, 9), (0, 1, 2)], {("constraint", 0)}),
    ("sudoku", EMPTY9 + "\nkiller 10: r1c1 r1c2", (), [(0, 0, 3), (0, 1, 7)], set()),
    ("sudoku", EMPTY9 + "\nthermo: r3c1 r3c2 r3c3", (), [(2, 0, 5), (2, 1, 3)], {("constraint", 0)}),
    ("sudoku", EMPTY9, ("knight",), [(0, 2, 5), (1, 4, 5)], {("rule", "knight")}),
    ("binary", BINARY, (), [(3, 0, 1), (3, 1, 1), (3, 2, 1)], {("row", 3)}),
    ("binary", BINARY, (), [(3, 0, 1), (3, 1, 1)], set()),
    ("futoshiki", FUTOSHIKI, (), [(0, 2, 1), (1, 2, 3)], {("sign", "v", 0, 2)}),
    ("futoshiki", FUTOSHIKI, (), [(0, 2, 3), (1, 2, 1)], set()),
    ("kakuro", KAKURO, (), [(1, 2, 9)], {("sum", "down", 0, 2), ("sum", "right", 1, 1)}),
    ("nonogram", NONOGRAM, (), [(1, 0, 1), (1, 1, 1), (1, 2, 1)], {("row", 1)}),
    ("nonogram", NONOGRAM, (), [(1, 0, 1), (1, 2, 1)], set()),
    ("puzlogic", PUZLOGIC, (), [(0, 0, 1), (2, 0, 1)], {("pieces",), ("sum", "all", 1, 0), ("column", 0)}),
]


@pytest.mark.parametrize("kind,text,rules,entries,expected", CASES)
def test_one_broken_rule_is_named(kind, text, rules, entries, expected):
    result = ask(kind, text, entries, rules)
    assert result["supported"]
    assert keys(result) == expected
    cells = {tuple(cell) for clash in result["clashes"] for cell in clash["cells"]}
    assert cells <= {(r, c) for r, c, _ in entries} | _given_cells(kind, text)


def _given_cells(kind: str, text: str) -> set[tuple[int, int]]:
    k = get_kind(kind)
    parts = Parts(k, k.parse(text), UNLIMITED)
    return set(parts.values)


def _a_solution(kind, puzzle):
    """Every cell's value in one solution, found by SAT on the session's formula."""
    session = Session(kind, puzzle)
    formula = session.formula()
    placed, _ = session.meanings()
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        assert solver.solve(assumptions=session.givens())
        model = set(solver.get_model())
    return sorted({fact for lit, fact in placed.items() if lit in model})


@pytest.mark.parametrize("kind", [k for k in KINDS if is_cnf(k)], ids=lambda k: k.KEY)
def test_a_solution_breaks_nothing(kind):
    for example in kind.EXAMPLES:
        if example.count == 0:
            continue
        puzzle = parse_text(kind, example.text, rules=list(example.rules))
        assert clashes(kind, puzzle, []) == [], example.name
        assert clashes(kind, puzzle, _a_solution(kind, puzzle)) == [], example.name


def test_number_cross_is_not_asked():
    from gridlogic.kinds import numbercross
    result = ask("numbercross", numbercross.EXAMPLES[0].text, [])
    assert result == {"supported": False, "clashes": [], "cells": [], "stopped": None}


def test_an_entry_with_no_place_is_refused():
    response = api.handle({"op": "clashes", "kind": "sudoku", "text": EMPTY9, "entries": [[0, 0, 12]]})
    assert not response["ok"] and response["error"]["where"] == {"field": "entries"}


# -- brute force on small grids -------------------------------------------------------------------------

def _houses(n: int, box: tuple[int, int] | None):
    out = {("row", r): [(r, c) for c in range(n)] for r in range(n)}
    out.update({("column", c): [(r, c) for r in range(n)] for c in range(n)})
    if box:
        bh, bw = box
        for i, (br, bc) in enumerate(itertools.product(range(0, n, bh), range(0, n, bw))):
            out[("unit", i)] = [(br + y, bc + x) for y in range(bh) for x in range(bw)]
    return out


def _sudoku_house_broken(values, cells, n) -> bool:
    """Some completion of the house with n distinct digits agrees with the values? (brute force)"""
    held = [values[c] for c in cells if c in values]
    empty = [c for c in cells if c not in values]
    for fill in itertools.product(range(1, n + 1), repeat=len(empty)):
        if len(set(held) | set(fill)) == n == len(held) + len(fill):
            return False
    return True


def _binary_line_broken(values, cells) -> bool:
    empty = [c for c in cells if c not in values]
    for fill in itertools.product((0, 1), repeat=len(empty)):
        line = [values.get(c) for c in cells]
        it = iter(fill)
        line = [v if v is not None else next(it) for v in line]
        if line.count(1) * 2 == len(line) and not any(line[k] == line[k + 1] == line[k + 2]
                                                      for k in range(len(line) - 2)):
            return False
    return True


def _random_entries(rng, cells, values, count):
    return [(r, c, rng.choice(values)) for r, c in rng.sample(cells, count)]


def test_sudoku_houses_match_brute_force():
    rng = random.Random(30)
    text = "\n".join(["...."] * 4)
    puzzle = sudoku.parse(text)
    cells = [(r, c) for r in range(4) for c in range(4)]
    for _ in range(200):
        entries = _random_entries(rng, cells, [1, 2, 3, 4], rng.randint(2, 9))
        values = {(r, c): v for r, c, v in entries}
        found = {c.key for c in clashes(sudoku, puzzle, entries)}
        brute = {key for key, house in _houses(4, (2, 2)).items() if _sudoku_house_broken(values, house, 4)}
        assert found == brute, entries


def test_binary_lines_match_brute_force():
    rng = random.Random(31)
    puzzle = binary.parse("\n".join(["......"] * 6))
    cells = [(r, c) for r in range(6) for c in range(6)]
    for _ in range(150):
        entries = _random_entries(rng, cells, [0, 1], rng.randint(3, 20))
        values = {(r, c): v for r, c, v in entries}
        found = {c.key for c in clashes(binary, puzzle, entries)}
        brute = {key for key, line in _houses(6, None).items() if _binary_line_broken(values, line)}
        assert found == brute, entries


SMALL = [("futoshiki", FUTOSHIKI, range(1, 5)), ("kakuro", KAKURO, range(1, 10)), ("nonogram", NONOGRAM, (0, 1)),
         ("puzlogic", PUZLOGIC, range(1, 7)), ("sudoku", "\n".join(["...."] * 4) + "\nkiller 5: r1c1 r1c2\n"
                                              "thermo: r3c1 r3c2 r3c3", (1, 2, 3, 4))]


@pytest.mark.parametrize("kind_key,text,values", SMALL, ids=[s[0] for s in SMALL])
def test_a_clue_named_has_no_solution_with_the_entries(kind_key, text, values):
    """Each clue named: its own clauses with the values held have no solution (asked of SAT); each clue
    not named: unit propagation alone found nothing, so nothing is claimed."""
    kind = get_kind(kind_key)
    puzzle = kind.parse(text)
    parts = Parts(kind, puzzle, UNLIMITED)
    open_cells = sorted(cell for cell in parts.lits_of if cell not in parts.values)
    rng = random.Random(32)
    placed = set(parts.placed.values())
    for _ in range(60):
        picked = rng.sample(open_cells, rng.randint(1, min(6, len(open_cells))))
        entries = [(r, c, v) for r, c in picked for v in [rng.choice(list(values))] if (r, c, v) in placed]
        cells_values = {**parts.values, **{(r, c): v for r, c, v in entries}}
        truth = [lit if value == cells_values[cell] else -lit for cell, lits in parts.lits_of.items()
                 if cell in cells_values for lit, value in lits]
        named = {c.key for c in clashes(kind, puzzle, entries)}
        for clue in parts.clues:
            if tuple(clue.key) not in named:
                continue
            clauses, cells = parts.clue_clauses(clue)
            clauses = clauses + [c for cell in cells for c in parts.local.get(cell, ())]
            with Solver(name="minisat22", bootstrap_with=clauses) as solver:
                assert not solver.solve(assumptions=truth), (clue.key, entries)


@pytest.mark.timed
def test_fast_on_a_variant_sudoku():
    """A 9×9 killer with a thermometer and an arrow under the knight rule, half its cells entered."""
    solution = ["483726159", "726159483", "159483726", "837261594", "261594837", "594837261", "372615948",
                "615948372", "948372615"]
    text = EMPTY9 + "\nkiller 15: r1c1 r1c2 r1c3\nkiller 17: r5c5 r5c6 r6c5\nthermo: r2c1 r2c2\narrow: r4c4; r4c5 r4c6\n"
    entries = [[r, c, int(solution[r][c])] for r in range(9) for c in range(9) if (r * 9 + c) % 2 == 0]
    ask("sudoku", text, entries, ("knight",))                   # the grid's rules sorted out once
    times = []
    for _ in range(5):
        start = time.perf_counter()
        ask("sudoku", text, entries, ("knight",))
        times.append(time.perf_counter() - start)
    assert sorted(times)[2] < 0.2                                  # ~25 ms here; slack for a busy machine


def test_every_cell_of_a_repeated_digit_is_named():
    result = ask("sudoku", EMPTY9, [(3, 0, 5), (3, 1, 5), (3, 2, 5), (3, 5, 5)])
    by_key = {tuple(clash["key"]): clash["cells"] for clash in result["clashes"]}
    assert by_key == {("row", 3): [[3, 0], [3, 1], [3, 2], [3, 5]], ("unit", 3): [[3, 0], [3, 1], [3, 2]]}
    assert result["cells"] == [[3, 0], [3, 1], [3, 2], [3, 5]]


def test_homes_of_variables_written_only_with_others_are_their_neighbours_cells():
    """`group_homes` (one pass of union-find) against the fixpoint it stands for: a homeless variable takes
    the cells of every variable written beside it, until nothing changes."""
    from gridlogic.clashes.parts import group_homes
    rng = random.Random(31)
    for _ in range(200):
        variables = range(1, rng.randint(3, 14))
        home = {v: frozenset(rng.sample([(0, 0), (0, 1), (1, 0), (1, 1), (2, 2)], rng.randint(1, 2)))
                for v in variables if rng.random() < 0.4}
        pending = [rng.sample(variables, rng.randint(1, min(3, len(variables)))) for _ in range(rng.randint(1, 9))]
        homeless = {v for aux in pending for v in aux if v not in home}
        expected = {v: set() for v in homeless}
        changed = True
        while changed:
            changed = False
            for aux in pending:
                cells = set().union(*(expected.get(v) or home.get(v, ()) for v in aux))
                for v in aux:
                    if v in homeless and not cells <= expected[v]:
                        expected[v] |= cells
                        changed = True
        assert group_homes(pending, homeless, home) == {v: frozenset(c) for v, c in expected.items()}
