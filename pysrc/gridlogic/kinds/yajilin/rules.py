"""Yajilin's own rules, written as clauses (`encode_rules`) and checked on an answer (`faults`), side
by side and sharing no code.

An answer is a set of lattice points (gridlogic/lattice.py): the edge points of the loop's steps and
the cell points of the shaded cells.
"""

from __future__ import annotations

from gridlogic import lattice
from gridlogic.cnf import loops, shading
from gridlogic.cnf.formula import Formula, Not
from gridlogic.kinds._loops import loop_faults
from gridlogic.kinds._shading import shade
from gridlogic.kinds.yajilin.grid import ARROWS, Puzzle, picture
from gridlogic.links.puzzlink import BLANK, UNKNOWN
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
    """Each cell without a clue shaded or on the loop (one loop through those cells: loops.py), shaded cells
    apart, clue cells neither; each arrow clue a clue ("arrow", r, c). Returns the shown keys."""
    rows, cols = puzzle.rows, puzzle.cols
    given = puzzle.clue_map()
    free = [lattice.cell_point(r, c) for r in range(rows) for c in range(cols) if (r, c) not in given]
    keys = list(loops.loop_through_cells(f, rows, cols, free))
    for p in free:
        f.iff(loops.visit(p), Not(shade(p)))
    for r, c in given:
        f.clause([Not(shade(lattice.cell_point(r, c)))])
    shading.apart(f, rows, cols, shade)
    for (r, c), direction, number, ray in counts(puzzle):
        with f.clue(("arrow", r, c), [(r, c), *ray], clue_label(puzzle, r, c)):
            if number > len(ray):
                f.clause([])
            else:
                f.exactly([shade(lattice.cell_point(*q)) for q in ray], number)
    return keys + [shade(p) for p in free]


def faults(puzzle: Puzzle, answer: frozenset) -> list[Violation]:
    """Every broken rule of an answer, read off its points (independent of `encode_rules`)."""
    rows, cols = puzzle.rows, puzzle.cols
    given = puzzle.clue_map()
    out = []
    lines, shaded = set(), set()
    for y, x in sorted(answer):
        if not (0 < y < 2 * rows and 0 < x < 2 * cols) or not (y % 2 or x % 2):
            out.append(Violation("not_a_point", (), f"({y}, {x}) is neither a step between two cells nor a cell"))
        elif y % 2 and x % 2:
            shaded.add((y // 2, x // 2))
        else:
            lines.add((y, x))
    if out:
        return out
    on_loop = set()
    for y, x in lines:
        pair = (((y - 1) // 2, (x - 2) // 2), ((y - 1) // 2, x // 2)) if y % 2 else \
            (((y - 2) // 2, (x - 1) // 2), (y // 2, (x - 1) // 2))
        on_loop.update(pair)
    for r in range(rows):
        for c in range(cols):
            where = f"r{r + 1}c{c + 1}"
            if (r, c) in given:
                if (r, c) in shaded:
                    out.append(Violation("clue_shaded", ((r, c),), f"the clue cell {where} is shaded"))
                if (r, c) in on_loop:
                    out.append(Violation("clue_on_loop", ((r, c),), f"the loop passes the clue cell {where}"))
            elif (r, c) in shaded and (r, c) in on_loop:
                out.append(Violation("line_on_shade", ((r, c),), f"the loop passes the shaded cell {where}"))
            elif (r, c) not in shaded and (r, c) not in on_loop:
                out.append(Violation("empty", ((r, c),), f"{where} is neither shaded nor on the loop"))
            if (r, c) in shaded and ((r + 1, c) in shaded or (r, c + 1) in shaded):
                other = (r + 1, c) if (r + 1, c) in shaded else (r, c + 1)
                out.append(Violation("adjacent", ((r, c), other), f"the shaded cells {where} and "
                                     f"r{other[0] + 1}c{other[1] + 1} touch"))
    for (r, c), clue in sorted(given.items()):
        if clue == BLANK or not clue[0] or clue[1] == UNKNOWN:
            continue
        dy, dx = ((-1, 0), (1, 0), (0, -1), (0, 1))[clue[0] - 1]
        seen, y, x = 0, r + dy, c + dx
        while 0 <= y < rows and 0 <= x < cols:
            seen += (y, x) in shaded
            y, x = y + dy, x + dx
        if seen != clue[1]:
            out.append(Violation("arrow", ((r, c),), f"the clue {ARROWS[clue[0] - 1]}{clue[1]} at r{r + 1}c{c + 1} "
                                 f"sees {seen} shaded cells"))
    out += [Violation(code, cells, detail) for code, cells, detail in loop_faults(lines, rows, cols, False)]
    return out
