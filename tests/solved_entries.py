"""The entries that solve an example, read off the answer Python finds (test helper for the solved moment)."""

from __future__ import annotations

from gridlogic import api
from gridlogic.kinds import get_kind, optional

BLACK = {"nonogram": 1, "numbercross": 10}      # what a cell the answer shows black is as an entry


def black_value(kind: str) -> int | None:
    """The entry a black cell of the answer stands for: BLACK's, else the value a kind words "shaded" (or
    "star")."""
    words = optional(get_kind(kind), "VALUE_WORDS") or {}
    return BLACK.get(kind, next((v for v, (word, _) in words.items() if word in ("shaded", "star")), None))


def answer_entries(kind: str, state: dict) -> list[list[int]]:
    """[r, c, n] for every cell the answer fills (its `solved` cells, and black cells where black is an
    entry), as the page's play layer writes them."""
    response = api.handle({"op": "solve", "kind": kind, "state": state})
    assert response["ok"] and response["result"]["status"] == "unique", response
    out = []
    black = black_value(kind)
    for cell in response["result"]["board"]["cells"]:
        if cell["role"] == "solved":
            out.append([cell["r"], cell["c"], int(cell["text"], 36)])
        elif cell["role"] == "black" and black is not None:
            out.append([cell["r"], cell["c"], black])
    return sorted(out)
