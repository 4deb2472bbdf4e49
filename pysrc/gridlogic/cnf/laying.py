"""Laying a clause pattern fast: each clause of a pattern kept by its maker (a tuple of tuples of places,
see Formula.pattern) read off the literals' table by one `operator.itemgetter`, made once per pattern.

A getter picks the clause's places and then place 0, where a guarded block's table holds the negation of
its selector, so the clause comes out guarded. Built by C rather than by a comprehension a clause, a
pattern's clauses are laid faster (docs/benchmarks.md, "Variant links against ISS: patterns laid faster").
A pattern made anew at each call (a list) is laid clause by clause: its getters would cost more to make.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

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
