"""Clues, and the blocks of a Formula's clauses that carry them.

Clues are the parts of a puzzle an explanation may name (a given digit, a row's clue, a variant
rule); the grid's basic rules are not clues, they always hold. Each clue has a selector literal
that is assumed true when solving: clauses added inside `with f.clue(key):` carry its negation,
and a `given` is its own selector. Dropping a selector from the assumptions switches the clue off,
which is how the backend finds a minimal set of clues that cannot all hold.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from gridlogic.cnf.literals import Lit


Cell = tuple[int, int]


class Clue(NamedTuple):
    """A nameable part of a puzzle: its key, the literal that switches it on, its cells and a phrase.
    (A named tuple: a puzzle's givens make one each per request, and a tuple is the cheapest to make.)"""

    key: Hashable                    # ("given", r, c), ("rule", "knight"), ("row", r), ...
    selector: int                    # assumed true when solving; dropped, the clue no longer holds
    cells: tuple[Cell, ...] = ()     # the cells to mark on the board
    label: str = ""                  # "the 5 at r1c3", "the knight rule"


class ClueBlocks:
    """A Formula's clues (its part; formula.py holds the variables they are named by)."""

    @contextmanager
    def clue(self, key: Hashable, cells: Iterable[Cell] = (), label: str = "") -> Iterator[Clue]:
        """Guard every clause added inside the block by the clue `key` (assumed on when solving)."""
        clue = self.clues.get(key)
        if clue is None:
            clue = self._add_clue(key, self._selector(("clue", key)), cells, label)
        elif clue.selector != self.pool.obj2id.get(("clue", key)):
            raise ValueError(f"clue {key!r} is a given, not a block of clauses")
        start, made = len(self.clauses), self._made_guarded
        self._guards.append(clue.selector)
        try:
            yield clue
        finally:
            self._guards.pop()
            off = -clue.selector
            if len(self.clauses) - start != self._made_guarded - made:    # some came unguarded
                for c in self.clauses[start:]:           # (a slice: islice would walk from the start)
                    if not c or c[-1] != off:            # (clauses made in an outer block come guarded)
                        c.append(off)

    @property
    def in_clue(self) -> bool:
        """True inside a `clue` block: a clause added now is guarded by its clue."""
        return bool(self._guards)

    def given(self, lit: Lit, key: Hashable, cells: Iterable[Cell] = (), label: str = "") -> Clue:
        """Hold `lit` by assumption as the clue `key` (the literal is its own selector; no clause)."""
        if self._guards:
            raise ValueError("a given inside a clue block would not be guarded by it")
        if key in self.clues:
            raise ValueError(f"clue {key!r} is named twice")
        clue = Clue(key, self.lit(lit), tuple(map(tuple, cells)), label)
        self.hold((clue,))
        return clue

    def hold(self, clues: Iterable[Clue]) -> None:
        """Hold ready-made givens (`Clue`s whose selectors are literals of this formula's pool) by
        assumption: a kind may make its givens' clues once per cached base, and a puzzle's givens
        then cost an entry each (sudoku)."""
        if self._guards:
            raise ValueError("a given inside a clue block would not be guarded by it")
        known, assumptions = self.clues, self.assumptions
        for clue in clues:
            if clue.key in known:
                raise ValueError(f"clue {clue.key!r} is named twice")
            known[clue.key] = clue
            assumptions.append(clue.selector)

    def _add_clue(self, key: Hashable, selector: int, cells: Iterable[Cell], label: str) -> Clue:
        clue = Clue(key, selector, tuple(map(tuple, cells)), label)
        self.clues[key] = clue
        self.assumptions.append(selector)
        return clue
