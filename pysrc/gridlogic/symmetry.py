"""Solutions up to the grid's symmetries: how many classes of solutions rotation and reflection leave.

A *move* is one of the eight symmetries of a square (four on a grid that is not square: those
that keep rows as rows). A move counts for a puzzle only when it maps the puzzle to itself: the
puzzle's editing state (gridlogic/layout), moved, is the same state. Relabelling digits is not
a move. The moves of a puzzle form a group G, and G moves the solutions among themselves.

Moving a state is each part's own move (gridlogic/layout: one class per part type). It is generic
for cells (each value goes to its moved place) and for the typed parts (cages, lines, dots, outside
clues, shapes: their cells, `more` and directions move; two states compare their items as sets, a
group's cells as a set and a reversible line either way). What a clue or a sign means depends on
the kind, so `SPECS` says it per kind: which line fields are rows and which columns (a transpose
turns one into the other), what a line's clue becomes read backwards (a nonogram clue reverses; a
sum stays), how a sign reads from the other side (futoshiki's `<` under a mirror is `>`), what a
cell's own value becomes (a kakuro clue's down and right sums trade places under a transpose), and
what else a move must respect (a sudoku's boxes and rules, a kakuro clue's reading direction). A
kind without a spec has the identity only, so its classes are its solutions.

Counting: for every subgroup H of G, the SAT backend counts the solutions that every move of H
fixes, the formula plus `var(k) ⇔ var(h(k))` for each shown variable k (shown keys begin with the
tag, then r and c, so a move carries them). By Möbius inversion over the subgroups, that gives the
solutions whose stabiliser is exactly H, whose orbits (classes) have |G|/|H| members each: the
class sizes, and their sum the classes (Burnside's count, refined). No solution is enumerated
beyond those counts, and each is at most the puzzle's count, so a complete count makes them exact.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from types import ModuleType
from typing import Any

from gridlogic.budget import BudgetExceeded
from gridlogic.kinds import layout_of
from gridlogic.layout import GRID_PARTS, move_parts, parts_key
from gridlogic.session import Session


@dataclass(frozen=True)
class Move:
    """A symmetry of the grid: transpose first when `swap`, then reverse the rows / the columns."""

    name: str
    swap: bool
    flip_rows: bool
    flip_cols: bool

    def place(self, r: int, c: int, rows: int, cols: int) -> tuple[int, int]:
        """Where cell (r, c) of a rows×cols grid goes."""
        if self.swap:
            r, c, rows, cols = c, r, cols, rows
        return (rows - 1 - r if self.flip_rows else r), (cols - 1 - c if self.flip_cols else c)

    def line(self, axis: int, index: int, rows: int, cols: int) -> tuple[int, int, bool]:
        """Where line `index` of `axis` (0 rows, 1 columns) goes: (axis, index, read backwards)."""
        start = self.place(index, 0, rows, cols) if axis == 0 else self.place(0, index, rows, cols)
        after = self.place(index, 1, rows, cols) if axis == 0 else self.place(1, index, rows, cols)
        moved_axis = 0 if start[0] == after[0] else 1
        backwards = (after[1] < start[1]) if moved_axis == 0 else (after[0] < start[0])
        return moved_axis, start[moved_axis], backwards


IDENTITY = Move("identity", False, False, False)
MOVES = (IDENTITY, Move("rotate 90", True, False, True), Move("rotate 180", False, True, True),
         Move("rotate 270", True, True, False), Move("mirror left-right", False, False, True),
         Move("mirror top-bottom", False, True, False), Move("transpose", True, False, False),
         Move("anti-transpose", True, True, True))


def _same(value: str, move: Move) -> str:
    return value


def _reverse_words(value: str) -> str:
    return " ".join(reversed(value.split()))


@dataclass(frozen=True)
class Spec:
    """How one kind's state moves. `lines`: edge key -> (axis, family), where a transpose sends a
    family's row field to its column field; `backwards(value)` a line field read the other way;
    `signs`: mark direction -> (first-is-less sign, first-is-greater sign); `cell(value, move)`;
    `allows(puzzle, move)` what else a move must keep (box shape, reading direction)."""

    lines: dict[str, tuple[int, str]] = field(default_factory=dict)
    backwards: Callable[[str], str] = lambda value: value
    signs: dict[str, tuple[str, str]] = field(default_factory=dict)
    cell: Callable[[str, Move], str] = _same
    allows: Callable[[Any, Move], bool] = lambda puzzle, move: True


# Sudoku's indexers read their cells' places in the line: no move but the identity keeps them
_INDEXERS = {"rowindexer", "columnindexer", "boxindexer"}


def _sudoku_allows(puzzle: Any, move: Move) -> bool:
    """True when the move keeps the puzzle's rules (knight, king... read the same turned; the disjoint
    groups within irregular regions, whose reading order moves, and the indexers, which read their
    cells' places, keep the identity only) and its boxes (a quarter turn makes 2×3 boxes 3×2). The
    regions and constraints drawn are the state's parts, which `moves_of` compares."""
    if move == IDENTITY:
        return True
    kept = {"knight", "king", "nonconsecutive", "diagonal", "negative_black", "negative_xv"}
    if puzzle.regions is None:
        kept.add("disjoint")                   # (within irregular regions their reading order moves)
    boxes_kept = puzzle.regions is not None or not move.swap or puzzle.box[0] == puzzle.box[1]
    return (set(puzzle.rules) <= kept and boxes_kept
            and not any(c.type in _INDEXERS for c in puzzle.constraints))


