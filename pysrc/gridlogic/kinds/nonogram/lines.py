"""Line solving: a clue's automaton as bit masks, the row/column fixpoint, and what one line forces."""

from __future__ import annotations

import functools
from collections import deque

from gridlogic.budget import tick
from gridlogic.kinds.nonogram.grid import Clue, Puzzle


FORCED_KEPT = 32768         # lines whose forced cells `Automaton.forced` keeps (by clue and known cells)
_forced: dict = {}


class Automaton:
    """The clue's word `###.#` as bit masks over its states 0..len(word)."""

    def __init__(self, clue: Clue) -> None:
        word = []
        for b in clue:
            word += [1] * b + [0]
        self.size = len(word[:-1])
        word = word[:-1]
        self.blocks = tuple(clue)
        self.starts = [sum(clue[:k]) + k for k in range(len(clue))]          # the state before block k's first #
        self.fill = sum(1 << q for q in range(self.size) if word[q] == 1)     # reads #, goes q+1
        self.gap = sum(1 << q for q in range(self.size) if word[q] == 0)      # reads ., goes q+1
        self.stay = sum(1 << q for q in range(self.size + 1)                  # reads ., stays
                        if q == 0 or q == self.size or word[q - 1] == 0)

    def live(self, known: list[int]) -> list[int] | None:
        """Per position, the states on some accepting path that agrees with `known` (-1 unknown)."""
        fill, gap, stay = self.fill, self.gap, self.stay
        reach = [1]
        for v in known:
            here, nxt = reach[-1], 0
            if v != 0:
                nxt |= (here & fill) << 1
            if v != 1:
                nxt |= (here & stay) | ((here & gap) << 1)
            reach.append(nxt)
        back = 1 << self.size
        if not reach[-1] & back:
            return None
        live = [0] * (len(known) + 1)
        live[-1] = back
        for i in range(len(known) - 1, -1, -1):
            v, later = known[i], back >> 1
            back = 0
            if v != 0:
                back |= fill & later
            if v != 1:
                back |= (stay & live[i + 1]) | (gap & later)
            back &= reach[i]
            live[i] = back
        return live

    def fits(self, known: list[int]) -> bool:
        """Whether some placement of the clue agrees with `known` (-1 unknown): `live`'s forward half."""
        reach = self._reach(known)
        return reach is not None and bool(reach[-1] >> self.size & 1)

    def _reach(self, known) -> list[int] | None:
        """The states reached after each prefix of `known` (the empty one first); None once none is."""
        fill, gap, stay = self.fill, self.gap, self.stay
        here, reach = 1, [1]
        for v in known:
            if v == 1:
                here = (here & fill) << 1
            elif v == 0:
                here = (here & stay) | ((here & gap) << 1)
            else:
                here = ((here & fill) << 1) | (here & stay) | ((here & gap) << 1)
            if not here:
                return None
            reach.append(here)
        return reach

    def spans(self, live: list[int]) -> list[tuple[int, int]]:
        """Per block, its leftmost and rightmost start over every placement along `live` (each block's
        leftmost and rightmost placement over the known cells)."""
        fill, last = self.fill, len(live) - 1
        out = []
        for s in self.starts:
            bit = 1 << s
            left = 0
            while not (live[left] & bit and fill & bit and live[left + 1] >> 1 & bit):
                left += 1
            right = last - 1
            while not (live[right] & bit and fill & bit and live[right + 1] >> 1 & bit):
                right -= 1
            out.append((left, right))
        return out

    def forced(self, known: tuple[int, ...]) -> tuple[tuple[int, int], ...] | None:
        """The open cells of a line whose clue forces them given `known` (-1 open), (position, value) each,
        or None when the clue does not fit: kept, up to FORCED_KEPT lines of every clue (the line solver asks
        the same known cells of the same clue again and again, across a generator's pictures and probes)."""
        found = _forced.get((self, known), _forced)
        if found is not _forced:
            return found
        found = self._force(known)
        if len(_forced) >= FORCED_KEPT:
            _forced.clear()
        _forced[self, known] = found
        return found

    def _force(self, known: tuple[int, ...]) -> tuple[tuple[int, int], ...] | None:
        """`forced`, worked out: `live`'s forward pass (as `_reach`, written out here: an open cell's two
        moves, # and ., are one mask), then its backward pass reading each open cell's two values as it
        goes (`cell_values` of the live states, in one loop)."""
        fill, gap, stay = self.fill, self.gap, self.stay
        move = fill | gap                         # reads # or ., goes q+1
        here, reach = 1, [1]
        append = reach.append
        for v in known:
            if v == -1:
                here = ((here & move) << 1) | (here & stay)
            elif v:
                here = (here & fill) << 1
            else:
                here = (here & stay) | ((here & gap) << 1)
            if not here:
                return None
            append(here)
        after = 1 << self.size                    # the live states after cell i
        if not here & after:
            return None
        out = []
        for i in range(len(known) - 1, -1, -1):
            v, moved, now = known[i], after >> 1, reach[i]
            if v == 1:
                after = fill & moved & now
            elif v == 0:
                after = ((stay & after) | (gap & moved)) & now
            else:
                filled = fill & moved & now
                empty = ((stay & after) | (gap & moved)) & now
                if not filled:
                    out.append((i, 0))
                elif not empty:
                    out.append((i, 1))
                after = filled | empty
        out.reverse()
        return tuple(out)

    def cell_values(self, live: list[int], i: int) -> tuple[bool, bool]:
        """Whether cell i can be empty, and whether it can be filled, along live states."""
        here, later = live[i], live[i + 1]
        empty = bool((here & self.stay & later) or (here & self.gap & (later >> 1)))
        filled = bool(here & self.fill & (later >> 1))
        return empty, filled


