"""The entries that solve an example, read off the answer Python finds (test helper for the solved moment)."""

from __future__ import annotations

from gridlogic import api

BLACK = {"nonogram": 1, "numbercross": 10}      # what a cell the answer shows black is as an entry


def answer_entries(kind: str, state: dict) -> list[list[int]]:
    """[r, c, n] for every cell the answer fills (its `solved` cells, and black cells where black is an
    entry), as the page's play layer writes them."""
    response = api.handle({"op": "solve", "kind": kind, "state": state})
    assert response["ok"] and response["result"]["status"] == "unique", response
    out = []
    for cell in response["result"]["board"]["cells"]:
        if cell["role"] == "solved":
            out.append([cell["r"], cell["c"], int(cell["text"], 36)])
        elif cell["role"] == "black" and kind in BLACK:
            out.append([cell["r"], cell["c"], BLACK[kind]])
    out += lattice_entries(response["result"]["board"].get("lattice_marks", {}))
    return sorted(out)


def lattice_entries(marks: dict) -> list[list[int]]:
    """[y, x, v] for an answer's marks on the lattice, as a kind played on the lattice takes them
    (gridlogic/play.py): 1 a line, border or shaded cell, 0 a cross or dot."""
    return [[y, x, int(look in ("line", "border", "shade"))] for look, points in marks.items() for y, x in points]
