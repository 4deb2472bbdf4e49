"""Setter helpers: where a puzzle's solutions differ and one given that would make it unique, or, for a
unique puzzle, the givens it can spare (each one alone).

Givens here are the clues that place a value in a cell: ("given", r, c) clues held by the literal of a
cell fact (`fact_of`), as sudoku, binary and futoshiki hold their digits. A kind says so with
`GIVEN_VALUES = True`; the others are refused, since their givens are not cell values (a nonogram's
line clues, a kakuro's sums, puzlogic's fixed cells beside the pieces it hands out).

Every question goes to one loaded solver under assumptions (a new one, since phases are set below):
"another solution than S" is a temporary clause over the shown variables (S differs from it in one at
least), switched off afterwards; a given dropped is an assumption left out, a given added one more.
Each pair of solutions found rules out, as a given that makes the puzzle unique, every value the two
share (both stay solutions with it), and the values not yet ruled out are the solver's preferred
phases, so its models share few of them: an empty 16×16 sudoku is settled many times faster than by
asking two questions for each of its 4,096 cell values (docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.errors import RequestError
from gridlogic.kinds import KINDS, has_setter
from gridlogic.solver import encode_within, meanings, sat_engine

Cell = tuple[int, int]
Fact = tuple[int, int, int]


def check_setter(kind: ModuleType, field: str = "setter") -> None:
    """Refuse the setter helpers for a kind whose givens are not cell values (the error names `field`)."""
    if not has_setter(kind):
        having = ", ".join(k.KEY for k in KINDS if has_setter(k))
        raise RequestError(f"{kind.TITLE} has no givens that are cell values, so no setter helpers "
                           f"({having} have)", field=field)


def helpers(kind: ModuleType, puzzle, *, engine: str | None = None, budget: Budget = UNLIMITED) -> dict:
    """For a puzzle with several solutions `differ` (the cells where two solutions differ) and
    `unique_with` ([r, c, v], a given that added leaves one solution, one on a cell of `differ` when there
    is one; None when no single given does); for a unique puzzle `redundant` (its given cells whose
    removal, each alone, keeps it unique). The fields that do not apply are None; `setter_stopped` is
    "budget" when the time ran out first (what was settled is kept: `differ`, the givens found redundant
    so far; `unique_with` None)."""
    from gridlogic.backends import sat

    check_setter(kind)
    out = {"differ": None, "unique_with": None, "redundant": None, "setter_stopped": None}
    eng = sat_engine(engine, budget)
    try:
        formula = encode_within(kind, puzzle, budget)
        placed, _ = meanings(kind, puzzle, formula)
        givens = {clue.selector: clue.key[1:3] for clue in formula.clues.values()
                  if clue.key[0] == "given" and clue.selector in placed}
        held = list(formula.assumptions)
        shown = formula.shown or list(range(1, formula.top + 1))
        with sat.questions(formula, eng, budget, new=True) as ask:     # (phases are set: not on a shared solver)
            first = ask.model(held)
            if first is None:
                return out
            second = ask.other(held, first, shown)
            if second is None:
                out["redundant"] = []
                for selector, cell in sorted(givens.items(), key=lambda item: item[1]):
                    if ask.other([x for x in held if x != selector], first, shown) is None:
                        out["redundant"].append(list(cell))
                return out
            known = {placed[x][:2] for x in held if x in placed}
            differ = _differ(placed, first, second)
            out["differ"] = [list(cell) for cell in differ]
            shared = _shared(placed, first, second)
            tries = _tries(placed, known, differ, first, second)
            for lit in tries:
                if lit in shared:
                    continue
                ask.prefer([x for x in tries if x not in shared])   # models then share what is not ruled out yet
                model = ask.model(held + [lit])
                if model is None:
                    continue
                other = ask.other(held + [lit], model, shown)
                if other is None:
                    out["unique_with"] = list(placed[lit])
                    break
                shared |= _shared(placed, model, other)
    except BudgetExceeded:
        out["setter_stopped"] = "budget"
    return out


def _shared(placed: dict[int, Fact], first: set[int], second: set[int]) -> set[int]:
    """The cell facts two models share: none of them, added as a given, leaves one solution (both
    models stay solutions), so none needs asking."""
    return {x for x in placed if x in first and x in second}


def _differ(placed: dict[int, Fact], first: set[int], second: set[int]) -> list[Cell]:
    """The cells whose value differs between two models, in reading order."""
    def values(model: set[int]) -> dict[Cell, int]:
        return {placed[x][:2]: placed[x][2] for x in placed if x in model}
    one, two = values(first), values(second)
    return sorted(cell for cell in one.keys() | two.keys() if one.get(cell) != two.get(cell))


def _tries(placed: dict[int, Fact], known: set[Cell], differ: Iterable[Cell], first: set[int],
           second: set[int]) -> list[int]:
    """The givens to try, as literals: on the cells of `differ` first, then on the other open cells in
    reading order; on each cell the first model's value, the second's, then the others."""
    by_cell: dict[Cell, list[int]] = {}
    for lit, (r, c, _) in placed.items():
        if (r, c) not in known:
            by_cell.setdefault((r, c), []).append(lit)
    differ = list(differ)
    order = differ + sorted(cell for cell in by_cell if cell not in set(differ))
    out = []
    for cell in order:
        lits = sorted(by_cell.get(cell, ()), key=lambda x: (x not in first, x not in second, placed[x][2]))
        out += lits
    return out
