"""Hashiwokakero's links: puzz.link (pzprjs `hashikake`: Number16 over the cells, its `?` an island of any
count) and Simon Tatham's Bridges game IDs (`WxH[i..][e..]m<most>[L][d..]:desc`, desc one character per
cell: `1`-`9` an island, `A`-`G` one of 10-16, `a`-`z` a run of 1-26 empty cells). Bridges' own variants
are refused: more than two bridges between two islands (`m3`, `m4`), and no loops (`L`)."""

from __future__ import annotations

import re

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._loops import read_desc, write_desc
from gridlogic.text import read_number
from gridlogic.codecs import puzzlink

PUZZLINK_ID = "hashikake"
MOST = 8                                  # the largest count an island may have: two bridges each way
TATHAM_ID = re.compile(r"^([0-9]+)(?:x([0-9]+))?((?:i[0-9]+)?(?:e[0-9]+)?(?:m([0-9]+))?(L?)(?:d[0-9]+)?):(.*)$", re.S)
CLAIMED = re.compile(r"^[0-9]+x[0-9]+(?:i[0-9]+)?(?:e[0-9]+)?m[0-9]+L?(?:d[0-9]+)?:[a-zA-Z0-9]*$")


def refuse_numbers(grid: sh.Grid, where: str) -> sh.Grid:
    """The grid, when every island's count is 1-8 or unknown; else a located PuzzleSyntaxError."""
    for (r, c), n in grid.numbered().items():
        if n != sh.UNKNOWN and not 1 <= n <= MOST:
            raise PuzzleSyntaxError(f"{where}r{r + 1}c{c + 1}: an island counts 1-{MOST} bridges (got {n})", r=r, c=c)
    return grid


def from_puzzlink(cols: int, rows: int, body: str) -> sh.Grid:
    """The puzzle of puzz.link's `hashikake` data (its `.` an island of any count)."""
    return refuse_numbers(sh.number16_grid(cols, rows, body, "hashiwokakero"), "puzz.link: ")


def to_puzzlink(puzzle: sh.Grid) -> str:
    return puzzlink.url(PUZZLINK_ID, puzzle.cols, puzzle.rows, sh.number16_body(puzzle))


def _tatham_number(ch: str):
    if "1" <= ch <= "9":
        return int(ch)
    return ord(ch) - ord("A") + 10 if "A" <= ch <= "G" else None


def from_tatham(game_id: str) -> sh.Grid:
    """A Tatham Bridges game ID (`7x7m2:a2b…`; a random-seed ID is refused by gridlogic.links)."""
    text = "".join(game_id.split())
    m = TATHAM_ID.match(text)
    if not m:
        raise PuzzleSyntaxError(f"not a Bridges game ID (WxH, parameters, ':', then the grid): {excerpt(game_id)}")
    cols = read_number(m[1], 3) or 0
    rows = read_number(m[2], 3) or 0 if m[2] else cols
    if not (1 <= cols <= sh.MAX_SIDE and 1 <= rows <= sh.MAX_SIDE):
        raise PuzzleSyntaxError(f"game ID size {cols}×{rows} is out of range 1..{sh.MAX_SIDE}")
    if m[4] and int(m[4]) != 2:
        raise PuzzleSyntaxError(f"game ID: at most {m[4]} bridges between two islands (m{m[4]}) is Bridges' "
                                "variant; hashiwokakero allows two")
    if m[5]:
        raise PuzzleSyntaxError("game ID: 'L' (no loops of bridges) is Bridges' variant, not hashiwokakero's rule")
    clues = read_desc(m[6], rows, cols, _tatham_number, text.index(":") + 2, "1-9 or A-G (an island)")
    grid = sh.Grid(rows, cols, tuple(clues.get((r, c)) for r in range(rows) for c in range(cols)))
    return refuse_numbers(grid, "game ID: ")


def to_tatham(puzzle: sh.Grid) -> str:
    """The Bridges game ID of a puzzle (an island of any count has no Bridges form: refused)."""
    numbers = puzzle.numbered()
    for (r, c), n in numbers.items():
        if n == sh.UNKNOWN:
            raise PuzzleSyntaxError(f"r{r + 1}c{c + 1}: Bridges has no island of any count (?)", r=r, c=c)
    return f"{puzzle.cols}x{puzzle.rows}m2:" + write_desc(puzzle.rows, puzzle.cols, numbers, str)


def is_tatham_id(game_id: str) -> bool:
    """True for a bare game ID that is surely Bridges': WxH, then `m` (the most bridges between two
    islands), which Bridges always writes and the other games read here never do."""
    return bool(CLAIMED.match("".join(game_id.split())))
