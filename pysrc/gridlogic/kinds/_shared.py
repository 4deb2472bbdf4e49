"""What several kinds share that is no rule family: refusing rule names where a kind has no variants,
and the cells of a board whose cells are givens or solved values.
"""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.errors import PuzzleSyntaxError, RequestError, excerpt
from gridlogic.lattice import format_point


def refuse_rules(key: str, rules) -> None:
    """A RequestError at `rules` naming the first rule given to a kind without variants."""
    names = rules.split(",") if isinstance(rules, str) else rules or ()
    named = [str(r).strip() for r in names if str(r).strip()]
    if named:
        raise RequestError(f"{key} has no rule variants (got {excerpt(named[0])})", field="rules")


def given_cells(givens: Sequence, width: int, solution: Sequence | None, empty=0) -> tuple[dict, ...]:
    """The board cells of a row-major grid of givens (`empty` where none), each with its text and role:
    given, solved (from `solution`, when one is given) or empty."""
    cells = []
    for i, g in enumerate(givens):
        value = g if g != empty else (solution[i] if solution else empty)
        role = "given" if g != empty else ("solved" if value != empty else "empty")
        cells.append({"r": i // width, "c": i % width, "text": "" if value == empty else str(value), "role": role})
    return tuple(cells)


def refuse_drawn_givens(state: dict, part: str, givens: str, drawn: str) -> None:
    """Refuse an editing state whose lattice part `part` holds marks: the player draws those in play mode.
    The message names the first: "a masyu's givens are its pearls: draw the loop in play mode (a line at
    r1c1.5)" (`givens` "a masyu's givens are its pearls", `drawn` "the loop")."""
    for name, points in ((state.get("parts") or {}).get(part) or {}).items():
        if points:
            raise PuzzleSyntaxError(f"{givens}: draw {drawn} in play mode (a {name} at {format_point(tuple(points[0]))})",
                                    part=part)
