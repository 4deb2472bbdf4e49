"""Naming a slitherlink step (explain.walk) in the genre's words, and its clues' labels."""

from __future__ import annotations

from gridlogic.kinds._loops import edge_words


def clue_label(n, r: int, c: int) -> str:
    """How a clue is named in reasons: "the 3 at r2c4"."""
    return f"the {n} at r{r + 1}c{c + 1}"


def name_step(puzzle, fact, clue_keys) -> str | None:
    """The step's edge and why, in slitherlink's words: a border the loop must take or must avoid, by
    the numbers of its reason ("the top side of r2c3 is part of the loop: the 3 there and the 0 beside
    it"), or by the loop's own rule when the reason holds no number (a line cannot end or branch, and
    the loop is one)."""
    y, x, v, _ = fact
    where = edge_words((y, x), puzzle.rows, puzzle.cols, True)
    verdict = "is part of the loop" if v == 1 else "stays empty"
    numbers = sorted(key[1:3] for key in clue_keys if key[0] == "clue")
    if not numbers:
        return f"{where} {verdict}: the line cannot end, branch or close a second loop"
    clues = puzzle.clue_map()
    named = [clue_label(clues[cell], *cell) for cell in numbers[:3]] + (["…"] if len(numbers) > 3 else [])
    return f"{where} {verdict}: {', '.join(named)}"
