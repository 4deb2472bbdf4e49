"""Setter helpers (`solve` with `setter`): checked by counting again, through enumeration, the puzzle with
the given added (`unique_with`) or each given removed (`redundant`), and `differ` against two solutions."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest

from gridlogic import api
from gridlogic.kinds import get_kind

CLASSIC = get_kind("sudoku").EXAMPLES[0].text
BINARY = get_kind("binary").EXAMPLES[0].text
FUTOSHIKI = get_kind("futoshiki").EXAMPLES[0].text
SEVERAL = get_kind("futoshiki").EXAMPLES[4].text          # 6x6, five solutions


def state_of(kind_key: str, text: str) -> dict:
    kind = get_kind(kind_key)
    return kind.to_state(kind.parse(text))


def with_cell(state: dict, r: int, c: int, value: str) -> dict:
    """The state with one cell's string changed (a given added, or removed with "")."""
    cells = list(state["cells"])
    cells[r * state["cols"] + c] = value
    return {**state, "cells": cells}


def solutions(kind_key: str, state: dict, limit: int = 10_000) -> list[str]:
    """Every solution (at most `limit`, enumerated), each passing the kind's checker."""
    result = api.handle({"op": "solve", "kind": kind_key, "state": state, "all": True, "limit": limit,
                         "render": False})["result"]
    kind = get_kind(kind_key)
    puzzle = kind.from_state(state)
    for text in result["solutions"]:
        assert kind.check(puzzle, kind.parse_solution(puzzle, text)) == []
    return result["solutions"]


def count(kind_key: str, state: dict) -> int:
    return len(solutions(kind_key, state, limit=2))


def cells_of(text: str) -> list[list[str]]:
    """A grid solution's symbols by cell (the grid kinds here print one symbol a cell, maybe spaced)."""
    return [[ch for ch in line if not ch.isspace() and ch not in "<>^v"] for line in text.splitlines()
            if any(ch.isalnum() for ch in line)]


def setter_of(kind_key: str, state: dict) -> dict:
    response = api.handle({"op": "solve", "kind": kind_key, "state": state, "setter": True, "render": False})
    assert response["ok"], response
    return response["result"]


