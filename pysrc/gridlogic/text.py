"""Reading numbers from user text: ASCII digits only, and never longer than a limit.

`str.isdigit()` accepts `²` and `①`, which `int()` then refuses, and `int()` refuses strings over
4,300 digits, leading zeros included; so every kind reads numbers through `read_number`, which
counts only significant digits and never hands `int()` the raw word.
"""

from __future__ import annotations

DIGITS = frozenset("0123456789")


def is_number(word: str) -> bool:
    """True for a non-empty string of ASCII digits 0-9."""
    return bool(word) and all(ch in DIGITS for ch in word)


def read_number(word: str, max_digits: int = 9) -> int | None:
    """The value of ASCII digits with at most `max_digits` significant digits (any leading zeros), else None."""
    if not is_number(word):
        return None
    digits = word.lstrip("0") or "0"
    return int(digits) if len(digits) <= max_digits else None
