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
formula is the empty clause, which settles at once what a search could not in minutes (6×20).

Up to LAZY_ABOVE (every published size) every rule is written out: rule 2 an exactly-W/2
cardinality per row (H/2 per column), rule 3 difference flags `("rowdiff", i, j, k)` for each pair
of lines i < j (flag k set: the lines differ at k; one flag set). The pairs grow as side³ (40×40:
124,800 clauses, 5 s to build; 100×100 would need two million), and a 40×40 empty grid took the
solver 5 s more: counted by a sequential counter that knows nothing of rule 1, the lines balance
only after long searches. Published puzzles keep this formula, so their answers and explanations
stay exactly as they were; the large grids' encoding measured faster on them too (bench_binary:
the corpus's 20×20s in half the time, with the same answers), so the threshold could come down.
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
  uses any model (see backends/sat.py). Big grids rarely meet such a pair, so the formula stays near
  side² in size; counts stay exact, since a model with two equal lines is never accepted.
- `phases` gives the solver a solution of the empty grid to try first. Left to its own values,
  CaDiCaL (the page's engine) fills an empty 100×100 grid with two alternating lines, and repairing
  the equal pairs took it 3 to 18 s, against 0.8 s with the guess (MiniSat 0.9 s against 0.5 s).
  The solution is made of 2×2 blocks `01/10` or `10/01`, which keep rules 1 and 2 in any
  arrangement; a seeded random arrangement whose block rows (and columns) are distinct and not
  complementary keeps rule 3 (`reference`).
bench/bench_binary.py measures both ways; the README has the figures.

Editing state: a W×H grid (both even) of cells, each "", "0" or "1".
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass

from gridlogic.budget import tick
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.formula import Formula, Model, Not
from gridlogic.model import Board, Example, Violation

KEY = "binary"
TITLE = "Binary puzzle (Takuzu)"
HOW_TO_PLAY = ("Fill every empty cell with 0 or 1: no three equal digits side by side in a row or a column, as "
               "many 0s as 1s in every row and column, and no two rows or two columns alike.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
GIVEN_VALUES = True          # givens are cell values (setter helpers)
EMPTY = ".-"
MAX_SIDE = 100             # rows and columns (published puzzles go to 20×20 or so)
LAZY_ABOVE = 20            # larger sides: counters, rule 3 added when broken, a first guess (see above)

EXAMPLES = (
    Example("6x6", "1..0..\n..00.1\n.00..1\n......\n00.1..\n.1..00", (), 1),
    Example("impossible 2x2", "1.\n1.", (), 0),
    Example("empty 4x4", "....\n....\n....\n....", (), None),
)


@dataclass(frozen=True)
class Puzzle:
    """A W×H binary puzzle: givens row-major, None where empty."""

    width: int
    height: int
    givens: tuple[int | None, ...]

    def given(self, r: int, c: int) -> int | None:
        """The given digit at (r, c), or None."""
        return self.givens[r * self.width + c]


Solution = tuple  # row-major 0/1


def parse(text: str, **_options) -> Puzzle:
    """Rows of `0`, `1` and `.`/`-` (empty), one per line; or one line of N² cells; or a Tatham Unruly
    game ID with `u` (see `from_unruly`)."""
    word = text.strip()
    if ":" in word and not any(ch.isspace() for ch in word) and re.fullmatch(
            r"[0-9]{1,4}x[0-9]{1,4}[a-z]{0,20}", word.rsplit("#", 1)[-1].split(":", 1)[0]):
        return from_unruly(word)
    rows: list[tuple[int, str]] = [(ln, line.strip()) for ln, line in enumerate(text.splitlines(), 1)
                                   if line.strip()]
    if not rows:
        raise PuzzleSyntaxError("empty input: no binary-puzzle rows found")
    if len(rows) == 1 and len(rows[0][1]) > MAX_SIDE * MAX_SIDE:
        ln, line = rows[0]
        raise PuzzleSyntaxError(f"line {ln}: binary: at most {MAX_SIDE}×{MAX_SIDE} cells "
                                f"(got {len(line):,} cells on one line)", line=ln)
    if len(rows) > 1 and (len(rows) > MAX_SIDE or max(len(row) for _, row in rows) > MAX_SIDE):
        longest = max(len(row) for _, row in rows)
        ln = rows[MAX_SIDE][0] if len(rows) > MAX_SIDE else next(ln for ln, row in rows if len(row) == longest)
        raise PuzzleSyntaxError(f"line {ln}: binary: at most {MAX_SIDE}×{MAX_SIDE} cells "
                                f"(got {longest}×{len(rows)})", line=ln)
    for ln, row in rows:
        for col, ch in enumerate(row, 1):
            if ch not in "01" + EMPTY:
                raise PuzzleSyntaxError(f"line {ln}, column {col}: unexpected character {ch!r} "
                                        "(expected 0, 1, . or -)", line=ln, col=col)
    if len(rows) == 1 and len(rows[0][1]) > 2:
        ln, line = rows[0]
        n = int(round(len(line) ** 0.5))
        if n * n != len(line):
            raise PuzzleSyntaxError(f"line {ln}: a one-line puzzle needs N² cells, got {len(line)}", line=ln)
        rows = [(ln, line[i * n:(i + 1) * n]) for i in range(n)]
    width = len(rows[0][1])
    for i, (ln, row) in enumerate(rows):
        if len(row) != width:
            raise PuzzleSyntaxError(f"row {i + 1} (line {ln}): expected {width} cells, got {len(row)}",
                                    line=ln, r=i)
    _refuse_size(width, len(rows), line=rows[-1][0])
    givens = tuple(None if ch in EMPTY else int(ch) for _, row in rows for ch in row)
    return Puzzle(width, len(rows), givens)


def _refuse_size(width: int, height: int, line: int | None = None) -> None:
    """A PuzzleSyntaxError for a grid with an odd or empty side or a side over MAX_SIDE."""
    if max(width, height) > MAX_SIDE:
        raise PuzzleSyntaxError(f"binary: at most {MAX_SIDE}×{MAX_SIDE} cells (got {width}×{height})", line=line)
    if width % 2 or height % 2 or min(width, height) < 2:
        raise PuzzleSyntaxError(f"the grid is {width}×{height}; both sides must be even and at least 2", line=line)


def from_unruly(game_id: str) -> Puzzle:
    """A Tatham "Unruly" descriptive game ID `WxHu:desc` (also after the `#` of an Unruly page's URL):
    row-major, a letter skips 0-24 empty cells (`a`/`A` none) and puts 0 (lower case) or 1 (upper
    case), `z`/`Z` skips 25; the positions total W·H+1. Only IDs with `u` (no two rows or columns
    equal) are this kind's rules: without it lines may repeat, which a binary puzzle here forbids."""
    text = game_id.strip()
    if "#" in text:
        text = text.rsplit("#", 1)[1]
    params, _, desc = text.partition(":")
    m = re.fullmatch(r"([0-9]{1,4})x([0-9]{1,4})((?:u|d[a-z]?)*)", params)
    if not m:
        raise PuzzleSyntaxError(f"Unruly: bad parameters {excerpt(params)} (expected WxH, e.g. 8x8u)")
    if "u" not in re.sub(r"d[a-z]?", "", m[3]):
        raise PuzzleSyntaxError(f"Unruly {excerpt(params)} lets rows or columns repeat, which a binary puzzle "
                                "here forbids: only IDs with 'u' (unique rows and columns) are read")
    w, h = int(m[1]), int(m[2])
    if not (2 <= w <= MAX_SIDE and 2 <= h <= MAX_SIDE) or w % 2 or h % 2:
        raise PuzzleSyntaxError(f"Unruly: {w}×{h}: sides must be even, at most {MAX_SIDE}")
    cells = ["."] * (w * h)
    pos = 0
    for i, ch in enumerate(desc, len(params) + 2):
        if ch in "zZ":
            pos += 25
            continue
        if not ("a" <= ch <= "y" or "A" <= ch <= "Y"):
            raise PuzzleSyntaxError(f"Unruly, character {i}: unexpected {excerpt(ch)} (a-z or A-Z)", col=i)
        pos += ord(ch.lower()) - ord("a")
        if pos < w * h:
            cells[pos] = "0" if ch.islower() else "1"
        pos += 1
        if pos > w * h + 1:
            break
    if pos != w * h + 1:
        raise PuzzleSyntaxError(f"Unruly: the description covers {pos:,} positions; a {w}×{h} grid needs "
                                f"{w * h + 1:,} (its cells and one more)")
    return parse("\n".join("".join(cells[r * w:(r + 1) * w]) for r in range(h)))


def to_unruly(puzzle: Puzzle) -> str:
    """The Tatham "Unruly" game ID of a puzzle (with `u`: rows and columns differ here)."""
    out, run = [], 0
    for v in tuple(puzzle.givens) + (0,):
        if v is None:
            run += 1
            if run == 25:
                out.append("z")
                run = 0
            continue
        out.append(chr((ord("a") if v == 0 else ord("A")) + run))
        run = 0
    return f"{puzzle.width}x{puzzle.height}u:{''.join(out)}"


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A proposed filled grid in the text format, for `check`."""
    filled = parse(text)
    if (filled.width, filled.height) != (puzzle.width, puzzle.height):
        raise PuzzleSyntaxError(f"the solution is {filled.width}×{filled.height}; "
                                f"the puzzle is {puzzle.width}×{puzzle.height}")
    return filled.givens


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The canonical text: rows of 0/1 and `.`."""
    values = solution if solution is not None else puzzle.givens
    w = puzzle.width
    return "\n".join("".join("." if v is None else str(v) for v in values[r * w:(r + 1) * w])
                     for r in range(puzzle.height))


def is_large(width: int, height: int) -> bool:
    """True when the grid is encoded with counters, rule 3 added when broken and a first guess."""
    return max(width, height) > LAZY_ABOVE


@functools.lru_cache(maxsize=16)
def rules_formula(width: int, height: int) -> Formula:
    """The formula of an empty W×H grid: no three in a line, balance, distinct lines unless large (cached)."""
    f = Formula()
    f.show((("one", r, c) for r in range(height) for c in range(width)), fixed_weight=True)
    if line_count(width) < height or line_count(height) < width:
        f.clauses.append([])                 # fewer lines keep rules 1 and 2 than rule 3 needs
        return f
    if is_large(width, height):
        _count_lines(f, width, height)
        return f
    rows = [[(r, c) for c in range(width)] for r in range(height)]
    cols = [[(r, c) for r in range(height)] for c in range(width)]
    for tag, lines in (("rowdiff", rows), ("coldiff", cols)):
        for line in lines:
            cells = [("one", r, c) for r, c in line]
            for a, b, c in zip(cells, cells[1:], cells[2:]):
                f.clause([a, b, c])
                f.clause([Not(a), Not(b), Not(c)])
            f.exactly(cells, len(cells) // 2)
        for i in range(len(lines)):
            for j in range(i + 1, len(lines)):
                for clause in differ(tag, i, j, lines[i], lines[j]):
                    f.clause(clause)
    return f


def differ(tag: str, i: int, j: int, first: list, second: list) -> list[list]:
    """Rule 3 for lines i and j, whose cells are `first` and `second`: flag (tag, i, j, k) set means
    they differ at k, and one flag is set."""
    out = []
    for k, (p, q) in enumerate(zip(first, second)):
        flag, a, b = (tag, i, j, k), ("one", *p), ("one", *q)
        out += [[Not(flag), a, b], [Not(flag), Not(a), Not(b)]]
    out.append([(tag, i, j, k) for k in range(len(first))])
    return out


@functools.lru_cache(maxsize=None)
def line_count(length: int) -> int:
    """How many lines of `length` cells keep rules 1 and 2 (6 has 14, 20 has 8,196): a grid with more
    rows than its rows' length allows has no solution by rule 3, however long a search would take."""
    half = length // 2
    ways = {(0, -1, 0): 1}                  # (1s so far, last digit, its run) -> lines reaching it
    for i in range(length):
        after: dict[tuple[int, int, int], int] = {}
        for (ones, last, run), n in ways.items():
            for digit in (0, 1):
                state = (ones + digit, digit, run + 1 if digit == last else 1)
                if state[2] <= 2 and state[0] <= half and i + 1 - state[0] <= half:
                    after[state] = after.get(state, 0) + n
        ways = after
    return sum(n for (ones, _, _), n in ways.items() if ones == half)


@functools.lru_cache(maxsize=None)
def count_bounds(length: int) -> tuple[tuple[int, int], ...]:
    """For i = 0..length: the fewest and most 1s among the first i cells of a line that keeps rules 1
    and 2 (states: 1s so far, last digit, its run; kept when reachable and able to end balanced)."""
    half = length // 2

    def step(state, digit, i):
        ones, last, run = state
        ones, run = ones + digit, (run + 1 if digit == last else 1)
        return (ones, digit, run) if run <= 2 and ones <= half and i + 1 - ones <= half else None

    reach = [{(0, -1, 0)}]
    for i in range(length):
        reach.append({s for state in reach[-1] for d in (0, 1) if (s := step(state, d, i)) is not None})
    live = {s for s in reach[length] if s[0] == half}
    bounds = [(half, half)]
    for i in range(length - 1, -1, -1):
        live = {state for state in reach[i] if step(state, 0, i) in live or step(state, 1, i) in live}
        bounds.append((min(s[0] for s in live), max(s[0] for s in live)))
    return tuple(bounds[::-1])


def _count_lines(f: Formula, width: int, height: int) -> None:
    """Rules 1 and 2 for a large grid: the windows of three, and one counter per line (see the module
    docstring). Built as integer clauses of named variables, as nonogram's automata are: per key it
    would take several times as long."""
    cells = [[f.var(("one", r, c)) for c in range(width)] for r in range(height)]
    lines = [(("row", r), cells[r]) for r in range(height)]
    lines += [(("col", c), [cells[r][c] for r in range(height)]) for c in range(width)]
    out = f.clauses
    for line, xs in lines:
        for a, b, c in zip(xs, xs[1:], xs[2:]):
            out.append([a, b, c])
            out.append([-a, -b, -c])
        _count_line(f, line, xs)


def _count_line(f: Formula, line: tuple, xs: list[int]) -> None:
    """The counter of one line (see the module docstring): ("count", *line, i, j) for the counts j
    within the bounds after i cells, i stepping by aligned triples and then by single cells (below
    the bounds the count is surely reached, above surely not). A triple holds one or two 1s (rule 1),
    so its step adds 1 plus ("heavy", *line, i), "the triple at i holds two 1s"; a cell's step adds
    the cell. Four clauses per count and step."""
    bounds = count_bounds(len(xs))
    var, out = f.var, f.clauses
    steps = []                               # (cells before, cells after, sure increment, literal increment)
    for i in range(0, len(xs) - 2, 3):
        tick()
        x, y, z = xs[i:i + 3]
        heavy = var(("heavy", *line, i))
        out.extend(([-x, -y, heavy], [-x, -z, heavy], [-y, -z, heavy],
                    [-heavy, x, y], [-heavy, x, z], [-heavy, y, z]))
        steps.append((i, i + 3, 1, heavy))
    steps += [(i, i + 1, 0, xs[i]) for i in range(steps[-1][1] if steps else 0, len(xs))]
    counters = {0: ()}
    for _, i, _, _ in steps:
        lo, hi = bounds[i]
        counters[i] = [var(("count", *line, i, j)) for j in range(lo + 1, hi + 1)]
    for i, k, sure, more in steps:
        tick()
        _count_step(out, bounds[i], counters[i], bounds[k], counters[k], sure, more)


def _count_step(out: list, before: tuple[int, int], now: list[int], after: tuple[int, int], then: list[int],
                sure: int, more: int) -> None:
    """At least j after a step <=> at least j - sure before, or j - sure - 1 before and `more`: the
    clauses for every j, counters given as lists from the bound's low end + 1 (constants outside)."""
    lo, hi = before
    lo_next, hi_next = after

    def count(j: int, low: int, high: int, counters: list[int]):
        return True if j <= low else False if j > high else counters[j - low - 1]

    # every counter involved is a variable: lo < j - sure - 1 and j - sure <= hi and lo_next < j <= hi_next
    first, last = max(lo + sure + 2, lo_next + 1), min(hi + sure, hi_next)
    if first <= last:
        reach = now[first - sure - lo - 1:last - sure - lo]
        near = now[first - sure - lo - 2:last - sure - lo - 1]
        for a, b, t in zip(reach, near, then[first - lo_next - 1:last - lo_next]):
            out.extend(([-a, t], [-b, -more, t], [-t, a, more], [-t, b]))
    for j in range(min(lo + sure, lo_next) + 1, max(hi + sure + 1, hi_next) + 1):
        if first <= j <= last:
            continue
        a, b, t = count(j - sure, lo, hi, now), count(j - sure - 1, lo, hi, now), count(j, lo_next, hi_next, then)
        for clause in ((not_(a), t), (not_(b), -more, t), (not_(t), a, more), (not_(t), b)):
            if not any(lit is True for lit in clause):
                out.append([lit for lit in clause if lit is not False])


def not_(lit):
    """The negation of an integer literal or a constant."""
    return not lit if type(lit) is bool else -lit


@functools.lru_cache(maxsize=16)
def reference(width: int, height: int) -> Solution | None:
    """A solution of the empty W×H grid, or None when none of this construction was found: 2×2 blocks
    `01/10` (0) or `10/01` (1) keep rules 1 and 2 whatever their arrangement; rows 2R and 2R+1 read
    block row R and its complement, so rule 3 holds when the block rows are distinct and no two are
    complements, and the same for block columns. A few seeded random arrangements are tried."""
    rows, cols = height // 2, width // 2
    chance = random.Random(width * 1000 + height)

    def apart(vectors) -> bool:
        seen = set()
        for v in vectors:
            if v in seen or tuple(1 - b for b in v) in seen:
                return False
            seen.add(v)
        return True

    for _ in range(20):
        blocks = [tuple(chance.getrandbits(1) for _ in range(cols)) for _ in range(rows)]
        if apart(blocks) and apart(zip(*blocks)):
            return tuple(blocks[r // 2][c // 2] ^ (r % 2) ^ (c % 2) for r in range(height) for c in range(width))
    return None


def equal_lines(width: int, height: int, model: Model) -> list[list]:
    """Rule 3 for a model of a large grid: the difference clauses of lines that are equal in it (each
    with the next equal one), as keys; empty when every line differs."""
    grid = [tuple(model[("one", r, c)] for c in range(width)) for r in range(height)]
    out = []
    for tag, lines, cells in (("rowdiff", grid, lambda i: [(i, k) for k in range(width)]),
                              ("coldiff", list(zip(*grid)), lambda i: [(k, i) for k in range(height)])):
        last: dict[tuple, int] = {}
        for i, line in enumerate(lines):
            if line in last:
                out += differ(tag, last[line], i, cells(last[line]), cells(i))
            last[line] = i
    return out


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
    cells = []
    for i, g in enumerate(puzzle.givens):
        value = g if g is not None else (solution[i] if solution else None)
        role = "given" if g is not None else ("solved" if value is not None else "empty")
        cells.append({"r": i // puzzle.width, "c": i % puzzle.width,
                      "text": "" if value is None else str(value), "role": role})
    return Board(puzzle.height, puzzle.width, tuple(cells))


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


# -- naming a step (explain.walk) -----------------------------------------------------------------
def name_step(puzzle: Puzzle, fact, clue_keys) -> str | None:
    """The rule a step's reason shows, found on the reason's values alone: a pair (two equal cells
    beside it in a line), a sandwich (it lies between two equal cells), line balance (its row or
    column already holds half of the other digit), no duplicate line (its line, open in it and one
    more cell, matches a full line elsewhere that differs on those two); None when none proves it."""
    r, c, v, _ = fact
    known: dict[tuple[int, int], int] = {}
    for key in clue_keys:
        if key[0] == "given":
            known[key[1:3]] = puzzle.given(*key[1:3])
        elif key[0] in ("placed", "entry"):
            known[key[1:3]] = key[3]
    other = 1 - v
    for dr, dc in ((0, 1), (1, 0)):
        if any(known.get((r + s * dr, c + s * dc)) == other == known.get((r + 2 * s * dr, c + 2 * s * dc))
               for s in (1, -1)):
            return "pair"
        if known.get((r - dr, c - dc)) == other == known.get((r + dr, c + dc)):
            return "sandwich"
    rows = [[(i, x) for x in range(puzzle.width)] for i in range(puzzle.height)]
    cols = [[(x, i) for x in range(puzzle.height)] for i in range(puzzle.width)]
    if any(sum(known.get(cell) == other for cell in line) == len(line) // 2 for line in (rows[r], cols[c])):
        return "line balance"
    for lines, i in ((rows, r), (cols, c)):
        at = lines[i].index((r, c))
        open_at = [k for k, cell in enumerate(lines[i]) if cell not in known]
        if len(open_at) != 2 or at not in open_at:
            continue
        for line in lines:
            if all(cell in known for cell in line) and len({known[line[k]] for k in open_at}) == 2 \
                    and known[line[at]] == other \
                    and all(known[mine] == known[theirs] for mine, theirs in zip(lines[i], line) if mine in known):
                return "no duplicate line"
    return None