def open_cells(state: dict) -> list[tuple[int, int]]:
    return [(i // state["cols"], i % state["cols"]) for i, cell in enumerate(state["cells"]) if not cell]


def givens(state: dict) -> list[tuple[int, int]]:
    return [(i // state["cols"], i % state["cols"]) for i, cell in enumerate(state["cells"]) if cell]


SEVERAL_CASES = [
    ("sudoku", with_cell(state_of("sudoku", CLASSIC), 0, 4, "")),
    ("sudoku", with_cell(with_cell(state_of("sudoku", CLASSIC), 0, 4, ""), 2, 0, "")),
    ("sudoku", state_of("sudoku", "12..\n....\n....\n...1")),
    ("sudoku", state_of("sudoku", "1...\n..2.\n....\n...4")),
    ("binary", with_cell(state_of("binary", BINARY), 1, 2, "")),
    ("binary", state_of("binary", "1...\n....\n..0.\n....")),
    ("futoshiki", state_of("futoshiki", SEVERAL)),
    ("futoshiki", with_cell(state_of("futoshiki", FUTOSHIKI), 1, 3, "")),
]


@pytest.mark.parametrize("kind_key,state", SEVERAL_CASES, ids=[f"{k}-{i}" for i, (k, _) in enumerate(SEVERAL_CASES)])
def test_several_solutions_give_where_they_differ_and_a_given_that_makes_it_unique(kind_key, state):
    result = setter_of(kind_key, state)
    assert result["status"] == "multiple" and result["redundant"] is None and result["setter_stopped"] is None
    found = [cells_of(text) for text in solutions(kind_key, state)]
    assert len(found) >= 2
    differ = [tuple(cell) for cell in result["differ"]]
    assert differ and differ == sorted(differ)
    assert any(sorted((r, c) for r in range(len(a)) for c in range(len(a[r])) if a[r][c] != b[r][c]) == differ
               for a, b in itertools.combinations(found, 2))
    unique = []                                           # every single given that leaves one solution
    for r, c in open_cells(state):
        for v in sorted({grid[r][c] for grid in found}):
            if count(kind_key, with_cell(state, r, c, v)) == 1:
                unique.append((r, c, v))
    if result["unique_with"] is None:
        assert unique == []
    else:
        r, c, v = result["unique_with"]
        assert count(kind_key, with_cell(state, r, c, str(v))) == 1
        if any((r2, c2) in differ for r2, c2, _ in unique):
            assert (r, c) in differ


UNIQUE_CASES = [
    ("sudoku", state_of("sudoku", CLASSIC)),
    ("sudoku", state_of("sudoku", "1...\n..2.\n.3..\n...4")),
    ("sudoku", state_of("sudoku", "12..\n3.2.\n.3..\n...4")),
    ("binary", state_of("binary", BINARY)),
    ("futoshiki", state_of("futoshiki", FUTOSHIKI)),
    ("futoshiki", state_of("futoshiki", get_kind("futoshiki").EXAMPLES[1].text)),
]


@pytest.mark.parametrize("kind_key,state", UNIQUE_CASES, ids=[f"{k}-{i}" for i, (k, _) in enumerate(UNIQUE_CASES)])
def test_redundant_givens_are_those_whose_removal_keeps_one_solution(kind_key, state):
    result = setter_of(kind_key, state)
    assert result["status"] == "unique" and result["differ"] is None and result["unique_with"] is None
    want = [[r, c] for r, c in givens(state) if count(kind_key, with_cell(state, r, c, "")) == 1]
    assert result["redundant"] == want


def test_a_puzzle_without_solutions_has_no_setter_answers():
    result = api.handle({"op": "solve", "kind": "binary", "text": "1.\n1.", "setter": True})["result"]
    assert (result["differ"], result["unique_with"], result["redundant"]) == (None, None, None)


@pytest.mark.parametrize("kind_key", ["nonogram", "kakuro", "puzlogic", "numbercross"])
def test_kinds_whose_givens_are_not_cell_values_refuse_setter_by_field(kind_key):
    response = api.handle({"op": "solve", "kind": kind_key, "text": get_kind(kind_key).EXAMPLES[0].text,
                           "setter": True})
    assert not response["ok"] and response["error"]["where"] == {"field": "setter"}
    assert len(response["error"]["message"]) <= 300


def test_setter_refuses_entries_and_stops_within_the_budget():
    response = api.handle({"op": "solve", "kind": "sudoku", "text": CLASSIC, "setter": True, "entries": [[0, 0, 4]]})
    assert not response["ok"] and response["error"]["where"] == {"field": "setter"}
    spent = api.handle({"op": "solve", "kind": "sudoku", "text": "." * 256, "setter": True, "budget_ms": 1,
                        "render": False})["result"]
    assert spent["setter_stopped"] == "budget" or spent["status"] == "unknown"


def test_cli_setter_prints_the_helpers():
    def run(text: str, *extra: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "gridlogic", "solve", "sudoku", "-", "--setter", *extra],
                              input=text, capture_output=True, text=True, timeout=120)
    several = run("12..\n....\n....\n...1\n")
    assert several.returncode == 0, several.stderr
    lines = several.stdout.splitlines()
    assert lines[4] == "multiple" and lines[5].startswith("solutions differ at: r")
    assert lines[6].startswith("unique with: ") or lines[6] == "unique with: no single given"
    unique = run(CLASSIC)
    assert unique.stdout.splitlines()[-1] == "redundant givens: none"
    data = json.loads(run("12..\n....\n....\n...1\n", "--json").stdout)
    assert data["differ"] and "unique_with" in data and data["redundant"] is None
