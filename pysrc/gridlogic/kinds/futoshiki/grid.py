"""The futoshiki Puzzle: its sizes, its signs, and the clashes a puzzle is refused for."""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleRuleError, PuzzleSyntaxError, RequestError, excerpt

SIZES = range(4, 10)
LIMITS = "4×4 to 9×9 (the size follows from the number of rows); game IDs of those sizes"
CELL = "0123456789."
ACROSS, DOWN = ("<", ">"), ("^", "v")


@dataclass(frozen=True)
class Puzzle:
    """An N×N futoshiki: givens row-major (0 = empty) and the signs between neighbours."""

    size: int
    givens: tuple[int, ...]
    across: tuple[str, ...]      # N×(N-1), row by row: "<" / ">" / "" between (r, c) and (r, c+1)
    down: tuple[str, ...]        # (N-1)×N, row by row: "^" / "v" / "" between (r, c) and (r+1, c)


Solution = tuple  # row-major digits


def refuse_rules(rules) -> None:
    """Futoshiki has no variant rules: any rule name is refused."""
    if any(name.strip() for name in (rules.split(",") if isinstance(rules, str) else rules or ())):
        raise RequestError(f"futoshiki has no variant rules (got {excerpt(rules)})", field="rules")


def _not_a_digit(value, n: int, r: int, c: int, at: str = "", **where) -> PuzzleSyntaxError:
    return PuzzleSyntaxError(f"r{r + 1}c{c + 1}{at}: {excerpt(value)} is not a digit of a {n}×{n} futoshiki "
                             f"(1-{n})", r=r, c=c, **where)


def refuse_clashes(puzzle: Puzzle) -> None:
    """Refuse a digit given twice in a line, or a sign its two given cells break."""
    n, g = puzzle.size, puzzle.givens
    for line, cells in [("row", [(i, c) for c in range(n)]) for i in range(n)] + \
                       [("column", [(r, i) for r in range(n)]) for i in range(n)]:
        seen: dict[int, tuple[int, int]] = {}
        for r, c in cells:
            d = g[r * n + c]
            if d and d in seen:
                r0, c0 = seen[d]
                raise PuzzleRuleError(f"{d} is given twice in {line} {(r if line == 'row' else c) + 1} "
                                      f"(r{r0 + 1}c{c0 + 1} and r{r + 1}c{c + 1})", cells=[[r0, c0], [r, c]])
            seen[d] = (r, c)
    for (r, c), (r2, c2), mark, sign in _signed_pairs(puzzle):
        a, b = g[r * n + c], g[r2 * n + c2]
        if a and b and (a < b) != (sign in "<^"):
            relation = "<" if sign in "<^" else ">"
            raise PuzzleRuleError(f"r{r + 1}c{c + 1} {relation} r{r2 + 1}c{c2 + 1} cannot hold: the givens are "
                                  f"{a} and {b}", mark=mark, r=r, c=c)


def _signed_pairs(puzzle: Puzzle):
    """Each sign as ((r, c), (r2, c2), mark, sign), (r, c) the upper or left cell."""
    n = puzzle.size
    for k, sign in enumerate(puzzle.across):
        if sign:
            r, c = divmod(k, n - 1)
            yield (r, c), (r, c + 1), "h", sign
    for k, sign in enumerate(puzzle.down):
        if sign:
            r, c = divmod(k, n)
            yield (r, c), (r + 1, c), "v", sign
