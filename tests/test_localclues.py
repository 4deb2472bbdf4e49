"""Steps one clue gives alone (localclues.py), checked by independent methods: on tiny grids every step holds
in every solution (all shadings enumerated, each judged by the kind's own `check`) that agrees with the step's
needed cells; a creek number's steps and needed cells match a count of the cells around its corner (the clue
alone); and whole walks on a new solver end with the cells of the solution the kind's `check` accepts."""

from __future__ import annotations

import itertools
import random

import pytest

from gridlogic import session, solver, walks
from gridlogic.kinds import get_kind
from gridlogic.links import import_link
from gridlogic.localclues import local_clues

CREEK_3 = "..0.\n23..\n..1.\n....\n"        # 3×3, from the shading #.. / ##. / ... (several solutions)
TINY = [("creek", CREEK_3), ("heyawake", "AB\nAB\n\n1.\n..\n"), ("tapa", "2 .\n. .\n"),
        ("nurikabe", "2..\n...\n..2\n")]


def shadings(kind, puzzle, rows: int, cols: int) -> list[dict]:
    """Every shading the kind's own check accepts, found by trying all of them: {cell: 1 shaded, 0 not}."""
    found = []
    for bits in itertools.product((0, 1), repeat=rows * cols):
        text = "\n".join("".join(".#"[bits[r * cols + c]] for c in range(cols)) for r in range(rows)) + "\n"
        if not kind.check(puzzle, kind.parse_solution(puzzle, text)):
            found.append({(r, c): bits[r * cols + c] for r in range(rows) for c in range(cols)})
    return found


def local_of(kind, puzzle):
    formula = session.encode(kind, puzzle, exact_clues=True)
    placed, _ = session.meanings(kind, puzzle, formula)
    local = local_clues(formula, placed)
    assert local is not None
    return local


@pytest.mark.parametrize("key, text", TINY, ids=[key for key, _ in TINY])
def test_each_step_holds_in_every_solution_that_keeps_its_cells(key, text):
    kind = get_kind(key)
    puzzle = kind.parse(text)
    state = kind.to_state(puzzle)
    solutions = shadings(kind, puzzle, state["rows"], state["cols"])
    assert solutions
    local = local_of(kind, puzzle)
    on = local.on()
    rng = random.Random(7)
    steps = 0
    for truth in solutions:
        for _ in range(6):
            shown = {cell for cell in truth if rng.random() < 0.4}
            for clue, cells in on.items():
                known = {cell: truth[cell] for cell in cells if cell in shown}
                for cell, v, needed in local.steps(clue, known):
                    steps += 1
                    assert cell not in known and set(needed) <= set(known)
                    assert v == truth[cell]
                    for other in solutions:
                        if all(other[x] == truth[x] for x in needed):
                            assert other[cell] == v, (clue, cell, v, needed)
    assert steps > 0


def test_a_creek_numbers_steps_are_what_its_count_gives():
    kind = get_kind("creek")
    puzzle = kind.parse(CREEK_3)
    local = local_of(kind, puzzle)
    numbers = {(i, j): n for (i, j), n in puzzle.numbered().items()}
    rng = random.Random(3)
    for (_, i, j), cells in local.on().items():
        n = numbers[(i, j)]
        for _ in range(20):
            known = {cell: rng.randint(0, 1) for cell in cells if rng.random() < 0.5}

            def fits(given: dict) -> list[dict]:
                return [dict(zip(cells, bits)) for bits in itertools.product((0, 1), repeat=len(cells))
                        if sum(bits) == n and all(dict(zip(cells, bits))[x] == v for x, v in given.items())]
            ways = fits(known)
            forced = {(cell, ways[0][cell]) for cell in cells if cell not in known and ways
                      and len({way[cell] for way in ways}) == 1}
            found = local.steps(("corner", i, j), known)
            assert {(cell, v) for cell, v, _ in found} == forced
            for cell, v, needed in found:
                assert {way[cell] for way in fits({x: known[x] for x in needed})} == {v}
                for drop in needed:
                    assert len({way[cell] for way in fits({x: known[x] for x in needed if x != drop})}) == 2


@pytest.mark.parametrize("url", ["https://puzz.link/p?creek/6/6/gagaich2cgb6769dt",
                                 "https://puzz.link/p?tapa/5/5/3n5hchhajn2"])
def test_walks_end_with_the_solution(url):
    imported = import_link(url)
    kind, puzzle = imported.kind, imported.puzzle
    answer = solver.solve(kind, puzzle)
    assert answer.status == "unique" and not kind.check(puzzle, answer.solutions[0])
    rows = kind.format(puzzle, answer.solutions[0]).split("\n")
    truth = {(r, c): int(ch == "#") for r, line in enumerate(rows) for c, ch in enumerate(line)}
    found = walks.walk(kind, puzzle, engine=walks.RATING_ENGINE, new=True)
    assert found.status == "unique" and found.stopped is None
    assert {(s.r, s.c): s.value for s in found.steps} == {cell: v for cell, v in truth.items()
                                                          if cell in {(s.r, s.c) for s in found.steps}}
    assert len(found.steps) == found.open_cells
    assert any(len(s.clues) == 1 and s.clues[0].cells for s in found.steps)     # a number alone gives a step
