"""Wrong entries named first: `solve` and `hint` with the user's entries name the ones no solution keeps
(`wrong`, `message`) rather than a conflict of every clue; checked against each kind's unique solution
read from `solve` without entries, never from the code that names them."""

from __future__ import annotations

import random
import time

import pytest

from gridlogic import api
from gridlogic.entries import WRONG_NAMED
from gridlogic.errors import MESSAGE_CHARS
from gridlogic.kinds import binary, futoshiki, kakuro, nonogram, sudoku


def digits(text: str) -> dict[tuple[int, int], int]:
    """Cells of a solution written as rows of digits (sudoku, binary, futoshiki)."""
    return {(r, c): int(ch) for r, row in enumerate(text.split("\n")) for c, ch in enumerate(row)}


def filled(text: str) -> dict[tuple[int, int], int]:
    """Cells of a nonogram solution: 1 filled (#), 0 empty."""
    return {(r, c): int(ch == "#") for r, row in enumerate(text.split("\n")) for c, ch in enumerate(row)}


def white(text: str) -> dict[tuple[int, int], int]:
    """The white cells of a kakuro solution (a size line, then rows of tokens, - for black)."""
    rows = text.split("\n")[1:]
    return {(r, c): int(tok) for r, row in enumerate(rows) for c, tok in enumerate(row.split()) if tok.isdigit()}


READERS = {sudoku: digits, binary: digits, futoshiki: digits, nonogram: filled, kakuro: white}
VALUES = {sudoku: range(1, 10), binary: range(2), futoshiki: range(1, 5), nonogram: range(2), kakuro: range(1, 10)}


def unique_example(kind):
    return next(e for e in kind.EXAMPLES if e.count == 1)


def request(kind, op: str, entries, **more) -> dict:
    example = unique_example(kind)
    asked = {"op": op, "kind": kind.KEY, "text": example.text, "rules": list(example.rules), "entries": entries,
             **more}
    if op == "solve":
        asked["render"] = False
    response = api.handle(asked)
    assert response["ok"], response
    return response["result"]


def truth(kind) -> dict[tuple[int, int], int]:
    """The unique solution, found by solve without entries, as {cell: value}."""
    solved = request(kind, "solve", [])
    assert solved["status"] == "unique"
    return READERS[kind](solved["solution"])


def spoiled(kind, seed: int, changes: int) -> tuple[list[list[int]], set[tuple[int, int]]]:
    """Entries from the solution's cells, `changes` of them given another value (and those cells)."""
    rng = random.Random(seed)
    cells = truth(kind)
    chosen = rng.sample(sorted(cells), min(len(cells), rng.randint(max(changes, 1), 12)))
    changed = set(rng.sample(chosen, changes))
    entries = []
    for r, c in chosen:
        right = cells[r, c]
        v = rng.choice([x for x in VALUES[kind] if x != right]) if (r, c) in changed else right
        entries.append([r, c, v])
    rng.shuffle(entries)
    return entries, changed


def assert_named(kind, result: dict, entries: list, changed: set) -> None:
    """`wrong` is exactly the changed entries, in position order, each unlike the unique solution; the
    message names each one."""
    cells = truth(kind)
    wrong = result["wrong"]
    assert all(cells[r, c] != v for r, c, v in wrong)                          # a named entry is wrong
    assert {(r, c) for r, c, _ in wrong} == changed                             # and no right one is named
    assert wrong == sorted(wrong) and all(e in entries for e in wrong)
    words = {1: "filled cell", 0: "empty cell"} if kind is nonogram else {}
    for r, c, v in wrong[:WRONG_NAMED]:
        assert f"your {words.get(v, v)} at r{r + 1}c{c + 1}" in result["message"]
    verb = "is wrong; no solution keeps it" if len(wrong) == 1 else "are wrong; no solution keeps them"
    assert result["message"].endswith(verb) and len(result["message"]) <= MESSAGE_CHARS


@pytest.mark.parametrize("changes", [0, 1, 2])
@pytest.mark.parametrize("kind", list(READERS), ids=lambda k: k.KEY)
def test_solve_names_the_wrong_entries(kind, changes):
    for seed in range(3):
        entries, changed = spoiled(kind, seed, changes)
        result = request(kind, "solve", entries, explain=True)
        if not changed:
            assert result["status"] == "unique" and result["wrong"] == [] and result["message"] is None
            continue
        assert result["status"] == "none" and result["wrong_stopped"] is None
        assert_named(kind, result, entries, changed)
        assert result["conflict"] is None and result["conflict_clues"] is None      # no wall of clues


@pytest.mark.parametrize("kind", list(READERS), ids=lambda k: k.KEY)
def test_hint_names_the_wrong_entries_instead_of_a_step(kind):
    for seed in range(3):
        entries, changed = spoiled(kind, seed, 1 + seed % 2)
        result = request(kind, "hint", entries)
        assert result["status"] == "none" and result["hint"] is None and result["stopped"] is None
        assert "conflict" not in result
        assert_named(kind, result, entries, changed)
        with_path = request(kind, "hint", entries, path=True)
        assert with_path["wrong"] == result["wrong"] and with_path["steps"] == []


