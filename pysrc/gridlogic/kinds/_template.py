"""<Title>: copy this file to kinds/<key>/__init__.py to add a kind, then add its line to KINDS in
`kinds/__init__.py` (docs/adding-a-genre.md has the whole checklist).

The contract it keeps is gridlogic/contract (checked when the registry loads it); keep either
encode/decode (CNF) or search (native), add the optional hooks you need (contract.Hooks: its symmetry,
its generator's makers, puz.link forms, step names...) and list every part in `__all__`. Helpers go in
modules of the kind's own folder (grid.py, text.py, steps.py, maker.py), imported here only as far as
the contract's functions need them.

Rules: state the puzzle's rules here, once, in the puzzle's own words.

Variables: name every variable family and what "true" means, e.g. `("digit", r, c, d)` is true
when cell (r, c) holds d. Say why the encoding is shaped as it is (what is cached, what is an
assumption, which variables are shown so that counting is exact).
"""

from __future__ import annotations

from dataclasses import dataclass

from gridlogic.errors import PuzzleSyntaxError
from gridlogic.cnf.formula import Formula, Model
from gridlogic.model import Board, Example, Violation

# The contract's parts (gridlogic/contract/): all this module gives the rest of gridlogic
__all__ = ["KEY", "TITLE", "RULES", "ALIASES", "NEEDS", "EXAMPLES", "parse", "parse_solution", "format", "check",
           "render", "layout", "to_state", "from_state", "encode", "decode"]

KEY = "template"                 # used in URLs, JSON and the CLI
TITLE = "Template"
RULES: tuple[str, ...] = ()      # variant rule names the kind accepts
ALIASES: dict[str, tuple[str, ...]] = {}   # other names for sets of RULES
NEEDS: tuple[str, ...] = ()      # optional packages it imports (within contract.PACKAGES)
MAX_SIDE = 30

EXAMPLES: tuple[Example, ...] = (
    # Example(name, text, rules, expected count, expected solution text): feeds menus and tests
)


@dataclass(frozen=True)
class Puzzle:
    """Everything the rules need, immutable."""

    width: int
    height: int


Solution = tuple


def parse(text: str, rules=(), **_options) -> Puzzle:
    """Read the text format; every refusal is a PuzzleSyntaxError/PuzzleRuleError saying where."""
    if not text.strip():
        raise PuzzleSyntaxError("empty input")
    raise PuzzleSyntaxError("not implemented: copy and fill in", line=1)


def parse_solution(puzzle: Puzzle, text: str) -> Solution:
    """A proposed solution in the solution text format, for `check`."""
    raise PuzzleSyntaxError("not implemented")


def format(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The canonical text of the puzzle, or of a solution when one is given."""
    return ""


def encode(puzzle: Puzzle, f: Formula) -> None:
    """Clauses over named variables; `f.show(...)` the variables that make up a solution."""


def decode(puzzle: Puzzle, model: Model) -> Solution:
    """The solution a model stands for."""
    return ()


def check(puzzle: Puzzle, solution: Solution) -> list[Violation]:
    """Every broken rule, with stable codes and cells; shares no code with `encode`."""
    return []


def render(puzzle: Puzzle, solution: Solution | None = None) -> Board:
    """A display list for the page."""
    return Board(puzzle.height, puzzle.width, ())


def layout() -> dict:
    """What the user edits, as data (schema in gridlogic/layout.py): here a grid of digits."""
    return {"sizes": [{"rows": 5, "cols": 5, "label": "5×5"}], "default_size": {"rows": 5, "cols": 5},
            "max_size": {"rows": MAX_SIDE, "cols": MAX_SIDE}, "free_size": True,
            "cell": {"symbols": "123456789", "empty": {"label": "empty"}}}


def to_state(puzzle: Puzzle) -> dict:
    """The editing state of a puzzle (from_state(to_state(p)) == p)."""
    return {"rows": puzzle.height, "cols": puzzle.width, "cells": [""] * (puzzle.width * puzzle.height)}


def from_state(state: dict, rules=()) -> Puzzle:
    """The puzzle of a state whose shape layout.read_state checked; bad contents raise located errors
    (where=r/c for a cell, edge/index for an edge field, extra for an extra field)."""
    return Puzzle(state["cols"], state["rows"])
