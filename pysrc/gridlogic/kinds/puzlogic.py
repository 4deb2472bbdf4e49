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
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError, excerpt
from gridlogic.formula import Formula, Model, Not
from gridlogic.kinds._text import is_number, read_number
from gridlogic.model import Board, Example, Violation

KEY = "puzlogic"
TITLE = "Puzlogic"
HOW_TO_PLAY = ("Place every piece (the numbers under Pieces, each once) on an empty cell so that no number "
               "repeats in a row or a column. A sum beside a line is met: the grey one by every number in the "
               "line, the blue one by the pieces placed there alone.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
SUM_KINDS = ("all", "blue")
AXES = ("row", "column")
MAX_COORD = 50             # lattice coordinates 0..49
MAX_VALUE = 99
MAX_NUMBER_DIGITS = 9      # longer numbers are out of every range
MAX_TARGET = 10 ** MAX_NUMBER_DIGITS - 1
MAX_SETS = 20000           # value_sets stops after this many
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


@dataclass(frozen=True)
class Puzzle:
    """Lattice cells `(r, c, value)` sorted (0 = empty), the pieces sorted, sums `(kind, axis, index,
    target)` sorted (axis 0 = row, 1 = column)."""

    cells: tuple[tuple[int, int, int], ...]
    pieces: tuple[int, ...]
    sums: tuple[tuple[str, int, int, int], ...] = ()

    def empty_cells(self) -> list[tuple[int, int]]:
        """The cells that receive a piece."""
        return [(r, c) for r, c, v in self.cells if v == 0]

    def line(self, axis: int, index: int) -> list[tuple[int, int, int]]:
        """The cells of a row (axis 0) or column (axis 1)."""
        return [cell for cell in self.cells if cell[axis] == index]


Solution = tuple  # ((r, c, value), ...) for the empty cells, sorted


# -- text --------------------------------------------------------------------------------------
class _Line:
    """One meaningful line: its number, keyword, following words and their character columns."""

    def __init__(self, ln: int, line: str) -> None:
        matches = list(re.finditer(r"\S+", line))
        self.ln = ln
        self.word = matches[0].group().lower()
        self.fields = [m.group() for m in matches[1:]]
        self.cols = [m.start() + 1 for m in matches[1:]]

    def ints(self, what: str, first: int = 0, last: int | None = None, low: int = 0,
             high: int = MAX_TARGET) -> list[int]:
        """Fields first..last as whole numbers in low..high, or a located PuzzleSyntaxError."""
        return [_read_int(word, f"line {self.ln}: {what}", low, high, line=self.ln, col=col)
                for word, col in zip(self.fields[first:last], self.cols[first:last])]


def _read_int(word: str, what: str, low: int, high: int, **where) -> int:
    """A whole number in low..high, or a PuzzleSyntaxError located at `where`."""
    if not is_number(word):
        raise PuzzleSyntaxError(f"{what}: {excerpt(word)} is not a whole number", **where)
    n = read_number(word, MAX_NUMBER_DIGITS)
    if n is None or not low <= n <= high:
        raise PuzzleSyntaxError(f"{what}: {excerpt(word) if n is None else n} is out of range {low}..{high}",
                                **where)
    return n


def _lines(text: str):
    for ln, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.strip().startswith("#"):
            yield _Line(ln, line)


def _refuse_rules(rules) -> None:
    names = rules.split(",") if isinstance(rules, str) else rules or ()
    named = [str(r).strip() for r in names if str(r).strip()]
    if named:
        raise RequestError(f"puzlogic has no rule variants (got {excerpt(named[0])})", field="rules")


def parse(text: str, rules=(), **_options) -> Puzzle:
    """One level block: `cells r c value` lines (0 = empty), `pieces v ...`, `sum all|blue axis index
    target`; `level`, `source`, `solution` and `end` lines are ignored."""
    _refuse_rules(rules)
    cells: dict[tuple[int, int], int] = {}
    pieces: list[int] = []
    sums: dict[tuple[str, int, int], int] = {}
    sum_lines: dict[tuple[str, int, int], int] = {}
    seen_level = False
    for line in _lines(text):
        ln, word, fields = line.ln, line.word, line.fields
        if word == "level":
            if seen_level or cells:
                raise PuzzleSyntaxError(f"line {ln}: a second level starts here; give one level at a time",
                                        line=ln)
            seen_level = True
        elif word in ("source", "solution", "end"):
            continue
        elif word == "cells":
            if len(fields) != 3:
                raise PuzzleSyntaxError(f"line {ln}: expected 'cells row col value', got {len(fields)} "
                                        "numbers", line=ln)
            r, c = line.ints("cells", 0, 2, 0, MAX_COORD - 1)
            (value,) = line.ints("cells", 2, 3, 0, MAX_VALUE)
            if (r, c) in cells:
                raise PuzzleSyntaxError(f"line {ln}: cell r{r}c{c} is listed twice", line=ln, r=r, c=c)
            cells[(r, c)] = value
        elif word == "pieces":
            pieces += line.ints("pieces", low=1, high=MAX_VALUE)
        elif word == "sum":
            if len(fields) != 4 or fields[0].lower() not in SUM_KINDS:
                raise PuzzleSyntaxError(f"line {ln}: expected 'sum all|blue axis index target'", line=ln)
            axis, index, target = line.ints("sum", 1)
            if axis > 1:
                raise PuzzleSyntaxError(f"line {ln}: sum axis is 0 (row) or 1 (column), got {axis}", line=ln,
                                        col=line.cols[1])
            key = (fields[0].lower(), axis, index)
            if key in sums:
                raise PuzzleSyntaxError(f"line {ln}: a second {key[0]} sum for {AXES[axis]} {index}", line=ln)
            sums[key] = target
            sum_lines[key] = ln
        else:
            raise PuzzleSyntaxError(f"line {ln}: unknown line {excerpt(word)} (expected cells, pieces or sum)",
                                    line=ln, col=1)
    if not cells:
        raise PuzzleSyntaxError("empty input: no 'cells' lines found")
    return _make_puzzle(cells, pieces, sums, lambda kind, axis, index: {
        "line": sum_lines[(kind, axis, index)], "r" if axis == 0 else "c": index}, {"field": "pieces"})


def _make_puzzle(cells: dict, pieces: list[int], sums: dict, sum_at, pieces_at: dict) -> Puzzle:
    """The canonical Puzzle of cells {(r, c): value}, pieces and sums {(kind, axis, index): target},
    validated; `sum_at(kind, axis, index)` locates a sum's errors and `pieces_at` the pieces'."""
    puzzle = Puzzle(tuple((r, c, v) for (r, c), v in sorted(cells.items())), tuple(sorted(pieces)),
                    tuple(sorted((k, a, i, t) for (k, a, i), t in sums.items())))
    empty = len(puzzle.empty_cells())
    if len(puzzle.pieces) != empty:
        raise PuzzleRuleError(f"{len(puzzle.pieces)} pieces for {empty} empty cells: every piece goes on "
                              "its own empty cell and every empty cell gets one", **pieces_at)
    for axis in (0, 1):
        for index in sorted({cell[axis] for cell in puzzle.cells}):
            seen: dict[int, tuple[int, int]] = {}
            for r, c, v in puzzle.line(axis, index):
                if v and v in seen:
                    (r0, c0) = seen[v]
                    raise PuzzleRuleError(f"{v} is given twice in {AXES[axis]} {index} "
                                          f"(r{r0}c{c0} and r{r}c{c})", r=r, c=c, cells=[[r0, c0], [r, c]])
                seen[v] = (r, c)
    for kind, axis, index, _ in puzzle.sums:
        if not puzzle.line(axis, index):
            where = sum_at(kind, axis, index)
            raise PuzzleRuleError(f"{_line_prefix(where)}the {kind} sum of {AXES[axis]} {index} is for a line "
                                  "without cells", **where)
    for kind, axis, index, target, free, choices, goal in _sum_lines(puzzle):
        if not value_sets(choices, len(free), goal, 0):
            where = sum_at(kind, axis, index)
            rest = f" ({target} minus the given {target - goal})" if goal != target else ""
            raise PuzzleRuleError(f"{_line_prefix(where)}the {kind} sum {target} of {AXES[axis]} {index} "
                                  f"can never be met: no {len(free)} different piece values from "
                                  f"{_values_text(choices)} add up to {goal}{rest}", **where)
    return puzzle


def _line_prefix(where: dict) -> str:
    return f"line {where['line']}: " if "line" in where else ""


def _values_text(values: list[int]) -> str:
    text = " ".join(map(str, values)) or "none"
    return text if len(values) <= 12 else " ".join(map(str, values[:10])) + f" … ({len(values)} values)"


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """Placements as `solution r c value` lines (as in the corpus); other block lines are skipped."""
    out = []
    for line in _lines(text):
        if line.word in ("level", "source", "cells", "pieces", "sum", "end"):
            continue
        if line.word != "solution" or len(line.fields) != 3:
            got = "" if line.word == "solution" else f", got {excerpt(line.word)}"
            raise PuzzleSyntaxError(f"line {line.ln}: expected 'solution row col value'{got}", line=line.ln)
        out.append(tuple(line.ints("solution")))
    return tuple(sorted(out))


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The level block (`cells`, `pieces`, `sum` lines); with a solution, its `solution` lines."""
    if solution is not None:
        return "\n".join(f"solution {r} {c} {v}" for r, c, v in sorted(solution))
    lines = [f"cells {r} {c} {v}" for r, c, v in puzzle.cells]
    lines.append("pieces " + " ".join(map(str, puzzle.pieces)) if puzzle.pieces else "pieces")
    lines += [f"sum {kind} {axis} {index} {target}" for kind, axis, index, target in puzzle.sums]
    return "\n".join(lines)


# -- the editing state (gridlogic.layout) ------------------------------------------------------
GAP = "-"                  # a lattice position without a cell
SUM_EDGES = {("all", 0): "row_all", ("all", 1): "col_all", ("blue", 0): "row_blue", ("blue", 1): "col_blue"}


def layout() -> dict:
    """The lattice as the page edits it: numbers, gaps and empty cells, four sums per line, the pieces."""
    target = {"pattern": "^[0-9]*$", "max_length": MAX_NUMBER_DIGITS}
    return {
        "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in (3, 4, 5, 6, 7, 8)],
        "default_size": {"rows": 5, "cols": 5}, "free_size": True,
        "min_size": {"rows": 1, "cols": 1}, "max_size": {"rows": MAX_COORD, "cols": MAX_COORD},
        "size_note": "rows and columns count from 0, as in level files",
        "cell": {"numbers": [1, MAX_VALUE],
                 "states": [{"key": "gap", "token": GAP, "label": "no cell", "keys": "g-", "look": "gap"}],
                 "empty": {"label": "empty cell (gets a piece)"}},
        "edges": [{"key": "row_all", "side": "left", "label": "sum of all cells", "placeholder": "all", **target},
                  {"key": "col_all", "side": "top", "label": "sum of all cells", "placeholder": "all", **target},
                  {"key": "row_blue", "side": "right", "label": "sum of placed pieces", "placeholder": "blue",
                   "tone": "blue", **target},
                  {"key": "col_blue", "side": "bottom", "label": "sum of placed pieces", "placeholder": "blue",
                   "tone": "blue", **target}],
        "extras": [{"key": "pieces", "label": "Pieces", "placeholder": "1 2 3 4 5 6", "pattern": "^[0-9 ,]*$",
                    "max_length": 3 * MAX_COORD * MAX_COORD}],
        "play": {"values": [1, MAX_VALUE], "on": "empty", "pieces": "pieces"},
    }


def to_state(puzzle: Puzzle) -> dict:
    """The editing state of a puzzle: the lattice from (0, 0) to its last row and column."""
    rows = 1 + max(r for r, _, _ in puzzle.cells)
    cols = 1 + max(c for _, c, _ in puzzle.cells)
    given = {(r, c): v for r, c, v in puzzle.cells}
    cells = [GAP if (r, c) not in given else str(given[(r, c)] or "") for r in range(rows) for c in range(cols)]
    edges = {key: [""] * (rows if axis == 0 else cols) for (_, axis), key in SUM_EDGES.items()}
    for kind, axis, index, target in puzzle.sums:
        edges[SUM_EDGES[kind, axis]][index] = str(target)
    return {"rows": rows, "cols": cols, "cells": cells, "edges": edges,
            "extras": {"pieces": " ".join(map(str, puzzle.pieces))}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state (shape already checked), refused as `parse` would, located."""
    _refuse_rules(rules)
    cells: dict[tuple[int, int], int] = {}
    for i, text in enumerate(state["cells"]):
        r, c = divmod(i, state["cols"])
        if text != GAP:
            cells[(r, c)] = _read_int(text, f"r{r}c{c}", 1, MAX_VALUE, r=r, c=c) if text else 0
    if not cells:
        raise PuzzleSyntaxError("no cells: every position is a gap")
    words = re.split(r"[\s,]+", state["extras"]["pieces"].strip())
    pieces = [_read_int(w, "pieces", 1, MAX_VALUE, extra="pieces") for w in words if w]
    sums = {}
    for (kind, axis), key in SUM_EDGES.items():
        for index, text in enumerate(state["edges"][key]):
            if text.strip():
                sums[(kind, axis, index)] = _read_int(text.strip(), f"the {kind} sum of {AXES[axis]} {index}",
                                                      0, MAX_TARGET, edge=key, index=index)
    return _make_puzzle(cells, pieces, sums, lambda kind, axis, index: {"edge": SUM_EDGES[kind, axis], "index": index},
                        {"extra": "pieces"})


# -- solving -----------------------------------------------------------------------------------
def _reachable(choices: list[int], size: int, total: int) -> list[list[int]]:
    """table[i][k]: bit s set when some k distinct values of choices[i:] add up to s (s ≤ total)."""
    mask = (1 << (total + 1)) - 1
    table = [[0] * (size + 1) for _ in range(len(choices) + 1)]
    table[len(choices)][0] = 1
    for i in range(len(choices) - 1, -1, -1):
        v, below, row = choices[i], table[i + 1], table[i]
        row[0] = 1
        for k in range(1, size + 1):
            row[k] = (below[k] | (below[k - 1] << v)) & mask
    return table


def value_sets(choices: list[int], size: int, total: int, limit: int = MAX_SETS) -> list[tuple[int, ...]]:
    """The sets of `size` distinct values from `choices` adding up to `total`, in order; stops after
    `limit` + 1. A table of reachable sums guides the search, so every branch leads to a set and an
    impossible total (even values, odd sum) costs one table, not a search."""
    choices = sorted(set(choices))
    if total < 0 or size < 0 or size > len(choices):
        return []
    table = _reachable(choices, size, total)
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def grow(start: int, need: int, left: int) -> None:
        if need == 0:
            out.append(tuple(chosen))
            return
        for i in range(start, len(choices)):
            if len(out) > limit:
                return
            v = choices[i]
            if v > left:
                break
            if table[i + 1][need - 1] >> (left - v) & 1:
                chosen.append(v)
                grow(i + 1, need - 1, left - v)
                chosen.pop()

    if table[0][size] >> total & 1:
        grow(0, size, total)
    return out


def _sum_lines(puzzle: Puzzle):
    """Per sum: (kind, axis, index, target, free cells, values allowed there, goal for those cells)."""
    values = sorted(set(puzzle.pieces))
    for kind, axis, index, target in puzzle.sums:
        line = puzzle.line(axis, index)
        free = [(r, c) for r, c, v in line if v == 0]
        given = [v for _, _, v in line if v]
        goal = target - (sum(given) if kind == "all" else 0)
        yield kind, axis, index, target, free, [v for v in values if v not in given], goal


def _sum_states(choices: list[int], goal: int) -> list[int]:
    """Per layer i (values choices[:i] decided), the partial sums s (as bits) from which goal is
    still reachable: reachable from 0 going forward and reaching goal going on."""
    mask = (1 << (goal + 1)) - 1
    forward = [1]
    for v in choices:
        forward.append((forward[-1] | (forward[-1] << v)) & mask)
    back = [0] * len(forward)
    back[-1] = 1 << goal
    for i in range(len(choices) - 1, -1, -1):
        back[i] = back[i + 1] | (back[i + 1] >> choices[i])
    return [f & b for f, b in zip(forward, back)]


def _bits(x: int) -> list[int]:
    out, s = [], 0
    while x:
        if x & 1:
            out.append(s)
        x >>= 1
        s += 1
    return out


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


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _encode_sets(f: Formula, kind: str, axis: int, index: int, sets, values) -> None:
    """The line's values form one of the admissible sets (few sets: strongest propagation)."""
    choice = {s: ("set", axis, index, kind, s) for s in sets}
    f.exactly_one(list(choice.values()))            # no set: an empty clause, so no solution
    for v in values:
        has = ("has", axis, index, v)
        f.implies(has, [choice[s] for s in sets if v in s])
        for s in sets:
            f.implies(choice[s], has if v in s else Not(has))


def _encode_sum_states(f: Formula, tag: tuple, has: list, choices: list[int], layers: list[int]) -> None:
    """Σ v·has_v = goal as a walk over partial sums (the values decided one by one); only sums on
    some path from 0 to the goal exist, so a step off those paths is refused by unit propagation."""
    def node(i: int, s: int):
        return ("partial", *tag, i, s)

    f.clause([node(0, 0)])
    for i, v in enumerate(choices):
        here, later = layers[i], layers[i + 1]
        for s in _bits(here):
            take = later >> (s + v) & 1
            skip = later >> s & 1
            f.clause([Not(node(i, s)), Not(has[i])] + ([node(i + 1, s + v)] if take else []))
            f.clause([Not(node(i, s)), has[i]] + ([node(i + 1, s)] if skip else []))
        for t in _bits(later):
            f.clause([Not(node(i + 1, t))] + [node(i, t)] * (here >> t & 1)
                     + [node(i, t - v)] * (t >= v and here >> (t - v) & 1))


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
