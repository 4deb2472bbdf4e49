"""Killer sudoku graded by the techniques a person uses: the cage arithmetic first, then the sudoku
grader's techniques (Sudoku Explainer's scale, the same scores), on the ladder of gridlogic/ladder.py
(cages.py holds the board and the arithmetic). Techniques, easiest first, with their scores:

    easy:
        cage's last cell 1.0: a cage with one open cell holds what its sum still lacks
        hidden singles 1.0, 1.2, 1.5 (sudoku's: a unit's last cell, a box's, a line's)
        cage sum 1.2: a cage's cells keep the digits of the sets that make its sum (two cells of 4: 1, 3)
        cage combinations 1.4: ... of the sets that fit its cells' candidates, each cell the digits a fit
            gives it
        45 rule 1.4: a row, column or box adds up to 45 (1 + ... + N): less the cages inside it, one cell
            left (an innie); or the cages touching it, less 45, one cell outside it (an outie)
    medium:
        direct pointing and claiming 1.7, 1.9, direct hidden pair 2.0, naked single 2.3, direct hidden
        triple 2.5 (sudoku's)
        innies 2.4: the open cells a unit's inside cages leave, 2 to 4 of them, make a cage of their own
            (their sum known, their digits distinct): its combinations
    hard:
        pointing 2.6, claiming 2.8 (sudoku's)
        cage's needed digit 2.7: a digit every fit of a cage uses, whose places in the cage all see a cell:
            that cell loses it (a cage inside a box keeps its needed digits from the rest of the box)
        naked and hidden pairs, triples and quads, X-wing, swordfish, jellyfish, XY- and XYZ-wings,
            3.0 to 5.4 (sudoku's)
    fiendish:
        trial 7.5: a digit set in a cell leads, by singles and cage arithmetic, to a contradiction
A puzzle left stuck scores 10 (fiendish). The grade is the hardest step's score, its level the band (as
sudoku's LEVELS) it falls in. No technique assumes one solution (the sudoku grader's uniqueness
techniques are left out), so a finished grade proves one solution.

Solo's levels against ours: docs/genres/sudoku.md ("Killer levels"), measured in docs/benchmarks.md.
"""

from __future__ import annotations

from gridlogic import ladder
from gridlogic.kinds.sudoku.grading import basic, fish, wings
from gridlogic.kinds.sudoku.grading.board import PEER_RULES, UNIT_RULES, digits_of
from gridlogic.fits import needed, options
from gridlogic.kinds.sudoku.grading.cages import KillerBoard
from gridlogic.kinds.sudoku.grading.told import tell, unit_name, words as sudoku_words
from gridlogic.ladder import Found, Rung, Told

LEVELS = (("easy", 1.5), ("medium", 2.5), ("hard", 6.0), ("fiendish", None))
PROVES_UNIQUE = True         # no technique assumes one solution: a finished grade proves it
STUCK = 10.0
HANDLED_RULES = frozenset(UNIT_RULES + PEER_RULES)
MAX_INNIES = 4               # innies of more open cells are left alone (as a person would)


def applies(puzzle) -> bool:
    """True for killer sudokus: every constraint a cage with a sum, only unit and knight/king rules."""
    return bool(puzzle.constraints) and puzzle.size <= 9 and all(
        con.type == "killer" and con.value is not None for con in puzzle.constraints) and \
        all(rule in HANDLED_RULES for rule in puzzle.rules)


def _told(board: KillerBoard, technique: str, units: tuple[str, ...], cells, keys) -> Told:
    """A cage step told: its cages or unit, the open cells of its pattern, the placed values of the cells
    it reads, the cages' clue keys."""
    if not board.telling:
        return Told(technique)
    placed = tuple(board.fact(i) for i in cells if board.values[i])
    return Told(technique, units, tuple(board.cell(i) for i in cells if not board.values[i]), placed, (), keys)


def last_cell(board: KillerBoard) -> list[Found]:
    """Each cage with one open cell: it holds what the sum still lacks."""
    out = []
    for cage in board.cages:
        open_cells, total, _ = board.lacking(cage)
        if len(open_cells) == 1 and 1 <= total <= board.geo.size and board.cand[open_cells[0]] >> (total - 1) & 1:
            told = _told(board, "cage's last cell", (cage.name,), cage.cells, (cage.key,))
            out.append(Found("cage's last cell", 1.0, (board.fact(open_cells[0], total),), (), told))
    return out


