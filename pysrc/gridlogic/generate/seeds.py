"""Seeds: a random one when none is asked, or one derived from the day for a daily puzzle.

Seeds are below 2^53, so JSON carries them exactly to and from the page. A daily puzzle's seed is the
first 8 bytes (53 bits of them) of sha256("kind|rows×cols|rules|difficulty|symmetry|minimal|date"), with
"|constraints" after the date when constraint families are asked (killer),
so a daily link (`#sudoku/daily/2026-11-25/hard`) opens the same puzzle on every device with no server.

A seed is drawn from per level (`stream`): one seed asked at two levels gives two unrelated puzzles,
each from its own solution grid, not the easier one's grid with a few givens fewer.
"""

from __future__ import annotations

import datetime
import hashlib
import os

MAX_SEED = 2 ** 53 - 1        # the largest whole number JavaScript holds exactly (the page shows seeds)


def daily_seed(kind: str, rows: int, cols: int, rules: tuple[str, ...], difficulty: str, symmetry: str,
               minimal: bool, date: datetime.date, families: tuple[str, ...] = ()) -> int:
    """The seed of the day's puzzle of a kind, size, rules, constraint families, level, symmetry and minimality."""
    fields = (kind, f"{rows}x{cols}", ",".join(sorted(rules)), difficulty, symmetry, "minimal" if minimal else "",
              date.isoformat())
    text = "|".join(fields + ((",".join(sorted(families)),) if families else ()))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & MAX_SEED


def random_seed() -> int:
    """A fresh seed from the system's randomness (reported, so the puzzle can be made again)."""
    return int.from_bytes(os.urandom(8), "big") & MAX_SEED


def stream(seed: int, level: str) -> int:
    """The random stream a seed gives at a level: sha256("seed|level"), its first 8 bytes."""
    return int.from_bytes(hashlib.sha256(f"{seed}|{level}".encode()).digest()[:8], "big")
