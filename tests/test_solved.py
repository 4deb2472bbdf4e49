"""`progress` says when the player's entries solve the puzzle (`solved`): a whole solution, checked by the
kind's own checker, for every kind; one entry missing or wrong is not solved; a nonogram needs no crosses."""

from __future__ import annotations

import pytest

from conftest import ROOT  # noqa: F401 - conftest puts pysrc on the path
from gridlogic import api
from solved_entries import answer_entries

KINDS = [k for k in api.handle({"op": "kinds"})["result"]["kinds"]]


def progress(kind: str, state: dict, entries: list) -> dict:
    response = api.handle({"op": "progress", "kind": kind, "state": state, "entries": entries})
    assert response["ok"], response
    return response["result"]


@pytest.mark.parametrize("info", KINDS, ids=[k["key"] for k in KINDS])
def test_entries_of_the_answer_solve_it(info):
    example = next(e for e in info["examples"] if e["count"] == 1)
    entries = answer_entries(info["key"], example["state"])
    assert progress(info["key"], example["state"], entries)["solved"] is True
    fewer = progress(info["key"], example["state"], entries[1:])
    assert fewer["correct_so_far"] is True and fewer["solved"] is False
    r, c, n = entries[-1]
    others = [v for v in range(0, 11) if v != n and [r, c, v] not in entries]
    wrong = entries[:-1] + [[r, c, others[0] if info["key"] != "nonogram" else 1 - n]]
    response = api.handle({"op": "progress", "kind": info["key"], "state": example["state"], "entries": wrong})
    assert not response["ok"] or response["result"]["solved"] is False


def test_a_nonogram_needs_no_crosses():
    info = next(k for k in KINDS if k["key"] == "nonogram")
    example = next(e for e in info["examples"] if e["count"] == 1)
    filled = [e for e in answer_entries("nonogram", example["state"]) if e[2] == 1]
    rows, cols = example["state"]["rows"], example["state"]["cols"]
    crosses = [[r, c, 0] for r in range(rows) for c in range(cols) if [r, c, 1] not in filled]
    assert progress("nonogram", example["state"], filled)["solved"] is True
    assert progress("nonogram", example["state"], sorted(filled + crosses))["solved"] is True
    assert progress("nonogram", example["state"], filled[1:])["solved"] is False


def test_a_puzzle_with_two_solutions_is_solved_by_either():
    info = next(k for k in KINDS if k["key"] == "futoshiki")
    example = next(e for e in info["examples"] if e["count"] and e["count"] > 1)
    result = api.handle({"op": "solve", "kind": "futoshiki", "state": example["state"], "count": True,
                         "keep": 2})["result"]
    for board in result["boards"][:2]:
        entries = sorted([x["r"], x["c"], int(x["text"], 36)] for x in board["cells"] if x["role"] == "solved")
        assert progress("futoshiki", example["state"], entries)["solved"] is True
