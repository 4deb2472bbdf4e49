"""What f-puzzles and SudokuPad payloads share: lz-string base64 of a JSON text, and numbers in it.

A payload may arrive percent-escaped (a link copied from an address bar), and a link shortener may
have collapsed a `//` inside it to `/` (SudokuPad puts such slashes back until the payload reads; so
does `decode`, trying one and then two of the first 16 slashes doubled). A doubled slash changes the
payload only after it, so a try is made only where it changes what the reading before it read (a
payload that went wrong at its third character is not retried at its fortieth); and the tries together
read at most MAX_SLASH_READ characters of payload and unpack at most MAX_SLASH_TEXT characters, and
stop when the active budget (gridlogic/budget.py) runs out. `+` is base64 and is never read as a space
here.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from urllib.parse import unquote

from gridlogic.budget import check_active
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.codecs import lzstring
from gridlogic.text import read_number
from gridlogic.layout import MAX_VALUE

LARGEST = 10 ** MAX_VALUE - 1      # the largest clue value a text or a state holds (MAX_VALUE digits)

MAX_SLASHES = 16                  # the first slashes of a payload that may be doubled
MAX_SLASH_FIX_CHARS = 50_000      # a longer payload is not retried with doubled slashes
MAX_SLASH_READ = 400_000          # characters of payload the tries read at most, all together
MAX_SLASH_TEXT = 1_000_000        # characters the tries unpack at most, all together


def decode(payload: str, what: str, parse: Callable[[str], object] | None = None) -> object:
    """The value of an lz-string base64 payload read by `parse` (JSON), or a PuzzleSyntaxError naming `what`."""
    parse = parse or read_json
    if "%" in payload:
        payload = unquote(payload)
    payload = payload.strip().replace(" ", "+")
    first = _Try(payload, parse, lzstring.MAX_CHARS)
    if first.error is None:
        return first.value
    if len(payload) <= MAX_SLASH_FIX_CHARS:
        fixed = _Retries(payload, parse).fixed(first.read)
        if fixed is not None:
            return fixed.value
    raise PuzzleSyntaxError(f"{what} payload: {first.error.message}") from None


def read_json(text: str) -> object:
    """The JSON value of a text, or a PuzzleSyntaxError (deep nesting and huge numbers included)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise PuzzleSyntaxError(f"its text is not JSON: {excerpt(text)}") from None


class _Try:
    """One payload unpacked and parsed: its `value`, or the `error` that stopped it; `read` and `unpacked`,
    how many characters it read and wrote."""

    def __init__(self, payload: str, parse: Callable[[str], object], max_chars: int) -> None:
        unpacked = lzstring.unpack(payload, lzstring.BASE64, max_chars)
        self.read, self.unpacked, self.error, self.value = unpacked.read, unpacked.written, unpacked.error, None
        if unpacked.error is None:
            try:
                self.value = parse(unpacked.text)
            except PuzzleSyntaxError as error:
                self.error = error


class _Retries:
    """The payload with `//` for one, then two, of its first MAX_SLASHES `/`, tried in that order while
    the work allowed lasts (see the module docstring)."""

    def __init__(self, payload: str, parse: Callable[[str], object]) -> None:
        self.payload, self.parse = payload, parse
        self.slashes = [m.start() for m in itertools.islice(re.finditer("/", payload), MAX_SLASHES)]
        self.read_left, self.text_left = MAX_SLASH_READ, MAX_SLASH_TEXT

    def fixed(self, read: int) -> _Try | None:
        """The first try that reads, or None. `read`: how far the payload itself was read. Doubling the
        slash at `a` changes characters from a + 1 on; doubling another at `b` after it, from b + 2 on."""
        once: list[tuple[int, int]] = []
        for a in self.slashes:
            if a + 1 >= read:
                break
            done = self._try(self.payload[:a] + "/" + self.payload[a:])
            if done is None or done.error is None:
                return done
            once.append((a, done.read))
        for i, (a, read_a) in enumerate(once):
            for b in self.slashes[i + 1:]:
                if b + 2 >= read_a:
                    break
                done = self._try(self.payload[:a] + "/" + self.payload[a:b] + "/" + self.payload[b:])
                if done is None or done.error is None:
                    return done
        return None

    def _try(self, payload: str) -> _Try | None:
        """The payload tried; None when the work allowed is spent (BudgetExceeded when the active budget is)."""
        if self.read_left < len(payload) or self.text_left <= 0:
            return None
        check_active()
        done = _Try(payload, self.parse, min(self.text_left, lzstring.MAX_CHARS))
        self.read_left -= done.read
        self.text_left -= done.unpacked
        return done


def number(value: object, limit: int = LARGEST) -> int | None:
    """A whole number 0..limit written as a JSON number or a string of digits, else None (a clue's value
    by default: as large as the text and the state take, so a link reads what they write)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer() and abs(value) <= LARGEST:
        value = int(value)
    if isinstance(value, int):
        return value if 0 <= value <= limit else None
    if isinstance(value, str):
        n = read_number(value.strip(), MAX_VALUE)
        return n if n is not None and n <= limit else None
    return None


def text(value: object) -> str:
    """A metadata string, stripped ("" for anything that is not a string)."""
    return value.strip() if isinstance(value, str) else ""
