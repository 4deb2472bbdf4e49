"""The registry of puzzle kinds: an explicit tuple, no import magic.

Every kind module has the same shape (see `_template.py`): `KEY`, `TITLE`, `EXAMPLES`, `RULES`,
`parse`, `format`, `check`, `render`, `describe`, and either `encode`/`decode` (CNF) or `search`.
"""

from __future__ import annotations

from types import ModuleType

from gridlogic.errors import RequestError, excerpt
from gridlogic.kinds import binary, kakuro, nonogram, numbercross, puzlogic, sudoku

KINDS: tuple[ModuleType, ...] = (sudoku, binary, nonogram, kakuro, puzlogic, numbercross)


def get_kind(key: str) -> ModuleType:
    """The kind module for a key, or a RequestError naming the known ones."""
    for kind in KINDS:
        if kind.KEY == key:
            return kind
    known = " ".join(k.KEY for k in KINDS)
    raise RequestError(f"unknown kind {excerpt(key)} (known: {known})", field="kind")


def is_cnf(kind: ModuleType) -> bool:
    """True for kinds solved through a Formula (encode/decode), False for native search."""
    return hasattr(kind, "encode")


def rule_names(kind: ModuleType) -> tuple[str, ...]:
    """Every rule name a kind accepts: its rules, then its aliases (e.g. sudoku's `miracle`)."""
    return tuple(kind.RULES) + tuple(getattr(kind, "ALIASES", {}))