@pytest.mark.parametrize("kind", list(READERS), ids=lambda k: k.KEY)
def test_right_entries_still_get_a_hint(kind):
    entries, _ = spoiled(kind, 7, 0)
    result = request(kind, "hint", entries)
    assert result["wrong"] == [] and result["status"] == "unique"
    filled_cells = {(r, c) for r, c, _ in entries}
    if result["hint"] is not None:
        assert tuple(result["hint"]["cell"]) not in filled_cells


def test_a_crossed_nonogram_cell_that_should_be_filled():
    cells = truth(nonogram)
    r, c = next(cell for cell, v in sorted(cells.items()) if v == 1)
    right = [[r2, c2, v] for (r2, c2), v in sorted(cells.items()) if v == 0][:3]
    entries = right + [[r, c, 0]]
    for op in ("solve", "hint"):
        result = request(nonogram, op, entries)
        assert result["status"] == "none" and result["wrong"] == [[r, c, 0]]
        assert result["message"] == f"your empty cell at r{r + 1}c{c + 1} is wrong; no solution keeps it"


def test_a_kakuro_digit_against_its_sums():
    cells = truth(kakuro)
    (r, c), v = sorted(cells.items())[0]
    entries = [[r, c, v % 9 + 1]]
    result = request(kakuro, "solve", entries)
    assert result["wrong"] == entries and result["message"].startswith(f"your {v % 9 + 1} at r{r + 1}c{c + 1} ")


def test_with_several_solutions_the_later_of_two_clashing_entries_is_wrong():
    text = "1...\n....\n....\n...."
    for op in ("solve", "hint"):
        result = api.handle({"op": op, "kind": "sudoku", "text": text, "entries": [[0, 1, 2], [0, 2, 2]]})["result"]
        assert result["status"] == "none" and result["wrong"] == [[0, 2, 2]]
        assert result["message"] == "your 2 at r1c3 is wrong; no solution keeps it"


def test_a_puzzle_without_solutions_of_its_own_gets_its_conflict():
    impossible = next(e for e in sudoku.EXAMPLES if e.count == 0)
    result = api.handle({"op": "solve", "kind": "sudoku", "text": impossible.text, "render": False,
                         "explain": True, "entries": [[8, 8, 1]]})["result"]
    assert result["status"] == "none" and result["wrong"] == []
    assert result["message"] == "the puzzle has no solution even without your entries"
    assert result["conflict_clues"] and all(clue["key"][0] != "entry" for clue in result["conflict_clues"])
    hint = api.handle({"op": "hint", "kind": "sudoku", "text": impossible.text, "entries": [[8, 8, 1]]})["result"]
    assert hint["status"] == "none" and hint["wrong"] == [] and hint["conflict"]
    assert hint["message"].startswith("No solution")


def test_many_wrong_entries_make_a_short_message():
    example = unique_example(sudoku)
    cells = truth(sudoku)
    opens = [(r, c) for r in range(9) for c in range(9) if example.text.split("\n")[r][c] == "."]
    entries = [[r, c, cells[r, c] % 9 + 1] for r, c in opens[:30]]
    result = request(sudoku, "solve", entries)
    assert {(r, c) for r, c, _ in result["wrong"]} <= set(opens[:30]) and len(result["wrong"]) > WRONG_NAMED
    assert all(cells[r, c] != v for r, c, v in result["wrong"])
    assert f"and {len(result['wrong']) - WRONG_NAMED:,} more are wrong" in result["message"]
    assert len(result["message"]) <= MESSAGE_CHARS


def test_a_spent_budget_says_so_and_returns():
    example = next(e for e in nonogram.EXAMPLES if e.name == "dancer 5x10")
    entries = [[0, 0, 1], [0, 1, 0]]
    start = time.monotonic()
    result = api.handle({"op": "hint", "kind": "nonogram", "text": example.text, "entries": entries,
                         "budget_ms": 1})["result"]
    assert time.monotonic() - start < 10
    assert result["stopped"] == "budget" and result["hint"] is None
    if not result["wrong"]:
        assert result["status"] == "unknown" and "time budget" in result["message"]


def test_solve_says_when_the_wrong_entries_were_not_found_in_time(monkeypatch):
    from gridlogic.api import solve
    from gridlogic.entries import Progress

    monkeypatch.setattr(solve, "check_entries", lambda session: Progress("unknown", (), "budget"))
    entries, _ = spoiled(sudoku, 1, 1)
    result = request(sudoku, "solve", entries)
    assert result["status"] == "none" and result["wrong"] == [] and result["wrong_stopped"] == "budget"
    assert "not found within the time budget" in result["message"]
