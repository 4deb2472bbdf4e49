"""Tents (Tatham's Tents; puzz.link's tents).

Rules: place tents on empty cells. Each tree has one tent of its own on a cell orthogonally next to it,
and each tent belongs to one tree next to it (trees and tents pair up one to one). Tents never touch each
other, not even diagonally. A number beside a row or a column says how many tents it holds.

Variables: `("tent", r, c)` is true when the empty cell (r, c) holds a tent (shown; a solution is its set
of tents); `("pair", tr, tc, r, c)` when the tree at (tr, tc) has the tent at (r, c) as its own. A tent
belongs to exactly one tree beside it, a cell without a tent to none, and no 2×2 block holds two tents
(so no two touch): these always hold. Clues an explanation may name: each tree (`("tree", r, c)`: exactly
one tent of its own) and each count (`("row", r)`, `("col", c)`). Counting blocks solutions over the tents
only: two pairings of the same tents are one solution.

The package: grid.py (the Puzzle, its text form and editing state), text.py (reading a text or a game ID),
links.py (puzz.link and Tatham game IDs), steps.py (naming a step); this module wires the kind's contract.
"""

from __future__ import annotations

from gridlogic.cnf.formula import Formula, Model
from gridlogic.cnf.shading import blocks_2x2
from gridlogic.kinds.tents.grid import (Puzzle, Solution, format, from_state, layout, parse_solution,
                                        to_state)
from gridlogic.kinds.tents.links import from_puzzlink, from_tatham, is_tatham_id, to_puzzlink, to_tatham
from gridlogic.kinds.tents.steps import EASY_STEPS, VALUE_WORDS, name_step
from gridlogic.kinds.tents.text import parse
from gridlogic.layout.moves import Symmetry
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "HOW_TO_PLAY", "SYMMETRY", "fact_of",
           "name_step", "EASY_STEPS", "VALUE_WORDS", "PUZZLINK_ID", "from_puzzlink", "to_puzzlink",
           "TATHAM_GAME", "from_tatham", "to_tatham", "is_tatham_id"]

KEY = "tents"
TITLE = "Tents"
HOW_TO_PLAY = ("Put a tent next to each tree (up, down, left or right), one tent per tree and one tree per tent. "
               "Tents never touch, not even diagonally; the numbers count the tents of a row or column. Click a "
               "cell for a tent, again (or right-click) for grass.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
PUZZLINK_ID = "tents"
TATHAM_GAME = "tents"
SYMMETRY = Symmetry(lines={"rows": (0, "count"), "cols": (1, "count")})

EXAMPLES = (
    # pzprjs test/script/tents.js: its URL 5/5/2g0h1i1j82323 and the answer its last failcheck accepts
    Example("pzprjs 5x5", "2 - 0 - -\n..T.. 1\n..... -\n.T..T -\n...T. -\n.T... 1", (), 1,
            "2 - 0 - -\n.AT.. 1\n....A -\nAT..T -\n...TA -\nAT... 1"),
    Example("4x4", "1 1 1 1\n.T.. 1\n...T 1\nT... 1\n..T. 1", (), 1),
    Example("two ways", "- -\nT. -\n.. -", (), 2),
    Example("impossible", "- -\nTT -\n.. 0", (), 0),
)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Pairs between trees and tents, tents apart; each tree and each count as clues."""
    cells = puzzle.open_cells()
    f.show(("tent", r, c) for r, c in cells)
    owners: dict[tuple[int, int], list] = {cell: [] for cell in cells}
    for tr, tc in sorted(puzzle.trees):
        for cell in puzzle.beside(tr, tc):
            owners[cell].append(("pair", tr, tc, *cell))
    for cell, pairs in owners.items():
        f.at_most_one(pairs)
        for pair in pairs:
            f.implies(pair, ("tent", *cell))
        f.implies(("tent", *cell), pairs)
    for block in blocks_2x2(puzzle.rows + 1, puzzle.cols + 1):
        inside = [((y - 3) // 2, (x - 3) // 2) for y, x in block]
        f.at_most_one([("tent", *cell) for cell in inside if cell in owners])
    for tr, tc in sorted(puzzle.trees):
        near = puzzle.beside(tr, tc)
        with f.clue(("tree", tr, tc), [(tr, tc), *near], f"the tree at r{tr + 1}c{tc + 1}"):
            f.exactly_one([("pair", tr, tc, *cell) for cell in near])
    for axis, counts in ((0, puzzle.rows_count), (1, puzzle.cols_count)):
        for i, n in enumerate(counts):
            if n is None:
                continue
            line = [cell for cell in cells if cell[axis] == i]
            name = ("row", "column")[axis]
            with f.clue(("row" if axis == 0 else "col", i), line, f"the {n} of {name} {i + 1}"):
                f.exactly([("tent", *cell) for cell in line], n)


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact of a shown variable: (r, c, 1) a tent, (r, c, 0) none."""
    return (key[1], key[2], int(value)) if key[0] == "tent" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The tents of a model."""
    return frozenset(cell for cell in puzzle.open_cells() if model[("tent", *cell)])


def _matching(trees: list, tents: set) -> dict:
    """A largest pairing of trees with tents beside them (augmenting paths): tree -> tent."""
    mate: dict = {}

    def grow(tree, seen) -> bool:
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            tent = (tree[0] + dr, tree[1] + dc)
            if tent in tents and tent not in seen:
                seen.add(tent)
                if tent not in mate or grow(mate[tent], seen):
                    mate[tent] = tree
                    return True
        return False

    for tree in trees:
        grow(tree, set())
    return {tree: tent for tent, tree in mate.items()}


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a set of tents (independent of the encoder): a tent off an empty cell, two
    tents touching, a count not met, trees and tents that cannot pair up one to one."""
    out: list[Violation] = []
    tents = set(solution)
    for r, c in sorted(tents):
        if not (0 <= r < puzzle.rows and 0 <= c < puzzle.cols) or (r, c) in puzzle.trees:
            out.append(Violation("not_empty", ((r, c),), "a tent sits only on an empty cell"))
    for r, c in sorted(tents):
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            if (r + dr, c + dc) in tents:
                out.append(Violation("touch", ((r, c), (r + dr, c + dc)), "two tents touch"))
    for axis, counts, name in ((0, puzzle.rows_count, "row"), (1, puzzle.cols_count, "column")):
        for i, n in enumerate(counts):
            got = sum(cell[axis] == i for cell in tents)
            if n is not None and got != n:
                out.append(Violation(name, (), f"{name} {i + 1} holds {got} tents, not {n}"))
    trees = sorted(puzzle.trees)
    paired = _matching(trees, tents)
    lonely_trees = [tree for tree in trees if tree not in paired]
    lonely_tents = sorted(tents - set(paired.values()))
    if lonely_trees:
        out.append(Violation("tree", tuple(lonely_trees), "a tree without a tent of its own"))
    if lonely_tents:
        out.append(Violation("tent", tuple(lonely_tents), "a tent without a tree of its own"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """Trees (T), the tents ▲ of a solution, the counts for the margins."""
    tents = solution or frozenset()
    cells = []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            if (r, c) in puzzle.trees:
                cells.append({"r": r, "c": c, "text": "T", "role": "given"})
            else:
                cells.append({"r": r, "c": c, "text": "▲" if (r, c) in tents else "",
                              "role": "solved" if (r, c) in tents else "empty"})
    extras = {"row_counts": list(puzzle.rows_count), "col_counts": list(puzzle.cols_count)}
    return Board(puzzle.rows, puzzle.cols, tuple(cells), extras)
