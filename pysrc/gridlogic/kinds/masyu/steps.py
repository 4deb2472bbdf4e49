"""Naming a masyu step (walks.walk) in the genre's words, and its pearls' labels."""

from __future__ import annotations

from gridlogic.kinds._loops import edge_settled
from gridlogic.kinds.masyu.pearls import WHITE

WHY = {WHITE: "a white pearl: straight through, turning beside it",
       2: "a black pearl: a turn, straight on past it"}


def pearl_label(colour: int, r: int, c: int) -> str:
    """How a pearl is named in reasons: "the black pearl at r2c4"."""
    return f"the {'white' if colour == WHITE else 'black'} pearl at r{r + 1}c{c + 1}"


def name_step(puzzle, fact, clue_keys) -> str | None:
    """Why, in masyu's words: the pearl its reason holds when one ("a black pearl: a turn, straight on past
    it"), pearls when several, the loop's own rule (no dead end, no branch, one loop) when none."""
    cells = [key[1:3] for key in clue_keys if key[0] == "pearl"]
    if not cells:
        return "one loop: no end, no branch"
    if len(cells) == 1:
        return WHY[puzzle.pearl_map()[cells[0]]]
    return "pearls together"


def say_fact(puzzle, fact) -> str:
    """The line a step settles: "the line r2c3–r2c4 is part of the loop"."""
    return edge_settled(fact, puzzle.rows, puzzle.cols, False)
