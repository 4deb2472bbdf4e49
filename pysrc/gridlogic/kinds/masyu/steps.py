"""Naming a masyu step (explain.walk) in the genre's words, and its pearls' labels."""

from __future__ import annotations

from gridlogic.kinds._loops import edge_words
from gridlogic.kinds.masyu.pearls import WHITE

WHY = {WHITE: "the line goes straight through a white pearl and turns beside it",
       2: "this line must turn: a black pearl, and go straight on past the turn"}


def pearl_label(colour: int, r: int, c: int) -> str:
    """How a pearl is named in reasons: "the black pearl at r2c4"."""
    return f"the {'white' if colour == WHITE else 'black'} pearl at r{r + 1}c{c + 1}"


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The step's line and why: by the pearl its reason holds when one ("the line r2c3–r2c4 is part of
    the loop: this line must turn: a black pearl…"), by the pearls named when several, by the loop's own
    rule (no dead end, no branch, one loop) when none."""
    y, x, v, _ = fact
    where = edge_words((y, x), puzzle.rows, puzzle.cols, False)
    verdict = "is part of the loop" if v == 1 else "stays empty"
    cells = sorted(key[1:3] for key in clue_keys if key[0] == "pearl")
    pearls = puzzle.pearl_map()
    if not cells:
        return f"{where} {verdict}: the line cannot end, branch or close a second loop"
    if len(cells) == 1:
        return f"{where} {verdict}: {WHY[pearls[cells[0]]]} ({pearl_label(pearls[cells[0]], *cells[0])})"
    named = [pearl_label(pearls[cell], *cell) for cell in cells[:3]] + (["…"] if len(cells) > 3 else [])
    return f"{where} {verdict}: {', '.join(named)}"
