"""Clue phrases read: the grammar (the package docstring), the located errors, the canonical text."""

from __future__ import annotations

import re
from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError, excerpt

MAX_DIGITS = 42           # numbers longer than this are never asked about (grids are smaller)
MAX_CLUE_NUMBER_DIGITS = 18   # K, N and D in a clue phrase
MAX_CLUE_CHARS = 200      # one clue phrase

_NUM = r"([0-9]+)"
_ATOMS: tuple[tuple[str, str], ...] = (
    ("prime_power", r"primes?\s+raised\s+to\s+an?\s+prime\s+powers?"),
    ("square", r"(?:perfect\s+)?squares?(?:\s+numbers?)?"),
    ("cube", r"(?:perfect\s+)?cubes?(?:\s+numbers?)?"),
    ("fibonacci", r"fibonacci(?:\s+numbers?)?"),
    ("palindrome", r"palindromes?|palindromic(?:\s+numbers?)?"),
    ("prime", r"primes?(?:\s+numbers?)?"),
    ("power", r"powers?\s+of\s+" + _NUM),
    ("multiple", r"(?:multiples?\s+of|divisible\s+by)\s+" + _NUM),
    ("digit_sum", r"(?:the\s+)?sum\s+of\s+(?:its\s+|the\s+)?digits\s+(?:is|=|equals)\s+" + _NUM),
    ("digit_product", r"(?:the\s+)?product\s+of\s+(?:its\s+|the\s+)?digits\s+ends\s+(?:in|with)\s+" + _NUM),
)
_ATOM_RES = tuple((tag, re.compile(pattern, re.IGNORECASE)) for tag, pattern in _ATOMS)
_SHIFT_RE = re.compile(r"([0-9]+)\s+(more|less)\s+than\s+(?:an?\s+)?", re.IGNORECASE)
_ARTICLE_RE = re.compile(r"(?:an?|is\s+an?|is)\s+", re.IGNORECASE)
_AND_RE = re.compile(r"\s+and\s+", re.IGNORECASE)

PHRASES = ("square", "cube", "fibonacci", "palindrome", "prime", "prime raised to a prime power",
           "power of K", "multiple of K", "sum of digits is K", "product of digits ends in D",
           "N more than a X", "N less than a X", "X and Y")
GRAMMAR = """\
clue  := term ( "and" term )*
term  := N ("more" | "less") "than" ["a" | "an"] atom    (n - N, or n + N, is the atom)
       | ["a" | "an"] atom
atom  := "square" | "cube" | "fibonacci" | "palindrome" | "prime"
       | "prime raised to a prime power" | "power of" K | "multiple of" K
       | "sum of digits is" K | "product of digits ends in" D
N, K  := decimal integer (K >= 2 for power, K >= 1 for multiple); D := one digit"""


@dataclass(frozen=True)
class _At:
    """Where a phrase sits: from column `col` of text line `line`, or in the clue field of `row`."""

    line: int | None = None
    col: int = 1
    row: int | None = None

    def error(self, start: int, message: str) -> PuzzleSyntaxError:
        """A PuzzleSyntaxError about the phrase from its index `start` on."""
        if self.row is not None:
            return PuzzleSyntaxError(f"the clue of row {self.row + 1}, character {start + 1}: {message}",
                                     edge="clues", index=self.row)
        col = self.col + start
        place = f"line {self.line}, column {col}: " if self.line is not None else f"column {col}: "
        return PuzzleSyntaxError(place + message, line=self.line, col=col)


