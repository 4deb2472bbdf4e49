"""Naming a hashiwokakero step (walks.walk) in bridge words: what a step settles of a bridge, and the
island whose count forces it."""

from __future__ import annotations

COUNTS = {0: "no bridge", 1: "one bridge", 2: "two bridges"}
SETTLED = {0: "is not drawn", 1: "is single", 2: "is double"}
NOT_SETTLED = {0: "is drawn", 1: "is not single", 2: "is not double"}


def ends_of(puzzle, y: int, x: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two cells at the ends of the way through edge point (y, x): the first island (or the grid's
    last cell) each way."""
    islands = puzzle.numbered()
    dy, dx = (0, 1) if y % 2 else (1, 0)
    ends = []
    for sign in (-1, 1):
        r, c = ((y + sign * dy - 1) // 2, (x + sign * dx - 1) // 2)
        while (r, c) not in islands and 0 <= r + sign * dy < puzzle.rows and 0 <= c + sign * dx < puzzle.cols:
            r, c = r + sign * dy, c + sign * dx
        ends.append((r, c))
    return ends[0], ends[1]


def island_label(n, r: int, c: int) -> str:
    """How an island is named in reasons: "the 4 at r2c3"."""
    return f"the {n} at r{r + 1}c{c + 1}"


def say_fact(puzzle, fact) -> str:
    """The bridge a step settles: "the bridge r2c3–r2c6 is double", "… is not drawn", naming the two cells
    beside the step's point unless they are the bridge's ends ("(between r2c4 and r2c5)"): a bridge
    over several cells is settled at each of its points."""
    y, x, v, gone = fact
    a, b = ends_of(puzzle, y, x)
    verdict = (NOT_SETTLED if gone else SETTLED)[v]
    said = f"the bridge r{a[0] + 1}c{a[1] + 1}–r{b[0] + 1}c{b[1] + 1} {verdict}"
    near = ((y - 1) // 2, (x - 1) // 2), (y // 2, x // 2)          # the two cells beside the point
    if {a, b} == set(near):
        return said
    return f"{said} (between r{near[0][0] + 1}c{near[0][1] + 1} and r{near[1][0] + 1}c{near[1][1] + 1})"


def name_step(puzzle, fact, clue_keys) -> str | None:
    """Why, in bridge words: the island its reason holds when one ("the 4 at r2c3 needs two bridges
    east"), islands together when several, the bridges' own rules (no crossing, all joined) when none."""
    numbers = puzzle.numbered()
    cells = [key[1:3] for key in clue_keys if key[0] == "island"]
    if not cells:
        return "bridges never cross, and join every island"
    if len(cells) > 1:
        return "islands together"
    (r, c), (y, x, v, gone) = cells[0], fact
    label = island_label(numbers[(r, c)], r, c)
    a, b = ends_of(puzzle, y, x)
    if (r, c) not in (a, b):
        return f"{label} and the bridges beside it"
    other = b if (r, c) == a else a
    way = ("east" if other[1] > c else "west") if other[0] == r else ("south" if other[0] > r else "north")
    if gone:
        return f"{label} cannot have {COUNTS[v]} {way}"
    return f"{label} {'has' if v == 0 else 'needs'} {COUNTS[v]} {way}"
