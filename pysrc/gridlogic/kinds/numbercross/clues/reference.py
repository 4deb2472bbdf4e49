"""The reference evaluator the checker uses: plain factorisations and generated sequences, sharing no
code with the predicates, so tests can compare the two."""

from __future__ import annotations


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
