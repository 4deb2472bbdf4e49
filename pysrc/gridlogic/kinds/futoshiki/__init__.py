"""Futoshiki (Simon Tatham's Unequal).

Rules: fill an N×N grid (N = 4..9) with 1..N so that every row and every column holds each digit
once (a Latin square), keeping the given digits and every inequality sign between neighbours.

Text: the grid as Tatham's Unequal copies it, 2N-1 lines. A cell line holds N cells (`1`-`9`;
`.` or `0` empty), with `<` or `>` between two cells that have a sign; spaces are free. The line
below it holds `^` (upper < lower) or `v` (upper > lower) under the cell that the sign joins to
the cell below (under a cell of the line above or of the line below), spaces or `.` elsewhere, and
is blank where there is no sign; when there are no vertical signs at all, the blank lines may go.
Also read: a Tatham game ID `N:desc` (params: the size, optionally `d` and a difficulty letter;
random-seed IDs `5de#123` and Adjacent mode `5a:` are refused), or a bare `desc`, whitespace ignored
(an Unequal page's permalink is read by gridlogic.links, through `TATHAM_GAME` and `from_tatham`).
`desc` has one entry per cell, comma separated (a last comma optional): a number (0 empty) followed
by flags `U`, `R`, `D`, `L` for "this cell is greater than its neighbour above / right / below /
left"; a lowercase letter before an entry skips 1..26 empty cells (`a` one). Flags off the grid or on
both sides of one pair are refused, as Tatham refuses them. `to_tatham` writes IDs as Tatham's
generator writes them.

Variables: `("digit", r, c, d)` is true when cell (r, c) holds d (exactly one per cell, per row
and per column digit); `("atleast", r, c, d)` is true when it holds d or more (the order
encoding, channelled to the digits). A sign a < b becomes N clauses atleast(a, d) → atleast(b,
d+1), so unit propagation moves bounds along a chain of signs (a ≥ 3 forces b ≥ 4) before any
digit is placed; the direct encoding would need N(N+1)/2 clauses per sign and propagate only
placed digits. Each ordered neighbour pair has a selector `("less", r, c, r2, c2)` guarding its
clauses: the rules of a size are cached, and givens and signs are assumptions, so one solver
serves every puzzle of a size. Solutions are counted over the digit variables only. Each given
(`("given", r, c)`) and each sign (`("sign", "h" or "v", r, c)`, its `less` selector) is a clue an
explanation may name, held by assumption; the Latin square always holds.

The package: grid.py (the Puzzle, its signs, the clashes refused), text.py (the drawn grid),
gameid.py (Tatham's game IDs), steps.py (naming a step of a SAT walk), grading.py and board.py (the
grader: Unequal's techniques, for hints, levels and the generator), maker.py, filling.py, settling.py
and squares.py (the generator's, its search for a Latin square, its ladder written for a batch, and every
4×4 square for uniqueness); this module wires the kind's contract (encode,
check, render, layout, states).
"""

from __future__ import annotations

import functools

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.cnf.formula import Formula, Model, Not
from gridlogic.kinds._shared import given_cells
from gridlogic.kinds.futoshiki.gameid import from_tatham, to_tatham
from gridlogic.kinds.futoshiki.grid import (ACROSS, DOWN, SIZES, Puzzle, Solution, _not_a_digit, _signed_pairs,
                                            refuse_clashes, refuse_rules)
from gridlogic.kinds.futoshiki.steps import name_step
from gridlogic.kinds.futoshiki.text import format, parse, parse_solution
from gridlogic.cnf.latin import latin_square
from gridlogic.layout.moves import Symmetry
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode", "TATHAM_GAME", "GIVEN_VALUES",
           "HOW_TO_PLAY", "SYMMETRY", "fact_of", "name_step", "from_tatham", "to_tatham", "makers", "grader"]

KEY = "futoshiki"
TITLE = "Futoshiki"
HOW_TO_PLAY = ("Put a digit in every empty cell so that each row and each column holds every digit once, and "
               "every sign between two cells holds (< and ^ point at the smaller).")
RULES: tuple[str, ...] = ()
ALIASES: dict[str, tuple[str, ...]] = {}
NEEDS: tuple[str, ...] = ()
GIVEN_VALUES = True          # givens are cell values (setter helpers)
TATHAM_GAME = "unequal"      # its game in Simon Tatham's collection (from_tatham, to_tatham)
SYMMETRY = Symmetry(signs={"h": ("<", ">"), "v": ("^", "v")})   # a sign read from the other side

