"""Binary puzzle (Takuzu, Binairo).

Rules: fill a W×H grid (both even) with 0 and 1 so that (1) no three equal digits are adjacent
in a row or column, (2) every row and column holds as many 0s as 1s, (3) no two rows and no two
columns are equal.

Variables: `("one", r, c)` is true when cell (r, c) holds 1; solutions are counted over these only.
Rule 1 is two clauses per window of three. The rules depend only on the size and are cached; givens
are assumptions, so one solver serves every puzzle of a size. Each given is a clue `("given", r, c)`
an explanation may name; the three rules always hold.

A shape with more rows than there are lines of its width keeping rules 1 and 2 (`line_count`: 14
of width 6), or more columns than lines of its height, breaks rule 3 whatever the digits; its
formula is the empty clause, which settles at once what a long search could not (6×20).

Up to LAZY_ABOVE (every published size) every rule is written out: rule 2 an exactly-W/2
cardinality per row (H/2 per column), rule 3 difference flags `("rowdiff", i, j, k)` for each pair
of lines i < j (flag k set: the lines differ at k; one flag set). The pairs grow as side³ (40×40:
124,800 clauses, slow to build; 100×100 would need two million), and a 40×40 empty grid was slow for
the solver too: counted by a sequential counter that knows nothing of rule 1, the lines balance
only after long searches. Published puzzles keep this formula, so their answers and explanations
stay exactly as they were; the large grids' encoding measured faster on them too (bench_binary:
the corpus's 20×20s with the same answers), so the threshold could come down.
Above LAZY_ABOVE:
- Rule 2 is one counter per line, `("count", line, i, j)` = "at least j 1s among the line's first i
  cells", both ways (j reached <=> j before, or j-1 before and a 1 read), kept to the counts that
  rules 1 and 2 leave possible after i cells (`count_bounds`), so unit propagation knows what a
  person knows of a half-filled line. It steps by aligned triples: rule 1 leaves one or two 1s in
  each, so a triple adds 1 plus `("heavy", line, i)` (its two-1s flag), and a 100-cell line needs
  289 counters, 33 flags and 1,350 clauses where a counter per cell needed 950 and 3,600 (sequential
  cardinality: 10,000 variables); pysat loads clauses one by one, so size is time here.
- Rule 3 is added when broken: `lazy(model)` returns, for each pair of equal lines in a model, the
  same difference flags as above, and the SAT backend adds them and asks again before it counts or
  uses any model (see backends/sat/lazy.py). Big grids rarely meet such a pair, so the formula stays near
  side² in size; counts stay exact, since a model with two equal lines is never accepted.
- `phases` gives the solver a solution of the empty grid to try first. Left to its own values,
  CaDiCaL (the page's engine) fills an empty 100×100 grid with two alternating lines, and repairing
  the equal pairs took it several times as long as with the guess (MiniSat gains too).
  The solution is made of 2×2 blocks `01/10` or `10/01`, which keep rules 1 and 2 in any
  arrangement; a seeded random arrangement whose block rows (and columns) are distinct and not
  complementary keeps rule 3 (`reference`).
bench/bench_binary.py measures both ways; docs/benchmarks.md has the figures.

The package: text.py (the Puzzle, the text and Unruly formats), encoding.py (the rules' formula, rule 3
when broken, the first guess), counters.py (rule 2's counters on large grids), steps.py (naming a step of
a SAT walk), grading.py and board.py (the grader: Unruly's techniques, for hints, levels and the
generator), maker.py, filling.py, settling.py, fiendish.py and grids.py (the generator's, its search for a
solution grid, its ladder on bit masks, capped and whole, and every grid of the smallest sizes for
uniqueness); this module wires the kind's contract (encode, check, render, layout, states).

Editing state: a W×H grid (both even) of cells, each "", "0" or "1".
"""

from __future__ import annotations

import functools

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.kinds._shared import given_cells
from gridlogic.kinds.binary.encoding import equal_lines, is_large, reference, rules_formula
from gridlogic.kinds.binary.steps import name_step
from gridlogic.kinds.binary.text import (MAX_SIDE, Puzzle, Solution, _refuse_size, format, from_old_link, from_tatham,
                                         parse, parse_solution, to_tatham)
from gridlogic.layout.moves import Symmetry
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "TATHAM_GAME", "GIVEN_VALUES",
           "HOW_TO_PLAY", "SYMMETRY", "fact_of", "name_step", "from_tatham", "to_tatham", "from_old_link", "makers", "grader"]

