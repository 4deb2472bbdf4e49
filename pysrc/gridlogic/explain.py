"""Why: the cells every solution shares, the values each cell can take, and why a puzzle has no solution.
(solver.py says how many solutions there are; this module says why; conflicts.py finds the clues that
cannot all hold; walks.py gives the next step and its reason, and a whole solve step by step; ratings.py
says how hard they are; entries.py which of the user's entries cannot be right. CNF kinds only, through
the SAT backend, each question asked of a request's session: gridlogic/session.py.)

A *cell fact* (r, c, v) is what a shown variable's value stands for (the kind's `fact_of`).
"""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from gridlogic.budget import BudgetExceeded
from gridlogic.errors import RequestError
from gridlogic.cnf.formula import Formula, Model
from gridlogic.conflicts import Conflict, conflict_of
from gridlogic.contract import is_cnf, optional
from gridlogic.reasons import Cell, Fact
from gridlogic.session import Session, encode_within

WANTS = {"facts": "list the cells every solution shares", "candidates": "list the values each cell can take",
         "explain": "say why there is no solution",
         "hint": "give a hint with its reason", "progress": "check entries",
         "entries": "hold entries apart from the puzzle"}


def check_explainable(kind: ModuleType, what: str, field: str | None = None) -> None:
    """Refuse an explanation (`what`, a key of WANTS) for a kind that cannot give it; the error names
    `field` (default: `what`, the request field that asked)."""
    if not is_cnf(kind) or (what != "explain" and optional(kind, "fact_of") is None):
        raise RequestError(f"{kind.TITLE} cannot {WANTS[what]} (only kinds solved through SAT can)",
                           field=field or what)


# -- certain cells and why there is no solution ---------------------------------------------------

def facts(session: Session) -> list[Fact] | None:
    """The cells (r, c, value) that are the same in every solution of the session's puzzle (that agrees
    with the user's entries), sorted; None when there is none."""
    from gridlogic.backends import sat

    check_explainable(session.kind, "facts")
    eng = session.sat_engine()
    verdict = optional(session.kind, "verdict")
    if verdict is not None and not session.entries:
        verdict(session.puzzle, eng, session.budget)      # kept by the kind: the formula may then be steered by it
    formula = session.formula()
    placed, _ = session.meanings()
    certain = _of_sole_solution(session, formula, placed)
    if certain is None:
        certain = sat.backbone(formula, eng, session.budget, candidates=list(placed))
    return None if certain is None else sorted({placed[lit] for lit in certain})


def _of_sole_solution(session: Session, formula: Formula, placed: dict[int, Fact]) -> list[int] | None:
    """The literals of `placed` that hold in the puzzle's one solution, when no entries are held and the
    kind's own verdict (gridlogic/contract: `verdict`) says it has one: every fact of it is then certain, read
    from one model of a formula encoded after the verdict (whose kind may steer it to that solution: `facts`
    asks the verdict before the session's formula is built, so that one serves). None
    otherwise (the backbone then decides)."""
    from gridlogic.backends import sat

    verdict = optional(session.kind, "verdict")
    if verdict is None or session.entries:
        return None
    found = verdict(session.puzzle, session.sat_engine(), session.budget)
    if found is None or len(found) != 1:
        return None
    own = formula if formula.phases else encode_within(session.kind, session.puzzle, session.budget)
    with sat.questions(own, session.sat_engine(), session.budget, new=True) as ask:
        model = ask.model(list(own.assumptions))
    if model is None:
        return None
    truth = Model(own, (v for v in model if v > 0))
    return [lit for lit in placed if truth[formula.key_of(abs(lit))] == (lit > 0)]


def candidates(session: Session) -> list[tuple[int, int, list[int]]] | None:
    """Every value each open cell (one that no given or entry places) takes in some solution of the
    session's puzzle that agrees with the user's entries: (r, c, values) in reading order, values as
    `fact_of` gives them; None when there is no solution. When the budget runs out, BudgetExceeded
    carries in `kept` the same list with the values not yet settled left in (no value is ruled out that
    a solution has), or nothing when no solution was found yet."""
    from gridlogic.backends import sat

    check_explainable(session.kind, "candidates")
    eng = session.sat_engine()
    formula = session.formula()
    placed, _ = session.meanings()
    known = known_cells(formula, placed)
    pool = [lit for lit, fact in placed.items() if fact[:2] not in known]
    try:
        with sat.questions(formula, eng, session.budget, new=True) as ask:  # (phases are set: not on a shared solver)
            possible = ask.possible(list(formula.assumptions), pool)
    except BudgetExceeded as stop:
        raise BudgetExceeded(stop.found, _by_cell(placed, stop.kept) if stop.found else ()) from None
    return None if possible is None else _by_cell(placed, possible)


def _by_cell(placed: dict[int, Fact], lits: Iterable[int]) -> list[tuple[int, int, list[int]]]:
    """Cell facts grouped by cell: (r, c, sorted values) in reading order."""
    cells: dict[Cell, set[int]] = {}
    for lit in lits:
        r, c, v = placed[lit]
        cells.setdefault((r, c), set()).add(v)
    return [(r, c, sorted(values)) for (r, c), values in sorted(cells.items())]


def explain(session: Session) -> Conflict | None:
    """A set of the clues of the session's puzzle and the user's entries that cannot all hold (no clues
    when its rules alone fail), minimal unless it says otherwise; None when the puzzle has a solution.
    Asked of the session's exact formula."""
    from gridlogic.backends import sat

    check_explainable(session.kind, "explain")
    eng = session.sat_engine()
    formula = session.formula(exact=True)
    with sat.questions(formula, eng, session.budget) as ask:
        return conflict_of(ask, formula)



def known_cells(formula: Formula, placed: dict[int, Fact]) -> set[Cell]:
    """The cells a given already places (a given digit, an entry, an earlier step)."""
    return {placed[x][:2] for x in formula.assumptions if x in placed}