def _narrow(board: KillerBoard, cells: list[int], allowed: list[int], name: str, score: float, units, read,
            keys) -> list[Found]:
    """The step that takes from these cells every candidate outside its allowed mask, if any."""
    gone = tuple(board.fact(i, d) for i, keep in zip(cells, allowed) for d in digits_of(board.cand[i] & ~keep))
    return [Found(name, score, (), gone, _told(board, name, units, read, keys))] if gone else []


def cage_sums(board: KillerBoard, fitted: bool) -> list[Found]:
    """Each cage's cells keep the digits of the sets that make its sum (`fitted`: the sets that fit their
    candidates, each cell the digits a fit gives it)."""
    out = []
    everything = board.geo.all_digits
    for cage in board.cages:
        open_cells, total, placed = board.lacking(cage)
        if len(open_cells) < 2:
            continue
        cands = [board.cand[i] for i in open_cells] if fitted else [everything & ~placed] * len(open_cells)
        allowed = options(cands, total)
        if not any(allowed):
            continue
        name, score = ("cage combinations", 1.4) if fitted else ("cage sum", 1.2)
        out += _narrow(board, open_cells, allowed, name, score, (cage.name,), cage.cells, (cage.key,))
    return out


def _units(board: KillerBoard):
    """Each full unit (rows, columns, boxes: N cells) with its index."""
    geo = board.geo
    return [(u, cells) for u, cells in enumerate(geo.units) if len(cells) == geo.size]


def _inside(board: KillerBoard, cells) -> tuple[list, list[int], int]:
    """A unit's cages lying inside it, the cells they leave, and what those cells add up to."""
    n = board.geo.size
    cellset = set(cells)
    inside = [board.cages[k] for k in sorted({board.cage_of[i] for i in cells if i in board.cage_of})
              if cellset.issuperset(board.cages[k].cells)]
    covered = {i for cage in inside for i in cage.cells}
    rest = [i for i in cells if i not in covered]
    return inside, rest, n * (n + 1) // 2 - sum(cage.total for cage in inside)


def rule_45(board: KillerBoard) -> list[Found]:
    """A unit less the cages inside it leaving one open cell (an innie); the cages touching a unit leaving
    one open cell outside it (an outie): that cell's digit is the difference."""
    out, n, values = [], board.geo.size, board.values
    for u, cells in _units(board):
        inside, rest, total = _inside(board, cells)
        open_rest = [i for i in rest if not values[i]]
        found = []
        if inside and len(open_rest) == 1:
            found.append((open_rest[0], total - sum(values[i] for i in rest), inside, cells))
        touching = {board.cage_of.get(i) for i in cells}
        if None not in touching:
            cages = [board.cages[k] for k in sorted(touching)]
            outside = [i for cage in cages for i in cage.cells if i not in set(cells)]
            open_out = [i for i in outside if not values[i]]
            if len(open_out) == 1 and len(cages) > 1:
                total = sum(cage.total for cage in cages) - n * (n + 1) // 2 - sum(values[i] for i in outside)
                found.append((open_out[0], total, cages, cells + tuple(outside)))
        for i, d, cages, read in found:
            if 1 <= d <= n and board.cand[i] >> (d - 1) & 1:
                told = _told(board, "45 rule", (unit_name(board, u),), read, tuple(cage.key for cage in cages))
                out.append(Found("45 rule", 1.4, (board.fact(i, d),), (), told))
    return out


def innies(board: KillerBoard) -> list[Found]:
    """The open cells (2 to MAX_INNIES) a unit's inside cages leave: a cage of their own, its combinations."""
    out, values = [], board.values
    for u, cells in _units(board):
        inside, rest, total = _inside(board, cells)
        open_rest = [i for i in rest if not values[i]]
        if not inside or not 2 <= len(open_rest) <= MAX_INNIES:
            continue
        allowed = options([board.cand[i] for i in open_rest], total - sum(values[i] for i in rest))
        if any(allowed):
            out += _narrow(board, open_rest, allowed, "innies", 2.4, (unit_name(board, u),), cells,
                           tuple(cage.key for cage in inside))
    return out


