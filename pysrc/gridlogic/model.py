"""The values that flow between layers: examples, answers, violations and boards."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Example:
    """A puzzle shipped with a kind: feeds the UI's menu, tests and browser tests."""

    name: str
    text: str
    rules: tuple[str, ...] = ()
    count: int | None = None          # expected number of solutions (None: not asserted)
    solution: str | None = None       # expected canonical solution text, when unique


@dataclass(frozen=True)
class Violation:
    """One broken rule found by a kind's checker: a stable code and the cells involved."""

    code: str
    cells: tuple[tuple[int, int], ...] = ()
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {"code": self.code, "cells": [list(c) for c in self.cells], "detail": self.detail}


@dataclass(frozen=True)
class Answer:
    """Status + solutions + facts, as every backend reports them."""

    status: str                                  # unique | multiple | none | unknown (stopped early)
    solutions: tuple[Any, ...] = ()              # kind-specific Solution values, first one shown
    count: int | None = None                     # exact count when complete is True
    complete: bool = True                        # False when the limit stopped the count
    engine: str = ""
    stats: dict[str, Any] = field(default_factory=dict)
    stopped: str | None = None                   # why the search ended early: "budget", or None
    kept_stopped: str | None = None              # "budget": it ended before every kept solution was decoded

    @property
    def solution(self) -> Any:
        """The first solution found, or None."""
        return self.solutions[0] if self.solutions else None


@dataclass(frozen=True)
class Board:
    """A display list for the page: a grid of cells with text and a role each, plus decorations, plus
    marks on the lattice (gridlogic/lattice.py's points): `lattice_marks` {look: [[y, x], ...]} with
    look one of line | border | cross | shade | dot | double, drawn as a lattice part draws its choice of that
    look (gridlogic/layout/lattice.py): an answer's loop, its shaded and unshaded cells."""

    rows: int
    cols: int
    cells: tuple[dict[str, Any], ...]            # {"r", "c", "text", "role": given|solved|empty|black|clue}
    extras: dict[str, Any] = field(default_factory=dict)
    lattice_marks: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form (`lattice_marks` only when there are some, its points as [y, x] lists)."""
        out = {"rows": self.rows, "cols": self.cols, "cells": list(self.cells), **self.extras}
        marks = {look: [list(p) for p in points] for look, points in self.lattice_marks.items() if points}
        if marks:
            out["lattice_marks"] = marks
        return out
