"""The grader's board of a futoshiki: each cell's candidates (a bit per digit), the digits placed, the rows and
columns, and the signs as (smaller cell, larger cell), for the techniques of grading.py (gridlogic/ladder.py)."""

from __future__ import annotations

import functools

from gridlogic.kinds.futoshiki.grid import _signed_pairs
from gridlogic.ladder import Found, Told


def bits(mask: int) -> list[int]:
    """The digits of a candidate mask."""
    return [d for d in range(1, mask.bit_length() + 1) if mask >> (d - 1) & 1]


def sweep_signs(cand: list[int], signs) -> bool:
    """Sweep the signs over the candidates `cand` (changed in place) until none takes a digit more (a < b: b
    keeps digits above a's least, a below b's greatest; the sweep stops at a cell left without digits);
    whether any digit went."""
    changed, any_change = True, False
    while changed:
        changed = False
        for small, large, _ in signs:
            a, b = cand[small], cand[large]
            if not a or not b:
                continue
            keep_b = b & ~((1 << (a & -a).bit_length()) - 1)         # above a's least
            keep_a = a & ((1 << (b.bit_length() - 1)) - 1)           # below b's greatest
            if keep_a != a or keep_b != b:
                cand[small], cand[large] = keep_a, keep_b
                changed = any_change = True
                if not keep_a or not keep_b:            # a cell left without digits: the board is broken
                    return True
    return any_change


def _place(board: Board, i: int, d: int) -> None:
    bit = 1 << (d - 1)
    board.values[i] = d
    board.cand[i] = bit
    cand = board.cand
    for j in board.peers[i]:
        cand[j] &= ~bit


def hidden_singles(board: Board) -> bool:
    """Place every digit that has one place left in a row or column; whether any was."""
    cand = board.cand
    found = {}
    for _, cells in board.units:
        alone = board.alone(cells)
        if alone:
            for j in cells:                     # each digit alone is in one cell's candidates
                m = cand[j] & alone
                if m:
                    found.setdefault(j, (m & -m).bit_length())
    for i, d in found.items():
        _place(board, i, d)
    return bool(found)


def naked_singles(board: Board) -> bool:
    """Place every open cell's one digit left; whether any was."""
    cand, values = board.cand, board.values
    found = [(i, m.bit_length()) for i, m in enumerate(cand) if not values[i] and m and not m & (m - 1)]
    for i, d in found:
        _place(board, i, d)
    return bool(found)


def breaks(board) -> bool:
    """Whether single position, single value and the signs' sweep, in batches from `board` (changed in place),
    reach a contradiction (a cell without digits on the way, or `has_contradiction` where they stop), as a
    trial's climb does (ladder.trial with grading.py's rungs up to medium, `watch`ing). The same verdict as
    that climb: each technique is monotone on boards without a contradiction, and a contradiction stays one
    as candidates go, so both climbs stay inside the other's fixed point until one breaks, and then the
    other's breaks too (tests/test_futoshiki_settling.py compares the grades)."""
    while True:
        if board.is_broken():
            return True
        if not (hidden_singles(board) or naked_singles(board) or sweep_signs(board.cand, board.signs)):
            return board.has_contradiction()