def _kakuro_clue(value: str, move: Move) -> str:
    if move.swap and value.startswith("\\"):
        down, right = value[1:].split(",")
        return f"\\{right},{down}"
    return value


SPECS: dict[str, Spec] = {
    "sudoku": Spec(allows=_sudoku_allows),
    "binary": Spec(),
    "futoshiki": Spec(signs={"h": ("<", ">"), "v": ("^", "v")}),
    "nonogram": Spec(lines={"rows": (0, "clue"), "cols": (1, "clue")}, backwards=_reverse_words),
    "kakuro": Spec(cell=_kakuro_clue, allows=lambda puzzle, move: move.name in ("identity", "transpose")),
    "puzlogic": Spec(lines={"row_all": (0, "all"), "col_all": (1, "all"), "row_blue": (0, "blue"),
                            "col_blue": (1, "blue")}),
}


def move_state(state: dict, move: Move, spec: Spec, layout: dict | None = None) -> dict:
    """The editing state moved, each part by its class (gridlogic/layout): cells to their new places,
    line fields and signs as the kind reads them, the items of typed parts (given the layout) with
    their cells, `more` and directions."""
    rows, cols = state["rows"], state["cols"]
    new_rows, new_cols = (cols, rows) if move.swap else (rows, cols)
    moved = {**state, "rows": new_rows, "cols": new_cols}
    for part in GRID_PARTS:
        if state.get(part.key):
            moved[part.key] = part.move(state[part.key], move, rows, cols, spec)
    if state.get("parts"):
        if layout is None:
            raise ValueError("moving a state with parts needs the kind's layout")
        moved["parts"] = move_parts(layout, state["parts"], move, rows, cols)
    return moved


def same_state(a: dict, b: dict, layout: dict) -> bool:
    """True when two states say the same: equal but for the order of items in a part, of a group's or
    a dot's cells, and the reading of a reversible line."""
    rest = [key for key in {**a, **b} if key != "parts"]
    return (all(a.get(key) == b.get(key) for key in rest)
            and parts_key(layout, a.get("parts") or {}) == parts_key(layout, b.get("parts") or {}))


