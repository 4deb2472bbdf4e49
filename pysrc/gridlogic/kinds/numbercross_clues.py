"""Number cross clue phrases: grammar, predicates for the search, and a reference evaluator.

Grammar (case-insensitive, runs of spaces count as one):

    clue     := term ( "and" term )*
    term     := N ("more" | "less") "than" [ "a" | "an" ] atom      n − N (or n + N) is an atom
              | [ "a" | "an" ] atom
    atom     := "square" | "cube" | "fibonacci" | "palindrome" | "prime"
              | "prime raised to a prime power"                     p^q, p and q prime
              | "power of" K                                        K^e, e ≥ 1, K ≥ 2
              | "multiple of" K                                     K ≥ 1
              | "sum of digits is" K
              | "product of digits ends in" D                       D one digit
    N, K     := decimal integer

Aliases: "perfect square", "perfect cube", "fibonacci number", "prime number", "divisible by K",
plurals ("squares"), "its digits". `and` binds loosest; a shift applies to one atom only. The
canonical text is the first spelling above. "a X" always means a positive X, so "1 more than a
square" is n − 1 ≥ 1 and square.

Each atom compiles to a predicate with `test(n)`, `exists_in(lo, hi)` (False only when no number
of [lo, hi] can satisfy it: the search prunes with it) and `prefix_ok(p, k, L)` (can an L-digit
number whose first k digits read p satisfy it?). `holds(ast, n)` is a separate, plain evaluator
(factorisations, generated sequences) that the kind's checker uses; it shares no code with the
predicates, so tests can compare the two.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import reduce

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


# ---- predicates used by the search ---------------------------------------------------------

class _Pred:
    """A clue on one number: exact `test`, conservative `exists_in` and `prefix_ok`."""

    def test(self, n: int) -> bool:
        raise NotImplementedError

    def exists_in(self, lo: int, hi: int) -> bool:
        return lo <= hi

    def prefix_ok(self, p: int, k: int, length: int) -> bool:
        scale = 10 ** (length - k)
        return self.exists_in(p * scale, p * scale + scale - 1)


def _ceil_root(n: int, q: int, nthroot) -> int:
    if n <= 0:
        return 0
    root, exact = nthroot(n, q)
    return int(root) if exact else int(root) + 1


class _Prime(_Pred):
    def __init__(self, nt) -> None:
        self.isprime, self.nextprime = nt.isprime, nt.nextprime

    def test(self, n: int) -> bool:
        return bool(self.isprime(n))

    def exists_in(self, lo: int, hi: int) -> bool:
        lo = max(lo, 2)
        if hi < lo:
            return False
        if hi - lo > 5000:          # a wider window always holds a prime at these sizes: no pruning
            return True
        return self.nextprime(lo - 1) <= hi


class _Square(_Pred):
    def test(self, n: int) -> bool:
        return n >= 1 and math.isqrt(n) ** 2 == n

    def exists_in(self, lo: int, hi: int) -> bool:
        lo = max(lo, 1)
        root = math.isqrt(lo)
        root += root * root < lo
        return root * root <= hi


class _Roots(_Pred):
    """Perfect cubes (exponent 3) and p^q with p, q prime (exponent None)."""

    def __init__(self, nt, exponent: int | None) -> None:
        self.nthroot, self.exponent, self.prime = nt.integer_nthroot, exponent, _Prime(nt)

    def _exponents(self, n: int):
        if self.exponent:
            return (self.exponent,)
        return tuple(q for q in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61,
                                 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139)
                     if q < n.bit_length())

    def test(self, n: int) -> bool:
        if n < 1:
            return False
        for q in self._exponents(n):
            root, exact = self.nthroot(n, q)
            if exact and (self.exponent or self.prime.test(int(root))):
                return True
        return False

    def exists_in(self, lo: int, hi: int) -> bool:
        lo = max(lo, 1)
        if hi < lo:
            return False
        for q in self._exponents(hi + 1):
            a, b = _ceil_root(lo, q, self.nthroot), int(self.nthroot(hi, q)[0])
            if a <= b and (self.exponent or self.prime.exists_in(a, b)):
                return True
        return False


class _Sequence(_Pred):
    """Members of an increasing sequence (fibonacci, powers of K), listed up to MAX_DIGITS."""

    def __init__(self, members: list[int]) -> None:
        self.members, self.set = members, set(members)

    def test(self, n: int) -> bool:
        return n in self.set

    def exists_in(self, lo: int, hi: int) -> bool:
        i = bisect.bisect_left(self.members, lo)
        return i < len(self.members) and self.members[i] <= hi


def _fibonacci_list() -> list[int]:
    out, a, b = [], 1, 2
    while a < 10 ** MAX_DIGITS:
        out.append(a)
        a, b = b, a + b
    return [0] + out


def _powers_list(k: int) -> list[int]:
    out, x = [], k
    while x < 10 ** MAX_DIGITS:
        out.append(x)
        x *= k
    return out


class _Palindrome(_Pred):
    def test(self, n: int) -> bool:
        s = str(n)
        return n >= 0 and s == s[::-1]

    def prefix_ok(self, p: int, k: int, length: int) -> bool:
        s = str(p)
        return all(s[i] == s[length - 1 - i] for i in range(max(length - k, 0), k) if length - 1 - i < i)

    def exists_in(self, lo: int, hi: int) -> bool:
        lo = max(lo, 0)
        return lo <= hi and _next_palindrome(lo) <= hi


def _next_palindrome(n: int) -> int:
    """The smallest palindrome ≥ n (n ≥ 0)."""
    s = str(n)
    half = s[:(len(s) + 1) // 2]
    candidate = int(half + half[:len(s) // 2][::-1])
    if candidate >= n:
        return candidate
    up = str(int(half) + 1)
    if len(up) > len(half):
        return 10 ** len(s) + 1
    return int(up + up[:len(s) // 2][::-1])


class _Multiple(_Pred):
    def __init__(self, k: int) -> None:
        self.k = k

    def test(self, n: int) -> bool:
        return n % self.k == 0

    def exists_in(self, lo: int, hi: int) -> bool:
        return hi // self.k * self.k >= lo


class _DigitSum(_Pred):
    def __init__(self, k: int) -> None:
        self.k = k

    def test(self, n: int) -> bool:
        return sum(map(int, str(n))) == self.k

    def prefix_ok(self, p: int, k: int, length: int) -> bool:
        s = sum(map(int, str(p)))
        return s <= self.k <= s + 9 * (length - k)


class _DigitProduct(_Pred):
    def __init__(self, d: int) -> None:
        self.d = d

    def test(self, n: int) -> bool:
        return reduce(lambda a, ch: a * int(ch) % 10, str(n), 1) == self.d

    def prefix_ok(self, p: int, k: int, length: int) -> bool:
        r = reduce(lambda a, ch: a * int(ch) % 10, str(p), 1)
        return r == self.d if k == length else any(r * x % 10 == self.d for x in range(10))


class _Shift(_Pred):
    """n − offset satisfies the inner predicate (offset < 0 for "less than")."""

    def __init__(self, offset: int, inner: _Pred) -> None:
        self.offset, self.inner = offset, inner

    def test(self, n: int) -> bool:
        return n - self.offset >= 1 and self.inner.test(n - self.offset)

    def exists_in(self, lo: int, hi: int) -> bool:
        return self.inner.exists_in(max(lo - self.offset, 1), hi - self.offset)


class _All(_Pred):
    def __init__(self, parts: list[_Pred]) -> None:
        self.parts = parts

    def test(self, n: int) -> bool:
        return all(p.test(n) for p in self.parts)

    def exists_in(self, lo: int, hi: int) -> bool:
        return all(p.exists_in(lo, hi) for p in self.parts)

    def prefix_ok(self, p: int, k: int, length: int) -> bool:
        return all(q.prefix_ok(p, k, length) for q in self.parts)


def compile_clue(ast: tuple) -> _Pred:
    """The search predicate of a syntax tree.

    sympy (slow to import, and a separate download in the browser) is imported only by the clues
    that need it: prime, prime raised to a prime power, cube.
    """
    def build(node: tuple) -> _Pred:
        tag = node[0]
        if tag == "and":
            return _All([build(t) for t in node[1:]])
        if tag in ("more", "less"):
            return _Shift(node[1] if tag == "more" else -node[1], build(node[2]))
        if tag in ("prime", "prime_power", "cube"):
            import sympy  # noqa: PLC0415
            return _Prime(sympy) if tag == "prime" else _Roots(sympy, 3 if tag == "cube" else None)
        simple = {"square": _Square, "fibonacci": lambda: _Sequence(_fibonacci_list()), "palindrome": _Palindrome}
        if tag in simple:
            return simple[tag]()
        return {"power": lambda k: _Sequence(_powers_list(k)), "multiple": _Multiple,
                "digit_sum": _DigitSum, "digit_product": _DigitProduct}[tag](node[1])

    return build(ast)


# ---- reference evaluator (the checker's; deliberately plain) -----------------------------

def holds(ast: tuple, n: int) -> bool:
    """Whether the number n satisfies the clue, straight from the definitions."""
    tag = ast[0]
    if tag == "and":
        return all(holds(t, n) for t in ast[1:])
    if tag in ("more", "less"):
        m = n - ast[1] if tag == "more" else n + ast[1]
        return m >= 1 and holds(ast[2], m)
    if tag == "palindrome":
        return str(n) == "".join(reversed(str(n)))
    if tag == "multiple":
        return n % ast[1] == 0
    if tag == "digit_sum":
        return sum(int(ch) for ch in str(n)) == ast[1]
    if tag == "digit_product":
        product = 1
        for ch in str(n):
            product *= int(ch)
        return product % 10 == ast[1]
    if tag in ("fibonacci", "power"):
        a, b = (0, 1) if tag == "fibonacci" else (ast[1], None)
        while a < n:
            a, b = (b, a + b) if tag == "fibonacci" else (a * ast[1], None)
        return a == n
    if n < 2:
        return n == 1 and tag in ("square", "cube")
    from sympy import factorint  # noqa: PLC0415
    exponents = factorint(n)
    if tag == "square":
        return all(e % 2 == 0 for e in exponents.values())
    if tag == "cube":
        return all(e % 3 == 0 for e in exponents.values())
    if tag == "prime":
        return exponents == {n: 1}
    if tag == "prime_power":
        (exponent,) = exponents.values() if len(exponents) == 1 else (1,)
        return exponent > 1 and factorint(exponent) == {exponent: 1}
    raise ValueError(f"unknown clue tag {tag!r}")


# ---- can a clue be met at all? (checked before the search) -------------------------------

_COMPOSITE_ATOMS = {"square": "a square", "cube": "a cube", "prime_power": "a prime raised to a prime power"}


def _terms(ast: tuple) -> list[tuple[int, tuple]]:
    """(offset, atom) per term: the number minus offset satisfies the atom."""
    out = []
    for term in (ast[1:] if ast[0] == "and" else (ast,)):
        if term[0] in ("more", "less"):
            out.append((term[1] if term[0] == "more" else -term[1], term[2]))
        else:
            out.append((0, term))
    return out


def refute(ast: tuple, max_length: int) -> str | None:
    """Why no number of 2..max_length digits meets the clue, when plain without search; else None.

    Needs no sympy (parse calls it): bounds (a multiple of K has at least K, digit sums reach 9 per
    digit) and facts about primes (a square, cube or prime power of 10 or more is not prime).
    """
    hi = 10 ** max_length - 1
    terms = _terms(ast)
    plain = {atom[0]: atom for offset, atom in terms if offset == 0}
    for offset, atom in terms:
        top = hi - offset                       # the largest value the atom may take
        tag = atom[0]
        if top < 1:
            return f"{offset} more than a positive number has more than {max_length} digits"
        if tag in ("multiple", "power") and atom[1] > top:
            return f"{canonical(atom)} needs a number over {max_length} digits"
        if tag == "digit_sum" and offset == 0 and not 1 <= atom[1] <= 9 * max_length:
            return f"the digits of a number of 2 to {max_length} digits add up to 1..{9 * max_length}"
    sums = {atom[1] for offset, atom in terms if offset == 0 and atom[0] == "digit_sum"}
    if len(sums) > 1:
        return "a number has one sum of digits"
    if "palindrome" in plain and "multiple" in plain and plain["multiple"][1] % 10 == 0:
        return "a palindrome of two or more digits never ends in 0"
    if "prime" in plain:
        for tag, name in _COMPOSITE_ATOMS.items():
            if tag in plain:
                return f"{name} of two or more digits is never prime"
        if sums and min(sums) % 3 == 0:
            return f"a number whose digits add up to {min(sums)} is a multiple of 3, so not prime"
        if "multiple" in plain and 1 < plain["multiple"][1] < 10:
            return f"a multiple of {plain['multiple'][1]} of two or more digits is never prime"
    return None


def _iroot(n: int, k: int) -> int:
    """The integer k-th root of n ≥ 0, rounded down."""
    if n < 2:
        return n
    x = 1 << -(-n.bit_length() // k)           # above the root
    while True:
        y = ((k - 1) * x + n // x ** (k - 1)) // k
        if y >= x:
            return x
        x = y


def _members(atom: tuple, lo: int, hi: int, limit: int) -> list[int] | None:
    """Every value of the atom in [lo, hi] when there are at most `limit` and listing is easy, else None."""
    lo = max(lo, 1)
    if hi < lo:
        return []
    tag = atom[0]
    if tag in ("fibonacci", "power"):
        seq = _fibonacci_list() if tag == "fibonacci" else _powers_list(atom[1])
        return [m for m in seq if lo <= m <= hi]
    if tag in ("square", "cube"):
        k = 2 if tag == "square" else 3
        a, b = _iroot(lo - 1, k) + 1, _iroot(hi, k)
        return [x ** k for x in range(a, b + 1)] if b - a < limit else None
    if tag == "multiple":
        a, b = -(-lo // atom[1]), hi // atom[1]
        return [x * atom[1] for x in range(a, b + 1)] if b - a < limit else None
    return None


def can_meet(ast: tuple, pred: _Pred, length: int, budget: int = 3000,
             tick: Callable[[], None] | None = None) -> bool | None:
    """Whether some number of exactly `length` digits meets the clue: True (found one), False
    (proved none), None (undecided within `budget` steps). `tick` is called once per step."""
    if refute(ast, length):
        return False
    lo, hi = 10 ** (length - 1), 10 ** length - 1
    terms = _terms(ast)
    plain = {atom[0]: atom for offset, atom in terms if offset == 0}
    candidates = None
    if "prime" in plain and "multiple" in plain and plain["multiple"][1] > 1:
        candidates = [plain["multiple"][1]]      # a prime multiple of K is K itself
    for offset, atom in terms:
        if candidates is not None:
            break
        found = _members(atom, lo - offset, hi - offset, budget)
        if found is not None:
            candidates = [m + offset for m in found]
    if candidates is not None:
        for n in candidates:
            if tick:
                tick()
            if lo <= n <= hi and pred.test(n):
                return True
        return False
    steps = [0]

    def dfs(prefix: int, k: int) -> bool | None:
        if k == length:
            return pred.test(prefix)
        undecided = False
        for d in range(1 if k == 0 else 0, 10):
            steps[0] += 1
            if tick:
                tick()
            if steps[0] > budget:
                return None
            p = prefix * 10 + d
            if k + 1 < length and not pred.prefix_ok(p, k + 1, length):
                continue
            found = dfs(p, k + 1)
            if found:
                return True
            undecided = undecided or found is None
            if found is None:
                return None
        return None if undecided else False

    return dfs(0, 0)