class Board:
    """An N×N futoshiki being solved: `cand` and `values` row-major (0 open), `units` each (name, cells),
    `signs` each (smaller, larger, the sign's clue key)."""

    def __init__(self, n: int, cand: list[int], values: list[int], units, peers, signs) -> None:
        self.n, self.cand, self.values, self.units, self.peers, self.signs = n, cand, values, units, peers, signs
        self.telling = True           # whether techniques work out what their steps rest on (ladder.climb sets it)
        self.budget = None            # the budget of the climb under way (ladder.climb sets it; a trial's climbs keep it)

    @classmethod
    def start(cls, puzzle, entries=()) -> Board:
        n = puzzle.size
        signs = []
        for a, b, mark, sign in _signed_pairs(puzzle):
            small, large = (a, b) if sign in "<^" else (b, a)
            signs.append((small[0] * n + small[1], large[0] * n + large[1], ("sign", mark, *a)))
        values = list(puzzle.givens)
        for r, c, v in entries:
            values[r * n + c] = v
        return cls.of(n, values, signs)

    @classmethod
    def of(cls, n: int, values, signs: list) -> Board:
        """The board of an N×N grid with these digits placed (row-major, 0 open) and signs (as `signs`): as
        `place` would leave it digit by digit (a digit placed twice in a line leaves both cells without
        candidates), in one pass over the lines' digits."""
        units, peers = _geometry(n)
        at = _lines_of(n)                                  # per cell: its row and its column
        seen, twice = [0] * (2 * n), [0] * (2 * n)         # per row, then column: digits placed, placed twice
        for (row, col), d in zip(at, values):
            if d:
                bit = 1 << (d - 1)
                twice[row] |= seen[row] & bit
                seen[row] |= bit
                twice[col] |= seen[col] & bit
                seen[col] |= bit
        everything = (1 << n) - 1
        cand = [(1 << (d - 1)) & ~(twice[row] | twice[col]) if d else everything & ~(seen[row] | seen[col])
                for (row, col), d in zip(at, values)]
        return cls(n, cand, list(values), units, peers, signs)

    def orders(self, small: int, large: int) -> bool:
        """Whether the candidates left put every digit of cell `small` below every digit of cell `large`."""
        return self.cand[small].bit_length() < (self.cand[large] & -self.cand[large]).bit_length()

    def copy(self) -> Board:
        return Board(self.n, list(self.cand), list(self.values), self.units, self.peers, self.signs)

    def cell(self, i: int) -> tuple[int, int]:
        return divmod(i, self.n)

    def fact(self, i: int, d: int | None = None) -> tuple[int, int, int]:
        return (*divmod(i, self.n), self.values[i] if d is None else d)

    def alone(self, cells) -> int:
        """The digits (as bits) with one place left among `cells` and not placed there yet."""
        once = twice = placed = 0
        cand, values = self.cand, self.values
        for i in cells:
            m = cand[i]
            if values[i]:
                placed |= m
            twice |= once & m
            once |= m
        return once & ~twice & ~placed

    def place(self, i: int, d: int) -> None:
        """Place d at cell i: its candidates d alone, d gone from its row and column."""
        bit = 1 << (d - 1)
        self.values[i] = d
        self.cand[i] &= bit
        for j in self.peers[i]:
            self.cand[j] &= ~bit

    def is_full(self) -> bool:
        return all(self.values)

    def apply(self, found: Found) -> None:
        for r, c, d in found.eliminated:
            self.cand[r * self.n + c] &= ~(1 << (d - 1))
        for r, c, d in found.placed:
            self.place(r * self.n + c, d)

    def assume(self, r: int, c: int, d: int) -> None:
        self.place(r * self.n + c, d)

    def options(self) -> list[tuple[int, int, int]]:
        """Every candidate of the open cells, cells with fewest candidates first."""
        cells = sorted((i for i in range(self.n * self.n) if not self.values[i]),
                       key=lambda i: (bin(self.cand[i]).count("1"), i))
        return [(*divmod(i, self.n), d) for i in cells for d in bits(self.cand[i])]

    def rule_out(self, r: int, c: int, d: int, technique: str, score: float) -> Found:
        return Found(technique, score, (), ((r, c, d),), Told(technique, (), ((r, c),)))

    def is_broken(self) -> bool:
        """A quick look for a contradiction: a cell without candidates."""
        return not all(self.cand)

    def has_contradiction(self) -> bool:
        """A cell without candidates, a digit with no place left in a row or column, or a sign its digits break."""
        cand, values = self.cand, self.values
        if not all(cand):
            return True
        everything = (1 << self.n) - 1
        for _, cells in self.units:
            union = 0
            for i in cells:
                union |= cand[i]
            if union != everything:
                return True
            placed = [values[i] for i in cells if values[i]]
            if len(set(placed)) != len(placed):
                return True
        return any(values[a] and values[b] and values[a] >= values[b] for a, b, _ in self.signs)


@functools.lru_cache(maxsize=None)
def _lines_of(n: int) -> list[tuple[int, int]]:
    """Per cell (row-major): its row's and its column's index among the lines (rows 0..N-1, columns N..2N-1)."""
    return [(i // n, n + i % n) for i in range(n * n)]


@functools.lru_cache(maxsize=None)
def _geometry(n: int) -> tuple[list, list]:
    """The rows and columns of an N×N grid as (name, cells), and each cell's peers (its row's and column's)."""
    units = [(f"row {r + 1}", [r * n + c for c in range(n)]) for r in range(n)]
    units += [(f"column {c + 1}", [r * n + c for r in range(n)]) for c in range(n)]
    peers = [[r * n + x for x in range(n) if x != c] + [x * n + c for x in range(n) if x != r]
             for r in range(n) for c in range(n)]
    return units, peers
