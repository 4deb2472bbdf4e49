"""Tapa (puzz.link `tapa`).

Rules, in puzz.link's words: shade some cells so that all shaded cells are connected and no 2×2 block
is entirely shaded. A cell with numbers is not shaded; its numbers give the lengths of the runs of
shaded cells among its eight neighbours (in any order; a run goes around the cell). A `?` is a run of
any length (a lone `?`, as pzprjs has it, also allows no shaded neighbour). Some cell is shaded.

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)) is shaded; they alone are shown. Each clue is a clue of the formula `("clue", r, c)`:
every shading of its neighbours that does not give its runs is forbidden (a clause each); no 2×2
shaded block is the clue `("no2x2",)`; clue cells unshaded, the shaded cells' lazy connectivity
(cnf/connected.py) and some shading are the grid's rules.

The package: this module (the contract: encode, check, render), clues.py (the clue lists: text, state,
puzz.link), steps.py (hint steps); kinds/_shading.py holds what shading genres share.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product

from gridlogic.cnf import connected, shading
from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.tapa import clues
from gridlogic.kinds.tapa.steps import EASY_STEPS, name_step
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "fact_of", "name_step", "from_puzzlink", "to_puzzlink"]

KEY = "tapa"
TITLE = "Tapa"
HOW_TO_PLAY = ("Shade cells so that all shaded cells are connected and no 2×2 block is shaded; the numbers in a "
               "cell give the lengths of the runs of shaded cells around it.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = sh.VALUE_WORDS
fact_of = sh.fact_of
Puzzle = sh.Grid          # each clue a tuple of numbers (UNKNOWN for a `?`), None an empty cell
Solution = tuple          # 0/1 per cell, row by row (1 shaded)
RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))   # clockwise from top left

EXAMPLES = (
    # pzprjs test/script/tapa.js (robx/pzprjs): puzz.link tapa/5/5/3n5hchhajn2
    Example("pzprjs 5×5", "3 . . . .\n. . . . 5\n. . 3,1,1 . .\n3,1 . . . .\n. . . . 2\n", (), 1,
            ".####\n##.#.\n#..##\n.#.#.\n####.\n"),
    Example("two ways", "2 .\n. .\n", (), 2),
    Example("impossible", "8 .\n. .\n", (), 0),
)


def parse(text: str, rules=(), **_options) -> Puzzle:
    """One line per row: `.` empty, a clue's numbers joined by commas (see clues.py)."""
    refuse_rules(KEY, rules)
    return clues.parse_text(text)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A shading: `#` shaded, `.` unshaded, one line per row (a clue's cell `.`)."""
    return sh.parse_shading(puzzle, text)


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's text, or the solution's shading."""
    return clues.format_text(puzzle) if solution is None else sh.format_shading(puzzle, solution)


@lru_cache(maxsize=256)
def _runs(bits: tuple[int, ...]) -> tuple[int, ...]:
    """The lengths of the runs of 1s around a ring of eight (rotated to start after a 0); (0,) for none."""
    if all(bits):
        return (8,)
    start = bits.index(0)
    ring = bits[start:] + bits[:start]
    out, run = [], 0
    for b in ring + (0,):
        if b:
            run += 1
        elif run:
            out.append(run)
            run = 0
    return tuple(out or [0])


def _fits(runs: tuple[int, ...], clue: tuple) -> bool:
    if len(runs) != len(clue):
        return False
    need = Counter(n for n in clue if n != sh.UNKNOWN)
    return not need - Counter(runs)


@lru_cache(maxsize=None)
def _misses(clue: tuple, free: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The clauses, over places 1.. (the ring's cells at `free`, in order), that forbid each shading of
    those cells whose runs miss the clue: worked out once per clue and ring, laid on every such clue."""
    out = []
    for values in product((0, 1), repeat=len(free)):
        bits = [0] * 8
        for i, v in zip(free, values):
            bits[i] = v
        if not _fits(_runs(tuple(bits)), clue):
            out.append(tuple(-k if v else k for k, v in enumerate(values, 1)))
    return tuple(out)


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Each clue forbids the shadings of its ring that miss its runs; no 2×2; clue cells unshaded, the
    shaded cells connected, some cell shaded."""
    rows, cols = puzzle.rows, puzzle.cols
    sh.show_cells(f, puzzle)
    given = puzzle.numbered()
    for r, c in given:
        f.clause([Not(sh.cell_shade(r, c))])
    for (r, c), clue in given.items():
        ring = [(r + dr, c + dc) for dr, dc in RING]
        free = [i for i, (y, x) in enumerate(ring) if 0 <= y < rows and 0 <= x < cols and (y, x) not in given]
        with f.clue(("clue", r, c), [(r, c)] + [ring[i] for i in free], f"the {clues.word(clue)} at r{r + 1}c{c + 1}"):
            f.pattern([sh.cell_shade(*ring[i]) for i in free], _misses(tuple(clue), tuple(free)))
    f.clause([sh.cell_shade(r, c) for r in range(rows) for c in range(cols) if (r, c) not in given])
    connected.connected_cells(f, rows, cols, sh.shade)
    with f.clue(("no2x2",), (), "no 2×2 shaded block"):
        shading.no_2x2(f, rows, cols, sh.shade)


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The shading of a model."""
    return sh.decode_shading(puzzle, model)


def _ring_lengths(on, r: int, c: int) -> list[int]:
    """pzprjs's getShadedLength: the ring as a string of 0/1, split at the 0s, the ends joined."""
    text = "".join("1" if on(r + dr, c + dc) else "0" for dr, dc in RING)
    parts = [p for p in text.split("0") if p]
    if len(parts) > 1 and text[0] == "1" and text[-1] == "1":
        parts[0] += parts.pop()
    return [len(p) for p in parts] or [0]


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule (independent of the encoder, as pzprjs checks): no shaded cell, a shaded clue
    cell, a 2×2 shaded block, a clue whose runs differ, the shaded cells in parts."""
    rows, cols = puzzle.rows, puzzle.cols
    on = lambda r, c: 0 <= r < rows and 0 <= c < cols and bool(solution[r * cols + c])   # noqa: E731
    out: list[Violation] = []
    if not any(solution):
        out.append(Violation("no_shade", (), "no cell is shaded"))
    for r in range(rows - 1):
        for c in range(cols - 1):
            block = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
            if all(on(*x) for x in block):
                out.append(Violation("block", block, "a 2×2 block is shaded"))
    for (r, c), clue in puzzle.numbered().items():
        if on(r, c):
            out.append(Violation("clue_shaded", ((r, c),), "a clue's cell is shaded"))
        lengths = _ring_lengths(on, r, c)
        left = list(lengths)
        ok = len(lengths) == len(clue)
        for n in clue:
            if ok and n != sh.UNKNOWN:
                ok = n in left
                if ok:
                    left.remove(n)
        if not ok:
            ring = tuple((r + dr, c + dc) for dr, dc in RING if 0 <= r + dr < rows and 0 <= c + dc < cols)
            out.append(Violation("clue", ((r, c),) + ring,
                                 f"the {clues.word(clue)} at r{r + 1}c{c + 1} sees runs of {lengths}"))
    out += sh.divided(rows, cols, on, "divided", "the shaded cells are not connected")
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """The clues as given cells (their numbers one after another, as typed and shown in the page: `311`),
    and a solution's shading."""
    return sh.render_shading(sh.Grid(puzzle.rows, puzzle.cols,
                                     tuple(None if v is None else clues.word(v, "") for v in puzzle.clues)),
                             solution)


def layout() -> dict:
    """Clues typed in cells as their digits (`311` for 3,1,1; ? for one not given); in play the other
    cells are shaded or dotted."""
    base = sh.grid_layout(0, 8, "empty", "Type each clue's numbers one after another (311 for 3 1 1, ? for one "
                                         "not given: 3?1). Paste a puzz.link tapa URL to load one.")
    base["cell"]["word"] = 4
    return base


def to_state(puzzle: Puzzle) -> dict:
    """The editing state: each clue's digits in its cell."""
    return clues.to_state(puzzle)


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, located where a clue does not read."""
    refuse_rules(KEY, rules)
    return clues.from_state(state)


def from_puzzlink(cols: int, rows: int, body: str) -> Puzzle:
    """The puzzle of puzz.link tapa data (pzprjs's clue lists)."""
    return clues.from_puzzlink(cols, rows, body)


def to_puzzlink(puzzle: Puzzle) -> str:
    """The puzz.link URL of a puzzle."""
    return clues.to_puzzlink(puzzle)
