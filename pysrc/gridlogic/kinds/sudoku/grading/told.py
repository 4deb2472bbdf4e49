"""A grader's step told as a hint: the technique in the words sudoku players use (HoDoKu's, SudokuPad's),
the unit it works in, the cells of its pattern, and the few values and ruled-out candidates it rests on.

Read on the board *before* the step (`tell(board, step)`):
- full house: the unit's last empty cell; it rests on nothing but the unit;
- hidden single of d in a unit: each other empty cell of the unit is seen by a d (one value each,
  the first of its peers in box, row, column order), or had d ruled out by an earlier step;
- naked single: each other digit is seen from the cell (one value each), or was ruled out there before;
- pointing and claiming: the digit's places in the box and line they share (the pattern), the units
  named; a direct one ("hidden single after a pointing pair") adds the hidden single it leaves;
- naked and hidden sets, fish: the set's cells (the fish's base cells holding its digit), their unit;
- other techniques (wings, uniqueness, exclusion, chains): the cells they change, with no pattern.
Values are (r, c, d) as cells of the grid, 0-based; ruled-out candidates likewise.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.kinds.sudoku.grading.board import BOX, COLUMN, EXTRA, ROW, Board, Step
from gridlogic.kinds.sudoku.grading.basic import _eliminations, _hidden_sets, _locked

SETS = {2: "pair", 3: "triple", 4: "quad"}


@dataclass(frozen=True)
class Told:
    """What a step is called, where it works and what it rests on."""

    technique: str
    units: tuple[str, ...]                        # "box 3", "row 2": where it works
    pattern: tuple[tuple[int, int], ...]          # the cells of its pattern (a pair, a fish's base)
    values: tuple[tuple[int, int, int], ...]      # the values it rests on
    ruled_out: tuple[tuple[int, int, int], ...]   # the candidates earlier steps ruled out that it rests on


def tell(board: Board, step: Step) -> Told:
    """The step on this board (the one it was found on, before it is applied), told."""
    name = step.technique
    teller = _TELLERS.get(name.split(" (")[0]) or _TELLERS.get(name.rsplit(" ", 1)[0])
    if teller is not None:
        return teller(board, step)
    return Told(words(name), (), (), (), ())


def words(technique: str) -> str:
    """A grader's name (Sudoku Explainer's) in players' words: "Hidden single (last cell)" is a full house,
    names start lower case unless they start with an acronym ("X-wing", "XY-wing", "BUG type 1")."""
    if technique == "Hidden single (last cell)":
        return "full house"
    head = technique.split(" ")[0]
    if technique.startswith("Nishio") or head.isupper() or head[:2].isupper() or "-" in head[:2]:
        return technique
    return technique[0].lower() + technique[1:]


def unit_name(board: Board, u: int) -> str:
    """A unit as players say it: "row 2", "column 5", "box 3", "extra unit 1"."""
    geo = board.geo
    kind = geo.kinds[u]
    same = [v for v, k in enumerate(geo.kinds) if k == kind]
    noun = {ROW: "row", COLUMN: "column", BOX: "box", EXTRA: "extra unit"}[kind]
    return f"{noun} {same.index(u) + 1}"


def _cell(board: Board, i: int) -> tuple[int, int]:
    return divmod(i, board.geo.size)


def _fact(board: Board, i: int, d: int) -> tuple[int, int, int]:
    return (*divmod(i, board.geo.size), d)


def _seen_by(board: Board, i: int, d: int) -> int | None:
    """The first peer of cell i holding d, or None."""
    values = board.values
    return next((j for j in board.geo.peers[i] if values[j] == d), None)


def _single_unit(board: Board, i: int, d: int) -> int:
    """The unit where cell i is d's only place (box first, as the grader looks), or one where i is the
    last empty cell."""
    geo, cand, values = board.geo, board.cand, board.values
    bit = 1 << (d - 1)
    full = [u for u in geo.cell_units[i] if len(geo.units[u]) == geo.size]
    for u in full:
        if all(values[j] or j == i for j in geo.units[u]):
            return u
    return next((u for u in full if all(j == i or values[j] or not cand[j] & bit for j in geo.units[u])), full[0])


def _hidden_reason(board: Board, i: int, d: int, u: int) -> tuple[list, list]:
    """The values and ruled-out candidates that keep d from the unit's other empty cells."""
    values, ruled = [], []
    for j in board.geo.units[u]:
        if j == i or board.values[j]:
            continue
        k = _seen_by(board, j, d)
        if k is not None:
            fact = _fact(board, k, d)
            if fact not in values:
                values.append(fact)
        else:
            ruled.append(_fact(board, j, d))
    return values, ruled


