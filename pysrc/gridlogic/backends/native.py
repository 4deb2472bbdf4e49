"""Native backend: runs a kind's own `search` (a backtracker) and counts what it yields."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any


def enumerate_solutions(kind: Any, puzzle: Any, limit: int, *, keep: int | None = None,
                        settle_limit: bool = False,
                        on_progress: Callable[[int], None] | None = None) -> tuple[list[Any], int, bool]:
    """Take up to `limit` solutions from `kind.search`: (first `keep`, how many, whether all)."""
    keep = limit if keep is None else keep
    found, kept = 0, []
    stream = iter(kind.search(puzzle, on_progress=on_progress))
    for solution in itertools.islice(stream, limit):
        found += 1
        if len(kept) < keep:
            kept.append(solution)
    if found < limit:
        return kept, found, True
    if settle_limit:
        return kept, found, next(stream, None) is None
    return kept, found, False


def engine_name() -> str:
    """The name reported in answers."""
    return "native"
