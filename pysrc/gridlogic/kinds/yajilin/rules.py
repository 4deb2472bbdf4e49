"""Yajilin's arrows, written as clauses (`encode_rules`) and checked on an answer (`faults`), side by side
and sharing no code; the shading and the loop are kinds/_shadeloop.py's.

An answer is a set of lattice points (gridlogic/lattice.py): the edge points of the loop's steps and
the cell points of the shaded cells.
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf.formula import Formula
from gridlogic.kinds import _shadeloop
from gridlogic.kinds._shading import shade
from gridlogic.kinds.yajilin.grid import ARROWS, Puzzle, picture
from gridlogic.codecs.puzzlink import BLANK, UNKNOWN
from gridlogic.model import Violation


def counts(puzzle: Puzzle):
    """The clues that count: ((r, c), direction, number, the cells along the arrow)."""
    for (r, c), clue in puzzle.clues:
        if clue != BLANK and clue[0] and clue[1] != UNKNOWN:
            yield (r, c), clue[0], clue[1], puzzle.ray(r, c, clue[0])


def clue_label(puzzle: Puzzle, r: int, c: int) -> str:
    """"the clue ↑2 at r3c4"."""
    return f"the clue {picture(puzzle.clue_map()[(r, c)])} at r{r + 1}c{c + 1}"


def encode_rules(f: Formula, puzzle: Puzzle) -> list:
    """The shading and the loop (kinds/_shadeloop.py); each arrow a clue ("arrow", r, c) over the cells it
    sees. Returns the shown keys."""
    keys = _shadeloop.encode(f, puzzle.rows, puzzle.cols, puzzle.clue_map())
    for (r, c), direction, number, ray in counts(puzzle):
        with f.clue(("arrow", r, c), [(r, c), *ray], clue_label(puzzle, r, c)):
            if number > len(ray):
                f.clause([])
            else:
                f.exactly([shade(lattice.cell_point(*q)) for q in ray], number)
    return keys


def faults(puzzle: Puzzle, answer: frozenset) -> list[Violation]:
    """Every broken rule of an answer, read off its points (independent of `encode_rules`)."""
    rows, cols = puzzle.rows, puzzle.cols
    out = _shadeloop.faults(rows, cols, puzzle.clue_map(), answer)
    if out and out[0].code == "not_a_point":
        return out
    shaded = _shadeloop.shaded_cells(answer)
    arrows = []
    for (r, c), clue in puzzle.clues:
        if clue == BLANK or not clue[0] or clue[1] == UNKNOWN:
            continue
        dy, dx = ((-1, 0), (1, 0), (0, -1), (0, 1))[clue[0] - 1]
        seen, y, x = 0, r + dy, c + dx
        while 0 <= y < rows and 0 <= x < cols:
            seen += (y, x) in shaded
            y, x = y + dy, x + dx
        if seen != clue[1]:
            arrows.append(Violation("arrow", ((r, c),), f"the clue {ARROWS[clue[0] - 1]}{clue[1]} at r{r + 1}c{c + 1} "
                                    f"sees {seen} shaded cells"))
    loop = [v for v in out if v.code in ("dead_end", "branch", "no_loop", "loops")]
    return [v for v in out if v not in loop] + arrows + loop