KEY = "binary"
TITLE = "Binary puzzle (Takuzu)"
HOW_TO_PLAY = ("Fill every empty cell with 0 or 1: no three equal digits side by side in a row or a column, as "
               "many 0s as 1s in every row and column, and no two rows or two columns alike.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
GIVEN_VALUES = True          # givens are cell values (setter helpers)
TATHAM_GAME = "unruly"       # its game in Simon Tatham's collection (from_tatham, to_tatham)
SYMMETRY = Symmetry()      # every move, digits as they are

EXAMPLES = (
    Example("6x6", "1..0..\n..00.1\n.00..1\n......\n00.1..\n.1..00", (), 1),
    Example("impossible 2x2", "1.\n1.", (), 0),
    Example("empty 4x4", "....\n....\n....\n....", (), None),
)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Rules from the cached base of this size; givens as assumptions, each a clue. A large grid's
    formula also carries `lazy` (rule 3, added when broken) and `phases` (a first guess)."""
    w, h = puzzle.width, puzzle.height
    f.include(rules_formula(w, h))
    if is_large(w, h):
        f.lazy = functools.partial(equal_lines, w, h)
        guess = reference(w, h)
        f.phases = [] if guess is None else [("one", i // w, i % w) if v else Not(("one", i // w, i % w))
                                             for i, v in enumerate(guess)]
    for i, v in enumerate(puzzle.givens):
        if v is not None:
            r, c = divmod(i, w)
            f.given(("one", r, c) if v else Not(("one", r, c)), ("given", r, c), ((r, c),),
                    f"the {v} at r{r + 1}c{c + 1}")


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: (r, c, 1) or (r, c, 0)."""
    return (key[1], key[2], int(value)) if key[0] == "one" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The 0/1 grid of a model."""
    return tuple(int(model[("one", r, c)]) for r in range(puzzle.height) for c in range(puzzle.width))


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a filled grid (independent of the encoder)."""
    w, h = puzzle.width, puzzle.height
    if len(solution) != w * h:
        return [Violation("shape", (), f"expected {w * h} cells, got {len(solution)}")]
    grid = [solution[r * w:(r + 1) * w] for r in range(h)]
    out: list[Violation] = []
    for r in range(h):
        for c in range(w):
            if grid[r][c] not in (0, 1):
                out.append(Violation("digit", ((r, c),)))
            g = puzzle.givens[r * w + c]
            if g is not None and g != grid[r][c]:
                out.append(Violation("given", ((r, c),)))
    columns = [tuple(grid[r][c] for r in range(h)) for c in range(w)]
    for name, lines, length in (("row", [tuple(x) for x in grid], w), ("col", columns, h)):
        for i, line in enumerate(lines):
            at = (lambda k, i=i, name=name: (i, k) if name == "row" else (k, i))
            for k in range(length - 2):
                if line[k] == line[k + 1] == line[k + 2]:
                    out.append(Violation("three", (at(k), at(k + 1), at(k + 2))))
            if line.count(1) * 2 != length:
                out.append(Violation("balance", tuple(at(k) for k in range(length))))
            for j in range(i):
                if lines[j] == line:
                    out.append(Violation(f"same_{name}", (at(0),), f"{name}s {j + 1} and {i + 1}"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """Cells with their digit and role (given / solved / empty)."""
    return Board(puzzle.height, puzzle.width, given_cells(puzzle.givens, puzzle.width, solution, empty=None))


def layout() -> dict:
    """What the editor draws: even-sided grids of 0 and 1, any size up to MAX_SIDE."""
    return {
        "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (4, 6, 8, 10, 12, 14, 16, 20)],
        "default_size": {"rows": 6, "cols": 6},
        "min_size": {"rows": 2, "cols": 2}, "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE},
        "free_size": True, "size_note": "both sides even",
        "cell": {"symbols": "01", "empty": {"label": "empty", "look": "white"}},
        "play": {"values": "symbols", "on": "empty", "cycle": [0, 1]},
    }


def to_state(puzzle: Puzzle) -> dict:
    """The editing state of a puzzle: "0", "1" or "" per cell."""
    return {"rows": puzzle.height, "cols": puzzle.width,
            "cells": ["" if v is None else str(v) for v in puzzle.givens]}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, refused as `parse` refuses the same grid."""
    height, width = state["rows"], state["cols"]
    _refuse_size(width, height)
    for i, value in enumerate(state["cells"]):
        if value not in ("", "0", "1"):
            r, c = divmod(i, width)
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: unexpected {excerpt(value)} (expected 0, 1 or empty)",
                                    r=r, c=c)
    return Puzzle(width, height, tuple(int(v) if v else None for v in state["cells"]))


def makers() -> dict:
    """The generator's makers (the contract's Maker): maker.py, a seeded solution's givens removed."""
    from gridlogic.kinds.binary import maker
    return {(): maker}


def grader(puzzle: Puzzle):
    """The human-technique grader (grading.py, on the ladder of Tatham's Unruly) for sides up to 20, else None."""
    from gridlogic.kinds.binary import grading
    return grading if grading.applies(puzzle) else None