EXAMPLES = (
    Example("4x4", ". . . .\n    v\n. . . 4\n^\n2 . . .\n    v\n.>. . .", (), 1, "3142\n1324\n2431\n4213"),
    Example("5x5", ".>.<. . .\n\n. . . . .\n\n.>. . . .\n      v v\n3 . . . .\n  ^   ^\n.>. . . .", (), 1,
            "21453\n15342\n43125\n32514\n54231"),
    Example("7x7 hard", ".<. 6 . . . .\n  ^   ^   ^\n. . . . . .>.\nv\n.>. .<.>.>. .\n^\n. . .>. . . .\n"
            "            ^\n.<.<.<. . . .\nv ^       v ^\n. .<. . . . .\n  v     v   v\n6 .>. . . . .", (), 1,
            "4563712\n7634251\n3156427\n5721643\n2347165\n1472536\n6215374"),
    Example("game ID 5x5", "5:0,0R,0,5,2,0U,0,0,0,4,0D,0UD,0,0U,0,0,0,0,0L,0,0,0R,0,0,0L,", (), 1),
    Example("several 6x6", ".<.<. 3 . .\n        v\n. . . . . .\n  ^\n. . . . .>.\n\n. 6 . . . .\n    ^ v\n"
            ".<.>. . . 3\n      v\n. . . . . .", (), 5),
    Example("impossible 6x6", ".<.<. 3 . .\n        v\n. . . . . .\n  ^ ^\n. . . . .>.\n\n. 6 . . . .\n"
            "    ^ v\n.<.>. .>. 3\n      v\n. . . . . .", (), 0),
)


@functools.lru_cache(maxsize=8)
def rules_formula(size: int) -> Formula:
    """The Latin square of this size, its order variables and every guarded sign (cached)."""
    f = Formula()
    n = size
    cells = [(r, c) for r in range(n) for c in range(n)]
    latin_square(f, n)
    for r, c in cells:
        for d in range(2, n + 1):
            f.implies(("digit", r, c, d), ("atleast", r, c, d))
            if d < n:
                f.implies(("atleast", r, c, d + 1), ("atleast", r, c, d))
            f.implies(("digit", r, c, d - 1), Not(("atleast", r, c, d)))
            f.implies([("atleast", r, c, d)] + ([Not(("atleast", r, c, d + 1))] if d < n else []),
                      ("digit", r, c, d))
        f.implies(Not(("atleast", r, c, 2)), ("digit", r, c, 1))
    for (r, c) in cells:
        for r2, c2 in ((r, c + 1), (r + 1, c)):
            if r2 < n and c2 < n:
                for a, b in (((r, c), (r2, c2)), ((r2, c2), (r, c))):
                    less = ("less", *a, *b)
                    f.implies(less, ("atleast", *b, 2))
                    for d in range(2, n):
                        f.implies([less, ("atleast", *a, d)], ("atleast", *b, d + 1))
                    f.implies(less, Not(("atleast", *a, n)))
    return f


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Rules from the cached base of this size; givens and signs as assumptions, each a clue."""
    n = puzzle.size
    f.include(rules_formula(n))
    for i, d in enumerate(puzzle.givens):
        if d:
            r, c = divmod(i, n)
            f.given(("digit", r, c, d), ("given", r, c), ((r, c),), f"the {d} at r{r + 1}c{c + 1}")
    for a, b, mark, sign in _signed_pairs(puzzle):
        small, large = (a, b) if sign in "<^" else (b, a)
        f.given(("less", *small, *large), ("sign", mark, *a), (a, b),
                f"the sign r{a[0] + 1}c{a[1] + 1} {'<' if small == a else '>'} r{b[0] + 1}c{b[1] + 1}")


def fact_of(puzzle: Puzzle, key, value: bool) -> tuple[int, int, int] | None:
    """The cell fact a shown variable's value stands for: a digit placed, nothing for a digit ruled out."""
    return key[1:] if value and key[0] == "digit" else None


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The digit grid of a model."""
    n = puzzle.size
    return tuple(next((d for d in range(1, n + 1) if model[("digit", r, c, d)]), 0)
                 for r in range(n) for c in range(n))


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule of a filled grid (independent of the encoder)."""
    n = puzzle.size
    if len(solution) != n * n:
        return [Violation("shape", (), f"expected {n * n} cells, got {len(solution)}")]
    grid = [list(solution[r * n:(r + 1) * n]) for r in range(n)]
    out: list[Violation] = []
    for r in range(n):
        for c in range(n):
            if grid[r][c] not in range(1, n + 1):
                out.append(Violation("range", ((r, c),), f"{grid[r][c]!r} is not 1..{n}"))
            if puzzle.givens[r * n + c] not in (0, grid[r][c]):
                out.append(Violation("given", ((r, c),), f"the given is {puzzle.givens[r * n + c]}"))
    for i in range(n):
        for code, line in (("row", [(i, c) for c in range(n)]), ("col", [(r, i) for r in range(n)])):
            seen: dict[int, tuple[int, int]] = {}
            for r, c in line:
                if grid[r][c] in seen:
                    out.append(Violation(code, (seen[grid[r][c]], (r, c)), f"{grid[r][c]} twice"))
                seen[grid[r][c]] = (r, c)
    for r in range(n):
        for c in range(n):
            if c < n - 1 and puzzle.across[r * (n - 1) + c]:
                sign, a, b = puzzle.across[r * (n - 1) + c], grid[r][c], grid[r][c + 1]
                if not (a < b if sign == "<" else a > b):
                    out.append(Violation("sign", ((r, c), (r, c + 1)), f"{a} {sign} {b} is false"))
            if r < n - 1 and puzzle.down[r * n + c]:
                sign, a, b = puzzle.down[r * n + c], grid[r][c], grid[r + 1][c]
                if not (a < b if sign == "^" else a > b):
                    want = "smaller" if sign == "^" else "larger"
                    out.append(Violation("sign", ((r, c), (r + 1, c)), f"{a} over {b}: {sign!r} wants the upper "
                                                                       f"one {want}"))
    return out


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """Cells with their digit and role (given / solved / empty), and the signs as marks."""
    n = puzzle.size
    marks = {"h": list(puzzle.across), "v": list(puzzle.down)}
    return Board(n, n, given_cells(puzzle.givens, n, solution), {"marks": marks})


