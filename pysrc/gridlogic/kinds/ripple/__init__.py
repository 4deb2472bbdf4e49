"""Ripple effect (Nikoli's Hakyuu Kouka; puzz.link `ripple`).

Rules, in puzz.link's words: the grid is divided into rooms. Place a number in every cell so that a room
of N cells holds each of the numbers 1 to N once. When two cells in the same row or column hold the same
number X, there must be at least X cells between them (within X cells of a number X, along its row and
column, there is no other X). Given numbers stay.

Variables: `("digit", r, c, d)` is true when cell (r, c) holds d, d in 1..the largest room's size
(exactly one per cell; the shown variables; those past the size of the cell's room are false, so an
entry too large for its room is a wrong entry, not an unknown one). Clues an explanation may name: each given (`("given", r, c)`, held
by assumption), each room (`("room", k)`: each of its numbers once) and each row's and column's spacing
(`("row", r)`, `("column", c)`: no two Xs within X cells).

The package: grid.py (the Puzzle, its text, editing state and puzz.link form), steps.py (naming a
step); this module wires the kind's contract (encode, check, render).
"""

from __future__ import annotations

from gridlogic.cnf.cardinality import PAIRWISE_LIMIT
from gridlogic.cnf.formula import Formula, Model
from gridlogic.cnf.places import Places
from gridlogic.kinds._shared import given_cells, refuse_rules
from gridlogic.kinds.ripple import grid
from gridlogic.kinds.ripple.grid import Puzzle, Solution, format, layout, parse_solution, to_puzzlink, to_state
from gridlogic.kinds.ripple.steps import EASY_STEPS, name_step
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "HOW_TO_PLAY", "GIVEN_VALUES",
           "fact_of", "name_step", "EASY_STEPS", "PUZZLINK_ID", "from_puzzlink", "to_puzzlink"]

