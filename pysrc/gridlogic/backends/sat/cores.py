"""Cores: which clues cannot all hold, and a small or minimal set of them.

`core` (which clue selectors an unsatisfiable call needed) and `shrink` (deletion until dropping any
member leaves a model; `shrink_within` bounds each deletion check and keeps the members whose checks it
leaves open); `first_core` (the minimal subset that keeps to the front of an order: what yes/no answers
decide, whichever cores the solver returns) and `first_end` (where its shortest prefix ends);
`minimal_core` is core then shrink.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator

from gridlogic.backends.sat.asking import Asking
from gridlogic.budget import BudgetExceeded

SLOWER_CHECKS = 8              # a bounded deletion check may take this many times the longest settled one
FIRST_CHECK_CONFLICTS = 5_000  # a first core's check left open past this many conflicts keeps its member (the
                               # checks of a 20×20 aquarium's whole walk settle within 500, or not past 300,000)


class Cores(Asking):
    """Cores of the assumptions that have no model, found and shrunk."""

    def core(self, hard: list[int], soft: list[int], ms: float | None = None) -> list[int] | None:
        """The members of `soft` in the solver's core when `hard + soft` has no model (in `soft`'s
        order), or None when it has one (kept, to answer later questions). With `ms`, the call gets
        at most that long: BudgetExceeded when it or the budget runs out (`self.budget` tells which)."""
        if self._satisfiable(hard + soft, ms):
            return None
        return self._last_core(soft)

    def shrink(self, hard: list[int], core: list[int]) -> list[int]:
        """A subset of `core` that still has no model with `hard` and from which no member can be
        dropped (deletion, the last members first, keeping only the solver's core after each
        unsatisfiable call)."""
        return self.shrink_within(hard, core)[0]

    def shrink_within(self, hard: list[int], core: list[int], check_ms: float | None = None,
                      among: Iterable[int] | None = None) -> tuple[list[int], list[int]]:
        """`shrink` with each deletion check bounded (None: by the budget only), trying only the members
        `among` (default: all): a check gets `check_ms`, or SLOWER_CHECKS times the longest check settled
        so far when that is more, and one not settled in time keeps its member (a check far slower than
        the others is left, not waited for). A subset of `core` that still has no model with `hard`, and
        the members whose checks were left open (none: no member can be dropped). When the budget runs
        out, BudgetExceeded carries the subset so far in `kept` (also with no model)."""
        tried = set(core if among is None else among)
        left_open: list[int] = []
        longest = 0.0
        for lit in core[::-1]:
            if lit not in core or lit not in tried:
                continue
            rest = [x for x in core if x != lit]
            start = time.monotonic()
            try:
                satisfiable = self._satisfiable(hard + rest, None if check_ms is None
                                                else max(check_ms, SLOWER_CHECKS * longest))
            except BudgetExceeded:
                if self.budget.is_expired():
                    raise BudgetExceeded(kept=core) from None
                left_open.append(lit)
                continue
            longest = max(longest, (time.monotonic() - start) * 1000)
            if not satisfiable:
                kept = set(self._last_core(rest))
                core = [x for x in rest if x in kept]
        return core, [x for x in left_open if x in core]

    def first_core(self, hard: list[int], soft: list[int]) -> list[int] | None:
        """The minimal subset of `soft` with no model beside `hard` that keeps to the front of `soft`:
        its last member ends the shortest prefix of `soft` with no model, the one before it the
        shortest prefix with no model once that member is held, and so on (in `soft`'s order); None
        when `hard + soft` has a model. It depends on which assumptions have models, not on the
        solver's path: a core found only says how far back the next prefix with no model ends at
        most, and a check with a model says where it ends."""
        members = self._first_members(hard, soft)
        return None if members is None else list(members)[::-1]

    def first_members(self, hard: list[int], soft: list[int]) -> FirstCore | None:
        """`first_core`, its members found one at a time as `FirstCore.grow` asks (None when `hard +
        soft` has a model)."""
        members = self._first_members(hard, soft)
        return None if members is None else FirstCore(members)

    def first_end(self, hard: list[int], soft: list[int], free: int = 0) -> int | None:
        """The length of the shortest prefix of `soft` with no model beside `hard` (0: `hard` has none
        alone), or None when `hard + soft` has a model; see `first_core`. The prefix of length `free` is
        known to have a model (not asked again)."""
        members = self._first_members(hard, soft, free)
        if members is None:
            return None
        last = next(members, None)
        return 0 if last is None else soft.index(last) + 1

    def _first_members(self, hard: list[int], soft: list[int], free: int = 0) -> Iterator[int] | None:
        """`first_core`'s members, the last first, found as they are asked for; None when there is a model.
        (Checks with a model cost more than those without: stepping back core by core beat halving the
        prefix on a killer sudoku's path.) A check still open after FIRST_CHECK_CONFLICTS keeps its member,
        as a model would: the members still have no model together, but may then be more than the first
        core, and which check stays open depends on the engine's search."""
        if self._satisfiable(hard + soft):
            return None
        index: dict[int, int] = {}
        for i, x in enumerate(soft):
            index.setdefault(x, i)          # a literal twice (an entry that restates a given): its first place
        ends = sorted(index[x] for x in self._last_core(soft))

        def members() -> Iterator[int]:
            nonlocal ends
            held: list[int] = []
            while ends:
                end = ends[-1]
                if (not held and end == free) or self._satisfiable(hard + held + soft[:end],
                                                                   conflicts=FIRST_CHECK_CONFLICTS) is not False:
                    held.append(soft[end])
                    ends.pop()                      # the rest of the last core, with it held: no model still
                    yield soft[end]
                else:
                    ends = sorted(index[x] for x in self._last_core(soft[:end]))
        return members()

    def minimal_core(self, hard: list[int], soft: list[int]) -> list[int] | None:
        """A subset of `soft` with no model beside `hard` from which no member can be dropped (the
        solver's core, shrunk), or None when `hard + soft` has a model."""
        core = self.core(hard, soft)
        return None if core is None else self.shrink(hard, core)


class FirstCore:
    """A first core (`Cores.first_core`) found one member at a time, the last first: several can be grown
    side by side, the one with the fewest members first, so the smallest whole one is known once it is
    whole and no other was looked for past its size (questions asked in between leave each one's answers
    as they were: they depend on which assumptions have models alone)."""

    def __init__(self, members: Iterator[int]) -> None:
        self.found: list[int] = []
        self._members: Iterator[int] | None = members

    def grow(self) -> bool:
        """Find one more member; False when there is none (the core is whole)."""
        if self._members is not None:
            member = next(self._members, None)
            if member is not None:
                self.found.append(member)
                return True
            self._members = None
        return False

    @property
    def core(self) -> list[int]:
        """The members found so far, in `soft`'s order (the whole first core once `grow` said False)."""
        return self.found[::-1]
