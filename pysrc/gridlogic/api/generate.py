"""The `generate` op: a new puzzle of a kind (see gridlogic/generate)."""

from __future__ import annotations

from collections.abc import Callable

from gridlogic.budget import Budget
from gridlogic.contract import optional
from gridlogic.errors import RequestError
from gridlogic.kinds import KINDS


def op_generate(clean: dict, progress: Callable[[dict], None] | None = None) -> dict:
    """A new puzzle of a kind, size (`rows`, `cols`), `rules`, `constraints` (families of clues drawn
    on the grid: sudoku takes ["killer"], cages summed over the whole grid), `difficulty`, `symmetry`
    (a name) and `minimal`ity, from `seed` or the `daily` date (see gridlogic/generate): {status
    "generated", kind, text, state, rules, constraints, difficulty (as a hint path gives it), seed,
    tried}, or status "unknown" with `stopped` "budget"; progress gets {"tried": n} now and then."""
    from gridlogic import generate

    kind = clean["kind"]
    if not generate.makers_of(kind):
        generated = ", ".join(k.KEY for k in KINDS if optional(k, "makers") is not None)
        raise RequestError(f"{kind.TITLE} puzzles are not generated (generated kinds: {generated})", field="kind")
    symmetry = clean["symmetry"]
    if isinstance(symmetry, bool):
        if symmetry:
            raise RequestError(f"'symmetry' of generate names one: {', '.join(generate.SYMMETRIES)}", field="symmetry")
        symmetry = None
    return generate.generate(kind, rows=clean["rows"], cols=clean["cols"], rules=clean["rules"],
                             constraints=clean["constraints"], difficulty=clean["difficulty"], symmetry=symmetry,
                             minimal=clean["minimal"],
                             seed=clean["seed"], daily=clean["daily"], budget=Budget(clean["budget_ms"]),
                             progress=progress)
