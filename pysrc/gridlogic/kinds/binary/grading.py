"""Binary puzzles graded by the techniques a person uses, on the ladder of Tatham's Unruly (gridlogic/ladder.py
runs it; board.py holds the grid). Techniques, easiest first, with their scores:

    easy (Unruly's Trivial):
        pair 1.0: two equal digits side by side; the cells either side take the other digit
        sandwich 1.0: two equal digits with one cell between; it takes the other digit
        line balance (last cell) 1.2: a line's last open cell, when one digit has its half
    medium (Unruly's Easy):
        line balance 2.0: a line holding half of one digit; its open cells take the other
        no duplicate line 2.2: a line holding half of a digit d, and a parallel line one d short whose d's
            all sit where the first has its d's: its last d cannot go at the one place that would copy the
            first line there, which takes the other digit (Unruly's uniqueness check)
    hard (Unruly's Normal):
        near-complete line 3.0: a line with one d left and two or more of the other: when three cells side
            by side hold no d and at most one of the other, that d must go among them (else three of the
            other), so the line's open cells outside them take the other digit
    fiendish (beyond Unruly's solver):
        line analysis 6.5: every filling of one line's open cells that keeps rules 1 and 2 and copies no
            full parallel line agrees on a cell
        trial 7.0: a digit set in a cell leads, by the techniques above, to a contradiction
A puzzle left stuck scores 10 (fiendish). The grade is the hardest step's score, its level the band
(LEVELS) it falls in. Every technique is a sound deduction, so a finished grade proves one solution.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from gridlogic import ladder
from gridlogic.kinds.binary import fiendish, settling
from gridlogic.kinds.binary.board import Board
from gridlogic.ladder import Found, Rung, Told

LEVELS = (("easy", 1.5), ("medium", 2.5), ("hard", 6.0), ("fiendish", None))
PROVES_UNIQUE = True         # no technique assumes one solution: a finished grade proves it
UNTOLD_ALIKE = True          # its techniques find the same steps, in the same order, when not told (a rating
                             # grades untold: walks.rate)
LARGEST = 20                 # sides graded (the published sizes); larger grids are rated by the walk
ANALYSIS_MOST = settling.ANALYSIS_MOST  # fillings of one line the line analysis looks through at most
STUCK = 10.0


_UNTOLD: dict[str, Told] = {}


def _untold(technique: str) -> Told:
    """A step's telling in a batch climb, where nothing is told: its technique alone."""
    return _UNTOLD.setdefault(technique, Told(technique))


