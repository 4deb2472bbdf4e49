"""New puzzles on demand: a puzzle of a kind, size and rules at exactly the difficulty asked, with one
solution, the same for the same seed on CPython and in Pyodide.

Each attempt asks the kind's maker (kinds/<key>/maker.py, handed over by the kind's `makers` hook and
checked against gridlogic/contract's `Maker` when first asked for) for a candidate, a puzzle with every
clue it may hold, and reduces it (search.py, Tatham's way): clues go in orbits of the symmetry while the
puzzle keeps one solution and a solver capped at the level still solves it, and the result is kept only
when its rating, the one a hint path gives (walks.rate), is exactly the level asked. Attempts go on,
drawn from one seeded `random.Random`, until one is kept or the budget runs out. SAT answers yes/no
questions only (oracle.py), and ratings take their reasons as first cores (walks.py), which yes/no
answers decide too, so the puzzle depends on the request and the seed alone, not on the engine's build
(except under a kind's SPARSE_HARD_RULES: see reasons.first_cores_slow). A kind without makers is not
generated.

Levels are the rating's: easy, medium, hard, fiendish (default easy): a kind's grader's bands where it
has one for the puzzle (ratings.grader_of), else the walk's (ratings.RATINGS: the largest reason of its
steps).

Constraint families (`constraints`, apart from `rules`: a rule holds everywhere, a family is clues drawn
on the grid) are cut from the solution by a maker of their own, listed under the families' names in the
kind's `makers`.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from types import ModuleType

from gridlogic.budget import UNLIMITED, Budget, BudgetExceeded
from gridlogic.errors import RequestError
from gridlogic.generate import seeds
from gridlogic.generate.orbits import SQUARE_ONLY, SYMMETRIES
from gridlogic.generate.search import LEVELS, attempt
from gridlogic.contract import layout_of, optional
from gridlogic.contract.checks import check_maker

DEFAULT_LEVEL = "easy"
REPORT_EVERY = 1                  # attempts between two progress reports


_MAKERS: dict[str, dict[tuple[str, ...], ModuleType]] = {}


def makers_of(kind: ModuleType) -> dict[tuple[str, ...], ModuleType]:
    """A kind's makers (its `makers` hook: constraint families, sorted names, () for plain puzzles -> maker
    module), each held to the contract when first read; {} for a kind that is not generated."""
    if kind.KEY not in _MAKERS:
        hook = optional(kind, "makers")
        makers = dict(hook()) if hook is not None else {}
        for families, maker in makers.items():
            check_maker(kind, families, maker, LEVELS, SYMMETRIES)
        _MAKERS[kind.KEY] = makers
    return _MAKERS[kind.KEY]


def maker_of(kind: ModuleType, families: tuple[str, ...] = ()) -> ModuleType:
    """The maker of a kind (with constraint `families`: the one that cuts them), or a RequestError naming
    `kind` (a kind without makers) or `constraints`."""
    makers = makers_of(kind)
    if () not in makers:
        raise RequestError(f"{kind.TITLE} puzzles are not generated", field="kind")
    if not families:
        return makers[()]
    offered = [names for names in makers if names]
    found = makers.get(tuple(sorted(set(families))))
    if found is None:
        offer = f"it is generated with {' or '.join(', '.join(n) for n in offered)}" if offered \
            else "it is generated without them"
        raise RequestError(f"{kind.KEY} is not generated with constraints {', '.join(families)[:60]} ({offer})",
                           field="constraints")
    return found


def offered(maker: ModuleType, rows: int, cols: int) -> tuple[str, ...]:
    """The levels the page offers at a size: those the maker reaches there and declares made in time
    (its OFFERED: level -> the sides, the larger of rows and cols). The API may still ask for any level
    `levels` gives."""
    return tuple(level for level in maker.levels(rows, cols) if max(rows, cols) in maker.OFFERED.get(level, ()))


def options(kind: ModuleType) -> dict | None:
    """What the page's "New puzzle" control offers for a kind: its default size, the symmetries, and the
    levels `offered` at each of the kind's layout sizes the generator makes ([rows, cols, levels]; a size
    with none is left out), and the same for each family of constraints it can draw (`families`:
    {constraints, label, ...}); None for a kind that is not generated."""
    makers = makers_of(kind)
    if () not in makers:
        return None

    def offer(maker: ModuleType) -> dict:
        sizes = []
        for size in layout_of(kind).get("sizes", ()):
            try:
                maker.check_size(size["rows"], size["cols"])
            except RequestError:
                continue
            levels = offered(maker, size["rows"], size["cols"])
            if levels:
                sizes.append([size["rows"], size["cols"], list(levels)])
        return {"default_size": {"rows": maker.DEFAULT, "cols": maker.DEFAULT}, "symmetries": list(maker.SYMMETRIES),
                "sizes": sizes}
    families = [{"constraints": list(names), "label": found.LABEL, **offer(found)}
                for names, found in makers.items() if names]
    return {**offer(makers[()]), **({"families": families} if families else {})}


def read_date(text: str) -> datetime.date:
    """A daily puzzle's date, YYYY-MM-DD, or a RequestError naming `daily`."""
    try:
        if len(text) != 10:
            raise ValueError
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise RequestError(f"'daily' must be a date YYYY-MM-DD (got {text[:20]!r})", field="daily") from None


