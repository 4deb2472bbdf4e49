"""Regressions of issue 29's faults: a sudoku cell in no region (hint, grading and step names cope),
one item limit at the text and state doors, and ASCII digits only in every kind's text."""

from __future__ import annotations

import pytest

from gridlogic import api
from gridlogic.kinds.sudoku import grading, steps
from gridlogic.kinds.sudoku import parse as parse_sudoku

G4 = "....\n....\n....\n....\n"


def answer(request: dict) -> dict:
    """The result of a request that must succeed (never an InternalError)."""
    got = api.handle(request)
    assert got["ok"], got["error"]
    return got["result"]


# -- 1. a cell in no region --------------------------------------------------------------------------
NO_REGION = G4 + "regions:\n.ABC\nDABC\nDABC\nDDBC\nblack: r1c1 r2c1"
# 6×6, two cells in no region and region C of five cells: such a region holds no digit twice but
# need not hold every digit
PARTIAL = "AAABBB\nAAABBB\nCC.DDD\nCCCDDD\n.EEFFF\nEEEFFF\n"


@pytest.mark.parametrize("more", [{"op": "hint"}, {"op": "hint", "path": True},
                                  {"op": "solve", "facts": True}, {"op": "solve", "explain": True}],
                         ids=lambda m: "-".join(str(v) for v in m.values()))
def test_a_cell_in_no_region_is_hinted_and_solved(more):
    result = answer({"kind": "sudoku", "text": NO_REGION, **more})
    assert result["status"] == "multiple"


def _holed(solution: list[str], holes: set[int]) -> str:
    return "\n".join("".join("." if r * 6 + c in holes else ch for c, ch in enumerate(row))
                     for r, row in enumerate(solution)) + "\nregions:\n" + PARTIAL


def test_grading_treats_a_smaller_region_as_no_unit():
    """Hidden singles, pointing and uniqueness need units that hold every digit: a region of fewer
    cells only forbids repeats, so the grader never solves a puzzle of several solutions."""
    solution = answer({"op": "solve", "kind": "sudoku", "text": "......\n" * 6 + "regions:\n" + PARTIAL})["solution"]
    rows = solution.split("\n")
    for k in range(12):
        text = _holed(rows, {(7 * k + 5 * i) % 36 for i in range(20 + k % 5)})
        graded = grading.grade(parse_sudoku(text))
        status = answer({"op": "solve", "kind": "sudoku", "text": text})["status"]
        assert not graded.solved or status == "unique", text
        answer({"op": "hint", "kind": "sudoku", "text": text, "path": True})


def test_no_hidden_single_is_named_in_a_smaller_region():
    # r3c1 and r3c2 are region C's; 6 can go nowhere else in C, but C need not hold a 6
    puzzle = parse_sudoku("......\n" * 6 + "regions:\n" + PARTIAL)
    clue_keys = [("eliminated", r, c, 6) for r, c in [(2, 0), (3, 0), (3, 1), (3, 2)]]
    clue_keys += [("eliminated", 2, 1, d) for d in (1, 2, 3, 4, 5)]
    assert steps.classic_step(puzzle, (2, 1, 6, False), clue_keys) == "naked single"
    assert steps.classic_step(puzzle, (2, 1, 6, False), clue_keys[:4]) is None
