"""Visibility along rows and columns.

Seen cells: from a cell, looking up, left, right and down, the cells *seen* are those
before the first blocked cell (or a wall, or the grid's edge) in each direction. A clue says how many
cells are seen, the clue's own cell included (`itself`). `clear(cell point)` is the literal "this cell
does not block the view", e.g. Not(("shade", y, x)) for unshaded cells, ("inside", y, x) for an area's cells.

Variables: ("sees", py, px, y, x) holds when the cell at (y, x) is seen from the one at (py, px): it
and every cell between them are clear. Along a ray, sees(k) = sees(k - 1) and clear(k), so the cells
seen in a direction are a prefix of its ray and the count is the number of sees variables that hold
(a cardinality constraint over them).

Skylines: heights ("digit", r, c, d) along a line; a building is seen from the line's end
when it is taller than every one before it, and a clue counts those seen (`skyline`).

Lights (light up, akari): walls are fixed; a *segment* is a maximal run of non-wall cells in a row or a
column. `light(cell point)` names the literal "a light is on this cell": no segment holds two lights,
and every non-wall cell has a light in its row segment or its column segment. No variables of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable

from gridlogic import lattice
from gridlogic.cnf.formula import Formula, Lit, negate
from gridlogic.cnf.places import Places

Clear = Callable[[tuple[int, int]], Lit]


def ray(rows: int, cols: int, p: tuple[int, int], step: tuple[int, int],
        walls: Collection[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """The cell points from p (not included) in the direction `step` (a lattice step, e.g. (0, 1)),
    up to the grid's edge or the first wall (not included)."""
    out = []
    y, x = p[0] + 2 * step[0], p[1] + 2 * step[1]
    while lattice.is_inside((y, x), rows, cols) and (y, x) not in walls:
        out.append((y, x))
        y, x = y + 2 * step[0], x + 2 * step[1]
    return out


def sight(at: Places, p: tuple[int, int], rays: list[list[tuple[int, int]]], clear: Clear) -> list:
    """The places of the "seen from p" variables along each ray (see the module docstring), one list a ray;
    their clauses gathered in `at`."""
    out, chains = at.clauses, []
    for line in rays:
        before, chain = None, []
        for q in line:
            key, free = at(("sees", *p, *q)), at(clear(q))
            out.append([-key, free])
            if before is None:
                out.append([-free, key])
            else:
                out += [[-key, before], [-before, -free, key]]
            chain.append(key)
            before = key
        chains.append(chain)
    return chains


def seen_count(f: Formula, rows: int, cols: int, p: tuple[int, int], total: int, clear: Clear, *,
               itself: bool = True, walls: Collection[tuple[int, int]] = ()) -> list:
    """Exactly `total` cells are seen from the cell at p in the four directions (p itself counted when
    `itself`); returns the sees keys. A ray is followed one cell past the most that may be seen (that cell
    is then never seen). The count: the sees keys of a ray are its seen length in unary (a prefix holds),
    so the lengths are added in unary, left and right, up and down (("seen sum", *p, side, k): at least k
    seen that way, both ways), and the two sums are tied to the total (clauses only). Written over places
    (`Places`) and added at once."""
    most = total - itself
    rays = [ray(rows, cols, p, step, walls)[:max(most + 1, 0)] for step in lattice.STEPS]
    at = Places()
    up, left, right, down = sight(at, p, rays, clear)
    across = _unary_sum(at, left, right, most + 1, lambda k: ("seen sum", *p, "across", k))
    along = _unary_sum(at, up, down, most + 1, lambda k: ("seen sum", *p, "along", k))
    out, width, height = at.clauses, len(across), len(along)
    for i in range(width + 1):                          # across + along = most
        over = [-across[i - 1]] if i else []            # "across < i"
        if i > most:
            out.append(over)
            continue
        if most - i < height:                           # across >= i: along <= most - i
            out.append(over + [-along[most - i]])
        if most - i > 0:                                # across <= i: along >= most - i
            out.append(([across[i]] if i < width else []) + ([along[most - i - 1]] if most - i <= height else []))
    at.add_to(f)
    return [at.literals[x - 1] for chain in (up, left, right, down) for x in chain]


def _unary_sum(at: Places, x: list, y: list, cap: int, name) -> list:
    """The sum of two lengths in unary (places; x[i - 1]: at least i, a prefix holds), in unary up to `cap`:
    the places of name(k), k = 1..min(cap, len(x) + len(y)), "at least k", defined both ways."""
    size = min(cap, len(x) + len(y))
    z = [at(name(k)) for k in range(1, size + 1)]
    out = at.clauses
    for i in range(len(x) + 1):
        for j in range(len(y) + 1):
            if 1 <= i + j <= size:                      # x >= i and y >= j: at least i + j
                out.append(([-x[i - 1]] if i else []) + ([-y[j - 1]] if j else []) + [z[i + j - 1]])
            if i + j + 1 <= size:                       # x <= i and y <= j: at most i + j
                out.append(([x[i]] if i < len(x) else []) + ([y[j]] if j < len(y) else []) + [-z[i + j]])
    return z


def segments(rows: int, cols: int, walls: Collection[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The maximal runs of non-wall cells in rows, then in columns (one-cell runs included)."""
    out = []
    for lines in ([[(2 * r + 1, 2 * c + 1) for c in range(cols)] for r in range(rows)],
                  [[(2 * r + 1, 2 * c + 1) for r in range(rows)] for c in range(cols)]):
        for line in lines:
            run: list = []
            for p in line + [None]:
                if p is None or p in walls:
                    if run:
                        out.append(run)
                    run = []
                else:
                    run.append(p)
    return out


def lights(f: Formula, rows: int, cols: int, walls: Collection[tuple[int, int]],
           light: Clear) -> None:
    """Light up: no two lights see each other, and every non-wall cell is lit (see the module docstring).
    Wall cells hold no light."""
    runs = segments(rows, cols, walls)
    runs_of: dict = {}
    for run in runs:
        f.at_most_one([light(p) for p in run])
        for p in run:
            runs_of.setdefault(p, []).append(run)
    for p, mine in runs_of.items():
        f.clause([light(q) for run in mine for q in run])
    for p in walls:
        f.clause([negate(light(p))])



def skyline(f: Formula, cells: list, size: int, total: int, name: Hashable) -> list:
    """Buildings seen: looking along `cells` (cell (r, c) pairs, in order from the viewer), exactly `total`
    buildings are seen, a building being seen when it is taller than every one before it. Heights are
    ("digit", r, c, d), d in 1..size, one per cell. Variables: ("lower", name, k, d) "every building
    before the k-th is lower than d" and ("seen", name, k) "the k-th building is seen"; returns the
    seen keys."""
    seen = []
    for k, (r, c) in enumerate(cells):
        key = ("seen", name, k)
        seen.append(key)
        if k == 0:
            f.clause([key])
        else:
            for d in range(1, size + 1):
                f.implies([("digit", r, c, d), ("lower", name, k, d)], key)
                f.implies([("digit", r, c, d), key], ("lower", name, k, d))
        if k + 1 == len(cells):
            break
        for d in range(1, size + 1):
            now, before = ("lower", name, k + 1, d), [("lower", name, k, d)] if k else []
            shorter = [("digit", r, c, e) for e in range(1, d)]
            f.implies(now, shorter)
            for lit in before:
                f.implies(now, lit)
            for lit in shorter:
                f.implies(before + [lit], now)
    f.exactly(seen, total)
    return seen
