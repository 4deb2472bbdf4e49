"""New puzzles on demand: a puzzle of a kind, size and rules at exactly the difficulty asked, with one
solution, the same for the same seed on CPython and in Pyodide.

Each attempt asks the kind's maker (a module here per kind) for a candidate, a puzzle with every clue it
may hold, and reduces it (search.py, Tatham's way): clues go in orbits of the symmetry while the puzzle
keeps one solution and a solver capped at the level still solves it, and the result is kept only when
its rating, the one a hint path gives (explain.rate), is exactly the level asked. Attempts go on, drawn
from one seeded `random.Random`, until one is kept or the budget runs out. SAT answers yes/no questions
only (oracle.py), and ratings use one engine on a new solver, so the puzzle depends on the request and
the seed alone. Number cross is not generated (its clues are arithmetic properties, not CNF).

Levels are the rating's: easy, medium, hard, fiendish (default easy). For plain sudoku they are Sudoku
Explainer's bands (easy ≤ 1.5, medium ≤ 2.5, hard ≤ 6.0, fiendish above) through the kind's grader; for
the other kinds, and variant sudoku, the walk's (explain.RATINGS: the largest reason of its steps).
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from types import ModuleType

from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.errors import RequestError
from gridlogic.generate import binary, futoshiki, kakuro, nonogram, puzlogic, seeds, sudoku
from gridlogic.generate.orbits import SQUARE_ONLY, SYMMETRIES
from gridlogic.generate.search import LEVELS, attempt

MAKERS: dict[str, ModuleType] = {"sudoku": sudoku, "binary": binary, "futoshiki": futoshiki, "kakuro": kakuro,
                                 "puzlogic": puzlogic, "nonogram": nonogram}
DEFAULT_LEVEL = "easy"
REPORT_EVERY = 1                  # attempts between two progress reports


def maker_of(kind: ModuleType) -> ModuleType:
    """The maker of a kind, or a RequestError naming `kind` (number cross is out of scope)."""
    maker = MAKERS.get(kind.KEY)
    if maker is None:
        raise RequestError(f"{kind.TITLE} puzzles are not generated (generated kinds: {', '.join(MAKERS)})",
                           field="kind")
    return maker


def read_date(text: str) -> datetime.date:
    """A daily puzzle's date, YYYY-MM-DD, or a RequestError naming `daily`."""
    try:
        if len(text) != 10:
            raise ValueError
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise RequestError(f"'daily' must be a date YYYY-MM-DD (got {text[:20]!r})", field="daily") from None


def settle(kind: ModuleType, rows: int | None, cols: int | None, difficulty: str | None,
           symmetry: str | None) -> tuple[int, int, str, str]:
    """The size (default: the maker's, square), level and symmetry of a request, each refused with a
    RequestError naming its field when the kind cannot make it."""
    maker = maker_of(kind)
    rows = rows or cols or maker.DEFAULT
    cols = cols or rows
    maker.check_size(rows, cols)
    level = difficulty or DEFAULT_LEVEL
    if level not in LEVELS:
        raise RequestError(f"'difficulty' must be one of {', '.join(LEVELS)} (got {level[:20]!r})", field="difficulty")
    reachable = maker.levels(rows, cols)
    if level not in reachable:
        raise RequestError(f"a {rows}×{cols} {kind.KEY} cannot be {level}: it reaches {', '.join(reachable)}",
                           field="difficulty")
    symmetry = symmetry or "none"
    if symmetry not in SYMMETRIES:
        raise RequestError(f"'symmetry' must be one of {', '.join(SYMMETRIES)} (got {symmetry[:20]!r})",
                           field="symmetry")
    if symmetry not in maker.SYMMETRIES:
        raise RequestError(f"{kind.KEY} is generated with symmetry {', '.join(maker.SYMMETRIES)}, not {symmetry}",
                           field="symmetry")
    if symmetry in SQUARE_ONLY and rows != cols:
        raise RequestError(f"symmetry {symmetry} needs a square grid (got {rows}×{cols})", field="symmetry")
    return rows, cols, level, symmetry


def generate(kind: ModuleType, *, rows: int | None = None, cols: int | None = None, rules: tuple[str, ...] = (),
             difficulty: str | None = None, symmetry: str | None = None, minimal: bool = False,
             seed: int | None = None, daily: str | None = None, budget: Budget = UNLIMITED,
             progress: Callable[[dict], None] | None = None) -> dict:
    """A new puzzle: {status "generated", kind, text, state, rules, difficulty (the hint path's), seed,
    tried}, or {status "unknown", stopped "budget", tried, seed} when the budget runs out first."""
    rows, cols, level, symmetry = settle(kind, rows, cols, difficulty, symmetry)
    maker = maker_of(kind)
    if seed is not None and daily is not None:
        raise RequestError("'seed' and 'daily' cannot both be given (a daily puzzle's seed comes from its date)",
                           field="daily")
    if daily is not None:
        seed = seeds.daily_seed(kind.KEY, rows, cols, rules, level, symmetry, minimal, read_date(daily))
    elif seed is None:
        seed = seeds.random_seed()
    rng = random.Random(seed)
    tried = 0
    try:
        while True:
            budget.check()
            tried += 1
            if progress is not None and tried % REPORT_EVERY == 0:
                progress({"tried": tried})
            candidate = maker.candidate(rows, cols, rules, symmetry, rng, budget)
            if candidate is None:
                continue
            found = attempt(kind, candidate, level, symmetry, minimal, rows, cols, rng, budget)
            if found is not None:
                break
    except BudgetExceeded:
        return {"status": "unknown", "stopped": "budget", "tried": tried, "seed": seed}
    return {"status": "generated", "kind": kind.KEY, "text": kind.format(found.puzzle),
            "state": kind.to_state(found.puzzle), "rules": list(rules), "difficulty": found.rating.difficulty,
            "seed": seed, "tried": tried}
