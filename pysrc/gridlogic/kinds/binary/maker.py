"""Binary puzzles (Takuzu), both sides even, 4 to 16: givens of a seeded solution removed while the kind's
grader (grading.py, Unruly's ladder of techniques) capped at the level still solves, as Unruly's generator
does (generate/search.py); rated by that grader. A 4×4 grid is never harder than medium; 18 and 20 a side
are not made (docs/benchmarks.md)."""

from __future__ import annotations

import functools
import random

from gridlogic.budget import Budget
from gridlogic.errors import RequestError
from gridlogic.generate import deduce, givens
from gridlogic.generate.search import LEVELS, Candidate
from gridlogic.kinds import binary as kind
from gridlogic.kinds.binary import fiendish, filling, grading, grids, settling
from gridlogic.kinds.binary.board import Board
from gridlogic.kinds.binary.encoding import line_count

SYMMETRIES = ("none", "rotate180", "rotate90", "mirror", "diagonal")
DEFAULT = 6
OFFERED = {"easy": range(4, 17), "medium": range(4, 17), "hard": range(6, 17), "fiendish": range(6, 17)}
"""Level -> the sides (the larger of rows and cols) the page's New puzzle panel offers it at (bench/bench_offer.py)."""
LARGEST = 16
HARD = dict(grading.LEVELS)["hard"]


def levels(rows: int, cols: int) -> tuple[str, ...]:
    """The levels a size can reach (a 4×4 grid: easy and medium)."""
    return LEVELS[:2] if max(rows, cols) <= 4 else LEVELS


def check_size(rows: int, cols: int) -> None:
    """Refuse a size the generator does not make (both sides even, 4 to LARGEST), and a shape no grid fills:
    more rows than there are lines of its width keeping rules 1 and 2, which rule 3 wants all different
    (width 4 has 6: a 4-wide grid of 8 rows), or more columns than lines of its height."""
    if rows % 2 or cols % 2 or not (4 <= rows <= LARGEST and 4 <= cols <= LARGEST):
        raise RequestError(f"binary puzzles are generated with both sides even, 4 to {LARGEST} (got {rows}×{cols})",
                           field="rows")
    for count, length, field, name in ((rows, cols, "rows", "rows"), (cols, rows, "cols", "columns")):
        lines = line_count(length)
        if count > lines:
            raise RequestError(f"a {rows}×{cols} binary puzzle has no solution: only {lines} lines of {length} cells "
                               f"keep rules 1 and 2, and its {count} {name} must all differ", field=field)


def candidate(rows: int, cols: int, rules: tuple[str, ...], symmetry: str, rng: random.Random, budget: Budget) -> Candidate | None:
    """Every cell of a seeded solution given (filling.py's search, SAT when it gives up); one solver answers
    the uniqueness check (generate/incremental.py), and the grader's board of kept givens is built directly."""
    trades: dict = {}                  # cell -> the grid's rectangles holding it (once asked)

    def unavoidable(blank, grid: dict) -> list:
        if not trades:
            trades[None] = rectangles(grid, rows, cols)
            for rectangle in trades[None]:
                for cell in rectangle:
                    trades.setdefault(cell, []).append(rectangle)
        return trades[None]
    found = givens.givens_candidate(kind, rows, cols, rules, str, rng, budget, incremental_solver=True,
                                    seeded=lambda blank, rng: filling.seeded_grid(cols, rows, rng),
                                    unavoidable=unavoidable)
    if found is None:
        return None
    written, whole = found.write, found.write(set(found.clues))
    found.write = lambda kept: whole if len(kept) == len(found.clues) else written(kept)   # (kept: of the clues)
    grid = whole.givens
    cells = [divmod(i, cols) for i in range(len(grid))]
    answer: list[int] = [sum(grid[r * cols + c] << c for c in range(cols)) for r in range(rows)]   # rows' 1s
    if grids.small(rows, cols):        # every grid of the size listed: no SAT solver
        found.unique = lambda kept: grids.unique(cols, rows, answer, kept)

    def board(kept: set) -> Board:
        return Board(cols, rows, [v if cell in kept else None for cell, v in zip(cells, grid)])

    around = _around(cols, rows)

    def settled(board: Board, cell: tuple[int, int]) -> bool:
        """Whether the cell is known, or a step of every level works it out at once (ladder.settles then
        finds it: each technique is monotone): a pair or sandwich with it, or its line's last open cell."""
        values = board.values
        i = cell[0] * cols + cell[1]
        if values[i] is not None:
            return True
        pairs, lines = around[i]
        return any(values[a] is not None and values[a] == values[b] for a, b in pairs) \
            or any(all(values[j] is not None for j in line) for line in lines)
    def settles(kept: set, group: tuple, cap: float | None) -> bool | None:
        """The ladder's answer on bit masks: settling.py's below fiendish, fiendish.py's with no cap; capped at
        hard over every clue removed, from the chain of removals with no cap when it ends at the clues kept."""
        if cap is None:
            listed = grids.small(rows, cols)
            if not listed:
                if not trades:
                    unavoidable(None, {cell: v for cell, v in zip(cells, grid)})
                if any(kept.isdisjoint(rectangle) for cell in group for rectangle in trades.get(cell, ())):
                    return False            # (two solutions left: no sound technique finishes)
            lines = _lines(kept, group)
            lines.solution = answer
            beyond: list = []
            yes = fiendish.settles(lines, group, lambda: found.unique(kept), first=listed, beyond=beyond)
            if yes:
                chain.removed(kept, group, bool(beyond))
            return yes
        if cap not in settling.RUNGS_UP_TO:
            return None
        if cap == HARD and len(kept) + len(group) == len(found.clues):
            easy = chain.too_easy(kept, group)
            if easy is not None:
                return easy
        return settling.settles(_lines(kept, group), group, cap)

    chain = deduce.Chain(found.clues)  # the removals with no cap kept in order: search._too_easy answered from it

    held: dict = {}                    # clues -> their masks: the last trial's and the clues it was taken from

    def _lines(trial: set, group: tuple) -> settling.Lines:
        """The masks of the trial's cells, from those of the clues it was taken from when held (a removal
        tried after the last one was kept, or after it was not), else counted afresh."""
        trial_key, base_key = frozenset(trial), frozenset(trial).union(group)
        base = held.get(base_key)
        if base is None:
            lines = settling.Lines.of(cols, rows, grid, trial)
        else:
            lines = settling.Lines(cols, rows, list(base[0]), list(base[1]))
            for r, c in group:
                lines.zeros[r] &= ~(1 << c)
                lines.ones[r] &= ~(1 << c)
                lines.zeros[rows + c] &= ~(1 << r)
                lines.ones[rows + c] &= ~(1 << r)
        held.clear()
        held[trial_key] = (list(lines.zeros), list(lines.ones))
        if base is not None:
            held[base_key] = base
        return lines
    found.board, found.settled, found.settles = board, settled, settles
    return found