def settle(kind: ModuleType, rows: int | None, cols: int | None, difficulty: str | None,
           symmetry: str | None, families: tuple[str, ...] = ()) -> tuple[int, int, str, str]:
    """The size (default: the maker's, square), level and symmetry of a request, each refused with a
    RequestError naming its field when the kind (with those constraint families) cannot make it."""
    maker = maker_of(kind, families)
    rows = rows or cols or maker.DEFAULT
    cols = cols or rows
    maker.check_size(rows, cols)
    level = difficulty or DEFAULT_LEVEL
    if level not in LEVELS:
        raise RequestError(f"'difficulty' must be one of {', '.join(LEVELS)} (got {level[:20]!r})", field="difficulty")
    reachable = maker.levels(rows, cols)
    if level not in reachable:
        what = f"{kind.KEY} with {', '.join(families)}" if families else kind.KEY
        raise RequestError(f"a {rows}×{cols} {what} cannot be {level}: it reaches {', '.join(reachable)}",
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
             constraints: tuple[str, ...] = (), difficulty: str | None = None, symmetry: str | None = None,
             minimal: bool = False, seed: int | None = None, daily: str | None = None, budget: Budget = UNLIMITED,
             progress: Callable[[dict], None] | None = None) -> dict:
    """A new puzzle: {status "generated", kind, text, state, rules, constraints (the families asked),
    difficulty (the hint path's), seed, tried}, or {status "unknown", stopped "budget", tried, seed} when
    the budget runs out first. `constraints` names constraint families to draw (see `options`)."""
    families = tuple(dict.fromkeys(name.lower() for name in constraints))
    rows, cols, level, symmetry = settle(kind, rows, cols, difficulty, symmetry, families)
    maker = maker_of(kind, families)
    if seed is not None and daily is not None:
        raise RequestError("'seed' and 'daily' cannot both be given (a daily puzzle's seed comes from its date)",
                           field="daily")
    if daily is not None:
        seed = seeds.daily_seed(kind.KEY, rows, cols, rules, level, symmetry, minimal, read_date(daily),
                                families)
    elif seed is None:
        seed = seeds.random_seed()
    rng = random.Random(seeds.stream(seed, level))
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
            try:
                found = attempt(kind, candidate, level, symmetry, minimal, rows, cols, rng, budget)
            finally:
                if candidate.close is not None:
                    candidate.close()
            if found is not None:
                break
    except BudgetExceeded:
        return {"status": "unknown", "stopped": "budget", "tried": tried, "seed": seed}
    return {"status": "generated", "kind": kind.KEY, "text": kind.format(found.puzzle),
            "state": kind.to_state(found.puzzle), "rules": list(rules), "constraints": list(families),
            "difficulty": found.rating.difficulty,
            "seed": seed, "tried": tried}
