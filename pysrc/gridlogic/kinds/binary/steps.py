"""Naming a binary-puzzle step (walks.walk): pair, sandwich, line balance, no duplicate line."""

from __future__ import annotations

from gridlogic.kinds.binary.text import Puzzle


def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The rule a step's reason shows, found on the reason's values alone: a pair (two equal cells
    beside it in a line), a sandwich (it lies between two equal cells), line balance (its row or
    column already holds half of the other digit), no duplicate line (its line, open in it and one
    more cell, matches a full line elsewhere that differs on those two); None when none proves it."""
    r, c, v, _ = fact
    known: dict[tuple[int, int], int] = {}
    for key in clue_keys:
        if key[0] == "given":
            known[key[1:3]] = puzzle.given(*key[1:3])
        elif key[0] in ("placed", "entry"):
            known[key[1:3]] = key[3]
    other = 1 - v
    for dr, dc in ((0, 1), (1, 0)):
        if any(known.get((r + s * dr, c + s * dc)) == other == known.get((r + 2 * s * dr, c + 2 * s * dc))
               for s in (1, -1)):
            return "pair"
        if known.get((r - dr, c - dc)) == other == known.get((r + dr, c + dc)):
            return "sandwich"
    rows = [[(i, x) for x in range(puzzle.width)] for i in range(puzzle.height)]
    cols = [[(x, i) for x in range(puzzle.height)] for i in range(puzzle.width)]
    if any(sum(known.get(cell) == other for cell in line) == len(line) // 2 for line in (rows[r], cols[c])):
        return "line balance"
    for lines, i in ((rows, r), (cols, c)):
        at = lines[i].index((r, c))
        open_at = [k for k, cell in enumerate(lines[i]) if cell not in known]
        if len(open_at) != 2 or at not in open_at:
            continue
        for line in lines:
            if all(cell in known for cell in line) and len({known[line[k]] for k in open_at}) == 2 \
                    and known[line[at]] == other \
                    and all(known[mine] == known[theirs] for mine, theirs in zip(lines[i], line) if mine in known):
                return "no duplicate line"
    return None
