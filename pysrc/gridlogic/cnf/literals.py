"""Literals over named variables: a key (the variable, positive) or `Not(key)`, as a Formula and its parts
(clues.py, laying.py, cardinality.py) take them."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Not:
    """The negation of the variable named by `key`."""

    key: Hashable


Lit = Hashable  # a key (positive) or Not(key)


def negate(lit: Lit) -> Lit:
    """The opposite literal."""
    return lit.key if isinstance(lit, Not) else Not(lit)