def _full_house(board: Board, step: Step) -> Told:
    (i, d), = step.placed
    return Told("full house", (unit_name(board, _single_unit(board, i, d)),), (), (), ())


def _hidden_single(board: Board, step: Step) -> Told:
    (i, d), = step.placed
    u = _single_unit(board, i, d)
    values, ruled = _hidden_reason(board, i, d, u)
    return Told("hidden single", (unit_name(board, u),), (), tuple(values), tuple(ruled))


def _naked_single(board: Board, step: Step) -> Told:
    (i, d), = step.placed
    values, ruled = [], []
    for e in range(1, board.geo.size + 1):
        if e == d:
            continue
        k = _seen_by(board, i, e)
        if k is not None:
            values.append(_fact(board, k, e))
        else:
            ruled.append(_fact(board, i, e))
    return Told("naked single", (), (), tuple(values), tuple(ruled))


def _locking(board: Board, step: Step, direct: bool) -> Told:
    """Pointing or claiming: the box and line, the digit's places where they cross."""
    d = step.eliminated[0][1]
    bit = 1 << (d - 1)
    gone = sorted(step.eliminated)
    points = "pointing" in step.technique.lower()
    for region, other, common, b, pointing in _locked(board):
        if b == bit and pointing == points and sorted(_eliminations(board, other, common, bit)) == gone:
            places = tuple(sorted(_cell(board, i) for i in common if board.cand[i] & bit))
            kind = "pointing" if pointing else "claiming"
            name = f"{kind} {SETS.get(len(places), 'set')}"
            units = (unit_name(board, region), unit_name(board, other))
            if not direct:
                return Told(name, units, places, (), ())
            (i, d2), = step.placed
            after = board.copy()
            for j, e in step.eliminated:
                after.cand[j] &= ~(1 << (e - 1))
            u = _single_unit(after, i, d2)
            values, ruled = _hidden_reason(after, i, d2, u)
            ruled = [fact for fact in ruled if fact[:2] not in {_cell(board, j) for j, _ in step.eliminated}]
            return Told(f"hidden single after a {name}", (*units, unit_name(board, u)), places,
                        tuple(values), tuple(ruled))
    return Told(words(step.technique), (), (), (), ())


def _set(board: Board, step: Step) -> Told:
    """Naked and hidden sets and fish: the pattern's cells and units."""
    pattern = step.pattern
    name = words(step.technique)
    if pattern is None:                          # a direct hidden set: the set whose cells it clears
        gone = {i for i, _ in step.eliminated}
        degree = 2 if name.endswith("pair") else 3
        u, cells = next(((u, places) for u, _, places, _ in _hidden_sets(board, degree, True) if gone <= places),
                        (None, gone))
        return Told("hidden single after a " + name.removeprefix("direct "),
                    () if u is None else (unit_name(board, u),), tuple(sorted(_cell(board, i) for i in cells)), (), ())
    if pattern[0] == "cells":
        _, cells, _ = pattern
        shared = set.intersection(*(set(board.geo.cell_units[i]) for i in cells))
        gone = {i for i, _ in step.eliminated}
        units = [u for u in sorted(shared) if gone & set(board.geo.units[u])]
        return Told(name, tuple(unit_name(board, u) for u in units), tuple(_cell(board, i) for i in cells), (), ())
    if pattern[0] == "hidden":
        _, u, cells, _ = pattern
        return Told(name, (unit_name(board, u),), tuple(_cell(board, i) for i in cells), (), ())
    _, base, _, bit = pattern
    cells = sorted({_cell(board, i) for u in base for i in board.geo.units[u] if board.cand[i] & bit})
    return Told(name, tuple(unit_name(board, u) for u in base), tuple(cells), (), ())


_TELLERS = {
    "Hidden single": lambda board, step: (_full_house if "last cell" in step.technique else _hidden_single)(board, step),
    "Naked single": _naked_single,
    "Pointing": lambda board, step: _locking(board, step, False),
    "Claiming": lambda board, step: _locking(board, step, False),
    "Direct pointing": lambda board, step: _locking(board, step, True),
    "Direct claiming": lambda board, step: _locking(board, step, True),
    "Direct hidden": _set,
    "Naked": _set, "Hidden": _set,
    "X-wing": _set, "Swordfish": _set, "Jellyfish": _set,
}
