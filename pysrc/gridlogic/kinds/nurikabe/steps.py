"""Naming a nurikabe step (walks.walk) in the words players use, when the reason shows it:

- "no island reaches it": a cell shaded because every number is too far from it (its island could not
  stretch there: the distance from the number's cell is at least the number);
- "between two numbers": a cell shaded because it touches two numbers' cells (it would join two islands);
- "the island is complete": a cell shaded beside an island whose number's cells are all known;
- "no 2×2 shaded block": a cell left unshaded because its three neighbours in a 2×2 block are shaded.
Anything else is left unnamed (the sentence still names the clues of its reason).
"""

from __future__ import annotations

from gridlogic.kinds._shading import UNKNOWN, Grid, regions

EASY_STEPS = ("no island reaches it", "between two numbers", "the island is complete", "no 2×2 shaded block")


def name_step(puzzle: Grid, fact, clue_keys) -> str | None:
    """The rule that makes the step (see the module docstring), or None."""
    r, c, v, eliminated = fact
    shaded_now = v == 1 if not eliminated else v == 0
    known = {tuple(key[1:3]): key[3] for key in clue_keys if key[0] in ("placed", "entry")}
    numbers = [key[1:3] for key in clue_keys if key[0] == "number"]
    near = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    if shaded_now:
        given = puzzle.numbered()
        if given and all(n != UNKNOWN and abs(r - q[0]) + abs(c - q[1]) >= n for q, n in given.items()):
            return EASY_STEPS[0]
        if sum(cell in given for cell in near) >= 2:
            return EASY_STEPS[1]
        if len(numbers) == 1 and _complete_beside(puzzle, tuple(numbers[0]), known, (r, c)):
            return EASY_STEPS[2]
        return None
    if numbers:
        return None
    for dr in (-1, 1):
        for dc in (-1, 1):
            block = [(r + dr, c), (r, c + dc), (r + dr, c + dc)]
            if all(known.get(cell) == 1 for cell in block):
                return EASY_STEPS[3]
    return None


def _complete_beside(puzzle: Grid, q: tuple[int, int], known: dict, cell: tuple[int, int]) -> bool:
    """Whether the known unshaded cells joined to the number at q are exactly its number, beside `cell`."""
    n = puzzle.at(*q)
    if n == UNKNOWN:
        return False
    island = next(g for g in regions(puzzle.rows, puzzle.cols,
                                     lambda r, c: (r, c) == q or known.get((r, c)) == 0) if q in g)
    beside = any(abs(cell[0] - a) + abs(cell[1] - b) == 1 for a, b in island)
    return len(island) == n and beside
