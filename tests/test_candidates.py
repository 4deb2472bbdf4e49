"""True candidates (`solve` with `candidates`): every value each open cell takes in some solution, checked
against an enumeration of all the solutions (each passing the kind's own `check`) on small puzzles."""

from __future__ import annotations

import pytest

from gridlogic import api
from gridlogic.kinds import get_kind
from gridlogic.session import Session

SMALL = [
    ("sudoku", "1...\n..2.\n.3..\n...4", ()),
    ("sudoku", "1...\n....\n....\n....", ()),
    ("sudoku", "1...\n....\n....\n....", ([0, 1, 2], [3, 3, 1])),
    ("binary", "....\n....\n....\n....", ()),
    ("binary", "1...\n....\n..0.\n....", ()),
    ("binary", "1...\n....\n..0.\n....", ([0, 1, 1],)),
    ("nonogram", "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n", ()),
    ("nonogram", "width 4\nheight 3\nrows\n1\n1,1\n1\ncolumns\n1\n1\n1\n1\n", ()),
    ("kakuro", "3 3\n- 3, 3,\n,3 0 0\n,3 0 0", ()),
    ("kakuro", "4 4\n- 6, 7, 10,\n,6 0 0 0\n,7 0 0 0\n,10 0 0 0", ()),
    ("puzlogic", "cells 0 0 0\ncells 1 1 0\npieces 1 2", ()),
    ("futoshiki", get_kind("futoshiki").EXAMPLES[4].text, ()),
    ("futoshiki", get_kind("futoshiki").EXAMPLES[0].text, ()),
]


def cell_values(kind, puzzle, solution) -> dict[tuple[int, int], int]:
    """Each cell's value in a solution, read from the solution itself (not from the formula)."""
    if kind.KEY == "puzlogic":
        return {(r, c): v for r, c, v in solution}
    width = {"sudoku": "size", "futoshiki": "size", "binary": "width", "nonogram": "width", "kakuro": "cols"}
    cols = getattr(puzzle, width[kind.KEY])
    return {(i // cols, i % cols): v for i, v in enumerate(solution)}


def enumerated(kind_key: str, text: str, entries) -> list[dict]:
    """Every solution (agreeing with `entries`) by enumeration, each checked by the kind's checker."""
    kind = get_kind(kind_key)
    result = api.handle({"op": "solve", "kind": kind_key, "text": text, "all": True, "limit": 10_000,
                         "entries": list(entries), "render": False})["result"]
    assert result["count_complete"] is True
    puzzle = kind.parse(text)
    out = []
    for solution_text in result["solutions"]:
        solution = kind.parse_solution(puzzle, solution_text)
        assert kind.check(puzzle, solution) == []
        out.append(cell_values(kind, puzzle, solution))
    assert len(out) == result["count"]
    return out


@pytest.mark.parametrize("kind_key,text,entries", SMALL, ids=[f"{k}-{i}" for i, (k, _, _) in enumerate(SMALL)])
def test_candidates_are_the_values_of_every_solution(kind_key, text, entries):
    solutions = enumerated(kind_key, text, entries)
    result = api.handle({"op": "solve", "kind": kind_key, "text": text, "candidates": True,
                         "entries": list(entries), "render": False})["result"]
    assert result["candidates_stopped"] is None
    union: dict[tuple[int, int], set[int]] = {}
    for values in solutions:
        for cell, v in values.items():
            union.setdefault(cell, set()).add(v)
    given = {tuple(e[:2]) for e in entries}
    got = {(r, c): values for r, c, values in result["candidates"]}
    assert len(got) == len(result["candidates"]) and [tuple(c[:2]) for c in result["candidates"]] == sorted(got)
    for cell, values in got.items():
        assert values == sorted(union[cell]), cell
        assert cell not in given
    for cell, values in union.items():
        if len(values) > 1:
            assert cell in got, cell
    if len(solutions) > 1:
        assert any(len(v) > 1 for v in got.values())


def test_candidates_of_a_unique_puzzle_are_its_solution():
    kind = get_kind("sudoku")
    text = kind.EXAMPLES[0].text
    result = api.handle({"op": "solve", "kind": "sudoku", "text": text, "candidates": True, "render": False})["result"]
    solution = result["solution"].replace("\n", "")
    assert all(values == [int(solution[r * 9 + c])] for r, c, values in result["candidates"])
    givens = sum(ch != "." for ch in text.replace("\n", ""))
    assert len(result["candidates"]) == 81 - givens


def test_candidates_of_no_solution_are_none_and_stopped_says_budget():
    none = api.handle({"op": "solve", "kind": "binary", "text": "1.\n1.", "candidates": True})["result"]
    assert none["status"] == "none" and none["candidates"] is None and none["candidates_stopped"] is None
    spent = api.handle({"op": "solve", "kind": "sudoku", "text": "." * 144, "rules": "miracle", "candidates": True,
                        "budget_ms": 1, "render": False})["result"]
    assert spent["candidates_stopped"] == "budget" and spent["candidates"] is None


def test_candidates_stopped_midway_keep_every_possible_value():
    """Stopped after a first solution, no value of a solution is missing (unsettled ones are left in)."""
    from gridlogic import explain
    from gridlogic.budget import Budget, BudgetExceeded
    kind = get_kind("sudoku")
    puzzle = kind.parse("." * 81)
    for ms in (5, 20, 80, 320):
        try:
            cells = explain.candidates(Session(kind, puzzle, budget=Budget(ms)))
        except BudgetExceeded as stop:
            cells = list(stop.kept)
        if cells:
            break
    assert cells and all(values == list(range(1, 10)) for _, _, values in cells) and len(cells) == 81


def test_native_kinds_refuse_candidates_naming_the_field():
    from gridlogic.kinds import numbercross
    response = api.handle({"op": "solve", "kind": "numbercross", "text": numbercross.EXAMPLES[0].text,
                           "candidates": True})
    assert not response["ok"] and response["error"]["where"] == {"field": "candidates"}