def _cell_lines(puzzle: Puzzle) -> list[tuple[tuple, Clue, list[tuple[int, int]]]]:
    """(tag, clue, cells) for every row and column."""
    out = [(("row", r), clue, [(r, c) for c in range(puzzle.width)]) for r, clue in enumerate(puzzle.rows)]
    out += [(("col", c), clue, [(r, c) for r in range(puzzle.height)]) for c, clue in enumerate(puzzle.columns)]
    return out


def line_solve(puzzle: Puzzle) -> dict[tuple[int, int], int] | None:
    """Cells forced by the rows and columns alone (the classic line-solver fixpoint), or None."""
    w, h = puzzle.width, puzzle.height
    grid = solve_lines(automata(puzzle), w, h, [-1] * (w * h), range(w + h))
    return None if grid is None else {divmod(i, w): v for i, v in enumerate(grid) if v >= 0}


def automata(puzzle: Puzzle) -> list[Automaton]:
    """Each line's automaton: rows top to bottom, then columns left to right (line k >= height: column
    k - height)."""
    return [automaton(clue) for clue in (*puzzle.rows, *puzzle.columns)]


@functools.lru_cache(maxsize=4096)
def automaton(clue: Clue) -> Automaton:
    """The clue's automaton, made once (an Automaton is not changed once made): generated pictures share
    many clues."""
    return Automaton(clue)


def solve_lines(autos: list[Automaton], w: int, h: int, grid: list[int], start) -> list[int] | None:
    """The line-solver fixpoint from `grid` (row-major, -1 open; changed in place and returned), lines
    `start` looked at first, or None when a line's clue no longer fits.

    Lines wait in a queue, first in first out; a line is queued again when a cell of it is newly
    forced by the line crossing it (one pass over a line finds every cell it forces, so a line never
    requeues itself). Cells are indexes r * W + c of one flat list."""
    todo, queued = deque(start), [False] * (w + h)
    for k in todo:
        queued[k] = True
    kept = _forced
    while todo:
        tick()
        k = todo.popleft()
        queued[k] = False
        auto = autos[k]
        if k < h:
            first, step, across = k * w, 1, h         # a row's cell at pos is in column pos (line h + pos)
            known = tuple(grid[first:first + w])
        else:
            first, step, across = k - h, w, 0         # a column's cell at pos is in row pos (line pos)
            known = tuple(grid[first::w])
        forced = kept.get((auto, known), kept)        # Automaton.forced, its kept answer looked up here
        if forced is kept:
            forced = auto.forced(known)
        if forced is None:
            return None
        for pos, v in forced:
            grid[first + pos * step] = v
            other = across + pos
            if not queued[other]:
                queued[other] = True
                todo.append(other)
    return grid


def count_solutions(autos: list[Automaton], w: int, h: int, grid: list[int], start, most: int = 2,
                    nodes: list[int] | None = None) -> int | None:
    """How many solutions extend `grid` (row-major, -1 open; not changed), counted up to `most`: the line
    solver's fixed point, then the first open cell tried filled and empty, each branch solved on (a
    search with the line solver as its propagation; a grid the line solver fills has passed every line).
    None when the search would take more than `nodes[0]` line solves (counted down in place)."""
    if nodes is not None:
        nodes[0] -= 1
        if nodes[0] < 0:
            return None
    grid = solve_lines(autos, w, h, list(grid), start)
    if grid is None:
        return 0
    if -1 not in grid:
        return 1
    i = grid.index(-1)
    found = 0
    for v in (1, 0):
        grid[i] = v
        more = count_solutions(autos, w, h, grid, (i // w, h + i % w), most - found, nodes)
        if more is None:
            return None
        found += more
        if found >= most:
            break
    return found


def line_steps(puzzle: Puzzle, tag, known: dict[tuple[int, int], int]) -> list[tuple[tuple[int, int], int, list]]:
    """The cells the clue of line `tag` (("row", r) or ("col", c)) forces, given the `known` values of some
    of its cells (the line solver on one line): (cell, value, needed) each, `needed` a minimal set of the
    known cells with which the clue alone still forces it (deletion, the farthest from the cell first)."""
    way, i = tag
    cells = [(i, x) for x in range(puzzle.width)] if way == "row" else [(x, i) for x in range(puzzle.height)]
    auto = Automaton(puzzle.rows[i] if way == "row" else puzzle.columns[i])
    values = [known.get(cell, -1) for cell in cells]
    live = auto.live(values)
    if live is None:
        return []
    out = []
    for j, v in enumerate(values):
        if v != -1:
            continue
        empty, filled = auto.cell_values(live, j)
        if empty == filled:
            continue
        trial = list(values)
        trial[j] = int(empty)                      # the other value, which no placement allows
        needed = []
        for k in sorted((k for k, v in enumerate(values) if v != -1), key=lambda k: (-abs(k - j), k)):
            trial[k] = -1
            if auto.fits(trial):
                trial[k] = values[k]
                needed.append(cells[k])
        out.append((cells[j], int(filled), sorted(needed)))
    return out
