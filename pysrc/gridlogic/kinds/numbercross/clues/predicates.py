"""The predicates the search tests numbers with: `test(n)`, `exists_in(lo, hi)` and `prefix_ok(p, k, L)`
(the package docstring says what each answers)."""

from __future__ import annotations

import bisect
import math
from functools import reduce

from gridlogic.kinds.numbercross.clues.grammar import MAX_DIGITS


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