def rectangles(grid: dict[tuple[int, int], int], rows: int, cols: int) -> list[tuple[tuple[int, int], ...]]:
    """The grid's unavoidable rectangles: four cells at the corners of two rows and two columns, holding 0 and 1
    crosswise, whose digits swapped give another grid keeping the rules (no three alike side by side, rows and
    columns unlike): givens leaving all four open leave two solutions, told without SAT. Each row and column is
    read as the mask of its 1s."""
    across = [sum(grid[(r, c)] << c for c in range(cols)) for r in range(rows)]
    down = [sum(grid[(r, c)] << r for r in range(rows)) for c in range(cols)]
    row_at, col_at = {line: r for r, line in enumerate(across)}, {line: c for c, line in enumerate(down)}
    out = []
    for r1 in range(rows):
        for r2 in range(r1 + 1, rows):
            differ = across[r1] ^ across[r2]
            places = [c for c in range(cols) if differ >> c & 1]
            for k, c1 in enumerate(places):
                for c2 in places[k + 1:]:
                    if (across[r1] >> c1 & 1) == (across[r1] >> c2 & 1):
                        continue
                    flip = 1 << c1 | 1 << c2
                    if not _keeps(across[r1] ^ flip, across[r2] ^ flip, row_at, (r1, r2), cols):
                        continue
                    flip = 1 << r1 | 1 << r2
                    if _keeps(down[c1] ^ flip, down[c2] ^ flip, col_at, (c1, c2), rows):
                        out.append(((r1, c1), (r1, c2), (r2, c1), (r2, c2)))
    return out


def _keeps(first: int, second: int, place_of: dict[int, int], at: tuple[int, int], length: int) -> bool:
    """Whether two lines changed (as masks of 1s, at places `at`; `place_of`: each line as it was -> its place)
    have no three alike side by side and are unlike each other and the lines left as they were."""
    full = (1 << length) - 1
    for ones in (first, second):
        zeros = full & ~ones
        if ones & ones >> 1 & ones >> 2 or zeros & zeros >> 1 & zeros >> 2 or place_of.get(ones, at[0]) not in at:
            return False
    return first != second


@functools.lru_cache(maxsize=None)
def _around(cols: int, rows: int) -> list[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]]]:
    """Per cell (row-major): the pairs of cells that make a window of three with it in its row or column,
    and its row's and column's other cells."""
    out = []
    for r in range(rows):
        for c in range(cols):
            row = [r * cols + x for x in range(cols)]
            column = [y * cols + c for y in range(rows)]
            pairs = []
            for line, k in ((row, c), (column, r)):
                for start in range(k - 2, k + 1):
                    if 0 <= start and start + 3 <= len(line):
                        pairs.append(tuple(line[j] for j in range(start, start + 3) if j != k))
            lines = (tuple(j for j in row if j != row[c]), tuple(j for j in column if j != column[r]))
            out.append((tuple(pairs), lines))
    return out
