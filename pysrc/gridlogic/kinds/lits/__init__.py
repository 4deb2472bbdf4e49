"""LITS (Nikoli; puzz.link `lits`).

Rules, in puzz.link's words: the grid is divided into rooms. Shade a tetromino (four orthogonally
connected cells) in every room. All shaded cells are connected. There is no 2×2 block of shaded cells.
Two tetrominoes of the same shape (rotations and reflections count as the same: the L, I, T and S) may
not touch across a room border.

Variables: `("shade", y, x)` is true when the cell at lattice point (y, x) (cell (r, c) at
(2r+1, 2c+1)) is shaded; they alone are shown. Each room is a clue `("room", k)`: its shaded cells are
one tetromino (cnf/polyominoes.py: a placement variable each, and a shape variable per room); "no two
tetrominoes of one shape touch" is the clue `("same shape",)`; no 2×2 shaded block and the shaded
cells' lazy connectivity (cnf/connected.py) are the grid's rules.

Text: the rooms as kinds/_rooms.py reads them (a label per cell), nothing else. State: the rooms as the
`rooms` part.

The package: this module (the contract), steps.py (hint steps); kinds/_rooms.py holds the rooms
(text, state, puzz.link) and kinds/_shading.py what shading genres share.
"""

from __future__ import annotations

from gridlogic.cnf import connected, polyominoes, shading
from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.kinds import _rooms as grid
from gridlogic.kinds import _shading as sh
from gridlogic.kinds._rooms import Puzzle
from gridlogic.kinds._shared import refuse_rules
from gridlogic.kinds.lits.steps import EASY_STEPS, name_step
from gridlogic.model import Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "EASY_STEPS", "VALUE_WORDS",
           "HOW_TO_PLAY", "fact_of", "name_step", "from_puzzlink", "to_puzzlink"]

KEY = "lits"
TITLE = "LITS"
HOW_TO_PLAY = ("Shade a tetromino in every room so that all shaded cells are connected, no 2×2 block is shaded, "
               "and no two tetrominoes of the same shape touch across a room border.")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
VALUE_WORDS = sh.VALUE_WORDS
fact_of = sh.fact_of
Solution = tuple          # 0/1 per cell, row by row (1 shaded)
SIZE = 4

EXAMPLES = (
    # pzprjs test/script/lits.js (robx/pzprjs): puzz.link lits/4/4/9q02jg
    Example("pzprjs 4×4", "AABB\nAABC\nABBC\nCCCC\n", (), 1, "#.##\n###.\n#.#.\n####\n"),
    Example("two ways", "BBBC\nBACC\nAACC\nAAAC\n", (), 2),
    Example("impossible", "AAAA\nBBBB\n", (), 0),
)


FORM = grid.Unnumbered(KEY, "lits", SIZE, "a tetromino", "each room holds a tetromino.")


def parse(text: str, rules=(), **_options) -> Puzzle:
    """The rooms, a label per cell (see kinds/_rooms.py)."""
    refuse_rules(KEY, rules)
    return FORM.parse(text)


parse_solution = FORM.parse_solution
format = FORM.format
_cells = FORM.cells