def layout() -> dict:
    """Square sizes 4..9, digits per size, and the signs between neighbours."""
    return {
        "sizes": [{"rows": n, "cols": n, "label": f"{n}×{n}"} for n in SIZES],
        "default_size": {"rows": 5, "cols": 5},
        "min_size": {"rows": SIZES[0], "cols": SIZES[0]}, "max_size": {"rows": SIZES[-1], "cols": SIZES[-1]},
        "square": True,
        "cell": {"symbols": {str(n): "123456789"[:n] for n in SIZES}, "empty": {"label": "empty", "look": "white"}},
        "marks": {"h": list(ACROSS), "v": list(DOWN),
                  "labels": {"<": "left is less than right", ">": "left is greater than right",
                             "^": "upper is less than lower", "v": "upper is greater than lower"}},
        "play": {"values": "symbols", "on": "empty", "pencil": True},
    }


def to_state(puzzle: Puzzle) -> dict:
    """The editing state of a puzzle."""
    n = puzzle.size
    return {"rows": n, "cols": n, "cells": [str(d) if d else "" for d in puzzle.givens],
            "marks": {"h": list(puzzle.across), "v": list(puzzle.down)}}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of an editing state (shape already checked), refused as `parse` refuses it."""
    refuse_rules(rules)
    n = state["rows"]
    if state["cols"] != n or n not in SIZES:
        raise PuzzleSyntaxError(f"futoshiki: {n}×{state['cols']}; sizes are 4×4 to 9×9")
    givens = []
    for i, cell in enumerate(state["cells"]):
        if cell not in ("",) + tuple("123456789"[:n]):
            raise _not_a_digit(cell, n, i // n, i % n)
        givens.append(int(cell) if cell else 0)
    marks = state.get("marks") or {}
    signs = {}
    for mark, allowed, width, (dr, dc) in (("h", ACROSS, n - 1, (0, 1)), ("v", DOWN, n, (1, 0))):
        signs[mark] = tuple(marks.get(mark) or [""] * (n * (n - 1)))
        for k, sign in enumerate(signs[mark]):
            r, c = divmod(k, width)
            if sign not in ("",) + allowed:
                raise PuzzleSyntaxError(f"the sign between r{r + 1}c{c + 1} and r{r + dr + 1}c{c + dc + 1}: "
                                        f"{excerpt(sign)} is not {' or '.join(map(repr, allowed))}",
                                        mark=mark, r=r, c=c)
    puzzle = Puzzle(n, tuple(givens), signs["h"], signs["v"])
    refuse_clashes(puzzle)
    return puzzle


def makers() -> dict:
    """The generator's makers (the contract's Maker): maker.py, a seeded Latin square's digits and signs removed."""
    from gridlogic.kinds.futoshiki import maker
    return {(): maker}


def grader(puzzle: Puzzle):
    """The human-technique grader (grading.py, on the ladder of Tatham's Unequal): every puzzle."""
    from gridlogic.kinds.futoshiki import grading
    return grading
