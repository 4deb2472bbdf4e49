"""Puzlogic (the Kongregate game by ejbarreto).

Rules: cells on a square lattice, with gaps; some hold a number, the others are empty. Place
every piece of a multiset of numbers on exactly one empty cell (one piece per cell) so that no
number repeats in a row or a column (a row is every cell with that row index, gaps included), and
every line with a target sum meets it: an `all` sum counts every cell of the line, a `blue` sum
only the placed pieces. Equal pieces are interchangeable: two placements differ only when some
cell gets a different number.

Variables: `("value", r, c, v)` is true when empty cell (r, c) gets a piece of value v, for each
distinct piece value. Each empty cell is exactly-one; per line and value, at most one (none when a
pre-filled cell of the line already has it), and `("has", axis, index, v)` = some empty cell of the
line holds v. Since a value sits at most once in a line, "v is used as often as among the pieces"
is a count of the rows (and of the columns) holding v: at most 50 literals, where counting cells
would take a counter over every empty cell per value (a 50×50 level: millions of clauses); the
column count also spares the solver a pigeonhole proof. Equal pieces are not told apart, so
counting counts placements, not permutations.

A sum is no arithmetic: the empty cells of the line hold distinct values, so the line's sum is
Σ v·has_v. With few sets of values that reach the target (minus the pre-filled part for `all`),
a selector `("set", axis, index, kind, values)` picks one, as in kakuro (strongest propagation).
With many, the sum is a walk over partial sums, the values decided in order: `("partial", kind,
axis, index, i, s)`, only for sums on some path from 0 to the target, so the size is values ×
reachable sums, never the number of sets. A sum no set of distinct piece values can reach (even
pieces, odd sum) is refused at the door with its line, like kakuro's impossible clues; a table of
reachable sums decides that without search.

Clues an explanation may name: each given cell (`("given", r, c)`: its value is not placed again in
its row or column), the pieces (`("pieces",)`: every empty cell gets one, each value as often
as it is a piece) and each sum (`("sum", kind, axis, index)`, read with its line's givens). No two
pieces on a cell and no value twice in a line always hold: two 2s for two cells of one row then
name the pieces. Labels use the text's 0-based coordinates, as its messages do.

Editing state (gridlogic.layout): the lattice from (0, 0) to its last row and column, "-" where
there is no cell, "" an empty cell, a number a pre-filled one; the sums on four edges (all: left
of a row, above a column; blue: right, below) and the pieces in one field. Everything `parse`
accepts fits: it refuses a second sum of one kind on a line and a sum on a line without cells.

The package: grid.py (the Puzzle, the limits), text.py (the text format), sums.py (the sets that reach a
sum, a sum as a choice of set or as a walk), states.py (the editing state), grading.py and board.py (the
grader: the techniques a person uses, for hints, levels and the generator); this module wires the kind's
contract (encode, check, render).
"""

from __future__ import annotations

from collections import Counter

from gridlogic.errors import PuzzleRuleError
from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.kinds.puzlogic.grid import AXES, Puzzle, Solution
from gridlogic.kinds.puzlogic.states import from_state, layout, to_state
from gridlogic.kinds.puzlogic.steps import name_step
from gridlogic.kinds.puzlogic.sums import (_encode_sets, _encode_sum_states, _popcount, _sum_lines, _sum_states,
                                           value_sets)
from gridlogic.kinds.puzlogic.text import _values_text, format, from_old_link, parse, parse_solution
from gridlogic.layout.moves import Symmetry
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "HOW_TO_PLAY", "SYMMETRY", "fact_of",
           "name_step", "from_old_link", "makers", "grader"]

