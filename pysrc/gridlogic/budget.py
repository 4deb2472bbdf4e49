"""Time budgets: every solve runs against a deadline and answers `unknown` when it passes.

The budget is cooperative (Pyodide has no threads to interrupt a search): backends ask
`check()` between bounded pieces of work (a SAT call limited by conflicts, a batch of search
nodes) and `BudgetExceeded` unwinds to the solver, which reports what was found so far.
Encoding a large puzzle takes seconds too, and it happens deep inside kinds and cached rule
builders that take no budget argument: the solver makes its budget the `active` one while it
encodes, and `Formula` (and any long loop in a kind) calls `tick()`, which checks it now and then.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

DEFAULT_MS = 60_000            # a request without `budget_ms`
MAX_MS = 86_400_000            # one day: the largest `budget_ms` a request may ask for


class BudgetExceeded(Exception):
    """Raised by `Budget.check` once the deadline has passed; caught by the solver, never by users.

    A backend that stops re-raises it with what it had: `found` solutions so far and the first
    ones it kept (`kept`, models or solutions in the backend's own form).
    """

    def __init__(self, found: int = 0, kept: tuple[Any, ...] = ()) -> None:
        super().__init__("the time budget ran out")
        self.found = found
        self.kept = tuple(kept)


class Budget:
    """A deadline `ms` milliseconds from now (None: no deadline)."""

    def __init__(self, ms: float | None = None) -> None:
        self.ms = ms
        self.deadline = None if ms is None else time.monotonic() + ms / 1000

    @property
    def is_bounded(self) -> bool:
        """True when there is a deadline at all."""
        return self.deadline is not None

    def remaining_ms(self) -> float | None:
        """Milliseconds left (never negative), or None without a deadline."""
        if self.deadline is None:
            return None
        return max(0.0, (self.deadline - time.monotonic()) * 1000)

    def is_expired(self) -> bool:
        """True once the deadline has passed."""
        return self.deadline is not None and time.monotonic() >= self.deadline

    def check(self) -> None:
        """Raise BudgetExceeded when the deadline has passed (KeyboardInterrupt after a Ctrl-C, see
        `interrupt`)."""
        if _interrupted[0]:
            raise KeyboardInterrupt
        if self.is_expired():
            raise BudgetExceeded()

    def within(self, ms: float) -> Budget:
        """A budget that runs out `ms` from now or when this one does, whichever comes first: a bounded
        effort for one piece of work (its BudgetExceeded means this one ran out only if `is_expired`)."""
        return _Share(self, ms)


class _Share(Budget):
    """A budget within another (see `Budget.within`)."""

    def __init__(self, whole: Budget, ms: float) -> None:
        remaining = whole.remaining_ms()
        super().__init__(ms if remaining is None else min(ms, remaining))
        self.whole = whole

    def remaining_ms(self) -> float:
        """Milliseconds left in this share and in the whole budget."""
        whole = self.whole.remaining_ms()
        return min(super().remaining_ms(), whole if whole is not None else float("inf"))

    def is_expired(self) -> bool:
        """True once this share's deadline or the whole budget's has passed."""
        return super().is_expired() or self.whole.is_expired()


UNLIMITED = Budget(None)
_interrupted = [False]


def interrupt() -> None:
    """Note a Ctrl-C (the command line's SIGINT handler calls this): from now on every budget's `check`
    raises KeyboardInterrupt, so the interrupt holds even when the one raised at the signal was
    swallowed (it can land inside a finalizer or a C library's callback, which only print it)."""
    _interrupted[0] = True


def first_then_within(budget: Budget, items: Iterable[Any], convert: Callable[[Any], Any]) -> tuple[list[Any], bool]:
    """`convert` applied to the first item always and to the others while `budget` lasts: (the results,
    whether the budget cut them short). Turning kept solutions into text and boards takes seconds for
    thousands of them, after the search has used the budget up."""
    out: list[Any] = []
    for item in items:
        if out and budget.is_expired():
            return out, True
        out.append(convert(item))
    return out, False


_active: list[Budget] = [UNLIMITED]
_ticks = [0]
TICKS_PER_CHECK = 1024


@contextmanager
def active(budget: Budget) -> Iterator[Budget]:
    """Make `budget` the one `tick()` checks, for the duration of a `with` block."""
    _active.append(budget)
    try:
        yield budget
    finally:
        _active.pop()


def tick() -> None:
    """Count one piece of work; every TICKS_PER_CHECK pieces, check the active budget."""
    _ticks[0] += 1
    if _ticks[0] >= TICKS_PER_CHECK:
        _ticks[0] = 0
        _active[-1].check()


def check_active() -> None:
    """Check the active budget now (between pieces of work that each take a while)."""
    _active[-1].check()