def moves_of(kind: ModuleType, puzzle: Any) -> list[Move]:
    """The grid symmetries that map the puzzle to itself (the identity at least)."""
    spec = SPECS.get(kind.KEY)
    if spec is None:
        return [IDENTITY]
    state = kind.to_state(puzzle)
    layout = layout_of(kind)
    square = state["rows"] == state["cols"]
    return [move for move in MOVES if (square or not move.swap) and spec.allows(puzzle, move)
            and same_state(move_state(state, move, spec, layout), state, layout)]


def _subgroups(moves: list[Move], rows: int, cols: int) -> list[frozenset[Move]]:
    """Every subgroup of the group `moves` (each generated by at most two moves, as in the square's)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    by_image = {tuple(m.place(r, c, rows, cols) for r, c in cells): m for m in moves}

    def then(a: Move, b: Move) -> Move:
        return by_image[tuple(b.place(*a.place(r, c, rows, cols), rows, cols) for r, c in cells)]

    found = set()
    for pair in combinations(moves, 2):
        group = set(pair) | {IDENTITY}
        while True:
            grown = group | {then(a, b) for a in group for b in group}
            if grown == group:
                break
            group = grown
        found.add(frozenset(group))
    found.add(frozenset({IDENTITY}))
    return sorted(found, key=len, reverse=True)


def _moved_key(key: Any, move: Move, rows: int, cols: int) -> Any:
    r, c = move.place(key[1], key[2], rows, cols)
    return (key[0], r, c) + key[3:]


def count_fixed(session: Session, ask: Any, group: frozenset[Move], limit: int) -> tuple[int, bool]:
    """How many solutions of the session's puzzle every move of `group` leaves as they are, up to
    `limit`: (count, complete), asked of `ask` (sat.Questions to the session's formula), each shown
    variable tied to its moved one for this count only."""
    kind = session.kind
    state = kind.to_state(session.puzzle)
    rows, cols = state["rows"], state["cols"]
    formula = session.formula()
    shown = {formula.key_of(v) for v in formula.shown}
    clauses = []
    for move in group - {IDENTITY}:
        for key in shown:
            moved = _moved_key(key, move, rows, cols)
            if moved not in shown:
                raise ValueError(f"{kind.KEY}: {move.name} takes the shown variable {key} off the solution")
            here, there = formula.var(key), formula.var(moved)
            clauses += [[-here, there], [-there, here]]
    return ask.count(formula, list(formula.assumptions), limit, clauses)


def classes(session: Session, count: int, complete: bool) -> dict:
    """The symmetries of the session's puzzle (a session without entries), its classes of solutions
    under them and how many classes have each size (`{"8": 9}`: nine classes of eight solutions), given
    its `count` of solutions; classes are None when the count is incomplete or the budget runs out
    (then `classes_stopped` is "budget"). The counts of each subgroup are asked of one solver."""
    from gridlogic.backends import sat

    kind, puzzle = session.kind, session.puzzle
    moves = moves_of(kind, puzzle)
    result: dict[str, Any] = {"symmetries": [m.name for m in moves], "classes": None, "class_sizes": None}
    if not complete:
        return result
    if count == 0 or len(moves) == 1:
        result.update(classes=count, class_sizes={"1": count} if count else {})
        return result
    state = kind.to_state(puzzle)
    exact: dict[frozenset[Move], int] = {}
    try:
        formula = session.formula()
        with sat.questions(formula, session.engine or sat.DEFAULT_ENGINE, session.budget) as ask:
            for group in _subgroups(moves, state["rows"], state["cols"]):
                fixed = count if len(group) == 1 else count_fixed(session, ask, group, count)[0]
                exact[group] = fixed - sum(n for other, n in exact.items() if group < other)
    except BudgetExceeded:
        return result | {"classes_stopped": "budget"}
    solutions_by_size: dict[int, int] = {}
    for group, n in exact.items():
        size = len(moves) // len(group)
        solutions_by_size[size] = solutions_by_size.get(size, 0) + n
    sizes = {str(size): n // size for size, n in sorted(solutions_by_size.items()) if n}
    result.update(classes=sum(sizes.values()), class_sizes=sizes)
    return result