KEY = "ripple"
TITLE = "Ripple Effect"
HOW_TO_PLAY = ("Put a number in every cell: a room of N cells holds 1 to N once each, and two equal numbers X "
               "in a row or column have at least X cells between them.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
GIVEN_VALUES = True
PUZZLINK_ID = "ripple"

EXAMPLES = (
    # pzprjs test/script/ripple.js (robx/pzprjs): puzz.link ripple/4/4/9n8rigk14h32k, the answer it accepts
    Example("pzprjs 4×4", "AABB\nCCBD\nEEBD\nFEED\n\n....\n.14.\n.32.\n....\n", (), 1,
            "1231\n2142\n4321\n1213\n"),
    Example("two ways", "AB\nAB\n\n..\n..\n", (), 2),
    Example("impossible", "AA\nBB\n\n1.\n1.\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The rooms, a blank line, the given numbers (see grid.py)."""
    refuse_rules(KEY, rules)
    return grid.parse(text)


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state."""
    refuse_rules(KEY, rules)
    return grid.from_state(state)


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link ripple data."""
    return grid.from_puzzlink(cols, rows, body)


def _digit(r: int, c: int, d: int) -> tuple:
    return ("digit", r, c, d)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """One number per cell; givens as assumptions; each room and each row's and column's spacing a clue."""
    rows, cols = puzzle.rows, puzzle.cols
    size = {(r, c): puzzle.size_at(r, c) for r in range(rows) for c in range(cols)}
    most = max(size.values())
    at = Places()                           # each cell's one number of 1 to most, none past its room's size
    pairs = [(i, j) for i in range(most) for j in range(i + 1, most)]
    for (r, c), n in size.items():
        lits = [at(_digit(r, c, d)) for d in range(1, most + 1)]
        at.clauses.append(lits)
        at.clauses += [[-lits[i], -lits[j]] for i, j in pairs]
        at.clauses += [[-x] for x in lits[n:]]
    at.add_to(f)
    f.show((_digit(r, c, d) for r, c in size for d in range(1, most + 1)), fixed_weight=True)
    for i, v in enumerate(puzzle.givens):
        if v:
            r, c = divmod(i, cols)
            f.given(_digit(r, c, v), ("given", r, c), ((r, c),), f"the {v} at r{r + 1}c{c + 1}")
    for k, cells in enumerate(puzzle.rooms()):
        r, c = cells[0]
        with f.clue(("room", k), cells, f"the room at r{r + 1}c{c + 1} (1 to {len(cells)} once)"):
            if len(cells) > PAIRWISE_LIMIT:
                for d in range(1, len(cells) + 1):
                    f.exactly_one([_digit(*cell, d) for cell in cells])
                continue
            at = Places()                   # each number once: Formula.exactly_one's clauses (pairwise)
            for d in range(1, len(cells) + 1):
                lits = [at(_digit(*cell, d)) for cell in cells]
                at.clauses.append(lits)
                at.clauses += [[-x, -y] for i, x in enumerate(lits) for y in lits[i + 1:]]
            at.add_to(f)
    lines = [(("row", r), f"row {r + 1}", [(r, c) for c in range(cols)]) for r in range(rows)]
    lines += [(("column", c), f"column {c + 1}", [(r, c) for r in range(rows)]) for c in range(cols)]
    for key, words, cells in lines:
        with f.clue(key, cells, f"the spacing of equal numbers in {words}"):
            at = Places()                   # the clauses over places, added at once (cnf/places.py)
            digits = [[0, *(at(_digit(*cell, d)) for d in range(1, size[cell] + 1))] for cell in cells]
            for i, a in enumerate(digits):
                for j in range(i + 1, min(len(cells), i + len(a))):      # (none farther than a's size)
                    b = digits[j]
                    at.clauses += [[-a[d], -b[d]] for d in range(j - i, min(len(a), len(b)))]
            at.add_to(f)


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: a number placed, nothing for one ruled out."""
    return key[1:] if value and key[0] == "digit" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The numbers of a model."""
    most = max(len(cells) for cells in puzzle.rooms())
    return tuple(next((d for d in range(1, most + 1) if model[_digit(r, c, d)]), 0)
                 for r in range(puzzle.rows) for c in range(puzzle.cols))


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a filled grid: a number out of its room's range or not the given, a room
    without one of its numbers, two equal numbers X with fewer than X cells between them (independent
    of the encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    if len(solution) != rows * cols:
        return [Violation("shape", (), f"expected {rows * cols} cells, got {len(solution)}")]
    at = lambda r, c: solution[r * cols + c]        # noqa: E731
    out: list[Violation] = []
    for k, cells in enumerate(puzzle.rooms()):
        values = sorted(at(*cell) for cell in cells)
        if values != list(range(1, len(cells) + 1)):
            r, c = cells[0]
            out.append(Violation("room", tuple(cells), f"the room at r{r + 1}c{c + 1} does not hold 1 to "
                                                       f"{len(cells)} once each"))
    for i, (v, g) in enumerate(zip(solution, puzzle.givens)):
        if g and v != g:
            out.append(Violation("given", (divmod(i, cols),), f"the given is {g}"))
    for r in range(rows):
        for c in range(cols):
            v = at(r, c)
            for dr, dc in ((0, 1), (1, 0)):
                for step in range(1, max(v, 0) + 1):
                    r2, c2 = r + dr * step, c + dc * step
                    if r2 < rows and c2 < cols and at(r2, c2) == v:
                        out.append(Violation("spacing", ((r, c), (r2, c2)),
                                             f"two {v}s at r{r + 1}c{c + 1} and r{r2 + 1}c{c2 + 1} with fewer than "
                                             f"{v} cells between them"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The numbers (givens and solved) and the rooms."""
    return Board(puzzle.rows, puzzle.cols, given_cells(puzzle.givens, puzzle.cols, solution),
                 {"rooms": [[list(x) for x in cells] for cells in puzzle.rooms()]})