def borders(puzzle: Puzzle) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every two cells side by side in different rooms."""
    room = lambda r, c: puzzle.room[r * puzzle.cols + c]          # noqa: E731
    out = [((r, c), (r, c + 1)) for r in range(puzzle.rows) for c in range(puzzle.cols - 1)]
    out += [((r, c), (r + 1, c)) for r in range(puzzle.rows - 1) for c in range(puzzle.cols)]
    return [(a, b) for a, b in out if room(*a) != room(*b)]


def encode(puzzle: Puzzle, f: Formula) -> None:
    """A tetromino in each room (a clue each), no two of one shape touching (a clue), no 2×2 shaded block,
    the shaded cells connected."""
    sh.show_cells(f, _cells(puzzle))
    shapes = polyominoes.free_polyominoes(SIZE)
    kinds = []
    for k, cells in enumerate(puzzle.rooms()):
        r, c = cells[0]
        with f.clue(("room", k), cells, f"the room at r{r + 1}c{c + 1} (a tetromino)"):
            kinds.append(polyominoes.one_piece(f, cells, shapes, sh.shade, ("room", k)))
    room = lambda cell: puzzle.room[cell[0] * puzzle.cols + cell[1]]      # noqa: E731
    with f.clue(("same shape",), (), "no two tetrominoes of one shape touch"):
        for a, b in borders(puzzle):
            for shape, key in kinds[room(a)].items():
                if shape in kinds[room(b)]:
                    f.clause([Not(sh.cell_shade(*a)), Not(sh.cell_shade(*b)), Not(key), Not(kinds[room(b)][shape])])
    shading.no_2x2(f, puzzle.rows, puzzle.cols, sh.shade)
    connected.connected_cells(f, puzzle.rows, puzzle.cols, sh.shade)


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The shading of a model."""
    return sh.decode_shading(_cells(puzzle), model)


def letter(cells: list[tuple[int, int]]) -> str:
    """The letter of a tetromino by its cells' touching (independent of the encoder's shapes): T has a cell
    with three neighbours, O every cell with two, I four in a line, L three in a line, S none."""
    inside = set(cells)
    degree = sorted(sum((r + dr, c + dc) in inside for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))) for r, c in cells)
    if degree[-1] == 3:
        return "T"
    if degree[0] == 2:
        return "O"
    longest = max(max(sum(r == r0 for r, _ in cells) for r0, _ in cells), max(sum(c == c0 for _, c in cells)
                                                                             for _, c0 in cells))
    return {4: "I", 3: "L"}.get(longest, "S")


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a shading: a 2×2 shaded block, a room whose shaded cells are not four or not
    connected, the shaded cells in parts, two tetrominoes of one shape touching (independent of the
    encoder)."""
    rows, cols = puzzle.rows, puzzle.cols
    shaded = lambda r, c: bool(solution[r * cols + c])          # noqa: E731
    out = [Violation("block", ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)), "a 2×2 block of shaded cells")
           for r in range(rows - 1) for c in range(cols - 1)
           if shaded(r, c) and shaded(r, c + 1) and shaded(r + 1, c) and shaded(r + 1, c + 1)]
    pieces = {}
    for k, cells in enumerate(puzzle.rooms()):
        mine = [cell for cell in cells if shaded(*cell)]
        if len(mine) != SIZE:
            out.append(Violation("count", tuple(cells), f"a room holds {len(mine)} shaded cells, not {SIZE}"))
        elif len(sh.regions(rows, cols, lambda r, c, s=set(mine): (r, c) in s)) > 1:
            out.append(Violation("divided_room", tuple(mine), "a room's shaded cells are not connected"))
        else:
            pieces[k] = letter(mine)
    out += sh.divided(rows, cols, shaded, "divided", "the shaded cells are not connected")
    room = lambda cell: puzzle.room[cell[0] * cols + cell[1]]      # noqa: E731
    seen = set()
    for a, b in borders(puzzle):
        ka, kb = room(a), room(b)
        if shaded(*a) and shaded(*b) and ka in pieces and pieces[ka] == pieces.get(kb) and (ka, kb) not in seen:
            seen.add((ka, kb))
            both = tuple(cell for k in (ka, kb) for cell in puzzle.rooms()[k] if shaded(*cell))
            out.append(Violation("same_shape", both, f"two {pieces[ka]} tetrominoes touch"))
    return out


render = FORM.render
layout = FORM.layout
to_state = grid.to_state


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state, located where a cell is in no room or in two."""
    refuse_rules(KEY, rules)
    return FORM.from_state(state)


# -- puzz.link (pzprjs `lits`: Border) -----------------------------------------------------------------
from_puzzlink = FORM.from_puzzlink
to_puzzlink = FORM.to_puzzlink
