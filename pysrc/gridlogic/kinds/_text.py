"""Reading numbers from user text: ASCII digits only, and never longer than a limit.

`str.isdigit()` accepts `²` and `①`, which `int()` then refuses, and `int()` refuses strings over
4,300 digits; so every kind reads numbers through `is_number` after checking their length.
"""

from __future__ import annotations

DIGITS = frozenset("0123456789")


def is_number(word: str) -> bool:
    """True for a non-empty string of ASCII digits 0-9."""
    return bool(word) and all(ch in DIGITS for ch in word)


def read_number(word: str, max_digits: int = 9) -> int | None:
    """The value of a string of at most `max_digits` ASCII digits, else None."""
    if not is_number(word) or len(word) > max_digits:
        return None
    return int(word)
