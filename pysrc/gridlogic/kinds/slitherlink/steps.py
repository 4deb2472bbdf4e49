"""Naming a slitherlink step (walks.walk) in the genre's words, and its clues' labels."""

from __future__ import annotations

from gridlogic.kinds._loops import edge_settled


def clue_label(n, r: int, c: int) -> str:
    """How a clue is named in reasons: "the 3 at r2c4"."""
    return f"the {n} at r{r + 1}c{c + 1}"


def name_step(puzzle, fact, clue_keys) -> str | None:
    """Why, in slitherlink's words: the numbers of its reason count the sides around them ("a number's
    sides", "numbers' sides" when several combine), or, when its reason holds no number, the loop's own
    rule (a line cannot end or branch, and the loop is one)."""
    numbers = [key for key in clue_keys if key[0] == "clue"]
    if not numbers:
        return "one loop: no end, no branch"
    return "a number's sides" if len(numbers) == 1 else "numbers' sides"


def say_fact(puzzle, fact) -> str:
    """The border a step settles: "the top side of r2c3 is part of the loop"."""
    return edge_settled(fact, puzzle.rows, puzzle.cols, True)
