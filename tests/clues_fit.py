"""Checks every CNF kind's clues and facts must pass (used by the per-kind tests).

A clue may be named by an explanation, so each must sit on the board with a label; switching one
off (dropping its selector from the assumptions) may only widen the puzzle; and `fact_of` must
read every shown variable of a solution as a cell fact that the solution's own text agrees with.
"""

from __future__ import annotations

from gridlogic import session
from gridlogic.backends.sat import enumerate_models


def clue_problems(kind, puzzle, rows: int, cols: int) -> list[str]:
    """Every clue with an empty label, a cell off the R×C grid, or a selector not assumed."""
    f = session.encode(kind, puzzle)
    out = []
    for key, clue in f.clues.items():
        if not clue.label.strip():
            out.append(f"{key}: empty label")
        out += [f"{key}: cell {cell} off the grid" for cell in clue.cells
                if not (0 <= cell[0] < rows and 0 <= cell[1] < cols)]
        if clue.selector not in f.assumptions:
            out.append(f"{key}: selector not assumed")
    return out


def count(f, limit: int = 200) -> int:
    """How many solutions a formula has, up to `limit`."""
    return enumerate_models(f, limit, keep=0)[1]


def count_without(kind, puzzle, key, limit: int = 200) -> int:
    """How many solutions the puzzle has with one clue switched off, up to `limit` (counted with full
    blocking clauses: the fixed-weight promise is about the whole puzzle, and a puzlogic picture
    without its pieces may leave cells empty)."""
    f = session.encode(kind, puzzle, exact_clues=True)
    f.fixed_weight = False
    selector = f.clues[key].selector
    f.assumptions = [a for a in f.assumptions if a != selector]
    if f.key_of(abs(selector)) == ("clue", key):          # a guarding selector: off is also sound
        f.assumptions.append(-selector)
    return count(f, limit)


def facts_of_models(kind, puzzle, limit: int = 5) -> list[tuple[object, set]]:
    """Per solution (up to `limit`): the solution and the cell facts of its shown variables."""
    f = session.encode(kind, puzzle)
    models = enumerate_models(f, limit)[0]
    out = []
    for model in models:
        facts = set()
        for var in f.shown:
            fact = kind.fact_of(puzzle, f.key_of(var), model[f.key_of(var)])
            if fact is not None:
                facts.add(fact)
        out.append((kind.decode(puzzle, model), facts))
    return out

