"""The number cross Puzzle: region letters and canonical clues, refused at once when a clue can never be met."""

from __future__ import annotations

import string
from dataclasses import dataclass

from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, excerpt
from gridlogic.kinds.numbercross.clues import canonical, refute

MAX_SIZE = 26
REGIONS = string.ascii_uppercase + string.ascii_lowercase
SHADED = "#"
SHADED_INPUT = "#xX"
SHADED_ENTRY = 10        # an entry's value for a shaded cell (0-9 are digits)


@dataclass(frozen=True)
class Puzzle:
    """Region letters (one string per row) and the canonical clue phrase of each row."""

    regions: tuple[str, ...]
    clues: tuple[str, ...]

    @property
    def size(self) -> int:
        """Rows (= columns)."""
        return len(self.regions)


Solution = tuple  # one string per row: digits, and "#" for shaded cells


def _make_puzzle(regions: list[str], clues: list[tuple], clue_at) -> Puzzle:
    """The Puzzle of read regions and clue syntax trees, refusing a clue no number of 2..N digits can
    meet when that is plain without sympy; `clue_at(r)` locates row r's clue."""
    n = len(regions)
    for r, ast in enumerate(clues):
        reason = refute(ast, n)
        if reason:
            where = clue_at(r)
            place = f"line {where['line']}: " if "line" in where else ""
            raise PuzzleRuleError(f"{place}the clue of row {r + 1}, {excerpt(canonical(ast))}, can never be met by "
                                  f"a number of 2 to {n} digits: {reason}", **where)
    return Puzzle(tuple(regions), tuple(canonical(ast) for ast in clues))


def _is_region(letter: str) -> bool:
    return len(letter) == 1 and letter in REGIONS


def _not_region(letter: str, place: str, **where) -> PuzzleSyntaxError:
    """The refusal of a cell that holds no region letter."""
    if not letter:
        return PuzzleSyntaxError(f"{place}: no region: paint the cell with a letter", **where)
    return PuzzleSyntaxError(f"{place}: unexpected character {excerpt(letter)} in the region grid (regions are "
                             "letters)", **where)
