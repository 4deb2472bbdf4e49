"""The entries that solve an example, read off the answer Python finds (test helper for the solved moment)."""

from __future__ import annotations

from gridlogic import api
from gridlogic.kinds import get_kind
from gridlogic.contract import layout_of, optional

BLACK = {"nonogram": 1, "numbercross": 10}      # what a cell the answer shows black is as an entry


def answer_entries(kind: str, state: dict) -> list[list[int]]:
    """[r, c, n] for every cell the answer fills (its `solved` cells, and black cells where black is an
    entry), as the page's play layer writes them."""
    response = api.handle({"op": "solve", "kind": kind, "state": state})
    assert response["ok"] and response["result"]["status"] == "unique", response
    marks = {mark: v for v, (_, mark) in (optional(get_kind(kind), "VALUE_WORDS") or {}).items()}
    out = []
    for cell in response["result"]["board"]["cells"]:
        if cell["role"] == "solved":
            value = marks[cell["text"]] if cell["text"] in marks else int(cell["text"], 36)
            out.append([cell["r"], cell["c"], value])
        elif cell["role"] == "black" and (kind in BLACK or "■" in marks or "★" in marks):
            out.append([cell["r"], cell["c"], BLACK.get(kind, marks.get("■", marks.get("★")))])
    if "values" not in (layout_of(get_kind(kind)).get("play") or {}):       # played on the lattice alone
        out += lattice_entries(response["result"]["board"].get("lattice_marks", {}))
    return sorted(out)


def lattice_entries(marks: dict) -> list[list[int]]:
    """[y, x, v] for an answer's marks on the lattice, as a kind played on the lattice takes them
    (gridlogic/layout/play.py): 1 a line, border or shaded cell, 2 a double line, 0 a cross or dot."""
    return [[y, x, 2 if look == "double" else int(look in ("line", "border", "shade"))]
            for look, points in marks.items() for y, x in points]
