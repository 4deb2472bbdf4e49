"""Laying clause patterns: a Formula's `pattern`, `lay` and `pattern_on` (its part; formula.py holds the
variables and clauses) lay clauses worked out once over places (a rule's clauses, kept by the rule) on
the literals of the cells at hand.

Laid fast: each clause of a pattern kept by its maker (a tuple of tuples of places,
see Formula.pattern) read off the literals' table by one `operator.itemgetter`, made once per pattern.

A getter picks the clause's places and then place 0, where a guarded block's table holds the negation of
its selector, so the clause comes out guarded. Built by C rather than by a comprehension a clause, a
pattern's clauses are laid faster (docs/benchmarks.md, "Variant links against ISS: patterns laid faster").
A pattern made anew at each call (a list) is laid clause by clause: its getters would cost more to make.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter, neg

from gridlogic.budget import tick
from gridlogic.cnf.literals import Lit


LIMIT = 4096                 # patterns kept at most (then all forgotten at once)

_GETTERS: dict[int, tuple[Sequence, tuple[Callable, ...]]] = {}


def _alone(table: Sequence[int]) -> tuple[int]:
    """The empty clause, guarded: the guard alone."""
    return (table[0],)


def getters(clauses: tuple[tuple[int, ...], ...]) -> tuple[Callable, ...]:
    """Per clause of `clauses` (a pattern kept by its maker: the same object each time it is laid),
    the getter of its places followed by place 0."""
    made = _GETTERS.get(id(clauses))
    if made is not None and made[0] is clauses:
        return made[1]
    out = tuple(itemgetter(*clause, 0) if clause else _alone for clause in clauses)
    if len(_GETTERS) >= LIMIT:
        _GETTERS.clear()
    _GETTERS[id(clauses)] = (clauses, out)    # (the pattern held, so its id names no other)
    return out


class Laying:
    """Clause patterns laid on a Formula's literals."""

    def pattern(self, lits: Sequence[Lit], clauses: Sequence[Sequence[int]]) -> None:
        """Add clauses written over places in `lits`: in each, k stands for lits[k - 1] and -k for its
        negation (a pattern computed once, from the rule alone, and laid on many groups of cells)."""
        tick()
        self._laid(self.lits(lits), clauses, False)

    def lay(self, ints: Sequence[int], clauses: tuple[tuple[int, ...], ...]) -> None:
        """A pattern kept by its maker (see `pattern`) laid on this formula's integer literals (place k is
        ints[k - 1]). Inside one clue block each clause is a tuple, guarded as made: it is never changed
        after, and the collector stops looking at a tuple of integers once it has seen it, where it walks
        every list again in each collection of its generation (an aquarium's counts lay thousands)."""
        tick()
        self._laid(ints, clauses, True)

    def _laid(self, ints: Sequence[int], clauses: Sequence[Sequence[int]], tuples: bool) -> None:
        table = [0, *ints, *map(neg, reversed(ints))]     # table[k] is place k's literal, table[-k] its negation
        if len(self._guards) != 1:              # (lists: an outer block's end may still add its guard)
            get = table.__getitem__
            self.clauses.extend([[*map(get, clause)] for clause in clauses])
            return
        off = table[0] = -self._guards[0]
        if clauses.__class__ is tuple:          # kept by its maker: laid by getters (see above)
            laid = getters(clauses)
            self.clauses.extend([get(table) for get in laid] if tuples else [[*get(table)] for get in laid])
        else:
            get = table.__getitem__                            # (map: twice a comprehension's speed)
            self.clauses.extend([[*map(get, clause), off] for clause in clauses])
        self._made_guarded += len(clauses)

    def pattern_on(self, lits: Sequence[Lit], clauses: Sequence[Sequence[int]],
                   groups: Iterable[Sequence[int]]) -> None:
        """`pattern(clauses)` laid on each group of `lits`: place k of a group is lits[group[k - 1]]."""
        tick()
        ints = self.lits(lits)
        off = [-self._guards[0]] if len(self._guards) == 1 else []
        out = self.clauses
        made = 0
        laid = getters(clauses) if off and clauses.__class__ is tuple else None
        for group in groups:
            here = [ints[i] for i in group]
            table = [0, *here, *[-x for x in reversed(here)]]
            if laid is None:
                out.extend([[table[k] for k in clause] + off for clause in clauses])
            else:
                table[0] = off[0]
                out.extend([[*get(table)] for get in laid])
            made += len(clauses)
        if off:
            self._made_guarded += made
