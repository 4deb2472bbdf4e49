"""What f-puzzles and SudokuPad payloads share: lz-string base64 of a JSON text, and numbers in it.

A payload may arrive percent-escaped (a link copied from an address bar), and a link shortener may
have collapsed a `//` inside it to `/` (SudokuPad puts such slashes back until the payload reads; so
does `decode`, trying one and then two of the first 16 slashes doubled, at most MAX_SLASH_TRIES
times). `+` is base64 and is never read as a space here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from urllib.parse import unquote

from gridlogic.links import lzstring
from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.kinds._text import read_number

MAX_SLASH_TRIES = 200
MAX_SLASH_FIX_CHARS = 50_000      # a longer payload is not retried with doubled slashes


def decode(payload: str, what: str, parse: Callable[[str], object] | None = None) -> object:
    """The value of an lz-string base64 payload read by `parse` (JSON), or a PuzzleSyntaxError naming `what`."""
    parse = parse or read_json
    if "%" in payload:
        payload = unquote(payload)
    try:
        return parse(lzstring.decompress_from_base64(payload))
    except PuzzleSyntaxError as first:
        for fixed in slash_fixes(payload):
            try:
                return parse(lzstring.decompress_from_base64(fixed))
            except PuzzleSyntaxError:
                continue
        raise PuzzleSyntaxError(f"{what} payload: {first.message}") from None


def read_json(text: str) -> object:
    """The JSON value of a text, or a PuzzleSyntaxError (deep nesting and huge numbers included)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise PuzzleSyntaxError(f"its text is not JSON: {excerpt(text)}") from None


def slash_fixes(payload: str) -> Iterator[str]:
    """The payload with `//` for one, then two, of its first 16 `/`, at most MAX_SLASH_TRIES of them."""
    if len(payload) > MAX_SLASH_FIX_CHARS:
        return
    slashes = [i for i, ch in enumerate(payload) if ch == "/"][:16]
    for a in slashes:
        yield payload[:a] + "/" + payload[a:]
    tries = len(slashes)
    for i, a in enumerate(slashes):
        for b in slashes[i + 1:]:
            if tries >= MAX_SLASH_TRIES:
                return
            tries += 1
            yield payload[:a] + "/" + payload[a:b] + "/" + payload[b:]


def number(value: object, limit: int = 999) -> int | None:
    """A whole number 0..limit written as a JSON number or a string of digits, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e9:
        value = int(value)
    if isinstance(value, int):
        return value if 0 <= value <= limit else None
    if isinstance(value, str):
        n = read_number(value.strip(), 6)
        return n if n is not None and n <= limit else None
    return None


def text(value: object) -> str:
    """A metadata string, stripped ("" for anything that is not a string)."""
    return value.strip() if isinstance(value, str) else ""
