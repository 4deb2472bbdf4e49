"""Native backend: runs a kind's own `search` (a backtracker) and counts what it yields.

The search always gets an `on_progress` callback; the kind calls it every few thousand nodes,
and that is where the budget is checked (BudgetExceeded unwinds the search generator).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded

_END = object()


def enumerate_solutions(kind: Any, puzzle: Any, limit: int, *, keep: int | None = None,
                        settle_limit: bool = False,
                        on_progress: Callable[[int], None] | None = None,
                        budget: Budget = UNLIMITED) -> tuple[list[Any], int, bool]:
    """Take up to `limit` solutions from `kind.search`: (first `keep`, how many, whether all).

    When `budget` runs out first, BudgetExceeded carries the solutions found so far.
    """
    keep = limit if keep is None else keep

    def report(nodes: int) -> None:
        budget.check()
        if on_progress is not None:
            on_progress(nodes)

    found, kept = 0, []
    complete = False
    stream = iter(kind.search(puzzle, on_progress=report))
    try:
        budget.check()
        while found < limit:
            solution = next(stream, _END)
            if solution is _END:
                complete = True
                break
            found += 1
            if len(kept) < keep:
                kept.append(solution)
            budget.check()
        if not complete and settle_limit:
            complete = next(stream, _END) is _END
    except BudgetExceeded:
        raise BudgetExceeded(found, kept) from None
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    return kept, found, complete


def engine_name() -> str:
    """The name reported in answers."""
    return "native"
