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

The package: grammar.py (reading a phrase, its canonical text), predicates.py (what the search tests),
reference.py (`holds`), meeting.py (whether a clue can be met at all: `refute`, `can_meet`).
"""

from __future__ import annotations

from gridlogic.kinds.numbercross.clues.grammar import (GRAMMAR, MAX_CLUE_CHARS, PHRASES, canonical,  # noqa: F401
                                                       parse_clue, validate_clue)
from gridlogic.kinds.numbercross.clues.meeting import can_meet, refute  # noqa: F401
from gridlogic.kinds.numbercross.clues.predicates import _next_palindrome, compile_clue  # noqa: F401
from gridlogic.kinds.numbercross.clues.reference import holds  # noqa: F401