def _found(board: Board, technique: str, score: float, i: int, v: int, units, values, pattern=()) -> Found:
    if not board.telling:
        width = board.width
        return Found(technique, score, ((i // width, i % width, v),), (), _UNTOLD.get(technique) or _untold(technique))
    told = Told(technique, tuple(units), tuple(board.cell(j) for j in pattern), tuple(board.fact(j) for j in values))
    return Found(technique, score, (board.fact(i, v),), (), told)


def threes(board: Board) -> list[Found]:
    """Pairs and sandwiches: a third equal digit would make three in a line."""
    out, seen, values, lines = [], set(), board.values, board.lines
    dirty = board.to_look_at("threes")
    windows = board.windows
    for index in sorted(dirty):
        before = len(out)
        for a, b, c in windows[index]:        # each window of three cells of the line, in order
            va, vb, vc = values[a], values[b], values[c]
            if va is None:                    # the open cell and the two equal digits beside it
                if vb is None or vb != vc:
                    continue
                target, technique, v, x, y = a, "pair", vb, b, c
            elif vb is None:
                if va != vc:
                    continue
                target, technique, v, x, y = b, "sandwich", va, a, c
            elif vc is None:
                if va != vb:
                    continue
                target, technique, v, x, y = c, "pair", va, a, b
            else:
                continue
            if target not in seen:
                seen.add(target)
                out.append(_found(board, technique, 1.0, target, 1 - v, (lines[index][0],), (x, y)))
        if len(out) == before:
            dirty.discard(index)
    return out


def balance(board: Board, last: bool) -> list[Found]:
    """Line balance: a line holding half of a digit; its open cells take the other (`last`: only lines
    with one open cell left)."""
    out, seen, values = [], set(), board.values
    dirty = board.to_look_at("last" if last else "balance")
    for index in sorted(dirty):
        name, cells = board.lines[index]
        line = [values[i] for i in cells]
        free = line.count(None)
        if not free or last != (free == 1):
            dirty.discard(index)
            continue
        before = len(out)
        half = len(cells) // 2
        for d in (0, 1):
            if line.count(d) == half:
                held = [i for i in cells if values[i] == d]
                for i in cells:
                    if values[i] is None and i not in seen:
                        seen.add(i)
                        out.append(_found(board, "line balance", 1.2 if last else 2.0, i, 1 - d, (name,), held))
        if len(out) == before:
            dirty.discard(index)
    return out


def duplicates(board: Board) -> list[Found]:
    """No duplicate line, Unruly's way (see the module docstring)."""
    out, seen, values, lines = [], set(), board.values, board.lines
    where = [_positions(values, cells) for _, cells in lines]      # per line, per digit: a mask of places
    counts = [(zeros.bit_count(), ones.bit_count()) for zeros, ones in where]
    rows = range(board.height)                                      # (board.lines: the rows, then the columns)
    columns = range(board.height, len(lines))
    for a, (name, cells) in enumerate(lines):
        half = len(cells) // 2
        for d in (0, 1):
            if counts[a][d] != half:
                continue
            mask = where[a][d]
            for b in rows if a < board.height else columns:      # (parallel lines, of its length)
                mine = where[b][d]
                if b == a or counts[b][d] != half - 1 or mine & ~mask:
                    continue
                other, them = lines[b]
                k = (mask & ~mine).bit_length() - 1
                target = them[k]
                if values[target] is None and target not in seen:
                    seen.add(target)
                    held = [cells[j] for j in _bits(mask)] + [them[j] for j in _bits(mine)]
                    out.append(_found(board, "no duplicate line", 2.2, target, 1 - d, (other, name), held))
    return out


def _positions(values: list, cells: list[int]) -> tuple[int, int]:
    """The places of a line's 0s and of its 1s, each as a mask (bit k: the line's k-th cell)."""
    zeros = ones = 0
    for k, i in enumerate(cells):
        v = values[i]
        if v == 0:
            zeros |= 1 << k
        elif v == 1:
            ones |= 1 << k
    return zeros, ones


def _bits(mask: int) -> list[int]:
    """The places set in a mask, in order."""
    return [k for k in range(mask.bit_length()) if mask >> k & 1]


def near_complete(board: Board) -> list[Found]:
    """Near-complete line (see the module docstring)."""
    out, seen, values = [], set(), board.values
    for name, cells in board.lines:
        half = len(cells) // 2
        line = [values[i] for i in cells]
        for d in (0, 1):
            o = 1 - d
            if line.count(d) != half - 1 or line.count(o) > half - 2:
                continue
            for k in range(len(cells) - 2):
                window = line[k:k + 3]
                if d in window or window.count(None) < 2:
                    continue
                inside = set(cells[k:k + 3])
                held = [i for i in cells if values[i] == d] + [i for i in inside if values[i] == o]
                for i in cells:
                    if values[i] is None and i not in inside and i not in seen:
                        seen.add(i)
                        out.append(_found(board, "near-complete line", 3.0, i, o, (name,), held, cells[k:k + 3]))
    return out


def analysis(board: Board) -> list[Found]:
    """Line analysis: what every filling of a line's open cells keeping the rules agrees on (untold, on each
    line's masks: `_analysis_untold`)."""
    if not board.telling:
        return _analysis_untold(board)
    out, seen, values = [], set(), board.values
    for name, cells in board.lines:
        open_at = [k for k, i in enumerate(cells) if values[i] is None]
        line = [values[i] for i in cells]
        need = len(cells) // 2 - line.count(1)
        if not open_at or not 0 <= need <= len(open_at) or comb(len(open_at), need) > ANALYSIS_MOST:
            continue
        full = {tuple(values[i] for i in them) for other, them in board.lines
                if other[0] == name[0] and other != name and len(them) == len(cells)
                and all(values[i] is not None for i in them)}
        common: dict[int, int] | None = None
        for ones in combinations(open_at, need):
            filled = list(line)
            for k in open_at:
                filled[k] = 1 if k in ones else 0
            if tuple(filled) in full or any(a == b == c for a, b, c in zip(filled, filled[1:], filled[2:])):
                continue
            fill = {k: filled[k] for k in open_at}
            common = fill if common is None else {k: v for k, v in common.items() if fill[k] == v}
            if not common:
                break
        for k, v in (common or {}).items():
            if cells[k] not in seen:
                seen.add(cells[k])
                out.append(_found(board, "line analysis", 6.5, cells[k], v, (name,),
                                  [i for i in cells if values[i] is not None]))
    return out


def _analysis_untold(board: Board) -> list[Found]:
    """Line analysis as `analysis` finds it, in the same order (lines in order, cells along each), read from
    fiendish.analysis on the lines' masks of 0s and 1s: the same fillings (half of each digit, no three alike
    side by side, no copy of a full parallel line, a line skipped past ANALYSIS_MOST ways)."""
    out, seen, lines = [], set(), board.lines
    for index, zeros, ones in fiendish.analysis(settling.Lines.of_values(board.width, board.height, board.values)):
        cells = lines[index][1]
        both = zeros | ones
        for k, i in enumerate(cells):
            if both >> k & 1 and i not in seen:
                seen.add(i)
                out.append(_found(board, "line analysis", 6.5, i, ones >> k & 1, (), ()))
    return out


def trial(board: Board) -> list[Found]:
    """Trial (ladder.trial with the rungs up to hard: the first digit, cells in row-major order, 0 then 1, whose
    climb breaks the board), each climb run on bit masks (settling.breaks: the same verdict as the ladder's
    climb with `watch`, tests/test_binary_settling.py)."""
    values, width, height = board.values, board.width, board.height
    lines = settling.Lines.of_values(width, height, values)
    settling.breaks(lines)              # (the rungs below have nothing left here: a copy looks at its cell's lines)
    for i, x in enumerate(values):
        if x is not None:
            continue
        r, c = divmod(i, width)
        for v in (0, 1):
            if board.budget is not None:
                board.budget.check()
            copy = settling.Lines(width, height, list(lines.zeros), list(lines.ones))
            copy.dirty = 0
            copy.add([(r, 0 if v else 1 << c, 1 << c if v else 0)])
            if settling.breaks(copy):
                return [board.rule_out(r, c, v, "trial", 7.0)]
    return []


RUNGS = (
    Rung(1.0, threes),
    Rung(1.2, lambda board: balance(board, True)),
    Rung(2.0, lambda board: balance(board, False)),
    Rung(2.2, duplicates),
    Rung(3.0, near_complete),
    Rung(6.5, analysis),
    Rung(7.0, trial),
)


level_of, words, grade, walk = ladder.grader_functions(Board, RUNGS, LEVELS, STUCK)


def applies(puzzle) -> bool:
    """True for the sizes graded (sides up to LARGEST)."""
    return max(puzzle.width, puzzle.height) <= LARGEST
