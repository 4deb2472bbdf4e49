"""The links of a board that stay as it is (`StaticLinks`), which static.py's chains and cycles follow and
forcing.py's chains start from: per potential, what it turns off or on by X links (a digit's places) and Y
links (a cell's digits), each digit's X links kept by its places and each cell's Y links by its digits.
"""

from __future__ import annotations

from gridlogic.kinds.sudoku.grading.board import Board, peer_masks

MOST_KEPT = 4096            # digits' X links and cells' Y links kept, each a few hundred bytes at most
_X_LINKS: dict[tuple, tuple] = {}      # digits' X links kept (`_x_links`)
_DIGITS: dict[int, tuple[int, ...]] = {}   # candidate mask -> its digits
_YS: dict[tuple[int, tuple[int, ...]], tuple] = {}   # (cell, its digits) -> its Y links (`_ys`)


class StaticLinks:
    """Every link of a board that stays as it is, as a list indexed by potential: per on potential the off
    potentials it turns off, per off potential the on potentials it turns on (an on and an off potential
    never share an index, so one list holds both ways), by X links, by Y links too, each without repeats, in
    Sudoku Explainer's order (a cell's other digits, then its peers in box, row, column order; a cell's
    last other digit, then the digit's last other place in its box, row and column). Built per pass as
    asked, each digit's X links kept by its places (`_x_links`), a cell's Y links by its digits (`_ys`)."""

    def __init__(self, board: Board) -> None:
        geo, cand = board.geo, board.cand
        self.board = board
        self.digits = [_DIGITS.get(m) or _digits_of(m) for m in cand]
        self.places = [0] * (geo.size + 1)             # digit -> its cells, a bit per cell
        multi = 0
        for i, digits in enumerate(self.digits):
            for d in digits:
                self.places[d] |= 1 << i
            if len(digits) >= 2:
                multi |= 1 << i
        self.multi = multi                             # a bit per cell
        self.peer_masks = peer_masks(geo)
        self.tables: dict[tuple[bool, bool], list] = {}
        self.turned_on: dict[tuple[bool, bool], bytearray] = {}

    def _x(self) -> list:
        geo = self.board.geo
        follow: list = [()] * (len(self.board.cand) << 6)
        for d in range(1, geo.size + 1):
            for p, targets in _x_links(geo, d, self.places[d]):
                follow[p] = targets
        return follow

    def table(self, y_links: bool, x_links: bool) -> list:
        """Potential -> the potentials it turns off (an on one: by X links, and Y links too with `y_links`,
        as Sudoku Explainer's Y-cycles have it) or on (an off one: by the links asked). By Y links only, an
        off potential turns one on in a cell of two digits alone, so a search follows on potentials there
        alone, and only those are listed."""
        key = (y_links, x_links)
        if key not in self.tables:
            if not y_links:
                self.tables[key] = self._x()
            else:
                by_x = self.table(False, True)
                both, by_y = by_x[:], [()] * len(by_x)
                two, pairs = 0, []                       # cells of two digits, a bit per cell and listed
                for i, digits in enumerate(self.digits):
                    if len(digits) == 2:
                        two |= 1 << i
                        pairs.append(i)
                    elif len(digits) > 2:
                        for on, ys in _YS.get((i, digits)) or _ys(i, digits):
                            both[on] = ys + by_x[on]
                for i in pairs:
                    d, e = self.digits[i]
                    for p, q in (((i << 5 | d) << 1, (i << 5 | e) << 1), ((i << 5 | e) << 1, (i << 5 | d) << 1)):
                        by_x_on = by_x[p | 1]
                        both[p | 1] = (q,) + by_x_on
                        # Y links only: an off potential turns one on in a cell of two digits only, so only an
                        # on one there is followed, and to those alone (the others end nothing)
                        by_y[p | 1] = (q,) + tuple([r for r in by_x_on if two >> (r >> 6) & 1])
                        by_y[p] = (q | 1,)
                        both[p] = (q | 1,) + tuple([r for r in by_x[p] if r != q | 1])
                self.tables[(True, True)] = both
                self.tables[(True, False)] = by_y
        return self.tables[key]

    def reached(self, y_links: bool, x_links: bool) -> bytearray:
        """Per potential, 1 for the on potentials that some off one turns on by the links asked (`table`)."""
        key = (y_links, x_links)
        if key not in self.turned_on:
            follow = self.table(y_links, x_links)
            out = bytearray(len(follow))
            for i, digits in enumerate(self.digits):
                for d in digits:
                    for q in follow[(i << 5 | d) << 1]:
                        out[q] = 1
            self.turned_on[key] = out
        return self.turned_on[key]


def _x_links(geo, d: int, places: int) -> tuple:
    """Digit d's X links where its cells are `places` (a bit per cell), as (potential, the potentials it
    turns off or on) for each of its on and off potentials (StaticLinks.table): they read its places alone,
    so they are kept by them (`_X_LINKS`), and a walk's next search mostly meets the same places of all
    digits but one."""
    key = (geo, d, places)
    found = _X_LINKS.get(key)
    if found is not None:
        return found
    out = []
    there = [[j for j in cells if places >> j & 1] for cells in geo.units]
    for i in range(len(geo.peers)):
        if not places >> i & 1:
            continue
        p = (i << 5 | d) << 1
        out.append((p | 1, tuple([(j << 5 | d) << 1 for j in geo.peers[i] if places >> j & 1])))
        partners = []
        for u in geo.cell_units[i]:
            cells = there[u]
            if len(cells) == 2:
                q = (((cells[0] if cells[1] == i else cells[1]) << 5 | d) << 1) | 1
                if q not in partners:
                    partners.append(q)
        out.append((p, tuple(partners)))
    found = tuple(out)
    if len(_X_LINKS) >= MOST_KEPT:
        _X_LINKS.clear()
    _X_LINKS[key] = found
    return found


def _ys(i: int, digits: tuple[int, ...]) -> tuple:
    """Cell i's Y links where its candidates are `digits`: (its on potential, the off potentials it turns
    off) per digit, kept (`_YS`)."""
    offs = [(i << 5 | e) << 1 for e in digits]
    if len(_YS) >= MOST_KEPT:
        _YS.clear()
    out = _YS[(i, digits)] = tuple((p | 1, tuple([q for q in offs if q != p])) for p in offs)
    return out


def _digits_of(mask: int) -> tuple[int, ...]:
    """A candidate mask's digits ascending, kept (`_DIGITS`)."""
    out = _DIGITS[mask] = tuple(d for d in range(1, mask.bit_length() + 1) if mask >> (d - 1) & 1)
    return out
