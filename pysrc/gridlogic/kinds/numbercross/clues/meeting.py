"""Can a clue be met at all? Checked before the search: at parse without sympy (`refute`), and per number
length (`can_meet`: a short list of candidates, or a bounded digit search)."""

from __future__ import annotations

from collections.abc import Callable

from gridlogic.kinds.numbercross.clues.grammar import canonical
from gridlogic.kinds.numbercross.clues.predicates import _fibonacci_list, _powers_list, _Pred


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
