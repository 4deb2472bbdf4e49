"""Number cross: shade cells and write digits so each row's numbers satisfy its clue.

Rules: an N×N grid is divided into regions and each row has a clue. Shade some cells, no two
sharing an edge; put a digit in every other cell. Cells of one *piece* (a connected part of a
region after shading) hold the same digit, and edge-adjacent cells of different pieces differ.
Every maximal run of unshaded cells in a row reads, left to right, as a number of at least two
digits without a leading zero that satisfies the row's clue. The answer is the sum of all numbers.

Search (native, no CNF): the piece rule is equivalent to a local one, "edge-adjacent unshaded
cells are equal exactly when they are in the same region" (a piece is connected, so equality
spreads along it; adjacent cells of one region are always one piece). Two parts of a region that
look separate in the rows so far and are joined by a later row therefore meet their equality
there, when the joining cell is forced by both. So the state after a row is just that row, and
the search goes row by row: a shading of the row compatible with the row above, cell by cell,
then its segments (maximal same-region stretches of a run) left to right; a segment touching its
region above is forced, a new one takes a digit other than its different-region neighbours'. A
prefix test prunes before each free digit (digit sums, palindromes, interval tests for squares,
primes, multiples, ...) and each number is tested when complete. Rows are generated lazily, so
memory stays small however many rows a clue allows.

A dead end says why: the cells whose contents it used (the forcing cell above, the equal digit
next door, the digits of a number its clue refused, the shaded cell that made a run start), each
the nearest that does. The search then goes straight back to the latest choice named
(conflict-directed backjumping), skipping the choices in between, which cannot help, and
remembers the named cells of the row above, so a later row that agrees on them fails at once.
Plain backtracking retried such a dead end for every combination of the unrelated cells before
it: a region given 0 that must start a number in the next row cost 10^k tries, and open grids
("multiple of 1" everywhere) took seconds to minutes. Only subtrees without solutions are skipped,
so the solutions and their order are those of plain backtracking (`backjump=False`).

A clue no number can meet is refused, not searched: at parse when plain without sympy ("square
and prime"), and per number length before the search (`can_meet`: a short list of candidates, or a
bounded digit search), so "no number" comes at once rather than after trying every other row.
`check` recomputes the pieces by flood fill instead, from the rules as stated.

The user's entries (r, c, v) are cell contents: v a digit 0-9, or SHADED_ENTRY (10) for a shaded
cell. The search takes them and yields only the solutions that agree with them: a row that disagrees
is a dead end whose reason is the disagreeing cells, so backjumping and the memory of dead ends hold.

Editing state (gridlogic.layout): the region letters painted on the cells and a clue field right of
each row, holding the canonical phrase; an unknown phrase is refused at its field, without sympy.

The package: grid.py (the Puzzle, what is refused), text.py (the text format), clues/ (the clue phrases:
grammar, predicates, the reference evaluator, whether a clue can be met), checking.py (the checker, the
answer, the entries), states.py (the editing state), rows.py (one row of the search); this module holds
the search and wires the kind's contract.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from gridlogic.errors import PuzzleRuleError, excerpt
from gridlogic.kinds.numbercross.checking import answer_of, check, check_entries, value_at
from gridlogic.kinds.numbercross.clues import can_meet, compile_clue, parse_clue
from gridlogic.kinds.numbercross.grid import SHADED, SHADED_ENTRY, Puzzle, Solution
from gridlogic.kinds.numbercross.rows import MEMORY_LIMIT, _fill_row, _row_shadings, _row_spec
from gridlogic.kinds.numbercross.states import from_state, layout, to_state
from gridlogic.kinds.numbercross.text import format, from_old_link, parse, parse_solution
from gridlogic.model import Board, Example

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "search", "VALUE_WORDS", "HOW_TO_PLAY", "answer_of",
           "from_old_link", "check_entries", "value_at"]

KEY = "numbercross"
TITLE = "Number cross"
HOW_TO_PLAY = ("Shade some cells (no two shaded cells side by side) and put a digit in every other cell: one "
               "digit per piece of a region, different digits across piece borders. Each run of unshaded cells "
               "in a row reads as a number of two or more digits with no leading zero that meets the row's "
               "clue. The answer is the sum of all the numbers.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS = ("sympy",)         # prime, cube and prime-power clues; imported only by the clues that need it
PROGRESS_EVERY = 20000   # nodes between progress reports
VALUE_WORDS = {SHADED_ENTRY: ("shaded", "■")}

_EXAMPLE_5 = ("ABCDE\nABCEE\nABCCE\nABBCE\nABBCC\n\n"
              "1\tpower of 7\n2\tfibonacci\n3\tmultiple of 5\n4\tcube\n5\tpalindrome")
EXAMPLES = (
    Example("5x5 (Number Cross 4's example)", _EXAMPLE_5, (), 1, "#343#\n13#55\n13775\n#3375\n7337#"),
    Example("5x5 squares", "EECDA\nEECDA\nECCCA\nECBAA\nBBBAA\n\n1 more than a square\nsquare\n"
            "1 more than a square\nproduct of digits ends in 6\n1 more than a square", (), 1,
            "77842\n#784#\n82#82\n82422\n#442#"),
    Example("4x4 three solutions", "CCAA\nCCBA\nCDBA\nCDBB\n\nproduct of digits ends in 6\npower of 2\n"
            "square\nsquare", (), 3),
    Example("4x4 impossible", "AABB\nAABB\nCCDD\nCCDD\n\nsquare\nsquare\nsquare\nsquare", (), 0),
)


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """Cells with region letters; shaded cells `black`, digits `solved`; clues and answer as extras."""
    n = puzzle.size
    cells = []
    for r in range(n):
        for c in range(n):
            ch = solution[r][c] if solution else ""
            cells.append({"r": r, "c": c, "text": "" if ch == SHADED else ch, "region": puzzle.regions[r][c],
                          "role": "black" if ch == SHADED else "solved" if ch else "empty"})
    extras = {"regions": list(puzzle.regions), "clues": list(puzzle.clues)}
    if solution:
        extras["answer"] = answer_of(puzzle, solution)
    return Board(n, n, tuple(cells), extras)


def search(puzzle: Puzzle, on_progress: Callable[[int], None] | None = None, stats: dict | None = None,
           *, prune: bool = True, remember: bool = True, backjump: bool = True,
           entries=()) -> Iterator[Solution]:
    """Every solution (that agrees with the user's `entries`), row by row (see the module docstring);
    reports nodes through on_progress.

    Rows are generated lazily, one cell and one digit at a time, so memory stays small and the
    first solutions come at once however many there are. Before searching, each row's clue is
    checked against each number length (`can_meet`): a clue no number of the row's lengths meets is
    a PuzzleRuleError. `stats` receives nodes, backjumps, dead ends remembered and seconds at the
    end; `prune`/`remember`/`backjump` switch off the prefix tests, the memory of dead ends and the
    backjumping (for benchmarks and tests: the solutions and their order are the same either way).
    """
    n, regions = puzzle.size, puzzle.regions
    check_entries(puzzle, entries)
    wanted: list[list[tuple[int, int]]] = [[] for _ in range(n)]     # per row: (column, digit or -1 shaded)
    for r, c, v in entries:
        wanted[r].append((c, -1 if v == SHADED_ENTRY else v))
    tally = {"nodes": 0, "next": PROGRESS_EVERY, "every": PROGRESS_EVERY, "report": on_progress,
             "solutions": 0, "jumps": 0, "dead": 0}

    def tick() -> None:
        tally["nodes"] += 1
        if tally["nodes"] >= tally["next"]:
            tally["next"] += tally["every"]
            if tally["report"]:
                tally["report"](tally["nodes"])

    asts = [parse_clue(clue) for clue in puzzle.clues]
    preds = [compile_clue(ast) for ast in asts]
    met: dict[tuple[str, int], bool | None] = {}
    for r in range(n):
        for length in range(2, n + 1):
            if (puzzle.clues[r], length) not in met:
                met[(puzzle.clues[r], length)] = can_meet(asts[r], preds[r], length, tick=tick)
        if not any(met[(puzzle.clues[r], length)] is not False for length in range(2, n + 1)):
            raise PuzzleRuleError(f"row {r + 1}: no number of 2 to {n} digits is {excerpt(puzzle.clues[r])}", r=r)
    length_ok = [[length == 0 or (length >= 2 and met[(clue, length)] is not False) for length in range(n + 1)]
                 for clue in puzzle.clues]
    every = (1 << n) - 1                         # "a solution was found below": no cell may be skipped
    # per row: the columns a dead end named (as bits) → (those columns, their contents in each row above)
    dead: list[dict[int, tuple[tuple[int, ...], set]]] = [{} for _ in range(n)]
    grid: list[tuple[int, ...]] = [()] * n
    caches: list[dict[int, bool]] = [{} for _ in range(n)]

    def rows_below(r: int, prev_mask: int, prev: tuple[int, ...] | None) -> Iterator[Solution]:
        """The solutions from row r on; returns, as column bits, the cells of row r - 1 whose
        contents explain why there are no more (every column once one was found)."""
        if r and wanted[r - 1]:                          # row r - 1 against the entries: the cells
            unlike = 0                                   # that differ are why it leads nowhere
            for c, d in wanted[r - 1]:
                if prev[c] != d:
                    unlike |= 1 << c
            if unlike:
                return unlike
        if r == n:
            tally["solutions"] += 1
            yield tuple("".join(SHADED if d < 0 else str(d) for d in row) for row in grid)
            return every
        for named, (columns, seen) in dead[r].items():    # a row above that agrees with a dead end's
            if tuple([prev[c] for c in columns]) in seen:  # named cells leads nowhere either
                return named
        before = tally["solutions"]
        here, above = regions[r], regions[r - 1] if r else ""
        walk = _row_shadings(here, above, prev_mask, prev, length_ok[r], tick, backjump)
        why = None
        while True:
            try:
                mask, segs = walk.send(why)
            except StopIteration as stop:
                outside = stop.value[0]
                break
            rows = _fill_row(_row_spec(segs, here, above, prev, prune), n, mask, preds[r], caches[r], tick,
                             backjump, tally)
            below = None
            while True:
                try:
                    grid[r] = rows.send(below)
                except StopIteration as stop:
                    outside, _, status = stop.value
                    break
                below = yield from rows_below(r + 1, mask, grid[r])
            why = outside, status
        if tally["solutions"] > before:
            return every
        if remember:
            if tally["dead"] >= MEMORY_LIMIT:
                for known in dead:
                    known.clear()
                tally["dead"] = 0
            columns = tuple(c for c in range(n) if outside >> c & 1)
            dead[r].setdefault(outside, (columns, set()))[1].add(tuple([prev[c] for c in columns]))
            tally["dead"] += 1
        return outside

    started = time.perf_counter()
    try:
        yield from rows_below(0, 0, None)
    finally:
        if stats is not None:
            stats.update(nodes=tally["nodes"], backjumps=tally["jumps"], dead_states=tally["dead"],
                         seconds=round(time.perf_counter() - started, 4))
    if on_progress:
        on_progress(tally["nodes"])
