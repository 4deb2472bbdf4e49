"""Seeds: a random one when none is asked, or one derived from the day for a daily puzzle.

A daily puzzle's seed is the first 8 bytes of sha256("kind|rows×cols|rules|difficulty|symmetry|minimal|date"),
so a daily link (`#sudoku/daily/2026-11-25/hard`) opens the same puzzle on every device with no server.
"""

from __future__ import annotations

import datetime
import hashlib
import os

MAX_SEED = 2 ** 63 - 1


def daily_seed(kind: str, rows: int, cols: int, rules: tuple[str, ...], difficulty: str, symmetry: str,
               minimal: bool, date: datetime.date) -> int:
    """The seed of the day's puzzle of a kind, size, rules, level, symmetry and minimality."""
    text = "|".join((kind, f"{rows}x{cols}", ",".join(sorted(rules)), difficulty, symmetry,
                     "minimal" if minimal else "", date.isoformat()))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & MAX_SEED


def random_seed() -> int:
    """A fresh seed from the system's randomness (reported, so the puzzle can be made again)."""
    return int.from_bytes(os.urandom(8), "big") & MAX_SEED