def parse_clue(phrase: str, *, line: int | None = None, col: int = 1, row: int | None = None) -> tuple:
    """The clue's syntax tree, e.g. ("and", ("palindrome",), ("multiple", 23)); errors located at
    `line` and `col` of a text, or at the clue field of `row` of the editing state."""
    at = _At(line, col, row)
    if not isinstance(phrase, str) or not phrase.strip():
        raise at.error(0, "empty clue: expected a phrase such as 'square'")
    if len(phrase.strip()) > MAX_CLUE_CHARS:
        raise at.error(0, f"a clue has at most {MAX_CLUE_CHARS} characters (got {len(phrase.strip()):,}: "
                          f"{excerpt(phrase.strip())})")
    terms = []
    pos = len(phrase) - len(phrase.lstrip())
    end = len(phrase.rstrip())
    for part in _split_and(phrase, pos, end):
        terms.append(_term(phrase, *part, at=at))
    ast = terms[0] if len(terms) == 1 else ("and", *terms)
    written = canonical(ast)
    if len(written) > MAX_CLUE_CHARS:        # "1 more than cube" is written "1 more than a cube"
        raise at.error(0, f"a clue has at most {MAX_CLUE_CHARS} characters written in full (got "
                          f"{len(written):,}: {excerpt(written)})")
    return ast


def validate_clue(phrase: str) -> None:
    """Raise a located PuzzleSyntaxError when `phrase` is not a clue (for typing in the editor)."""
    parse_clue(phrase)


def canonical(ast: tuple) -> str:
    """The canonical phrase of a syntax tree (parse_clue(canonical(t)) == t)."""
    tag = ast[0]
    if tag == "and":
        return " and ".join(canonical(t) for t in ast[1:])
    if tag in ("more", "less"):
        return f"{ast[1]} {tag} than a {canonical(ast[2])}"
    return {"prime_power": "prime raised to a prime power", "power": "power of {}",
            "multiple": "multiple of {}", "digit_sum": "sum of digits is {}",
            "digit_product": "product of digits ends in {}"}.get(tag, tag).format(*ast[1:])


def _split_and(phrase: str, start: int, end: int) -> list[tuple[int, int]]:
    parts, pos = [], start
    for m in _AND_RE.finditer(phrase, start, end):
        parts.append((pos, m.start()))
        pos = m.end()
    parts.append((pos, end))
    return parts


def _term(phrase: str, start: int, end: int, *, at: _At) -> tuple:
    shift = _SHIFT_RE.match(phrase, start, end)
    if shift:
        inner = _atom(phrase, shift.end(), end, at=at)
        return (shift.group(2).lower(), _clue_number(shift, at), inner)
    article = _ARTICLE_RE.match(phrase, start, end)
    if article and _atom_match(phrase, article.end(), end):
        start = article.end()
    return _atom(phrase, start, end, at=at)


def _atom_match(phrase: str, start: int, end: int):
    for tag, regex in _ATOM_RES:
        m = regex.fullmatch(phrase, start, end)
        if m:
            return tag, m
    return None


def _atom(phrase: str, start: int, end: int, *, at: _At) -> tuple:
    found = _atom_match(phrase, start, end)
    if found is None:
        text = phrase[start:end] or phrase.strip()
        known = ", ".join(p for p in PHRASES if "less than" not in p).replace("more than", "more/less than")
        # a shorter quote than elsewhere: the known phrases take most of the message
        raise at.error(start, f"unknown clue phrase {excerpt(text, 30)} (known: {known})")
    tag, m = found
    if not m.groups():
        return (tag,)
    value = _clue_number(m, at)
    problem = {"power": value < 2 and "power of K needs K ≥ 2",
               "multiple": value < 1 and "multiple of K needs K ≥ 1",
               "digit_product": value > 9 and "product of digits ends in one digit (0-9)"}.get(tag)
    if problem:
        raise at.error(m.start(1), f"{excerpt(phrase[start:end])}: {problem}")
    return (tag, value)


def _clue_number(m: re.Match, at: _At) -> int:
    digits = m.group(1)
    if len(digits) > MAX_CLUE_NUMBER_DIGITS:
        raise at.error(m.start(1), f"numbers in clues have at most {MAX_CLUE_NUMBER_DIGITS} digits "
                                   f"(got {len(digits):,})")
    return int(digits)