KEY = "puzlogic"
TITLE = "Puzlogic"
HOW_TO_PLAY = ("Place every piece (the numbers under Pieces, each once) on an empty cell so that no number "
               "repeats in a row or a column. A sum beside a line is met: the grey one by every number in the "
               "line, the blue one by the pieces placed there alone.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
SYMMETRY = Symmetry(lines={"row_all": (0, "all"), "col_all": (1, "all"), "row_blue": (0, "blue"),
                            "col_blue": (1, "blue")})   # a line's sum is the same either way
SET_LIMIT = 200            # up to this many admissible sets a sum is encoded as a choice of set
MAX_SUM_STATES = 300_000   # partial sums over all sums encoded as walks, before the puzzle is refused

EXAMPLES = (
    Example("level 6", "cells 0 0 0\ncells 0 3 6\ncells 1 0 2\ncells 1 1 0\ncells 1 3 0\ncells 2 0 0\n"
            "cells 2 2 5\ncells 2 3 0\ncells 3 0 0\ncells 3 3 1\npieces 1 2 3 4 5 6\n"
            "sum all 0 1 12\nsum all 0 2 10\nsum all 1 0 11", (), 1,
            "solution 0 0 1\nsolution 1 1 6\nsolution 1 3 4\nsolution 2 0 3\nsolution 2 3 2\n"
            "solution 3 0 5"),
    Example("equal pieces", "cells 0 0 0\ncells 1 1 0\ncells 2 2 3\npieces 1 1", (), 1,
            "solution 0 0 1\nsolution 1 1 1"),
    Example("two ways", "cells 0 0 0\ncells 1 1 0\npieces 1 2", (), 2),
    Example("impossible", "cells 0 0 0\ncells 0 1 0\npieces 2 2", (), 0),
)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """At most one value per empty cell, distinct lines; the given cells, the pieces and the sums as clues."""
    values = Counter(puzzle.pieces)
    empty = puzzle.empty_cells()
    for r, c in empty:
        f.at_most_one([("value", r, c, v) for v in values])
    f.show((("value", r, c, v) for r, c in empty for v in values), fixed_weight=True)
    for axis in (0, 1):
        for index in sorted({cell[axis] for cell in puzzle.cells}):
            free = [(r, c) for r, c, x in puzzle.line(axis, index) if x == 0]
            for v in values:
                holds = [("value", r, c, v) for r, c in free]
                f.at_most_one(holds)
                if free:
                    has = ("has", axis, index, v)       # some empty cell of the line holds v
                    for lit in holds:
                        f.implies(lit, has)
                    f.implies(has, holds)
    for r, c, v in puzzle.cells:
        if v in values:                                 # a given value no piece has constrains nothing
            with f.clue(("given", r, c), ((r, c),), f"the {v} at r{r + 1}c{c + 1}"):
                for axis, index in ((0, r), (1, c)):
                    for r2, c2, x in puzzle.line(axis, index):
                        if x == 0:
                            f.clause([Not(("value", r2, c2, v))])
    rows, cols = sorted({r for r, _ in empty}), sorted({c for _, c in empty})
    with f.clue(("pieces",), (), f"the pieces {_values_text(list(puzzle.pieces))}"):
        for r, c in empty:                          # every empty cell gets one of the pieces
            f.clause([("value", r, c, v) for v in values])
        for v, times in values.items():             # at most once per line: count the lines holding v
            f.exactly([("has", 0, r, v) for r in rows], times)
            f.exactly([("has", 1, c, v) for c in cols], times)
    states = 0
    for kind, axis, index, target, free, choices, goal in _sum_lines(puzzle):
        cells = free if kind == "blue" else [(r, c) for r, c, _ in puzzle.line(axis, index)]
        with f.clue(("sum", kind, axis, index), cells, f"the {kind} sum {target} of {AXES[axis]} {index + 1}"):
            sets = value_sets(choices, len(free), goal, SET_LIMIT)
            if len(sets) <= SET_LIMIT:
                _encode_sets(f, kind, axis, index, sets, values)
                continue
            layers = _sum_states(choices, goal)
            states += sum(map(_popcount, layers))
            if states > MAX_SUM_STATES:
                raise PuzzleRuleError(f"the sums need over {MAX_SUM_STATES:,} partial sums (the {kind} sum of "
                                      f"{AXES[axis]} {index} can be made in too many ways for this solver)",
                                      **{"r" if axis == 0 else "c": index})
            _encode_sum_states(f, (kind, axis, index), [("has", axis, index, v) for v in choices], choices,
                               layers)


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: a piece placed, nothing for a value ruled out."""
    return key[1:] if value and key[0] == "value" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The placements of a model."""
    values = sorted(set(puzzle.pieces))
    return tuple((r, c, next((v for v in values if model[("value", r, c, v)]), 0))
                 for r, c in puzzle.empty_cells())


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a set of placements (independent of the encoder)."""
    out: list[Violation] = []
    given = {(r, c): v for r, c, v in puzzle.cells}
    placed: dict[tuple[int, int], int] = {}
    for r, c, v in solution:
        if given.get((r, c), None) != 0:
            out.append(Violation("not_empty", ((r, c),), "no empty cell there"))
        elif (r, c) in placed:
            out.append(Violation("twice", ((r, c),), "two pieces on one cell"))
        else:
            placed[(r, c)] = v
    for (r, c), v in given.items():
        if v == 0 and (r, c) not in placed:
            out.append(Violation("unfilled", ((r, c),)))
    if sorted(v for _, _, v in solution) != sorted(puzzle.pieces):
        out.append(Violation("pieces", (), f"placed {sorted(v for _, _, v in solution)}, "
                                           f"pieces {sorted(puzzle.pieces)}"))
    board = {**given, **placed}
    for name, pos in (("row", 0), ("col", 1)):
        groups: dict[int, list[tuple[int, int]]] = {}
        for cell in board:
            groups.setdefault(cell[pos], []).append(cell)
        for group in groups.values():
            by_value: dict[int, list[tuple[int, int]]] = {}
            for cell in group:
                if board[cell]:
                    by_value.setdefault(board[cell], []).append(cell)
            out += [Violation(name, tuple(sorted(cells)), f"{v} repeats") for v, cells in by_value.items()
                    if len(cells) > 1]
    for kind, axis, index, target in puzzle.sums:
        cells = sorted(cell for cell in board if cell[axis] == index and (kind == "all" or cell in placed))
        got = sum(board[cell] for cell in cells)
        if got != target:
            detail = f"{kind} sum of {AXES[axis]} {index}: {got}, not {target}"
            out.append(Violation("sum", tuple(cells), detail))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The lattice cells only (gaps have no cell), plus the pieces and sums for the margins."""
    placed = {(r, c): v for r, c, v in solution or ()}
    cells = []
    for r, c, v in puzzle.cells:
        value = v or placed.get((r, c), 0)
        role = "given" if v else ("solved" if value else "empty")
        cells.append({"r": r, "c": c, "text": str(value) if value else "", "role": role})
    rows = 1 + max(r for r, _, _ in puzzle.cells)
    cols = 1 + max(c for _, c, _ in puzzle.cells)
    sums = [{"kind": kind, "axis": AXES[axis], "index": index, "target": target}
            for kind, axis, index, target in puzzle.sums]
    return Board(rows, cols, tuple(cells), {"lattice": True, "pieces": list(puzzle.pieces), "sums": sums})


def makers() -> dict:
    """The generator's makers (the contract's Maker): maker.py, a seeded lattice's cells and sums removed."""
    from gridlogic.kinds.puzlogic import maker
    return {(): maker}


def grader(puzzle: Puzzle):
    """The human-technique grader (grading.py: sums, pieces, pairs, trial) for puzzles of up to 12 distinct piece
    values and 150 pieces, else None (rated by the walk)."""
    from gridlogic.kinds.puzlogic import grading
    return grading if grading.applies(puzzle) else None
