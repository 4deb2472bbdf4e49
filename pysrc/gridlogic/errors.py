"""Typed input errors: each says what is wrong and where.

`where` holds line/col for text, and the locations of gridlogic/layout.py for an editing state: r/c a
cell, row or col a line, cells [[r, c], ...] several cells, edge/index an edge field, mark (with r/c)
a sign between cells, extra an extra field; field names the request field (RequestError).
"""

from __future__ import annotations

import reprlib


class PuzzleError(Exception):
    """Base class of every error caused by the user's input (exit status 2, error envelope)."""

    def __init__(self, message: str, **where: object) -> None:
        super().__init__(message)
        self.message = message
        self.where = {k: v for k, v in where.items() if v is not None}

    def __str__(self) -> str:
        return self.message


class PuzzleSyntaxError(PuzzleError):
    """Text that cannot be read as a puzzle of the kind (bad character, ragged rows, size)."""


class PuzzleRuleError(PuzzleError):
    """A readable puzzle whose givens break a rule outright (e.g. a digit twice in a row)."""


class RequestError(PuzzleError):
    """A request that names an unknown kind, rule, backend, op or option."""


class EngineStopped(Exception):
    """The page's own SAT module stopped (it aborted: out of memory, a fault) during a request. Not the
    input's fault: the module is not used again, and the API asks the request again of python-sat's."""


EXCERPT_CHARS = 40        # characters of input one message quotes at most
MESSAGE_CHARS = 300       # characters of a whole message at most


def excerpt(text: object, limit: int = EXCERPT_CHARS) -> str:
    """A short, printable quote of user input for an error message (`'abc…' (5,000 characters)`)."""
    if not isinstance(text, str):
        return _short_repr(text, limit)
    quoted = repr(text[:limit])
    if len(quoted) > limit + 2:                   # escapes (\t, \x01) made the quote longer
        quoted = quoted[:limit + 1] + "…" + quoted[0]
    elif len(text) > limit:                       # the mark inside: the quote's end is never input
        quoted = quoted[:-1] + "…" + quoted[-1]
    if len(text) <= limit:
        return quoted
    return f"{quoted} ({len(text):,} characters)"


def clip(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` itself when it has at most `limit` characters, else its first ones and `…` (for `where`)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def known_list(head: str, names, sep: str = " ", room: int = MESSAGE_CHARS) -> str:
    """`head` and the names known, `(known: a b c)`, as many of them as a message of `room` characters
    has room for after `head`, the rest counted ("and 5 more")."""
    names = list(names)
    shown = names
    while len(head) + len(sep.join(shown)) + 25 > room and len(shown) > 1:
        shown = shown[:-1]
    more = f" and {len(names) - len(shown)} more" if len(shown) < len(names) else ""
    return f"{head} (known: {sep.join(shown)}{more})"


def type_name(value: object) -> str:
    """How a message names the JSON type of a value ("a number", "a list", "null")."""
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)


def _short_repr(value: object, limit: int) -> str:
    """A bounded repr of a non-string value (huge integers and deep lists included)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 100:
        return f"an integer of about {int(value.bit_length() * 0.30103):,} digits"
    shortener = reprlib.Repr()
    shortener.maxstring = shortener.maxother = limit
    shortener.maxlevel = 3
    try:
        s = shortener.repr(value)
    except (ValueError, RecursionError):
        s = f"a {type(value).__name__}"
    return s if len(s) <= limit else s[:limit] + "…"
