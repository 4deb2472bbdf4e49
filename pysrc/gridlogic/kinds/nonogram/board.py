"""The grader's board of a nonogram: each cell filled (1), empty (0) or open (-1), row-major, and what each
line's clue tells about its open cells, for the techniques of grading.py (on gridlogic/ladder.py).

A line is read once per change of its cells (`reading`, kept until a cell of it is set): its automaton's
live states (lines.Automaton) give every cell on which all placements agree, and each block's leftmost and
rightmost start over the known cells, from which the simple techniques read: a block's two extreme
placements overlap (simple boxes), no block reaches a cell (simple spaces). What every placement agrees on
beyond those is left to the full enumeration."""

from __future__ import annotations

from gridlogic.kinds.nonogram.lines import automata
from gridlogic.ladder import Found, Told


class Reading:
    """What a line's clue forces on its open cells: the indexes the simple techniques settle (`boxes` filled,
    `spaces` empty), and `placements()`, the (index, value) pairs every placement agrees on beyond those;
    `broken` when the clue cannot fit."""

    __slots__ = ("boxes", "spaces", "broken", "_line", "_placements")

    def __init__(self, boxes=(), spaces=(), broken: bool = False, line=None) -> None:
        self.boxes, self.spaces, self.broken, self._line, self._placements = boxes, spaces, broken, line, None

    def placements(self) -> tuple[tuple[int, int], ...]:
        if self._placements is None:
            out = []
            if self._line is not None:
                auto, cells, known, live = self._line
                simple = set(self.boxes) | set(self.spaces)
                for x, i in enumerate(cells):
                    if known[x] == -1 and i not in simple:
                        empty, filled = auto.cell_values(live, x)
                        if empty != filled:
                            out.append((i, int(filled)))
            self._placements = tuple(out)
        return self._placements


class Board:
    """A W×H nonogram being solved: `values` row-major (-1 open), line k a row (k < H) or column k - H."""

    def __init__(self, puzzle, values: list[int], autos=None, broken: bool = False, probes: int = 0) -> None:
        self.puzzle, self.values, self.broken = puzzle, values, broken
        self.width, self.height = puzzle.width, puzzle.height
        self.autos = autos if autos is not None else automata(puzzle)
        self.telling = True           # whether techniques work out what their steps rest on (ladder.climb sets it)
        self.budget = None            # the budget of the climb under way (ladder.climb sets it)
        self.readings: dict[int, Reading] = {}
        self.probes = probes          # contradictions taken so far (each scores more than the last)

    @classmethod
    def start(cls, puzzle, entries=()) -> Board:
        values = [-1] * (puzzle.width * puzzle.height)
        for r, c, v in entries:
            values[r * puzzle.width + c] = v
        return cls(puzzle, values)

    def copy(self) -> Board:
        return Board(self.puzzle, list(self.values), self.autos, self.broken, self.probes)

    def is_full(self) -> bool:
        return -1 not in self.values

    def cells(self, k: int) -> range:
        """Line k's cells, as indexes into `values`."""
        w, h = self.width, self.height
        return range(k * w, k * w + w) if k < h else range(k - h, w * h, w)

    def name(self, k: int) -> str:
        return f"row {k + 1}" if k < self.height else f"column {k - self.height + 1}"

    def key(self, k: int) -> tuple[str, int]:
        """Line k's clue as the formula names it."""
        return ("row", k) if k < self.height else ("col", k - self.height)

    def fact(self, i: int, v: int) -> tuple[int, int, int]:
        return (*divmod(i, self.width), v)

    def reading(self, k: int) -> Reading:
        """What line k's clue forces now (kept until a cell of the line is set)."""
        found = self.readings.get(k)
        if found is None:
            found = self.readings[k] = _read(self.autos[k], self.cells(k), self.values)
        return found

    def found(self, technique: str, score: float, k: int, i: int, v: int) -> Found:
        """The step "cell i is v" by line k's clue and its known cells."""
        if not self.telling:
            return Found(technique, score, (self.fact(i, v),), (), Told(technique))
        known = tuple(self.fact(j, self.values[j]) for j in self.cells(k) if self.values[j] >= 0)
        return Found(technique, score, (self.fact(i, v),), (),
                     Told(technique, (self.name(k),), (), known, (), (self.key(k),)))

    def apply(self, found: Found) -> None:
        for r, c, v in found.placed:
            self.set(r * self.width + c, v)

    def set(self, i: int, v: int) -> None:
        if self.values[i] == v:
            return
        if self.values[i] != -1:
            self.broken = True
        self.values[i] = v
        r, c = divmod(i, self.width)
        self.readings.pop(r, None)
        self.readings.pop(self.height + c, None)

    def is_broken(self) -> bool:
        return self.broken

    def has_contradiction(self) -> bool:
        """A cell given both values, or a line whose clue no longer fits."""
        return self.broken or any(self.reading(k).broken for k in range(self.width + self.height))


READ_KEPT = 8192            # lines whose reading `_read` keeps (by clue and known cells), across boards
_kept: dict = {}


def _read(auto, cells: range, values: list[int]) -> Reading:
    """A line's Reading (see Board.reading), from what its clue forces on its known cells (`_work`), kept
    by clue and known cells: boards of one puzzle, and of the generator's pictures, read the same lines."""
    known = tuple([values[i] for i in cells])
    found = _kept.get((auto, known))
    if found is None:
        found = _work(auto, known)
        if len(_kept) >= READ_KEPT:
            _kept.clear()
        _kept[auto, known] = found
    if found is False:
        return Reading(broken=True)
    boxes, spaces, live = found
    if live is None:
        return Reading()
    return Reading([cells[x] for x in boxes], [cells[x] for x in spaces], line=(auto, cells, known, live))


def _work(auto, known: tuple[int, ...]):
    """False when the clue does not fit `known`; else the positions the simple techniques fill and empty, and
    the live states (None when no cell is open)."""
    live = auto.live(known)
    if live is None:
        return False
    if -1 not in known:
        return (), (), None
    reach = over = 0                        # bit x: some block's range covers cell x / its extremes share it
    for (left, right), b in zip(auto.spans(live), auto.blocks):
        reach |= (1 << (right + b)) - (1 << left)
        if right < left + b:
            over |= (1 << (left + b)) - (1 << right)
    boxes, spaces = [], []
    for x, v in enumerate(known):
        if v == -1:
            if over >> x & 1:
                boxes.append(x)
            elif not reach >> x & 1:
                spaces.append(x)
    return tuple(boxes), tuple(spaces), live