def needed_digit(board: KillerBoard) -> list[Found]:
    """A digit every fit of a cage uses: the cells that see all its places in the cage lose it."""
    geo, cand = board.geo, board.cand
    for cage in board.cages:
        open_cells, total, _ = board.lacking(cage)
        if len(open_cells) < 2:
            continue
        cands = [cand[i] for i in open_cells]
        allowed = options(cands, total)
        for d in digits_of(needed(cands, total)):
            bit = 1 << (d - 1)
            where = [i for i, m in zip(open_cells, allowed) if m & bit]
            seen = set.intersection(*(set(geo.peer_sets[i]) for i in where)) - set(cage.cells)
            gone = tuple(board.fact(j, d) for j in sorted(seen) if not board.values[j] and cand[j] & bit)
            if gone:
                told = _told(board, "cage's needed digit", (cage.name,), cage.cells, (cage.key,))
                return [Found("cage's needed digit", 2.7, (), gone, told)]
    return []


def _sudoku(finder):
    """A finder of the sudoku grader (grading/basic.py, fish.py, wings.py) as a rung's: its step told as
    sudoku hints tell it."""
    def find(board: KillerBoard) -> list[Found]:
        step = finder(board)
        if step is None:
            return []
        n = board.geo.size
        placed = tuple((*divmod(i, n), d) for i, d in step.placed)
        eliminated = tuple((*divmod(i, n), d) for i, d in step.eliminated)
        told = Told(step.technique)
        if board.telling:
            said = tell(board, step)
            told = Told(said.technique, said.units, said.pattern, said.values, said.ruled_out)
        return [Found(step.technique, step.score, placed, eliminated, told)]
    return find


_SIMPLE = (
    Rung(1.0, last_cell),
    Rung(1.0, _sudoku(basic.hidden_single)),
    Rung(1.2, lambda board: cage_sums(board, False)),
    Rung(1.4, lambda board: cage_sums(board, True)),
    Rung(1.4, rule_45),
)
_BELOW_TRIAL = _SIMPLE + (
    Rung(1.7, _sudoku(basic.direct_locking)),
    Rung(2.0, _sudoku(lambda board: basic.direct_hidden_set(board, 2))),
    Rung(2.3, _sudoku(basic.naked_single)),
    Rung(2.4, innies),
    Rung(2.5, _sudoku(lambda board: basic.direct_hidden_set(board, 3))),
    Rung(2.6, _sudoku(basic.locking)),
    Rung(2.7, needed_digit),
    Rung(3.0, _sudoku(lambda board: basic.naked_set(board, 2))),
    Rung(3.2, _sudoku(lambda board: fish.fish(board, 2))),
    Rung(3.4, _sudoku(lambda board: basic.hidden_set(board, 2))),
    Rung(3.6, _sudoku(lambda board: basic.naked_set(board, 3))),
    Rung(3.8, _sudoku(lambda board: fish.fish(board, 3))),
    Rung(4.0, _sudoku(lambda board: basic.hidden_set(board, 3))),
    Rung(4.2, _sudoku(lambda board: wings.wing(board, False))),
    Rung(4.4, _sudoku(lambda board: wings.wing(board, True))),
    Rung(5.0, _sudoku(lambda board: basic.naked_set(board, 4))),
    Rung(5.2, _sudoku(lambda board: fish.fish(board, 4))),
    Rung(5.4, _sudoku(lambda board: basic.hidden_set(board, 4))),
)
_TRIAL_RUNGS = (_SIMPLE[0], _SIMPLE[1], Rung(2.3, _sudoku(basic.naked_single))) + _SIMPLE[3:]
RUNGS = _BELOW_TRIAL + (Rung(7.5, lambda board: ladder.trial(board, _TRIAL_RUNGS, 7.5)),)

level_of, _, grade, walk = ladder.grader_functions(KillerBoard, RUNGS, LEVELS, STUCK)


def words(technique: str) -> str:
    """The technique as hints say it: sudoku's in players' words (grading/told.py), the cages' as named."""
    return sudoku_words(technique)
