"""The grader's board of a binary puzzle: each cell 0, 1 or open (None), and the lines (rows, columns) as
lists of cells, for the techniques of grading.py (on gridlogic/ladder.py)."""

from __future__ import annotations

import functools

from gridlogic.ladder import Found, Told


class Board:
    """A W×H grid being solved: `values` row-major (None open), `lines` each (name, cells), rows first."""

    def __init__(self, width: int, height: int, values: list, lines=None, broken: bool = False) -> None:
        self.width, self.height, self.values, self.broken = width, height, values, broken
        self.telling = True           # whether techniques work out what their steps rest on (ladder.climb sets it)
        self.budget = None            # the budget of the climb under way (ladder.climb sets it; a trial's climbs keep it)
        self.lines = lines if lines is not None else _lines(width, height)
        self.windows = _windows(width, height)   # per line, its windows of three cells side by side
        # per technique that looks at one line at a time: the lines it has to look at again (a line where it
        # found nothing stays clear until one of its cells is set)
        self.dirty: dict[str, set[int]] = {}

    @classmethod
    def start(cls, puzzle, entries=()) -> Board:
        values = list(puzzle.givens)
        for r, c, v in entries:
            values[r * puzzle.width + c] = v
        return cls(puzzle.width, puzzle.height, values)

    def copy(self) -> Board:
        return Board(self.width, self.height, list(self.values), self.lines, self.broken)

    def is_full(self) -> bool:
        return None not in self.values

    def cell(self, i: int) -> tuple[int, int]:
        return divmod(i, self.width)

    def fact(self, i: int, v: int | None = None) -> tuple[int, int, int]:
        return (*divmod(i, self.width), self.values[i] if v is None else v)

    def apply(self, found: Found) -> None:
        """Place a step's values (a value ruled out places the other digit)."""
        for r, c, v in found.placed:
            self.set(r * self.width + c, v)
        for r, c, v in found.eliminated:
            self.set(r * self.width + c, 1 - v)

    def set(self, i: int, v: int) -> None:
        if self.values[i] is not None and self.values[i] != v:
            self.broken = True
        self.values[i] = v
        r, c = divmod(i, self.width)
        for lines in self.dirty.values():
            lines.add(r)
            lines.add(self.height + c)

    def to_look_at(self, technique: str) -> set[int]:
        """The lines `technique` has to look at (all, the first time); it clears those where it finds nothing."""
        if technique not in self.dirty:
            self.dirty[technique] = set(range(len(self.lines)))
        return self.dirty[technique]

    def assume(self, r: int, c: int, v: int) -> None:
        self.set(r * self.width + c, v)

    def options(self) -> list[tuple[int, int, int]]:
        """Every open cell's two digits, cells in row-major order."""
        return [(*divmod(i, self.width), v) for i, x in enumerate(self.values) if x is None for v in (0, 1)]

    def rule_out(self, r: int, c: int, v: int, technique: str, score: float) -> Found:
        """The step "not v at (r, c)", told as placing the other digit."""
        return Found(technique, score, ((r, c, 1 - v),), (), Told(technique, (), ((r, c),)))

    def is_broken(self) -> bool:
        """A quick look for a contradiction: a cell given both digits."""
        return self.broken

    def has_contradiction(self) -> bool:
        """Three equal digits in a line, a digit more than half a line, or two full lines alike."""
        if self.broken:
            return True
        values = self.values
        full: dict[tuple[int, bool], set] = {}
        for name, cells in self.lines:
            line = [values[i] for i in cells]
            half = len(line) // 2
            if line.count(0) > half or line.count(1) > half:
                return True
            if any(a is not None and a == b == c for a, b, c in zip(line, line[1:], line[2:])):
                return True
            if None not in line:
                seen = full.setdefault((len(line), name.startswith("row")), set())
                if tuple(line) in seen:
                    return True
                seen.add(tuple(line))
        return False


@functools.lru_cache(maxsize=None)
def _lines(width: int, height: int) -> list[tuple[str, list[int]]]:
    rows = [(f"row {r + 1}", [r * width + c for c in range(width)]) for r in range(height)]
    cols = [(f"column {c + 1}", [r * width + c for r in range(height)]) for c in range(width)]
    return rows + cols


@functools.lru_cache(maxsize=None)
def _windows(width: int, height: int) -> list[tuple[tuple[int, int, int], ...]]:
    return [tuple(zip(cells, cells[1:], cells[2:])) for _, cells in _lines(width, height)]
